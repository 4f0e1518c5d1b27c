"""The shape of a log, for when no signature knows its words: Python tracebacks (exception
type, message, the packages of the frames), NCCL/RCCL error classes with the ``Last error:``
line that follows, amdgpu kernel lines by IP block, collective tests and training progress
that stop. ``analyze(lines)`` reads a bounded window (the tail of each file) and returns
``Shape``; rocmdoctor/logs/reasoning.py turns it into causes.

Every pattern here is anchored or bounded: a hostile line costs linear time.

Its modules, by what they hold:

- shape: the model (``Shape`` and its parts: tracebacks, NCCL errors, kernel events, stops, builds)
- tails: the bounded window (the tail of each file, the files of a directory)
- reader: ``analyze``, one pass over the lines that fills a ``Shape``
- tracebacks: Python, Rich and IPython tracebacks, C++ frames
- collectives: NCCL/RCCL error classes, collective tests, collective set-up, process-group functions
- kernel: amdgpu/KFD kernel lines and their IP block; the driver under a user-space error
- builds: native builds that fail, arch refusals of kernel libraries
- session: the user's terminal around the job (a container's prompt, sudo, pip replacing torch)
- progress: lines that show a run going on or ending well
- numerics: training that runs but does not learn (loss scale, NaN, a loss stuck at 0)
- stops: output that stops where it should go on (a hang)
- sentences: the grammar of a refusal (version, option, capability, memory, distributed)
"""
from __future__ import annotations

from .builds import MISSING_FILE, build_owner
from .collectives import COLLECTIVE_BEFORE, COLLECTIVE_FUNC, NCCL_CLASSES, collective_before
from .kernel import RING_BLOCKS, ip_block, kernel_form
from .numerics import NUMBER_ROWS_FINITE, SCALE_FALLS, SCALE_SPREAD_S, SCALE_SPREAD_STEPS, ZERO_LOSS_RUN
from .progress import declares_success, went_on
from .reader import analyze
from .sentences import sentence_class
from .session import SUDO_WINDOW
from .shape import Build, Frame, KernelEvent, NcclError, Shape, Stop, Traceback, package_of
from .tails import MAX_FILES, MAX_GZ, TAIL_BYTES, tail_lines, windows

__all__ = ["COLLECTIVE_BEFORE", "COLLECTIVE_FUNC", "collective_before", "MAX_FILES", "MAX_GZ", "MISSING_FILE",
           "NCCL_CLASSES", "NUMBER_ROWS_FINITE", "RING_BLOCKS",
           "SCALE_FALLS", "SCALE_SPREAD_S", "SCALE_SPREAD_STEPS", "SUDO_WINDOW", "TAIL_BYTES", "ZERO_LOSS_RUN", "Build",
           "Frame", "KernelEvent", "NcclError", "Shape", "Stop", "Traceback", "analyze", "build_owner", "declares_success",
           "ip_block", "kernel_form", "package_of", "sentence_class", "tail_lines", "went_on", "windows"]
