# after re-starting workspace, execute this script

pip install -r requirements.txt
pip install --upgrade vllm