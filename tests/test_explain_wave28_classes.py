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
    # look-alike: a Python package's native build failing the same way is that package's
    assert top(DKMS[6:]) != ("driver", "dkms-module-build-failed")


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
