#!/usr/bin/env bash
###############################################################################
# Copyright (c) 2026 Advanced Micro Devices, Inc. All rights reserved.
#
# See LICENSE for license information.
###############################################################################

set -euo pipefail

# ---------------------------------------------------------------------------
# Start an inference-server Docker container, install pi + TraceLens inside it,
# configure pi from /v1/models, and run Analysis evals with --pi.
#
# Usage:
#   bash run_pi_analysis_in_docker.sh <tracelens_root> [both|standalone|comparative] [options] -- <server-cmd...>
#
# Arguments after -- are the full command used to start the inference server
# (executable plus flags). They are passed to the shell unchanged.
#
# Examples:
#   bash run_pi_analysis_in_docker.sh /data/tracelens_local_testing/tracelens -- \
#     <server-cmd> Qwen/Qwen3.6-35B-A3B --port 30000 --tensor-parallel-size 8
#
#   TEST_IDS="gemm_01" NUM_REPEATS=1 \   # prefix ok: matches gemm_01_compute_few_tiles
#     bash run_pi_analysis_in_docker.sh /data/tracelens_local_testing/tracelens standalone -- \
#     <server-cmd> MiniMaxAI/MiniMax-M3 --port 30000
#
# Options:
#   --docker-image IMAGE   Inference server image
#   --container-name NAME  Docker container name (default: tracelens_pi_evals)
#   --work-dir DIR         Host directory mounted at /workspace (default: <parent>)
#   --hf-cache-dir DIR     Host HuggingFace cache mounted at /root/.cache/huggingface
#   --hf-cache-chown       chown HF cache mount to caller UID/GID on exit (default: off)
#   --port PORT            API port when not set in server args (default: 30000)
#   -h, --help             Show help
#
# Environment:
#   DOCKER_IMAGE             Same as --docker-image
#   CONTAINER_NAME           Same as --container-name
#   WORK_DIR                 Host dir mounted at /workspace (default: parent of tracelens_root)
#   HF_CACHE_DIR             Host HuggingFace cache dir (same as --hf-cache-dir)
#   HF_CACHE_CHOWN=1         chown HF cache mount to caller UID/GID on exit (default: off)
#   PORT                     API port (default: 30000; overridden by server --port)
#   READY_TIMEOUT            Seconds to wait for http://localhost:<port>/v1/models (default: 1800)
#   DOCKER_RUN_ARGS          Extra whitespace-separated docker run arguments
#   PI_NPM_PACKAGE           npm package for pi (default: @earendil-works/pi-coding-agent)
#   SKIP_EVAL=1              Set up server + pi + TraceLens only; skip eval harness
#   SKIP_SERVER=1            Skip inference server (npm/pi/TraceLens setup only)
#   TEST_IDS, NUM_REPEATS, … Harness env vars passed to run_repeatability_parallel.sh
# ---------------------------------------------------------------------------

DOCKER_IMAGE="${DOCKER_IMAGE:-vllm/vllm-openai-rocm:nightly}"
CONTAINER_NAME="${CONTAINER_NAME:-tracelens_pi_evals}"
HF_CACHE_DIR="${HF_CACHE_DIR:-}"
HF_CACHE_CHOWN="${HF_CACHE_CHOWN:-0}"
CONTAINER_HF_HOME="/root/.cache/huggingface"
PORT="${PORT:-30000}"
READY_TIMEOUT="${READY_TIMEOUT:-1800}"
SKIP_EVAL="${SKIP_EVAL:-0}"
SKIP_SERVER="${SKIP_SERVER:-0}"

DEFAULT_DOCKER_RUN_ARGS=(
    --device /dev/dri
    --device /dev/kfd
    --device /dev/infiniband
    --network host
    --ipc host
    --group-add video
    --cap-add SYS_PTRACE
    --security-opt seccomp=unconfined
    --privileged
    --shm-size 128G
)

