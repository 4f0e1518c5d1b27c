# /bin/bash
docker start ollama
