"""Driver/runtime/packages/containers classes that independent batch 4 missed, each fixed as a class
(docs/accuracy.md): constructed lines in several wordings, look-alikes that must stay as they were, and
the real dev excerpts that showed them (tests/corpus/logs/<name>.log, source URL on the first line).
The spent fresh batches (tests/corpus/fresh/logs) are regression cases, not measurements.

A. An application refuses the GPU's gfx in its own words (runtime).
B. A kernel library refuses the arch at build time or in its arch table (packages).
C. SDPA with no fused kernel for the GPU aborts the job (packages); its warnings alone do not.
D. The Windows HIP runtime DLLs are missing or find no GPU (packages); Linux's "no device" stays runtime.
E. KFD does not drive this ASIC (driver).
F. A rootless container's unmapped device group (containers); a host's missing group stays permissions.
G. ggml's backend-prefixed "invalid device function" (runtime).
H. Healthy runs that print gfx names, "not supported" notes and device lists are not flagged.
"""
from __future__ import annotations

import pytest

from tests.explain_helpers import corpus_lines, run, top



# ------------------------------------------------------------------ A. an app refuses the gfx
APP_REFUSES = [
    # Ollama, old and new wordings (https://github.com/ollama/ollama/issues/2503, /issues/11569)
    ['time=2024-03-15T14:15:29.943-06:00 level=WARN source=amd_linux.go:114 msg="amdgpu [0] gfx1010 is not supported by '
     '/tmp/ollama402405963/rocm [gfx1030 gfx1100 gfx1101 gfx1102 gfx900 gfx906 gfx908 gfx90a gfx940 gfx941 gfx942]"'],
    ['level=WARN source=amd_linux.go:376 msg="amdgpu is not supported (supported types:[gfx1030 gfx1100 gfx1101 gfx1102 '
     'gfx1151 gfx1200 gfx1201 gfx908 gfx90a gfx942])" gpu_type=gfx906 gpu=GPU-1'],
    # Triton's compiler (https://github.com/Said-Akbar/triton-gcn5/issues/4)
    ["loc(\"/opt/vllm/vllm/attention/ops/triton_flash_attention.py\":309:0): error: unsupported target: 'gfx906'"],
    # vLLM / aiter kernels (https://github.com/vllm-project/vllm/issues/51964) and a backend's own check
    ["AssertionError: mla_gluon requires gfx950 (CDNA4), got gfx942"],
    ["ValueError: fp8 KV cache is not supported on gfx1030"],
    ["RuntimeError: GPU gfx803 is not supported by this build"],
    # MIGraphX has no solution for the op on this gfx (https://github.com/pnikolic-amd/ComfyUI_MIGraphX/issues/11)
    ["RuntimeError: /src/AMDMIGraphX/src/targets/gpu/compile_ops.cpp:147: add_compiles: No solutions provided for "
     "gpu::mlir_op with gfx1100\t42\t-t f32"],
]


@pytest.mark.parametrize("lines", APP_REFUSES, ids=lambda ls: ls[0][-50:])
def test_an_app_refusing_the_gfx_is_runtime(lines):
    assert top(lines)[0] == "runtime"


APP_LOOKALIKES = [
    # Ollama skips an iGPU it does not use, and overrides; the dGPU is used (https://github.com/ollama/ollama/issues/11557)
    ['time=2025-07-26T11:15:53.149+03:00 level=INFO source=amd_linux.go:386 msg="amdgpu is supported" gpu=0 gpu_type=gfx1102',
     'time=2025-07-26T11:15:53.149+03:00 level=INFO source=amd_linux.go:296 msg="unsupported Radeon iGPU detected skipping" id=1'],
    # vLLM picks another attention backend (https://github.com/vllm-project/vllm/issues/9319)
    ["INFO 10-15 08:52:52 selector.py:215] flash_attn is not supported on NAVI GPUs.",
     "INFO 10-15 08:52:52 selector.py:120] Using ROCmFlashAttention backend."],
    # torch falls back from hipBLASLt (https://github.com/ROCm/rocm-libraries/issues/780)
    ["UserWarning: Attempting to use hipBLASLt on an unsupported architecture! Overriding blas backend to hipblas"],
    ["  Name:                    gfx1100", "      Name:                    amdgcn-amd-amdhsa--gfx1100"],
    # a component that notes the gfx and goes on (falls back, skips, logs at INFO)
    ["WARNING 03-10 19:47:32 [rocm.py:90] custom paged attention is not supported on gfx1100, falling back to Triton"],
    ['time=2024-08-09T00:25:59.172+08:00 level=INFO source=amd_linux.go:270 msg="gfx1036 is not supported, skipping iGPU"'],
]


