pip install --upgrade pip
pip install -e .

pip install ninja
pip install flash-attn==2.0.0.post1 --no-build-isolation

pip install transformers==4.33.3
pip install peft==0.5.0

pip install tensorboardX