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


# From the third fresh group (batches 255-262), read for round 3:
# G. https://github.com/Project-HAMi/HAMi/issues/662: HAMi's vGPU layer refusing an allocation past the pod's share
def test_g_a_vgpu_share_exceeded_is_memory():
    lines = ["[HAMI-core Msg(30:140387636202368:libvgpu.c:855)]: Initialized",
             "[HAMI-core ERROR (pid:30 thread=140382094939712 allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000",
             "RuntimeError: CUDA error: unrecognized error code"]
    assert top(lines) == ("memory", "vgpu-memory-limit")
    assert top(lines[:1]) == (None, None)


# H. https://github.com/jax-ml/jax/issues/19595 (JAX's NaN checker); https://github.com/PaddlePaddle/PaddleOCR/issues/6848
# (Paddle's AMP scaler halving a scale already far below 1)
def test_h_nan_checkers_and_a_collapsed_loss_scale_are_numerics():
    assert top(['\t"message": "invalid value (nan) encountered in jit(compiled_train_step). Because '
                'jax_config.debug_nans.value and/or config.jax_debug_infs is set, the de-optimized function']) == \
        ("numerics", "jax-debug-nans")
    assert top(["Found inf or nan, current scale is: 2.842170943040401e-14, decrease to: 2.842170943040401e-14*0.5"]) \
        == ("numerics", "fp16-loss-scale-min")
    # the warm-up every AMP run starts with (a scale of 2**15 halving) is no failure; numpy's warning is not JAX's
    assert top(["Found inf or nan, current scale is: 32768.0, decrease to: 32768.0*0.5"]) == (None, None)
    assert top(["RuntimeWarning: invalid value encountered in divide"])[1] != "jax-debug-nans"


# I. https://github.com/ildoonet/tf-pose-estimation/issues/496: a healthy TensorFlow run pasted as a Markdown quote; its
# C++ logging's W and I levels are warnings and information, its E level stays an error
def test_i_tensorflow_log_levels_and_markdown_quotes():
    from rocmdoctor.logs.logscan.lines import parse
    from rocmdoctor.logs.logscan.matcher import looks_like_error

    warn = ("2019-08-09 13:18:29.609039: W tensorflow/core/common_runtime/colocation_graph.cc:1016] Failed to place the "
            "graph without changing the devices of some resources.")
    assert not looks_like_error(warn) and not looks_like_error(parse("> " + warn, 1).text)
    assert looks_like_error("2019-08-09 13:18:29.609039: E tensorflow/stream_executor/cuda/cuda_driver.cc:806] failed "
                            "to allocate 3.8G (4095737856 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY")
    assert parse("> [ 4778.915423] amdgpu 0000:03:00.0: amdgpu: GPU reset begin!", 1).text.startswith("amdgpu 0000:03")
    assert parse(">>> import torch", 1).text == ">>> import torch"  # a Python prompt is no quote
    assert top(["> " + warn]) == (None, None)


# From the fourth fresh group (batches 263-269), read for round 4:
# J. NVIDIA's libraries and loaded kernel module of different releases (NVML's refusal, NVRM's API mismatch):
# https://github.com/pop-os/nvidia-graphics-drivers-470/issues/18, https://github.com/NVIDIA/nvidia-docker/issues/182,
# https://github.com/NVIDIA/k8s-device-plugin/issues/1431 (the container toolkit's form outranks its own failure)
def test_j_nvidia_driver_and_library_of_different_releases_is_the_driver():
    assert top(["Failed to initialize NVML: Driver/library version mismatch"]) == \
        ("driver", "nvidia-driver-library-mismatch")
    assert top(["Aug 26 14:08:07 host kernel: NVRM: API mismatch: the client has the version 367.44, but",
                "                                      NVRM: this kernel module has the version 367.35.  Please"]) == \
        ("driver", "nvidia-driver-library-mismatch")
    assert top(["docker: Error response from daemon: failed to create task for container: OCI runtime create failed: "
                "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown"]) == \
        ("driver", "nvidia-driver-library-mismatch")
    assert top(["NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.173.02  Tue Jun 23 08:38:17 UTC 2026"]) == (None, None)


