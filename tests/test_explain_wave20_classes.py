"""Log classes of the spent fresh batches (twentieth wave), each with a look-alike that must not match.

A. A logged gradient norm past any a healthy run reaches (Megatron's "grad norm: 224119.688", verifiers#42's
   'grad_norm': 4802478.4, mmdet's 3.8e12): the gradients exploded (numerics), three threads.
B. An fp16 loss scale halved SCALE_FALLS times in a row down to single digits mid-run (apex#493): numerics.
C. A progress row whose loss columns are bare `nan` (yolov5's table under its tqdm bar): numerics."""
from __future__ import annotations

from rocmdoctor.logs.structure.numerics import GRAD_NORM_ABSURD, NAN_TOKENS, SCALE_FALLS, SCALE_TINY
from tests.explain_helpers import corpus_lines, run, top

NUMERICS = ("numerics", "line-numerics")


def test_a_an_exploded_gradient_norm_is_numerics():
    for name in ("zp-megatron-bridge-dsv3-a2a-overlap-grad-norm-explodes", "qe-verifiers-42-zero3-grpo-loss-grad-norm-explode",
                 "zs-mmdet-detectors-loss-explodes-grad-norm"):
        assert top(corpus_lines(name, "fresh/logs")) == NUMERICS, name
    assert top([f"iteration 10/ 10 | lm loss: 1.1E+01 | grad norm: {GRAD_NORM_ABSURD:.1f} |"]) == NUMERICS
    assert top([f"{{'loss': 2.1, 'grad_norm': {GRAD_NORM_ABSURD:g}, 'epoch': 0.1}}"]) == NUMERICS
    # look-alikes: the largest norms healthy runs log (a video LLM's 117.9), just under the bound, a "norm" of weights
    for ok in (["{'loss': 1.43, 'grad_norm': 117.9, 'learning_rate': 2e-05, 'epoch': 0.12}"],
               [f"step 3 | loss 2.3 | grad_norm {GRAD_NORM_ABSURD - 1:.0f}"],
               ["weight norm: 3802231.5 (embedding)"]):
        assert top(ok) == (None, None), ok


def _halvings(start: float, n: int) -> list[str]:
    return [f"Gradient overflow.  Skipping step, loss scaler 0 reducing loss scale to {start / 2 ** i:g}" for i in range(n)]


def test_b_a_loss_scale_halved_to_single_digits_is_numerics():
    assert top(corpus_lines("qi-apex-493-gradient-overflow-nan-inf-loss-spike", "fresh/logs")) == NUMERICS
    # SCALE_FALLS halvings after the first line, ending at SCALE_TINY
    start = SCALE_TINY * 2 ** SCALE_FALLS
    assert top(["Epoch: 15"] + _halvings(start, SCALE_FALLS + 1)) == NUMERICS
    # look-alikes: one halving fewer, or the same halvings ending just above the bound (a warm-up from 2**16 stops in
    # the thousands), and the healthy apex warm-up of UNITER#28
    assert top(["Epoch: 15"] + _halvings(start, SCALE_FALLS)) == (None, None)
    assert top(["Epoch: 15"] + _halvings(start * 2, SCALE_FALLS + 1)) == (None, None)
    assert top(corpus_lines("lb-uniter-28-apex-lossscale-warmup-healthy", "fresh/logs")) == (None, None)


def test_c_a_progress_row_of_nan_losses_is_numerics():
    assert top(corpus_lines("sy-yolov5-gpu-train-nan-losses", "fresh/logs")) == NUMERICS
    row = "      1/99     2.64G " + "       nan" * NAN_TOKENS + "         4       416: 100%|##########| 7/7 [00:15<00:00]"
    assert top([row]) == NUMERICS
    # look-alikes: one nan column, the nan in a name or a key (not bare), the same row with no progress bar (a results
    # table of an evaluation that had no positives), a finite row
    for ok in (["      1/99     2.64G         nan      0.05      0.02         4       416: 100%|###| 7/7 [00:15<00:00]"],
               ["      1/99     2.64G      nan_box    is_nan      0.02         4       416: 100%|###| 7/7 [00:15<00:00]"],
               ["                 all         14          0        nan        nan          0          0"],
               ["      2/99     2.64G     0.0712    0.0412    0.0210         4       416: 100%|###| 7/7 [00:15<00:00]"]):
        assert top(ok) == (None, None), ok


def test_d_a_gpu_monitor_s_metric_and_optional_library_notes_are_no_failure():
    # btop#852: ROCm SMI cannot read the temperature limit or power at every start; btop-gpu#1: an NVIDIA host without
    # AMD's library, logged as INFO
    for lines in (["2024/05/14 (19:01:50) | WARNING: ROCm SMI: Failed to get maximum GPU temperature, defaulting to 110°C",
                   "2024/05/14 (19:01:50) | WARNING: ROCm SMI: Failed to get GPU power usage"],
                  ["2023/07/19 (16:59:27) | INFO: Failed to load librocm_smi64.so, AMD GPUs will not be detected: "
                   "librocm_smi64.so: cannot open shared object file: No such file or directory"]):
        assert run(lines).exit_code() == 0, lines
    # look-alikes: the same library missing for a program that needs it, and ROCm SMI failing to start at all
    assert run(["ImportError: librocm_smi64.so: cannot open shared object file: No such file or directory"]).exit_code() != 0
    assert run(["ERROR: Failed to load librocm_smi64.so, AMD GPUs will not be detected: librocm_smi64.so: cannot open "
                "shared object file: No such file or directory"]).exit_code() != 0
    assert run(["rsmi_init() failed: RSMI_STATUS_INIT_ERROR", "ROCm SMI: Failed to initialize"]).exit_code() != 0


def test_e_one_gradient_norm_spike_the_run_recovers_from_is_no_divergence():
    # (the wave-20 review) a first step's large norm, then ordinary ones with the loss falling
    for lines in (["{'loss': 10.91, 'grad_norm': 183452.7, 'epoch': 0.01}", "{'loss': 9.2, 'grad_norm': 41.3, 'epoch': 0.02}",
                   "{'loss': 7.5, 'grad_norm': 12.1, 'epoch': 0.03}"],
                  ["iteration 1/ 100 | lm loss: 1.1E+01 | grad norm: 152133.213 |",
                   "iteration 2/ 100 | lm loss: 9.8E+00 | grad norm: 22.2 |"]):
        assert top(lines) == (None, None), lines
    # staying up, it is
    assert top(["{'loss': 10.9, 'grad_norm': 183452.7}", "{'loss': 10.9, 'grad_norm': 482245.1}"]) == NUMERICS
