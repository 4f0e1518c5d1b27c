"""Numerics: training that runs but does not learn: NaN flags, steps the fp16 loss scaler skips, a
loss scale that keeps falling, a loss stuck at exactly 0, a metric or a bare number column that ends
in NaN/inf, Megatron's iteration line without its loss."""
from __future__ import annotations

import re

from ..logscan.lines import LogLine
from .progress import _BAR, _METRIC_VALUE


# NaN diagnostics a user prints ("layer_1_nan: True", "has_nan=True", "contains_nan: True").
_NAN_FLAG = re.compile(r"""\b(?:\w{1,40}_nan|has_?nan|is_?nan|contains_?nan|any_?nan|nan_?found|nan_?detected)['"]?"""
                       r"""\s{0,2}[:=]\s{0,2}['"]?True\b""", re.I)

# A printed tensor or array whose elements are all NaN: torch's "tensor([nan, nan], device='cuda:0')", numpy's
# "array([nan], dtype=float32)" (np.unique of a model output: rocm_lab#4), or a row of a large one that is only
# nan ("[        nan,         nan,  ...,         nan,": pytorch#136310). A row mixing numbers and nan is left to
# the metrics; all of it nan is what a GPU kernel that produced garbage prints.
_ARRAY_OPEN = re.compile(r"\b(?:tensor|array)\(\[+(?P<body>[^\]\n]{1,2000})")
_ROW_OPEN = re.compile(r"^\s{0,24}\[+(?P<body>[^\]\[\n]{1,2000})")
_ELLIPSIS = {"...", "…"}
NAN_ROW_MIN = 3  # elements of a bare row, all nan, before it counts (a tensor(...) or array(...) needs one)


def nan_array(text: str) -> str | None:
    """"tensor"/"array"/"row" when ``text`` prints a tensor, an array or a row of one whose elements are all NaN."""
    for rx, what, least in ((_ARRAY_OPEN, "tensor" if "tensor(" in text else "array", 1), (_ROW_OPEN, "row", NAN_ROW_MIN)):
        m = rx.search(text[:2000])
        if m is None:
            continue
        toks = [x for x in re.split(r"[\s,\[]+", m.group("body")) if x and x not in _ELLIPSIS]
        if len(toks) >= least and all(x.lower().lstrip("+-") == "nan" for x in toks):
            return what
    return None


# DeepSpeed's step log "step=2000, skipped=1995": steps its fp16 loss scaler threw away.
_DS_SKIPPED = re.compile(r"\bstep=(?P<n>\d{1,9}), skipped=(?P<k>\d{1,9})\b")
# A logged training loss of exactly zero ({'loss': 0.0}, "loss: 0.0000", "avr_loss=0").
_LOSS_VALUE = re.compile(r"""\b(?:train_|avr_)?loss['"]?\s{0,2}[:=]\s{0,2}['"]?(?P<v>\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,4})?)\b""")

