pip install --upgrade pip
pip install torch
pip install black
pip install isort
pip install transformers
pip install datasets
pip install evaluate
pip install jiwer
pip install -U scikit-learn
pip install wandb
pip install straug
pip install setproctitle

