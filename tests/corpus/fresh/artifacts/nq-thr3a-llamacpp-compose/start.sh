docker compose up proxy main -d
