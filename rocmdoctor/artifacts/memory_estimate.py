"""Will this fine-tune fit in GPU memory? An estimate from a checkpoint's config.json,
made before anything is loaded. Pure Python: no torch, no transformers.

Per GPU, in bytes (docs/benchmarks.md, "Memory estimate", has the derivation):

* weights: P · B, with P counted from config.json (embeddings, attention with GQA,
  gated MLP, norms; lm_head unless tied) and B the bytes of the training dtype.
  ZeRO-3 shards them over the N GPUs.
* trainable state, for the T trainable parameters (the LoRA adapters, or all P):
  gradients T · B and Adam state T · K, K = 12 bytes with 16-bit training (fp32 master
  copy, momentum, variance) or 8 with fp32 (ZeRO paper, Rajbhandari et al. 2020, §3.1).
  LoRA adapters are kept in fp32 (as LLaMA-Factory and peft do under mixed precision):
  4 + 4 + 8 = 16 bytes each. ZeRO-1 shards the optimizer state, ZeRO-2 also the
  gradients, ZeRO-3 also the weights; offload moves the optimizer state to host RAM.
* activations, from Korthikanti et al. 2022 ("Reducing Activation Recomputation in
  Large Transformer Models", eq. 1: s·b·h·(34 + 5·a·s/h) per layer for GPT) redone for
  Llama-style layers (RMSNorm, GQA, SwiGLU, no dropout): per layer
  B · s · b · (6h + 2k + 4I) saved for backward, where k = kv_heads · head_dim and I =
  intermediate_size, plus the attention scores where the kernel materialises them:
  B · a · s² · b for the SDPA math kernel, (4 + B) · a · s² · b for HF "eager" (fp32
  softmax, then a cast); flash / memory-efficient kernels keep no s² term.
  Without checkpointing all L layers are kept, plus one layer's worth of gradients
  during backward; with it, each layer's input (B · s · b · h) is kept and one layer
  is recomputed at a time (its activations and their gradients: 2 layers' worth).
* the output layer: s · b · V · (B + 12): the logits in the training dtype, their fp32
  copy for the loss, the saved log-softmax and its gradient (fp32).
* 1 GiB for the runtime (HIP/CUDA context, kernels, communication buffers).
* ZeRO-3 with offload_param: the weights live in host RAM; the GPU holds only the gathered ones,
  at most stage3_max_live_parameters plus stage3_prefetch_bucket_size (never less than one layer).
  With offload_optimizer each rank's gradient partition goes to host RAM too (fp32, for CPU Adam)
  and the GPU keeps the reduce bucket. Host RAM (all ranks of the host together) is then the limit
  that decides the verdict when the GPU side fits.

Verdict: fits below 80% of the GPU's memory, "tight" up to 100% (allocator
fragmentation and transient buffers commonly take the rest: expect OOM), else does
not fit. When it is not a clear fit, the estimate lists changes with their effect.
"""
from __future__ import annotations

import json
import os
from dataclasses import asdict
from typing import Any

from ..base.records import dataclass, field, replace
from .configfiles import ConfigError

GIB = 1 << 30
RUNTIME_BYTES = 1 * GIB
FITS_BELOW = 0.80  # share of VRAM under which the estimate calls it a fit
DTYPE_BYTES = {"fp32": 4, "fp16": 2, "bf16": 2}
DEFAULT_LORA_TARGETS = ("q_proj", "k_proj", "v_proj", "o_proj")
ATTENTION_KINDS = ("flash", "math", "eager")  # how the kernel treats the s x s scores


@dataclass(frozen=True)
class Shape:
    hidden: int
    layers: int
    intermediate: int
    vocab: int
    heads: int
    kv_heads: int
    head_dim: int
    tied: bool
    qkv_bias: bool
    experts: int = 1  # MoE: experts per layer (all are resident)
    expert_intermediate: int | None = None
    shared_intermediate: int = 0
    model_type: str | None = None

    @property
    def q_dim(self) -> int:
        return self.heads * self.head_dim

    @property
    def kv_dim(self) -> int:
        return self.kv_heads * self.head_dim

    def linears(self) -> dict[str, tuple[int, int]]:
        """(in, out) of each projection in one layer, by the HF module name."""
        h, inter = self.hidden, self.expert_intermediate or self.intermediate
        return {"q_proj": (h, self.q_dim), "k_proj": (h, self.kv_dim), "v_proj": (h, self.kv_dim),
                "o_proj": (self.q_dim, h), "gate_proj": (h, inter), "up_proj": (h, inter), "down_proj": (inter, h)}


