#!/bin/bash
# STATUS: Stub only.
# The verified seq8192 path used process-local monkeypatching from the lab tree.
# This script documents the required environment shape but is not a standalone installer.
# See docs/gemma4-triton-gfx906-fused-ce-seq8192.md.

# Example script for running Gemma4 seq8192 with Triton-gfx906 Fused CE patch
# NOTE: This requires nlzy/triton-gfx906 in PYTHONPATH.

export ROCR_VISIBLE_DEVICES=0
export HIP_VISIBLE_DEVICES=0
export HSA_OVERRIDE_GFX_VERSION=9.0.6
export TORCHDYNAMO_DISABLE=1
export TORCH_INDUCTOR_DISABLE=1
export TORCH_COMPILE_DISABLE=1

# Ensure Triton is available
# export PYTHONPATH=/path/to/nlzy/triton-gfx906/python:$PYTHONPATH

echo "TODO: Insert actual execution command for the process-local monkeypatch."
echo "This script is a placeholder for the verified text-only seq8192 run."
