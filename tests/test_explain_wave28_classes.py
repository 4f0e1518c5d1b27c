"""Classes the fresh batches of wave 28 (145-147) missed, each fixed as a class: real lines with their source URL, and
for each a look-alike that must stay as it was.

A. A rank that died of SIGSEGV as its launcher reports it (DeepSpeed's `exits with return code = -11`, torchrun's
   `failed (exitcode: -11)`): a native crash, runtime, not the DeepSpeed op build the `--deepspeed` flag suggested.
B. DKMS failing to build the amdgpu module for the running kernel: the driver against this kernel, even where the
   module's compiler errors are printed above it (they are not a Python package's build).
C. A native stack stopped in ProcessGroupNCCL's broadcast of the NCCL unique ID: a rank waiting at rendezvous.
D. vLLM detecting no platform (its ROCm platform needs amdsmi's Python package): packages.
E. pip's build backend failing before any compiler ran ("Getting requirements to build editable did not run
   successfully"): the package's build, not DeepSpeed.
G. "invalid device ordinal" in a multi-process job (a collective test's own device check, a rank-prefixed line, or a
   log that shows the launcher, a local rank or the job's process-group setup): the launch's rank-to-GPU mapping,
   distributed; one process's bare line stays runtime.
F. NVIDIA's kernel driver (NVRM) reporting a GPU error: Xid events, RmInitAdapter failing, a GPU fallen off the bus,
   the GSP firmware's RPC timeout: the driver, as amdgpu's messages are (fresh batch 155).
"""
from __future__ import annotations

from tests.explain_helpers import top

# A. https://github.com/deepspeedai/DeepSpeedExamples/issues/626
DS_SEGV = ["[2023-07-10 04:26:05,876] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 94984",
           "[2023-07-10 04:26:05,876] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 94985",
           "[2023-07-10 04:26:35,999] [ERROR] [launch.py:324:sigkill_handler] ['/venv/bin/python3.10', '-u', "
           "'trainCLM.py', '--local_rank=1', '--deepspeed', 'config/deepspeed_config.json'] exits with return code = -11"]


def test_a_ranks_sigsegv_is_a_native_crash_whatever_the_launcher():
    assert top(DS_SEGV) == ("runtime", "rank-segfault-exit")
    assert top(["ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -11) local_rank: 0 (pid: 2315) "
                "of binary: /usr/bin/python3"]) == ("runtime", "rank-segfault-exit")
    # look-alikes: SIGKILL is the host's OOM killer (memory); another code is the rank's own error
    assert top(DS_SEGV[:2] + [DS_SEGV[2].replace("-11", "-9")])[0] == "memory"
    assert top(["ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 2315) "
                "of binary: /usr/bin/python3"]) == ("distributed", "torchrun-rank-failed")


# B. https://github.com/ROCm/legacy-rocm-build/issues/5111 (amdgpu-dkms 6.16.13 on Debian 13's 6.12 kernel)
DKMS = ["Building module(s).......(bad exit status: 2)",
        "Failed command:",
        "'make' KERNELVER=6.12.100+deb13-amd64",
        "",
        "Error! Bad return status for module build on kernel: 6.12.100+deb13-amd64 (x86_64)",
        "Consult /var/lib/dkms/amdgpu/6.16.13-2341068.24.04/build/make.log for more information.",
        "/tmp/amd.3JmYtJx8/amd/amdgpu/amdgpu_device.c: In function 'amdgpu_device_resize_fb_bar':",
        "/tmp/amd.3JmYtJx8/amd/amdgpu/amdgpu_device.c:1752:13: error: too few arguments to function "
        "'pci_resize_resource'"]


def test_a_dkms_module_build_is_the_driver_against_this_kernel():
    assert top(DKMS) == ("driver", "dkms-module-build-failed")
    # the module's compiler errors alone (amd/amdgpu/..., its DKMS tree) say the same (wave 30)
    assert top(DKMS[6:]) == ("driver", "dkms-module-build-failed")
    # look-alike: a Python package's native build failing the same way is that package's
    own = [ln.replace("/tmp/amd.3JmYtJx8/amd/amdgpu/amdgpu_device.c", "/tmp/pip-req-build-x/csrc/kernels/ops.cu")
           for ln in DKMS[6:]]
    assert top(own) != ("driver", "dkms-module-build-failed") and top(own)[0] == "packages"


# C. https://github.com/THUDM/slime/issues/1309
FRAMES = ["frame #8: c10d::PrefixStore::get(std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> "
          "> const&) + 0x30 (0x7f97f10fed50 in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cpu.so)",
          "frame #9: c10d::ProcessGroupNCCL::broadcastUniqueNCCLID(ncclUniqueId*, bool, std::__cxx11::basic_string<char, "
          "std::char_traits<char>, std::allocator<char> > const&, int) + 0x5c4 (0x7f9794cce5e4 in "
          "/usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)"]


