./build/bin/whisper-server --convert -fa --host 0.0.0.0 --port $PORT -m $MODEL -l auto --inference-path /v1/audio/transcriptions