usage() {
    cat <<EOF
Usage: bash run_pi_analysis_in_docker.sh <tracelens_root> [both|standalone|comparative] [options] -- <server-cmd...>

  tracelens_root         TraceLens repo on the host (correct branch already checked out)
  both|standalone|comparative   Harness comparison scope (default: both)

Options:
  --docker-image IMAGE   Inference server Docker image (default: $DOCKER_IMAGE)
  --container-name NAME  Docker container name (default: tracelens_pi_evals)
  --work-dir DIR         Host directory mounted at /workspace (default: <parent>)
  --hf-cache-dir DIR     Host HuggingFace cache mounted at /root/.cache/huggingface
  --hf-cache-chown       chown HF cache mount to caller UID/GID on exit (default: off)
  --port PORT            API port when not set in server args (default: 30000)
  --setup-only           Install npm, pi, and TraceLens only; skip server and evals
  -h, --help             Show this help

  Arguments after -- are the full inference-server command (executable plus flags).
  Not required with --setup-only (or SKIP_SERVER=1).

Environment:
  PORT                     API port (default: 30000)
  HF_CACHE_DIR             Host HuggingFace cache dir (same as --hf-cache-dir)
  HF_CACHE_CHOWN=1         chown HF cache mount to caller UID/GID on exit (default: off)
  READY_TIMEOUT            Seconds to wait for /v1/models (default: 1800)
  DOCKER_RUN_ARGS          Extra arguments appended to docker run
  PI_NPM_PACKAGE           npm package for pi (default: @earendil-works/pi-coding-agent)
  SKIP_EVAL=1              Set up server + pi + TraceLens only; skip eval harness
  SKIP_SERVER=1            Skip inference server startup and models.json discovery

Example:
  bash run_pi_analysis_in_docker.sh /data/tracelens_local_testing/tracelens -- \\
    <server-cmd> Qwen/Qwen3.6-35B-A3B --port 30000 --tensor-parallel-size 8
EOF
}

die() {
    echo "ERROR: $*" >&2
    exit 1
}

TRACELENS_ROOT=""
COMPARISON_SCOPE="${COMPARISON_SCOPE:-both}"
SERVER_ARGS=()

while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help)
            usage
            exit 0
            ;;
        --docker-image)
            [[ $# -ge 2 ]] || die "--docker-image requires a value"
            DOCKER_IMAGE="$2"
            shift 2
            ;;
        --container-name)
            [[ $# -ge 2 ]] || die "--container-name requires a value"
            CONTAINER_NAME="$2"
            shift 2
            ;;
        --work-dir)
            [[ $# -ge 2 ]] || die "--work-dir requires a value"
            WORK_DIR="$2"
            shift 2
            ;;
        --hf-cache-dir)
            [[ $# -ge 2 ]] || die "--hf-cache-dir requires a value"
            HF_CACHE_DIR="$2"
            shift 2
            ;;
        --hf-cache-chown)
            HF_CACHE_CHOWN=1
            shift
            ;;
        --port)
            [[ $# -ge 2 ]] || die "--port requires a value"
            PORT="$2"
            shift 2
            ;;
        --setup-only)
            SKIP_SERVER=1
            SKIP_EVAL=1
            shift
            ;;
        both|standalone|comparative)
            COMPARISON_SCOPE="$1"
            shift
            ;;
        --)
            shift
            SERVER_ARGS=("$@")
            break
            ;;
        -*)
            die "Unknown option: $1"
            ;;
        *)
            if [[ -z "$TRACELENS_ROOT" ]]; then
                TRACELENS_ROOT="$1"
                shift
            else
                die "Unexpected argument: $1 (use -- before server command arguments)"
            fi
            ;;
    esac
done

if [[ "${SKIP_SERVER:-}" == "1" || "${SKIP_SERVER:-}" == "true" ]]; then
    SKIP_SERVER=1
else
    SKIP_SERVER=0
fi

if [[ "${HF_CACHE_CHOWN:-}" == "1" || "${HF_CACHE_CHOWN:-}" == "true" ]]; then
    HF_CACHE_CHOWN=1
else
    HF_CACHE_CHOWN=0
fi

if [[ -z "$TRACELENS_ROOT" ]]; then
    usage >&2
    die "tracelens_root is required"
fi

