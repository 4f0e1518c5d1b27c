#!/bin/bash
docker build -t pytorch .