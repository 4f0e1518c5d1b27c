#!/bin/sh
python3 main.py
python3 merged_model.py