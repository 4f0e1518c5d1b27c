"""The structural fallbacks of `explain` (issue 24 §2, track logstruct): when the catalog has no
wording for a log, its structure still names the family (a native build's first error, an arch
next to a refusal, the driver under a user-space failure, the last exception's message, a one-line
paste), and a run that went on after its only error-like lines is not flagged. Each rule: real
text (source in the corpus file or beside the line) and a look-alike that must not match."""
from __future__ import annotations

from rocmdoctor.logs.logscan.matcher import looks_like_error
from rocmdoctor.logs.reasoning import traceback_rule
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run


def top(expl) -> tuple[str | None, str | None]:
    probs = [d for d in expl.diagnoses if d.is_problem]
    return (probs[0].signature.id, probs[0].signature.family) if probs else (None, None)


# ---------------------------------------------------------------- native builds

# https://github.com/abetlen/llama-cpp-python/issues/695 (ninja's FAILED line, then the compiler's own)
LLAMACPP_BUILD = [
    "FAILED: vendor/llama.cpp/CMakeFiles/ggml-rocm.dir/ggml-cuda.cu.o",
    "      /usr/bin/c++ -DGGML_USE_HIPBLAS -x hip --offload-arch=gfx900 -c vendor/llama.cpp/ggml-cuda.cu",
    "      c++: error: unrecognized command-line option ‘--offload-arch=gfx900’",
]


def test_a_compiler_error_is_a_package_build_failure_quoted_at_the_compilers_line():
    e = run(LLAMACPP_BUILD)
    assert top(e) == ("build-failed", "packages")
    assert e.exit_code() == 1
    # ninja's FAILED banner comes first; the compiler's own line says what went wrong
    assert "unrecognized command-line option" in e.diagnoses[0].occurrence.first.line.text


def test_a_compile_warning_is_not_a_build_failure():
    # https://github.com/mozilla-ai/llamafile/issues/92
    e = run(["/home/u/.llamafile/ggml-cuda.cu:408:1: warning: function declared 'noreturn' should not return "
             "[-Winvalid-noreturn]", "}", "^"])
    assert top(e) == (None, None) and e.exit_code() == 0


def test_a_deepspeed_build_error_in_a_hip_header_is_deepspeed():
    # FAMILIES.md: a DeepSpeed op that fails to build is deepspeed even when the error names a HIP header.
    e = run(corpus_lines("ds-4552-gfx1030-rocm57-coopgroups-build", "fresh/logs"))
    assert top(e) == ("tb-deepspeed-op-build", "deepspeed")


def test_the_same_header_error_without_deepspeed_in_sight_is_a_package_build():
    # The look-alike: the compiler error alone (no DeepSpeed path, op builder or DS_BUILD_ switch).
    e = run(["/opt/rocm-5.7.1/include/hip/amd_detail/amd_hip_cooperative_groups.h:814:9: error: type "
             "'impl::thread_block_tile_internal<64U, void>' is not a direct or virtual base of "
             "'cooperative_groups::thread_block_tile<64>'"])
    assert top(e) == ("build-failed", "packages")


def test_a_linker_that_cannot_find_deepspeeds_objects_is_deepspeed():
    e = run(corpus_lines("ds-5192-prebuild-fused-adam-ld-missing-objects"))
    assert top(e) == ("tb-deepspeed-op-build", "deepspeed")
    assert "/usr/bin/ld: cannot find" in e.diagnoses[0].occurrence.first.line.text


def test_an_ipython_traceback_of_torchs_extension_build_in_a_deepspeed_run_is_deepspeed():
    # Jupyter prints "CalledProcessError   Traceback (most recent call last)" and frames as
    # "~/.../torch/utils/cpp_extension.py in _run_ninja_build(...)".
    lines = corpus_lines("ds-885-fused-adam-jit", "fresh/logs")
    shape = analyze(lines)
    tb = shape.tracebacks[-1]
    assert tb.kind == "CalledProcessError" and "torch/utils/cpp_extension.py" in tb.packages()
    assert top(run(lines)) == ("tb-deepspeed-op-build", "deepspeed")
    # Without the DeepSpeed lines above it, torch's extension builder is some package's build.
    assert top(run([x for x in lines if "DeepSpeed" not in x])) == ("build-failed", "packages")


