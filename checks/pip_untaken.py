"""pip lines this machine never runs, or that never bring what they name: one branch of a shell `if`/`case` per
GPU vendor, a Dockerfile branch on a build ARG whose default fails its test, torch lines vLLM's
use_existing_torch.py strips before the install, and requirements whose environment marker leaves out Linux.
RD-IMG-002 (image_pip.py) leaves these out before judging what an install brings."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at, once
from rocmdoctor.base.untrusted import pick
from rocmdoctor.knowledge import artifacts as ka
from rocmdoctor.knowledge import torch_wheels

_BRANCH = re.compile(r"^\s*(?:if|elif|else|case)\b|;;|\bthen\b", re.M)


def run_block(art, line: int) -> tuple[int, int]:
    """First and last line of the Dockerfile instruction (or continued shell command) holding ``line``."""
    lines = art.lines()
    lo = line
    while lo > 1 and lines[lo - 2].rstrip().endswith("\\"):
        lo -= 1
    hi = line
    while hi < len(lines) and lines[hi - 1].rstrip().endswith("\\"):
        hi += 1
    return lo, hi


def alternative_branch(settings, v, pips) -> bool:
    """A torch install in one branch of a shell `if`/`case` whose other branch, in the same command,
    installs a ROCm torch: the branches are alternatives (per GPU vendor), and the ROCm one is this
    machine's. Only torch/torchvision/torchaudio from another index, or from PyPI (the NVIDIA branch's plain `pip
    install torch`: PyPI's Linux torch is the CUDA build), are left out."""
    rec = v.value if isinstance(v.value, dict) else {}
    if rec.get("file") or not any(ka.requirement_name(str(r)) in ("torch", "torchvision", "torchaudio")
                                  for r in rec.get("requirements") or []):
        return False
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind not in ("dockerfile", "shell", "slurm"):
        return False
    lo, hi = run_block(art, v.origin.line or 0)
    if art.kind != "dockerfile":  # a script's `if`/`elif`/`else` spans lines of its own: the block around the pip
        lo, hi = _script_block(art.lines(), v.origin.line or 0) or (lo, hi)
    if not _BRANCH.search("\n".join(art.lines()[lo - 1:hi])):
        return False
    return any(p is not v and p.origin.path == v.origin.path and lo <= (p.origin.line or 0) <= hi
               and (art.kind == "dockerfile" or in_other_branch(settings, v.origin.path,
                                                                *sorted((v.origin.line or 0, p.origin.line or 0))))
               and any(ka.ROCM_INDEX.search(str(x)) for k in ("index-url", "i", "extra-index-url")
                       for x in ((p.value.get("options") or {}) if isinstance(p.value, dict) else {}).get(k, []))
               for p in pips) or any(ka.ROCM_INDEX.search(ln) and re.search(r"\bpip\d*\s+install\b", ln)
                                     and (art.kind == "dockerfile" or in_other_branch(
                                         settings, v.origin.path, *sorted((v.origin.line or 0, n))))
                                     for n, ln in enumerate(art.lines()[lo - 1:hi], lo))


def _script_block(lines: list[str], line: int) -> tuple[int, int] | None:
    """The first and last lines of the innermost `if ... fi` / `case ... esac` of a script around ``line`` (None
    when it is in none): its branches are the alternatives one run chooses among."""
    depth, start = 0, None
    for i in range(line - 1, max(0, line - 400), -1):
        text = lines[i - 1]
        if _BRANCH_END.match(text):
            depth += 1
        elif _BRANCH_OPEN.search(text) and not _BRANCH_CLOSE.search(text):
            if depth == 0:
                start = i
                break
            depth -= 1
    if start is None:
        return None
    depth = 0
    for i in range(start + 1, min(len(lines), start + 800) + 1):
        text = lines[i - 1]
        if _BRANCH_OPEN.search(text) and not _BRANCH_CLOSE.search(text):
            depth += 1
        elif _BRANCH_END.match(text):
            if depth == 0:
                return start, i
            depth -= 1
    return None


