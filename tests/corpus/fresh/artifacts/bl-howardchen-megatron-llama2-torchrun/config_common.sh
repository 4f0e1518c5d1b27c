#!/bin/bash

# Setting the environment variables
export CUDA_DEVICE_MAX_CONNECTIONS=1
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
export NCCL_SOCKET_IFNAME=eth0
export GLOO_SOCKET_IFNAME=eth0
export NCCL_CROSS_NIC=0

# Distributed training variables
export NNODES=${WORLD_SIZE:-1}
export GPUS_PER_NODE=$(nvidia-smi --query-gpu=index --format=csv,noheader | wc -l)
export GPU_NUM=$((${GPUS_PER_NODE}*${NNODES}))
export WORLD_SIZE=$((${GPUS_PER_NODE}*${NNODES}))
export NODE_RANK=${RANK:-0}
export MASTER_ADDR=${MASTER_ADDR:-localhost}
export MASTER_PORT=${MASTER_PORT:-12453}

# wandb offline
export WANDB_MODE=${WANDB_MODE:-offline}
export WANDB_ENTITY=${WANDB_ENTITY:-infini-perf}
export WANDB_BASE_URL=${WANDB_BASE_URL:-https://aurora-wandb.infini-ai.com}
export WANDB_API_KEY=${WANDB_API_KEY:-<redacted>}

export DATA_CLIENT_MODE=${DATA_CLIENT_MODE:-offline}

# Training library path
export BASE_PATH=${BASE_PATH:-/workspace}
export PYTHONPATH=/workspace/LLM-Train-Eval/pretrain:/workspace/Megatron-LM-0.10.0:$PYTHONPATH
