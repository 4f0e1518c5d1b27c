#!/bin/bash
IMAGE="psyb0t/qwenspeak"
INSTALL_PATH="/usr/local/bin/qwenspeak"

# Resolve the real user when running under sudo
if [ -n "$SUDO_USER" ]; then
    REAL_HOME=$(getent passwd "$SUDO_USER" | cut -d: -f6)
    REAL_UID="$SUDO_UID"
    REAL_GID="$SUDO_GID"
else
    REAL_HOME="$HOME"
    REAL_UID=$(id -u)
    REAL_GID=$(id -g)
fi

QWENSPEAK_HOME="$REAL_HOME/.qwenspeak"

mkdir -p "$QWENSPEAK_HOME/work" "$QWENSPEAK_HOME/host_keys" "$QWENSPEAK_HOME/models" "$QWENSPEAK_HOME/logs"
touch "$QWENSPEAK_HOME/authorized_keys"

if [ ! -f "$QWENSPEAK_HOME/.env" ]; then
    cat > "$QWENSPEAK_HOME/.env" << ENVEOF
QWENSPEAK_PORT=2222
QWENSPEAK_MODELS_DIR=$QWENSPEAK_HOME/models
QWENSPEAK_LOGS_DIR=$QWENSPEAK_HOME/logs
QWENSPEAK_LOG_RETENTION=7d
QWENSPEAK_MAX_QUEUE=50
QWENSPEAK_PROCESSING_UNIT=cpu
QWENSPEAK_GPUS=all
QWENSPEAK_CPUS=0
QWENSPEAK_MEMORY=0
QWENSPEAK_SWAP=0
ENVEOF
fi

cat > "$QWENSPEAK_HOME/docker-compose.yml" << EOF
services:
  qwenspeak:
    image: ${IMAGE}
    ports:
      - "\${QWENSPEAK_PORT:-2222}:22"
    environment:
      - LOCKBOX_UID=${REAL_UID}
      - LOCKBOX_GID=${REAL_GID}
      - TTS_LOG_RETENTION=\${QWENSPEAK_LOG_RETENTION:-7d}
      - TTS_MAX_QUEUE=\${QWENSPEAK_MAX_QUEUE:-50}
      - PROCESSING_UNIT=\${QWENSPEAK_PROCESSING_UNIT:-cpu}
    volumes:
      - ./authorized_keys:/etc/lockbox/authorized_keys:ro
      - ./host_keys:/etc/lockbox/host_keys
      - ./work:/work
      - \${QWENSPEAK_MODELS_DIR:-./models}:/models:ro
      - \${QWENSPEAK_LOGS_DIR:-./logs}:/var/log/tts
    cpus: \${QWENSPEAK_CPUS:-0}
    mem_limit: \${QWENSPEAK_MEMORY:-0}
    memswap_limit: \${QWENSPEAK_MEMSWAP:-0}
    restart: unless-stopped
EOF

cat > "$QWENSPEAK_HOME/docker-compose.cuda.yml" << EOF
services:
  qwenspeak:
    environment:
      - NVIDIA_VISIBLE_DEVICES=\${QWENSPEAK_GPUS:-all}
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              capabilities: [gpu]
EOF

cat > "$QWENSPEAK_HOME/docker-compose.rocm.yml" << EOF
services:
  qwenspeak:
    environment:
      - HIP_VISIBLE_DEVICES=\${QWENSPEAK_GPUS:-all}
    devices:
      - /dev/kfd:/dev/kfd
      - /dev/dri:/dev/dri
    group_add:
      - video
      - render
EOF

cat > "$INSTALL_PATH" << 'SCRIPT'
#!/bin/bash
{

QWENSPEAK_HOME="__QWENSPEAK_HOME__"
ENV_FILE="$QWENSPEAK_HOME/.env"

compose() {
    . "$ENV_FILE"
    local overlay=""
    case "${QWENSPEAK_PROCESSING_UNIT:-cpu}" in
        cuda*) overlay="-f $QWENSPEAK_HOME/docker-compose.cuda.yml" ;;
        rocm*) overlay="-f $QWENSPEAK_HOME/docker-compose.rocm.yml" ;;
    esac
    docker compose --env-file "$ENV_FILE" -f "$QWENSPEAK_HOME/docker-compose.yml" $overlay "$@"
}

set_env() {
    local key="$1" val="$2"
    sed -i "/^${key}=/d" "$ENV_FILE"
    echo "${key}=${val}" >> "$ENV_FILE"
}

# Convert size string (e.g. 4g, 512m) to bytes
to_bytes() {
    local val="$1"
    if [ "$val" = "0" ]; then echo 0; return; fi
    local num="${val%[bBkKmMgG]*}"
    local unit="${val##*[0-9.]}"
    case "${unit,,}" in
        g) echo $(( ${num%.*} * 1073741824 )) ;;
        m) echo $(( ${num%.*} * 1048576 )) ;;
        k) echo $(( ${num%.*} * 1024 )) ;;
        *) echo "$num" ;;
    esac
}

# Compute memswap (Docker's memswap_limit = ram + swap)
compute_memswap() {
    . "$ENV_FILE"
    local mem="$QWENSPEAK_MEMORY"
    local swap="$QWENSPEAK_SWAP"

    if [ "$mem" = "0" ] || [ -z "$mem" ]; then
        set_env QWENSPEAK_MEMSWAP 0
        return
    fi

    if [ "$swap" = "0" ] || [ -z "$swap" ]; then
        set_env QWENSPEAK_MEMSWAP "$mem"
        return
    fi

    local mem_bytes swap_bytes total
    mem_bytes=$(to_bytes "$mem")
    swap_bytes=$(to_bytes "$swap")
    total=$(( mem_bytes + swap_bytes ))

    set_env QWENSPEAK_MEMSWAP "$total"
}

