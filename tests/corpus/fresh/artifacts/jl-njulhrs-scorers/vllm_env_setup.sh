pip3 install torch torchvision --index-url https://download.pytorch.org/whl/cu121
pip install vllm
pip install termcolor
pip install gradio peft flash_attn
pip install tabulate deepspeed tensorboard omegaconf
pip install pandas
pip install qwen_vl_utils wandb timm
pip install pytablewriter evaluate tenacity scikit-learn sacrebleu
pip install trl==0.9.6 nltk jieba rouge_chinese
pip install accelerate
pip install mmengine
pip install -e ./src/custom_trainer/LLaMA-Factory