DS_BUILD_OPS=1 pip install deepspeed -i https://pypi.tuna.tsinghua.edu.cn/simple/
pip install boto3 -i https://mirrors.bfsu.edu.cn/pypi/web/simple/