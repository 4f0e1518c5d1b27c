#!/bin/bash

docker build . -t aidungeon2-rocm:latest