# ---------------------------------------------------------------- an arch named next to a refusal

def test_a_one_line_flash_attention_refusal_is_packages():
    e = run(corpus_lines("rocmfa-93-gfx1100-not-supported", "fresh/logs"))  # no error form at all
    assert top(e)[1] == "packages"  # the catalog knows this wording now; the fallback, the class
    assert "gfx1100" in e.diagnoses[0].occurrence.first.line.text


def test_an_application_refusing_the_gpu_arch_is_runtime_and_names_the_gpus_gfx():
    # A WARN line, and the supported list also holds gfx names: the refused one is gpu_type.
    e = run(corpus_lines("ollama-11569-mi50-gfx906-not-in-supported-types", "fresh/logs"))
    assert top(e)[1] == "runtime"
    assert "gpu_type=gfx906" in e.diagnoses[0].occurrence.first.line.text


def test_a_gfx_name_without_a_refusal_is_not_flagged():
    # https://github.com/lemonade-sdk/llamacpp-rocm/pull/88
    e = run(["  Device 0: Radeon 8060S Graphics, gfx1151 (0x1151), VMM: no, Wave Size: 32, VRAM: 64042 MiB"])
    assert e.exit_code() == 0


def test_a_warning_level_refusal_inside_a_longer_log_is_not_a_failure_by_itself():
    # The refusal counts when the line is an error, is the whole paste, or a kernel library says it.
    e = run(["time=2025-07-28T13:04:33.290+03:00 level=INFO source=routes.go:1288 msg=\"Listening on 127.0.0.1:11434\"",
             "time=2025-07-28T13:04:33.314+03:00 level=WARN source=amd_linux.go:376 msg=\"amdgpu is not supported "
             "(supported types:[gfx1030 gfx1100])\" gpu_type=gfx1036 gpu=1",
             "time=2025-07-28T13:04:33.314+03:00 level=INFO source=types.go:130 msg=\"inference compute\" id=0 "
             "library=rocm compute=gfx1100"])
    assert top(e)[0] != "gfx-refused"


# ---------------------------------------------------------------- the driver under a user-space failure

def test_rocminfo_without_the_rock_module_is_the_driver_not_the_hsa_error_after_it():
    e = run(corpus_lines("deepracer-82-nvidia-host-rock-not-loaded"))
    assert top(e) == ("driver-refuses-gpu", "kernel")
    ids = [d.signature.id for d in e.diagnoses]
    assert len(ids) >= 2  # the HSA error the catalog knows stays in the list, under the driver
    assert "(from the log's shape)" in e.verdict()  # a signature did match: the verdict does not deny it


def test_with_the_rock_module_loaded_the_hsa_error_stays_first():
    lines = [x.replace("ROCk module is NOT loaded, possibly no GPU devices", "ROCk module is loaded")
             for x in corpus_lines("deepracer-82-nvidia-host-rock-not-loaded")]
    assert top(run(lines))[1] == "runtime"


def test_the_kernels_kfd_refusing_the_gpu_outranks_the_permission_error_it_causes():
    e = run(corpus_lines("rocm-2232-kfd-pitcairn", "fresh/logs"))
    assert top(e)[1] == "kernel"
    assert "not supported in kfd" in e.diagnoses[0].occurrence.first.line.text


def test_a_kfd_line_of_a_healthy_init_is_no_driver_root():
    shape = analyze(["[    3.548555] kfd kfd: amdgpu: added device 1002:73bf",
                     "Unable to open /dev/kfd read-write: Permission denied"])
    assert shape.driver_root is None


# ---------------------------------------------------------------- tracebacks and the last exception

def test_an_ipython_traceback_cut_at_an_import_is_a_package_problem():
    lines = corpus_lines("transformers-31658-import-healthy-not", "fresh/logs")
    tb = analyze(lines).tracebacks[-1]
    assert tb.kind == "OSError" and tb.truncated and tb.importing
    assert traceback_rule(tb) == "exc-import"
    assert top(run(lines))[1] == "packages"


