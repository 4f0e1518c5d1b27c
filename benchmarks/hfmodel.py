"""The user's own checkpoint for `rocmdoctor train --model PATH`: a local Hugging Face
causal-LM directory, loaded with transformers and wrapped with peft LoRA (or trained
in full), fed synthetic random tokens. Runs in the interpreter being diagnosed; needs
torch, transformers and peft there (imported only when asked for), never rocmdoctor.

The point is the machine, not the model: a few steps show whether this model, dtype,
attention kernel and ZeRO setting run here, how long a step takes, how much memory
it peaks at, and whether the loss or gradients go NaN.
"""
from __future__ import annotations

import importlib.util
import json
import os

HF_ATTENTION = {"sdpa": "sdpa", "eager": "eager", "math": "sdpa", "flash": "sdpa", "efficient": "sdpa"}


def missing_packages() -> list[str]:
    return [m for m in ("transformers", "peft") if importlib.util.find_spec(m) is None]


def read_config(path: str) -> dict:
    with open(os.path.join(path, "config.json"), encoding="utf-8") as fh:
        cfg = json.load(fh)
    return cfg.get("text_config") if not cfg.get("hidden_size") and isinstance(cfg.get("text_config"), dict) else cfg


def head_dim(cfg: dict) -> int:
    return int(cfg.get("head_dim") or cfg["hidden_size"] // cfg["num_attention_heads"])


class Model:
    """What train.py needs: the module, a loss for a token batch, and a description."""

    def __init__(self, torch, args, device):
        from transformers import AutoModelForCausalLM

        self.cfg = read_config(args.model)
        self.vocab = int(self.cfg["vocab_size"])
        self.seq_len = args.seq_len
        # Full fine-tunes without DeepSpeed keep fp32 weights under autocast (GradScaler refuses
        # fp16 gradients); LoRA keeps the frozen base in the training dtype, as LLaMA-Factory does.
        base = {"fp32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[args.dtype]
        if args.variant == "full" and args.engine != "deepspeed":
            base = torch.float32
        model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=base, local_files_only=True,
                                                     attn_implementation=HF_ATTENTION[args.attention])
        model.config.use_cache = False
        if args.grad_ckpt:
            model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
        self.lora = None
        if args.variant == "lora":
            from peft import LoraConfig, get_peft_model

            targets = [t for t in args.lora_target.split(",") if t]
            model = get_peft_model(model, LoraConfig(r=args.lora_rank, lora_alpha=2 * args.lora_rank,
                                                     lora_dropout=0.0, target_modules=targets, task_type="CAUSAL_LM"))
            for p in model.parameters():
                if p.requires_grad:
                    p.data = p.data.float()  # adapters in fp32 under mixed precision (peft/LLaMA-Factory do too)
            self.lora = {"rank": args.lora_rank, "targets": targets}
        self.module = model.to(device)

    def loss(self, net, batch):
        return net(input_ids=batch, labels=batch).loss  # the model shifts the labels itself

    def describe(self) -> dict:
        return {"model_type": self.cfg.get("model_type"), "hidden_size": self.cfg.get("hidden_size"),
                "num_hidden_layers": self.cfg.get("num_hidden_layers"), "vocab_size": self.vocab,
                "seq_len": self.seq_len, "lora": self.lora}