# A logged loss of either sign past any value a real objective reaches: float32 overflowed or the kernels returned
# garbage (ROCm/legacy-rocm-build#2100: "GPU loss: -1.7142915703512032e+38" beside the CPU's 20.36 on an overridden
# gfx1032). Unnormalised regression losses reach 1e12 or so; nothing real reaches 1e20.
_LOSS_SIGNED = re.compile(r"""\bloss['"]?\s{0,2}[:=]\s{0,2}['"]?(?P<v>[-+]?\d{1,12}(?:\.\d{1,20})?e[-+]?\d{1,4})\b""", re.I)
LOSS_ABSURD = 1e20
# The HF Trainer's summary of a finished run (`train_loss = 0.0` in its metrics table, `'train_loss': 0.0` in the dict it
# prints): the mean over every step, so exactly 0 means no step had a loss (LlamaFactory#4278: Qwen2 LoRA in fp16)
_TRAIN_LOSS_ZERO = re.compile(r"^\s{0,8}train_loss\s{0,30}=\s{0,30}0(?:\.0{1,8})?\s*$|['\"]train_loss['\"]: 0\.0(?:[,}]| )")
ZERO_LOSS_RUN = 3  # consecutive logged zeros after a non-zero loss: the loss collapsed, not converged
# The same step's other training losses (`batch_loss=0.0011 running_loss=0.0002` beside a summary's `loss=0.0000`): a
# non-zero one means the zero is a rounded or mislabelled summary, not a collapsed loss
_OTHER_LOSS = re.compile(r"\b(?:batch|running|step|train)_loss\s{0,2}[:=]\s{0,2}(?P<v>\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,4})?)\b")
# A logged loss ten times the one before it, and at least 10: the run blew up (TensorFlow-ROCm's cifar10 0.92 ->
# 547.68, ROCmSoftwarePlatform/tensorflow#42; mmdet's 2.44 -> 63118, ZSD-SC-Resolver#24). Per-step losses of a
# healthy run move by 5x at most (tensorflow/models#8423's 0.21 -> 1.01); the corpus's healthy logs by 1.6x.
LOSS_BLOWUP, LOSS_BLOWUP_MIN = 10.0, 10.0
_LOSS_LABEL = re.compile(r"([A-Za-z]{2,20})[ _]{1,2}$")  # the word naming a loss ("Generator loss", "total loss")
_STEP_NO = re.compile(r"\b(?:step|iter(?:ation)?|epoch)\s{0,2}[=:]?\s{0,2}(\d{1,9})\b", re.I)
# A dynamic loss scaler's new value in the words each trainer prints it (not DeepSpeed's source location
# "[loss_scaler.py:183:update_scale]" before it): DLLogger's "PARAMETER loss_scale :
# 8192.0", DeepSpeed's "Attempted loss scale: 128.0, reducing to 64.0", fairseq's "setting loss scale to: 64.0",
# apex's "reducing loss scale to 32768.0", a metrics line's "loss scale: 1.0".
_LOSS_SCALE = re.compile(r"\bloss[_ ]scal(?:e|er)\b(?!\.py)[^\n]{0,60}?(?:reducing to|to:?|of|:|=)\s{0,4}(?P<v>\d{1,12}(?:\.\d{1,12})?"
                         r"(?:e[-+]?\d{1,4})?)\b(?:, reducing to (?P<to>\d{1,12}(?:\.\d{1,12})?))?", re.I)
# llama.cpp's perplexity tool prints the running perplexity after each chunk ("[1]4.3801,[2]4.9556,") and a
# "Final estimate: PPL = 5.9 +/- 0.03": once NaN it stays NaN (llama.cpp#5631; a healthy run: llama.cpp#1087).
_PPL_NAN = re.compile(r"(?:^|,)\s{0,2}\[(?P<n>\d{1,6})\](?P<v>[-+]?nan|[-+]?inf)\b|"
                      r"\bFinal estimate: PPL = (?P<f>[-+]?nan|[-+]?inf)\b", re.I)
