"""LLaMA-Factory's runtime version checks on the training stack.

LLaMA-Factory refuses to start when `check_version(...)` fails. The pins change from
release to release, so rocmdoctor reads them from the installed package's own source
(:func:`parse_runtime_checks` on ``extras/misc.py`` and ``hparams/parser.py``) and
falls back to :data:`KNOWN_CHECKS` only when that source cannot be read.

Semantics (``extras/misc.py``): ``DISABLE_VERSION_CHECK=1`` skips every check except
those called with ``mandatory=True``. Releases before 0.9.2 used ``require_version``
inside ``check_dependencies`` behind the same variable. The DeepSpeed check in
``hparams/parser.py`` runs only when the training arguments name a DeepSpeed config.

Table built from the git tags of hiyouga/LLaMA-Factory (reference doc §7 DS-03):
v0.9.3 (2025-06-17, commit 3a3bae1) pinned ``deepspeed>=0.10.0,<=0.16.9`` as mandatory
"because of deepspeedai/DeepSpeed#7347"; 6ffebe5 (2025-09-28) made it non-mandatory;
bf04ca6 (2026-02-02, after v0.9.4) keeps only a presence check.
"""
from __future__ import annotations

import re

from ..base.records import dataclass

STACK = ("deepspeed", "transformers", "accelerate", "peft", "trl", "datasets")

SOURCES = (
    "https://github.com/hiyouga/LLaMA-Factory/blob/main/src/llamafactory/extras/misc.py",
    "https://github.com/hiyouga/LLaMA-Factory/blob/main/src/llamafactory/hparams/parser.py",
    "https://github.com/deepspeedai/DeepSpeed/issues/7347",
)

# Files, relative to the llamafactory package directory, that hold the checks.
CHECK_FILES = ("extras/misc.py", "hparams/parser.py")


@dataclass(frozen=True)
class RuntimeCheck:
    package: str  # normalised distribution name
    requirement: str  # as LLaMA-Factory writes it, e.g. "deepspeed>=0.10.0,<=0.16.9"
    mandatory: bool  # True: DISABLE_VERSION_CHECK does not skip it
    where: str  # "extras/misc.py", "hparams/parser.py" or "table v0.9.3"
    only_with_deepspeed: bool = False  # parser.py checks that run only with a DeepSpeed config

    @property
    def specifier(self) -> str:
        return self.requirement[len(_name_part(self.requirement)):].strip()


_CALL = re.compile(
    r"\b(check_version|require_version)\(\s*(['\"])(?P<req>[^'\"]+)\2\s*"
    r"(?:,\s*(?:mandatory\s*=\s*)?(?P<mand>True|False)\b)?")
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)")


def _name_part(req: str) -> str:
    m = _NAME.match(req)
    return m.group(1) if m else ""


def normalise(name: str) -> str:
    from ..base.names import canonical_name

    return canonical_name(name)


def parse_runtime_checks(text: str, where: str) -> list[RuntimeCheck]:
    """The training-stack version checks in one LLaMA-Factory source file.

    Only calls on the stack's packages are kept; a bare name ("deepspeed") is a
    presence check and is kept too (it has an empty specifier)."""
    out = []
    for m in _CALL.finditer(text):
        req = m.group("req").strip()
        pkg = normalise(_name_part(req))
        if pkg not in STACK:
            continue
        # In parser.py the DeepSpeed check sits under `if training_args.deepspeed:`.
        before = text[max(0, m.start() - 300):m.start()]
        only_ds = where.endswith("parser.py") and "training_args.deepspeed" in before
        out.append(RuntimeCheck(pkg, req, m.group("mand") == "True", where, only_ds))
    return out


def _t(where: str, reqs: tuple[str, ...], deepspeed: tuple[tuple[str, bool], ...] = ()) -> list[RuntimeCheck]:
    checks = [RuntimeCheck(normalise(_name_part(r)), r, False, where) for r in reqs]
    checks += [RuntimeCheck("deepspeed", r, mand, where, True) for r, mand in deepspeed]
    return checks


# Release -> its runtime checks, read from the tagged sources (fallback only).
KNOWN_CHECKS: dict[str, list[RuntimeCheck]] = {
    "0.8.0": _t("table v0.8.0", ("transformers>=4.41.2", "datasets>=2.16.0", "accelerate>=0.30.1",
                                 "peft>=0.11.1", "trl>=0.8.6")),
    "0.9.0": _t("table v0.9.0", ("transformers>=4.41.2,<=4.45.0", "datasets>=2.16.0,<=2.21.0",
                                 "accelerate>=0.30.1,<=0.33.0", "peft>=0.11.1,<=0.12.0", "trl>=0.8.6,<=0.9.6")),
    "0.9.1": _t("table v0.9.1", ("transformers>=4.41.2,<=4.46.1", "datasets>=2.16.0,<=3.1.0",
                                 "accelerate>=0.34.0,<=1.0.1", "peft>=0.11.1,<=0.12.0", "trl>=0.8.6,<=0.9.6")),
    "0.9.2": _t("table v0.9.2", (
        "transformers>=4.41.2,<=4.49.0,!=4.46.0,!=4.46.1,!=4.46.2,!=4.46.3,!=4.47.0,!=4.47.1,!=4.48.0",
        "datasets>=2.16.0,<=3.2.0", "accelerate>=0.34.0,<=1.2.1", "peft>=0.11.1,<=0.12.0", "trl>=0.8.6,<=0.9.6")),
    "0.9.3": _t("table v0.9.3", (
        "transformers>=4.45.0,<=4.52.4,!=4.46.0,!=4.46.1,!=4.46.2,!=4.46.3,!=4.47.0,!=4.47.1,!=4.48.0,!=4.52.0",
        "datasets>=2.16.0,<=3.6.0", "accelerate>=0.34.0,<=1.7.0", "peft>=0.14.0,<=0.15.2", "trl>=0.8.6,<=0.9.6"),
        (("deepspeed>=0.10.0,<=0.16.9", True),)),
    "0.9.4": _t("table v0.9.4", ("transformers>=4.51.0,<=4.57.1", "datasets>=2.16.0,<=4.0.0",
                                 "accelerate>=1.3.0,<=1.11.0", "peft>=0.14.0,<=0.17.1", "trl>=0.18.0,<=0.24.0"),
                (("deepspeed", True), ("deepspeed>=0.10.0,<=0.16.9", False))),
    "0.9.5": _t("table v0.9.5", ("transformers>=4.55.0,<=5.6.0", "datasets>=2.16.0,<=4.0.0",
                                 "accelerate>=1.3.0,<=1.15.0", "peft>=0.18.0,<=0.20.0", "trl>=0.18.0,<=0.24.0"),
                (("deepspeed", True),)),
}


def known_checks(version: str) -> tuple[str, list[RuntimeCheck]] | None:
    """The table entry for the newest release not newer than ``version``."""
    from packaging.version import InvalidVersion, Version

    try:
        v = Version(Version(version).base_version)
    except InvalidVersion:
        return None
    best = None
    for key in KNOWN_CHECKS:
        if Version(key) <= v and (best is None or Version(key) > Version(best)):
            best = key
    return (best, KNOWN_CHECKS[best]) if best else None
