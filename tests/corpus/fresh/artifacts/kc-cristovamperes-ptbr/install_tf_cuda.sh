#!/usr/bin/env bash
set -e
source tcc_venv/bin/activate
pip install "tensorflow[and-cuda]==2.20.0"