#/bin/bash

./run_hip
./run_openmp
