#!/bin/bash
set -e
/root/.transformerlab/src/install.sh install_dependencies
exec /root/.transformerlab/src/run.sh