# (the shell's own: a Python `else:` inside `python -c "..."` is not one)
_BRANCH_EDGE = re.compile(r"^\s*(?:elif\b(?!.*:\s*$)|else\s*(?:$|\\|;|#)|[^#\n]*;;)")
_BRANCH_END = re.compile(r"^\s*(?:fi|esac)\b")
_BRANCH_OPEN = re.compile(r"(?:^|[;&|]\s*)\s*(?:if|case)\s")
_BRANCH_CLOSE = re.compile(r"[;&|\s]\s*(?:fi|esac)\b")  # closed on the line that opens it


def in_other_branch(settings, path: str, lo: int, hi: int) -> bool:
    """Whether line ``lo`` and line ``hi`` of a script or Dockerfile are in different branches of one `if`/`case`
    (an `elif`, `else` or `;;` between them, and no `fi`/`esac` after it: past the block, whichever branch ran is
    behind): a ROCm torch the `nightly` branch installs is not there when the `stable` branch's pip runs."""
    art = artifact_at(settings, path)
    if art is None or art.kind not in ("shell", "slurm", "dockerfile"):
        return False  # a requirements file has no branches (and thousands of lines: no scan per line)
    apart, depth = False, 0  # depth: if/case blocks opened after line lo and still open (theirs are not lo's branches)
    for ln in art.lines()[lo:hi - 1]:
        opens = len(_BRANCH_OPEN.findall(ln))
        if _BRANCH_END.match(ln):
            apart, depth = (False, 0) if depth == 0 else (apart, depth - 1)
        elif _BRANCH_EDGE.match(ln) and depth == 0:
            apart = True
        depth += opens - len(_BRANCH_CLOSE.findall(ln)) if opens else 0
    return apart


# A branch test that names a vendor: `if [ "${WORKER_GPU_BACKEND}" = "cuda" ]; then`, `elif [ "$GPU" == rocm ]` (a
# Dockerfile's `RUN if ...` too); `!=` tests say what a branch is not, and are left out.
_VENDOR_TEST = re.compile(r"^\s*(?:RUN\s+)?(?:(?:&&|\|\||;)\s*)?(?P<kw>if|elif)\s[^\n]{0,200}?(?<![!<>])==?\s*[\"']?"
                          r"(?P<lit>[\w.-]{1,40})[\"']?\s*\]", re.M)
_CHAIN_END = re.compile(r"(?:^|[\s;&|])fi\b")
_ELSE = re.compile(r"^\s*else\b")
_NVIDIA_LIT = re.compile(r"^(?:cuda|nvidia|nv|gpu-nvidia|cu\d{2,3})$", re.I)
_AMD_LIT = re.compile(r"^(?:rocm|amd|hip|radeon)(?:[\d.]*)$", re.I)


def other_vendor_branch(settings, v) -> bool:
    """A pip in the branch of an `if`/`elif` chain whose test names CUDA/NVIDIA (or in its `else`), where another
    branch of the same chain names ROCm/AMD: the chain picks per vendor, and the NVIDIA branch never runs on this machine
    (nojoin's worker: `if [ "$WORKER_GPU_BACKEND" = "cuda" ]; then pip install onnxruntime-gpu ... elif ... rocm`).
    A chain ends at its `fi`; a pip after it runs whatever the chain chose."""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind not in ("dockerfile", "shell", "slurm") or not v.origin.line:
        return False
    lines = art.lines()
    if art.kind != "dockerfile":  # a script's chain spans lines of its own (`if [ "$GPU_TYPE" = "nvidia" ]; then`)
        return script_vendor_branch(lines, v.origin.line)
    lo, hi = run_block(art, v.origin.line)
    chain: list[tuple[int, str]] = []  # (line, literal) of the chain open at the pip, and of the rest of it
    for i in range(lo, min(hi, len(lines)) + 1):
        m = _VENDOR_TEST.match(lines[i - 1])
        if m and m.group("kw") == "if" and i <= v.origin.line:
            chain = []
        if m:
            chain.append((i, m.group("lit")))
        elif chain and _ELSE.match(lines[i - 1]):
            chain.append((i, "else"))  # the chain's last branch: what runs where no vendor test holds
        if _CHAIN_END.search(lines[i - 1]):  # (`if [ "$GPU" = cuda ]; then echo; fi && \` closes on its line)
            if i >= v.origin.line:
                break  # the pip's chain closes here
            chain = []  # a chain closed before the pip: not its
    mine = [lit for i, lit in chain if i <= v.origin.line]
    # the NVIDIA branch, or the fallback after an AMD branch (the CPU install): neither runs where the AMD test holds
    return bool(mine) and (bool(_NVIDIA_LIT.match(mine[-1])) or mine[-1] == "else") and \
        any(_AMD_LIT.match(lit) for _, lit in chain)


