"""What to train with on this machine: dtype, attention implementation, environment.

``recommend(facts)`` is a pure function of facts (a mapping name -> value, or a
:class:`~rocmdoctor.facts.Context`); it reads no files and runs nothing. The decision
comes from the gfx architecture (rocmdoctor.knowledge.gpus.precision), from a measured
matmul rate when a ``bench_matmul`` fact is available (and the attention note from a
``bench_attention`` one: which SDPA kernels really ran), never from
``torch.cuda.is_bf16_supported()``, which answers True on every ROCm device.

It lives with the facts because it is one more thing derived from them, and the precision
checks ask it; ``rocmdoctor.recommend()`` (``api.recommend_for``) scans a machine first.
"""
from __future__ import annotations

import numbers
import shlex
from typing import Any, Mapping

from ..knowledge import gpus as kb
from ..knowledge import precision as kp
from ..engine.model import Evidence, jsonable
from ..base.records import dataclass, field
from .python_env import Distribution, Torch, sane_distribution
from ..base.untrusted import pick

DTYPE_RANK = {"fp32": 0, "fp16": 1, "bf16": 2}
FACTS = ("gpus", "torch", "distributions", "env", "bench_matmul", "bench_attention")
# Aliases a benchmark may use for dtypes.
_DTYPES = {"bf16": "bf16", "bfloat16": "bf16", "fp16": "fp16", "float16": "fp16", "half": "fp16",
           "fp32": "fp32", "float32": "fp32", "float": "fp32"}


@dataclass(frozen=True)
class Reason:
    topic: str  # "platform" | "dtype" | "attention" | "env"
    text: str
    evidence: tuple[Evidence, ...] = ()
    sources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Device:
    index: int
    label: str
    vendor: str  # "amd" | "nvidia"
    gfx: str | None = None
    name: str | None = None
    capability: tuple[int, int] | None = None  # NVIDIA compute capability
    evidence: Evidence | None = None

    @property
    def row(self) -> kb.Precision | None:
        return kb.precision(self.gfx) if self.vendor == "amd" else None


@dataclass(frozen=True)
class DeviceAdvice:
    index: int
    label: str
    gfx: str | None
    dtype: str
    bf16: str  # native | emulated | none | unknown | n/a
    flash: str  # what fast attention exists: "ck+aotriton", "aotriton (experimental)", "none" ...
    measured_tflops: dict[str, float] = field(default_factory=dict)


@dataclass(frozen=True)
class Recommendation:
    platform: str  # rocm | cuda | cpu | unknown
    dtype: str  # bf16 | fp16 | fp32
    loss_scaling: str | None  # "dynamic" with fp16
    attention: str  # fa2 | sdpa | eager
    llamafactory_flash_attn: str  # LLaMA-Factory `flash_attn`: fa2 | sdpa | disabled
    hf_attn_implementation: str  # flash_attention_2 | sdpa | eager
    env: dict[str, str]
    devices: tuple[DeviceAdvice, ...]
    reasons: tuple[Reason, ...]
    measured: bool  # a matmul measurement took part in the dtype decision
    model: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return jsonable({
            "platform": self.platform, "dtype": self.dtype, "loss_scaling": self.loss_scaling,
            "attention": self.attention, "llamafactory_flash_attn": self.llamafactory_flash_attn,
            "hf_attn_implementation": self.hf_attn_implementation, "env": dict(self.env),
            "measured": self.measured, "model": self.model,
            "devices": [vars(d) for d in self.devices],
            "reasons": [{"topic": r.topic, "text": r.text, "evidence": [e.to_dict() for e in r.evidence],
                         "sources": list(r.sources)} for r in self.reasons],
        })

    def export_lines(self) -> list[str]:
        """`export K=V` lines, shell-quoted, safe to eval."""
        return [f"export {k}={shlex.quote(v)}" for k, v in sorted(self.env.items()) if valid_name(k)]

    def text_lines(self) -> list[str]:
        dt = self.dtype + (" with dynamic loss scaling" if self.loss_scaling else "")
        out = [f"platform:  {self.platform}",
               f"dtype:     {dt}" + ("  (measured)" if self.measured else ""),
               f"attention: LLaMA-Factory flash_attn: {self.llamafactory_flash_attn}; "
               f"HF attn_implementation=\"{self.hf_attn_implementation}\""]
        for k, v in sorted(self.env.items()):
            out.append(f"env:       {k}={v}")
        for d in self.devices:
            m = ", ".join(f"{k} {v:g} TFLOP/s" for k, v in sorted(d.measured_tflops.items()))
            out.append(f"  {d.label}: {d.gfx or '-'}  bf16 {d.bf16}; fast attention: {d.flash}"
                       + (f"; measured {m}" if m else ""))
        out.append("why:")
        for r in self.reasons:
            out.append(f"  - [{r.topic}] {r.text}")
            for e in r.evidence:
                out.append(f"      evidence: {e.source}: {e.text}")
        return out


