#!/usr/bin/env sh

module load Stages
module load GCC OpenMPI PyTorch torchvision
module load Jupyter-bundle matplotlib tensorboard
