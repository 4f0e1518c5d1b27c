"""Classes of the pooled log misses (issue 24, wave 23), fixed as classes: real lines with their source, and for
each a look-alike that must stay as it was.

A. cuBLAS's own status name (CUBLAS_STATUS_NOT_SUPPORTED) on an AMD machine is a CUDA build whose GEMM reached
   ZLUDA's cuBLAS: the package is the cause (packages). ROCm builds print hipBLAS's name, which stays the
   runtime's "this GEMM is not supported on this GPU".
B. The BLAS handle or workspace allocation failing (CUBLAS/HIPBLAS_STATUS_ALLOC_FAILED, torch's first GEMM) is
   the GPU out of memory.
"""
from __future__ import annotations

from tests.explain_helpers import run

# https://github.com/lshqqytiger/ZLUDA/issues/37 (a CUDA torch through ZLUDA)
ZLUDA = ["ERROR diffusion_model.output_blocks.5.1.transformer_blocks.1.ff.net.2.weight CUDA error: "
         "CUBLAS_STATUS_NOT_SUPPORTED when calling `cublasSgemm( handle, opa, opb, m, n, k, &alpha, a, lda, b, ldb, "
         "&beta, c, ldc)`"]
# https://github.com/axolotl-ai-cloud/axolotl/issues/1596
ALLOC = ["RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`"]


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


def test_cublas_not_supported_is_a_cuda_build_and_hipblas_stays_the_gpus():
    [d] = [d for d in run(ZLUDA).diagnoses if d.is_problem]
    assert d.signature.id == "cublas-not-supported-cuda-build" and d.signature.family == "packages"
    rocm = [x.replace("CUBLAS_STATUS", "HIPBLAS_STATUS").replace("cublasSgemm", "hipblasSgemm") for x in ZLUDA]
    assert _ids(rocm) == ["hipblas-not-supported"]


def test_a_blas_handle_that_cannot_allocate_is_gpu_out_of_memory():
    assert _ids(ALLOC) == ["hip-oom"]
    assert _ids([ALLOC[0].replace("CUBLAS_STATUS_ALLOC_FAILED", "HIPBLAS_STATUS_ALLOC_FAILED")
                 .replace("cublasCreate", "hipblasCreate")]) == ["hip-oom"]
    # another status of the same call is not memory
    assert "hip-oom" not in _ids([ALLOC[0].replace("ALLOC_FAILED", "INTERNAL_ERROR")])


def test_llama_cpps_hip_build_names_cublas_after_its_rocm_error():
    # https://github.com/ggml-org/llama.cpp/issues/14576: llama.cpp's HIP backend (ggml-cuda.cu built for ROCm) prints
    # the cuBLAS status after "ROCm error:": the ROCm build, so the GEMM the GPU's BLAS does not support, not ZLUDA
    assert _ids(["ROCm error: CUBLAS_STATUS_NOT_SUPPORTED"]) == ["hipblas-not-supported"]
