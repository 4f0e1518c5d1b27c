#!/bin/bash

set -e

python3 "$@"