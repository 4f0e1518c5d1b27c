pip install datasets
pip install wandb 
pip install einops

# Qwen2.5-VL
pip install -e torchscale/ torch==2.6.0 xformers transformers==4.54.0 accelerate peft deepspeed
pip install flash_attn==2.7.4.post1

pip install diffusers
pip install open-clip-torch
pip install scipy
pip install timm==1.0.13 
pip install opencv-python-headless
pip install matplotlib 
pip uninstall apex -y