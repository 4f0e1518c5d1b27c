#!/bin/bash
docker compose build --no-cache  --progress=plain
