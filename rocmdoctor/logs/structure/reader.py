"""``analyze``: one pass over a log's lines that fills a ``Shape``, calling the reader of each part
(tracebacks, NCCL classes, kernel lines, stops, numerics, builds, refusals, sentence classes)."""
from __future__ import annotations

from ...knowledge.signatures.benign import is_benign
from ..logscan.lines import MAX_LINE, LogLine, parse
from .builds import _BUILD_ERROR, _BUILD_OK, _DS_BUILD, _GFX_REFUSED, _GOES_ON, _GPU_TYPE, _KERNEL_LIBRARY, _build
from .collectives import _LAST_ERROR, _NCCL_CLASS, _NCCL_WORDS, NCCL_CLASSES
from .kernel import (_AMDGPU_FAULT, _KERNEL, _KERNEL_BAD, _KERNEL_SEVERE, _KFD_REFUSES, _ROCK_NOT_LOADED,
                     _k8s_plugin_without_gpu, ip_block, kernel_form)
from .numerics import _NAN_FLAG, _not_learning, nan_array
from .progress import declares_success, went_on
from .sentences import _BECAUSE_HEAD, _SENTENCE_KEYS, sentence_class
from .session import (_CONTAINER_PROMPT, _SAW_GPU, _SUDO_CMD, SUDO_WINDOW, _rocm_torch_replaced, _run_without_gpu,
                      _torch_sees_no_gpu, visible_devices_select_none)
from .shape import KernelEvent, NcclError, Shape
from .stops import _stop
from .tracebacks import _CPP_FRAME, _tracebacks


def analyze(raw_lines: list[str], file: str | None = None, first_number: int = 1) -> Shape:
    """The shape of these lines (a file's tail, or a whole small log)."""
    shape = Shape(lines=len(raw_lines))
    lines = [parse(r[:MAX_LINE], first_number + i, file) for i, r in enumerate(raw_lines)]
    _tracebacks(lines, shape)
    prev_nccl: NcclError | None = None
    for i, ln in enumerate(lines):
        t = ln.text
        if prev_nccl is not None:
            m = _LAST_ERROR.match(t)
            if m:
                rest = m.group("rest").strip()
                if not rest and i + 1 < len(lines):
                    rest = lines[i + 1].text.strip()
                prev_nccl.last_error = rest[:300]
                prev_nccl = None
                continue
        if "nccl" in t.lower():
            m = _NCCL_CLASS.search(t)
            cls = m.group("cls") if m else None
            if cls is None:
                w = _NCCL_WORDS.search(t)
                if w:
                    cls = next(k for k, v in NCCL_CLASSES.items() if w.group("words").lower().startswith(v))
            if cls:
                if shape.nccl and shape.nccl[-1].cls == cls and shape.nccl[-1].line.number >= ln.number - 2:
                    prev_nccl = shape.nccl[-1]  # torch's line and NCCL's class line say one thing
                else:
                    prev_nccl = NcclError(cls, ln)
                    shape.nccl.append(prev_nccl)
                continue
        if _AMDGPU_FAULT.match(t):
            shape.kernel.append(KernelEvent(ln, ip_block(t), True))
        elif _KERNEL.search(t) and _KERNEL_BAD.search(t) and kernel_form(t, raw_lines[i]) and not is_benign(t):
            shape.kernel.append(KernelEvent(ln, ip_block(t), bool(_KERNEL_SEVERE.search(t))))
        if shape.container is None and "@" in t[:45] and _CONTAINER_PROMPT.match(t):
            shape.container = ln
        if shape.sudo_ok is None and "sudo" in t[:160] and _SUDO_CMD.match(t) and \
                any(_SAW_GPU.match(x.text) for x in lines[i + 1:i + 1 + SUDO_WINDOW]):
            shape.sudo_ok = ln
        if t.startswith("frame #") and _CPP_FRAME.match(t):
            shape.cpp_frames.append(ln)
    shape.stop = _stop(lines)
    shape.numerics = _not_learning(lines)
    shape.torch_replaced = _rocm_torch_replaced(lines)
    shape.run_without_gpu = _run_without_gpu(lines)
    shape.masked = visible_devices_select_none(lines)
    seen = _torch_sees_no_gpu(lines)
    if seen is not None:  # a ROCm build that sees no GPU is the runtime's question; a CUDA build is the wrong wheel
        kind, no_gpu, build = seen
        if kind == "rocm":
            shape.no_gpu = no_gpu
        else:
            shape.cuda_torch = (no_gpu, build.text.strip()[:160])
    _fallbacks(lines, shape)
    return shape


