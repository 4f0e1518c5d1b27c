docker compose -f docker-compose.rocm.yml up -d --force-recreate --build