@pytest.mark.parametrize("lines", APP_LOOKALIKES, ids=lambda ls: ls[0][-50:])
def test_gfx_notes_of_a_working_run_are_not_a_failure(lines):
    assert top(lines) == (None, None)


@pytest.mark.parametrize("name", ["comfymgx-11-mlir-op-no-solution-gfx1100", "rocmlibs-4-gfx90c-xnack-not-supported-windows",
                                  "comfydocker-122-rocm-compose-invalid-device-function"])
def test_real_app_refusals_are_runtime(name):
    assert top(corpus_lines(name))[0] == "runtime"


def test_fresh4_ollama_long_supported_list_is_runtime():
    assert top(corpus_lines("ollama-11569-mi50-gfx906-not-in-supported-types", "fresh/logs")) == (
        "runtime", "app-gpu-arch-unsupported")


# ------------------------------------------------------------------ B. a kernel library refuses the arch
LIB_REFUSES = [
    # aiter's arch table (https://github.com/ROCm/aiter/issues/1552, https://github.com/vllm-project/vllm/pull/30952)
    ["  File \"/src/aiter/aiter/jit/utils/chip_info.py\", line 63, in get_gfx_custom_op_core", "KeyError: 'gfx1151'"],
    ['ERROR test_basic_correctness.py - RuntimeError: Get GPU arch from rocminfo failed "Unknown GPU architecture: gfx1201. '
     'Supported architec...'],
    # Tensile at build time (https://github.com/ROCm/TheRock/issues/154)
    ["2025-03-05T21:10:24.2119956Z [hipBLASLt] Tensile::FATAL: Architecture gfx1151 not supported"],
    # flash-attention's setup check and its runtime refusal in several wordings
    ["gfx1100  is invalid or not supported by Flash-Attention"],
    ["AssertionError: One of GPU archs of ['gfx1151'] is invalid or not supported"],
    ["Flash Attention failed, using default SDPA: FlashAttention currently only supports MI100 and RX7000 and above"],
    ["RuntimeError: FlashAttention only supports Ampere GPUs or newer."],
]


@pytest.mark.parametrize("lines", LIB_REFUSES, ids=lambda ls: ls[-1][-50:])
def test_a_kernel_library_refusing_the_arch_is_packages(lines):
    assert top(lines)[0] == "packages"


def test_a_keyerror_that_is_not_an_arch_is_not_packages():
    # no rule calls it a refused arch; the public reports its words resemble may still be offered as a lead
    fam, sig = top(["KeyError: 'input_ids'"])
    assert fam != "packages" or (sig or "").startswith("resembles-")


@pytest.mark.parametrize("name", ["aiter-1552-gfx1151-unknown-arch-setup", "comfyfa-3-gfx1103-fa-only-supports-mi100-rx7000"])
def test_real_library_refusals_are_packages(name):
    assert top(corpus_lines(name))[0] == "packages"


def test_fresh_flash_attention_one_liner_is_packages():
    assert top(corpus_lines("rocmfa-93-gfx1100-not-supported", "fresh/logs")) == ("packages", "flash-attn-unsupported-gpu")


# ------------------------------------------------------------------ C. SDPA aborts for want of a kernel
SDPA_WARN = ["/w/t.py:107: UserWarning: Memory efficient kernel not used because: (Triggered internally at "
             "/pytorch/aten/src/ATen/native/transformers/hip/sdp_utils.cpp:839.)",
             "  output = torch.nn.functional.scaled_dot_product_attention(q, k, v)"]


def test_sdpa_abort_is_a_packages_failure_and_its_warnings_alone_are_not():
    # https://github.com/ROCm/TheRock/issues/1364
    assert top(SDPA_WARN + ["RuntimeError: No available kernel. Aborting execution."]) == ("packages", "sdpa-no-kernel-abort")
    assert top(SDPA_WARN) == (None, None)
    assert top(corpus_lines("therock-1364-gfx1151-sdpa-no-available-kernel")) == ("packages", "sdpa-no-kernel-abort")


# ------------------------------------------------------------------ D. the Windows HIP runtime
WINDOWS_HIP = [
    # https://github.com/vosen/ZLUDA/issues/545, https://github.com/ROCm/hip/issues/3910
    ["The code execution cannot proceed because amdhip64_6.dll was not found. This problem may be solved by reinstalling the program."],
    ["The code execution cannot proceed because amdhip64.dll was not found. Reinstalling the program may fix this problem."],
    ['checkHipErrors() HIP API error = 0100 "no ROCm-capable device is detected" from file '
     '<C:\\constructicon\\builds\\gfx\\eleven\\24.20\\drivers\\compute\\hip-tests\\samples\\1_Utils\\hipInfo\\hipInfo.cpp>, line 192.'],
    [":3:C:\\constructicon\\builds\\gfx\\two\\23.30\\drivers\\compute\\clr\\hipamd\\src\\hip_device_runtime.cpp:548 : "
     "1256748170 us: [pid:20784 tid:0x9b0] hipGetDeviceCount: Returned hipErrorNoDevice :"],
]


