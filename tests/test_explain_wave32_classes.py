"""Classes the first fresh group of wave 32 (batches 279-286) missed, read for round 1, each fixed as a class: real
lines with their source URL, and for each a look-alike that must stay as it was.

A. An application that found no usable GPU in other wordings: Ollama's summary pasted without `msg=`
   ("inference compute id=cpu library=cpu", `total_vram="0 B"`), LM Studio's engine survey ("No ROCm GPUs detected
   of supported targets: ...").
B. ggml's "ROCm error: <message>" (after the loader's progress dots) is a GPU runtime error, whatever the message.
C. Kbuild stopping on an object of the amdgpu driver is the driver's module build, not a Python package's.
D. MSVC's and clang-cl's error form under MSBuild ("file(520,12): error G3E10ACFB: ...") is a failed build.
E. torch's fatal-signal banner ("!!!!!!! Segfault encountered !!!!!!!") is a segmentation fault.
F. A live stack dump (faulthandler, py-spy) with a thread inside a torch.distributed collective is a hang.
"""
from __future__ import annotations

from tests.explain_helpers import top


# A. https://github.com/ollama/ollama/issues/14927, https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1903
def test_a_an_app_that_found_no_usable_gpu_in_its_summary_or_survey_is_runtime():
    assert top(["inference compute id=cpu library=cpu", 'total_vram="0 B"']) == ("runtime", "app-no-compatible-gpu")
    survey = ['      "compatibility": {', '        "status": "noSupportedGpus",',
              '        "message": "No ROCm GPUs detected of supported targets: gfx1030, gfx1100, gfx1101, gfx1102, '
              'gfx1151, gfx1200, gfx1201"', "      },"]
    assert top(survey) == ("runtime", "app-no-compatible-gpu")
    # a GPU it found, and an engine whose targets include the GPU, are no failure
    ok = ['time=2026-06-04T14:14:20.147Z level=INFO source=types.go:32 msg="inference compute" id=0 filter_id=0 '
          'library=ROCm compute=gfx1151 name=ROCm0 description="Radeon 8060S Graphics"',
          'msg="vram-based default context" total_vram="113.5 GiB" default_num_ctx=262144']
    assert top(ok) == (None, None)


# B. https://github.com/ggml-org/llama.cpp/issues/17583 (4x gfx906, a model split over the GPUs)
def test_b_ggml_s_rocm_error_is_the_gpu_runtime_whatever_its_message():
    lines = ["load_tensors:        ROCm3 model buffer size =  2693.32 MiB",
             "......................ROCm error: context is destroyed",
             "  current device: 1, in function ggml_backend_cuda_buffer_set_tensor at /app/ggml/src/ggml-cuda/ggml-cuda.cu:625",
             "  hipStreamSynchronize(((hipStream_t)2))",
             "/app/ggml/src/ggml-cuda/ggml-cuda.cu:89: ROCm error"]
    assert top(lines) == ("runtime", "exc-gpu-runtime")
    # ggml's out-of-memory keeps its memory verdict
    assert top(["ROCm error: out of memory", "  current device: 0, in function alloc at ggml-cuda.cu:435",
                "  hipMalloc((void **) &ptr, look_ahead_size)"])[0] == "memory"


# C. https://github.com/ClangBuiltLinux/linux/issues/2156 (a kernel build with clang 21)
def test_c_kbuild_failing_on_the_amdgpu_sources_is_the_driver():
    lines = ["clang: error: unsupported option '-mhard-float' for target 'x86_64-cros-linux-gnu'",
             "make[5]: *** [/mnt/host/source/src/third_party/kernel/v5.10/scripts/Makefile.build:286: "
             "drivers/gpu/drm/amd/amdgpu/../display/dc/dml/display_mode_lib.o] Error 1"]
    assert top(lines) == ("driver", "dkms-module-build-failed")
    other = ["make[4]: *** [scripts/Makefile.build:286: drivers/gpu/drm/i915/i915_drv.o] Error 1"]
    assert top(other)[1] != "dkms-module-build-failed"


