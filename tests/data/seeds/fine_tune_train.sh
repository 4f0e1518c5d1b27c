#!/bin/bash
# source: /work/shared/seeds/002_8ae6f2572f65e08a.txt (user note: Baichuan2-7B fine-tune on 16 GB DCUs), fine_tune_train.sh verbatim
hostfile=""
# deepspeed
# --num_gpus，�设置默认会用��的所有GPU；
# --data_path，数�集路径；
# --model_name_or_path，模�路径；
# --output_dir，输出路径；
# --tf32，� NVIDIA 的 GPU，暂时先设置 False
deepspeed --hostfile=$hostfile fine-tune.py  \
    --report_to "none" \
    --data_path $1 \
    --model_name_or_path $2 \
    --output_dir $3 \
    --model_max_length 512 \
    --num_train_epochs 4 \
    --per_device_train_batch_size 16 \
    --gradient_accumulation_steps 1 \
    --save_strategy epoch \
    --learning_rate 2e-5 \
    --lr_scheduler_type constant \
    --adam_beta1 0.9 \
    --adam_beta2 0.98 \
    --adam_epsilon 1e-8 \
    --max_grad_norm 1.0 \
    --weight_decay 1e-4 \
    --warmup_ratio 0.0 \
    --logging_steps 1 \
    --gradient_checkpointing True \
    --deepspeed ds_config.json \
    --bf16 True \
    --tf32 False \
    --use_lora False
