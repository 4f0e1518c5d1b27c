FROM ubuntu:24.04 AS build

ENV DEBIAN_FRONTEND=noninteractive

RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        ca-certificates \
        git \
        cmake \
        ninja-build \
        build-essential \
        pkg-config \
        libvulkan-dev \
        glslc \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src

RUN git clone --depth 1 https://github.com/ggml-org/llama.cpp.git .

RUN cmake -S . -B build -G Ninja \
      -DCMAKE_BUILD_TYPE=Release \
      -DGGML_VULKAN=ON \
      -DGGML_BACKEND_DL=OFF \
      -DBUILD_SHARED_LIBS=OFF \
    && cmake --build build --config Release -j "$(nproc)"

FROM ubuntu:24.04 AS runtime

ENV DEBIAN_FRONTEND=noninteractive

RUN apt-get update \
    && apt-get install -y --no-install-recommends \
        ca-certificates \
        curl \
        libgcc-s1 \
        libgomp1 \
        libdrm2 \
        mesa-vulkan-drivers \
        libvulkan1 \
        libstdc++6 \
        vulkan-tools \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /app

COPY --from=build /src/build/bin/llama-server /app/llama-server

EXPOSE 8080