# K. A library's API refusing a keyword the script passes, raised in the library's frames (trl's SFTTrainer through
# transformers' deprecation wrapper): versions that do not match, packages; raised in the user's own frame it is not
def test_k_an_unexpected_keyword_raised_inside_a_library_is_a_version_mismatch():
    lib = ["Traceback (most recent call last):",
           '  File "/home/u/train.py", line 67, in train',
           "    trainer = SFTTrainer(",
           '  File "/home/u/env/lib/python3.10/site-packages/transformers/utils/deprecation.py", line 165, in wrapped_func',
           "    return func(*args, **kwargs)",
           "TypeError: SFTTrainer.__init__() got an unexpected keyword argument 'max_seq_length'"]
    assert top(lib) == ("packages", "exc-import")
    own = lib[:3] + ["TypeError: build_model() got an unexpected keyword argument 'depth'"]
    assert top(own)[1] != "exc-import"


# L. Intel VT-d's DMAR faults are the IOMMU's, as AMD-Vi's events are (https://github.com/patmagauran/i915ovmfPkg/issues/23)
def test_l_an_intel_iommu_fault_is_the_iommu():
    assert top(["[  144.480641] DMAR: [DMA Read] Request device [00:02.0] PASID ffffffff fault addr 9c000000 [fault "
                "reason 06] PTE Read access is not set"]) == ("driver", "iommu-event-logged")
    assert top(["[    0.012345] DMAR: IOMMU enabled"]) == (None, None)


# M. A healthy DeepSpeed MNIST run whose per-epoch summary prints `loss=0.0000` while the same epoch's batch and running
# losses are not zero (saforem2's train-deepspeed-thetaGPU.md): a rounded summary, not a collapsed loss
def test_m_a_zero_summary_loss_beside_non_zero_batch_losses_is_no_collapse():
    def epoch(n):
        return ["[INFO] - [TRAIN]  loss=0.0000  acc=3%",
                f"[INFO] - [0] [{n}/10: 0/1875 (0%)] epoch={n}.0000 step={n * 8}.0000 dt=0.0026 batch_acc=0.9180 "
                f"batch_loss=0.0011 acc=0.1253 running_loss=0.0002"]
    healthy = ["[INFO] - [TRAIN]  loss=0.5000  acc=3%"] + [ln for n in range(5, 10) for ln in epoch(n)]
    assert top(healthy) == (None, None)
    collapsed = ["[INFO] - [TRAIN]  loss=0.5000  acc=3%"] + ["[INFO] - [TRAIN]  loss=0.0000  acc=3%"] * 4
    assert top(collapsed)[0] == "numerics"


def test_review_look_alikes_of_the_wave_31_readers():
    from rocmdoctor.logs.logscan.lines import parse

    assert parse(">", 1).text == ""  # an empty quoted line
    assert parse("> > nested quote", 1).text == "> > nested quote"  # a quote inside a quote is left as written
    assert parse(">> appended", 1).text == ">> appended"
    # the catalog's variants: JAX's inf checker, ROCr's event on a null address, HAMi's line with its numbers
    assert top(["FloatingPointError: invalid value (inf) encountered in reduce_max"]) == ("numerics", "jax-debug-nans")
    assert top(["Memory critical error by agent node-1 (Agent handle: 0x55d0) on address (nil). Reason: Memory in use."]) \
        == ("runtime", "hsa-memory-critical-error")
    assert top(["[HAMI-core ERROR (pid:30 thread=1 allocator.c:53)]: Device 0 OOM"])[1] != "vgpu-memory-limit"
    # UCX's own /dev/shm shortfall is memory's, not a transport failure
    assert top(["[1700000000.1] [n1:77:0] mm_posix.c:233 UCX  ERROR Not enough memory to write total of 4096 bytes. "
                "Please check that /dev/shm or the directory you specified has more available memory."])[1] != \
        "ucx-transport-error"
