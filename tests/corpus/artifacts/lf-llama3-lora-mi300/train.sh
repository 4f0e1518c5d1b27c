FORCE_TORCHRUN=1 llamafactory-cli train llama3_lora_sft.yaml
