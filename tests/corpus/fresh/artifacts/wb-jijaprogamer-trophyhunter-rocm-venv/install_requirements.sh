#!/bin/bash
./.venv/bin/python -m pip install -r requirements.txt