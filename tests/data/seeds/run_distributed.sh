#!/bin/bash
# source: /work/shared/seeds/004_20dbdacc6c568b73.txt (user note: GPT training plan on RX 9700), sections 2.5 (environment) and 2.4 (run_distributed.sh) verbatim, joined
# 关键�境��
export NCCL_DEBUG=INFO              # 调试信�
export NCCL_SOCKET_IFNAME=eth0      # 网络��
export NCCL_IB_DISABLE=1            # 如�没有InfiniBand
export GLOO_SOCKET_IFNAME=eth0      # Gloo�端
export MASTER_ADDR=192.168.1.100    # 主节点IP
export MASTER_PORT=29500            # 通信端�
# run_distributed.sh

# �机多�
torchrun --nproc_per_node=4 \
         --nnodes=1 \
         --node_rank=0 \
         --master_addr="localhost" \
         --master_port=29500 \
         train_multi_gpu.py

# 多机多� - 主节点
torchrun --nproc_per_node=4 \
         --nnodes=2 \
         --node_rank=0 \
         --master_addr="192.168.1.100" \
         --master_port=29500 \
         train_multi_gpu.py

# 多机多� - �节点（在node2上执行）
torchrun --nproc_per_node=4 \
         --nnodes=2 \
         --node_rank=1 \
         --master_addr="192.168.1.100" \
         --master_port=29500 \
         train_multi_gpu.py
