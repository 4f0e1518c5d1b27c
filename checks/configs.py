"""The user's files as one job: were they all read, and do they agree with each other?

`scan --config` reads launch scripts, Dockerfiles, compose files and training configs into
one settings model (rocmdoctor/artifacts/settings.py). The machine-facing rules (RD-ENV-*, RD-RCCL-001,
RD-PREC-01x, RD-DS-*, RD-PIN-*) judge the merged settings; these rules judge the files
against each other, which no single file can show.
"""
from __future__ import annotations

import re

from rocmdoctor.artifacts import trainargs as ta
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, warn
from rocmdoctor.artifacts.settings import ENV_PRECEDENCE, artifact_at, launches, removal_edit

AREA = "config"
COMPOSE_ENV = "https://docs.docker.com/compose/how-tos/environment-variables/envvars-precedence/"


@check("RD-CFG-001", area=AREA, title="Every file given with --config was read", option="config")
def files_read(settings):
    bad = [a for a in settings.artifacts if a.error]
    good = settings.readable()
    listing = "\n".join(f"{a.path}: {a.kind}" for a in good)
    skipped = list(getattr(settings, "skipped", None) or [])
    if skipped:  # every file a directory held is accounted for: read, or left out and why
        listing += "\n" + "\n".join(f"{p}: left out ({why})" for p, why in skipped)
    if not bad:
        return ok(f"{len(good)} file(s) read" + (f", {len(skipped)} left out (named below, with why)"
                                                 if skipped else ""),
                  evidence=[ev("--config", listing)],
                  data={"files": {a.path: a.kind for a in good}, "skipped": dict(skipped)})
    # each unreadable file cited where its parser stopped ("invalid YAML at line 29"), then what was read
    at = [(a, re.search(r" at line (\d+)", a.error or "")) for a in bad]
    cited = [ev(f"{a.path}:{m.group(1)}" if m else a.path, a.error) for a, m in at if a.kind != "unknown"]
    return warn(f"{len(bad)} file(s) given with --config were not judged",
                "\n".join(a.error for a in bad), evidence=cited + [ev("--config", listing or "(none read)")],
                data={"files": {a.path: a.kind for a in good}, "unread": [a.path for a in bad],
                      "skipped": dict(skipped)})


def _alternatives(settings, vs) -> bool:
    """The values come only from launch scripts that each start a run of their own and do not
    source one another (run.sh and run_rocm.sh, two ways to start the job): each run gets its own
    script's value, so they need not agree."""
    import os

    by_path = {a.path: a for a in settings.artifacts}
    files = {v.origin.path for v in vs}
    found = [by_path.get(p) for p in files]
    # a batch job is a run of its own; a shell script is when it starts something, not only sets variables
    # (an env file of exports is what a user sources before the job, the same layer as the job's script)
    arts = [a for a in found if a is not None and isinstance(a.data, dict) and (a.kind == "slurm" or a.kind == "shell"
                                                                               and (a.data.get("commands") or
                                                                                    _starts_something(a.text or "")))]
    if len(arts) != len(found):
        return False
    names = {os.path.basename(p) for p in files}
    return not any(os.path.basename(str(s.get("path", ""))) in names
                   for a in arts for s in a.data.get("sourced", []))


# First words of lines that only shape the shell's own state (and flow): a file of just these starts nothing.
_SETUP_WORDS = frozenset("export set unset source . declare typeset readonly local alias unalias echo printf module ml "
                         "cd pushd popd mkdir if then else elif fi for do done case esac while until function return "
                         "exit true false : [ [[ test shift trap ulimit umask shopt { } }; ;; #SBATCH".split())
# Environment managers whose `activate`/`load` sets variables up, as `module load` does (their `run` runs a program).
_ENV_SETUP = re.compile(r"^(?:conda|mamba|micromamba|spack|pyenv|nvm)\s+(?:activate|deactivate|load|unload|init|shell)\b")
# Quoted text (a value with blanks, `NCCL_IB_HCA="mlx5_0 mlx5_1"`), and a comment: neither is a command word.
_QUOTED = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"")
_COMMENT = re.compile(r"(?:^|\s)#.*$")


def _code(line: str) -> str:
    """A script line with its quoted text emptied and its comment cut (`$#` and `"a # b"` are no comments)."""
    return _COMMENT.sub("", _QUOTED.sub("''", line))


def _starts_something(text: str) -> bool:
    """A script with a line that runs a program (python, srun, vllm, docker ...), beyond setting variables."""
    for line in text.splitlines():
        code = _code(line).strip()
        words = code.split()
        while words and re.match(r"^[A-Za-z_]\w*=", words[0]):
            words.pop(0)  # `X=1 cmd`: the command after its environment
        if words and words[0] not in _SETUP_WORDS and not words[0].endswith(")") and not _ENV_SETUP.match(" ".join(words)):
            return True
    return False


