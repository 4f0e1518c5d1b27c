pip install -U git+https://github.com/huggingface/transformers.git 
pip install -U git+https://github.com/huggingface/peft.git
pip install -U git+https://github.com/huggingface/accelerate.git
pip install --upgrade bitsandbytes
# pip install diffy 这里不是diffy 应该是ditty就对了
pip install ditty==0.4.0
pip install scipy==1.10.1