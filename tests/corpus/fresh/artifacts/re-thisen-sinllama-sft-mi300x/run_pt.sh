#!/bin/bash
export WANDB_PROJECT=sinllama-cpt
run_name=sinllama-cpt-lora-r64

lr=1e-4
lora_rank=64
lora_alpha=128
lora_trainable="q_proj,v_proj,k_proj,o_proj,gate_proj,down_proj,up_proj"
lora_dropout=0.05

pretrained_model=SinLlama_merged_bf16
tokenizer_name_or_path=${pretrained_model}
dataset_dir=data_dir
data_cache=temp_data_cache_dir
per_device_train_batch_size=4
per_device_eval_batch_size=4
gradient_accumulation_steps=2
block_size=512
eval_steps=5000
output_dir=output_dir

torchrun --nnodes 1 --nproc_per_node 1 run_clm_pt_with_peft.py \
    --model_name_or_path ${pretrained_model} \
    --tokenizer_name_or_path ${tokenizer_name_or_path} \
    --dataset_dir ${dataset_dir} \
    --data_cache_dir ${data_cache} \
    --validation_split_percentage 0.001 \
    --per_device_train_batch_size ${per_device_train_batch_size} \
    --per_device_eval_batch_size ${per_device_eval_batch_size} \
    --do_train \
    --do_eval \
    --low_cpu_mem_usage \
    --seed $RANDOM \
    --bf16 \
    --num_train_epochs 1 \
    --lr_scheduler_type cosine \
    --learning_rate ${lr} \
    --warmup_ratio 0.05 \
    --weight_decay 0.01 \
    --logging_strategy steps \
    --logging_steps 100 \
    --eval_strategy steps \
    --eval_steps ${eval_steps} \
    --label_names labels \
    --save_strategy steps \
    --save_total_limit 3 \
    --save_steps 5000 \
    --load_best_model_at_end True \
    --metric_for_best_model eval_loss \
    --greater_is_better False \
    --gradient_accumulation_steps ${gradient_accumulation_steps} \
    --preprocessing_num_workers 8 \
    --dataloader_num_workers 4 \
    --block_size ${block_size} \
    --output_dir ${output_dir} \
    --overwrite_output_dir \
    --ddp_timeout 30000 \
    --logging_first_step True \
    --lora_rank ${lora_rank} \
    --lora_alpha ${lora_alpha} \
    --trainable ${lora_trainable} \
    --lora_dropout ${lora_dropout} \
    --torch_dtype bfloat16 \
    --load_in_kbits 16 \
    --report_to wandb \
    --run_name ${run_name} \
    --ddp_find_unused_parameters False
