"""Log signatures: GPU and host memory (HIP/CUDA OOM, the OOM killer, shared memory).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="host-oom-kill", family="memory", title="The host ran out of RAM and killed a process",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"Out of memory: Killed process (?P<pid>\d{1,12}) \((?P<comm>[^)]{1,64})\)",
            "oom-kill:constraint=",
        ),
        needles=(
            "out of memory: killed",
            "oom-kill",
        ),
        meaning="The Linux OOM killer ended a rank (torchrun then reports exit code -9 / SIGKILL).",
        causes=(C(text="CPU offload (ZeRO offload), dataloader workers or tokenisation exceed host RAM", check="RD-DS-006", fix="lower dataloader/preprocessing workers, turn off optimizer offload, or add RAM/swap"),),
        fix="Reduce host memory use (workers, offload) or run fewer ranks per node.",
        sources=("https://github.com/amd/node-scraper",),
        examples=("Out of memory: Killed process 12345 (python) total-vm:123456789kB, anon-rss:98765432kB",),
    ),
    S(
        id="hip-oom", family="memory", title="GPU out of memory",
        severity="fatal", tier=MEMORY,
        patterns=(
            r"(?:HIP|CUDA) out of memory\. Tried to allocate (?P<request>[\d.]{1,12} [KMGT]iB)(?:\. GPU (?P<gpu>\d{1,12}) has a total capacity of (?P<total>[\d.]{1,12} [KMGT]iB) of which (?P<free>[\d.]{1,12} [KMGT]iB) is free)?",
            "hipErrorOutOfMemory",
            r"torch\.OutOfMemoryError",
        ),
        needles=(
            "out of memory",
            "hiperroroutofmemory",
            "outofmemoryerror",
        ),
        meaning="The GPU allocator could not get memory for a tensor.",
        causes=(
            C(text="the model, batch or sequence length do not fit with this ZeRO stage/offload", check="RD-DS-006", fix="lower micro-batch/cutoff_len, enable gradient checkpointing, or use ZeRO-3/offload"),
            C(text="on an APU the GTT/TTM limit caps 'total capacity' at about half of RAM", check="RD-GPU", fix="raise ttm.pages_limit"),
            C(text="fragmentation (large reserved-but-unallocated)", check="RD-PREC-006"),
        ),
        fix=("Reduce the memory per GPU (micro-batch, sequence length, checkpointing, ZeRO-3/offload); "
             "`rocmdoctor train --model PATH --estimate-only` shows what fits."),
        sources=(
            "https://github.com/ROCm/TheRock/issues/1054",
            "https://github.com/kyuz0/amd-strix-halo-image-video-toolboxes/issues/3",
        ),
        examples=(
            "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.88 GiB. GPU 0 has a total capacity of 23.98 GiB of which 1.70 GiB is free. Of the allocated memory 21.65 GiB is allocated by PyTorch, and 279.78 MiB is reserved by PyTorch but unallocated.",
            "HIP out of memory. Tried to allocate 432.00 MiB. GPU 0 has a total capacity of 15.92 GiB of which 7.12 GiB is free.",
        ),
    ),
    S(
        id="host-oom-signal", family="memory", title="A rank was killed by SIGKILL",
        severity="error", tier=CONSEQUENCE,
        patterns=(
            r"Signal 9 \(SIGKILL\) received by PID (?P<pid>\d{1,12})",
            r"died with <Signals\.SIGKILL: 9>",
        ),
        needles=("sigkill",),
        meaning="Something killed a rank with SIGKILL, most often the host OOM killer.",
        causes=(C(text="host RAM exhausted (see the kernel's 'Out of memory: Killed process')", check="RD-DS-006"),),
        fix="Check `dmesg | grep -i 'killed process'`; reduce host memory use.",
        sources=("https://pytorch.org/docs/stable/elastic/errors.html",),
        examples=("traceback : Signal 9 (SIGKILL) received by PID 12345",),
    ),
)
