#!/bin/bash

# VLLM模型配置文件
# 包含四个VLLM模型的启动参数

# 模型1: DeepSeek-R1-0528-Qwen3-14B
DEEPSEEK_QWEN3_MODEL_PATH="/root/data/model/zjydiary/DeepSeek-R1-0528-Qwen3-14B"
DEEPSEEK_QWEN3_PORT=8000

# 模型2: Qwen3-14B
QWEN3_14B_MODEL_PATH="/root/data/model/Qwen/Qwen3-14B"
QWEN3_14B_PORT=8001

# 模型3: DeepSeek-R1-Distill-Qwen-7B
DEEPSEEK_DISTILL_MODEL_PATH="/root/data/model/deepseek-ai/DeepSeek-R1-Distill-Qwen-7B"
DEEPSEEK_DISTILL_PORT=8002

# 模型4: Qwen2.5-7B-Instruct
QWEN_7B_MODEL_PATH="/root/data/model/Qwen/Qwen2.5-7B-Instruct"
QWEN_7B_PORT=8003