def valid_name(k: str) -> bool:
    return bool(k) and (k[0].isalpha() or k[0] == "_") and all(c.isalnum() or c == "_" for c in k)


# ---------------------------------------------------------------- inputs

def _facts(source: Any) -> dict[str, Any]:
    """Accept a Context (facts pulled lazily, missing ones left out) or a plain mapping."""
    if isinstance(source, Mapping):
        out = {k: v for k, v in source.items() if v is not None}
        if isinstance(out.get("torch"), Mapping):  # a caller's plain mapping, as the probe writes torch
            out["torch"] = Torch.from_mapping(out["torch"])
        if isinstance(out.get("distributions"), Mapping):  # entries as the probe writes them, or the fact's
            out["distributions"] = {str(k): d if isinstance(d, Distribution) else sane_distribution(k, d)
                                    for k, d in out["distributions"].items() if isinstance(d, (Distribution, Mapping))}
        return _bench_json(out)
    out = {}
    for name in FACTS:
        if hasattr(source, "has") and not source.has(name):
            continue  # e.g. no bench_matmul fact in this build
        v = source.optional(name)
        if v is not None:
            out[name] = v
    if out.get("torch") is not None and hasattr(source, "optional"):
        # The advisor reads devices and is_bf16_supported() from torch: the runtime facts.
        out["torch"] = out["torch"].with_runtime(source.optional("torch_runtime"))
    return _bench_json(out)


def _bench_json(facts: dict[str, Any]) -> dict[str, Any]:
    """The measurements are read as the JSON the benchmarks wrote, from a fact or a caller's mapping."""
    for k in ("bench_matmul", "bench_attention"):
        v = facts.get(k)
        if v is not None and not isinstance(v, Mapping):  # the fact, an ActiveOutcome: its JSON
            facts[k] = v.raw
    return facts


def devices(gpus: list | None, torch: Torch | None) -> list[Device]:
    """AMD GPUs from KFD (discrete ones when any), else the GPUs torch sees (NVIDIA or AMD)."""
    amd = list(gpus or [])
    if any(not g.integrated for g in amd):
        amd = [g for g in amd if not g.integrated]
    if amd:
        return [Device(g.index, g.label, "amd", g.gfx, g.name,
                       evidence=Evidence(g.properties_path, f"gfx_target_version {g.gfx_target_version}"))
                for g in amd]
    out: list[Device] = []
    if torch is None:
        return out
    for d in torch.devices:
        if d.error is not None:
            continue
        idx = d.index if d.index is not None else len(out)
        label = f"GPU {idx}"
        if torch.hip:
            arch = (d.gcn_arch_name or "").split(":")[0] or None
            out.append(Device(idx, label, "amd", arch, d.name,
                              evidence=Evidence("probe: python", f"{d.name}: gcnArchName={arch}")))
        else:
            cap = (d.major or 0, d.minor or 0)
            out.append(Device(idx, label, "nvidia", None, d.name, capability=cap,
                              evidence=Evidence("probe: python", f"{d.name}: compute capability "
                                                                 f"{cap[0]}.{cap[1]}")))
    return out


