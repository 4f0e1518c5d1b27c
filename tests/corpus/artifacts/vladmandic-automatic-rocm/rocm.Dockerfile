FROM rocm/dev-ubuntu-22.04:6.0.2

USER root
WORKDIR /workspace

SHELL ["/bin/bash", "-o", "pipefail", "-c"]

COPY --chmod=755 ./ ./

RUN echo Updating apt... && \
    apt update -y > /dev/null

RUN echo Upgrading apt... && \
    apt upgrade -y > /dev/null

RUN echo "Install apt packages" && \
    apt install -y git \
    python3.10 \
    pythonpy \
    python3.10-venv \
    python3-pip \
    curl \
    wget \
    aria2 > /dev/null

ENV venv_dir=/python/venv

CMD ["./webui.sh", "--uv", "--listen", "--use-rocm"]
