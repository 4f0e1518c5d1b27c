#!/bin/bash
srun -n 2 ./run.sh