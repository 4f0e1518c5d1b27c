#!/bin/bash
# Start the HunyuanOCR-1.5 vLLM server (OpenAI-compatible) on gfx1100.
# Uses the box's vLLM ROCm build (/opt/venv, vllm 0.16.1, native HunYuanVL).
# Defaults are tuned for the 4-GPU full-set run: capped dir (gfx1100 ViT workaround),
# max-model-len 32768 (frees KV cache for higher batch), --enforce-eager (ROCm
# torch.compile stalls; eager is proven).
#
# Usage:  GPU=0 PORT=8000 bash scripts/serve_vllm.sh   # one per GPU
set -e
MODEL_PATH=${MODEL_PATH:-/root/models/HunyuanOCR-vllm}   # capped preprocessor (3.4M)
GPU=${GPU:-0}
PORT=${PORT:-8000}
GPU_MEM_UTIL=${GPU_MEM_UTIL:-0.9}
MAX_MODEL_LEN=${MAX_MODEL_LEN:-65536}   # must exceed input(~13k) + max_tokens(32768); 65536 is safe + ~2x KV-efficient vs 131072
SERVED_NAME=${SERVED_NAME:-tencent/HunyuanOCR}
ENFORCE_EAGER=${ENFORCE_EAGER:-0}   # 0 = torch.compile (compiles in ~140s, ~28x faster decode than eager); 1 = eager fallback
LOG=${LOG:-${OCR_LOGS_DIR:-/workspace/logs}/hunyuanocr/vllm_${PORT}.log}
mkdir -p "$(dirname "$LOG")"

EAGER_FLAG=""
[ "${ENFORCE_EAGER}" = "1" ] && EAGER_FLAG="--enforce-eager"

echo "[serve] model=${MODEL_PATH} served-as=${SERVED_NAME} gpu=${GPU} port=${PORT} mem=${GPU_MEM_UTIL} maxlen=${MAX_MODEL_LEN} eager=${ENFORCE_EAGER} log=${LOG}"
export HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1

CUDA_VISIBLE_DEVICES=${GPU} ${HUNYUAN_VENV:-/opt/venv}/bin/vllm serve "${MODEL_PATH}" \
    --served-model-name "${SERVED_NAME}" -tp 1 \
    --limit-mm-per-prompt '{"image":4,"video":0}' \
    --trust-remote-code \
    --port ${PORT} \
    --gpu-memory-utilization ${GPU_MEM_UTIL} \
    --max-model-len ${MAX_MODEL_LEN} \
    --max-num-batched-tokens ${MAX_MODEL_LEN} \
    ${EAGER_FLAG} \
    > "${LOG}" 2>&1 &

echo "[started] pid=$!  Readiness: curl -sf http://127.0.0.1:${PORT}/v1/models"
