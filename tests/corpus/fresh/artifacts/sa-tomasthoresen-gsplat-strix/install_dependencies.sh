#!/bin/bash
pip install -r requirements.txt
pip install git+https://github.com/rahul-goel/fused-ssim/@88169c51c22973ad8fd2429c3298d8356fdd5dc8 --no-build-isolation

