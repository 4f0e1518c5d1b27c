"""Classes the spent fresh batches 12 and 13 missed, each with at least two instances across those batches and the
dev corpus (issue 24, wave 6), fixed as a class: real lines with their source URL, and for each a look-alike that
must stay as it was.

A. rocBLAS falling back from hipBLASLt to its own Tensile kernels ("No hipBLASLt solution found", "hipBlasLT
   failed, falling back to tensile") is a healthy run's note, as torch's "Overriding blas backend to hipblas" is.
B. amdgpu's "Fence fallback timer expired on ring X": the ring's completion interrupts did not arrive (driver).
C. A segmentation fault that ends the log with nothing before it: the native GPU stack crashed (runtime); an
   error before it stays the cause.
D. torch's clip_grad_norm_ on a non-finite total norm (its FutureWarning and its RuntimeError): numerics, while
   the losses printed beside it are finite numbers.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import ANCHORS, by_id
from rocmdoctor.knowledge.signatures.benign import is_benign
from tests.explain_helpers import corpus_lines, run, top

FRESH = "fresh/logs"


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


def _admitted(line: str) -> bool:
    return any(a in line.lower() for a in ANCHORS)


# ------------------------------------------------------------------ A. rocBLAS's hipBLASLt fallback
# https://github.com/LykosAI/StabilityMatrix/issues/1390 (ComfyUI on ROCm, images generated)
STABMATRIX = ["rocBLAS error: No hipBLASLt solution found",
              "This message will be only be displayed once, unless the ROCBLAS_VERBOSE_HIPBLASLT_ERROR environment "
              "variable is set.",
              "",
              "rocBLAS warning: hipBlasLT failed, falling back to tensile. ",
              "This message will be only be displayed once, unless the ROCBLAS_VERBOSE_TENSILE_ERROR environment "
              "variable is set."]


def test_a_rocblas_falling_back_from_hipblaslt_is_healthy():
    assert all(is_benign(x) for x in STABMATRIX if x)
    assert _ids(STABMATRIX) == []
    assert run(STABMATRIX).result.unexplained_count == 0  # no line left over as "looked like an error"
    assert top(corpus_lines("la-stabmatrix-1390-hipblaslt-fallback", FRESH)) == (None, None)
    # the same class in torch's words (dev, healthy): stays unflagged
    assert top(corpus_lines("pytorch-138067-hipblaslt-override-warning-healthy")) == (None, None)
    assert top(corpus_lines("rocmlibs-780-mi100-hipblaslt-fallback-healthy")) == (None, None)


def test_a_hipblaslt_that_fails_outright_or_lacks_its_library_is_still_flagged():
    # https://github.com/ROCm/TheRock/issues/2847: hipBLASLt's heuristic call raised (no fallback): runtime
    assert top(corpus_lines("l8-therock-2847-rx7600-hipblaslt-invalid-value"))[0] == "runtime"
    # https://github.com/lemonade-sdk/llamacpp-rocm/issues/10: rocblaslt's own missing Tensile library: runtime
    assert top(corpus_lines("la-lemonade-10-hipblaslt-gfx1151", FRESH))[0] == "runtime"
    assert not is_benign('rocblaslt error: Cannot read "TensileLibrary_lazy_gfx1151.dat": No such file or directory')


# ------------------------------------------------------------------ B. fence fallback timer
# https://github.com/ROCm/amdgpu/issues/229 (older kernels: "[drm]" prefix)
FENCE_DRM = ["[drm] Fence fallback timer expired on ring gfx_0.0.0",
             "[drm] Fence fallback timer expired on ring sdma0"]
# https://github.com/ggml-org/llama.cpp/issues/21724 (newer kernels: the device prefix)
FENCE_DEV = "maj 08 19:28:59 RX-78-FPC kernel: amdgpu 0000:c2:00.0: Fence fallback timer expired on ring gfx_0.0.0"


def test_b_fence_fallback_timer_is_driver_in_both_prefixes():
    assert all(_admitted(x) for x in FENCE_DRM)  # "[drm]" lines carry no error word: the anchor admits them
    assert top(FENCE_DRM) == ("driver", "amdgpu-fence-fallback-timer")
    assert top([FENCE_DEV]) == ("driver", "amdgpu-fence-fallback-timer")
    m = next(d for d in run(FENCE_DRM).diagnoses if d.signature.id == "amdgpu-fence-fallback-timer")
    assert m.occurrence.first.fields.get("ring") == "gfx_0.0.0"
    assert top(corpus_lines("ma-amdgpu-229-fence-fallback", FRESH))[0] == "driver"


def test_b_ring_lines_that_are_not_a_fence_fallback_do_not_match_and_a_ring_timeout_outranks_it():
    sig = by_id("amdgpu-fence-fallback-timer")
    # ring initialisation and a ring reset, no fallback (the real look-alikes of kernel.py amdgpu-ring-timeout)
    for line in ("amdgpu 0000:33:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0",
                 "amdgpu 0000:45:00.0: amdgpu: Starting gfx_0.0.0 ring reset"):
        assert not any(r.search(line) for r in sig.regexes)
    # llama.cpp#21724: the hang itself (ring timeout, coredump) stays the answer, not the fallback after it
    fam, sid = top(corpus_lines("llamacpp-21724-ring-apu", FRESH))
    assert fam == "driver" and sid != "amdgpu-fence-fallback-timer"


# ------------------------------------------------------------------ C. segmentation fault at the end
# https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/13258 (RX 570, gfx803: crash while the model loads)
A1111 = ["Loading weights [6ce0161689] from /home/cole/ai/stable-diffusion-webui/models/Stable-diffusion/"
         "v1-5-pruned-emaonly.safetensors",
         "Creating model from config: /home/cole/ai/stable-diffusion-webui/configs/v1-inference.yaml",
         "Applying attention optimization: Doggettx... done.",
         './webui.sh: line 255: 17808 Segmentation fault      (core dumped) "${python_cmd}" -u "${LAUNCH_SCRIPT}" "$@"']


def test_c_a_segfault_that_ends_the_log_is_runtime():
    assert top(A1111) == ("runtime", "process-segfault-at-end")
    assert top(corpus_lines("ma-a1111-13258-segfault-rx570", FRESH))[0] == "runtime"
    # https://github.com/hiyouga/LlamaFactory/issues/5716: the bare form after the model's config
    assert top(['  "pad_token_id": 0', "}", "", "Segmentation fault (core dumped)"]) == ("runtime", "process-segfault-at-end")


def test_c_an_error_before_the_segfault_stays_the_cause_and_an_early_segfault_is_not_the_end():
    # https://github.com/kyuz0/amd-strix-halo-toolboxes/pull/65: llama.cpp's out-of-memory, then the segfault
    assert top(corpus_lines("l8-strixtoolboxes-65-kv-cache-cudamalloc-oom"))[0] == "memory"
    # a segfault followed by a run that goes on (more than the terminal window of lines) is not the log's end
    later = [f"{{'loss': 1.{i:04d}, 'grad_norm': 0.5, 'learning_rate': 1e-05, 'epoch': 0.{i:02d}}}" for i in range(60)]
    assert "process-segfault-at-end" not in _ids(A1111 + later)
    sig = by_id("process-segfault-at-end")
    assert not any(r.search("segmentation_fault_handler = True") for r in sig.regexes)


# ------------------------------------------------------------------ D. clip_grad_norm_ on a non-finite norm
# https://github.com/megvii-research/PETR/issues/175 (mmcv's optimizer hook, torch 1.x FutureWarning)
PETR = ["/home/shrey/Documents/naveeen_amrita/my_env/lib/python3.8/site-packages/mmcv/runner/hooks/optimizer.py:31: "
        "FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway. Note that "
        "the default behavior will change in a future release to error out if a non-finite total norm is encountered. "
        "At that point, setting error_if_nonfinite=false will be required to retain the old behavior.",
        "  return clip_grad.clip_grad_norm_(params, **self.grad_clip)"]
# torch/nn/utils/clip_grad.py (https://github.com/pytorch/pytorch/blob/v2.1.0/torch/nn/utils/clip_grad.py), error_if_nonfinite=True
TORCH_RAISE = ("RuntimeError: The total norm of order 2.0 for gradients from `parameters` is non-finite, so it "
               "cannot be clipped. To disable this error and scale the gradients by the non-finite norm anyway, "
               "set `error_if_nonfinite=False`")


def test_d_clip_grad_norm_on_a_non_finite_norm_is_numerics():
    assert top(PETR) == ("numerics", "nan-grad-norm")
    assert top([TORCH_RAISE]) == ("numerics", "nan-grad-norm")
    assert top(corpus_lines("mb-petr-175-nonfinite-grad-norm", FRESH))[0] == "numerics"


def test_d_clip_grad_calls_and_finite_norms_are_not_flagged():
    assert _ids(PETR[1:]) == []
    assert _ids(["torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0, error_if_nonfinite=False)"]) == []
    # https://github.com/Time-MoE/Time-MoE/issues/71: a few NaN norms skipped while the loss stays stable (healthy)
    assert top(corpus_lines("timemoe-71-grad-norm-nan-intermittent-healthy")) == (None, None)