@pytest.mark.parametrize("lines", WINDOWS_HIP, ids=lambda ls: ls[0][:50])
def test_the_windows_hip_runtime_is_packages(lines):
    assert top(lines) == ("packages", "windows-hip-runtime")


@pytest.mark.parametrize("line", ["RuntimeError: No HIP GPUs are available",
                                  "ggml_cuda_init: failed to initialize ROCm: no ROCm-capable device is detected",
                                  ":3:hip_device_runtime.cpp:548 : 1256748170 us: hipGetDeviceCount: Returned hipErrorNoDevice :"])
def test_no_device_on_linux_stays_runtime(line):
    assert top([line]) == ("runtime", "hip-no-gpus")


def test_real_windows_dll_and_fresh_vcredist():
    assert top(corpus_lines("zluda-545-rx570-amdhip64-6-dll-missing"))[0] == "packages"
    assert top(corpus_lines("rocmhip-3910-win-7900xtx-no-device-vcredist", "fresh/logs"))[0] == "packages"


# ------------------------------------------------------------------ E. KFD does not drive the ASIC
def test_kfd_unsupported_asic_is_driver():
    # https://github.com/ROCm/rocminfo/issues/27 and the spent fresh rocm-2232 (PITCAIRN)
    assert top(["[    2.721238] amdgpu 0000:02:00.0: kfd not supported on this ASIC"]) == ("driver", "kfd-asic-unsupported")
    assert top(["[    3.548555] kfd kfd: amdgpu: PITCAIRN  not supported in kfd"]) == ("driver", "kfd-asic-unsupported")
    assert top(["[    2.720894] kfd kfd: Initialized module"]) == (None, None)
    assert top(corpus_lines("rocminfo-27-polaris12-kfd-not-supported-asic"))[0] == "driver"
    assert top(corpus_lines("rocm-2232-kfd-pitcairn", "fresh/logs"))[0] == "driver"


# ------------------------------------------------------------------ F. rootless container's unmapped group
ROCMINFO = ["ROCk module is loaded", "Unable to open /dev/kfd read-write: Permission denied"]
NOTE = ('{u} is not member of "{g}" group, the default DRM access group. Users must be a member of the "{g}" group or '
        'another DRM access group in order for ROCm applications to run successfully.')


def test_an_unmapped_device_group_is_containers_and_a_missing_group_is_permissions():
    # https://github.com/89luca89/distrobox/issues/1230
    assert top(ROCMINFO + [NOTE.format(u="wayne", g="nogroup")]) == ("containers", "userns-device-group-unmapped")
    assert top(ROCMINFO + [NOTE.format(u="ci", g="65534")])[0] == "containers"
    assert top(ROCMINFO + [NOTE.format(u="igor", g="render")])[0] == "permissions"
    # root refused is filed under permissions twice and containers once in the corpus: left to permissions
    assert top(ROCMINFO + [NOTE.format(u="root", g="nogroup")])[0] == "permissions"
    assert top(corpus_lines("distrobox-1230-podman-kfd-permission-nogroup"))[0] == "containers"
    assert top(corpus_lines("gfx803docker-4-kfd-denied"))[0] == "permissions"


# ------------------------------------------------------------------ G. ggml's invalid device function
@pytest.mark.parametrize("line", ["ROCm error: invalid device function",
                                  "CUDA error 98 at /code/llama.cpp/ggml-cuda.cu:6246: invalid device function",
                                  "CUDA error: invalid device function"])
def test_ggml_invalid_device_function_is_runtime(line):
    assert top(["ggml_cuda_compute_forward: MUL_MAT failed", line]) == ("runtime", "hip-invalid-device-function")


# ------------------------------------------------------------------ H. healthy look-alikes
@pytest.mark.parametrize("name", ["llamacpp-8186-gfx1100-slow-healthy", "pytorch-138067-hipblaslt-override-warning-healthy",
                                  "rocmlibs-780-mi100-hipblaslt-fallback-healthy",
                                  "rocmvllm-527-navi-startup-all-reduce-disabled-healthy",
                                  "vllm-27321-platform-probe-rocm-not-available-healthy",
                                  "vllm-38434-wsl-rocm-amdsmi-fallback-healthy"])
def test_healthy_lookalikes_are_not_flagged(name):
    assert run(corpus_lines(name)).exit_code() == 0


