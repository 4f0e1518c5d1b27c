import torch
import torch.utils.cpp_extension
print("CUDA_HOME:")
print(torch.utils.cpp_extension.CUDA_HOME)
