#!/bin/bash

docker build -t maximofn/coqui_tts:1.0.1 -f docker/Dockerfile ./