_OPENS = re.compile(r"(?:^|[;&|(]|\bthen|\belse|\bdo)\s*(?:if|case)\s")
_CLOSES = re.compile(r"(?:^|[;&|\s])(?:fi|esac)\s*(?=[;&|)]|$)")


def _conditional(settings, v) -> bool:
    """A value set inside an if/case branch: an override the script makes on purpose, under a condition (a one-line
    `if ...; then export X=1; fi` too)."""
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind not in ("shell", "slurm") or not v.origin.line:
        return False
    lines = art.lines()
    depth = 0
    for line in lines[:v.origin.line - 1]:
        code = _code(line) if not line.lstrip().startswith("#!") else ""
        depth += len(_OPENS.findall(code)) - len(_CLOSES.findall(code))
    own = _code(lines[v.origin.line - 1]) if v.origin.line <= len(lines) else ""
    return depth > 0 or bool(re.search(rf"\b(?:then|else)\b[^\n]*\b{re.escape(v.name)}=", own))


def _dynamic(v) -> bool:
    """A value the shell computes when the job runs ($(hostname -i), $MASTER_IP): not comparable."""
    return any(t in str(v.value) for t in ("$", "`"))


# Layers whose files are each a job's environment of their own: two Dockerfiles build two images, two
# compose files are two stacks or a base and its override (Compose merges those on purpose).
_SEPARATE_LAYERS = ("dockerfile", "compose", "kubernetes")


def _same_layer_conflicts(settings, vs) -> list:
    """The values that contend at one layer of one job. A later layer overriding an earlier one is how
    an image is configured (compose `environment:` or `docker run -e` over the image's ENV, a launch
    script's export over Slurm's --export), so only values at the same layer, from different files,
    can disagree; and not at a layer whose files are separate jobs (two Dockerfiles are two images)."""
    kind_of = {a.path: a.kind for a in settings.artifacts}
    by_layer: dict = {}
    for v in vs:
        kind = kind_of.get(v.origin.path, "")
        if kind in _SEPARATE_LAYERS:
            continue
        by_layer.setdefault(ENV_PRECEDENCE.get(kind, len(ENV_PRECEDENCE)), []).append(v)
    for layer in sorted(by_layer, reverse=True):  # the layer that decides first
        group = by_layer[layer]
        if len({str(v.value) for v in group}) > 1 and len({v.origin.path for v in group}) > 1:
            return group
    return []


def _yields(v) -> bool:
    """A value that gives way to one set before it: a default (`X="${X:-0}"`, `: ${X:=0}`), which a
    wrapper script or the user overrides on purpose; or one command's own (`X=1 cmd`), which is that
    process's environment and not the job's. Neither contends with another file's value."""
    return v.command or bool(re.search(r"\$\{" + re.escape(v.name) + r":?[-=]", v.origin.text or ""))


def env_agrees_raw(settings) -> dict:
    diff = {}
    for name, vs in settings.disagreements("env").items():
        fixed = _same_layer_conflicts(settings, [v for v in vs if not _dynamic(v) and not _yields(v)
                                                 and not _conditional(settings, v)])
        if not fixed or _alternatives(settings, fixed):
            continue
        diff[name] = fixed
    return diff


@check("RD-CFG-002", area=AREA, title="Files that set the same environment variable agree", option="config",
       sources=[COMPOSE_ENV])
def env_agrees(settings):
    diff = env_agrees_raw(settings)
    if not diff:
        n = len({v.name for v in settings.values("env")})
        return ok(f"{n} environment variable(s) set, none to different values in different files")
    out = []
    for name, vs in sorted(diff.items()):
        last = vs[-1]
        shown = ", ".join(f"{v.origin.label}: {v.value}" for v in vs)
        out.append(warn(f"{name} is set to different values in {len({v.origin.path for v in vs})} files",
                        f"{shown}. These files set the job's environment at the same level, so which value the "
                        f"job gets depends on the order they run in: here {last.value} ({last.origin.label}), "
                        "and that is what the other checks judge. Keep one.",
                        subject=name, evidence=[v.evidence() for v in vs],
                        fix=FixPlan(f"Set {name} in one file", tuple(
                            Action("note", f"in {v.origin.path}: remove line {v.origin.line} ({v.origin.text})",
                                   path=v.origin.path) for v in vs[:-1]),
                            fixer="config_edit",
                            params={"files": sorted({v.origin.path for v in vs}), "keep": last.origin.label,
                                    "edits": [e for e in (removal_edit(v) for v in vs[:-1]) if e]})))
    return out


@check("RD-CFG-003", area=AREA, title="The DeepSpeed JSON agrees with the training arguments", option="config",
       sources=[ta.HF_DS_MATCH])