# Where a line is in the run: its clock time (hh:mm:ss after a date), or the step it reports.
_CLOCK = re.compile(r"\b\d{4}-\d\d-\d\d[ T_](?P<h>\d\d):(?P<m>\d\d):(?P<s>\d\d)\b")
# A log of bare numbers ("76970 2.6265104" / "76980 nan": step and loss, no names): a column that held
# finite real values in this many rows and is NaN/inf in the last row has diverged.
NUMBER_ROWS_FINITE = 3
SCALE_FALLS = 4  # halvings in a row, with no growth between them ...
SCALE_SPREAD_S, SCALE_SPREAD_STEPS = 600, 100  # ... spread over this much of the run: not the warm-up
SCALE_FLOOR = 1.0  # ... or down to this: a warm-up halves from 2**16 (2**32 in DeepSpeed) to thousands, never to 1
# ... or this many halvings in a row down to this: apex's "Using dynamic loss scale of 256.0" after a "Grad overflow on
# iteration N" at 8 of the first 19 iterations (NVIDIA/apex#289); a warm-up from 2**16 stops in the thousands
SCALE_LOW_FALLS, SCALE_LOW = 8, 256.0
SCALE_TINY = 8.0  # ... or SCALE_FALLS halvings in a row down to this (apex's "reducing loss scale to 2.0" mid-run,
# NVIDIA/apex#493): gradients that overflow fp16 when scaled by 8 are thousands already; no warm-up gets there
# A logged gradient norm (pre-clipping) this large: the gradients exploded (Megatron's "grad norm: 224119.688",
# verifiers#42's 'grad_norm': 4802478.4, mmdet's 3.8e12). Healthy runs in the corpus log at most ~120.
_GRAD_NORM = re.compile(r"""\bgrad[_ ]norm['"]?\s{0,2}[:=]\s{0,2}['"]?(?P<v>\d{1,15}(?:\.\d{1,20})?(?:e[-+]?\d{1,4})?)\b""", re.I)
GRAD_NORM_ABSURD = 1e5
# A progress row (a bar or "N/M") with NAN_TOKENS bare `nan` columns: yolov5's "1/99  2.64G  nan  nan  nan  4  416:
# 100%|...|" (ultralytics/yolov5#4962), the losses of the row not numbers. Bare: between blanks, not `loss=nan`
# (the metrics read those) nor part of a name.
_BARE_NAN = re.compile(r"(?:^|(?<=\s))[-+]?nan(?=\s|$)", re.I)
_PROGRESS_ROW = re.compile(r"\b\d{1,9}/\d{1,9}\b[^\n]{0,400}(?:\d{1,3}%\||\[\d)|\d{1,3}%\|")
NAN_TOKENS = 2
# Megatron's iteration line ("iteration 9/10 | consumed samples: ... | loss scale: 1.0 | ... number of skipped
# iterations:   0 |"): it prints each loss only when its average is > 0, so a NaN loss leaves no loss at all.
_MEGATRON_ITER = re.compile(r"\biteration\s{1,12}(?P<n>\d{1,9})/\s{0,12}\d{1,9} \|")
_MEGATRON_SKIPPED = re.compile(r"number of skipped iterations:\s{0,8}(?P<k>\d{1,9})\b")
_MEGATRON_LOSS = re.compile(r"\b[\w-]{0,30}(?:loss|lm loss)\w{0,20}:\s{0,4}[-+]?(?:\d|nan|inf)", re.I)


def _spread(falls: list[tuple[LogLine, float | None]], by_clock: bool) -> str:
    """How far apart the first and last of these loss-scale halvings are, when that is past a warm-up
    (minutes by the clock, or steps), else ""."""
    a, b = falls[0][1], falls[-1][1]
    if a is None or b is None:
        return ""
    d = (b - a) % 86400 if by_clock else b - a
    if by_clock and d >= SCALE_SPREAD_S:
        return f"over {int(d // 60)} minutes"
    if not by_clock and d >= SCALE_SPREAD_STEPS:
        return f"over {int(d)} steps"
    return ""


