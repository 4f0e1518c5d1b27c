uv sync --extra amd
