"""Whether this machine is the AMD GPU a launch file is judged against: the GPUs ROCm lists (an APU's integrated one
is no training target for an image), and, on a machine with none (a CPU-only laptop, an NVIDIA host), whether the files
themselves say they are for AMD GPUs. A rule that needs an AMD target says what it could not judge where there is
none, and how to judge the files against the server they are for."""
from __future__ import annotations

import re

from rocmdoctor.engine.check import skip


def amd_target(gpus) -> bool:
    return bool([g for g in gpus or [] if not getattr(g, "integrated", False)])


# Files that say they are for AMD GPUs (a ROCm image or index, the device nodes, AMD's device plugin): on a machine
# without one they are still judged, for the AMD machine they name
_NAMES_AMD = re.compile(r"(?i)rocm|/dev/kfd|amd\.com/gpu|repo\.radeon\.com")


def for_amd_elsewhere(settings) -> bool:
    return any(_NAMES_AMD.search(a.text) for a in settings.artifacts if isinstance(a.text, str))


def no_amd_gpu(what: str, evidence=()):
    """A file rule that judges against AMD GPUs, on a machine with none (CPU-only, NVIDIA): it says what it could
    not judge, and where to judge it."""
    return skip(f"{what}, but this machine has no AMD GPU to judge them against (run `rocmdoctor snapshot` on the "
                "GPU server, then `rocmdoctor scan --snapshot FILE --config ...` here)", evidence=evidence)
