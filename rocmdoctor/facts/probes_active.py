"""Active probes as facts: benchmark and reference-training outcomes (benchmarks/).

Where each value comes from, first match wins:
1. ``ctx.options["active_results"]`` - outcomes already measured by `rocmdoctor bench`
   or `rocmdoctor train` (they run the benchmark with progress output, then turn the
   outcome into findings through the same checks). A name absent there is "not run".
2. a snapshot that recorded the outcome as a probe of the same name;
3. the live machine, at ``--level bench`` (``train`` for the training run): the
   benchmark runs in child processes of the scanned interpreter, with hard timeouts.
A ``--root`` tree or a snapshot without the record gives Missing, never a number.

Options read (all optional): bench_device ("cpu"/"cuda"; default: cuda when torch sees
a GPU), bench_nproc, bench_timeout (s per benchmark, default 600), bench_stall (s
without progress that counts as a hang, default 180), train_variant, train_dtype,
train_steps, progress (a callable taking one line).
"""
from __future__ import annotations

from collections.abc import Mapping

from ..base.records import dataclass, field
from . import Missing, fact

TIMEOUT_S = 600.0
STALL_S = 180.0


@dataclass(frozen=True)
class ActiveOutcome:
    """A benchmark's or the reference fine-tune's outcome (benchmarks/runner.py): whether it
    finished, why not, and its own JSON result. ``raw`` is the whole outcome, as the report's
    ``results`` carry it; the hang findings read its ranks and stages from there."""

    outcome: str | None = None  # "completed", "failed", "timeout", "crashed", "error"
    message: str = ""
    result: Mapping = field(default_factory=dict)  # the benchmark's JSON ({} when it gave none)
    raw: Mapping = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, d: Mapping) -> ActiveOutcome:
        res = d.get("result")
        msg = d.get("message")
        return cls(outcome=d.get("outcome") if isinstance(d.get("outcome"), str) else None,
                   message=msg if isinstance(msg, str) else "", result=res if isinstance(res, Mapping) else {}, raw=d)

    @property
    def device(self) -> Mapping:
        """The device the result says it ran on ({} when it says nothing)."""
        dev = self.result.get("device")
        return dev if isinstance(dev, Mapping) else {}


def _outcome(ctx, name: str, level: str, run):
    given = ctx.options.get("active_results")
    if given is not None:
        if name in given and isinstance(given[name], dict):
            return ActiveOutcome.from_mapping(given[name])
        raise Missing(f"{name}: not run in this invocation")
    if not ctx.at_least(level):
        raise Missing(f"active probes run at --level {level} and above")
    kind = ctx.source.kind
    if kind == "snapshot":
        r = ctx.source.probe(name)
        if r.ok and isinstance(r.data, dict):
            return ActiveOutcome.from_mapping(r.data)
        raise Missing(f"{name}: {r.error or 'unreadable record'} (benchmarks run only on a live machine)")
    if kind != "live":
        raise Missing(f"benchmarks run only on the live machine, not from a {kind} source")
    return ActiveOutcome.from_mapping(run(_device(ctx)))


def _device(ctx) -> str:
    dev = ctx.options.get("bench_device")
    if dev in ("cpu", "cuda"):
        return dev
    t = ctx.optional("torch_runtime")
    if t is None:
        raise Missing(f"torch is not usable in the scanned interpreter ({ctx.why_missing('torch_runtime')})")
    if t.cuda_available and (t.device_count or 0) > 0:
        return "cuda"
    raise Missing("torch sees no GPU, so the GPU benchmarks were not run "
                  "(`rocmdoctor bench --device cpu` gives a CPU-labelled run)")


def _common(ctx) -> dict:
    return {"python": getattr(ctx.source, "python", None),
            "timeout": float(ctx.options.get("bench_timeout") or TIMEOUT_S),
            "stall": float(ctx.options.get("bench_stall") or STALL_S),
            "progress": ctx.options.get("progress")}


def _bench(ctx, name: str):
    from ..benchmarks import suite

    def run(device):
        if name == "p2p" and device != "cuda":
            raise Missing("peer-to-peer needs GPUs")
        return suite.run_benchmark(name, device=device, nproc=ctx.options.get("bench_nproc"), **_common(ctx))

    return _outcome(ctx, f"bench_{name}", "bench", run)


@fact("bench_matmul")
def bench_matmul(ctx) -> ActiveOutcome:
    return _bench(ctx, "matmul")


@fact("bench_membw")
def bench_membw(ctx) -> ActiveOutcome:
    return _bench(ctx, "membw")


@fact("bench_p2p")
def bench_p2p(ctx) -> ActiveOutcome:
    return _bench(ctx, "p2p")


@fact("bench_allreduce")
def bench_allreduce(ctx) -> ActiveOutcome:
    return _bench(ctx, "allreduce")


@fact("bench_numerics")
def bench_numerics(ctx) -> ActiveOutcome:
    return _bench(ctx, "numerics")


@fact("bench_attention")
def bench_attention(ctx) -> ActiveOutcome:
    return _bench(ctx, "attention")


@fact("train_run")
def train_run(ctx) -> ActiveOutcome:
    from ..benchmarks import suite

    def run(device):
        o = ctx.options
        return suite.run_train(device=device, variant=o.get("train_variant") or "lora",
                               dtype=o.get("train_dtype") or "fp32", steps=o.get("train_steps"),
                               nproc=int(o.get("bench_nproc") or 1), **_common(ctx))

    return _outcome(ctx, "train_run", "train", run)
