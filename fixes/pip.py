"""Packages in the environment rocmdoctor inspected (``--python``), never its own.

FixPlan contract: ``params={"python": EXECUTABLE, "requirements": ["deepspeed<=0.16.9,>=0.10.0", ...]}``
(a plan without a fixer that carries these is routed here: checks/pins.py). Plans for one
interpreter are merged into one: requirements on one package are intersected, so two
findings never print the same pip command twice.

The plan is pip's own dry run in that environment: ``PY -m pip install --dry-run --report -``
with every torch-family package pinned to its installed version; what it would install,
upgrade or downgrade is shown. The plan is refused when pip would replace torch (torch
stays the user's), when pip cannot resolve, or on a snapshot (no environment to ask).
Applying installs exactly the versions the dry run showed (``--no-deps``: nothing else
changes). Undo reinstalls the recorded previous versions and uninstalls what was new;
it needs those versions from the package index or pip's cache, so offline, a version in
neither cannot be restored (said in the plan). Unsafe: it changes the training environment.
"""
from __future__ import annotations

import json
import re

from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Command, Concrete, FixContext, Refused

NAME = "pip"
TORCH_FAMILY = {"torch", "torchvision", "torchaudio", "pytorch-triton-rocm", "pytorch-triton", "triton"}
_VERSIONS = ("import importlib.metadata as m, json, sys\n"
             "out = {}\n"
             "for d in m.distributions():\n"
             "    n = d.metadata['Name']\n"
             "    if n: out[n] = d.version\n"
             "json.dump(out, sys.stdout)\n")