def test_an_ipython_traceback_cut_at_a_call_is_not_an_import_failure():
    tb = analyze(["RuntimeError                              Traceback (most recent call last)",
                  "Cell In[3], line 7",
                  "----> 7 out = model(x)",
                  "",
                  "File ~/venv/lib/python3.10/site-packages/torch/nn/modules/module.py:1501, in Module._call_impl(self)",
                  "-> 1501     return forward_call(*args, **kwargs)"]).tracebacks[-1]
    assert tb.kind == "RuntimeError" and not tb.importing
    assert traceback_rule(tb) != "exc-import"


def test_a_kv_cache_capacity_error_is_memory():
    # vLLM's message, cut where the user's paste ends (fresh batch 4)
    e = run(corpus_lines("vllm-53961-mi300x-dsv4-kv-cache-too-small", "fresh/logs"))
    assert top(e)[1] == "memory"


def test_a_value_error_about_another_limit_is_not_memory():
    e = run(["ValueError: max_new_tokens must be greater than 0, but is 0."])
    assert top(e)[1] != "memory"


# ---------------------------------------------------------------- one-line pastes

def test_a_one_line_status_without_failure_words_is_not_a_failure():
    assert run(["ROCk module is loaded"]).exit_code() == 0


def test_a_one_line_paste_with_failure_words_is_judged_by_its_line():
    # https://github.com/Xilinx/Vitis-AI/issues/1256 (the container runtime's own error, no "docker:" prefix)
    e = run(corpus_lines("vitisai-1256-renderd128-not-on-host"))
    assert top(e)[1] == "containers"


# ---------------------------------------------------------------- NaN checks the user prints

def test_nan_flags_that_turn_true_are_numerics():
    e = run(corpus_lines("unsloth-3385-gfx1151-gemma3-bf16-nan", "fresh/logs"))
    assert top(e)[1] == "numerics"


def test_nan_flags_that_stay_false_and_nan_check_switches_are_not():
    assert run(["layer_0_nan: False dtype: torch.bfloat16", "layer_1_nan: False dtype: torch.bfloat16"]).exit_code() == 0
    assert run(["nan_check: True", "detect_anomaly: True"]).exit_code() == 0


# ---------------------------------------------------------------- runs that went on

# PyTorch's quickstart loop (its "Test Error:" header is benign.py's now): an error line no
# signature knows, then the run's progress and "Done!".
_QUICKSTART = ["Epoch 1", "-------------------------------", "loss: 2.309916  [   64/60000]",
               "Error: failed to upload metrics to wandb (will retry)"]
_WENT_ON = ["loss: 2.165873  [ 6464/60000]", "loss: 2.151432  [12864/60000]", "Epoch 2", "loss: 1.9 [ 64/60000]", "Done!"]


def test_an_error_looking_line_the_run_goes_on_after_is_not_a_failure():
    e = run(_QUICKSTART + _WENT_ON)
    assert e.exit_code() == 0 and e.result.unexplained_count == 1
    assert e.went_on and "no failure found" in e.verdict() and "went on" in e.verdict()
    assert e.to_dict()["unexplained"]["went_on"]


def test_the_same_line_at_the_end_of_the_log_is_still_flagged():
    e = run(_QUICKSTART)
    assert e.exit_code() == 1 and not e.went_on


def test_a_crash_is_never_something_the_run_went_on_after():
    e = run(["Epoch 1", "Segmentation fault (core dumped)", "loss: 2.309916  [   64/60000]", "Done!"])
    assert e.exit_code() == 1 and not e.went_on


def test_a_results_table_with_zero_failures_is_not_error_like():
    # https://github.com/vllm-project/vllm/pull/27776 (benchmark summary)
    assert not looks_like_error("| Failed requests                   |    0      |")
    assert looks_like_error("| Failed requests                   |    3      |")


# ---------------------------------------------------------------- a C/C++ error line by its component

def test_component_prefixed_lines_name_their_family():
    from rocmdoctor.logs.reasoning import line_rule

    # https://github.com/ggml-org/llama.cpp/issues/20431 and /5712: llama.cpp's allocator
    assert line_rule("alloc_tensor_range: failed to allocate CUDA0 buffer of size 151851674624") == "exc-memory"
    assert line_rule("ggml_backend_sched: failed to allocate graph, reserving") == "exc-memory"
    # https://github.com/ggml-org/llama.cpp/issues/8504: the HIP backend's own prefix
    assert line_rule("ggml_cuda_compute_forward: RMS_NORM failed") == "exc-gpu-runtime"
    # https://github.com/NVIDIA/Megatron-LM/issues/935: torch's c10d watchdog
    assert line_rule("[Rank 6] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=199)") == "tb-distributed"


