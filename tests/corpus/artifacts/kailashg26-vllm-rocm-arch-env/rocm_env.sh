export PYTORCH_ROCM_ARCH="gfx90a;gfx942"
