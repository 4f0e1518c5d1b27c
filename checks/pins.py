"""Version pins: LLaMA-Factory's runtime checks on the training stack, and the
requirements every installed distribution declares (what `pip check` reports).

Fix plans are one pip command for the scanned interpreter whose specifiers satisfy
every requirer at once. They never name torch: changing the user's torch is not ours
to do, and pip keeps an installed torch that still satisfies everything.
"""
from __future__ import annotations

from rocmdoctor.machine import envcache
from rocmdoctor.artifacts.settings import env_ev
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, warn
from rocmdoctor.knowledge import llamafactory as lf

PIP_CHECK = "https://pip.pypa.io/en/stable/cli/pip_check/"
NEVER_TOUCH = {"torch", "torchvision", "torchaudio", "pytorch-triton-rocm", "triton"}


def _py(python) -> str:
    return python.exe if python is not None else "python"


def _disabled(env) -> bool:
    # LLaMA-Factory's is_env_enabled(): "true", "y" or "1", case-insensitive.
    return str(env.get("DISABLE_VERSION_CHECK", "0") if env else "0").lower() in ("true", "y", "1")


def combined_specs(packages, distributions, extra_specs=()) -> dict[str, str]:
    """For each package, the intersection of every installed requirer's specifier
    (plus ``extra_specs``: (package, specifier) pairs), as one PEP 440 specifier.
    Parsing every Requires-Dist is slow, so the answer is cached on its inputs."""
    return _combined(sorted(packages), distributions, [list(x) for x in extra_specs])


def _valid_specs(data) -> dict[str, str] | None:
    ok_ = isinstance(data, dict) and all(isinstance(k, str) and isinstance(v, str) for k, v in data.items())
    return data if ok_ else None


@envcache.memoized("combined_specs", None, _valid_specs)
def _combined(packages, distributions, extra_specs) -> dict[str, str]:
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.specifiers import SpecifierSet

    out: dict[str, SpecifierSet] = {p: SpecifierSet() for p in packages}
    for d in distributions.values():
        for text in d.requires:
            try:
                req = Requirement(text)
            except InvalidRequirement:
                continue
            name = lf.normalise(req.name)
            is_lf = lf.normalise(d.name) == "llamafactory"
            if name in out and _applies(req, text, extras=is_lf):
                out[name] &= req.specifier
    for name, spec in extra_specs:
        if name in out:
            out[name] &= SpecifierSet(spec)
    return {p: str(s) for p, s in out.items()}


def _applies(req, text: str, extras: bool) -> bool:
    """Marker true here; with ``extras``, true for some extra the requirement names."""
    import re

    if req.marker is None:
        return True
    names = [""] + (re.findall(r"extra\s*==\s*['\"]([^'\"]+)['\"]", text) if extras else [])
    return any(req.marker.evaluate({"extra": n}) for n in names)


def pip_plan(python, specs: dict[str, str], title: str) -> FixPlan | None:
    specs = {p: s for p, s in specs.items() if p not in NEVER_TOUCH}
    if not specs:
        return None
    py = _py(python)
    reqs = tuple(f"{p}{s}" for p, s in sorted(specs.items()))
    tv = python.torch_version if python is not None else None
    # Naming the installed torch exactly makes pip refuse, rather than replace it, when a
    # new version of something would need another torch.
    pin = (f"torch=={tv}",) if tv else ()
    # DeepSpeed is an sdist: build it against this torch, with the user's DS_BUILD_* settings.
    opts = ("--no-build-isolation",) if "deepspeed" in specs else ()
    return FixPlan(title, (
        Action("command", "Preview what pip would change (torch stays pinned to the installed build)",
               argv=(py, "-m", "pip", "install", "--dry-run", *opts, *reqs, *pin)),
        Action("command", "Install versions that satisfy every requirement",
               argv=(py, "-m", "pip", "install", *opts, *reqs, *pin)),
    ), params={"python": py, "requirements": list(reqs)})


def _stack_violations(llamafactory, distributions):
    from packaging.specifiers import SpecifierSet
    from packaging.version import InvalidVersion, Version

    out = []
    for c in llamafactory.checks:
        inst = distributions.get(c.package)
        if not c.specifier:  # presence check
            if inst is None and not c.only_with_deepspeed:
                out.append((c, None))
            continue
        if inst is None:
            continue  # only a presence check fails on absence; covered by pip metadata
        try:
            good = SpecifierSet(c.specifier).contains(Version(str(inst.version)), prereleases=True)
        except InvalidVersion:
            continue
        if not good:
            out.append((c, str(inst.version)))
    return out


