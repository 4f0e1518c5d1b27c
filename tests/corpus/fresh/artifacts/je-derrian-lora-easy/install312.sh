#!/bin/bash

python3.12 install.py
