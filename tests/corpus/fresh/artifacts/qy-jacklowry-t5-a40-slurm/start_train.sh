#!/bin/bash
. ~/.bashrc
conda activate nlp_final_project
python /mmfs1/home/jrl712/amazon_home/nlp_final_project/train.py