def in_other_vendor_branch(art, line) -> bool:
    """A line of a launch or batch script in its CUDA/NVIDIA branch beside a ROCm one (:func:`script_vendor_branch`)."""
    return art is not None and getattr(art, "kind", "") in ("shell", "slurm") and isinstance(line, int) and line > 0 \
        and script_vendor_branch(art.lines(), line)


_VENDOR_OPEN = re.compile(r"^\s*(?:(?:el)?if\b[^\n]{0,200}(?:cuda|nvidia)|[\w\"'*|-]{0,40}(?:cuda|nvidia)[\w\"'*|-]{0,40}\)(?:\s|$))",
                          re.I)


def nvidia_branch(lines: list[str], line: int) -> bool:
    """A script's line sits in an `if`/`elif` or a case arm whose test names CUDA/NVIDIA, whether or not another branch
    names AMD (:func:`script_vendor_branch` asks for one): `if [ "$GPU" = nvidia ]`, a `cuda)` arm, `if command -v
    nvidia-smi`. The enclosing openers are the nearest less-indented lines above it (a script's own abort `if ! command -v nvidia-smi; then exit 1; fi` before an
    unconditional build encloses nothing)."""
    if not 0 < line <= len(lines):
        return False
    if _VENDOR_OPEN.match(lines[line - 1]):  # `cuda) cmake ... ;;`, `if command -v nvidia-smi; then cmake ...; fi`
        return True
    indent = len(lines[line - 1]) - len(lines[line - 1].lstrip())
    for k in range(line - 2, max(-1, line - 80), -1):
        text = lines[k]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        ind = len(text) - len(text.lstrip())
        if ind < indent:
            if _VENDOR_OPEN.match(text):
                return True
            indent = ind
            if ind == 0:
                return False
    return False


def script_vendor_branch(lines: list[str], line: int) -> bool:
    """other_vendor_branch for a script: the `if` blocks around ``line``, innermost first; the first whose tests name
    vendors decides, from its own branches (an `elif`/`else` of an `if` nested in a branch is that `if`'s)."""
    lo = line
    for _ in range(4):
        block = _script_block(lines, lo)
        if block is None:
            return False
        start, end = block
        m = _VENDOR_TEST.match(lines[start - 1])
        if m and m.group("kw") == "if":
            chain, depth, mine = [(start, m.group("lit"))], 0, m.group("lit")
            for i in range(start + 1, end):
                text = lines[i - 1]
                if _BRANCH_OPEN.search(text) and not _BRANCH_CLOSE.search(text):
                    depth += 1
                elif _BRANCH_END.match(text):
                    depth -= 1
                elif depth == 0 and (e := _VENDOR_TEST.match(text) or (_ELSE.match(text) and "else")):
                    lit = e if isinstance(e, str) else e.group("lit")
                    chain.append((i, lit))
                    if i < line:
                        mine = lit
            return (bool(_NVIDIA_LIT.match(mine)) or mine == "else") and any(_AMD_LIT.match(x) for _, x in chain)
        lo = start
    return False


# `if [ "${NAME}" = "1" ]; then` / `if [[ $NAME == value ]]; then`: a branch on a build ARG
_ARG_TEST = re.compile(r"""\bif\s+\[\[?\s*"?\$\{?(\w+)\}?"?\s*(!?=|==)\s*["']?([\w.:/-]*)["']?\s*\]\]?\s*;?\s*then\b""")


