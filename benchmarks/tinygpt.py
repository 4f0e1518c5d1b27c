"""A tiny decoder-only transformer and a synthetic language task for the reference run.

Standalone on purpose: the training script runs in the interpreter being diagnosed,
which may not have rocmdoctor installed, so this module imports only torch.

The task is a deterministic first-order Markov "language": the next token depends on
the current one through a fixed sparse table drawn from a seed. Each token has four
possible successors with probabilities 0.55/0.25/0.15/0.05, so the best achievable
loss (the conditional entropy, :func:`entropy_floor`) is about 1.11 nats against
ln(64) = 4.16 for a model that has learnt nothing. The run exercises attention, MLP,
layer norm, embedding and optimizer kernels.

Attention is PyTorch SDPA (``attention="sdpa"``; the caller may pin its backend with
torch.nn.attention.sdpa_kernel) or an explicit softmax(QK^T/sqrt(d))V (``"eager"``).

The base weights are a seeded random initialisation, not a pretrained checkpoint: the
run tests the machine (kernels, precision, optimizer, collectives), not the model.
"""
from __future__ import annotations

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

SUCCESSOR_PROBS = (0.55, 0.25, 0.15, 0.05)


class Config:
    def __init__(self, vocab=64, d_model=64, n_layer=2, n_head=4, seq_len=32, lora_rank=8, lora_alpha=16):
        self.vocab, self.d_model, self.n_layer, self.n_head = vocab, d_model, n_layer, n_head
        self.seq_len, self.lora_rank, self.lora_alpha = seq_len, lora_rank, lora_alpha

    def as_dict(self):
        return dict(vars(self))


# ------------------------------------------------------------------------------ task
class MarkovTask:
    """Order-2 Markov chain over ``vocab`` tokens, fully determined by ``seed``."""

    def __init__(self, vocab: int, seed: int):
        g = torch.Generator().manual_seed(seed)
        self.vocab = vocab
        k = len(SUCCESSOR_PROBS)
        # succ[a] = the k tokens that may follow a, in probability order.
        self.succ = torch.stack([torch.randperm(vocab, generator=g)[:k] for _ in range(vocab)])
        self.probs = torch.tensor(SUCCESSOR_PROBS)

    def batch(self, g: torch.Generator, batch: int, length: int) -> torch.Tensor:
        """``batch`` sequences of ``length + 1`` tokens (inputs and shifted targets)."""
        out = torch.empty(batch, length + 1, dtype=torch.long)
        out[:, 0] = torch.randint(0, self.vocab, (batch,), generator=g)
        choice = torch.multinomial(self.probs.expand(batch * length, -1), 1, generator=g).view(batch, length)
        for t in range(1, length + 1):
            out[:, t] = self.succ[out[:, t - 1], choice[:, t - 1]]
        return out


def entropy_floor() -> float:
    """Best achievable mean loss per predicted token (nats), ignoring the first token,
    whose prediction has only one token of context."""
    return -sum(p * math.log(p) for p in SUCCESSOR_PROBS)


# ----------------------------------------------------------------------------- model
class LoRALinear(nn.Module):
    """y = W x + (alpha/r) B A x, with W frozen; B starts at zero so step 0 equals the base."""

    def __init__(self, base: nn.Linear, rank: int, alpha: float):
        super().__init__()
        self.base = base
        base.weight.requires_grad_(False)
        if base.bias is not None:
            base.bias.requires_grad_(False)
        self.lora_a = nn.Parameter(torch.empty(rank, base.in_features))
        self.lora_b = nn.Parameter(torch.zeros(base.out_features, rank))
        nn.init.kaiming_uniform_(self.lora_a, a=math.sqrt(5))
        self.scale = alpha / rank

    def forward(self, x):
        return self.base(x) + (x @ self.lora_a.t() @ self.lora_b.t()) * self.scale


