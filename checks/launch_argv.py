"""RD-LCH-011: options in an exec-form command (a pod's command/args, a compose `command:` list) are
one word each, dashes and name together. `"-- port=8000"` as one list item reaches the program as the
argument `-- port=8000`: argparse, click and Go's flag package read it as a positional value, not the
option, so the server stops ('unrecognized arguments') or runs with its defaults. RD-LCH-013: what -m
runs is a module's dotted name, not a file's path."""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import launches
from rocmdoctor.engine.check import check, ev, fail, ok
from rocmdoctor.checks.container_config.services import services_of

AREA = "launch"
K8S_ARGS = "https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/"
ARGPARSE = "https://docs.python.org/3/library/argparse.html#option-value-syntax"
# dashes, then blanks, then an option's name: one argv item (the shell never makes one: it splits at the blank)
_SPLIT_OPTION = re.compile(r"^(-{1,2})\s+([A-Za-z][\w-]*)(=.*)?$")


@check("RD-LCH-011", area=AREA, title="Options in a container's command list keep their dashes next to their name",
       option="config", sources=[K8S_ARGS, ARGPARSE])
def split_options(settings):
    out = []
    for a, name, svc in services_of(settings):
        if not hasattr(a, "line_of"):
            continue
        items = [x for k in ("entrypoint", "command", "args") if isinstance(svc.get(k), list) for x in svc[k]]
        bad = [(str(x), m) for x in items if isinstance(x, str) for m in [_SPLIT_OPTION.match(x.strip())] if m]
        if not bad:
            continue
        lo = max(int(svc.get("line") or 1) - 1, 0)
        evidence = []
        for item, _ in bad[:6]:
            line = a.line_of(re.escape(item.strip()), start=lo)
            o = a.origin(line)
            evidence.append(ev(o.label, o.text or item))
        fixed = ", ".join(f"{m.group(1)}{m.group(2)}{m.group(3) or ''}" for _, m in bad[:4])
        out.append(fail(f"{name}: {len(bad)} option(s) written with a blank after the dashes "
                        f"({', '.join(repr(i) for i, _ in bad[:3])})",
                        "Each item of an exec-form command is one argument exactly as written: no shell splits "
                        "it. The program receives `-- port=8000` as one word that is no option, so argparse "
                        "stops with 'unrecognized arguments' (or takes it as a positional value) and the option "
                        f"is never set. Write the dashes next to the name: {fixed}.",
                        subject=f"{a.path}: {name}", evidence=evidence))
    return out or ok("every option in the containers' command lists is one word")


PYTHON_M = "https://docs.python.org/3/using/cmdline.html#cmdoption-m"


def _module_of(c: dict) -> str | None:
    """The module a launch runs with -m: `python -m pkg.train`, `torchrun -m pkg.train` (its -m/--module flag)."""
    script = str(c.get("script") or "")
    if c.get("launcher") == "python" and script.startswith("-m "):
        return script[3:].split()[0] if script[3:].split() else None
    vals = {v.name: v.value for v in c.get("launcher_values") or [] if hasattr(v, "name")}
    if c.get("launcher") != "torchrun":
        return None
    mod = str(vals.get("m") or vals.get("module") or "")
    return next(iter(script.split()), None) if mod == "true" else mod or None  # --module as a flag: the script is it


@check("RD-LCH-013", area=AREA, title="python -m and torchrun -m name a module (pkg.mod), not a file path",
       option="config", sources=[PYTHON_M])
def module_not_path(settings):
    """`python -m src/train.py`, `torchrun -m scripts/finetune`: -m takes a dotted module name; a slash or a .py
    suffix is no module, so Python stops with 'No module named ...' (after importing `train` itself for
    `-m train.py`) and the job never starts."""
    out, seen = [], 0
    for a in settings.of_kind("shell", "slurm"):
        for c in launches(a):
            mod = _module_of(c)
            if not mod or "$" in mod:
                continue
            seen += 1
            if "/" not in mod and not mod.endswith(".py"):
                continue
            fixed = mod.removesuffix(".py").strip("./").replace("/", ".")
            line = c.get("line") or 1
            out.append(fail(f"{os.path.basename(a.path)} line {line}: `-m {mod}` names a file, not a module",
                            "-m takes a module's dotted name and finds it on sys.path; a path or a .py suffix is "
                            f"no module name, so Python stops with 'No module named {mod.removesuffix('.py')}'. Write "
                            f"`-m {fixed}` (run from the folder that holds the package), or drop -m and give the "
                            "file's path.", subject=f"{a.path}:{line}", evidence=[ev(f"{a.path}:{line}", f"-m {mod}")],
                            sources=[PYTHON_M]))
    return out or ok(f"{seen} launch(es) with -m, each naming a module" if seen else "no launch runs a module with -m")
