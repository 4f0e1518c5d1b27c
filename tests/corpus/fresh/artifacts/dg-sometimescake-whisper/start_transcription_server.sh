#!/usr/bin/env bash
exec start-whisper --model large-v3 --port 8001
