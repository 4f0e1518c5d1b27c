#!/bin/bash

llamafactory-cli export interview/exp_config/merge-gsm8k-cot.yaml
