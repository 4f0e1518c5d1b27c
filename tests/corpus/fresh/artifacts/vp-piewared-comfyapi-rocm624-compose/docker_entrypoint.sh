#!/bin/bash
# docker_entrypoint.sh

# Execute the original command (CMD)
exec "$@"