#!/bin/bash
jupyter-init-setting-python3.py
jupyter lab