def measured_rates(bench: Any) -> dict[int | None, dict[str, float]]:
    """TFLOP/s per device index (None: not per device) and dtype from a bench_matmul result.

    Tolerant of shape: any dict holding a dtype and "tflops" (or dtype-named keys holding
    numbers or {"tflops": x}) is read, with "index"/"device" from it or its parents.
    Results marked simulated are ignored: mock numbers must not steer a recommendation."""
    out: dict[int | None, dict[str, float]] = {}

    def put(idx, dtype, value):
        dt = _DTYPES.get(str(dtype).lower())
        if dt and isinstance(value, numbers.Real) and not isinstance(value, bool) and value > 0:
            out.setdefault(idx, {})[dt] = float(value)

    def walk(node, idx):
        if isinstance(node, dict):
            if node.get("simulated") or node.get("mock"):
                return
            i = node.get("index", node.get("device", idx))
            idx = i if isinstance(i, int) and not isinstance(i, bool) else idx
            tf = node.get("tflops")
            if "dtype" in node and tf is not None:
                put(idx, node["dtype"], tf)
            if isinstance(tf, dict):
                for k, v in tf.items():
                    put(idx, k, v)
            for k, v in node.items():
                if str(k).lower() in _DTYPES:
                    put(idx, k, v.get("tflops") if isinstance(v, dict) else v)
                if isinstance(v, (dict, list)) and k != "tflops":
                    walk(v, idx)
        elif isinstance(node, list):
            for v in node:
                walk(v, idx)

    walk(bench, None)
    return out


# ---------------------------------------------------------------- decisions

def _amd_dtype(dev: Device, rates: dict[str, float]) -> tuple[str, str]:
    """(dtype, why) for one AMD GPU, from its row, checked against a measurement."""
    row = dev.row
    bf, fp16, fp32 = rates.get("bf16"), rates.get("fp16"), rates.get("fp32")
    if row is None:
        if bf and fp16 and bf >= 0.5 * fp16 and (not fp32 or bf > fp32):
            return "bf16", f"{dev.gfx or 'this GPU'} is not in the table; measured bf16 {bf:g} TFLOP/s is close to fp16"
        return "fp16", (f"{dev.gfx or 'this GPU'} is not in rocmdoctor's table, so native BF16 is unknown; "
                        "fp16 with loss scaling is the safe choice (run `rocmdoctor bench` to measure)")
    if row.bf16_native:
        if bf and ((fp16 and bf < 0.5 * fp16) or (fp32 and bf < fp32)):
            return "fp16", (f"{row.gfx} should run BF16 natively, but the measured bf16 rate ({bf:g} TFLOP/s) is "
                            f"below half of fp16 ({fp16 or 0:g}) or below fp32 ({fp32 or 0:g}): it behaves emulated")
        return "bf16", f"{row.gfx} ({row.family}) has native BF16 matrix math"
    if fp16 and fp32 and fp16 < fp32:
        return "fp32", f"{row.gfx} has no native BF16 and fp16 measured slower than fp32 ({fp16:g} < {fp32:g} TFLOP/s)"
    what = "emulates BF16 in software" if row.bf16 == kb.EMULATED else "has no BF16 arithmetic"
    return "fp16", f"{row.gfx} ({row.example}) {what}; fp16 runs at full speed but needs loss scaling"


def _nvidia_dtype(dev: Device) -> tuple[str, str]:
    major, minor = dev.capability or (0, 0)
    if major >= 8:
        return "bf16", f"compute capability {major}.{minor} has BF16 tensor cores"
    if major >= 7:
        return "fp16", f"compute capability {major}.{minor} has FP16 tensor cores but no BF16"
    return "fp32", f"compute capability {major}.{minor} has no tensor cores"


def _flash_label(dev: Device) -> str:
    if dev.vendor == "nvidia":
        return "flash-attn, sdpa" if (dev.capability or (0, 0))[0] >= 8 else "sdpa (mem-efficient)"
    row = dev.row
    if row is None:
        return "unknown"
    parts = (["ck"] if row.ck_flash else []) + \
        (["aotriton"] if row.aotriton == kb.YES else ["aotriton (experimental)"] if row.aotriton == kb.EXPERIMENTAL else [])
    return "+".join(parts) if parts else "none (sdpa math kernel)"