def deepspeed_matches_args(setups):
    out = []
    for s in setups:
        if s.deepspeed is None or not s.args:
            continue
        bad = ta.mismatches(s)
        if not _trainer_known(s):
            # A custom script's own flags: an argument it was not given has no TrainingArguments
            # default to disagree with (it may not use transformers' Trainer at all).
            bad = [b for b in bad if b[1] is not None]
        if not bad and not _trainer_known(s) and all(a.name == "deepspeed" for a in s.args):
            continue
        args_file = s.args[0].origin.path
        files = sorted({s.deepspeed.path} | {a.origin.path if a is not None else args_file for _, a, _ in bad})
        if not bad:
            out.append(ok(f"{s.deepspeed.path} agrees with the arguments of {s.label}", subject=s.label))
            continue
        lines = "; ".join(why for _, _, why in bad)
        evidence = [d.evidence() for d, _, _ in bad if d is not None] + \
            [a.evidence() for _, a, _ in bad if a is not None]
        actions = []
        edits = [{"path": s.deepspeed.path, "syntax": "deepspeed",
                  "ops": [{"op": "set", "key": d.name, "value": _auto(d)} for d, _, _ in bad if d is not None]}]
        for d, a, why in bad:
            key = d.name if d is not None else "?"
            actions.append(Action("note", f"in {s.deepspeed.path}: set \"{key}\" to \"auto\" (it then follows the "
                                          f"arguments), or make both say the same ({why})", path=s.deepspeed.path))
            if a is not None:
                actions.append(Action("note", f"or in {a.origin.path}: change line {a.origin.line} "
                                              f"({a.origin.text}) to match", path=a.origin.path))
            else:
                actions.append(Action("note", f"or in {args_file}: set the argument to match ({why})",
                                      path=args_file))
        out.append(fail(f"{s.deepspeed.path} disagrees with the training arguments: transformers will refuse to start",
                        f"{lines}. transformers compares explicit DeepSpeed values with TrainingArguments and stops "
                        "with 'Please correct the following DeepSpeed config values that mismatch "
                        "TrainingArguments values'.", subject=s.label, evidence=evidence,
                        fix=FixPlan(f"Make {' and '.join(files)} agree", tuple(actions), fixer="config_edit",
                                    params={"files": files, "mismatches": [w for _, _, w in bad], "edits": edits})))
    return out or ok("no run pairs a DeepSpeed JSON with training arguments")


def _trainer_known(setup) -> bool:
    """The run's arguments are TrainingArguments for sure: LLaMA-Factory, or a YAML/JSON of them."""
    return setup.framework == "llamafactory" or any(k in ("llamafactory", "hf_training_args")
                                                     for k in setup.kinds.values())


def _auto(ds_value):
    """The DeepSpeed value that follows the arguments: "auto" (inside a bf16/fp16 section, its "enabled")."""
    if isinstance(ds_value.value, dict):
        return dict(ds_value.value, enabled="auto")
    return "auto"


JSON_SPEC = "https://www.rfc-editor.org/rfc/rfc8259"
HEREDOC_DOC = "https://www.gnu.org/software/bash/manual/bash.html#Here-Documents"
_LEFT = __import__("re").compile(r"\$\(\(.*?\)\)|\$\{[^}]*\}|\$[A-Za-z_]\w*|\$[0-9#?@*]|\$\([^)]*\)|`[^`]*`")


@check("RD-CFG-004", area=AREA, title="A JSON config a launch script writes (heredoc) is JSON", option="config",
       sources=[JSON_SPEC, HEREDOC_DOC])
def written_json(settings):
    """`cat <<EOT > ds_config.json` writes the config the launch reads a moment later; what bash
    writes must parse, or the launcher (DeepSpeed's json.load, accelerate) stops before any rank
    trains. Judged with the script's own variables put in (an unquoted delimiter expands them) and
    anything decided at run time read as a number, so only text that is never JSON is flagged: a
    comma before a closing brace, an unquoted path, a comment."""
    import json

    out = []
    for a in settings.artifacts:
        data = a.data if isinstance(a.data, dict) else {}
        if not data.get("written") or not any(c.get("launcher") for c in launches(a)):
            continue
        for w in data["written"]:
            where = f"{a.path}:{w['line']}"
            try:
                json.loads(_LEFT.sub("0", w["expanded"]))
            except ValueError as exc:
                at = f"{a.path}:{w['line'] + getattr(exc, 'lineno', 1) - 1}"
                out.append(fail(f"the {w['target']} this script writes is not JSON ({getattr(exc, 'msg', exc)})",
                                "The launch reads the file the heredoc just wrote, and its JSON parser stops there "
                                "(DeepSpeed: json.load in DeepSpeedConfig, before any rank trains). Quote string "
                                "values (a path from a variable included), and drop the comma after a block's last "
                                "member.", subject=at, evidence=[ev(at, (w['expanded'].splitlines() or [''])[
                                    max(0, getattr(exc, 'lineno', 1) - 1)].strip()[:160])]))
                continue
            out.append(ok(f"the {w['target']} this script writes is JSON", subject=where))
    return out or ok("no launch script writes a JSON config")
