"""Python tracebacks in every form a log shows them (plain, Rich's box, IPython/Jupyter, cut off at
either end, behind a launcher's prefix), their exception line, and C++ frames."""
from __future__ import annotations

import re

from ..logscan.lines import LogLine
from .shape import Frame, Shape, Traceback


_FRAME = re.compile(r'File "(?P<path>[^"]{1,400})", line (?P<line>\d{1,7}), in (?P<func>[\w<>.]{1,120})')
_TB_START = re.compile(r"Traceback \(most recent call last\)")
_RICH_FRAME = re.compile(r"^(?P<path>\S{1,400}\.py):(?P<line>\d{1,7}) in (?P<func>[\w<>.]{1,120})$")
_RICH_TAIL = re.compile(r"^\d{1,7} in [\w<>.]{1,120}$")
_RETYPED_FRAME = re.compile(r'^(\s{0,8})[A-Za-z]{3,6} "(?=[^"]{1,400}", line \d{1,7}, in \S)')
# IPython/Jupyter tracebacks: "CalledProcessError    Traceback (most recent call last)" names the type
# first; frames are "~/.../site-packages/torch/utils/cpp_extension.py in _run_ninja_build(...)" or
# "File c:\\...\\site-packages\\transformers\\__init__.py:26"; source lines carry "---->" arrows.
_IPY_START = re.compile(r"^(?P<type>[A-Z]\w{0,60}(?:Error|Exception|Exit|Interrupt))\s{2,}Traceback \(most recent call last\)")
# (the notebook cell's own frame, `<ipython-input-7-b8d392e33e9f> in <module>`, is one too: the frames go on below it)
_IPY_FRAME = re.compile(r"^(?:File )?(?P<path>(?:~|/|[A-Za-z]:\\|\.{1,2}/)\S{0,400}?\.py|<ipython-input-[\w-]{1,80}>)"
                        r"(?::(?P<line>\d{1,7}))?"
                        r"(?: in (?P<func>[\w<>.]{1,120}))?(?:\(|,|\s*$)")
_CUT_FRAME = re.compile(r'^\s{0,8}[\w./\\-]{1,400}\.py", line \d{1,7}, in [\w<>.]{1,120}\s*$')
_IMPORT_STMT = re.compile(r"(?:^|[\s)>])(?:import [\w.]{1,80}|from [\w.]{1,80} import [\w*(]{1,80})\s{0,4}(?:#.{0,200})?$")
_IPY_SOURCE = re.compile(r"^\s{0,8}(?:-{1,5}>|Cell In\[)")
# "XError: message" at the end of a traceback, after whatever prefix the launcher added.
_EXC = re.compile(r"(?:^|[\s\]>|:(])(?P<type>(?:[a-z_]\w{0,40}\.){0,6}(?:[A-Z]\w{0,60}(?:Error|Exception|Exit|Failure)"
                  r"|KeyboardInterrupt|AssertionError|MemoryError))(?::[ \t]?(?P<msg>.{0,1600}))?$")
# Lines inside a traceback that are neither frames nor its end: source lines, carets, notes.
_CARET = re.compile(r"^\s{0,40}[~^ ]{1,400}$")
_CPP_FRAME = re.compile(r"^frame #\d{1,4}: (?P<func>.{1,300}?) \+ 0x[0-9a-f]{1,16}")

_STAMP = re.compile(r"^\d{4}-\d\d-\d\d[T ][\d:.,]{8,20}Z? ")