def untaken_arg_branch(settings, v) -> bool:
    """A pip of a Dockerfile RUN inside `if [ "$ARG" = VALUE ]; then` (no fi/else before it) whose ARG default,
    declared in the same Dockerfile, does not pass the test, and that nothing else of the set (a compose build arg,
    a script's --build-arg) names: a default `docker build` never runs it (lf-docker-rocm, zhangnju recsys's
    TRITONSERVER_BUILD=1 branch)."""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind != "dockerfile" or not v.origin.line:
        return False
    lo, _hi = run_block(art, v.origin.line)
    before = "\n".join(art.lines()[lo - 1:v.origin.line])
    tests = list(_ARG_TEST.finditer(before))
    if not tests or re.search(r"\b(?:fi|else|elif)\b", before[tests[-1].end():]):
        return False
    name, op, value = tests[-1].groups()
    args = [x for x in settings.values("build", f"arg:{name}") if x.origin.path == art.path
            and (x.origin.line or 0) < v.origin.line]
    if not args or any(name in (b.text or "") for b in settings.artifacts if b is not art):
        return False
    default = str(args[-1].value or "")
    return (default == value) == (op == "!=")


# vLLM's use_existing_torch.py (and copies named using_existing_torch.py): rewrites requirements*.txt / requirements/*.txt
# and pyproject.toml in its working directory without every line that contains "torch", so the build keeps the
# image's torch (https://github.com/vllm-project/vllm/blob/6d1479ca4b5a3904b6c5b4a1d741dda43efdc289/use_existing_torch.py)
_USE_EXISTING_TORCH = re.compile(r"(?m)^\s*RUN\b[^\n]*\bpython[\d.]*\s+(?:\S*/)?us(?:e|ing)_existing_torch\.py\b")


def torch_lines_stripped(settings, v, req: str) -> bool:
    """A requirements line naming torch in a file that a Dockerfile of the set runs use_existing_torch.py over before
    installing it (the file is COPY'd into, or installed in, that build; the script runs before the install line)."""
    rec = v.value if isinstance(v.value, dict) else {}
    base = os.path.basename(v.origin.path)
    if not rec.get("file") or "torch" not in req.lower() or not (
            base.startswith("requirements") or os.path.basename(os.path.dirname(v.origin.path)) == "requirements"):
        return False
    art = artifact_at(settings, v.origin.path)
    installs = [(str(p), int(n)) for p, n in (pick(art.data, "installed_by", default=None) or [])] if art else []
    for d in settings.of_kind("dockerfile"):
        m = _USE_EXISTING_TORCH.search(d.text or "")
        if m is None or base not in (d.text or ""):
            continue
        run_line = (d.text or "")[:m.start()].count("\n") + 1
        if all(n > run_line for p, n in installs if p == d.path):
            return True
    return False


