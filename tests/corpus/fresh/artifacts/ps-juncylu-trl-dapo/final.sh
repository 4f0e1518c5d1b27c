TS=$(TZ='Asia/Shanghai' date +%Y%m%d_%H%M%S)
export TRAINING_LOG_TS=final-$TS
mkdir -p training_logs/$TRAINING_LOG_TS

# 线程与并行
export OMP_NUM_THREADS=6
export MKL_NUM_THREADS=6
export TOKENIZERS_PARALLELISM=false

# 通信与容错
export TORCH_NCCL_ASYNC_ERROR_HANDLING=1
export CUDA_DEVICE_MAX_CONNECTIONS=1

# 内存碎片缓解
export PYTORCH_ALLOC_CONF=expandable_segments:True
export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True
export CUDA_LAUNCH_BLOCKING=1

accelerate launch \
  --config_file src/configs/deepspeed_zero2.yaml \
  src/scripts/train_grpo_vlm.py \
  --model_name_or_path Qwen/Qwen2.5-VL-3B-Instruct \
  --output_dir training_logs/ours-$TS/runs/dapo-Qwen2.5-VL-3B-Instruct \
  --rollout_log_path training_logs/ours-$TS/rollout_results.md \
  --eval_log_path training_logs/ours-$TS/eval_results.md \
  --dtype bfloat16 \
  --gradient_checkpointing \
  --max_prompt_length 1024 \
  --max_completion_length 512 \
  --per_device_train_batch_size 4 \
  --gradient_accumulation_steps 4 \
  --num_generations 8 \
  --num_train_epochs 2 \
  --report_to tensorboard \
  --log_completions \
  --logging_steps 2.0 \
  --do_eval \
  --eval_strategy steps \
  --eval_steps 50 \
  --eval_num_generations 2 \
  --per_device_eval_batch_size 4 \
  --save_strategy steps \
  --save_steps 500 \
  --save_only_model \
  --learning_rate 1e-6 \
  --lr_scheduler_type cosine \
  --warmup_ratio 0.0 \
  --max_grad_norm 1.0 \
  --vgr_max_tokens_ratio 0.5 \
  --reward_weights 4.0 0.5 1.0 1.0 1.0 1.0 \
  --dynamic_sample \
  --token_weights \
  >> training_logs/$TRAINING_LOG_TS/train.log 2>&1
