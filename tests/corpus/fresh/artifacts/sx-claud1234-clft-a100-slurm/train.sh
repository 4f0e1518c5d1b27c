#!/bin/bash 

python3 train.py --config $1
