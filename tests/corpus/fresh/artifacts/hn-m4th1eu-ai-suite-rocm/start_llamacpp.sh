/usr/bin/docker-compose up -d llamacpp-rocm
