#! /bin/bash

docker build -t rocm-pytorch .

