#!/bin/bash
docker build -t cosyvoice:v12 -v --progress plain .