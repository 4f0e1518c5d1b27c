#!/bin/bash
python3 -m accelerate.commands.launch finetune.py "$@"