if [[ "$SKIP_SERVER" != "1" && ${#SERVER_ARGS[@]} -eq 0 ]]; then
    die "inference server command is required after -- (or use --setup-only)"
fi

if [[ ! -d "$TRACELENS_ROOT" ]]; then
    die "TraceLens root not found: $TRACELENS_ROOT"
fi

if [[ "$COMPARISON_SCOPE" != "both" && "$COMPARISON_SCOPE" != "standalone" && "$COMPARISON_SCOPE" != "comparative" ]]; then
    die "Unknown comparison scope '$COMPARISON_SCOPE'. Use 'both', 'standalone', or 'comparative'."
fi

TRACELENS_ROOT="$(cd "$TRACELENS_ROOT" && pwd)"
REPO_BASENAME="$(basename "$TRACELENS_ROOT")"
WORK_DIR="${WORK_DIR:-$(dirname "$TRACELENS_ROOT")}"
WORK_DIR="$(cd "$WORK_DIR" && pwd)"

if [[ "$TRACELENS_ROOT" != "$WORK_DIR/"* && "$TRACELENS_ROOT" != "$WORK_DIR" ]]; then
    die "tracelens_root must be inside WORK_DIR ($WORK_DIR)"
fi

if [[ -n "$HF_CACHE_DIR" ]]; then
    mkdir -p "$HF_CACHE_DIR"
    HF_CACHE_DIR="$(cd "$HF_CACHE_DIR" && pwd)"
fi

CONTAINER_REPO="/workspace/$REPO_BASENAME"
HARNESS="$TRACELENS_ROOT/agent_evals/Analysis/eval_scripts/run_repeatability_parallel.sh"
if [[ ! -f "$HARNESS" ]]; then
    die "Eval harness not found: $HARNESS"
fi

for ((i = 0; i < ${#SERVER_ARGS[@]}; i++)); do
    if [[ "${SERVER_ARGS[i]}" == --port && $((i + 1)) -lt ${#SERVER_ARGS[@]} ]]; then
        PORT="${SERVER_ARGS[i + 1]}"
    elif [[ "${SERVER_ARGS[i]}" == --port=* ]]; then
        PORT="${SERVER_ARGS[i]#--port=}"
    fi
done

SERVER_CMD_QUOTED=""
if [[ ${#SERVER_ARGS[@]} -gt 0 ]]; then
    for arg in "${SERVER_ARGS[@]}"; do
        SERVER_CMD_QUOTED+="$(printf '%q ' "$arg")"
    done
fi

mkdir -p "$WORK_DIR/.pi/agent" "$WORK_DIR/venv_tracelens"

HOST_UID="$(id -u)"
HOST_GID="$(id -g)"

if [[ "$SKIP_SERVER" == "1" ]]; then
    DOCKER_ARGS=(--network host)
else
    DOCKER_ARGS=("${DEFAULT_DOCKER_RUN_ARGS[@]}")
fi
if [[ -n "${DOCKER_RUN_ARGS:-}" ]]; then
    # shellcheck disable=SC2206
    EXTRA=($DOCKER_RUN_ARGS)
    DOCKER_ARGS+=("${EXTRA[@]}")
fi

cleanup() {
    if docker ps --format '{{.Names}}' | grep -qx "$CONTAINER_NAME"; then
        echo "Fixing ownership of mounted directories (${HOST_UID}:${HOST_GID})..."
        docker exec "$CONTAINER_NAME" chown -R "${HOST_UID}:${HOST_GID}" /workspace >/dev/null 2>&1 || true
        if [[ -n "$HF_CACHE_DIR" && "$HF_CACHE_CHOWN" == "1" ]]; then
            docker exec "$CONTAINER_NAME" chown -R "${HOST_UID}:${HOST_GID}" "$CONTAINER_HF_HOME" >/dev/null 2>&1 || true
        fi
    fi
    if [[ -n "${CONTAINER_NAME:-}" ]]; then
        docker rm -f "$CONTAINER_NAME" >/dev/null 2>&1 || true
    fi
}
trap cleanup EXIT

if docker ps -a --format '{{.Names}}' | grep -qx "$CONTAINER_NAME"; then
    echo "Removing existing container: $CONTAINER_NAME"
    docker rm -f "$CONTAINER_NAME" >/dev/null
fi

echo "========================================="
echo "  pi Analysis Eval Launcher"
echo "  TraceLens root:  $TRACELENS_ROOT"
echo "  Work dir:        $WORK_DIR -> /workspace"
echo "  Container repo:  $CONTAINER_REPO"
echo "  Docker image:    $DOCKER_IMAGE"
echo "  Container:       $CONTAINER_NAME"
echo "  Run as UID:GID:  ${HOST_UID}:${HOST_GID}"
echo "  API port:        $PORT"
if [[ -n "$HF_CACHE_DIR" ]]; then
    echo "  HF cache:        $HF_CACHE_DIR -> $CONTAINER_HF_HOME"
    echo "  HF cache chown:  $([[ "$HF_CACHE_CHOWN" == "1" ]] && echo yes || echo no)"
fi
if [[ "$SKIP_SERVER" == "1" ]]; then
    echo "  Mode:            setup-only (no inference server)"
else
    echo "  Server command:  ${SERVER_ARGS[*]}"
fi
echo "  Comparison:      $COMPARISON_SCOPE"
echo "========================================="
echo ""

echo "Starting Docker container..."
DOCKER_VOLUMES=(-v "$WORK_DIR:/workspace:rw")
if [[ -n "$HF_CACHE_DIR" ]]; then
    DOCKER_VOLUMES+=(-v "$HF_CACHE_DIR:$CONTAINER_HF_HOME:rw")
fi
# shellcheck disable=SC2086
docker run -d --name "$CONTAINER_NAME" \
    "${DOCKER_ARGS[@]}" \
    "${DOCKER_VOLUMES[@]}" \
    --entrypoint bash \
    "$DOCKER_IMAGE" \
    -c 'sleep infinity' >/dev/null

echo "Container started. Running setup inside container..."

EXEC_ENV=(
    -e "PORT=$PORT"
    -e "READY_TIMEOUT=$READY_TIMEOUT"
    -e "CONTAINER_REPO=$CONTAINER_REPO"
    -e "COMPARISON_SCOPE=$COMPARISON_SCOPE"
    -e "SKIP_EVAL=$SKIP_EVAL"
    -e "SKIP_SERVER=$SKIP_SERVER"
    -e "SERVER_CMD=$SERVER_CMD_QUOTED"
    -e "HOST_UID=$HOST_UID"
    -e "HOST_GID=$HOST_GID"
    -e "HF_CACHE_CHOWN=$HF_CACHE_CHOWN"
)
if [[ -n "$HF_CACHE_DIR" ]]; then
    EXEC_ENV+=(
        -e "HF_HOME=$CONTAINER_HF_HOME"
        -e "HUGGINGFACE_HUB_CACHE=$CONTAINER_HF_HOME/hub"
        -e "TRANSFORMERS_CACHE=$CONTAINER_HF_HOME/hub"
    )
fi
for var in TEST_IDS NUM_REPEATS MAX_PARALLEL SLEEP_BETWEEN TEST_TRACES_CSV RESULTS_ROOT REPORT_DIR SUITE_NAME SKIP_POST_PROCESSING PI_NPM_PACKAGE; do
    if [[ -n "${!var:-}" ]]; then
        EXEC_ENV+=(-e "$var=${!var}")
    fi
done

docker exec "${EXEC_ENV[@]}" -i "$CONTAINER_NAME" bash -s <<'INNER'
set -euo pipefail

PORT="${PORT:-30000}"
READY_TIMEOUT="${READY_TIMEOUT:-1800}"
CONTAINER_REPO="${CONTAINER_REPO:?}"
COMPARISON_SCOPE="${COMPARISON_SCOPE:-both}"
SKIP_EVAL="${SKIP_EVAL:-0}"
SKIP_SERVER="${SKIP_SERVER:-0}"
HF_CACHE_CHOWN="${HF_CACHE_CHOWN:-0}"
PI_AGENT_DIR="/workspace/.pi/agent"
VENV_DIR="/workspace/venv_tracelens"
SERVER_LOG="/workspace/inference_server.log"

if [[ -n "${HF_HOME:-}" ]]; then
    export HF_HOME
    export HUGGINGFACE_HUB_CACHE="${HUGGINGFACE_HUB_CACHE:-$HF_HOME/hub}"
    export TRANSFORMERS_CACHE="${TRANSFORMERS_CACHE:-$HUGGINGFACE_HUB_CACHE}"
    echo "HF_HOME=$HF_HOME"
fi

fix_mount_ownership() {
    if [[ -z "${HOST_UID:-}" || -z "${HOST_GID:-}" ]]; then
        return 0
    fi
    echo "==> Fixing ownership of mounted directories (${HOST_UID}:${HOST_GID})..."
    chown -R "${HOST_UID}:${HOST_GID}" /workspace || true
    if [[ "$HF_CACHE_CHOWN" == "1" && -n "${HF_HOME:-}" && -d "$HF_HOME" ]]; then
        chown -R "${HOST_UID}:${HOST_GID}" "$HF_HOME" || true
    fi
}

on_inner_exit() {
    if [[ -n "${SERVER_PID:-}" ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill "$SERVER_PID" 2>/dev/null || true
    fi
    fix_mount_ownership
}
trap on_inner_exit EXIT

die() {
    echo "ERROR: $*" >&2
    exit 1
}

if [[ "$SKIP_SERVER" == "1" ]]; then
    echo "==> SKIP_SERVER=1 — skipping inference server startup"
else
    echo "==> Starting inference server: ${SERVER_CMD}"
    echo "==> Server output logged to $SERVER_LOG"
    # shellcheck disable=SC2086
    eval "${SERVER_CMD}" >"$SERVER_LOG" 2>&1 &
    SERVER_PID=$!

    echo "==> Waiting for inference server at http://localhost:${PORT}/v1/models (timeout ${READY_TIMEOUT}s)..."
    models_json=""
    deadline=$((SECONDS + READY_TIMEOUT))
    wait_started=$SECONDS
    last_progress=$SECONDS
    while (( SECONDS < deadline )); do
        if models_json="$(python3 - "$PORT" <<'PY' 2>/dev/null
import sys
import urllib.request

port = sys.argv[1]
url = f"http://localhost:{port}/v1/models"
with urllib.request.urlopen(url, timeout=5) as resp:
    if resp.status != 200:
        raise SystemExit(1)
    body = resp.read().decode()
    if not body.strip():
        raise SystemExit(1)
    print(body, end="")
PY
)"; then
            echo "==> Inference server ready (after $((SECONDS - wait_started))s)"
            break
        fi
        if ! kill -0 "$SERVER_PID" 2>/dev/null; then
            echo "Inference server exited early. Last log lines:" >&2
            tail -n 40 "$SERVER_LOG" >&2 || true
            die "Inference server died before /v1/models became available"
        fi
        if (( SECONDS - last_progress >= 60 )); then
            echo "==> Still waiting for /v1/models ($((SECONDS - wait_started))s elapsed)..."
            last_progress=$SECONDS
        fi
        sleep 5
    done

    if [[ -z "$models_json" ]]; then
        echo "Inference server log tail:" >&2
        tail -n 40 "$SERVER_LOG" >&2 || true
        die "Timed out waiting for http://localhost:${PORT}/v1/models"
    fi

    echo "==> Discovering model id from /v1/models..."
    mkdir -p "$PI_AGENT_DIR"
    python3 - "$PI_AGENT_DIR" "$PORT" <<'PY'
import json
import pathlib
import sys
import urllib.request

agent_dir = pathlib.Path(sys.argv[1])
port = sys.argv[2]
url = f"http://localhost:{port}/v1/models"

with urllib.request.urlopen(url, timeout=30) as resp:
    payload = json.load(resp)

models = payload.get("data") or []
if not models:
    raise SystemExit("No models returned from /v1/models")

entries = []
for item in models:
    model_id = item.get("id")
    if not model_id:
        continue
    context = (
        item.get("max_model_len")
        or item.get("context_length")
        or item.get("contextWindow")
        or 1_000_000
    )
    entries.append({"id": model_id, "contextWindow": int(context)})

if not entries:
    raise SystemExit("Could not parse model id from /v1/models response")

config = {
    "providers": {
        "local": {
            "baseUrl": f"http://localhost:{port}/v1",
            "api": "openai-completions",
            "apiKey": "none",
            "models": entries,
        }
    }
}

out = agent_dir / "models.json"
out.write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
print(f"Wrote {out} with model id(s): {', '.join(m['id'] for m in entries)}")
PY

    export PI_CODING_AGENT_DIR="$PI_AGENT_DIR"
    echo "PI_CODING_AGENT_DIR=$PI_CODING_AGENT_DIR"
fi

PI_NPM_PACKAGE="${PI_NPM_PACKAGE:-@earendil-works/pi-coding-agent}"
NODE_MIN_MAJOR=22

node_major_version() {
    if ! command -v node >/dev/null 2>&1; then
        echo 0
        return
    fi
    node -v | sed 's/^v//' | cut -d. -f1
}

install_nodejs_modern() {
    echo "==> Installing Node.js ${NODE_MIN_MAJOR}+ and npm..."
    if command -v apt-get >/dev/null 2>&1; then
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ca-certificates curl gnupg
        curl -fsSL "https://deb.nodesource.com/setup_${NODE_MIN_MAJOR}.x" | bash -
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs
    elif command -v dnf >/dev/null 2>&1; then
        curl -fsSL "https://rpm.nodesource.com/setup_${NODE_MIN_MAJOR}.x" | bash -
        dnf install -y -q nodejs
    elif command -v yum >/dev/null 2>&1; then
        curl -fsSL "https://rpm.nodesource.com/setup_${NODE_MIN_MAJOR}.x" | bash -
        yum install -y -q nodejs
    elif command -v apk >/dev/null 2>&1; then
        apk add --no-cache nodejs npm
    else
        die "npm not found and no supported package manager (apt, dnf, yum, apk)"
    fi
    command -v npm >/dev/null 2>&1 || die "npm installation failed"
    major="$(node_major_version)"
    if [[ "$major" -lt "$NODE_MIN_MAJOR" ]]; then
        die "Node.js $(node -v) is too old; pi requires >= ${NODE_MIN_MAJOR}.x"
    fi
    echo "==> Node $(node -v), npm $(npm -v)"
}

install_npm_if_needed() {
    major="$(node_major_version)"
    if command -v npm >/dev/null 2>&1 && [[ "$major" -ge "$NODE_MIN_MAJOR" ]]; then
        echo "==> Node $(node -v), npm $(npm -v)"
        return 0
    fi
    install_nodejs_modern
}

install_pi_if_needed() {
    if command -v pi >/dev/null 2>&1; then
        return 0
    fi
    install_npm_if_needed
    echo "==> Installing pi via npm ($PI_NPM_PACKAGE)..."
    npm install -g --ignore-scripts "$PI_NPM_PACKAGE"
    NPM_PREFIX="$(npm prefix -g 2>/dev/null || npm config get prefix 2>/dev/null || echo /usr/local)"
    export PATH="${NPM_PREFIX}/bin:${HOME}/.local/bin:${PATH}"
}

install_pi_if_needed
command -v pi >/dev/null 2>&1 || die "pi not found on PATH after npm install"

echo "==> Verifying pi installation..."
pi --version

if [[ ! -f "$VENV_DIR/bin/activate" ]]; then
    echo "==> Creating Python venv at $VENV_DIR..."
    python3 -m venv "$VENV_DIR"
fi

# shellcheck source=/dev/null
source "$VENV_DIR/bin/activate"

echo "==> Installing TraceLens editable from $CONTAINER_REPO..."
pip install -q --upgrade pip
pip install -q -e "$CONTAINER_REPO"

if [[ "$SKIP_EVAL" == "1" ]]; then
    echo "SKIP_EVAL=1 — setup complete, skipping eval harness."
    exit 0
fi

HARNESS="$CONTAINER_REPO/agent_evals/Analysis/eval_scripts/run_repeatability_parallel.sh"
[[ -f "$HARNESS" ]] || die "Harness not found in container: $HARNESS"

export REPO_ROOT="$CONTAINER_REPO"

echo "==> Running eval harness: $HARNESS --pi $COMPARISON_SCOPE"
bash "$HARNESS" --pi "$COMPARISON_SCOPE"
INNER

echo ""
echo "Eval run finished. Results are under:"
echo "  $WORK_DIR/$REPO_BASENAME/agent_evals/Analysis/"
echo ""
echo "Inference server log inside container: /workspace/inference_server.log"
echo "pi config: $WORK_DIR/.pi/agent/models.json"