usage() {
    echo "Usage: qwenspeak <command>"
    echo ""
    echo "Commands:"
    echo "  start [-d] [--port PORT] [-m MODELS_DIR] [-l LOGS_DIR] [--log-retention LOG_RETENTION] [--max-queue MAX_QUEUE] [--processing-unit UNIT] [--gpus GPUS] [--cpus CPUS] [--memory MEMORY] [--swap SWAP]"
    echo "                        Start qwenspeak (-d for detached)"
    echo "                        -m  Models directory"
    echo "                        -l  Logs directory"
    echo "                        --log-retention  Log retention duration (e.g. 7d, 24h, 1w)"
    echo "                        --max-queue  Maximum queued TTS jobs"
    echo "                        --processing-unit  Processing unit (cpu, cuda, rocm)"
    echo "                        --gpus  GPUs to expose (all, 0, 0,1, etc.)"
    echo "                        --cpus  CPU limit (e.g. 4, 0.5) - 0 = unlimited"
    echo "                        --memory  RAM limit (e.g. 4g, 512m) - 0 = unlimited"
    echo "                        --swap  Swap limit (e.g. 2g, 512m) - 0 = no swap"
    echo "  stop                  Stop qwenspeak"
    echo "  upgrade               Pull latest image and restart if needed"
    echo "  uninstall             Stop qwenspeak and remove everything"
    echo "  status                Show container status"
    echo "  logs                  Show container logs (pass extra args to docker compose logs)"
}

case "${1:-}" in
    start)
        shift
        DETACHED=false
        while [ $# -gt 0 ]; do
            case "$1" in
                -d) DETACHED=true ;;
                --port) shift; set_env QWENSPEAK_PORT "$1" ;;
                -m) shift; set_env QWENSPEAK_MODELS_DIR "$1" ;;
                -l) shift; set_env QWENSPEAK_LOGS_DIR "$1" ;;
                --log-retention) shift; set_env QWENSPEAK_LOG_RETENTION "$1" ;;
                --max-queue) shift; set_env QWENSPEAK_MAX_QUEUE "$1" ;;
                --processing-unit) shift; set_env QWENSPEAK_PROCESSING_UNIT "$1" ;;
                --gpus) shift; set_env QWENSPEAK_GPUS "$1" ;;
                --cpus) shift; set_env QWENSPEAK_CPUS "$1" ;;
                --memory) shift; set_env QWENSPEAK_MEMORY "$1" ;;
                --swap) shift; set_env QWENSPEAK_SWAP "$1" ;;
            esac
            shift
        done

        if compose ps --status running 2>/dev/null | grep -q qwenspeak; then
            read -rp "qwenspeak is already running. Recreate? [y/N] " answer
            if [ "$answer" != "y" ] && [ "$answer" != "Y" ]; then
                exit 0
            fi
        fi

        compute_memswap

        COMPOSE_ARGS="up --force-recreate"
        if [ "$DETACHED" = true ]; then
            COMPOSE_ARGS="up --force-recreate -d"
        fi

        compose $COMPOSE_ARGS
        ;;
    stop)
        compose down
        ;;
    upgrade)
        WAS_RUNNING=false
        if compose ps --status running 2>/dev/null | grep -q qwenspeak; then
            WAS_RUNNING=true
            read -rp "qwenspeak is running. Stop it to upgrade? [y/N] " answer
            if [ "$answer" != "y" ] && [ "$answer" != "Y" ]; then
                echo "Upgrade cancelled"
                exit 0
            fi
            compose down
        fi

        sudo -v
        echo "Updating qwenspeak..."
        curl -fsSL https://raw.githubusercontent.com/psyb0t/docker-qwenspeak/main/install.sh | sudo bash
        echo "Upgrade complete"

        if [ "$WAS_RUNNING" = true ]; then
            read -rp "Start qwenspeak again? [y/N] " answer
            if [ "$answer" != "y" ] && [ "$answer" != "Y" ]; then
                exit 0
            fi
            compose up -d
        fi
        ;;
    uninstall)
        read -rp "Uninstall qwenspeak? [y/N] " answer
        if [ "$answer" != "y" ] && [ "$answer" != "Y" ]; then
            exit 0
        fi

        compose down 2>/dev/null
        rm -f "$0"

        read -rp "Remove $QWENSPEAK_HOME? This deletes all data including work files. [y/N] " answer
        if [ "$answer" = "y" ] || [ "$answer" = "Y" ]; then
            rm -rf "$QWENSPEAK_HOME"
        fi

        echo "qwenspeak uninstalled"
        ;;

    status)
        compose ps
        ;;
    logs)
        shift
        compose logs "$@"
        ;;
    *)
        usage
        ;;
esac

exit
}
SCRIPT

sed -i "s|__QWENSPEAK_HOME__|$QWENSPEAK_HOME|g" "$INSTALL_PATH"
chmod +x "$INSTALL_PATH"

chown -R "$REAL_UID:$REAL_GID" "$QWENSPEAK_HOME"

docker pull "$IMAGE"

echo ""
echo "qwenspeak installed!"
echo ""
echo "  Command:         $INSTALL_PATH"
echo "  Authorized keys: $QWENSPEAK_HOME/authorized_keys"
echo "  Work directory:  $QWENSPEAK_HOME/work"
echo "  Models directory: $QWENSPEAK_HOME/models/"
echo "  Logs directory:  $QWENSPEAK_HOME/logs/"
echo ""
echo "Add your SSH public key(s) to the authorized_keys file and run:"
echo ""
echo "  qwenspeak start -d"
echo ""