@check("RD-PIN-001", area="pins", title="The training stack passes LLaMA-Factory's version checks", level="default",
       sources=lf.SOURCES)
def llamafactory_pins(llamafactory, distributions, python=None, env=None, setups=None):
    lfv = llamafactory
    bad = _stack_violations(lfv, distributions)
    if any(_uses_deepspeed(s) and s.framework == "llamafactory" for s in setups or []):
        # the files' LLaMA-Factory DeepSpeed run is judged by RD-PIN-003 at the line that names
        # the config: one finding for one cause
        bad = [(c, v) for c, v in bad if not c.only_with_deepspeed]
    origin = ev("probe: python" if lfv.approximate else lfv.origin.split(",")[0],
                "\n".join(f"{c.requirement}{' (mandatory)' if c.mandatory else ''}"
                          f"{' [with a DeepSpeed config]' if c.only_with_deepspeed else ''}" for c in lfv.checks))
    source_note = (f" Checks taken from rocmdoctor's table for LLaMA-Factory {lfv.origin[6:]} because its source "
                   "was not readable." if lfv.approximate else "")
    if not bad:
        return ok(f"LLaMA-Factory {lfv.version}: the training stack passes its version checks", source_note.strip(),
                  evidence=[origin])
    disabled = _disabled(env)
    lines = [f"{c.package} {v or 'not installed'} fails {c.requirement}"
             f"{' (mandatory)' if c.mandatory else ''}" for c, v in bad]
    evidence = [origin, ev("probe: python", "\n".join(lines))]
    if disabled:
        evidence.append(env_ev(env, "DISABLE_VERSION_CHECK"))
    specs = combined_specs({c.package for c, _ in bad}, distributions,
                           [(c.package, c.specifier) for c, _ in bad if c.specifier])
    fix = pip_plan(python, specs, "Install training-stack versions LLaMA-Factory accepts")
    refused = [c for c, _ in bad if c.mandatory or not disabled]
    data = {"violations": lines, "disable_version_check": disabled, "source": lfv.origin}
    ds_note = (" The DeepSpeed check runs only when a DeepSpeed config is passed."
               if any(c.only_with_deepspeed for c, _ in bad) else "")
    if refused:
        when = " with a DeepSpeed config" if all(c.only_with_deepspeed for c in refused) else ""
        return fail(f"LLaMA-Factory {lfv.version} will refuse to start{when}: {'; '.join(lines)}",
                    ("Mandatory checks ignore DISABLE_VERSION_CHECK." if any(c.mandatory for c in refused) else
                     "LLaMA-Factory stops with an ImportError naming the pin.") + ds_note + source_note,
                    evidence=evidence, fix=fix, data=data)
    return warn(f"DISABLE_VERSION_CHECK=1 is hiding {len(bad)} LLaMA-Factory version violation(s)",
                "; ".join(lines) + ". These pins exist because of known breakages (deepspeed<=0.16.9: "
                "deepspeedai/DeepSpeed#7347); running outside them is untested." + ds_note + source_note,
                evidence=evidence, fix=fix, data=data)


@check("RD-PIN-002", area="pins", title="Installed packages satisfy each other's declared requirements",
       level="default", sources=[PIP_CHECK])
def declared_requirements(pins, distributions, python=None):
    if not pins:
        return ok(f"all {len(distributions)} installed distributions' requirements are satisfied",
                  evidence=[ev("probe: python", f"{len(distributions)} distributions checked")])
    stack = set(lf.STACK)
    ordered = sorted(pins, key=lambda v: (v.package not in stack and lf.normalise(v.requirer) not in
                                          (*stack, "llamafactory"), v.package, v.requirer))
    lines = [f"{v.requirer} {v.requirer_version} requires {v.requirement.split(';')[0].strip()}"
             f"{' [' + v.extra + ']' if v.extra else ''}: "
             f"{'not installed' if v.missing else v.installed + ' installed'}" for v in ordered]
    conflicts = {v.package for v in pins if not v.missing}
    missing = sorted({v.package for v in pins if v.missing} - NEVER_TOUCH)
    specs = combined_specs(conflicts | set(missing), distributions)
    fix = pip_plan(python, specs, "Install versions that satisfy every declared requirement")
    touches_torch = sorted((conflicts | set(missing)) & NEVER_TOUCH)
    detail = (f"torch-family packages involved ({', '.join(touches_torch)}) are left out of the fix: install the "
              "matching ROCm wheels yourself." if touches_torch else "")
    stack_hit = sorted({v.package for v in pins} & stack)
    title = f"{len(pins)} declared requirement(s) not satisfied" + (
        f", including the training stack ({', '.join(stack_hit)})" if stack_hit else "")
    return warn(title, detail, evidence=[ev("probe: python", "\n".join(lines))], fix=fix,
                data={"violations": lines})