def eager(q, k, v):
    """Causal attention spelled out, as HF's attn_implementation="eager" does (fp32 softmax)."""
    t = q.shape[-2]
    scores = (q @ k.transpose(-2, -1)) / math.sqrt(q.shape[-1])
    mask = torch.ones(t, t, dtype=torch.bool, device=q.device).tril()
    scores = scores.masked_fill(~mask, float("-inf"))
    return F.softmax(scores, dim=-1, dtype=torch.float32).to(q.dtype) @ v


class Block(nn.Module):
    def __init__(self, c: Config):
        super().__init__()
        self.n_head = c.n_head
        self.attention = "sdpa"  # or "eager"; set by build()
        self.ln1, self.ln2 = nn.LayerNorm(c.d_model), nn.LayerNorm(c.d_model)
        self.qkv = nn.Linear(c.d_model, 3 * c.d_model)
        self.proj = nn.Linear(c.d_model, c.d_model)
        self.fc1 = nn.Linear(c.d_model, 4 * c.d_model)
        self.fc2 = nn.Linear(4 * c.d_model, c.d_model)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(d, dim=2)
        q, k, v = (z.view(b, t, self.n_head, d // self.n_head).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True) if self.attention == "sdpa" else eager(q, k, v)
        x = x + self.proj(y.transpose(1, 2).reshape(b, t, d))
        return x + self.fc2(F.gelu(self.fc1(self.ln2(x))))


class TinyGPT(nn.Module):
    def __init__(self, c: Config):
        super().__init__()
        self.cfg = c
        self.tok = nn.Embedding(c.vocab, c.d_model)
        self.pos = nn.Embedding(c.seq_len, c.d_model)
        self.blocks = nn.ModuleList(Block(c) for _ in range(c.n_layer))
        self.ln_f = nn.LayerNorm(c.d_model)
        self.head = nn.Linear(c.d_model, c.vocab, bias=False)

    def forward(self, idx, targets=None):
        x = self.tok(idx) + self.pos(torch.arange(idx.shape[1], device=idx.device))
        for blk in self.blocks:
            x = blk(x)
        logits = self.head(self.ln_f(x))
        if targets is None:
            return logits
        # Position 0 sees one token only; it is excluded so the floor above holds.
        return F.cross_entropy(logits[:, 1:].float().reshape(-1, logits.shape[-1]), targets[:, 1:].reshape(-1))

    def flops_per_token(self, variant: str = "full") -> int:
        """Training FLOPs per token: 6N for the matmul weights plus 12·L·d·T for attention
        (PaLM, appendix B). With LoRA the frozen base needs no weight gradients: 4N for
        it, 6N for the adapters."""
        c = self.cfg
        base = lora = 0
        for name, p in self.named_parameters():
            if "lora_" in name:
                lora += p.numel()
            elif p.dim() == 2 and not name.startswith(("tok.", "pos.")):
                base += p.numel()
        attn = 12 * c.n_layer * c.d_model * c.seq_len
        return (4 * base + 6 * lora if variant == "lora" else 6 * base) + attn


def build(c: Config, seed: int, variant: str, attention: str = "sdpa") -> TinyGPT:
    """The same seeded base for both variants; LoRA wraps every Linear and freezes the rest."""
    if attention not in ("sdpa", "eager"):
        raise ValueError(f"unknown attention {attention!r}")
    torch.manual_seed(seed)
    model = TinyGPT(c)
    for blk in model.blocks:
        blk.attention = attention
    if variant == "lora":
        for p in model.parameters():
            p.requires_grad_(False)
        torch.manual_seed(seed + 1)
        for blk in model.blocks:
            for name in ("qkv", "proj", "fc1", "fc2"):
                setattr(blk, name, LoRALinear(getattr(blk, name), c.lora_rank, c.lora_alpha))
        model.head = LoRALinear(model.head, c.lora_rank, c.lora_alpha)
    elif variant != "full":
        raise ValueError(f"unknown variant {variant!r}")
    return model
