#!/bin/bash
# source: /work/shared/seeds/001_e4bc0a0638f76f10.txt (user note: Qwen2.5-7B on 2x MI50), final train script verbatim

# ================= 1. 硬件与环境适配 =================
# 伪装显卡架构，防止 ROCm 识别错误
export HSA_OVERRIDE_GFX_VERSION=9.0.6
export ROCM_HOME=/opt/rocm
export HIP_VISIBLE_DEVICES=0,1
export DISABLE_VERSION_CHECK=1

# ================= 2. 通信配置 =================
# 假设已在系统层关闭 IOMMU，此处使用默认配置 (开启 P2P)
export NCCL_ASYNC_ERROR_HANDLING=1
export PL_TORCH_DISTRIBUTED_BACKEND=nccl

# ================= 3. 显存与算子优化 =================
# 缓解显存碎片 (对 FP32 尤为重要)
export PYTORCH_HIP_ALLOC_CONF=expandable_segments:True
# 激活 MIOpen 自动搜索最优卷积算法
export MIOPEN_FIND_MODE=1 

# ================= 4. 路径配置 =================
MODEL_PATH="/home/sleepy/Depot/ModelTrain/qwen/Qwen2___5-7B-Instruct"
OUTPUT_PATH="./saves/qwen2.5-7b-intelligence/lora/sft_ddp_fp32_final"

# ================= 5. 启动命令 =================
# 使用 torchrun 替代 deepspeed，减少 overhead
# 策略: FP32 保证数值稳定, Batch=1 + Checkpointing 应对显存压力
# 总 Batch Size = 1 * 2(卡) * 32(累积) = 64

torchrun --nproc_per_node=2 --master_port=29508 src/train.py \
    --stage sft \
    --do_train \
    --model_name_or_path "$MODEL_PATH" \
    --dataset "intelligence_alpaca" \
    --template qwen \
    --finetuning_type lora \
    --lora_target all \
    --lora_rank 64 \
    --lora_alpha 128 \
    --lora_dropout 0.05 \
    --output_dir "$OUTPUT_PATH" \
    --overwrite_output_dir \
    --per_device_train_batch_size 1 \
    --gradient_accumulation_steps 32 \
    --learning_rate 1e-5 \
    --max_grad_norm 0.5 \
    --num_train_epochs 5.0 \
    --lr_scheduler_type cosine \
    --warmup_ratio 0.1 \
    --fp16 False \
    --bf16 False \
    --logging_steps 1 \
    --save_steps 50 \
    --plot_loss True \
    --cutoff_len 1024 \
    --preprocessing_num_workers 16 \
    --gradient_checkpointing True \
    --flash_attn disabled \
    --ddp_timeout 18000000 \
    --optim adamw_torch \
    --resume_from_checkpoint False # 若需断点续训改为 True 并去掉 overwrite_output_dir
