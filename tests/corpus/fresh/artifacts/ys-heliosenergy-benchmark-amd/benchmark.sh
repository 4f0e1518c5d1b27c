#! /bin/bash

python ./benchmark.py
