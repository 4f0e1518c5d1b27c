pip install torch==2.6.0 --index-url https://download.pytorch.org/whl/cu124
pip install psutil
pip install flash-attn==2.7.4.post1 --no-build-isolation --use-pep517

pip install -e .

pip install vllm==0.8.5
pip install peft==0.15.2
pip install ray==2.47.1
pip install multiprocess==0.70.16 fire gymnasium gym rdkit colorlog
pip install botocore
pip install "opentelemetry-exporter-prometheus==0.47b0"
