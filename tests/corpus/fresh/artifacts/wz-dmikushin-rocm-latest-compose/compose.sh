#!/bin/bash
export ID=$(id)
docker-compose up -d
