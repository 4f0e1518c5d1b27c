#!/bin/bash

llamafactory-cli train interview/exp_config/gsm8k_cot.yaml

