jupyter notebook \
    --allow-root \
    --ServerApp.ip 0.0.0.0 \