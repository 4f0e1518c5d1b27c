source venv/bin/activate
tune run lora_finetune_single_device --config llama3_1/8B_lora_single_device
