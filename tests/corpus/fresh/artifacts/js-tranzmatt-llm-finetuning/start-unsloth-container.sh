#!/bin/bash
#
set -e

# Get the directory where this script is located
SCRIPT_DIR="$( cd "$( dirname "${BASH_SOURCE[0]}" )" && pwd )"

docker stop unsloth_training || true
docker rm unsloth_training || true

# docker pull unsloth/unsloth
#
docker run -d -e JUPYTER_PORT=8000 \
  -e JUPYTER_PASSWORD="<redacted>" \
  -e "SSH_KEY=$(cat ~/.ssh/unsloth_container_key.pub)" \
  -e USER_PASSWORD="<redacted>" \
  --gpus '"device=0,1,2"' \
  -p 9000:8000 -p 2222:22 \
  -v ${SCRIPT_DIR}:/workspace/work \
  -v ${HOME}/.cache/huggingface:/workspace/.cache/huggingface \
  --name unsloth_training \
  unsloth/unsloth


# ssh -i ~/.ssh/unsloth_container_key -p 2222 unsloth@localhost
