pip install -q -U bitsandbytes
pip install -q -U git+https://github.com/huggingface/transformers.git
pip install -q -U git+https://github.com/huggingface/peft.git
pip install -q -U git+https://github.com/huggingface/accelerate.git
pip install -q -U datasets
pip install -q -U git+https://github.com/lvwerra/trl.git
pip install scipy
pip install wandb
pip install sentencepiece