# D. https://github.com/ROCm/HIPIFY/issues/629 (HIP under Visual Studio: clang's errors in MSBuild's form)
def test_d_msbuild_s_compiler_error_form_is_a_failed_build():
    line = ("C:/Program Files/NVIDIA GPU Computing Toolkit/CUDA/v11.7/include\\cuda/std/detail/libcxx/include/"
            "type_traits(520,12): error G3E10ACFB: CUDA device code does not support variadic functions "
            "[D:\\Repository\\HIP\\build\\MatPreview\\HIP_File.vcxproj]")
    assert top([line, "  false_type __sfinae_test_impl(...);"]) == ("packages", "build-failed")
    assert top(["src\\main.cpp(12): error C2065: 'x': undeclared identifier"]) == ("packages", "build-failed")
    # a warning in the same form is not a failure
    assert top(["src\\main.cpp(12,3): warning C4244: conversion from 'double' to 'float'"]) == (None, None)


# E. https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/2355 (a rank's crash while writing a checkpoint)
def test_e_torch_s_segfault_banner_is_a_segmentation_fault():
    lines = [" 93: !!!!!!! Segfault encountered !!!!!!!",
             ' 93:   File "<unknown>", line 0, in crc32_16bytes(void const*, unsigned long, unsigned int)',
             ' 93:   File "<unknown>", line 0, in mz_crc32']
    assert top(lines) == ("runtime", "process-segfault-at-end")


# F. https://github.com/pytorch/torchtitan/issues/168 (an MI250X node; the dump a timeout printed)
def test_f_a_stack_dump_inside_a_collective_is_a_hang():
    dump = ["[rank0]:Thread 0x00007f13c65f5400 (most recent call first):",
            '[rank0]:  File "/home/u/envs/llm-amd/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", '
            'line 3230 in scatter']
    assert top(dump) == ("distributed", "stack-dump-in-collective")
    pyspy = ["Thread 0x7F1D2BFFF740 (active): \"MainThread\"",
             "    all_reduce (torch/distributed/distributed_c10d.py:2050)"]
    assert top(pyspy) == ("distributed", "stack-dump-in-collective")
    # an exception's traceback through the same function is not a dump of a waiting process
    tb = ['  File "/usr/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 3230, in scatter',
          "    work = default_pg.scatter(output_tensors, input_tensors, opts)"]
    assert top(tb)[1] != "stack-dump-in-collective"


# From the second fresh group (batches 287-294), read for round 2:
# G. https://github.com/NVIDIA/nccl/issues/962: torch's "internal error" after RCCL/NCCL's proxy failed to allocate
def test_g_nccls_own_allocation_failure_is_the_cause_of_its_internal_error():
    lines = ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1296, "
             "internal error - please report this issue to the NCCL developers, NCCL version 2.18.1",
             "node:2134736:2285781 [0] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'",
             "node:2134736:2285781 [0] include/alloc.h:185 NCCL WARN Failed to CUDA calloc 6291456 bytes"]
    assert top(lines) == ("memory", "nccl-cuda-oom")
    assert top(lines[:1])[1] == "nccl-internal-error"  # alone, the internal error keeps its own verdict


# H. https://github.com/vllm-project/vllm/issues/3878 (MI250X), https://github.com/pytorch/pytorch/issues/101137
def test_h_tritons_compiler_failing_to_lower_a_kernel_is_packages():
    lines = ["error: LLVM Translation failed for operation: builtin.unrealized_conversion_cast",
             "Failed to emit LLVM IR",
             "Translate to LLVM IR failedLLVM ERROR: Failed to translate TritonGPU to LLVM IR.",
             "*** SIGABRT received at time=1712361058 on cpu 4 ***"]
    assert top(lines) == ("packages", "triton-compile-failed")
    assert top(["error: failed to legalize operation 'tt.load' that was explicitly marked illegal"]) == \
        ("packages", "triton-compile-failed")
    assert top(["LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.fdot2.bf16.bf16"])[1] != "triton-compile-failed"


# I. https://github.com/ROCm/legacy-rocm-build/issues/4619 and an apt resolver in its debug words (ROCm 7 on KDE neon)
def test_i_dpkg_and_apts_resolver_refusing_the_install_are_packages():
    dpkg = ["dpkg: dependency problems prevent configuration of amdgpu-dkms:",
            " amdgpu-dkms depends on amdgpu-dkms-firmware (= 1:6.12.12.60401-2164967.24.04); however:",
            "  Package amdgpu-dkms-firmware is not installed.",
            "dpkg: error processing package amdgpu-dkms (--install):"]
    assert top(dpkg) == ("packages", "apt-unmet-dependencies")
    apt = ["Starting pkgProblemResolver with broken count: 1",
           "Broken rocm:amd64 Depends on rocminfo:amd64 < 5.7.1-3build1 @ii mK > (= 1.0.0.70001-42~24.04)"]
    assert top(apt) == ("packages", "apt-unmet-dependencies")
    assert top(["Starting pkgProblemResolver with broken count: 0"]) == (None, None)


