pip install torch==2.4.0 torchvision==0.19.0 torchaudio==2.4.0
pip install transformers==4.51.3 tokenizers==0.21.4 accelerate==1.10.1 safetensors==0.6.2
pip install datasets==4.4.0
pip install scikit-learn==1.7.2
pip install matplotlib==3.10.7
pip install tiktoken==0.12.0
pip install ipdb
pip install gpustat

# phi
# pip install peft==0.13.2
# pip install backoff==2.2.1

# deepseek2
# pip install attrdict
# pip install flash-attn --no-build-isolation
# pip install xformers>=0.0.21