#!/bin/bash
source env.build.sh

drun() {
   sudo docker run -it --network=host --device=/dev/kfd --device=/dev/dri --ipc=host --shm-size 16G --group-add video --cap-add=SYS_PTRACE --security-opt seccomp=unconfined -v $HOME/dockerx:/dockerx -v $(pwd):/current "$@"
}

drun --rm \
    -v $(pwd)/cache:/root/.cache \
    -v $(pwd)/data:/stable-diffusion-webui/data \
    -v $(pwd)/data/embeddings:/stable-diffusion-webui/embeddings \
    -v $(pwd)/outputs:/stable-diffusion-webui/outputs \
    "$docker_image_name:$docker_image_tag" \
    "$@"