# J. TheRock's rocm_sdk tests (ROCm from wheels) failing on their own console scripts
def test_j_an_error_raised_in_rocm_sdks_own_code_is_its_wheels():
    tb = ["ERROR: testConsoleScripts (rocm_sdk.tests.core_test.ROCmCoreTest.testConsoleScripts) [Check console-script "
          "amdflang]",
          "Traceback (most recent call last):",
          '  File "/home/u/.venv/lib64/python3.12/site-packages/rocm_sdk/tests/core_test.py", line 141, in '
          "testConsoleScripts",
          "    output_text = subprocess.check_output(",
          '  File "/usr/lib64/python3.12/subprocess.py", line 571, in run',
          "    raise CalledProcessError(retcode, process.args,",
          "subprocess.CalledProcessError: Command '[PosixPath('/home/u/.venv/bin/amdflang'), '--help']' returned "
          "non-zero exit status 255."]
    assert top(tb) == ("packages", "tb-rocm-sdk")


# From the third fresh group (batches 295-301), read for round 3:
# K. https://github.com/pytorch/pytorch/issues/162259, https://github.com/triton-lang/triton/issues/2971 (Triton's own
#    prefix); https://github.com/rusty1s/pytorch_scatter/issues/247 (an IPython frame of torch_scatter);
#    bitsandbytes#310 (its kernel's source file named on the line)
def test_k_no_kernel_image_from_a_gpu_kernel_library_is_its_build():
    assert top(["RuntimeError: Triton Error [CUDA]: no kernel image is available for execution on the device"]) == \
        ("packages", "library-no-kernel-image")
    ipython = ["RuntimeError                              Traceback (most recent call last)",
               "<ipython-input-7-b8d392e33e9f> in <module>", "----> 1 c = scatter_max(a, b)", "",
               "~/anaconda3/envs/env/lib/python3.8/site-packages/torch_scatter/scatter.py in scatter_max(src, index, "
               "dim, out, dim_size)",
               "     71         dim_size: Optional[int] = None) -> Tuple[torch.Tensor, torch.Tensor]:",
               "---> 72     return torch.ops.torch_scatter.scatter_max(src, index, dim, out, dim_size)",
               "     73", "",
               "RuntimeError: CUDA error: no kernel image is available for execution on the device"]
    assert top(ipython) == ("packages", "library-no-kernel-image")
    bnb = ["Error no kernel image is available for execution on the device at line 167 in file "
           "D:\\ai\\tool\\bitsandbytes\\csrc\\ops.cu"]
    assert top(bnb) == ("packages", "library-no-kernel-image")
    # raised in torch itself (its own frame innermost), or with no frame: the runtime's verdict stays
    torch_frame = ['  File "/usr/lib/python3.12/site-packages/torch/nn/functional.py", line 2551, in layer_norm',
                   "    return torch.layer_norm(",
                   "RuntimeError: HIP error: no kernel image is available for execution on the device"]
    assert top(torch_frame) == ("runtime", "hip-no-kernel-image")
    assert top(["RuntimeError: HIP error: invalid device function"])[0] == "runtime"


# L. https://github.com/lum3on/comfyui_HiDream-Sampler/issues/102: Triton's LLVM does not know the GPU's target
def test_l_an_llvm_that_does_not_know_the_gpu_is_tritons_compiler():
    lines = ["'sm_120' is not a recognized processor for this target (ignoring processor)",
             "LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.shfl.sync.bfly.i32"]
    assert top(lines) == ("packages", "triton-compile-failed")
    assert top(["'gfx1201' is not a recognized processor for this target (ignoring processor)"])[1] == \
        "triton-compile-failed"


# M. https://github.com/ROCm/k8s-device-plugin/issues/34: the device plugin's pods restarting on arm64 nodes
def test_m_a_gpu_device_plugin_pod_in_crashloop_is_containers():
    rows = ["amdgpu-device-plugin-daemonset-zqk24      0/1     CrashLoopBackOff   248 (3m52s ago)   20h     10.42.0.98",
            "kube-system   amdgpu-labeller-daemonset-qh2sr   0/1   ImagePullBackOff   0   20h"]
    assert top(rows[:1]) == ("containers", "k8s-gpu-plugin-pod-down")
    assert top(rows[1:]) == ("containers", "k8s-gpu-plugin-pod-down")
    # a running plugin, and an application's pod in a crash loop (its own log says why), are not this
    assert top(["amdgpu-device-plugin-daemonset-zqk24      1/1     Running   0          20h"]) == (None, None)
    assert top(["vllm-decode-69bbb879cd-45jwg    1/2     CrashLoopBackOff   5"])[1] != "k8s-gpu-plugin-pod-down"


