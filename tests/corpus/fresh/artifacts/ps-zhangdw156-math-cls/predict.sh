python predict.py \
--model_path "/data/download-model/DeepSeek-R1-0528-Qwen3-8B" \
--lora_path "finetuned_model" \
--input_file "data/test.csv" \
--output_file "submission.csv"