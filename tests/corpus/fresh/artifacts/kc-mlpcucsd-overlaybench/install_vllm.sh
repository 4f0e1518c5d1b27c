echo $(which python)  # Ensure the correct Python is being used
pip install -r requirements_vllm.txt
pip install -e .