def test_a_stack_stopped_in_the_unique_id_broadcast_is_a_rendezvous_wait():
    assert top(FRAMES) == ("distributed", "nccl-uniqueid-store-wait")
    assert top(FRAMES[:1]) == (None, None)  # the store's frame alone says nothing of NCCL


# D. https://github.com/vllm-project/vllm/issues/24576 (ROCm 6.4.2)
VLLM = ["DEBUG 09-10 18:43:10 [__init__.py:52] TPU platform is not available because: No module named 'libtpu'",
        "DEBUG 09-10 18:43:10 [__init__.py:120] ROCm platform is not available because: No module named 'amdsmi'",
        "INFO 09-10 18:43:10 [__init__.py:220] No platform detected, vLLM is running on UnspecifiedPlatform"]


def test_vllm_with_no_platform_is_its_packages():
    assert top(VLLM) == ("packages", "vllm-no-platform")
    assert top(VLLM[:1]) == (None, None)  # every vLLM prints the platforms it does not have


# E. https://github.com/vllm-project/vllm/issues/2493 (pip install -e . on a Radeon 780M)
PIP = ["  error: subprocess-exited-with-error",
       "",
       "  × Getting requirements to build editable did not run successfully.",
       "  │ exit code: 1"]


def test_a_build_backend_that_fails_before_compiling_is_the_packages_build():
    assert top(PIP) == ("packages", "pip-wheel-build-failed")


# F. https://github.com/doitsujin/dxvk/issues (Xid 31), NVIDIA/open-gpu-kernel-modules (GSP RPC history, fell off the bus)
NVRM = ["[31543.449440] NVRM: GPU at PCI:0000:01:00: GPU-8a47641b-dff6-f09f-618c-c3eb58fb430d",
        "[31543.449443] NVRM: Xid (PCI:0000:01:00): 31, Ch 0000003a, intr 10000000. MMU Fault: ENGINE GRAPHICS "
        "GPCCLIENT_T1_3 faulted @ 0x17_00592000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"]
OFF_BUS = ["[ 1843.308145] NVRM: The NVIDIA GPU 0000:b3:00.0",
           "               NVRM: (PCI ID: 10de:26b5) installed in this system has",
           "               NVRM: fallen off the bus and is not responding to commands."]


def test_nvidias_kernel_driver_errors_are_the_driver():
    assert top(NVRM) == ("driver", "nvidia-kernel-driver-error")
    assert top(OFF_BUS) == ("driver", "nvidia-kernel-driver-error")
    assert top(["[Sun Apr 14 12:48:42 2024] NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)"]) == (
        "driver", "nvidia-kernel-driver-error")
    # look-alikes: the module's load banner and its version file say nothing is wrong
    assert top(["[    5.123456] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023",
                "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024"]) == (None, None)


def test_a_healthy_cuda_vllm_probing_its_platforms_is_not_a_missing_platform():
    # vLLM probes every platform: a CUDA server prints the ROCm probe's miss, then finds CUDA (the review's log)
    assert top(["DEBUG 09-10 18:43:10 [__init__.py:120] ROCm platform is not available because: No module named 'amdsmi'",
                "INFO 09-10 18:43:10 [__init__.py:44] Automatically detected platform cuda."]) == (None, None)


# G. https://github.com/NVIDIA/nccl-tests/issues/165 (mpirun -np 2, one GPU each on two hosts)
def test_a_ranks_invalid_device_ordinal_is_the_launchs_mapping():
    assert top(["majidnc24MPTXTH: Test CUDA failure common.cu:892 'invalid device ordinal'",
                " .. majidnc24MPTXTH pid 9972: Test failure common.cu:842"]) == ("distributed", "rank-device-ordinal")
    assert top(["RuntimeError: HIP error: invalid device ordinal"]) == ("runtime", "invalid-device-ordinal")
    assert top(["[rank1]: RuntimeError: CUDA error: invalid device ordinal"]) == ("distributed", "rank-device-ordinal")
    # https://github.com/meta-llama/codellama/issues/123: torchrun's elastic agent reports the rank after it
    assert top(["RuntimeError: CUDA error: invalid device ordinal",
                "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 1 (pid: 10622) of "
                "binary: /usr/bin/python3"]) == ("distributed", "rank-device-ordinal")
    # https://github.com/deepspeedai/DeepSpeed/issues/61: the traceback runs through the job's process-group setup
    assert top(["THCudaCheck FAIL file=torch/csrc/cuda/Module.cpp line=38 error=101 : invalid device ordinal",
                "  File \"pretrain_bert.py\", line 441, in initialize_distributed",
                "    torch.cuda.set_device(device)"]) == ("distributed", "rank-device-ordinal")
    # look-alike: one process's set_device in an application's own code stays the runtime's
    assert top(["  File \"app.py\", line 9, in main", "    torch.cuda.set_device(1)",
                "RuntimeError: CUDA error: invalid device ordinal"]) == ("runtime", "invalid-device-ordinal")
