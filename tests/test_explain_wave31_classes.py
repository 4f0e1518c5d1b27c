"""Classes the first fresh group of wave 31 (batches 239-246) missed, read for round 1, each fixed as a class: real
lines with their source URL, and for each a look-alike that must stay as it was.

A. ROCr aborting on a memory error event for an allocation ("Memory critical error by agent node-0 ... Reason: Memory
   in use"): the runtime, and not the GPU page fault ("Memory access fault by GPU") it resembles.
B. llama.cpp's HIP virtual-memory pool failing ("HipVMM Failure: out of memory", also as gdb shows ggml_abort's
   format string): a build of llama.cpp with VMM on, packages; its "VMM: yes" device line is no failure.
"""
from __future__ import annotations

from tests.explain_helpers import top

# A. https://github.com/containers/ramalama/issues/732 (a Radeon 780M under ROCm), ROCm/legacy-rocm-build#6182
CRITICAL = ["[hsaKmtFreeMemoryCtx] address 0x7f091de3f000",
            "Memory critical error by agent node-0 (Agent handle: 0x560304d08f00) on address 0x7f091de3f000. Reason: "
            "Memory in use."]


def test_a_a_runtime_memory_error_event_is_the_runtime():
    assert top(CRITICAL) == ("runtime", "hsa-memory-critical-error")
    fault = ["Memory access fault by GPU node-1 (Agent handle: 0x1f829860) on address 0x7a8a4be00000. Reason: Page not "
             "present or supervisor privilege."]
    assert top(fault) == ("runtime", "hsa-memory-access-fault")  # the page fault keeps its own signature


# B. https://github.com/YellowRoseCx/koboldcpp-rocm/issues/105, https://github.com/ggml-org/llama.cpp/pull/26054,
# https://github.com/ggml-org/llama.cpp/issues/11405 (gdb's backtrace of the abort)
def test_b_llama_cpp_s_hip_vmm_pool_failing_is_its_build():
    assert top(["ggml/src/ggml-cuda/ggml-cuda.cu:444: HipVMM Failure: out of memory"]) == \
        ("packages", "llama-cpp-hip-vmm-failure")
    gdb = ["#3  0x00007ffff4a054c3 in __GI_abort () at abort.c:79",
           '#4  0x00007ffff7cf5b3a in ggml_abort (file=0x7ffff501ab78 "/home/u/llama.cpp/ggml/src/ggml-cuda/ggml-cuda.cu", ',
           '    line=359, fmt=0x7ffff5022129 "HipVMM Failure: %s\\n") at /home/u/llama.cpp/ggml/src/ggml.c:180',
           "#5  0x00007ffff7b5cc30 in ggml_cuda_pool_vmm::alloc (this=0x5555686a6ba0, size=4608, actual_size=0x7ff)"]
    assert top(gdb) == ("packages", "llama-cpp-hip-vmm-failure")
    assert top(["  Device 0: AMD Radeon RX 6700 XT, compute capability 10.3, VMM: yes"]) == (None, None)


# From the second fresh group (batches 247-254), read for round 2:
# C. https://github.com/ArjunaCluster/ArjunaUsers/issues/216: Omni-Path's PSM2 and Open MPI's openib with no port up
def test_c_a_fabric_with_no_active_port_is_distributed():
    assert top(["e001.53882PSM2 no hfi units are active (err=23)"]) == ("distributed", "fabric-no-active-ports")
    assert top(["but there are no active ports detected (or Open MPI was unable to use"]) == \
        ("distributed", "fabric-no-active-ports")
    assert top(["WARNING: There is at least non-excluded one OpenFabrics device found,"]) == (None, None)


# D. https://github.com/sparticlesteve/pytorch-cuda-mpi-error (slurm-405737.out): UCX's own error, then a crash in it
def test_d_ucx_failing_under_mpi_is_distributed_and_its_allocation_failure_is_not():
    lines = ["0: [1579244748.838971] [cgpu12:56309:2]    cuda_ipc_md.c:62   UCX  ERROR cuCtxGetDevice(&cu_device) is "
             "failed. ret:invalid device context",
             "0: [cgpu12:56309:2:56362] Caught signal 11 (Segmentation fault: address not mapped to object at address "
             "0x20)"]
    assert top(lines) == ("distributed", "ucx-transport-error")
    assert top(["ucp_worker.c:1413 UCX  ERROR uct_iface_open(posix/memory) failed: Out of memory"])[1] != \
        "ucx-transport-error"


# E. https://github.com/LarryJane491/Lora-Training-in-Comfy/issues/107 (kohya sd-scripts' progress bar)
def test_e_a_running_average_loss_of_exactly_zero_is_numerics():
    assert top(["steps:  62%|######     | 496/800 [02:08<01:18,  3.86it/s, avr_loss=0]"]) == \
        ("numerics", "average-loss-zero")
    assert top(["steps:  62%|######     | 496/800 [02:08<01:18,  3.86it/s, avr_loss=0.0934]"]) == (None, None)
    assert top(["steps:  1%|#  | 6/800 [00:08<01:18,  3.86it/s, avr_loss=0.0102]"]) == (None, None)


# F. https://github.com/ltngonnguyen/vicuna-matata/issues/5 (llama-cpp-python built by scikit-build)
def test_f_scikit_build_s_cmake_failure_is_a_failed_package_build():
    assert top(["      An error occurred while building with CMake.",
                "        Command:",
                "          /tmp/pip-build-env-rtln4jpo/overlay/bin/cmake --build . --target install --config Release --"]) \
        == ("packages", "pip-wheel-build-failed")
