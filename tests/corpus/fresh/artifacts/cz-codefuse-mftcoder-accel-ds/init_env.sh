pip install torch==2.1.0 && \
pip install tensorboard==2.11.0  && \
pip install packaging  && \
pip install -r requirements.txt
