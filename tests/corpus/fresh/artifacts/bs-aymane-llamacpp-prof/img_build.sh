#!/bin/bash

docker build -t rocm-llm-prof-i:latest .
# --no-cache