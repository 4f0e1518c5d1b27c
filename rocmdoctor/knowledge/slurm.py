"""Slurm as the launch-file rules read it: what sbatch accepts in `#SBATCH` lines (its own long options, sbatch(1),
Slurm 23-25, which getopt_long also takes abbreviated to any unique prefix, `--err` for `--error`, and the options the
common SPANK plugins add: pyxis's `--container-*`, NERSC Shifter's `--image`/`--module`/`--volume`; anything else stops
sbatch), and what a GPU request or node feature names: the (type, count) of `--gres=gpu:TYPE:N` / `--gpus=TYPE:N`,
the GPU model a GRES type names (Slurm's autodetected names too), the NVIDIA boards a `--constraint` needs."""
from __future__ import annotations

import re

SBATCH_MAN = "https://slurm.schedmd.com/sbatch.html"
PYXIS = "https://github.com/NVIDIA/pyxis"

SBATCH_LONG = frozenset("""
account acctg-freq array batch bb bbf begin chdir cluster-constraint clusters comment constraint container
container-id contiguous core-spec cores-per-socket cpu-freq cpus-per-gpu cpus-per-task deadline delay-boot dependency
distribution error exclude exclusive export export-file extra extra-node-info get-user-env gid gpu-bind gpu-freq gpus
gpus-per-node gpus-per-socket gpus-per-task gres gres-flags help hint hold ignore-pbs input job-name kill-on-invalid-dep
licenses mail-type mail-user mcs-label mem mem-bind mem-per-cpu mem-per-gpu mincpus network nice no-kill no-requeue
nodefile nodelist nodes ntasks ntasks-per-core ntasks-per-gpu ntasks-per-node ntasks-per-socket oom-kill-step open-mode
output overcommit oversubscribe parsable partition power prefer priority profile propagate qos quiet reboot requeue
reservation resv-ports segment signal sockets-per-node spread-job switches test-only thread-spec threads-per-core time
time-min tmp tres-bind tres-per-task uid usage use-min-nodes verbose version wait wait-all-nodes wckey wrap x11
tasks-per-node workdir checkpoint checkpoint-dir mem_bind cluster stepmgr context external resources spread-segments
consolidate-segments mem-update""".split())
SBATCH_SHORT = frozenset("AaBbCcDdeFGHhiJkLMmNnOopQqSstuVvWwx")
SPANK_LONG = ("container-", "no-container-", "image", "module", "volume", "ccm")


def option_problem(name: str) -> str | None:
    """Why sbatch refuses `#SBATCH --NAME` ("unrecognized": no option starts with it; "ambiguous": it abbreviates
    several, as getopt_long reads it), or None. The reader's long names for short options are sbatch's own."""
    if len(name) == 1:
        return None if name in SBATCH_SHORT else "unrecognized"
    if name in SBATCH_LONG or name.startswith(SPANK_LONG):
        return None
    found = [o for o in SBATCH_LONG if o.startswith(name)]
    return "unrecognized" if not found else "ambiguous" if len(found) > 1 else None


# ------------------------------------------------------------------ GPU requests and node features
SLURM_GRES = "https://slurm.schedmd.com/gres.html"
SLURM_CONSTRAINT = "https://slurm.schedmd.com/sbatch.html#OPT_constraint"
# GPU model tokens Slurm sites use as GRES types: a type that names a model (mi210, a100, k100 ...)
# can be compared with the node's GPUs; any other type is a site alias and is left alone.
MODEL = re.compile(r"^(?:mi\d{2,3}[a-z]?|a\d{2,3}|h\d{3}|v100|l40s?|l4|t4|p100|k[0-9]{2,3}(?:ai)?|"
                                  r"z100l?|bw\d{2,4}|rtx\w*|w\d{4}x?|rx\d{4}\w*)$")


def requests_of(value: str, option: str) -> list[tuple[str | None, int | None]]:
    """(type, count) of each GPU request: --gres=gpu:mi210:2,dcu:4 / --gpus=mi210:2 / --gpus-per-node=4."""
    out = []
    for part in str(value).split(","):
        part = re.sub(r"^(?:gres=)+", "", part.strip())  # `--gres=gres=gpu:volta16:8`: the type is still read
        bits = [b for b in part.split(":") if b]
        if option == "gres":
            if not bits or bits[0] not in ("gpu", "dcu"):
                continue
            bits = bits[1:]
        count = int(bits[-1]) if bits and bits[-1].isdecimal() else (None if bits else 1)
        kind = bits[0].lower() if len(bits) >= 2 or (bits and not bits[0].isdecimal()) else None
        out.append((kind, count))
    return out


