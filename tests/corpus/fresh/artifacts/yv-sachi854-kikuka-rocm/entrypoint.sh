#!/usr/bin/env bash

echo -e "[safe]\n  directory = *" > ~/.gitconfig

if [ "$1" = "reinstall" ]; then
    cd /workspace/ComfyUI
    rm -rf venv
fi

cd /workspace
# 最新のリポジトリに更新する
git pull
git submodule foreach git pull origin master
# モデルをダウンロードする
cat ./extensions/custom_nodes.json | python3 ./downloader.py
cat ./extensions/controlnet_fp16.json | python3 ./downloader.py
cat ./extensions/models.json | python3 ./downloader.py
# web ui dir に移動
cd ./ComfyUI
python3.10 -m venv venv
source venv/bin/activate
python -m pip install --upgrade pip wheel
pip install --pre torch torchvision torchaudio --index-url https://download.pytorch.org/whl/nightly/rocm5.6
pip install -r requirements.txt

# 起動
python main.py --use-pytorch-cross-attention
