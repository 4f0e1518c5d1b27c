!ACCELERATE_LOG_LEVEL=info accelerate launch \
--config_file zero3.yaml \
--num_processes=3 \
train_grpo.py \
