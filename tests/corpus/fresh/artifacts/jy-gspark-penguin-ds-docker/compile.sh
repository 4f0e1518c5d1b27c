DS_BUILD_OPS=1 pip install . --no-cache-dir --force-reinstall