def test_a_missing_kfd_node_is_containers_and_a_refused_one_is_not():
    # https://github.com/ROCm/legacy-rocm-build/issues/1798 (docker), /issues/1361 (WSL)
    absent = ["ROCk module is loaded", "Unable to open /dev/kfd read-write: No such file or directory",
              "Failed to get user name to check for video group membership"]
    assert top(absent) == ("containers", "kfd-node-absent")
    assert top(["Unable to open /dev/kfd read-write: Permission denied"])[0] == "permissions"
    assert top(["Unable to open /dev/kfd read-write: Operation not permitted"])[0] == "permissions"
    # With "ROCk module is NOT loaded" the log alone cannot tell a WSL host (containers) from a
    # bare-metal host without amdgpu (driver, FAMILIES.md): the driver leads, the node stays listed.
    ids = [d.signature.id for d in run(corpus_lines("legacyrocm-1361-wsl2-rx580-no-kfd")).diagnoses]
    assert ids[:2] == ["driver-refuses-gpu", "kfd-node-absent"]


def test_an_smu_still_busy_is_driver():
    # https://github.com/ROCm/legacy-rocm-build/issues/2196
    line = ("[31317.644104] amdgpu 0000:0d:00.0: amdgpu: SMU: I'm not done with your previous command: "
            "SMN_C2PMSG_66:0x00000012 SMN_C2PMSG_82:0x00000005")
    assert top([line]) == ("driver", "amdgpu-smu-message-failed")
    assert top(["[    7.7] amdgpu 0000:83:00.0: amdgpu: SMU is initialized successfully!"]) == (None, None)


# ------------------------------------------------------------------ I. ROCm pieces a build or app cannot find
ROCM_ABSENT = [
    # Ollama falls back to the CPU without a ROCm library (its own warning)
    ['level=WARN source=amd_linux.go:443 msg="amdgpu detected, but no compatible rocm library found.  Either install rocm v6, '
     'or follow manual install instructions at https://github.com/ollama/ollama/blob/main/docs/linux.md#manual-install"'],
    # clang and CMake (https://github.com/ROCm/rocBLAS/issues/1280, https://github.com/ROCm/hip/issues/2086,
    # https://github.com/bitsandbytes-foundation/bitsandbytes/issues/1468)
    ["clang-15: error: cannot find ROCm device library; provide its path via '--rocm-path' or '--rocm-device-lib-path', "
     "or pass '-nogpulib' to build without ROCm device library"],
    ["clang-11: error: cannot find ROCm installation.  Provide its path via --rocm-path, or pass -nogpulib."],
    ["CMake Error at /usr/local/share/cmake-3.31/Modules/CMakeDetermineHIPCompiler.cmake:174 (message):",
     "  Failed to find ROCm root directory."],
    ["/bin/sh: 1: /opt/rocm/bin/hipcc: not found"],
    # pip finds no build of the pin (https://github.com/pytorch/pytorch/issues/118233)
    ["ERROR: Could not find a version that satisfies the requirement pytorch-triton-rocm==2.2.0 (from torch==2.2.0+rocm5.7) "
     "(from versions: 0.0.1, 2.1.0)", "ERROR: No matching distribution found for pytorch-triton-rocm==2.2.0 (from torch==2.2.0+rocm5.7)"],
    # a matrix-core intrinsic selected for a gfx without matrix cores; bitsandbytes' older setup wording
    ["LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.mfma.f32.32x32x8bf16.1k"],
    ["RuntimeError: CUDA Setup failed despite GPU being available. Please run the following command to get more information:"],
    ["AttributeError: 'NoneType' object has no attribute 'cadam32bit_grad_fp32'"],
]


@pytest.mark.parametrize("lines", ROCM_ABSENT, ids=lambda ls: ls[-1][:50])
def test_missing_rocm_pieces_are_packages(lines):
    assert top(lines)[0] == "packages"


@pytest.mark.parametrize("line", ['-- Found HIP: /opt/rocm (found version "6.2.41133")',
                                  "Looking in indexes: https://download.pytorch.org/whl/rocm6.2",
                                  "AttributeError: 'NoneType' object has no attribute 'shape'"])
def test_build_chatter_is_not_a_packages_failure(line):
    assert top([line])[0] != "packages"


def test_k8s_without_free_amd_gpus_is_containers():
    # https://github.com/k3s-io/k3s/issues/8575
    assert top(["  Warning  FailedScheduling  29m                  default-scheduler  0/1 nodes are available: 1 Insufficient "
                "amd.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod.."]) == (
        "containers", "k8s-amd-gpu-unschedulable")
    assert top(["  Warning  FailedScheduling  6s  default-scheduler  0/2 nodes are available: 2 Insufficient cpu."])[0] != "containers"
