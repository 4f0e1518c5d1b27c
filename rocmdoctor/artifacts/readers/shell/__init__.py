"""Shell launch scripts and Slurm batch scripts as settings.

What is read: ``export A=B`` (and ``A=B cmd`` prefixes, ``declare -x``), variables the
script defines (substituted into later lines), ``#SBATCH`` options, and the command lines
of the launchers a fine-tune uses: ``torchrun``, ``python -m torch.distributed.run``,
``deepspeed``, ``accelerate launch``, ``llamafactory-cli train``, ``python script.py``,
possibly behind ``srun``, ``mpirun -x``, ``nohup``, ``exec``, ``env``. Their launcher
options become LAUNCHER values, the training script's ``--key value`` arguments TRAIN
values, each with the line it is written on (continuation lines are followed).

Commands are split into words by bashlex (a port of bash's own parser) when it is
installed and understands the line; otherwise by the standard library's shlex, which
handles quoting but not every operator. Anything neither understands is skipped: a
linter must not stop at the first construct it does not know.

Its modules, by what they hold:

- script: ``read`` and ``looks_like``: a script line by line (``#SBATCH`` directives, heredocs
  that write JSON, what a line sets inside loops, blocks and function calls)
- words: logical lines (continuations, heredoc bodies) and the words of each simple command
- blocks: what spans lines: if/case blocks and case arms, functions, arrays, for loops
- expand: parameter expansion (``${NAME:-word}``), defaults assigned by ``${NAME:=word}``
- command: one simple command: assignments, exports, aliases, ``source``, ``module load``,
  builds and ``pip install``, then the launch behind wrappers, srun/mpirun and ``docker run``
- launchers: the launchers' options, the training script and its arguments, vLLM's parallel sizes
- builds: GPU arch flags of builds, ``pip install`` requirements, environment modules loaded
- docker: ``docker run`` recorded as a service, ``docker build --target``
- nvidia_smi: GPU counts and device lists taken from nvidia-smi
- errexit: where a failing command ends the script (``set -e``, pipefail, what is tested)
- places: the physical line a value is written on, for citing it
"""
from __future__ import annotations

from .builds import pip_program, pip_requirements, record_arch_flags, record_backend_flags
from .expand import ALLEXPORT, substitute
from .launchers import GPU_COUNT_OPTS, LAUNCHERS
from .script import MAX_SCRIPT_BYTES, SHELL, SLURM, looks_like, read, text_head
from .words import MAX_BASHLEX_LINES, RELEVANT, commands, logical_lines, new_file

__all__ = ["ALLEXPORT", "GPU_COUNT_OPTS", "LAUNCHERS", "MAX_BASHLEX_LINES", "MAX_SCRIPT_BYTES", "RELEVANT", "SHELL",
           "SLURM", "commands", "logical_lines", "looks_like", "new_file", "pip_program", "pip_requirements", "read",
           "record_arch_flags", "record_backend_flags", "substitute", "text_head"]
