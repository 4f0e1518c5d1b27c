#!/bin/bash

module load cpe/23.12
module load PrgEnv-amd
module load amd/6.3.1
module load cmake
module load cray-python
module load rocm/6.3.1
