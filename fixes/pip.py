"""pip commands aimed at the scanned interpreter: version pins and DeepSpeed op builds.

The argv always starts with the interpreter the scan probed (``--python``), never a
bare ``pip``, so the fix lands in the environment that was diagnosed. torch itself is
never installed or replaced here; DeepSpeed is rebuilt with ``--no-deps`` for that reason.
"""
from __future__ import annotations

from rocmdoctor.engine.model import Action, Applicability, FixPlan


def pin_plan(python: str, requirements: list[str], why: str = "") -> FixPlan:
    if any(r.split("=")[0].split("<")[0].split(">")[0].strip().lower() == "torch" for r in requirements):
        raise ValueError("rocmdoctor does not install or replace torch")
    argv = (python, "-m", "pip", "install", *requirements)
    return FixPlan(f"Install {' '.join(requirements)} into {python}",
                   (Action("command", "pin the versions", argv=argv),),
                   Applicability.UNSAFE, fixer="commands",
                   params={"timeout": 600, "why": why or "unsafe: changes the Python environment"})


def deepspeed_ops_plan(python: str, ops: list[str], version: str | None = None) -> FixPlan:
    """Rebuild DeepSpeed with the named ops compiled ahead of time (DS_BUILD_<OP>=1)."""
    env = {f"DS_BUILD_{op.upper()}": "1" for op in ops}
    spec = f"deepspeed=={version}" if version else "deepspeed"
    argv = (python, "-m", "pip", "install", "--no-deps", "--no-build-isolation", "--no-cache-dir",
            "--force-reinstall", spec)
    return FixPlan(f"Rebuild DeepSpeed with {', '.join(ops)} precompiled",
                   (Action("command", "build the ops against the installed torch", argv=argv, env=env),),
                   Applicability.UNSAFE, fixer="commands",
                   params={"timeout": 1800, "why": "unsafe: reinstalls DeepSpeed in this environment"})