def _not_learning(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """Training that goes on without learning: DeepSpeed skipping most steps (every step's fp16
    gradients overflow), or a loss that drops to exactly 0 and stays there."""
    zeros, seen_nonzero = 0, False
    zero_mean: LogLine | None = None  # the Trainer's summary saying train_loss 0.0
    losses: dict[str, float] = {}  # the last logged value of each loss, by its name ("", "generator", "total")
    jump: tuple[LogLine, str, float, float] | None = None  # a tenfold jump waiting for the next value to confirm it
    last_step: int | None = None
    last: dict[str, tuple[LogLine, str]] = {}  # metric -> (line, value) of its last logged value
    falls: list[tuple[LogLine, float | None]] = []  # loss-scale halvings in a row: (line, clock or step)
    scale: float | None = None
    step: int | None = None
    exploded: tuple[LogLine, str] | None = None  # a gradient norm past GRAD_NORM_ABSURD, and every later one too
    for ln in lines:
        t = ln.text
        if "train_loss" in t and _TRAIN_LOSS_ZERO.search(t[:2000]):
            zero_mean = zero_mean or ln  # judged at the end: the table rounds to 4 decimals
            continue
        if "iteration" in t and " | " in t:
            m = _MEGATRON_ITER.search(t[:400])
            if m:
                step = int(m.group("n"))
                k = _MEGATRON_SKIPPED.search(t)
                rest = t.replace("loss scale:", "").replace("loss_scale:", "")
                if k is not None and k.group("k") == "0" and "loss scale" in t and not _MEGATRON_LOSS.search(rest):
                    return ln, (f"iteration {m.group('n')} logs no loss and skipped no step: Megatron leaves out a "
                                "loss whose average is NaN")
        if "scal" in t and "loss" in t.lower():
            m = _LOSS_SCALE.search(t[:2000])
            if m:
                val = float(m.group("to") or m.group("v"))
                if scale is not None and val > scale:
                    falls = []  # the scaler grew back: it is settling, not collapsing
                elif scale is not None and val < scale or m.group("to"):
                    c = _CLOCK.search(t)
                    when = (int(c.group("h")) * 3600 + int(c.group("m")) * 60 + int(c.group("s"))) if c else step
                    falls.append((ln, when))
                    if len(falls) >= SCALE_FALLS:
                        done = _spread(falls, by_clock=c is not None)
                        if done:
                            return ln, f"the fp16 loss scale fell {len(falls)} times in a row {done}, never growing back"
                        if val <= SCALE_FLOOR or val <= SCALE_TINY or len(falls) >= SCALE_LOW_FALLS and val <= SCALE_LOW:
                            # no warm-up halves that far: the gradients overflow step after step
                            return ln, (f"the fp16 loss scale fell {len(falls)} times in a row to {val:g}, never "
                                        "growing back: the gradients overflow " + (
                                            "at any scale" if val <= SCALE_FLOOR else "step after step"))
                scale = val
        else:
            b = _BAR.search(t) if "/" in t else None
            if b:
                step = int(b.group("n"))
        if "norm" in t:
            m = _GRAD_NORM.search(t[:4000])
            if m and float(m.group("v")) >= GRAD_NORM_ABSURD:
                exploded = exploded or (ln, m.group("v"))  # confirmed unless a later norm comes back down
            elif m:
                exploded = None  # one spike the run recovered from (a first step's norm, then 22): not a divergence
        if "nan" in t.lower() and len(_BARE_NAN.findall(t[:2000])) >= NAN_TOKENS and _PROGRESS_ROW.search(t[:2000]):
            return ln, "a training progress row logs its values as nan: the losses are not numbers"
        if ("nan" in t or "inf" in t or last) and ("loss" in t or "norm" in t):
            for mv in _METRIC_VALUE.finditer(t[:2000]):
                last[mv.group("key").lower()] = (ln, mv.group("v"))
        if ("nan" in t or "inf" in t) and ("]" in t or "PPL" in t):
            m = _PPL_NAN.search(t[:65536])
            if m:
                at = f"after chunk {m.group('n')}" if m.group("n") else "in the final estimate"
                return ln, f"the perplexity is {(m.group('v') or m.group('f')).lower()} {at}: the model's outputs are NaN/inf"
        if "skipped=" in t:
            m = _DS_SKIPPED.search(t)
            if m and int(m.group("n")) >= 20 and int(m.group("k")) * 2 > int(m.group("n")):
                return ln, f"{m.group('k')} of {m.group('n')} steps skipped by the fp16 loss scaler"
        if "loss" in t.lower() and "e" in t:
            m = _LOSS_SIGNED.search(t[:2000])
            if m and abs(float(m.group("v"))) >= LOSS_ABSURD:
                return ln, (f"a logged loss of {m.group('v')}: no objective reaches that, so the values overflowed "
                            "or the GPU's kernels returned garbage")
        if "loss" in t:
            m = _LOSS_VALUE.search(t)
            other = _OTHER_LOSS.search(t[:2000]) if "_loss" in t else None
            if other and float(other.group("v")) > 0 and (m is None or m.start() != other.start()):
                zeros, seen_nonzero = 0, True
            if m:
                val = float(m.group("v"))
                lab = _LOSS_LABEL.search(t[max(0, m.start() - 24):m.start()])
                label = lab.group(1).lower() if lab else ""  # "Generator loss" is not "Discriminator loss"
                sm = _STEP_NO.search(t[:400])
                step = int(sm.group(1)) if sm else None
                if step is not None and last_step is not None and step < last_step:
                    losses.clear()  # the step count starts again: another run or model
                    jump = None
                last_step = step if step is not None else last_step
                if jump is not None and jump[1] == label:
                    if val >= LOSS_BLOWUP * jump[2]:
                        return _blew_up(jump)  # it stayed up
                    jump = None  # one outlier, and the loss came back
                prev = losses.get(label)
                if prev and jump is None and val >= LOSS_BLOWUP * prev and val >= LOSS_BLOWUP_MIN:
                    jump = (ln, label, prev, val)
                losses[label] = val
                if val == 0.0:
                    zeros += 1
                    if zeros >= ZERO_LOSS_RUN and seen_nonzero:
                        return ln, f"the training loss is exactly 0 in {zeros} logged steps in a row"
                else:
                    zeros, seen_nonzero = 0, True
    if zero_mean is not None and not seen_nonzero:  # no step logged a loss above 0 either
        return zero_mean, ("the run's average training loss (the Trainer's train_loss) is 0 and no step logged a loss "
                           "above 0: no step had a loss (fp16 overflowing to 0, or every label masked)")
    if jump is not None:  # the jump is the last value that loss logged
        return _blew_up(jump)
    if exploded is not None:
        return exploded[0], f"a logged gradient norm of {exploded[1]}, and none back below it after: the gradients exploded"
    got = _number_columns(lines) or _loss_column(lines)
    if got:
        return got
    # A metric whose last logged value is NaN/inf: the run diverged and did not come back (a NaN
    # followed by finite values is a step that loss scaling skipped; the catalog reports it).
    for key in ("loss", "grad_norm", "norm"):
        if key in last and last[key][1].lower().lstrip("+-")[:3] in ("nan", "inf"):
            ln, v = last[key]
            return ln, f"the last logged {key} is {v.lower()}: training diverged and did not recover"
    return None


def _blew_up(jump: tuple[LogLine, str, float, float]) -> tuple[LogLine, str]:
    ln, label, base, val = jump
    return ln, (f"the {label + ' ' if label else ''}loss jumped from {base:g} to {val:g} between two logged steps "
                f"({val / base:.3g}x) and stayed there: the run blew up")


def _numbers(text: str) -> list[str] | None:
    """The tokens of a row that is only numbers (2 to 8 of them, NaN/inf included), else None."""
    if len(text) > 160 or not text.lstrip()[:1].isdigit():
        return None
    toks = text.replace(",", " ").split()
    if not 2 <= len(toks) <= 8:
        return None
    for tok in toks:
        try:
            float(tok)
        except ValueError:
            return None
    return toks


def _number_columns(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """A table of bare numbers whose real-valued column ends in NaN/inf after finite rows: a loss
    printed without its name that diverged and did not come back."""
    finite: dict[tuple[int, int], int] = {}  # (row width, column) -> rows with a finite real value there
    last: dict[int, tuple[LogLine, list[str]]] = {}  # row width -> its last row
    for ln in lines:
        toks = _numbers(ln.text)
        if toks is None:
            continue
        last[len(toks)] = (ln, toks)
        for j, tok in enumerate(toks):
            low = tok.lower().lstrip("+-")
            if low[:3] not in ("nan", "inf") and ("." in tok or "e" in low):
                finite[(len(toks), j)] = finite.get((len(toks), j), 0) + 1
    for width, (ln, toks) in last.items():
        for j, tok in enumerate(toks):
            n = finite.get((width, j), 0)
            if tok.lower().lstrip("+-")[:3] in ("nan", "inf") and n >= NUMBER_ROWS_FINITE:
                return ln, (f"the last row of numbers has {tok.lower()} where {n} rows before it had finite values: "
                            "training diverged and did not recover")
    return None


_COLUMNS = re.compile(r"\t|\s{2,}")
_NAN = ("nan", "inf", "-inf", "+inf")


def _loss_column(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """A progress table whose header ends in a loss column (tf_cnn_benchmarks' `Step  Img/sec  total_loss`) and
    whose rows end in NaN/inf, NUMBER_ROWS_FINITE of them in a row: the loss is not a number from the first step."""
    header = False
    run = 0
    for ln in lines:
        cols = [c for c in _COLUMNS.split(ln.text.strip()) if c]
        if len(cols) >= 2 and re.fullmatch(r"(?i)[\w/-]{0,30}loss", cols[-1]):
            header, run = True, 0
            continue
        if not header or len(cols) < 2:
            continue
        last = cols[-1].split()[-1].lower()
        run = run + 1 if last in _NAN else 0
        if run >= NUMBER_ROWS_FINITE:
            return ln, f"the loss column of the progress table is {last} in {run} rows in a row"
    return None
