"""GPU counts and device lists a script takes from nvidia-smi: on an AMD node the tool is absent, the
count is 0 and the device list empty (RD-LCH-001)."""
from __future__ import annotations

import re

from ...settings import LAUNCHER, Artifact
from .words import logical_lines


# A GPU count taken from nvidia-smi: on an AMD node the tool is absent and the count is 0.
# a path of bounded parts before the name (`$(/usr/bin/nvidia-smi ...)`): `\S*/` rescanned the rest of the line at each
# `$(` of a long one (a 100 kB line of them took 8 s)
_NVSMI = re.compile(r"(?:\$\(|`)\s{0,16}(?:[\w.+~${}-]{0,100}/){0,16}nvidia-smi\b")
_FROM_NVSMI = "counted by nvidia-smi at "
_GPU_COUNT_FLAGS = re.compile(r"^(?:--(?:nproc[_-]per[_-]node|num[_-]gpus|num[_-]processes|gpus|devices|ngpus)"
                              # a Hydra override of the ranks per node (verl, OpenRLHF: trainer.n_gpus_per_node=8)
                              r"|\+{0,2}(?:[\w.]+\.)?n_gpus_per_node(?==))(?:=(.*))?$")


def _gpu_count_from_nvidia_smi(art: Artifact, raw: list[str] | None, variables: dict | None, first: int) -> None:
    """`deepspeed --num_gpus $NUM_GPUS` where NUM_GPUS came from nvidia-smi (or `--nproc_per_node=$(nvidia-smi
    -L | wc -l)`): LAUNCHER gpu_count_source "nvidia-smi", at the line that counts (RD-LCH-001)."""
    raw = raw or []
    for k, w in enumerate(raw):
        m = _GPU_COUNT_FLAGS.match(w)
        if not m:
            continue
        value = m.group(1) if m.group(1) is not None else (raw[k + 1] if k + 1 < len(raw) else "")
        if _NVSMI.search(value):
            art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", first)
            return
        for name in re.findall(r"\$\{?([A-Za-z_]\w*)", value):
            at = variables.get(_FROM_NVSMI + name) if variables else None
            if at:
                art.add(LAUNCHER, "gpu_count_source", "nvidia-smi", int(at))
                return


def _devices_from_nvidia_smi(art: Artifact, variables: dict | None, first: int) -> None:
    """`export CUDA_VISIBLE_DEVICES=$(nvidia-smi --query-gpu=... | sort | head -n 8 ...)` (or through a variable
    filled that way) before a launch: on an AMD node nvidia-smi prints nothing, the list is empty and the launch
    sees no GPU. LAUNCHER gpu_count_source at the launch, naming the variable and the line that set it."""
    for name in ("CUDA_VISIBLE_DEVICES", "HIP_VISIBLE_DEVICES", "ROCR_VISIBLE_DEVICES"):
        at = variables.get(_FROM_NVSMI + name) if variables else None
        if at:
            art.add(LAUNCHER, "gpu_count_source", f"nvidia-smi: {name} (line {at})", first)
            return


# ------------------------------------------------------------------ a count the script goes on to use
# `N=$(nvidia-smi -L | wc -l)`, `--list-gpus`, `--query-gpu=name ... | wc -l`, `grep -c`, `--query-gpu=count`
_COUNTS = re.compile(r"\|\s*wc\s+-l\b|\|\s*grep\s+(?:-\w+\s+)*-\w*c\w*\b|--query-gpu=count\b")
_ASSIGNED = re.compile(r"^\s*(?:(?:export|local|readonly|declare|typeset)\s+(?:-\w+\s+)*)?([A-Za-z_]\w*)=(.*)$")
# a test of the vendor or its tool: `if command -v nvidia-smi`, `[ "$GPU" = "cuda" ]`, `which rocm-smi` (not a test of
# CUDA_VISIBLE_DEVICES, which says nothing of the vendor: `\bcuda\b` does not match inside it)
_VENDOR = re.compile(r"(?i)nvidia|\bcuda\b|\brocm|\bamd\b|\bhip\b")
_PRINTS = {"echo", "printf", "logger", ":", "print", "log", "info", "log_info", "say"}
# a printed hostfile line is read by a launcher (DeepSpeed's/MPI's `localhost slots=$N`, Horovod's host-discovery
# script printing `localhost:$N`), not by a person
_HOSTFILE_LINE = re.compile(r"\bslots\s{0,2}=\s{0,2}[\"']?\$|(?:localhost|\$\(hostname\)|`hostname`|\$\{?\w*HOST\w*\}?)"
                            r":\$")
