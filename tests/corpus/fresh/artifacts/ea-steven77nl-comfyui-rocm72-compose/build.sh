# build local docker image
docker build \
  --tag comfyui-rocm-7.2 .

  #--no-cache \
