pip install torch==1.13.1+cu117 torchvision==0.14.1+cu117 torchaudio==0.13.1 --extra-index-url https://download.pytorch.org/whl/cu117
pip install -U git+https://github.com/huggingface/trl
pip install -U transformers accelerate peft
pip install -U sentencepiece
pip install -U datasets bitsandbytes einops wandb
pip install scipy
pip install Jinja2