_BLOCK = re.compile(r"^\s*(if|elif|else|fi|case|esac|while|until|for|done)\b(.*)")


def _refs(line: str, names: dict) -> list[str]:
    """The tracked names a line reads: `$N`, `${N}`, `${N:-1}`, or a bare N inside `$(( ))`/`(( ))` (the line's
    words looked up in ``names``, not each name searched for: a script of many derived counts stays linear)."""
    out = [n for n in dict.fromkeys(re.findall(r"\$\{?([A-Za-z_]\w*)", line)) if n in names] if "$" in line else []
    for arith in re.findall(r"\(\(([^()]{0,400})\)\)", line) if "((" in line else ():
        out += [n for n in dict.fromkeys(re.findall(r"(?<![\w$])[A-Za-z_]\w*", arith)) if n in names and n not in out]
    return out


def counts_used(text: str) -> tuple[list[tuple[int, str]], set[int]]:
    """(line, name) of each GPU count taken from nvidia-smi into a variable that the script then uses for more than
    printing (a launch option, another count derived from it, a test, a script's argument): on an AMD node the
    tool is absent and the count 0. Not judged: a count behind a test of the vendor or its tool (an `if`/`elif`/
    `while` whose condition, or an earlier branch of the same `if`, names one; a `case` arm; `command -v nvidia-smi
    && N=...`, which is no assignment line), a count only printed, nor one the script sets otherwise before any use
    (also in another branch: `else N=$(echo "$CUDA_VISIBLE_DEVICES" | awk ...)`). Second, the lines of the counts
    not judged for those reasons: a launch option that reads one is not judged either (one rule for both)."""
    tracked: dict[str, tuple[int, int]] = {}  # name -> (the line that counted, the blocks open there)
    out: list[tuple[int, str]] = []
    dropped: set[int] = set()
    blocks: list[list] = []  # open blocks: [kind, guarded, names this branch sets, names earlier branches set]
    for first, _last, line in logical_lines(text, 2):
        for part in re.split(r";\s*(?=(?:then|else|elif|fi|do|done|esac)\b)|(?<=\bthen)\s+|(?<=\belse)\s+|(?<=\bdo)\s+",
                             line):
            m = _BLOCK.match(part)
            if m:
                kind, rest = m.groups()
                if kind in ("fi", "esac", "done"):
                    blocks.pop() if blocks else None
                    continue
                if kind in ("elif", "else"):
                    if blocks:
                        blocks[-1][1] = blocks[-1][1] or bool(_VENDOR.search(rest))
                        blocks[-1][3] |= blocks[-1][2]
                    if kind == "else":
                        continue
                else:
                    blocks.append([kind, kind == "case" or bool(_VENDOR.search(rest) if kind != "for" else False),
                                   set(), set()])
                if kind != "elif" and kind != "if" and kind != "while" and kind != "until":
                    continue
            used = _refs(part, tracked)
            a = _ASSIGNED.match(part)
            if a and not re.match(r"^\s*(?:if|elif|while|until)\b", part):
                name, value = a.groups()
                if blocks:
                    blocks[-1][2].add(name)
                if _NVSMI.search(value) and _COUNTS.search(value):
                    # not behind a vendor test, nor in a branch whose sibling set the name otherwise (`if [ -n
                    # "$CUDA_VISIBLE_DEVICES" ]; then N=$(echo ... | awk ...); else N=$(nvidia-smi ...)`)
                    if not any(b[1] or name in b[3] for b in blocks):
                        tracked[name] = (first, len(blocks))
                    else:
                        dropped.add(first)
                    continue
                if used:  # WORLD=$((N * NODES)), LOCAL=$N: a count derived from it
                    tracked.setdefault(name, (tracked[used[0]][0], len(blocks)))
                    continue
                if name in tracked and len(blocks) <= tracked[name][1]:
                    # set again where the count was (or in its `if`'s other branch, which counts what Slurm's gres
                    # sets on AMD nodes too); a setting inside a later `if`/`case` (an option's value) may not run
                    dropped.add(tracked.pop(name)[0])
                continue
            if not used:
                continue
            words = part.split()
            if words and words[0].rsplit("/", 1)[-1] in _PRINTS and not _HOSTFILE_LINE.search(part):
                continue
            for n in used:
                at = tracked.pop(n)[0]
                if at not in {line for line, _ in out}:
                    out.append((at, n))
    return out, dropped