@dataclass(frozen=True)
class Model:
    """The model the advice is for: a name, and what its checkpoint's config.json says
    (``model_type``) when it is a local checkpoint; see :func:`read_model`."""

    name: str
    model_type: str | None = None
    evidence: Evidence | None = None

    def family(self) -> str | None:
        """The fp16-overflow family: from config.json's model_type when there is one (a folder
        named 'my-run' holding a Qwen2.5, or 'qwen2.5-ft' holding a Llama), else from the name."""
        if self.model_type is not None:
            return "qwen2" if self.model_type.lower().startswith("qwen2") else None
        return kp.fp16_overflow_family(self.name)


def read_model(model: str | None) -> Model | None:
    """A --model value: a checkpoint directory (or its config.json) is read for its
    model_type; anything else is taken as a name ('Qwen/Qwen2.5-7B')."""
    import json
    import os

    if not model:
        return None
    path = os.path.join(model, "config.json") if os.path.isdir(model) else model
    if not (path.endswith(".json") and os.path.isfile(path)):
        return Model(model)
    try:
        with open(path, "rb") as fh:
            cfg = json.loads(fh.read(4 << 20))
    except (OSError, ValueError):
        return Model(model)
    mt = cfg.get("model_type") if isinstance(cfg, dict) else None
    if not isinstance(mt, str):
        return Model(model)
    archs = cfg.get("architectures")
    text = f'"model_type": "{mt}"' + (f', "architectures": {json.dumps(archs)}' if isinstance(archs, list) else "")
    return Model(model, mt, Evidence(path, text[:200]))