def _tracebacks(lines: list[LogLine], shape: Shape) -> None:
    """Tracebacks, including the ones the excerpt cuts off (frames and no exception line) and
    the ones whose start was cut (frames, then the exception). A launcher's prefix before the
    first frame ("grpo_02:", "(VllmWorkerProcess pid=7) ERROR ... ]") is stripped from the
    traceback's other lines."""
    cur: Traceback | None = None
    prefix = ""
    rich_path = ""
    for ln in lines:
        t = ln.text
        stamp = _STAMP.match(t)
        if stamp:
            t = t[stamp.end():]
        if '", line ' in t and 'File "' not in t:  # a frame retyped by hand ('Fille "...", line 923, in f')
            t = _RETYPED_FRAME.sub(r'\1File "', t, count=1)
            if 'File "' not in t and cur is None and _CUT_FRAME.match(t):
                t = 'File "' + t.lstrip()  # the excerpt's first line, cut inside a frame's path

        if t[:1] == "╰" and cur is not None:
            continue  # the bottom border of Rich's box: the exception line follows it
        if t[:1] == "│":  # Rich's boxed traceback (transformers, accelerate, typer): a frame is "path.py:LINE in func"
            inner = t.strip("│ \t")
            if rich_path and _RICH_TAIL.match(inner):
                inner, rich_path = rich_path + inner, ""
            elif inner.endswith(".py:") and " " not in inner:
                rich_path = inner  # the path wraps: "…/deepspeed/runtime/config.py:" then "891 in _batch_assertion"
                continue
            rm = _RICH_FRAME.match(inner)
            if rm:
                t = f'  File "{rm.group("path")}", line {rm.group("line")}, in {rm.group("func")}'
            else:
                continue  # source lines and blank rows of the box
        if prefix and t.startswith(prefix):
            t = t[len(prefix):]
        elif 'File "' in t and not t.lstrip().startswith('File "'):
            prefix = t[:t.index('File "')].rstrip(" \t")
            t = t[len(prefix):]
        if _TB_START.search(t):
            if cur is not None and (cur.frames or cur.exc_type):
                shape.tracebacks.append(cur)
            cur = Traceback(ln)
            ipy = _IPY_START.match(t.strip())
            cur.ipython = ipy.group("type") if ipy else ""
            continue
        fm = _FRAME.search(t) if 'File "' in t else None
        if fm is None and cur is not None and cur.ipython and cur.exc_type is None and (
                ".py" in t or t.startswith("<ipython-input-")):
            fm = _IPY_FRAME.match(t.strip())
        if fm:
            if cur is None or cur.exc_type is not None:
                if cur is not None:
                    shape.tracebacks.append(cur)
                cur = Traceback(None)
            cur.frames.append(Frame(fm.group("path"), int(fm.group("line") or 0), fm.group("func") or "<module>"))
            cur.lines.append(ln)
            continue
        if cur is None or cur.exc_type is not None:
            # An exception line with no frames shown (the excerpt starts at it).
            em = _EXC.search(t.strip()) if len(t) < 2000 and (":" in t or t.strip().endswith(("Error", "Exception"))) else None
            # (a pasted exception line may be indented a little; a traceback's source lines are indented 4)
            if em and not t.startswith(("   ", "\t")) and _exception_like(em.group("type")):
                if cur is not None:
                    shape.tracebacks.append(cur)
                cur = Traceback(None, exc_type=em.group("type"), message=(em.group("msg") or "").strip(), end=ln)
            continue
        s = t.strip()
        if not s or _CARET.match(t):
            continue
        em = _EXC.search(s) if len(s) < 2000 else None
        if em and _exception_like(em.group("type")) and not t.startswith("    "):
            cur.exc_type = em.group("type")
            cur.message = (em.group("msg") or "").strip()
            cur.end = ln
        elif t.startswith((" ", "\t")) or s.startswith(("^", "~")) or (cur.ipython and _IPY_SOURCE.match(t)):
            if cur.frames and _IMPORT_STMT.search(s):
                cur.importing = True  # the frame's statement is an import
            elif cur.frames and not s.startswith(("^", "~")):
                cur.importing = False
            continue  # a frame's source line
        elif s.startswith(("During handling", "The above exception")):
            continue
        else:
            shape.tracebacks.append(cur)  # cut off: what follows is not part of it
            cur = None
    if cur is not None and (cur.frames or cur.exc_type):
        shape.tracebacks.append(cur)


def _exception_like(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return last not in ("UserWarning", "FutureWarning") and len(last) > 5
