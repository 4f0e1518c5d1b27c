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