def recommend(source: Any, *, model: str | Model | None = None) -> Recommendation:
    """``model``: a :class:`Model` (read_model), or a name."""
    info = Model(model) if isinstance(model, str) else model
    model = info.name if info else None
    f = _facts(source)
    torch, dists, env = f.get("torch"), f.get("distributions") or {}, f.get("env") or {}
    devs = devices(f.get("gpus"), torch)
    rates = measured_rates(f.get("bench_matmul")) if f.get("bench_matmul") is not None else {}
    reasons: list[Reason] = []
    platform = kp.torch_platform(torch)
    if platform == "unknown":
        platform = "rocm" if any(d.vendor == "amd" for d in devs) else "cpu" if not devs else "unknown"
        reasons.append(Reason("platform", "torch was not probed (or is not importable); the advice comes from "
                                          "the GPU architecture alone"))
    if platform == "cpu" or not devs:
        return _cpu(platform, torch, reasons, model)

    advice, measured = [], False
    why_by_kind: dict[str, list] = {}  # one reason per distinct answer, naming all its GPUs
    for dev in devs:
        r = rates.get(dev.index) or (rates.get(None) if len(devs) == 1 or len(set(d.gfx for d in devs)) == 1 else {}) or {}
        measured = measured or bool(r)
        dt, why = _nvidia_dtype(dev) if dev.vendor == "nvidia" else _amd_dtype(dev, r)
        row = dev.row
        advice.append(DeviceAdvice(dev.index, dev.label, dev.gfx, dt,
                                   "n/a" if dev.vendor == "nvidia" else (row.bf16 if row else "unknown"),
                                   _flash_label(dev), dict(r)))
        srcs = row.sources[:2] if row else ()
        if dev.vendor == "amd" and row and not row.bf16_native:
            srcs = (kp.BF16_API_ALWAYS_TRUE,) + srcs
        entry = why_by_kind.setdefault(why, [[], [], srcs])
        entry[0].append(dev.label)
        entry[1].extend([dev.evidence] if dev.evidence else [])
    for why, (labels, evidence, srcs) in why_by_kind.items():
        reasons.append(Reason("dtype", f"{', '.join(labels)}: {why}", tuple(evidence), srcs))

    # Every rank of a data-parallel job runs the same dtype: the weakest GPU decides.
    dtype = min((a.dtype for a in advice), key=lambda d: DTYPE_RANK[d])
    family = info.family() if info else None
    if dtype == "fp16" and family and info is not None:
        dtype = "fp32"
        what = f"model_type {info.model_type}" if info.model_type else "its name says"
        reasons.append(Reason("dtype", f"{model} is a {family} model ({what}), known to overflow in fp16 (loss "
                                       "0.0, grad_norm nan) even with loss scaling; its maintainers advise fp32 "
                                       "where bf16 is unavailable",
                              (info.evidence,) if info.evidence else (), kp.FP16_OVERFLOW_FAMILIES[family]))
    elif dtype == "fp16":
        reasons.append(Reason("dtype", "fp16 needs dynamic loss scaling (DeepSpeed fp16.loss_scale 0, the "
                                       "default; HF/LLaMA-Factory fp16: true). Qwen2/Qwen2.5 overflow in fp16: "
                                       "train those in fp32 here (pass --model to check a model name)",
                              sources=(kp.QWEN_FP16_NAN, kp.LLAMAFACTORY_FP16_NAN)))
    if platform == "rocm" and torch and torch.bf16_supported_api and any(
            d.row and not d.row.bf16_native for d in devs):
        reasons.append(Reason("dtype", "torch.cuda.is_bf16_supported() returned True, as it does on every ROCm "
                                       "device; tools that trust it (transformers, LLaMA-Factory 'auto') pick bf16",
                              (Evidence("probe: python", "torch.cuda.is_bf16_supported() -> True"),),
                              (kp.BF16_API_ALWAYS_TRUE,)))

    attention = _attention(platform, devs, torch, dists, reasons)
    if attention == "sdpa":
        _measured_attention(f.get("bench_attention"), reasons)
    env_out = _env(platform, devs, torch, env, attention, reasons)
    return Recommendation(
        platform=platform, dtype=dtype, loss_scaling="dynamic" if dtype == "fp16" else None,
        attention=attention, llamafactory_flash_attn={"fa2": "fa2", "sdpa": "sdpa", "eager": "disabled"}[attention],
        hf_attn_implementation={"fa2": "flash_attention_2", "sdpa": "sdpa", "eager": "eager"}[attention],
        env=env_out, devices=tuple(advice), reasons=tuple(reasons), measured=measured, model=model)


def _cpu(platform, torch, reasons, model) -> Recommendation:
    reasons.append(Reason("platform", "no GPU visible to torch: train in fp32 on the CPU (slow; for testing only)"))
    return Recommendation(platform=platform if platform != "unknown" else "cpu", dtype="fp32", loss_scaling=None,
                          attention="sdpa", llamafactory_flash_attn="sdpa", hf_attn_implementation="sdpa",
                          env={}, devices=(), reasons=tuple(reasons), measured=False, model=model)


def _attention(platform, devs, torch, dists, reasons) -> str:
    tv = kp.version_tuple(torch.version if torch is not None else None)
    if tv and tv < (2, 1, 1):
        reasons.append(Reason("attention", f"torch {torch.version} is older than 2.1.1, which LLaMA-Factory "
                                           "needs for SDPA: use eager attention"))
        return "eager"
    fa = dists.get("flash-attn") or dists.get("flash_attn")
    broken = {p.package.replace("_", "-") for p in kp.wheel_problems(dists, torch) if p.severity == "fail"}
    fa_ok = bool(fa) and "flash-attn" not in broken
    if platform == "rocm":
        if fa_ok and all(d.row and d.row.ck_flash for d in devs):
            reasons.append(Reason("attention", "flash-attn is installed and every GPU is covered by its CK backend "
                                               "(MI200/MI300 class)", sources=(kp.FLASH_ATTN_README,)))
            return "fa2"
        missing = sorted({d.gfx or "?" for d in devs if not (d.row and d.row.ck_flash)})
        why = (f"FlashAttention-2 (CK) does not support {', '.join(missing)}" if missing
               else "flash-attn is not installed" if not fa else "the installed flash-attn does not match this torch")
        reasons.append(Reason("attention", f"{why}: use PyTorch SDPA, which picks AOTriton flash kernels where "
                                           "they exist and the math kernel otherwise",
                              sources=(kp.CK_ARCHS, kp.FLASH_ATTN_README)))
        if fa and any(d.row and "triton" in d.row.flash_attn_pkg and not d.row.ck_flash for d in devs):
            reasons.append(Reason("attention", "flash-attn's Triton backend can run on RDNA GPUs when built with "
                                               "FLASH_ATTENTION_TRITON_AMD_ENABLE=TRUE (community builds)",
                                  sources=(kp.FLASH_ATTN_README,)))
        return "sdpa"
    if fa_ok and all((d.capability or (0, 0))[0] >= 8 for d in devs):
        reasons.append(Reason("attention", "flash-attn is installed and every GPU is Ampere or newer"))
        return "fa2"
    reasons.append(Reason("attention", "PyTorch SDPA is the portable default"))
    return "sdpa"


