"""Whether the machine a launch file is judged against is an AMD GPU: the GPUs ROCm lists (an APU's integrated one
is no training target for an image), and, on a recorded machine with none (a CPU-only box's or an NVIDIA host's
snapshot; the fact amd_host), whether the files themselves say they are for AMD GPUs. A rule that needs an AMD target
says what it could not judge where there is none. The live machine a linter runs on (a laptop, CI, the pre-commit
hook) is not such a target: there files are judged for the AMD GPU they will run on (wave 24's and 25's contract)."""
from __future__ import annotations

import re

from rocmdoctor.engine.check import skip


def amd_target(gpus) -> bool:
    return bool([g for g in gpus or [] if not getattr(g, "integrated", False)])


# Files that say they are for AMD GPUs (a ROCm image or index, the device nodes, AMD's device plugin): on a machine
# without one they are still judged, for the AMD machine they name
_NAMES_AMD = re.compile(r"(?i)rocm(?!doctor)|/dev/kfd|amd\.com/gpu|repo\.radeon\.com")


def for_amd_elsewhere(settings) -> bool:
    """The files name ROCm in what they run or set (a comment's mention, a chart's note of its AMD option, is not)."""
    return any(_NAMES_AMD.search(ln) for a in settings.artifacts if isinstance(a.text, str)
               for ln in a.text.splitlines() if not ln.lstrip().startswith(("#", "//")))


def judged_here(settings, amd_host) -> bool:
    """Whether a rule that needs an AMD GPU judges the files: unless the machine named is one with no AMD GPU at all
    (amd_host False: a recorded CPU-only or NVIDIA box) and the files name no ROCm."""
    return amd_host is not False or for_amd_elsewhere(settings)


def no_amd_gpu(what: str, evidence=()):
    """A file rule that judges against AMD GPUs, on a machine with none (CPU-only, NVIDIA): it says what it could
    not judge, and where to judge it."""
    return skip(f"{what}, but this machine has no AMD GPU to judge them against (run `rocmdoctor snapshot` on the "
                "GPU server, then `rocmdoctor scan --snapshot FILE --config ...` here)", evidence=evidence)