def canon(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _split(req: str) -> tuple[str, str]:
    m = re.match(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(.*)$", req)
    if not m:
        raise Refused(f"{req!r} is not a requirement pip reads")
    return m.group(1), m.group(2).strip()


def pin_plan(python: str, requirements: list[str], why: str = "") -> FixPlan:
    if any(canon(_split(r)[0]) in TORCH_FAMILY for r in requirements):
        raise ValueError("rocmdoctor does not install or replace torch")
    return FixPlan(f"Install {' '.join(requirements)} into {python}",
                   (Action("command", "pin the versions", argv=(python, "-m", "pip", "install", *requirements)),),
                   Applicability.UNSAFE, fixer=NAME,
                   params={"python": python, "requirements": list(requirements), "why": why})


def deepspeed_ops_plan(python: str, ops: list[str], version: str | None = None) -> FixPlan:
    """Rebuild DeepSpeed with the named ops compiled ahead of time (DS_BUILD_<OP>=1)."""
    env: dict[str, str | None] = {f"DS_BUILD_{op.upper()}": "1" for op in ops}
    spec = f"deepspeed=={version}" if version else "deepspeed"
    argv = (python, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-cache-dir",
            "--force-reinstall", spec)
    return FixPlan(f"Rebuild DeepSpeed with {', '.join(ops)} precompiled",
                   (Action("command", "build the ops against the installed torch", argv=argv, env=env),),
                   Applicability.UNSAFE, fixer="commands",
                   params={"timeout": 1800, "why": "unsafe: reinstalls DeepSpeed in this environment"})


def merge_requirements(reqs: list[str]) -> list[str]:
    """One requirement per package: specifiers intersected (``a<=2,>=1`` and ``a>=1,<=2`` are one)."""
    from packaging.specifiers import SpecifierSet

    by: dict[str, tuple[str, SpecifierSet]] = {}
    for r in reqs:
        name, spec = _split(r)
        try:
            s = SpecifierSet(spec)
        except Exception:  # an extra or a marker: keep the text as it is
            by.setdefault(r, (r, SpecifierSet()))
            continue
        k = canon(name)
        by[k] = (by[k][0], by[k][1] & s) if k in by else (name, s)
    return [name + ",".join(sorted({str(x) for x in s})) for name, s in by.values()]


def regroup(items: list[tuple[str, FixPlan]]) -> list[tuple[list[str], FixPlan]]:
    per: dict[str, dict] = {}
    for origin, fp in items:
        py = fp.params.get("python") or "python"
        g = per.setdefault(py, {"origins": [], "titles": [], "reqs": [], "why": ""})
        g["origins"].append(origin)
        if fp.title not in g["titles"]:
            g["titles"].append(fp.title)
        g["reqs"].extend(fp.params.get("requirements") or [])
        g["why"] = g["why"] or fp.params.get("why", "")
    out = []
    for py, g in per.items():
        out.append((g["origins"], FixPlan(g["titles"][0] if len(g["titles"]) == 1 else "; ".join(g["titles"]),
                                          (), Applicability.UNSAFE, fixer=NAME,
                                          params={"python": py, "requirements": merge_requirements(g["reqs"]),
                                                  "why": g["why"]})))
    return out


def _run(argv, timeout=300.0, env=None):
    import os

    from rocmdoctor.machine import proc

    return proc.run(argv, timeout=timeout, env=dict(os.environ, **env) if env else None)


def installed(python: str) -> dict[str, str]:
    r = _run((python, "-c", _VERSIONS), timeout=60)
    if not r.ok:
        raise Refused(f"cannot list the packages of {python}: {r.describe()}")
    try:
        return {canon(k): v for k, v in json.loads(r.stdout).items()}
    except ValueError:
        raise Refused(f"{python} printed no package list") from None


def dry_run(python: str, reqs: list[str], opts: tuple[str, ...], pins: list[str],
            env: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(name, version) of what pip would install, from its --report."""
    argv = (python, "-m", "pip", "install", "--dry-run", "--quiet", "--disable-pip-version-check",
            "--report", "-", *opts, *reqs, *pins)
    r = _run(argv, env=env)
    if not r.ok:
        tail = " ".join((r.stderr or r.stdout).strip().splitlines()[-3:])[-400:]
        raise Refused(f"pip cannot resolve {' '.join(reqs)} in {python}: {tail or r.describe()}")
    try:
        report = json.loads(r.stdout[r.stdout.index("{"):])
        return [(str(i["metadata"]["name"]), str(i["metadata"]["version"])) for i in report.get("install", [])]
    except (ValueError, KeyError, TypeError, AttributeError):
        raise Refused("pip printed no usable --report (pip 22.2 or newer is needed in the target environment)") from None


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    py = fix.params.get("python") or "python"
    reqs = merge_requirements(list(fix.params.get("requirements") or []))
    reqs = [r for r in reqs if canon(_split(r)[0]) not in TORCH_FAMILY]
    if not reqs:
        raise Refused("the plan names only torch-family packages; rocmdoctor never installs or replaces torch")
    deepspeed = any(canon(_split(r)[0]) == "deepspeed" for r in reqs)
    opts = ("--no-build-isolation",) if deepspeed else ()
    # DS_BUILD_OPS=1 in the environment (an image's ENV, a launcher's export) makes pip build every
    # DeepSpeed op at install time, ones ROCm cannot build included (RD-DS-008): this install
    # builds none and leaves them to DeepSpeed's just-in-time build, whatever the environment says.
    env = {"DS_BUILD_OPS": "0"} if deepspeed else {}
    c = Concrete(title=fix.title, fixer=NAME, applicability=Applicability.UNSAFE, params=dict(fix.params),
                 why="unsafe: changes the packages of the environment you train in; "
                     "torch is pinned to the installed build and never replaced")
    if deepspeed:
        c.notes.append("DeepSpeed installs with DS_BUILD_OPS=0: its ops are built when first used, never all at "
                       "install time (DS_BUILD_OPS=1 tries ops ROCm cannot build: RD-DS-008)")
    if not fctx.live:
        # No environment to ask: show the dry run to do on the machine.
        c.commands = [Command((py, "-m", "pip", "install", "--dry-run", *opts, *reqs), "preview on the machine",
                              env=env),
                      Command((py, "-m", "pip", "install", *opts, *reqs), "then install", env=env)]
        c.notes.append("on the machine, `rocmdoctor fix --apply --unsafe` shows pip's dry run first and never "
                       "replaces torch")
        return c
    have = installed(py)
    pins = [f"{n}=={v}" for n, v in sorted(have.items()) if n in TORCH_FAMILY]
    plan_items = dry_run(py, reqs, opts, pins, env)
    new, changed = [], []
    for name, version in plan_items:
        k = canon(name)
        old = have.get(k)
        if k in TORCH_FAMILY and old != version:
            raise Refused(f"pip would {'install' if old is None else 'replace'} {name} "
                          f"{(old + ' -> ') if old else ''}{version}; rocmdoctor never replaces torch")
        if old == version:
            continue
        if old is None:
            new.append((name, version))
            c.changes.append(f"install {name} {version} (new)")
        else:
            changed.append((name, old, version))
            from packaging.version import InvalidVersion, Version

            try:
                verb = "upgrade" if Version(version) > Version(old) else "downgrade"
            except InvalidVersion:
                verb = "replace"
            c.changes.append(f"{verb} {name} {old} -> {version} (removes {old})")
    if not new and not changed:
        c.nothing_to_do = f"pip's dry run changes nothing in {py}: " + ", ".join(reqs) + " already hold"
        return c
    exact = [f"{n}=={v}" for n, v in new] + [f"{n}=={v}" for n, _, v in changed]
    c.commands = [Command((py, "-m", "pip", "install", "--no-deps", "--disable-pip-version-check", *opts, *exact),
                          "install exactly what the dry run showed", timeout=1800.0, env=env)]
    if changed:
        c.undo_commands.append(Command((py, "-m", "pip", "install", "--no-deps", "--disable-pip-version-check",
                                        *opts, *[f"{n}=={o}" for n, o, _ in changed]), env=env))
    if new:
        c.undo_commands.append(Command((py, "-m", "pip", "uninstall", "-y", *[n for n, _ in new])))
    c.notes.append("undo reinstalls " + (", ".join(f"{n}=={o}" for n, o, _ in changed) or "nothing")
                   + (" and uninstalls " + ", ".join(n for n, _ in new) if new else "")
                   + ": offline, a previous version that is in neither your package index nor pip's cache "
                     "cannot be restored")
    return c
