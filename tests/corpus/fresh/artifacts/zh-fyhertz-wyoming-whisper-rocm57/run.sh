#!/usr/bin/env bash

exec python3 -m wyoming_whisper --download-dir /data "$@"
