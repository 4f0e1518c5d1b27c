#!/bin/sh
docker build -t ysmu/xformers .
