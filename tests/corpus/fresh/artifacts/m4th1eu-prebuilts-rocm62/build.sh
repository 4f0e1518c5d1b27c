docker build . -t 'prebuilts-rocm:6.2' -f Dockerfile
