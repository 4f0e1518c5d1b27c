"""Classes the logs8 dev excerpts (a cold sample of runtime/driver/app logs) and the spent fresh batches
showed, each fixed as a class (issue 24, wave 6): real lines with their source URL, and for each a
look-alike that must stay as it was.

A. ROCclr's own check macro, `file.cpp:N: guarantee(<cond>)`, in the HIP runtime's sources is an assertion
   inside the HIP runtime (runtime), printed with no error word; the code-object one stays "no code object".
B. ROCm's WSL runtime that finds no GPU (rocminfo's "WSL environment detected." then
   HSA_STATUS_ERROR_OUT_OF_RESOURCES) without calling the GPU unsupported: the ROCm release, distribution or
   Windows driver is not a WSL-supported set (packages, FAMILIES.md); "ROCR: unsupported GPU" stays runtime.
C. A device-listing command that, run as the user, lists no GPU and, run under sudo right after, lists one:
   the user cannot open the device (permissions), with no error line in the log.
D. ggml's error block names the runtime call that failed: "out of memory" from a call that allocates no device
   memory (hipStreamCreateWithFlags) is the runtime failing on that device, not VRAM exhausted.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import ANCHORS, by_id
from rocmdoctor.knowledge.signatures.packages import WSL_RELEASE
from rocmdoctor.logs.reasoning import _ALLOCATES, silent_user_run
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run, top


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


# ------------------------------------------------------------------ A. ROCclr guarantee()
# https://github.com/ROCm/MIOpen/issues/689: a MIOpen develop build in the TensorFlow image
MIOPEN_689 = [
    "2021-01-18 03:13:35.594529: I tensorflow/stream_executor/platform/default/dso_loader.cc:48] Successfully opened "
    "dynamic library libMIOpen.so",
    '/src/external/hip-on-vdi/rocclr/hip_fatbin.cpp:39: guarantee(false && "Cannot unmap file")',
    "Fatal Python error: Aborted",
]


def test_a_rocclr_guarantee_is_an_assertion_inside_the_hip_runtime():
    assert top(MIOPEN_689) == ("runtime", "hip-runtime-assert")
    assert top(corpus_lines("l8-miopen-689-hip-fatbin-cannot-unmap")) == ("runtime", "hip-runtime-assert")
    # the line carries no error word: the prefilter must admit it by its macro
    assert any(a in MIOPEN_689[1].lower() for a in ANCHORS)
    m = next(d for d in run(MIOPEN_689).diagnoses if d.signature.id == "hip-runtime-assert")
    assert "Cannot unmap file" in m.occurrence.first.fields.get("guarantee", "")


def test_the_code_object_guarantee_stays_no_code_object_and_other_paths_are_not_the_runtime():
    # https://github.com/ROCm/tensorflow-upstream/issues/1187 (RX 580; the shell's Japanese "中止" = Aborted)
    ids = _ids(corpus_lines("l8-tfupstream-1187-rx580-nobinary-ja"))
    assert ids[0] == "hip-no-binary-for-gpu" and "hip-runtime-assert" not in ids
    # the library's log line before it, alone, is nothing
    assert _ids(MIOPEN_689[:1]) == []
    # an assert in MIOpen's own sources (not the runtime's) is not the runtime's assert
    sig = by_id("hip-runtime-assert")
    assert not any(r.search(sig.near_misses[0]) for r in sig.regexes)


# ------------------------------------------------------------------ B. WSL runtime without a GPU
# https://github.com/ROCm/legacy-rocm-build/issues/6323 (RX 9060 XT, Windows 10, WSL2; also with Ubuntu 24.04)
WSL_6323 = [
    "WSL environment detected.",
    "hsa api call failure at: ./rocminfo.cc:1324",
    "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This "
    "error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.",
]
# https://github.com/ROCm/legacy-rocm-build/issues/4215 (RX 7700 XT): the runtime names the GPU unsupported
WSL_4215 = [
    "WSL environment detected.",
    "ROCR: unsupported GPU",
    "hsa api call failure at: /long_pathname_so_that_rpms_can_package_the_debug_info/src/rocminfo/rocminfo.cc:1306",
    "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. This "
    "error may also occur when the core runtime library needs to spawn threads or create internal OS-specific events.",
]


def test_the_wsl_runtime_that_finds_no_gpu_is_the_rocm_release_not_the_runtime():
    assert top(WSL_6323) == ("packages", WSL_RELEASE.id)
    # https://github.com/ROCm/legacy-rocm-build/issues/5106: ROCm 6.4.2 "does not have WSL support"
    assert top(corpus_lines("legacyrocm-5106-wsl-rocm642-unsupported")) == ("packages", WSL_RELEASE.id)
    d = run(WSL_6323).diagnoses
    assert d[0].signature.id == WSL_RELEASE.id and d[1].signature.id == "hsa-out-of-resources"
    assert d[0].occurrence.first.line.text.startswith("WSL environment detected")
    assert any(c.check == "RD-WSL-001" for c in WSL_RELEASE.causes)


def test_an_unsupported_gpu_under_wsl_and_the_same_error_off_wsl_stay_runtime():
    assert top(WSL_4215) == ("runtime", "hsa-out-of-resources")
    assert top(WSL_6323[1:]) == ("runtime", "hsa-out-of-resources")  # the same error without the WSL note
    # https://github.com/ROCm/hip/issues/3710: rocminfo under WSL that lists its agents is a working runtime
    healthy = ["WSL environment detected.", "=====================", "HSA System Attributes",
               "=====================", "Runtime Version:         1.1", "Runtime Ext Version:     1.6"]
    assert _ids(healthy) == []


# ------------------------------------------------------------------ C. lists the GPU only under sudo
def test_a_command_that_lists_the_gpu_only_under_sudo_is_permissions():
    # https://github.com/ROCm/legacy-rocm-build/issues/1826 (gfx1033): clinfo --list prints nothing as the user
    lines = corpus_lines("rocm-1826-clinfo-list-only-as-root", "fresh/logs")
    assert top(lines) == ("permissions", "root-only-device-access")
    shape = analyze(lines)
    assert silent_user_run(lines, shape.sudo_ok) == "illwieckz@test:~$ clinfo --list"


def test_a_sudo_run_alone_or_after_a_user_run_that_also_lists_the_gpu_is_not_root_only():
    sudo_run = ["illwieckz@test:~$ sudo -u root clinfo --list",
                "Platform #0: AMD Accelerated Parallel Processing",
                " `-- Device #0: gfx1033"]
    assert _ids(sudo_run) == []
    # the user's run listed the same device: nothing is only root's
    user_ok = ["illwieckz@test:~$ clinfo --list"] + sudo_run[1:] + sudo_run
    assert _ids(user_ok) == []
    assert silent_user_run(user_ok, analyze(user_ok).sudo_ok) == ""
    # another command before the sudo run is not "the same command as the user"
    other = ["illwieckz@test:~$ clinfo"] + sudo_run
    assert _ids(other) == []


# ------------------------------------------------------------------ D. ggml's failing call
# https://github.com/ggml-org/llama.cpp/issues/8618: the 780M iGPU visible beside an RX 7700S
GGML_8618 = [
    "CUDA error: out of memory",
    "  current device: 1, in function stream at /home/mango/neuro/llama.cpp/ggml/src/./ggml-cuda/common.cuh:814",
    "  hipStreamCreateWithFlags(&streams[device][stream], 0x01)",
    'GGML_ASSERT: /home/mango/neuro/llama.cpp/ggml/src/ggml-cuda.cu:101: !"CUDA error"',
    "ptrace: Operation not permitted.",
]


def test_out_of_memory_from_a_call_that_allocates_nothing_is_the_runtime():
    assert top(GGML_8618) == ("runtime", "exc-gpu-runtime")
    d = next(d for d in run(GGML_8618).diagnoses if d.is_problem)
    assert "failed call: hipStreamCreateWithFlags" in d.facts


def test_out_of_memory_from_an_allocation_or_without_the_block_stays_memory():
    # https://github.com/kyuz0/amd-strix-halo-toolboxes/pull/65: cudaMalloc of the KV cache on gfx1151
    assert top(corpus_lines("l8-strixtoolboxes-65-kv-cache-cudamalloc-oom"))[0] == "memory"
    assert _ALLOCATES.search("cudaMalloc") and _ALLOCATES.search("hipMallocAsync")
    assert not _ALLOCATES.search("hipStreamCreateWithFlags")
    # the same block without the call line is judged by its words: memory
    assert top(GGML_8618[:2] + GGML_8618[3:])[0] == "memory"
    # another error in the same block form is not turned into the runtime by this rule
    # https://github.com/leejet/stable-diffusion.cpp/issues/292
    assert top(corpus_lines("l8-sdcpp-292-win-rx6600-invalid-device-function")) == \
        ("runtime", "hip-invalid-device-function")
