"""The shape of a log as a model: ``Shape`` and its parts (a traceback and its frames, an NCCL error,
a kernel event, output that stops, a failed native build), and the package a frame's file belongs to."""
from __future__ import annotations

from ...base.records import dataclass, field
from ..logscan.lines import LogLine


@dataclass
class Frame:
    path: str
    line: int
    func: str

    @property
    def package(self) -> str | None:
        return package_of(self.path)


@dataclass
class Traceback:
    start: LogLine | None  # the "Traceback (most recent call last)" line, when shown
    frames: list[Frame] = field(default_factory=list)
    exc_type: str | None = None
    message: str = ""
    end: LogLine | None = None  # the exception line
    lines: list[LogLine] = field(default_factory=list)  # frames' lines, for quoting
    ipython: str = ""  # the exception type an IPython/Jupyter traceback names in its header
    importing: bool = False  # the last frame's source line shown is an import statement

    @property
    def truncated(self) -> bool:
        return self.exc_type is None

    @property
    def kind(self) -> str:
        """The exception type: its last line's, or the one an IPython header names."""
        return self.exc_type or self.ipython

    def packages(self) -> list[str]:
        return [p for p in (f.package for f in self.frames) if p]

    @property
    def evidence(self) -> LogLine | None:
        return self.end or (self.lines[-1] if self.lines else self.start)


@dataclass
class NcclError:
    cls: str  # ncclSystemError ... (from the class name or torch's words for it)
    line: LogLine
    last_error: str = ""


@dataclass
class KernelEvent:
    line: LogLine
    block: str
    severe: bool


@dataclass
class Stop:
    """Output that stops where it should go on: a collective test with a header and no rows,
    training whose progress ends mid-run, ranks whose last words are collective set-up."""

    kind: str  # "collective-test", "progress", "collective-wait"
    line: LogLine
    detail: str
    # A line that says the job did hang or was stopped there (a watchdog or timeout, the scheduler
    # cancelling it, a kill or Ctrl-C). A training log pasted while the job still ran stops
    # mid-progress too: without such a line the stop is only "possibly hung".
    signal: LogLine | None = None


@dataclass
class Build:
    """A native build that failed: its first compiler or linker error (the root; "ninja: build
    stopped" and the Python traceback after it follow), and whether DeepSpeed is what was built."""

    line: LogLine
    deepspeed: bool
    what: str = ""  # the extension or wheel, when the log names it


@dataclass
class Shape:
    tracebacks: list[Traceback] = field(default_factory=list)
    cpp_frames: list[LogLine] = field(default_factory=list)
    nccl: list[NcclError] = field(default_factory=list)
    kernel: list[KernelEvent] = field(default_factory=list)
    stop: Stop | None = None
    no_gpu: LogLine | None = None  # a ROCm build of torch that reports no GPU (collect_env, a probe's print)
    container: LogLine | None = None  # a shell prompt whose host is a container ID: the log is from inside one
    run_without_gpu: tuple[LogLine, LogLine] | None = None  # a container run with no GPU flag, then torch sees none
    sudo_ok: LogLine | None = None  # a command run under sudo whose output then shows the GPU
    numerics: tuple[LogLine, str] | None = None  # training that runs but does not learn: (line, what)
    torch_replaced: tuple[LogLine, str] | None = None  # pip replacing an installed ROCm torch: (line, what)
    cuda_torch: tuple[LogLine, str] | None = None  # a CUDA torch that says it sees no GPU: (line, its build line)
    masked: tuple[LogLine, LogLine, str] | None = None  # ROCR_ and HIP_VISIBLE_DEVICES that select no GPU, then none
    build: Build | None = None  # the first compiler/linker error of a native build
    refusal: tuple[LogLine, str, bool] | None = None  # (line, gfx, printed by a kernel library) of an arch refusal
    driver_root: LogLine | None = None  # rocminfo: ROCk module not loaded; the kernel's KFD refusing the GPU
    single: LogLine | None = None  # the log is this one line (a pasted error): judged by it alone
    went_on: LogLine | None = None  # the last line that shows the run going on or ending well
    deepspeed_seen: bool = False  # the lines name DeepSpeed's builds (op_builder, DS_BUILD_*, ds_report ...)
    # The first error line whose grammar is a refusal class (sentence_class): (line, rule id, what it refuses)
    sentence: tuple[LogLine, str, str] | None = None
    lines: int = 0


def package_of(path: str) -> str | None:
    """The package a frame's file belongs to, up to three levels: 'deepspeed/ops/op_builder',
    'torch/distributed/elastic', 'llamafactory/extras/misc.py'. Source checkouts count too
    (.../src/llamafactory/..., .../DeepSpeed/op_builder/...)."""
    p = path.replace("\\", "/")
    for marker in ("site-packages/", "dist-packages/"):
        i = p.rfind(marker)
        if i >= 0:
            return "/".join(p[i + len(marker):].split("/")[:3])
    parts = p.split("/")
    for j, part in enumerate(parts[:-1]):
        if part in _KNOWN_PACKAGES:
            return "/".join(parts[j:j + 3])
    if "op_builder" in parts:
        return "deepspeed/" + "/".join(parts[parts.index("op_builder"):][:2])
    if parts and parts[-1] in ("ds_report", "deepspeed"):
        return "deepspeed/bin"
    return None


_KNOWN_PACKAGES = {"llamafactory", "deepspeed", "flash_attn", "bitsandbytes", "transformers", "torch", "vllm", "xformers",
                   "accelerate", "peft", "trl", "apex", "triton", "tensorflow", "exllamav2", "megatron", "comfy"}