def shape_from_config(cfg: dict) -> Shape:
    if not cfg.get("hidden_size") and isinstance(cfg.get("text_config"), dict):
        cfg = {**cfg["text_config"], "tie_word_embeddings": cfg.get("tie_word_embeddings",
                                                                     cfg["text_config"].get("tie_word_embeddings"))}

    def need(*names: str) -> int:
        for n in names:
            if isinstance(cfg.get(n), int) and cfg[n] > 0:
                return cfg[n]
        raise ConfigError(f"config.json has no {names[0]}")

    h = need("hidden_size", "n_embd", "d_model")
    heads = need("num_attention_heads", "n_head")
    kv = cfg.get("num_key_value_heads") or heads
    mtype = cfg.get("model_type")
    experts = cfg.get("num_local_experts") or cfg.get("num_experts") or 1
    return Shape(
        hidden=h, layers=need("num_hidden_layers", "n_layer"), intermediate=need("intermediate_size"),
        vocab=need("vocab_size"), heads=heads, kv_heads=int(kv),
        head_dim=int(cfg.get("head_dim") or h // heads),
        tied=bool(cfg.get("tie_word_embeddings", False)),
        # Qwen2 has q/k/v biases without saying so; Llama-style configs say attention_bias.
        qkv_bias=bool(cfg.get("attention_bias", mtype in ("qwen2", "qwen2_moe"))),
        experts=int(experts), expert_intermediate=cfg.get("moe_intermediate_size") if experts > 1 else None,
        shared_intermediate=int(cfg.get("shared_expert_intermediate_size") or 0), model_type=mtype)


def load_config(path: str) -> dict:
    """config.json of a checkpoint directory (or the file itself)."""
    f = os.path.join(path, "config.json") if os.path.isdir(path) else path
    try:
        with open(f, encoding="utf-8") as fh:
            cfg = json.load(fh)
    except FileNotFoundError:
        raise ConfigError(f"{f}: not found (expected a Hugging Face checkpoint directory)") from None
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{f}: {exc}") from None
    if not isinstance(cfg, dict):
        raise ConfigError(f"{f}: not a JSON object")
    return cfg


def count_params(s: Shape) -> int:
    h = s.hidden
    attn = sum(i * o for n, (i, o) in s.linears().items() if n in DEFAULT_LORA_TARGETS)
    attn += (s.q_dim + 2 * s.kv_dim) if s.qkv_bias else 0
    mlp = 3 * h * (s.expert_intermediate or s.intermediate) * s.experts
    if s.experts > 1:
        mlp += h * s.experts + 3 * h * s.shared_intermediate + (h if s.shared_intermediate else 0)  # router, shared
    per_layer = attn + mlp + 2 * h  # two RMSNorm weights
    embed = s.vocab * h
    return s.layers * per_layer + embed * (1 if s.tied else 2) + h  # + final norm


def lora_params(s: Shape, rank: int, targets: tuple[str, ...] = DEFAULT_LORA_TARGETS) -> int:
    """r · (in + out) per adapted projection (A is r x in, B is out x r)."""
    lin = s.linears()
    unknown = [t for t in targets if t not in lin]
    if unknown:
        raise ConfigError(f"unknown LoRA target(s) {', '.join(unknown)}; known: {', '.join(lin)}")
    mult = {t: (s.experts if t in ("gate_proj", "up_proj", "down_proj") else 1) for t in targets}
    return s.layers * sum(rank * (lin[t][0] + lin[t][1]) * mult[t] for t in targets)


# Not artifacts' Settings (every value files set, with its origin): the resolved numbers of one run the arithmetic needs.
@dataclass(frozen=True)
class TrainingShape:
    dtype: str = "bf16"
    lora: bool = True
    lora_rank: int = 8
    lora_targets: tuple[str, ...] = DEFAULT_LORA_TARGETS
    batch: int = 1  # micro-batch per GPU
    seq_len: int = 2048  # LLaMA-Factory cutoff_len
    grad_ckpt: bool = False
    zero: int = 0  # 0: plain DDP (or one GPU)
    gpus: int = 1
    offload: bool = False  # optimizer state to host RAM
    attention: str = "flash"  # flash | math | eager (see ATTENTION_KINDS)
    # ZeRO-3 parameter offload: weights live in host RAM and only the gathered ones are on the GPU,
    # at most stage3_max_live_parameters plus the prefetch bucket (DeepSpeed's defaults: 1e9, 5e7).
    offload_param: bool = False
    live_params: int = 1_000_000_000
    prefetch_params: int = 50_000_000
    reduce_bucket: int = 500_000_000  # elements of the gradient bucket kept on the GPU with optimizer offload
    host_ram: int | None = None  # bytes of host RAM (the limit once parameters and optimizer are offloaded)
    ranks_per_host: int = 1  # processes whose offloaded state shares one host's RAM


@dataclass
class Estimate:
    params: int
    trainable: int
    settings: TrainingShape
    parts: dict[str, int]  # bytes per GPU
    total: int
    host_bytes: int  # offloaded state (optimizer; with offload_param also weights and gradients), per GPU's process
    vram: int | None
    verdict: str  # fits | tight | does not fit | unknown
    suggestions: list[dict] = field(default_factory=list)
    host_total: int = 0  # host_bytes over every process on one host
    host_verdict: str = "unknown"  # the same verdict for host RAM, when anything is offloaded

    def to_dict(self) -> dict:
        d = asdict(self)
        d["settings"]["lora_targets"] = list(self.settings.lora_targets)
        return d


def activation_bytes(s: Shape, st: TrainingShape) -> dict[str, int]:
    B = DTYPE_BYTES[st.dtype]
    sb = st.seq_len * st.batch
    inter = (s.expert_intermediate or s.intermediate)
    layer = B * sb * (6 * s.hidden + 2 * s.kv_dim + 4 * inter)
    if s.experts > 1:
        layer += B * sb * 4 * s.shared_intermediate
    scores = {"flash": 0, "math": B, "eager": 4 + B}[st.attention] * s.heads * st.seq_len ** 2 * st.batch
    layer += scores
    if st.grad_ckpt:
        act = s.layers * B * sb * s.hidden + 2 * layer
    else:
        act = s.layers * layer + layer
    return {"activations": act, "logits": sb * s.vocab * (B + 12)}


def estimate(s: Shape, st: TrainingShape, vram: int | None = None, *, suggest: bool = True) -> Estimate:
    if st.dtype not in DTYPE_BYTES:
        raise ValueError(f"dtype {st.dtype!r}: one of {', '.join(DTYPE_BYTES)}")
    if st.attention not in ATTENTION_KINDS:
        raise ValueError(f"attention {st.attention!r}: one of {', '.join(ATTENTION_KINDS)}")
    n = max(1, st.gpus)
    zero = st.zero if n > 1 else 0  # nothing to shard over with one GPU
    B = DTYPE_BYTES[st.dtype]
    P = count_params(s)
    T = lora_params(s, st.lora_rank, st.lora_targets) if st.lora else P
    if st.lora:  # adapters in fp32 whatever the base dtype: weights, grads, Adam m and v
        w, g, opt = P * B + T * 4, T * 4, T * 8
    else:
        w, g, opt = P * B, P * B, P * (12 if B < 4 else 8)
    if zero >= 1:
        opt //= n
    if zero >= 2:
        g //= n
    layer_params = (P - s.vocab * s.hidden * (1 if s.tied else 2)) // s.layers
    host = opt if st.offload else 0
    param_offload = st.offload_param and st.zero >= 3  # DeepSpeed offloads parameters only at stage 3
    if param_offload:
        # Parameters live in host RAM (each rank its shard); the GPU holds those gathered for the
        # layers being computed: at most max_live_parameters (never less than one layer and the
        # prefetch bucket), capped by the whole model.
        gathered = min(P, max(layer_params, st.live_params) + st.prefetch_params)
        host += w // n
        w = gathered * B + (T * 4 if st.lora else 0)
    elif zero >= 3:
        w = w // n + 2 * layer_params * B  # shards, plus the layers gathered for compute and prefetch
    if st.offload and zero >= 1 and not st.lora:
        # ZeRO-Offload: each rank's gradient partition goes to host RAM (fp32 for CPU Adam); the GPU
        # keeps the reduce bucket it is being copied through.
        host += g * (4 // B if B < 4 else 1)
        g = min(g, st.reduce_bucket * B)
    parts = {"weights": w, "gradients": g, "optimizer": 0 if st.offload else opt,
             **activation_bytes(s, st), "runtime": RUNTIME_BYTES}
    total = sum(parts.values())
    host_total = host * max(1, st.ranks_per_host)
    est = Estimate(P, T, st, parts, total, host, vram, _verdict(total, vram), host_total=host_total,
                   host_verdict=_verdict(host_total, st.host_ram) if host else "unknown")
    if est.host_verdict in ("tight", "does not fit") and est.verdict == "fits":
        est.verdict = est.host_verdict  # offloaded state is the limit now: host RAM decides
    if suggest and vram and est.verdict != "fits":
        est.suggestions = _suggestions(s, st, vram)
    return est


def _verdict(total: int, vram: int | None) -> str:
    if not vram:
        return "unknown"
    return "fits" if total <= FITS_BELOW * vram else "tight" if total <= vram else "does not fit"


def _suggestions(s: Shape, st: TrainingShape, vram: int) -> list[dict]:
    """Changes that help, each with the estimate it gives, best first."""
    tries = []
    if not st.grad_ckpt:
        tries.append(("enable gradient checkpointing", replace(st, grad_ckpt=True)))
    if st.attention != "flash":
        tries.append(("use a flash / memory-efficient attention kernel (if this GPU has one)",
                      replace(st, attention="flash")))
    seq = st.seq_len // 2
    while seq >= 256:  # the longest sequence that fits, with everything else unchanged
        if estimate(s, replace(st, seq_len=seq), vram, suggest=False).verdict == "fits":
            tries.append((f"lower cutoff_len / sequence length to {seq}", replace(st, seq_len=seq)))
            break
        seq //= 2
    if st.batch > 1:
        tries.append(("micro-batch 1 with gradient accumulation", replace(st, batch=1)))
    if st.gpus > 1 and st.zero < 3:
        tries.append((f"ZeRO-3 over the {st.gpus} GPUs", replace(st, zero=3)))
    if not st.offload and (st.zero >= 1 or st.gpus == 1):
        tries.append(("offload the optimizer state to CPU (DeepSpeed offload_optimizer)", replace(st, offload=True)))
    if not st.lora:
        tries.append(("LoRA instead of a full fine-tune", replace(st, lora=True)))
    if st.dtype == "fp32":
        tries.append(("train in bf16/fp16 (see `rocmdoctor recommend`)", replace(st, dtype="bf16")))
    now = estimate(s, st, vram, suggest=False).total
    out: list[dict[str, Any]] = []
    for what, alt in tries:
        e = estimate(s, alt, vram, suggest=False)
        if e.total < 0.99 * now:  # only what actually helps
            out.append({"change": what, "total": e.total, "verdict": e.verdict})
    out.sort(key=lambda d: d["total"])
    return out


def gib(n: int | float) -> str:
    return f"{n / GIB:.1f} GiB" if n >= GIB // 10 or n == 0 else f"{n / 2**20:.0f} MiB"


def render(est: Estimate, name: str = "model") -> list[str]:
    st = est.settings
    kind = (f"LoRA r={st.lora_rank} on {','.join(st.lora_targets)}" if st.lora else "full fine-tune")
    zero = f"ZeRO-{st.zero} over {st.gpus} GPU(s)" if st.zero and st.gpus > 1 else f"{st.gpus} GPU(s), no ZeRO sharding"
    lines = [f"memory estimate for {name}: {est.params / 1e9:.2f}B parameters, {kind} "
             f"({est.trainable / 1e6:.1f}M trainable)",
             f"  {st.dtype}, micro-batch {st.batch} x {st.seq_len} tokens, gradient checkpointing "
             f"{'on' if st.grad_ckpt else 'off'}, {st.attention} attention, {zero}"
             + (", optimizer offloaded" if st.offload else "")]
    for k, v in est.parts.items():
        lines.append(f"  {k:<12} {gib(v):>10}")
    where = f" of {gib(est.vram)} ({100 * est.total / est.vram:.0f}%)" if est.vram else ""
    lines.append(f"  {'total':<12} {gib(est.total):>10} per GPU{where}: {est.verdict.upper()}")
    if est.host_bytes:
        what = "weights, gradients and optimizer" if st.offload_param and st.zero >= 3 else "optimizer"
        lines.append(f"  host RAM for the offloaded {what}: {gib(est.host_bytes)} per GPU, "
                     f"{gib(est.host_total)} for the {st.ranks_per_host} process(es) on this host"
                     + (f" of {gib(st.host_ram)} ({100 * est.host_total / st.host_ram:.0f}%): "
                        f"{est.host_verdict.upper()}" if st.host_ram else ""))
    if est.verdict == "tight":
        lines.append("  tight: allocator fragmentation and transient buffers usually take the last 10-20%; "
                     "expect an out-of-memory error")
    if est.verdict == "unknown":
        lines.append("  GPU memory unknown (no GPU seen): pass --gpu-mem GIB to judge the fit")
    for sug in est.suggestions:
        lines.append(f"  -> {sug['change']}: {gib(sug['total'])} ({sug['verdict']})")
    return lines