def test_cannot_allocate_memory_on_opening_kfd_is_not_an_out_of_memory():
    # https://github.com/ROCm/ROCm/issues/2232: the KFD open fails with ENOMEM on a GPU KFD does not serve
    from rocmdoctor.logs.reasoning import line_rule

    assert line_rule("Unable to open /dev/kfd read-write: Cannot allocate memory") == "line-permissions"


# ---------------------------------------------------------------- a library that cannot be loaded

def test_a_rocm_backend_that_cannot_be_loaded_is_packages_even_with_a_long_exception_line():
    # ONNX Runtime's message is one line of 500+ characters: still the exception line of the traceback.
    lines = corpus_lines("foxyface-13-ort-rocm-not-loaded")
    tb = analyze(lines).tracebacks[-1]
    assert tb.kind == "RuntimeError" and "wasn't able to be loaded" in tb.message
    assert top(run(lines)) == ("exc-import", "packages")


def test_a_build_without_the_rocm_backend_is_packages():
    e = run(corpus_lines("ortgenai-1130-rocm-ep-not-in-build"))
    assert top(e)[1] == "packages"


def test_other_runtime_errors_are_not_a_library_that_cannot_be_loaded():
    e = run(["RuntimeError: Expected all tensors to be on the same device, but found at least two devices, "
             "cuda:0 and cpu!"])
    assert top(e)[0] != "exc-import"


def test_a_build_error_the_install_recovered_from_is_not_a_build_failure():
    # pip builds a wheel, fails, falls back and installs: the last word is "Successfully installed".
    lines = LLAMACPP_BUILD + ["  Running setup.py install for llama-cpp-python ... done",
                              "Successfully installed llama-cpp-python-0.1.78"]
    assert analyze(lines).build is None
    assert top(run(lines))[0] != "build-failed"


# ---------------------------------------------------------------- wave 21 (spent batches 69 and 71)

def test_torchs_extension_builder_for_a_package_that_names_no_deepspeed_is_that_packages_build():
    # turboderp/exllama#131: exllama's cuda_ext.py load(...) -> cpp_extension -> ninja fails; nothing names DeepSpeed
    e = run(corpus_lines("lx-exllama-ext-rocm-ninja-build-fails", "fresh/logs"))
    assert top(e)[1] == "packages"
    # look-alike: the same ninja lines in a DeepSpeed op build stay DeepSpeed's
    ds = ["Using /root/.cache/torch_extensions/py310_cpu as PyTorch extensions root...",
          "Building extension module cpu_adam...",
          "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
          "  File \"/usr/lib/python3/site-packages/deepspeed/ops/op_builder/builder.py\", line 510, in jit_load"]
    assert top(run(ds))[1] == "deepspeed"
    # and a DeepSpeed op's torch_extensions build that never says "deepspeed": its op name does
    op = ["Building extension module fused_adam...",
          "/opt/rocm/bin/hipcc -c multi_tensor_adam.hip -o multi_tensor_adam.cuda.o",
          "ninja: build stopped: subcommand failed.",
          "RuntimeError: Error building extension 'fused_adam'"]
    assert top(run(op))[1] == "deepspeed"


def test_rocminfo_that_opens_kfd_after_its_module_check_is_no_driver_failure():
    # ROCm/legacy-rocm-build#1227: libkmod trips over another module, "ROCk module is NOT loaded", then rocminfo opens
    # /dev/kfd and lists the agents: a healthy machine
    e = run(corpus_lines("px-rocminfo-libkmod-windrvr6-holders-error-kfd-opens", "fresh/logs"))
    assert top(e) == (None, None) and e.exit_code() == 0
    # look-alike: the module check with no /dev/kfd after it is a failure
    bare = ["ROCk module is NOT loaded, possibly no GPU devices", "Unable to open /dev/kfd read-write: No such file or directory"]
    assert top(run(bare))[0] is not None and run(bare).exit_code() == 1
