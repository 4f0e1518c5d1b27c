#!/bin/bash
set -euo pipefail
#
# launch-cluster.sh - Run the radeonrun container in solo mode.
#
# Solo mode is implemented and uses the GPU passthrough verified on real
# gfx1151 hardware. Cluster (multi-node) mode is NOT implemented —
# Strix Halo is a single-GPU APU and our experience here is single-node only.
#
# Usage:
#   ./launch-cluster.sh --solo exec vllm serve /models/<m> --host 0.0.0.0 --port 8000 ...
#   ./launch-cluster.sh --solo -p 8000:8000 exec vllm serve /models/<m> ...
#
# Environment:
#   IMAGE                container image            (default: ghcr.io/radeon-arena/halo-vllm:latest)
#   CONTAINER            container name             (default: halo_vllm)
#   MODELS_DIR           host models dir -> /models (default: /models)
#   HF_HOME              host HF cache              (default: ~/.cache/huggingface)
#   HIP_VISIBLE_DEVICES  GPU index to expose        (optional)

IMAGE="${IMAGE:-ghcr.io/radeon-arena/halo-vllm:latest}"
CONTAINER="${CONTAINER:-radeon_vllm}"
MODELS_DIR="${MODELS_DIR:-/models}"
HF_CACHE_DIR="${HF_HOME:-$HOME/.cache/huggingface}"
PORT_MAP=""
SOLO=0

# AMD ROCm GPU passthrough — verified on gfx1151 hardware.
AMD_DEVICES=(--device /dev/kfd --device /dev/dri --group-add video
             --security-opt seccomp=unconfined --ipc host)

args=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --solo) SOLO=1; shift ;;
    -p) PORT_MAP="$2"; shift 2 ;;
    exec) shift; args=("$@"); break ;;
    *) echo "Unknown arg before 'exec': $1" >&2; exit 2 ;;
  esac
done

if [[ "$SOLO" -ne 1 ]]; then
  echo "Only --solo mode is implemented (Strix Halo is single-node). Pass --solo." >&2
  exit 1
fi
if [[ "${#args[@]}" -eq 0 ]]; then
  echo "No command after 'exec'. Example:" >&2
  echo "  ./launch-cluster.sh --solo -p 8000:8000 exec vllm serve /models/m --host 0.0.0.0 --port 8000" >&2
  exit 2
fi

# Attach a TTY only when we actually have one. CI / background runs are not
# interactive, and `docker run -t` fails there with
# "cannot attach stdin to a TTY-enabled container because stdin is not a terminal".
DOCKER_TTY=""; [ -t 1 ] && DOCKER_TTY="-it"
# Remove any leftover container with this name first. `docker run --rm` only
# removes a container when it EXITS, so a previous run's detached server can
# still be alive holding this name + the port; without this the new run would
# fail to start and the benchmark would hit the STALE model.
docker rm -f "$CONTAINER" >/dev/null 2>&1 || true
run=(docker run --rm $DOCKER_TTY --name "$CONTAINER" "${AMD_DEVICES[@]}"
     -v "$MODELS_DIR:/models" -v "$HF_CACHE_DIR:/root/.cache/huggingface")

[[ -n "$PORT_MAP" ]] && run+=(-p "$PORT_MAP")
[[ -n "${HIP_VISIBLE_DEVICES:-}" ]] && run+=(-e "HIP_VISIBLE_DEVICES=${HIP_VISIBLE_DEVICES}")

# Clear the image entrypoint so init can run before the server starts. Quote each
# argument before handing it to `bash -lc`; recipe commands include JSON strings
# (for example vLLM diffusion flags) whose quotes must survive the extra shell.
cmd="exec"
for a in "${args[@]}"; do
  printf -v q ' %q' "$a"
  cmd+="$q"
done
run+=(--entrypoint /bin/bash "$IMAGE" -lc "$cmd")

echo "+ ${run[*]}"
exec "${run[@]}"
