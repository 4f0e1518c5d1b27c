#!/bin/bash
# Copyright Advanced Micro Devices, Inc.
# Licensed under the Apache License Version 2.0

. /opt/conda/etc/profile.d/conda.sh

function fail {
    echo FAIL: $@
    exit -1
}

function usage {
    echo "Usage: $0 backend device"
}

if [ $# -ne 2 ]; then
    usage
    fail "Error: must specify backend and device"
fi

export DGLBACKEND=$1
export DGLTESTDEV=$2
export DGL_LIBRARY_PATH=${PWD}/build
export PYTHONPATH=tests:${PWD}/python:$PYTHONPATH
export DGL_DOWNLOAD_DIR=${PWD}/_download
export TF_FORCE_GPU_ALLOW_GROWTH=true
unset TORCH_ALLOW_TF32_CUBLAS_OVERRIDE

if [ $2 == "gpu" ] 
then
  export CUDA_VISIBLE_DEVICES=0
else
  export CUDA_VISIBLE_DEVICES=-1
fi

echo "pytests running without Logger"

python3 -m pip install expecttest

python3 -m pytest -v --junitxml=pytest_dgl_import.xml --durations=100 --disable-warnings tests/python/test_dgl_import.py
python3 -m pytest -v --junitxml=pytest_common.xml  --durations=100 --disable-warnings tests/python/common
python3 -m pytest -v --junitxml=pytest_backend.xml --durations=100 --disable-warnings tests/python/$DGLBACKEND

exit_code=$?
echo "pytest exited with code: $exit_code"

exit $exit_code
