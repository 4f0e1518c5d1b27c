"""The classes behind fresh log batch 3's misses (docs/accuracy.md, "Classes fixed after fresh batch 3"),
each fixed as a class: constructed lines in several wordings, near misses that must stay as they were,
and the real fresh-3 excerpt that showed it (tests/corpus/fresh/logs/<name>.log, source URL on its first
line; the batch is spent, so it is a regression case, not a measurement).

A. A GPU kernel library built or run for a gfx it does not support (compiler diagnostics, CK, xformers).
B. A zero count is not an error; a non-zero count stays as it was.
C. amdgpu's own fault vocabulary is a kernel line without its dmesg prefix; an app naming amdgpu is not.
D. NaN/inf in a metrics table is a numerics failure; a NaN the run recovers from stays a warning.
"""
from __future__ import annotations


import pytest

from rocmdoctor.logs.logscan.matcher import looks_like_error
from rocmdoctor.logs.structure import analyze, kernel_form
from tests.explain_helpers import corpus_lines, run, top




def fresh(name: str) -> list[str]:
    return corpus_lines(name, "fresh/logs")


# ------------------------------------------------------------------ A. kernel library vs GPU arch
ARCH_BUILD = [
    # clang: an MFMA builtin on a gfx without matrix cores (RDNA), in several libraries' headers
    ["/src/xformers/third_party/composable_kernel_tiled/include/ck/warp_gemm.hpp:116:17: error: "
     "'__builtin_amdgcn_mfma_f32_32x32x8bf16_1k' needs target feature mai-insts", "1 error generated when compiling for gfx1030."],
    ["/tmp/vllm/csrc/rocm/attention.cu:88:9: error: '__builtin_amdgcn_mfma_f32_16x16x16f16' needs target feature mai-insts"],
    ["/opt/bitsandbytes/csrc/ops.hip:12:3: error: '__builtin_amdgcn_wmma_f32_16x16x16_f16_w32' needs target feature gfx11-insts"],
    # a static assertion inside CK / ck_tile, then clang's per-target summary
    ["/home/u/flash-attention/csrc/composable_kernel/include/ck_tile/core/arch/amd_buffer.hpp:70:5: error: static assertion "
     "failed due to requirement 'false'", "2 errors generated when compiling for gfx1101."],
    ["/w/apex/csrc/fused_dense_hip.cpp:301:1: error: static assertion failed: wave64 only"],
    # the summary alone (the error line itself scrolled away)
    ["    4 errors generated when compiling for gfx906."],
    # setup.py's arch check and CK's runtime refusal
    ["AssertionError: One of GPU archs of ['gfx1030'] is invalid or not supported by Flash-Attention"],
    ["RuntimeError: DeviceBatchedGemmSoftmaxGemmPermute_Xdl_CShuffle<256, 128, 64> does not support this problem"],
    ["NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:"],
    ["!!! Exception during processing !!! No operator found for `memory_efficient_attention_backward` with input"],
]


@pytest.mark.parametrize("lines", ARCH_BUILD, ids=lambda ls: ls[0][-60:])
def test_a_gpu_library_arch_is_packages(lines):
    fam, _ = top(lines)
    assert fam == "packages"


def test_a_ordinary_compile_error_is_not_an_arch_problem():
    # A syntax error in a library's own source says nothing about the GPU.
    fam, sid = top(["/tmp/build/flash-attention/csrc/flash_api.cpp:40:1: error: expected ';' after class"])
    assert sid != "gpu-lib-arch-unsupported"
    fam, sid = top(["src/main.cpp:12:5: error: use of undeclared identifier 'foo'"])
    assert sid != "gpu-lib-arch-unsupported"


@pytest.mark.parametrize("name", ["fa-1215-gfx1100-static-assert", "xformers-978-gfx1030-mfma-build",
                                  "rocmfa-37-gfx908-arch-assert", "ck-1140-mi50-fa-not-supported",
                                  "comfynix-57-xformers-gfx1201"])
def test_a_real_fresh3_excerpts(name):
    fam, _ = top(fresh(name))
    assert fam == "packages"


# ------------------------------------------------------------------ B. zero counts
ZERO = ["Failed requests:                         0", "errors: 0", "10 passed, 0 failed in 3.2s", "Failures: 0/100",
        "num_errors=0", "total_failed_requests = 0", "Errors: 0 / 512"]
NONZERO = ["Failed requests:                         3", "7 failed, 93 passed", "Failed requests: 0, RuntimeError: boom",
           "num_failed=0 ERROR: rank 3 exited"]


@pytest.mark.parametrize("line", ZERO)
def test_b_zero_count_is_not_error_like(line):
    assert not looks_like_error(line)


@pytest.mark.parametrize("line", NONZERO)
def test_b_nonzero_count_or_other_error_still_is(line):
    assert looks_like_error(line)


def test_b_real_healthy_benchmark_is_not_flagged():
    assert run(fresh("vllmrecipes-443-mi300x-bench-healthy")).exit_code() == 0


# ------------------------------------------------------------------ C. amdgpu's fault vocabulary
BARE_FAULTS = [
    ["[gfxhub] page fault", "Faulty UTCL2 client ID: TCP (0x8)", "PERMISSION_FAULTS: 0x3"],
    ["[mmhub0] no-retry page fault (src_id:0 ring:0 vmid:1 pasid:32771)"],
    ["  in page starting at address 0x0000000000000000 from client 0x1b (UTCL2)",
     "  VM_L2_PROTECTION_FAULT_STATUS:0x00301031"],
    ["Faulty UTCL2 client ID: SQC (data) (0xa)", "MORE_FAULTS: 0x1", "WALKER_ERROR: 0x0", "MAPPING_ERROR: 0x0"],
    ["GCVM_L2_PROTECTION_FAULT_STATUS:0x00800932"],
]


