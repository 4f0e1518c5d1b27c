#!/bin/bash
pip3 install -r requirements.txt -f https://download.pytorch.org/whl/torch_stable.html