#!/usr/bin/env bash
# Detect and export ROCm toolchain paths from the _rocm_sdk_core package

# Enable AOTriton for torch
export TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1
