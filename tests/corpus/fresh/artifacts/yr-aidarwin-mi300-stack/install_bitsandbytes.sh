#!/bin/bash
set -e

echo "Installing BitsAndBytes..."
pip install --no-deps vendor/bitsandbytes/bitsandbytes-0.44.1.dev0-py3-none-manylinux_2_24_x86_64.whl