def _fallbacks(lines: list[LogLine], shape: Shape) -> None:
    """What the fallback classifier reads from the lines beside tracebacks and error classes: the
    first error of a native build, an arch refusal, the driver under a user-space failure, NaN
    flags, the last line that shows the run going on, and whether the log is one line."""
    body = [ln for ln in lines if ln.text.strip()]
    if len(body) == 1:
        shape.single = body[0]
    ds_seen = False
    build_at: int | None = None
    for i, ln in enumerate(lines):
        t = ln.text
        low = t.lower()
        if not ds_seen and ("deepspeed" in low or "op_builder" in low or "ds_" in low) and _DS_BUILD.search(t):
            ds_seen = True
        if build_at is None and ("error" in low or "cannot find" in low or "failed" in low or "错误" in t or
                                 "no such file" in low or "not found" in low or "exit status" in low) and len(t) < 4000 \
                and _BUILD_ERROR.match(t):
            build_at = i
        if shape.refusal is None and "gfx" in low:
            m = _GFX_REFUSED.search(t[:2000])
            if m and not declares_success(t) and not _GOES_ON.search(t[:2000]):
                g = _GPU_TYPE.search(t)
                gfx = (g.group("g") if g else m.group("g1") or m.group("g2")).lower()
                shape.refusal = (ln, gfx, bool(_KERNEL_LIBRARY.search(t)))
        if shape.driver_root is None and ("rock" in low or "kfd" in low) and (
                _ROCK_NOT_LOADED.search(t[:2000]) or (_KFD_REFUSES.search(t[:2000]) and kernel_form(t))):
            shape.driver_root = ln
        if shape.numerics is None and "nan" in low and _NAN_FLAG.search(t[:2000]):
            shape.numerics = (ln, "a NaN check the run prints is True: non-finite values in the model")
        if shape.numerics is None and "nan" in low and nan_array(t):
            shape.numerics = (ln, f"a printed {nan_array(t)} holds nothing but NaN: the computation produced no numbers")
        if went_on(t):
            shape.went_on = ln  # (a progress or metrics line is no refusal: not read for one)
        elif shape.sentence is None and len(t) < 4000 and _SENTENCE_KEYS.search(low):
            subject = ""
            if i and "because" in lines[i - 1].text and _BECAUSE_HEAD.search(lines[i - 1].text[:2000]):
                # the header is the refusal, its reason this line; the exception above it names the library
                t = lines[i - 1].text.strip() + " " + t.strip()
                subject = " ".join(x.text[:500] for x in lines[max(0, i - 12):i - 1])
            got = sentence_class(t, alone=ln is shape.single or bool(subject), subject=subject)
            if got is not None:
                shape.sentence = (ln, got[0], got[1])
    shape.deepspeed_seen = ds_seen
    if shape.driver_root is None:
        shape.driver_root = _k8s_plugin_without_gpu(lines)
    # A build error that pip or the build recovered from (an optional extension, a wheel that fell back to
    # setup.py install) is followed by the install succeeding: that build did not fail the run.
    if build_at is not None and not any(_BUILD_OK.match(x.text) for x in lines[build_at + 1:]):
        shape.build = _build(lines, build_at, ds_seen)
