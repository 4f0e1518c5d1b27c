uv pip install torch
uv sync --no-install-package flash-attn
uv sync --no-build-isolation