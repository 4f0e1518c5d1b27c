#!/bin/bash

docker compose up --build -d
docker exec -it defectguard /bin/bash