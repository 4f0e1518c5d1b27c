module load stack/.2024-06-silent  gcc/12.2.0
module load python_cuda/3.11.6
module load eth_proxy

PATH=$PATH:~/.local/bin/uv