# N. https://github.com/mchehab/rasdaemon/issues/121: a summary whose one MCE the hardware corrected is healthy
def test_n_a_corrected_machine_check_and_its_overflow_bit_are_no_failure():
    lines = ["MCE records summary:", "\t1 Corrected error, no action required. errors",
             "1 .. error: Corrected error, no action required., CPU 2, bank Unified Memory Controller (bank=21), mcg "
             "mcgstatus=0, mci Error_overflow CECC, memory_channel=0,csrow=2"]
    assert top(lines) == (None, None)
    # an overflow said as an error is still numerics
    assert top(["step 10 loss 2.3", "ERROR: Gradient overflow detected"])[0] == "numerics"


# Review of the wave's change: the owner is the traceback right above the error, a kernel library's source file names
# it wherever it is, and one log's two runtime errors are one event of that library
def test_k2_the_kernel_library_is_read_from_the_traceback_right_above_the_error_only():
    earlier = ['  File "/venv/lib/python3.11/site-packages/bitsandbytes/cextension.py", line 5, in <module>',
               "ImportError: libbitsandbytes_cuda.so: cannot open shared object file",
               "loading model...", "step 1",
               "RuntimeError: HIP error: invalid device function"]
    assert top(earlier)[1] == "hip-invalid-device-function"
    near = ['  File "/venv/lib/python3.10/site-packages/torch_sparse/matmul.py", line 120, in spmm_sum',
            "    return torch.ops.torch_sparse.spmm_sum(row, rowptr, col, value, colptr, csr2csc, other)",
            "           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
            "",
            "RuntimeError: CUDA error: no kernel image is available for execution on the device"]
    assert top(near) == ("packages", "library-no-kernel-image")
    in_file = ["Error no kernel image is available for execution on the device at line 12 in file "
               "/src/causal_conv1d/csrc/causal_conv1d_fwd.cu"]
    assert top(in_file) == ("packages", "library-no-kernel-image")
    both = near + ["RuntimeError: HIP error: invalid device function"]
    from tests.explain_helpers import run
    ids = [d.signature.id for d in run(both).diagnoses]
    assert "library-no-kernel-image" in ids and not {"hip-no-kernel-image", "hip-invalid-device-function"} & set(ids)


def test_n2_a_stack_or_buffer_overflow_is_not_the_numerics_line_rule():
    # (public reports may still resemble it: a lead, not this rule)
    assert top(["ERROR: stack overflow in thread 7"])[1] != "line-numerics"
    assert top(["ERROR: buffer overflow detected while reading the model"])[1] != "line-numerics"
    assert top(["ERROR: fp16 overflow in layer 3"])[1] == "line-numerics"


# O. https://github.com/hiyouga/LlamaFactory/issues/4984: Llama 3.1's rope_scaling refused by an older transformers;
#    any ValueError/KeyError raised in transformers' configuration code is a config newer than the release installed
def test_o_a_model_config_the_installed_transformers_refuses_is_packages():
    rope = ["[rank1]: ValueError: `rope_scaling` must be a dictionary with two fields, `type` and `factor`, got "
            "{'factor': 8.0, 'low_freq_factor': 1.0, 'high_freq_factor': 4.0, 'rope_type': 'llama3'}"]
    assert top(rope) == ("packages", "transformers-unknown-model")
    tb = ["Traceback (most recent call last):",
          '  File "/venv/lib/python3.11/site-packages/transformers/models/qwen3/configuration_qwen3.py", line 210, in '
          "__init__",
          "    raise ValueError(f'unknown layer type {t}')",
          "ValueError: unknown layer type sliding_attention"]
    assert top(tb) == ("packages", "exc-import")
    # the same error raised in the user's own code is the program's
    own = ["Traceback (most recent call last):", '  File "/home/u/train.py", line 12, in <module>',
           "    raise ValueError('unknown layer type')", "ValueError: unknown layer type"]
    assert top(own)[1] != "exc-import"
