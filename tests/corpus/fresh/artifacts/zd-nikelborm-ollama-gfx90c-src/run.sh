#!/usr/bin/env bash

source /home/nikel/projects/amd-amdgpu-rocm-ollama-gfx90c-ati-radeon-vega-ryzen7-5800H-arch-linux/prepare_run.sh;

ollama serve &