# GRES types that Slurm's GPU autodetection writes are model names in parts (AutoDetect=nvml gives
# `nvidia_h100_80gb_hbm3`, `nvidia_a100-sxm4-80gb`; rsmi `amd_instinct_mi250x`): a part that is a
# model token names that model; an NVIDIA vendor word alone names an NVIDIA GPU.
NVIDIA_WORDS = {"nvidia", "tesla", "geforce", "quadro"}
# An NVIDIA Multi-Instance GPU profile as a GRES type (compute slices, then memory: `1g.10gb`, `3g.40gb`, `1g.18gb`)
MIG_PROFILE = re.compile(r"(?:^|[_-])\d{1,2}g\.\d{1,3}gb(?:\+me)?$", re.I)


def model_of(kind: str) -> str | None:
    """The GPU model a GRES type names (`mi210`, `h100` from `nvidia_h100_80gb_hbm3`), or None for a
    site alias (`siteA`, `ampere`)."""

    if MODEL.match(kind):
        return kind
    if MIG_PROFILE.search(kind):  # `3g.40gb`, `nvidia_a100_1g.10gb`: a slice of an NVIDIA GPU (MIG), never an AMD one
        return "nvidia"
    parts = [p for p in re.split(r"[_\-.\s]+", kind.lower()) if p]
    models = [p for p in parts if MODEL.match(p)]
    if models:
        return models[0]
    if any(p in NVIDIA_WORDS for p in parts):
        return "nvidia"
    # an NVIDIA board or architecture a site names its GRES type for (`a5000`, `volta16`, `gpu_a6000`)
    return _nvidia_feature(kind)


def names_model(kind: str, gpus) -> bool:
    """Whether the node's GPUs (names or gfx) are the model a GRES type names."""
    norm = lambda s: re.sub(r"[^a-z0-9]", "", str(s or "").lower())  # noqa: E731
    model = model_of(kind) or kind
    if model == "nvidia":  # a vendor word alone: an NVIDIA node's type, never an AMD GPU's
        return any("nvidia" in norm(g.name) for g in gpus)
    return any(norm(model) in norm(g.name) or norm(model) == norm(g.gfx) for g in gpus)


# NVIDIA boards and architectures as Slurm sites name them in node features (`--constraint=a100_80gb`, `-C h100`,
# `ampere`, `[a5000|a6000|3090]`, a CUDA capability `cuda80`); Hygon's K100 and AMD's boards are not among them.
_NVIDIA_FEATURE = re.compile(r"^(?:a(?:2|10|16|30|40|100)|a[2-6]000|h(?:100|200|800)|l(?:4|40s?)|t4|v100|p(?:4|40|100)|"
                             r"k(?:20|40|80)|g[hb]200|b[12]00|rtx\w*|gtx\w*|titan\w*|[234]0[5-9]0(?:ti)?|ampere|hopper|"
                             r"(?:volta|turing|pascal|kepler|lovelace|blackwell)\d{0,3}|cuda\w*|"
                             + "|".join(sorted(NVIDIA_WORDS)) + ")$")


def _nvidia_feature(feature: str) -> str | None:
    """The NVIDIA board or architecture a node feature names: the whole name or its first part (`a100_80gb`,
    `nvidia_h100`), or the part after a `gpu`/`nvidia` prefix (`gpu_a100`); a feature whose first part names
    something else (`rack-a2`, `zone_t4`) is a site's own."""
    parts = [p for p in re.split(r"[^a-z0-9]+", feature.lower()) if p]
    if not parts:
        return None
    if _NVIDIA_FEATURE.match(parts[0]) and (parts[0] != "nvidia" or len(parts) == 1):
        return parts[0]
    if parts[0] in ("gpu", "nvidia", "tesla") and len(parts) > 1 and _NVIDIA_FEATURE.match(parts[1]):
        return parts[1]
    return None


def nvidia_only(constraint: str) -> list[str]:
    """The NVIDIA features a `--constraint` needs where no AMD node can satisfy it ([] where one might): the
    expression read as Slurm reads it, `&` and `|` left to right (`h100&ib|mi300x` is `(h100&ib)|mi300x`),
    brackets and parentheses as groups; a feature that names no NVIDIA board may be any node's."""
    tokens = re.findall(r"[&|()\[\]]|[^&|()\[\]\s\"']+", re.sub(r"\*\d+", "", str(constraint)))
    named: list[str] = []

    def expr(i: int) -> tuple[bool, int]:  # (an AMD node may satisfy it, next token)
        ok, op = None, None
        while i < len(tokens) and tokens[i] not in (")", "]"):
            t = tokens[i]
            if t in ("&", "|"):
                op, i = t, i + 1
                continue
            if t in ("(", "["):
                val, i = expr(i + 1)
                i += 1  # the closing bracket
            else:
                nv = _nvidia_feature(t)
                named.extend([nv] if nv else [])
                val, i = nv is None, i + 1
            ok = val if ok is None else (ok and val) if op == "&" else (ok or val)
        return (True if ok is None else ok), i

    return [] if expr(0)[0] else named
