pip install plotly
pip install transformers>=4.32.0
pip install torch==2.1.1 torchvision==0.16.1 torchaudio==2.1.1 --index-url https://download.pytorch.org/whl/cu121
pip install optimum>=1.12.0
pip install auto-gptq==0.6.0
pip install tokenizers==0.13.3
pip install --upgrade transformers accelerate
pip install nbdime
nbdime config-git --enable --global
pip install scikit-learn
pip install matplotlib