def _measured_attention(outcome: Any, reasons: list) -> None:
    """Add what `rocmdoctor bench attention` saw on a GPU: SDPA is the advice either way
    (eager is no better than the math kernel), but whether it gets a fast kernel is not."""
    res = pick(outcome, "result")
    if not isinstance(res, Mapping) or pick(res, "device", "kind") != "cuda":
        return
    rows = [r for r in res.get("results") or [] if isinstance(r, Mapping) and r.get("backend") != "default"]
    fast = sorted({r["backend"] for r in rows if r.get("ok") and r.get("backend") in ("flash", "efficient")})
    ev = Evidence("probe: bench_attention", "; ".join(f"{r.get('dtype')} {r.get('backend')}: "
                                                      + ("ran" if r.get("ok") else str(r.get("error"))[:120])
                                                      for r in rows)[:600])
    if fast:
        reasons.append(Reason("attention", f"measured: SDPA's {' and '.join(fast)} kernel(s) ran on this GPU",
                              (ev,)))
    elif rows:
        reasons.append(Reason("attention", "measured: only SDPA's math kernel runs on this GPU (flash and efficient "
                                           "failed), so attention memory grows with the square of the sequence "
                                           "length: keep sequences short or use gradient checkpointing", (ev,)))


def _env(platform, devs, torch, env, attention, reasons) -> dict[str, str]:
    out: dict[str, str] = {}
    t = torch if torch is not None else Torch()
    var = "PYTORCH_HIP_ALLOC_CONF" if platform == "rocm" else "PYTORCH_CUDA_ALLOC_CONF"
    if torch and kp.expandable_segments_ok(t.version, t.hip, t.cuda):
        cur = env.get(var, "")
        if "expandable_segments" not in cur:
            out[var] = (cur + "," if cur else "") + "expandable_segments:True"
        reasons.append(Reason("env", f"{var}=expandable_segments:True reduces fragmentation; torch "
                                     f"{t.version} supports it on {platform.upper()}",
                              sources=(kp.EXPANDABLE_SEGMENTS, kp.EXPANDABLE_SEGMENTS_GATE)))
    elif platform == "rocm" and torch:
        reasons.append(Reason("env", f"leave out PYTORCH_HIP_ALLOC_CONF=expandable_segments:True: torch "
                                     f"{t.version} (HIP {t.hip}) ignores it on ROCm with a warning; "
                                     "it needs torch >= 2.12 built for ROCm >= 7.0",
                              sources=(kp.EXPANDABLE_SEGMENTS, kp.EXPANDABLE_SEGMENTS_GATE)))
    if platform == "rocm" and attention == "sdpa":
        exp = sorted({d.gfx for d in devs if d.row and d.row.aotriton == kb.EXPERIMENTAL})
        if exp and env.get("TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL") != "1":
            out["TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL"] = "1"
        if exp:
            reasons.append(Reason("env", f"AOTriton flash attention is experimental on {', '.join(exp)}: without "
                                         "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1 SDPA uses the slower math kernel",
                                  sources=(kp.AOTRITON_NAVI3,)))
    return out
