#!/bin/bash
conda init
conda config --set auto_activate_base false
/opt/conda/envs/AE4353/bin/pip install -e .