def applies_on_linux(req: str) -> bool:
    """A requirement's environment marker holds on a Linux x86_64 host (no marker: it does). The Python that will
    install it is not known here (a venv, an image's own): a marker holds where it holds for any Python 3 from 3.8
    on, never just for the one that runs rocmdoctor (poetry's `torch==2.5.1 ; python_version < "3.10"`)."""
    if ";" not in req:
        return True
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.markers import UndefinedEnvironmentName

    text = req.strip()
    if len(text) > 1 and text[0] == text[-1] and text[0] in "'\"":
        text = text[1:-1]  # a quoted shell word; a marker's own closing quote stays
    try:
        r = Requirement(text)
        host = {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64", "os_name": "posix"}
        return r.marker is None or any(r.marker.evaluate({**host, "python_version": f"3.{minor}",
                                                           "python_full_version": f"3.{minor}.0"})
                                       for minor in range(8, 15))
    except (InvalidRequirement, UndefinedEnvironmentName, ValueError):
        return True


def constraints_file(settings, v) -> bool:
    """A requirements-style file that pip only reads as constraints (named constraints*.txt, or given with -c,
    --constraint, PIP_CONSTRAINT in the set): it installs nothing, and `torch==0` there forbids torch (the idiom
    that keeps pip from replacing the ROCm torch: k-majick/rocm-pytorch-container, fresh batch 22)."""
    path = v.origin.path or ""
    art = artifact_at(settings, path)
    if art is None or art.kind != "requirements":
        return False
    name = os.path.basename(path)
    constraints, installed = once(settings, "pip_constraint_names", lambda: _named_files(settings))
    if name in installed:
        return False  # the same name is also installed with -r somewhere: judged as an install
    return "constraint" in name.lower() or name in constraints


def _named_files(settings) -> tuple[set[str], set[str]]:
    """The file names the set's pip commands read as constraints (-c, --constraint, PIP_CONSTRAINT), and as
    requirements (-r), from what the readers recorded of each install."""
    def names(keys):
        return {os.path.basename(str(f)) for v in settings.values("build", "pip") for k in keys
                for f in pick(v.value, "options", k, default=None) or [] if isinstance(f, str)}

    env = {os.path.basename(str(v.value)) for v in settings.values("env") + settings.values("build")
           if v.name.rpartition(":")[2] == "PIP_CONSTRAINT" and isinstance(v.value, str)}
    return names(("c", "constraint")) | env, names(("r", "requirement"))


PIN_OFF_INDEX = ka.PipRule("torch", "fail", "the only index this install names is PyTorch's ROCm index, and that "
                             "index has no torch of the pinned release: pip stops ('No matching distribution found') and "
                             "installs nothing of the command; pin a release the index carries, or name the ROCm index "
                             "of that release", (torch_wheels.SOURCES_RANGE, ka.PYTORCH_ROCM_INSTALL))


def pin_off_index(req: str, opts: dict, extra_index: str | None) -> str | None:
    """`torch==2.1.2 --index-url .../whl/rocm6.0`: a pin the one (ROCm) index of the install does not carry."""
    if ka.requirement_name(req) != "torch" or "==" not in req or extra_index or any(
            k in opts for k in ("extra-index-url", "f", "find-links")):
        return None
    urls = [str(x) for k in ("index-url", "i") for x in opts.get(k, [])]
    m = ka.wheel_index(urls[-1]) if len(urls) == 1 else None
    release = torch_wheels.torch_release(re.sub(r"\s+", "", req.strip("'\"")))
    if m is None or release is None:
        return None
    why = torch_wheels.index_misses(m, release)
    return f"the rocm{'.'.join(map(str, m))} index {why}" if why else None


def config_extra_index(settings, v) -> str | None:
    """An extra index set by `pip config set global.extra-index-url` earlier in the same Dockerfile
    (and not unset before this pip line), or by PIP_EXTRA_INDEX_URL in its ENV."""
    extra = None
    for c in settings.values("build", "pip_config"):
        if c.origin.path == v.origin.path and (c.origin.line or 0) < (v.origin.line or 0) \
                and isinstance(c.value, dict) and c.value.get("key") == "extra-index-url":
            extra = c.value.get("value")
    if extra is None:
        e = next((x for x in settings.values("build", "env:PIP_EXTRA_INDEX_URL") if x.origin.path == v.origin.path
                  and (x.origin.line or 0) < (v.origin.line or 0)), None)
        extra = str(e.value) if e is not None and e.value else None
    return extra


_ANY_INDEX = ("index-url", "i", "extra-index-url", "f", "find-links", "default-index", "index", "no-index")
_LOCAL_ROCM_PIN = re.compile(r"==\s*[\w.]+\+rocm", re.I)


def pin_without_index(req: str, rec: dict, extra_index: str | None) -> bool:
    """`torch==X+rocmY` in an install that names no index at all (no pip index option, no uv URL requirement, no
    extra index from pip's config): PyPI has no +rocm build, so pip stops and nothing installs."""
    opts = rec.get("options") or {}
    return bool(ka.requirement_name(req) in ("torch", "torchvision", "torchaudio") and _LOCAL_ROCM_PIN.search(req)
                and not any(k in opts for k in _ANY_INDEX) and not extra_index
                and not any("://" in str(r) for r in rec.get("requirements") or []))  # uv's --default-index URL


def rocm_pin_finds_no_index(settings, v, req: str) -> bool:
    """RD-IMG-002's `+rocm` pin that no index carries, for other checks: nothing installs, so there is no wheel
    to judge (one cause, one finding)."""
    rec = v.value if isinstance(v.value, dict) else {}
    extra = config_extra_index(settings, v)
    return pin_without_index(req, rec, extra) or pin_off_index(req, rec.get("options") or {}, extra) is not None