def _uses_deepspeed(setup) -> bool:
    a = setup.arg("deepspeed")
    return setup.deepspeed is not None or (a is not None and str(a.value).strip() not in ("", "None", "null"))


@check("RD-PIN-003", area="pins", title="LLaMA-Factory's DeepSpeed check passes for runs that use DeepSpeed",
       option="config", sources=lf.SOURCES)
def llamafactory_deepspeed_pin(setups, llamafactory, distributions, env=None, python=None):
    """Judged from the config, not the installed DeepSpeed alone: hparams/parser.py runs its
    DeepSpeed check only when the arguments name a DeepSpeed config, and a mandatory check
    ignores DISABLE_VERSION_CHECK, so a machine without DeepSpeed passes RD-PIN-001 and still
    stops at start-up once this config is used."""
    runs = [s for s in setups if _uses_deepspeed(s) and s.framework == "llamafactory"]
    if not runs:
        return ok("no LLaMA-Factory run of the files uses DeepSpeed" if any(_uses_deepspeed(s) for s in setups)
                  else "no run of the files uses DeepSpeed")
    checks = [c for c in llamafactory.checks if c.only_with_deepspeed]
    if not checks:
        return ok(f"LLaMA-Factory {llamafactory.version} has no DeepSpeed version check")
    inst = distributions.get("deepspeed")
    version = str(inst.version) if inst else None
    disabled = _disabled(env)
    bad = []
    for c in checks:
        if version is None:
            bad.append((c, "not installed"))
            continue
        if not c.specifier:
            continue
        from packaging.specifiers import SpecifierSet
        from packaging.version import InvalidVersion, Version

        try:
            if not SpecifierSet(c.specifier).contains(Version(version), prereleases=True):
                bad.append((c, version))
        except InvalidVersion:
            continue
    refused = [(c, v) for c, v in bad if c.mandatory or not disabled]
    # the line that makes the run use DeepSpeed (`deepspeed: ds_z3.json`, `--deepspeed ...`), else the JSON itself
    run_ev = []
    for s in runs:  # each line that names a DeepSpeed config, once (two launches may share one YAML)
        e = s.arg("deepspeed").evidence() if s.arg("deepspeed") is not None else s.deepspeed.values[0].evidence()
        if (e.source, e.text) not in {(x.source, x.text) for x in run_ev} and len(run_ev) < 3:
            run_ev.append(e)
    lines = [f"deepspeed {v} fails {c.requirement}{' (mandatory)' if c.mandatory else ''}" for c, v in bad]
    evidence = run_ev + [ev("probe: python", f"llamafactory {llamafactory.version}; deepspeed {version or 'not installed'}")]
    if disabled:
        evidence.append(env_ev(env, "DISABLE_VERSION_CHECK"))
    if not refused:
        if bad:
            return warn(f"DISABLE_VERSION_CHECK=1 hides LLaMA-Factory's DeepSpeed check: {'; '.join(lines)}",
                        "The pin exists because of known breakages (deepspeedai/DeepSpeed#7347).",
                        evidence=evidence)
        return ok(f"deepspeed {version} passes LLaMA-Factory {llamafactory.version}'s DeepSpeed check",
                  evidence=evidence)
    spec = ",".join(c.specifier for c, _ in refused if c.specifier)
    fix = pip_plan(python, {"deepspeed": spec}, "Install a DeepSpeed LLaMA-Factory accepts")
    return fail(f"LLaMA-Factory {llamafactory.version} will refuse to start this DeepSpeed run: {'; '.join(lines)}",
                ("The check is mandatory: DISABLE_VERSION_CHECK does not skip it. " if any(c.mandatory for c, _ in
                                                                                          refused) else "")
                + "It runs only when the arguments name a DeepSpeed config, so a scan without --config passes.",
                evidence=evidence, fix=fix, data={"violations": lines})