@pytest.mark.parametrize("lines", BARE_FAULTS, ids=lambda ls: ls[0][:40])
def test_c_bare_fault_lines_are_kernel_events(lines):
    assert kernel_form(lines[0].strip())
    assert analyze(lines).kernel
    fam, _ = top(lines)
    assert fam == "driver"


@pytest.mark.parametrize("line", [
    'time=2025-01-01T00:00:00 level=ERROR msg="amdgpu devices detected but permission problems block access"',
    "Error: amdgpu kernel module is not loaded; see the install guide",
    "The page fault handler in my app prints PERMISSION_FAULTS when ...",
])
def test_c_user_space_line_naming_amdgpu_is_not_a_kernel_event(line):
    assert not analyze([line]).kernel
    assert not kernel_form(line)


def test_c_real_fresh3_gfxhub_block():
    fam, sid = top(fresh("rocm-6647-gfx1200-gfxhub-lora"))
    assert fam == "driver" and sid == "amdgpu-page-fault"


# ------------------------------------------------------------------ D. NaN/inf in a metrics table
NAN_TABLES = [
    ["step  12/100 | loss 3.21 | norm 0.91", "step  13/100 | loss     nan | norm    nan | lr 3e-4"],
    ["| step | loss |", "| 200 | loss nan |"],
    ["epoch 3 train loss 1.92", "val loss nan"],
    ["iter 500: train_loss=inf, lr=1e-4"],
    ["step 40 | loss inf | dt 200ms", "step 41 | loss inf | dt 201ms"],
]


@pytest.mark.parametrize("lines", NAN_TABLES, ids=lambda ls: ls[-1][:40])
def test_d_nonfinite_metric_in_a_table_is_numerics(lines):
    fam, _ = top(lines)
    assert fam == "numerics"


def test_d_recovered_nan_in_a_table_stays_a_warning():
    lines = ["step 10 | loss     nan | norm nan", "step 11 | loss 2.31 | norm 0.98", "step 12 | loss 2.29 | norm 0.97"]
    expl = run(lines)
    assert expl.exit_code() == 0
    assert not [d for d in expl.diagnoses if d.is_problem]


@pytest.mark.parametrize("line", ["loss nan_to_num applied to logits", "step 10 | loss 2.31 | norm 0.98",
                                  "using nanoGPT loss function"])
def test_d_finite_or_unrelated_nan_words_are_not_flagged(line):
    assert run([line]).exit_code() == 0


def test_d_real_fresh3_llmc_table():
    fam, _ = top(fresh("llmc-2-mi300x-loss-nan"))
    assert fam == "numerics"


# ------------------------------------------------------------------ E. family by the corpus' conventions
# The dev labels file a gfx missing from a non-empty list of the app's libraries under runtime
# (tests/corpus/logs/ollamaforamd-14-gfx1031-not-supported) and missing ROCm libraries under packages
# (legacyrocm-1753-libhsa-missing, therock-1119-libamdhip64-7): an empty list is the second cause.
# /dev/shm bus errors stay memory (gdrnet-16, kraken-699, megatron-878, mmf-441 in dev) and Docker on
# a host without /dev/kfd stays containers (rocm-1893-docker-windows-no-kfd in dev).


@pytest.mark.parametrize("line", [
    'time=2025-07-29T13:31:47.016+02:00 level=WARN source=amd_windows.go:138 msg="amdgpu is not supported '
    '(supported types:[])" gpu_type=gfx1100 gpu=0 library=C:\\Ollama\\lib\\ollama\\rocm',
    'time=2024-08-09T00:25:59.172+08:00 level=WARN source=amd_linux.go:97 msg="amdgpu is not supported" gpu=0 '
    'gpu_type=gfx1031 library=/usr/lib/ollama supported_types=[]',
])
def test_e_empty_supported_list_is_missing_libraries(line):
    assert top([line]) == ("packages", "app-rocm-libs-missing")


@pytest.mark.parametrize("line", [
    'time=x level=WARN source=amd_windows.go:97 msg="amdgpu is not supported" gpu=0 gpu_type=gfx1031 '
    'library=C:\\Ollama\\rocm supported_types=[gfx1103]',
    'time=x level=WARN source=amd_windows.go:140 msg="amdgpu is not supported (supported types:[gfx1103])" '
    'gpu_type=gfx1150 gpu=0 library=C:\\llm\\lib\\ollama',
])
def test_e_gfx_outside_a_nonempty_list_stays_runtime(line):
    assert top([line]) == ("runtime", "app-gpu-arch-unsupported")


def test_e_real_files_each_side():
    assert top(fresh("ollamaamdinst-12-gfx1100-no-libs"))[0] == "packages"
    assert top(corpus_lines("ollamaforamd-14-gfx1031-not-supported"))[0] == "runtime"


def test_e_shm_and_missing_kfd_keep_the_corpus_families():
    # Not relabelled and not moved: the dev labels put these causes in these families.
    assert top(fresh("protenix-2-docker-shm-bus"))[0] == "memory"
    assert top(fresh("sdwebuirocm-17-windows-no-kfd"))[0] == "containers"
