"""Classes of the fifteenth wave (issue 24 §2), read from spent fresh batch 45, each with its real instance and a
look-alike (source URL beside each).

A. The user's own `docker run` with no GPU flag (no --device /dev/kfd, /dev/dri, --gpus, --privileged), then torch in
   the container seeing no GPU: the container was given none (containers), whatever torch it holds; the same run with
   the devices is not this class.
B. Four runtime refusals in their own words: a HIP API missing from the loaded runtime (packages), a profiler without
   CAP_SYS_PERFMON (permissions, a warning), two GPUs without peer access quoted by a custom all-reduce
   (distributed: not the generic quoted runtime error), a failed KFD ioctl of the thunk (driver).
"""
from __future__ import annotations

from tests.explain_helpers import run, top

# https://github.com/floydhub/dockerfiles/issues/3
FLOYD = ["$ sudo docker run  -t -i floydhub/pytorch:latest-gpu-py3 ipython", "Python 3.5.3 (default, Feb 13 2017)",
         "In [1]: import torch", "", "In [2]: torch.cuda.is_available()", "Out[2]: False"]


def test_a_container_run_without_gpu_flags_then_no_gpu_is_the_containers_cause():
    assert top(FLOYD) == ("containers", "container-run-without-gpu")
    d = next(d for d in run(FLOYD).diagnoses if d.signature.id == "container-run-without-gpu")
    assert d.occurrence.matches[0].line.text.startswith("$ sudo docker run")  # cited where the run is
    # a run continued over lines with --device on the second: the container has the GPU; not this class
    with_devices = ["$ docker run -it \\", "    --device=/dev/kfd --device=/dev/dri rocm/pytorch:latest python3",
                    ">>> import torch", ">>> torch.cuda.is_available()", "False"]
    assert top(with_devices)[1] != "container-run-without-gpu"
    # a run with no GPU flag whose torch then sees a GPU (or says nothing of it): nothing to say of the run
    assert top(FLOYD[:-1] + ["Out[2]: True"])[1] != "container-run-without-gpu"


def test_runtime_refusals_in_their_own_words():
    # https://github.com/hashcat/hashcat/issues/2891
    assert top(["$ ./hashcat.bin -I", "hashcat (v6.2.3) starting in backend information mode", "",
                "hipFuncSetSharedMemConfig is missing from HIP shared library."]) == \
        ("packages", "hip-api-missing-from-runtime")
    # https://github.com/sgl-project/sglang/issues/1509: the quoted error is the peer-access refusal
    assert top(["[19:01:01 TP0] Init nccl begin.", "Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:307 "
                "'peer access is not supported between these two devices'"]) == ("distributed", "peer-access-unsupported")
    # a quoted runtime error of another kind stays the generic one
    assert top(["Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:307 'invalid argument'"])[1] != \
        "peer-access-unsupported"
    # https://github.com/ROCm/legacy-rocm-build/issues/438
    assert top(["acquiring VM for 86f3 using 5", "AMDKFD_IOC_ACQUIRE_VM failed",
                "hsa api call failure at line 896, file: rocminfo.cc. Call returned 4104"]) == \
        ("driver", "kfd-ioctl-failed")


def test_batch_46_classes_in_their_own_words():
    # https://github.com/ROCm/aiter/issues/2021: no prebuilt kernel file for this GPU
    assert top(["$ python3 op_tests/test_layernorm2d.py", "[AITER] /triton/aiter/csrc/include/aiter_hip_common.h:85 fail "
                "to call hipModuleLoad(&module, hsa_path.c_str()) ---> [HIP error](file not found)"]) == \
        ("runtime", "hip-module-file-not-found")
    # https://github.com/hashcat/hashcat/issues/3550 and #2972
    assert top(["hipInit(): 101", "", "No devices found/left."]) == ("runtime", "hip-init-failed")
    assert top(["hipInit(): 0", "Device #1: gfx1100"])[1] != "hip-init-failed"
    assert top(["clGetPlatformIDs(): CL_PLATFORM_NOT_FOUND_KHR", "",
                "ATTENTION! No OpenCL-compatible, HIP-compatible or CUDA-compatible platform found."]) == \
        ("packages", "no-compute-runtime-installed")
    # https://github.com/ROCm/jax/pull/825
    assert top(["WARNING jax_plugins.xla_rocm10:__init__.py rocm_plugin_extension is not found.",
                "NOT_FOUND: No FFI handler registered for hipsolver_getrf_ffi on a platform ROCM"]) == \
        ("packages", "jax-rocm-plugin-mismatch")
    # https://github.com/EleutherAI/gpt-neox/issues/940: DeepSpeed's launcher reports a rank killed by SIGBUS (-7):
    # shared memory, not an op build (the long base64 config argument is no compiler error)
    launcher = ("[2023-05-17 11:25:13,146] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', "
                "'--local_rank=1', '--deepspeed_config', 'eyJ0cmFpbl9iYXRjaF9zaXplIjogMn0='] exits with return code = ")
    assert top([launcher + "-7"]) == ("memory", "dataloader-shm-bus-error")
    assert top([launcher + "1"])[1] != "dataloader-shm-bus-error"


def test_a_smi_field_the_card_does_not_expose_is_no_failure():
    # https://github.com/gpustack/gpustack/issues/1508 (hy-smi on a Hygon Z100L): one field unread, the rest printed
    lines = ["ty@ty:~$ /usr/local/dtk-24.04.3/bin/hy-smi --showid --showuniqueid --json", "",
             "Error: Failed to show unique id: File read or write error.",
             '{"card0": {"Device ID": "0x55b7", "Card Series": "Z100L"}}', "Warning: One or more commands failed"]
    assert run(lines).exit_code() == 0
    assert run(["Error: Failed to open /dev/kfd: Permission denied"]).exit_code() != 0  # not any "Error: Failed to"
