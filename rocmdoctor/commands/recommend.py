"""`rocmdoctor recommend`: the training dtype, attention implementation and environment
this machine should use, with the reasons and their evidence.

The answer comes from each GPU's architecture (BF16 native or emulated, which flash
kernels exist), the installed torch and packages, and a matmul measurement when one
is available; never from torch.cuda.is_bf16_supported(), which is True on all ROCm GPUs.
"""
from __future__ import annotations

import json
import sys

from ..cli import EXIT_OK, LEVELS, add_source_args

NAME = "recommend"
HELP = "recommend training dtype, attention implementation and environment"


def add_arguments(p) -> None:
    add_source_args(p)
    p.add_argument("--level", choices=LEVELS, default="default",
                   help="quick: sysfs only (no torch probe); default: also probe torch and packages")
    p.add_argument("--model", metavar="NAME|DIR",
                   help="a checkpoint directory (its config.json's model_type decides) or a model name, for "
                        "model-specific advice (e.g. Qwen2/Qwen2.5 overflow in fp16)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")


def run(a) -> int:
    from ..api import recommend_for

    rec = recommend_for(model=a.model, level=a.level, root=a.root, snapshot=a.snapshot, example=a.example,
                        python=a.python)
    if a.format == "json":
        json.dump(rec.to_dict(), sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        from ..output.text import print_text

        print_text("\n".join(rec.text_lines()))
        if rec.env:
            from ..cli import same_source

            cmd = same_source(a, "env")
            if a.root or a.snapshot or a.example:  # another machine's settings: shown, not for this shell
                print_text(f"\nas shell lines for that machine's launcher:  {cmd}")
            else:
                print_text(f"\napply with:  eval \"$({cmd})\"")
    return EXIT_OK
