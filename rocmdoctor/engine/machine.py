"""The machine a command runs against: where its facts are read (a live host, a --root tree, a
snapshot or an example), the facts read so far at each level, and the checks run on it so far.

`scan` runs its checks once; `explain` and `run` ask for the checks a log's causes name, again as
new signatures appear (each check runs once); `train` reads a few facts, and opens the source only
when it first needs one (`train --estimate-only --gpu-mem 16` never reads the machine).
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from ..facts import Context
from ..machine.sources import Source
from .model import Finding
from .run import run_selection


class Machine:
    def __init__(self, source: Source | None = None, level: str = "default", options: dict | None = None, *,
                 opener: Callable[[], Source] | None = None):
        """``source`` None and no ``opener``: no machine facts (explain --no-facts). ``opener``
        makes the source on first use."""
        self._source = source
        self._opener = opener
        self.level = level
        self.options = dict(options or {})
        self._contexts: dict[str, Context] = {}
        self.error: str | None = None  # why the checks could not run
        self.findings: list[Finding] = []
        self.ran: set[str] = set()  # codes run so far
        self.levels: dict[str, str] = {}  # code -> level of every check asked for (run or above the level)

    @property
    def has_facts(self) -> bool:
        return self._source is not None or self._opener is not None

    @property
    def source(self) -> Source | None:
        if self._source is None and self._opener is not None:
            self._source = self._opener()
        return self._source

    def context(self, level: str | None = None) -> Context | None:
        """The facts at ``level`` (this machine's level by default), computed on first use."""
        level = level or self.level
        if level not in self._contexts:
            src = self.source
            if src is None:
                return None
            self._contexts[level] = Context(src, level, self.options)
        return self._contexts[level]

    def describe(self) -> dict:
        src = self.source
        if src is None:
            return {"kind": "none", "note": "machine facts not used (--no-facts)"}
        d = dict(src.describe())
        d["level"] = self.level
        if self.error:
            d["error"] = self.error
        return d

    def run_checks(self, codes: Iterable[str]) -> list[Finding]:
        """Run the checks these codes (or prefixes) name that have not run on this machine yet;
        their findings join ``findings``. A failure to run them is kept in ``error``."""
        codes = sorted(set(codes))
        if not codes or not self.has_facts:
            return []
        try:
            ctx = self.context()
            if ctx is None:
                return []
            sel = run_selection(ctx, codes, plugins=False, every_level=True, done=self.ran)
        except Exception as exc:  # a broken source must not cost the command its answer
            self.error = f"{type(exc).__name__}: {exc}"
            return []
        self.levels.update({s.code: s.level for s in sel.specs})
        self.findings = self.findings + sel.findings
        self.ran |= {s.code for s in sel.specs}
        return sel.findings

    def fact(self, name: str, level: str | None = None) -> Any:
        """A fact, or None when it cannot be established (for any reason)."""
        try:
            ctx = self.context(level)
            return ctx.get(name) if ctx is not None else None
        except Exception:
            return None

    def fact_reason(self, name: str) -> str:
        """Why a fact cannot be established ("" when it can)."""
        try:
            ctx = self.context()
            if ctx is None:
                return "no machine facts"
            ctx.get(name)
            return ""
        except Exception as exc:
            return str(exc)

    def gpus(self) -> list:
        """The AMD GPUs found (facts.gpus.Gpu); [] when none or unknown."""
        g = self.fact("gpus")
        return list(g) if isinstance(g, (list, tuple)) else []

    def training_gpus(self) -> list:
        """The GPUs a job will use: discrete ones (or an APU), narrowed by ROCR/HIP_VISIBLE_DEVICES
        as Slurm sets them. Read at the quick level: no torch import."""
        ctx = self.context("quick")
        return list((ctx.optional("training_gpus") if ctx is not None else None) or [])

    def torch_devices(self) -> list:
        """The devices torch lists (facts.python_env.TorchDevice; the Python probe, default level),
        those it could describe."""
        ctx = self.context("default")
        rt = ctx.optional("torch_runtime") if ctx is not None else None
        return [d for d in (rt.devices if rt is not None else ()) if d.error is None]
