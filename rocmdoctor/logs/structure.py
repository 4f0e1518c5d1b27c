"""The shape of a log, for when no signature knows its words: Python tracebacks (exception
type, message, the packages of the frames), NCCL/RCCL error classes with the ``Last error:``
line that follows, amdgpu kernel lines by IP block, collective tests and training progress
that stop. ``analyze(lines)`` reads a bounded window (the tail of each file) and returns
``Shape``; rocmdoctor/logs/reasoning.py turns it into causes.

Every pattern here is anchored or bounded: a hostile line costs linear time.
"""
from __future__ import annotations

import gzip
import os
import re
import stat
import zlib

from ..base.records import dataclass, field
from ..knowledge.signatures.benign import is_benign
from .logscan.lines import _KTIME, MAX_LINE, LogLine, parse

TAIL_BYTES = 256 * 1024  # of each file: where the traceback and the last progress line are
MAX_FILES = 16
MAX_GZ = 8 * 1024 * 1024  # a .gz is read whole (it cannot be read from the end) up to this size

_FRAME = re.compile(r'File "(?P<path>[^"]{1,400})", line (?P<line>\d{1,7}), in (?P<func>[\w<>.]{1,120})')
_TB_START = re.compile(r"Traceback \(most recent call last\)")
_RICH_FRAME = re.compile(r"^(?P<path>\S{1,400}\.py):(?P<line>\d{1,7}) in (?P<func>[\w<>.]{1,120})$")
_RICH_TAIL = re.compile(r"^\d{1,7} in [\w<>.]{1,120}$")
_RETYPED_FRAME = re.compile(r'^(\s{0,8})[A-Za-z]{3,6} "(?=[^"]{1,400}", line \d{1,7}, in \S)')
# IPython/Jupyter tracebacks: "CalledProcessError    Traceback (most recent call last)" names the type
# first; frames are "~/.../site-packages/torch/utils/cpp_extension.py in _run_ninja_build(...)" or
# "File c:\\...\\site-packages\\transformers\\__init__.py:26"; source lines carry "---->" arrows.
_IPY_START = re.compile(r"^(?P<type>[A-Z]\w{0,60}(?:Error|Exception|Exit|Interrupt))\s{2,}Traceback \(most recent call last\)")
_IPY_FRAME = re.compile(r"^(?:File )?(?P<path>(?:~|/|[A-Za-z]:\\|\.{1,2}/)\S{0,400}?\.py)(?::(?P<line>\d{1,7}))?"
                        r"(?: in (?P<func>[\w<>.]{1,120}))?(?:\(|,|\s*$)")
_IMPORT_STMT = re.compile(r"(?:^|[\s)>])(?:import [\w.]{1,80}|from [\w.]{1,80} import [\w*(]{1,80})\s{0,4}(?:#.{0,200})?$")
_IPY_SOURCE = re.compile(r"^\s{0,8}(?:-{1,5}>|Cell In\[)")
# "XError: message" at the end of a traceback, after whatever prefix the launcher added.
_EXC = re.compile(r"(?:^|[\s\]>|:(])(?P<type>(?:[a-z_]\w{0,40}\.){0,6}(?:[A-Z]\w{0,60}(?:Error|Exception|Exit|Failure)"
                  r"|KeyboardInterrupt|AssertionError|MemoryError))(?::[ \t]?(?P<msg>.{0,1600}))?$")
# Lines inside a traceback that are neither frames nor its end: source lines, carets, notes.
_CARET = re.compile(r"^\s{0,40}[~^ ]{1,400}$")
_CPP_FRAME = re.compile(r"^frame #\d{1,4}: (?P<func>.{1,300}?) \+ 0x[0-9a-f]{1,16}")

# NCCL/RCCL error classes (nccl.h) and the words torch's ProcessGroupNCCL prints for them.
NCCL_CLASSES = {
    "ncclUnhandledCudaError": "unhandled cuda error", "ncclSystemError": "unhandled system error",
    "ncclInternalError": "internal error", "ncclInvalidArgument": "invalid argument",
    "ncclInvalidUsage": "invalid usage", "ncclRemoteError": "remote process exited",
    "ncclInProgress": "in progress",
}
_NCCL_CLASS = re.compile(r"\b(?P<cls>nccl(?:UnhandledCudaError|SystemError|InternalError|InvalidArgument|InvalidUsage|"
                         r"RemoteError))\b")
_NCCL_WORDS = re.compile(r"NCCL error(?: in: \S{1,300})?,? (?P<words>unhandled cuda error|unhandled system error|"
                         r"internal error|invalid argument|invalid usage|remote process exited)", re.I)
_LAST_ERROR = re.compile(r"^\s{0,8}Last error:\s{0,4}(?P<rest>.{0,400})$")

# amdgpu rings and kernel words -> the IP block they belong to.
_RING = re.compile(r"\bring (?P<ring>[a-z]{2,6})[_\d.]{0,12}\b", re.I)
RING_BLOCKS = {"gfx": "GFX", "comp": "GFX (compute)", "kiq": "GFX (KIQ)", "sdma": "SDMA", "page": "SDMA (page)",
               "vcn": "VCN", "jpeg": "JPEG", "uvd": "UVD", "vce": "VCE", "mes": "MES"}
_BLOCK_WORDS = (
    (re.compile(r"\bpsp\b|\bsos\b|\btoc\b|\bta ucode|_ta\.bin|\bTMR\b", re.I), "PSP"),
    (re.compile(r"\bsmu\b|powerplay|\bsmc\b|Failed to send message", re.I), "SMU"),
    (re.compile(r"\bMES\b"), "MES"),
    (re.compile(r"ATHUB", re.I), "ATHUB"),
    (re.compile(r"\bmmhub|\bVMC page fault", re.I), "MMHUB"),
    (re.compile(r"gfxhub|UTCL2|GCVM_L2|VM_L2_PROTECTION", re.I), "GFX (UTCL2)"),
    (re.compile(r"\bsdma", re.I), "SDMA"),
    (re.compile(r"\bdcn|\bdm_|REG_WAIT|optc|dmub|atomic_commit", re.I), "DCN (display)"),
    (re.compile(r"\bgmc|VM flush|GART", re.I), "GMC"),
    (re.compile(r"\bcp\b|\bKGQ\b|\bKCQ\b|\bkiq", re.I), "GFX (CP)"),
    (re.compile(r"D3hot|pcieport|AER|PCIe Bus Error", re.I), "PCIe"),
    (re.compile(r"\bRAS\b|ECC|poison|Hardware Error", re.I), "RAS"),
)
_KERNEL = re.compile(r"\bamdgpu\b|\[drm|\bdrmn\d|\bkfd\b|\bpcieport\b|\[Hardware Error\]|AMD-Vi", re.I)
_KERNEL_BAD = re.compile(r"\*ERROR\*|\berror\b|\bfail(?:ed|ure)?\b|\btimeout\b|timed out|\bfault\b|"
                         r"uncorrectable|\bhang\b|unable\b|inaccessible|could not load", re.I)
# A kernel log line, by its form (the dmesg/journalctl prefix is already stripped by parse()):
# it starts with the driver or subsystem that printed it. An application's own log line that
# names amdgpu or /dev/kfd (Ollama's "level=ERROR msg=\"amdgpu devices detected but ...\"",
# rocminfo's "Unable to open /dev/kfd", docker's "error gathering device ... /dev/kfd") is
# not a kernel event: its words are judged with the rest of the log.
_KERNEL_FORM = re.compile(r"^\s{0,4}(?:<\d>\s?)?(?:amdgpu\b|\[drm|drm\b|drmn\d|\[?kfd\b|pcieport\b|AMD-Vi\b|"
                          r"\{\d{1,6}\}\[Hardware Error\]|\[Hardware Error\]|\[TTM\]|mce:|pci \d{4}:|"
                          r"[a-z]{2,6}_v\d{1,2}_\d{1,2}\b)", re.I)

# amdgpu's own fault printout (gmc_v*_process_interrupt): only the driver prints these words, so a
# line in this vocabulary is a kernel line even when the user pasted it without the dmesg prefix.
# A user-space line that merely names amdgpu is still judged by _KERNEL_FORM above.
_AMDGPU_FAULT = re.compile(r"^\s{0,8}(?:\[(?:gfxhub|mmhub)\d{0,2}\]|Faulty UTCL2 client ID\b|(?:GC)?VM_L2_PROTECTION_FAULT_STATUS\b|"
                           r"(?:MORE_FAULTS|WALKER_ERROR|PERMISSION_FAULTS|MAPPING_ERROR)\s{0,2}:|"
                           r"in page starting at address\b)", re.I)


def kernel_form(text: str, raw: str | None = None) -> bool:
    """Whether a line was printed by the kernel: a dmesg/journalctl prefix on the raw line, or
    a driver/subsystem name at the start of the cleaned one."""
    return bool(_KERNEL_FORM.match(text) or _AMDGPU_FAULT.match(text) or (raw is not None and _KTIME.match(raw.lstrip())))


_KERNEL_SEVERE = re.compile(r"uncorrectable|fatal|\bhang\b|inaccessible|reset|lost|timeout|timed out|fault", re.I)

# A native build's own error line: a compiler's "file:line:col: error:", a tool's "c++: error:",
# the linker's "ld: cannot find" / "collect2: error", ninja's "FAILED: x.o", setuptools' "error: command
# ... failed", CMake's "CMake Error". Indented copies (pip's build output) count too.
_BUILD_ERROR = re.compile(
    r"^\s{0,8}(?:(?P<file>[^\s:]{1,300}\.(?:c|cc|cpp|cxx|cu|hip|hiph|cuh|h|hh|hpp|hxx|inc|cl)):\d{1,7}(?::\d{1,5})?: "
    r"(?:fatal )?error:"
    r"|(?:\S{0,200}/)?(?:c\+\+|g\+\+|gcc|cc|clang(?:\+\+)?|amdclang(?:\+\+)?|hipcc|nvcc|cc1plus|collect2|"
    r"ld(?:\.\w{1,8})?|[\w-]{1,40}-g(?:cc|\+\+))(?:-\d{1,3})?(?:\.exe)?: (?:fatal )?error\b"
    r"|(?:\S{0,200}/)?ld(?:\.\w{1,8})?: cannot find\b"
    r"|FAILED: \S{1,300}\.(?:o|obj|so)\b"
    r"|error: command '[^']{1,300}' failed with exit (?:status|code)"
    r"|CMake Error\b"
    # make's own words when the recipe fails or its tool is missing: "make: *** [Makefile:117: hip] Error 1"
    # (localised "错误 1"), "make: /usr/bin/hipcc: No such file or directory"
    r"|make(?:\[\d{1,3}\])?: (?:\*\*\* \[[^\]]{1,300}\] (?:Error|错误|Fehler|Erreur) \d{1,4}|\S{1,300}: "
    r"(?:No such file or directory|Command not found)))")
# The build's first error is a file that is not there: a header ("fatal error: 'x.h' file not found",
# "x.h: No such file or directory"), the compiler itself, a tool: a dev package or a path is missing.
MISSING_FILE = re.compile(r"No such file or directory|file not found|没有那个文件或目录|Command not found|"
                          r"command not found|cannot open source file|Failed to find ROCm root", re.I)
_BUILD_OK = re.compile(r"^\s{0,4}Successfully (?:installed|built) \S")
_BUILD_WHAT = re.compile(r"Building extension module (?P<a>\w{1,80})|Error building extension '(?P<b>\w{1,80})'|"
                         r"Failed building wheel for (?P<c>[\w.-]{1,80})|Building wheel for (?P<d>[\w.-]{1,80})")
# What says the build is DeepSpeed's (its op builders, csrc headers, DS_BUILD_* switches, ds_report).
_DS_BUILD = re.compile(r"deepspeed|op_builder|ds_kernel_utils|\bDS_BUILD_\w|ds_report", re.I)
# The package whose native sources a build compiles, named by a source path of the build ("In file included
# from /src/apex-master/apex/contrib/csrc/x.hip", "-c csrc/flash_attn_ck/mha_fwd.hip", ".../xformers/csrc/...").
# torch's own headers are in every extension's include chain and name no owner.
_BUILD_OWNER = re.compile(r"(?:^|[/\s])(?P<pkg>apex|flash[-_]attn|flash-attention|xformers|bitsandbytes|deepspeed|"
                          r"mamba_ssm|causal[-_]conv1d|auto[-_]gptq|exllamav2|vllm|sgl[-_]kernel|llama[-_]cpp[-_]python)"
                          r"(?:[-_][\w.]{1,40})?/(?:csrc|contrib|include|src|ops|third_party|kernels)/", re.I)
# An arch name next to a refusal, in either order ("gfx1100  is invalid or not supported by Flash-Attention",
# "amdgpu is not supported (supported types:[...])\" gpu_type=gfx906", "no kernel image for gfx1030").
_REFUSAL = r"(?:is not supported|not supported|unsupported|is invalid|not in (?:the )?(?:list of )?supported|no kernels?\b|" \
    r"no (?:code object|binary)|isn't supported|not compiled for|not built for)"
_GFX_REFUSED = re.compile(r"\b(?P<g1>gfx[0-9a-f]{3,4}[a-z]?)\b[^\n]{0,80}?" + _REFUSAL + r"|" + _REFUSAL +
                          r"[^\n]{0,200}?\b(?P<g2>gfx[0-9a-f]{3,4}[a-z]?)\b", re.I)
# A refusal the run goes on from (falls back, skips the iGPU, logs it at INFO/DEBUG) is a note, not the failure.
_GOES_ON = re.compile(r"fall(?:ing|s)?[ -]?back|\bskipp(?:ing|ed)\b|\binstead\b|level=(?:INFO|DEBUG)\b|^\s{0,4}(?:INFO|DEBUG)\b"
                      r"|\[(?:INFO|DEBUG)\]", re.I)
_GPU_TYPE = re.compile(r"\bgpu_type=(?P<g>gfx[0-9a-f]{3,4}[a-z]?)\b", re.I)
# The libraries of GPU kernels (FAMILIES.md: a library built without the GPU's arch is packages).
_KERNEL_LIBRARY = re.compile(r"flash.?attn|flash.?attention|xformers|bitsandbytes|aotriton|\bapex\b|exllama|"
                             r"sageattention|composable.?kernel", re.I)
# The driver under the user-space error: rocminfo's "ROCk module is NOT loaded", the kernel's KFD
# refusing a device ("kfd kfd: amdgpu: PITCAIRN  not supported in kfd", "skipped device ..., PCI rejects atomics").
_ROCK_NOT_LOADED = re.compile(r"\bROCk module is NOT loaded\b")
# The AMD GPU device plugin for Kubernetes registers its "gpu" plugin only when the node has /sys/class/kfd
# (amdgpu with KFD loaded: ROCm/k8s-device-plugin#42). Its start-up banner with no registration after it is a node
# whose driver serves no GPU to compute (k8s-device-plugin#40, siderolabs/extensions#307).
_K8S_PLUGIN_BANNER = re.compile(r"\bAMD GPU device plugin for Kubernetes\b")
_K8S_PLUGIN_SERVES = re.compile(r"Received new list of plugins: \[[^\]]{0,40}gpu|Adding a new plugin|"
                                r"Registered device plugin|Starting to serve|Starting GRPC server", re.I)
_KFD_REFUSES = re.compile(r"\bkfd\b[^\n]{0,160}?(?:not supported in kfd|skipped device|rejects atomics)", re.I)
# NaN diagnostics a user prints ("layer_1_nan: True", "has_nan=True", "contains_nan: True").
_NAN_FLAG = re.compile(r"""\b(?:\w{1,40}_nan|has_?nan|is_?nan|contains_?nan|any_?nan|nan_?found|nan_?detected)['"]?"""
                       r"""\s{0,2}[:=]\s{0,2}['"]?True\b""", re.I)
# Lines that show a run going on, or ending well: progress and metrics, the end of a trainer or a
# benchmark, a served request.
_SUCCESS = re.compile(
    r"\*{3,} ?(?:train|eval|predict|test) metrics ?\*{3,}|\btrain_runtime\b|\bTraining (?:completed|finished|complete)\b|"
    r"\bFinished training\b|^\s{0,4}Done!?\s{0,4}$|Prompt executed in \d|# Avg bus bandwidth\s{0,8}:|"
    r"# Collective test concluded|Out of bounds values\s{0,4}:\s{0,4}0 OK|"
    r'"(?:GET|POST|PUT) /\S{0,200} HTTP/\d(?:\.\d)?" 200\b|\| 200 \||"status_code":\s{0,2}200\b|'
    r"^\s{0,4}\|[^|\n]{1,120}\|(?:[^|\n]{0,60}\|){0,12}\s{0,12}(?:[pt]g\d{1,6}|pp\d{1,6}\+tg\d{1,6})\s{0,4}\|\s{0,12}[\d.]{1,12} ±",
    re.I)
_NUMERIC_CELLS = re.compile(r"\|\s{0,40}[-+]?\d{1,14}(?:\.\d{1,12})?\s{0,12}(?:[a-zA-Z/%]{1,8}\s{0,12})?(?=\|)")

# DeepSpeed's step log "step=2000, skipped=1995": steps its fp16 loss scaler threw away.
_DS_SKIPPED = re.compile(r"\bstep=(?P<n>\d{1,9}), skipped=(?P<k>\d{1,9})\b")
# A logged training loss of exactly zero ({'loss': 0.0}, "loss: 0.0000", "avr_loss=0").
_LOSS_VALUE = re.compile(r"""\b(?:train_|avr_)?loss['"]?\s{0,2}[:=]\s{0,2}['"]?(?P<v>\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,4})?)\b""")
# A training metric and its value in any form a trainer prints: "loss: 2.3", "'grad_norm': nan",
# a metrics table's "| loss     nan |", "val loss inf", "train_loss=inf".
_METRIC_VALUE = re.compile(r"""\b(?:train_|val_|eval_|val |eval )?(?P<key>grad_norm|loss|norm)['"]?(?:\s{0,2}[:=]\s{0,2}|\s{1,16})"""
                           r"""['"]?(?P<v>[-+]?(?:nan|inf(?:inity)?)|\d{1,12}(?:\.\d{0,20})?(?:e[-+]?\d{1,4})?)\b""", re.I)
ZERO_LOSS_RUN = 3  # consecutive logged zeros after a non-zero loss: the loss collapsed, not converged
# A dynamic loss scaler's new value in the words each trainer prints it: DLLogger's "PARAMETER loss_scale :
# 8192.0", DeepSpeed's "Attempted loss scale: 128.0, reducing to 64.0", fairseq's "setting loss scale to: 64.0",
# apex's "reducing loss scale to 32768.0", a metrics line's "loss scale: 1.0".
_LOSS_SCALE = re.compile(r"\bloss[_ ]scal(?:e|er)\b[^\n]{0,60}?(?:reducing to|to:?|:|=)\s{0,4}(?P<v>\d{1,12}(?:\.\d{1,12})?"
                         r"(?:e[-+]?\d{1,4})?)\b(?:, reducing to (?P<to>\d{1,12}(?:\.\d{1,12})?))?", re.I)
# Where a line is in the run: its clock time (hh:mm:ss after a date), or the step it reports.
_CLOCK = re.compile(r"\b\d{4}-\d\d-\d\d[ T_](?P<h>\d\d):(?P<m>\d\d):(?P<s>\d\d)\b")
# A log of bare numbers ("76970 2.6265104" / "76980 nan": step and loss, no names): a column that held
# finite real values in this many rows and is NaN/inf in the last row has diverged.
NUMBER_ROWS_FINITE = 3
SCALE_FALLS = 4  # halvings in a row, with no growth between them ...
SCALE_SPREAD_S, SCALE_SPREAD_STEPS = 600, 100  # ... spread over this much of the run: not the warm-up
SCALE_FLOOR = 1.0  # ... or down to this: a warm-up halves from 2**16 (2**32 in DeepSpeed) to thousands, never to 1
# Megatron's iteration line ("iteration 9/10 | consumed samples: ... | loss scale: 1.0 | ... number of skipped
# iterations:   0 |"): it prints each loss only when its average is > 0, so a NaN loss leaves no loss at all.
_MEGATRON_ITER = re.compile(r"\biteration\s{1,12}(?P<n>\d{1,9})/\s{0,12}\d{1,9} \|")
_MEGATRON_SKIPPED = re.compile(r"number of skipped iterations:\s{0,8}(?P<k>\d{1,9})\b")
_MEGATRON_LOSS = re.compile(r"\b[\w-]{0,30}(?:loss|lm loss)\w{0,20}:\s{0,4}[-+]?(?:\d|nan|inf)", re.I)

# A shell prompt whose host name is a container ID (Docker/Podman name a container's host by the
# first 12 hex digits of its ID): "root@409e97fd5bce:/opt#", "[root@04ff0f3d3aa3 /]#".
_CONTAINER_PROMPT = re.compile(r"^\[?[\w.-]{1,32}@(?=[0-9a-f]{0,11}\d)[0-9a-f]{12}[:\s]")

# A command the log shows run under sudo ("$ sudo /opt/rocm/bin/rocminfo", "user@host:~$ sudo -u root clinfo"),
# and what says it then saw the GPU (rocminfo's HSA tables and agents, clinfo's platforms, torch's True).
_SUDO_CMD = re.compile(r"^(?:\(\S{1,40}\) )?(?:\S{1,80}[$#]|[$#]) {0,2}sudo(?: -\w(?: \w{1,32})?){0,3} \S")
_SAW_GPU = re.compile(r"^\s{0,8}(?:HSA System Attributes|HSA Agents|Agent \d{1,3}\b|Platform #\d|[`|]-- Device #\d|"
                      r"Marketing Name:|Name:\s{1,40}gfx[0-9a-f]{3,4})|^True\s*$")
SUDO_WINDOW = 60  # lines after the sudo command in which its output must show the GPU

# Collective tests (nccl-tests/rccl-tests): the header, the column header, data rows, the end.
# The header as each version prints it: "# nThread 1 nGpus 8 ...", "# nThreads: 1 nGpus: 2 nRanks: 1 ...",
# "# rccl-tests version 2.18.3 ...". Not the device lines ("#  Rank  0 Group  0 Pid ..."): an excerpt that
# starts there is a piece cut from a longer log, which says nothing of the rows.
_CT_HEADER = re.compile(r"^#\s{0,4}(?:nThreads?:?\s{0,2}\d{1,6}\s{1,4}nGpus:?\s{0,2}\d{1,6}|(?:nccl|rccl)-tests version\b)",
                        re.I)
_CT_ROW = re.compile(r"^\s{0,16}\d{1,14}\s{1,16}\d{1,14}\s{1,16}(?:float|half|bfloat16|double|int\d{0,2}|uint\d{0,2}|"
                     r"fp8\w{0,8}|int8|uint8)\b", re.I)
_CT_END = re.compile(r"^#\s{0,4}(?:Avg bus bandwidth|Out of bounds values|Collective test concluded)", re.I)

# Training progress: tqdm/keras bars "N/M", step counters, the HF Trainer's dicts.
_BAR = re.compile(r"(?:^|[\s|\]])(?P<n>\d{1,9})/(?P<m>\d{1,9}) (?:\[|-)")
_STEP = re.compile(r"\b(?:step|iteration|global_step|iter)\s{0,2}[=:]?\s{0,2}(?P<n>\d{1,9})\b|\{'loss':|\bEpoch\(train\)|"
                   r"\bEpoch \[\d{1,6}\]\[\d{1,9}/\d{1,9}\]", re.I)
# Lines that say a job hung or was stopped where its output ends: a watchdog or timeout, the
# scheduler cancelling it, a kill, Ctrl-C. Only these make a progress stop a hang; a log the
# user pasted while the job ran stops mid-progress just the same.
_HANG_SIGNAL = re.compile(r"Watchdog caught collective operation timeout|\btimed out\b|\bTimeout\(ms\)|"
                          r"DUE TO TIME LIMIT|\bCANCELLED AT\b|slurmstepd: error|\bKeyboardInterrupt\b|^\s{0,4}\^C|"
                          r"^(?:\S{1,40}: )?(?:Killed|Terminated)\b|srun: (?:error: .{0,80})?(?:Terminated|Killed)|"
                          r"Timeout \(\d{1,3}:\d\d:\d\d\)!|\bSIGTERM\b|Sending process \d{1,9} closing signal", re.I)
# After the last progress line, only the signal and what a kill or Ctrl-C prints.
_AFTER_STOP = re.compile(r"^\s{0,8}(?:Traceback \(most recent call last\)|File \"|\^C|\[\d{4}-\d\d-\d\d[ T]|"
                         r"W\d{4} |\[(?:W|E)\d{3,4} )")
# The last things a rank prints before it blocks in a collective.
# NCCL_DEBUG=INFO's record of a collective being launched ("NCCL INFO AllReduce: opCount 28e sendbuff ..."):
# the last line of a log, it is a collective that never completed.
_COLLECTIVE_LAUNCH = re.compile(r"NCCL INFO \w{2,24}: opCount [0-9a-f]{1,12} sendbuff\b")
_COLLECTIVE_WAIT = re.compile(r"Reducer buckets have been rebuilt|NCCL INFO (?:Bootstrap|NET/|cudaDriverVersion|"
                              r"Using network|Channel \d|Connected all|comm 0x|ncclCommInit|Setting affinity|nranks)|"
                              r"Running collective: CollectiveFingerPrint|Init COMPLETE", re.I)


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
    no_gpu: LogLine | None = None  # torch's collect_env: a ROCm build that reports no GPU
    container: LogLine | None = None  # a shell prompt whose host is a container ID: the log is from inside one
    sudo_ok: LogLine | None = None  # a command run under sudo whose output then shows the GPU
    numerics: tuple[LogLine, str] | None = None  # training that runs but does not learn: (line, what)
    torch_replaced: tuple[LogLine, str] | None = None  # pip replacing an installed ROCm torch: (line, what)
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


def tail_lines(path: str, max_bytes: int = TAIL_BYTES) -> list[str]:
    """The last ``max_bytes`` of a file (whole lines only), or of a small .gz. Only a regular file:
    a FIFO or a device is read once, by the scanner; a .gz that breaks part way gives nothing."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return []
        if path.endswith(".gz"):
            if os.path.getsize(path) > MAX_GZ:
                return []
            with gzip.open(path, "rb") as fh:
                data = fh.read()[-max_bytes:]
        else:
            with open(path, "rb") as fh:
                fh.seek(0, os.SEEK_END)
                size = fh.tell()
                fh.seek(max(0, size - max_bytes))
                data = fh.read(max_bytes)
                if size > max_bytes:
                    data = data[data.find(b"\n") + 1:]
    except (OSError, EOFError, zlib.error):
        return []
    return data.decode("utf-8", errors="replace").splitlines()


def windows(inputs: list[str]) -> list[tuple[str, list[str]]]:
    """(name, tail lines) of each input file (a directory: its log files, up to MAX_FILES)."""
    from .logscan.reader import log_files

    out = []
    for path in inputs:
        if path == "-" or not os.path.exists(path):
            continue
        files = log_files(path, []) if os.path.isdir(path) else [path]
        for p in files[:MAX_FILES]:
            name = os.path.relpath(p, path) if os.path.isdir(path) else p
            out.append((name, tail_lines(p)))
    return out


def analyze(raw_lines: list[str], file: str | None = None, first_number: int = 1) -> Shape:
    """The shape of these lines (a file's tail, or a whole small log)."""
    shape = Shape(lines=len(raw_lines))
    lines = [parse(r[:MAX_LINE], first_number + i, file) for i, r in enumerate(raw_lines)]
    _tracebacks(lines, shape)
    prev_nccl: NcclError | None = None
    rocm_build = False
    for i, ln in enumerate(lines):
        t = ln.text
        if prev_nccl is not None:
            m = _LAST_ERROR.match(t)
            if m:
                rest = m.group("rest").strip()
                if not rest and i + 1 < len(lines):
                    rest = lines[i + 1].text.strip()
                prev_nccl.last_error = rest[:300]
                prev_nccl = None
                continue
        if "nccl" in t.lower():
            m = _NCCL_CLASS.search(t)
            cls = m.group("cls") if m else None
            if cls is None:
                w = _NCCL_WORDS.search(t)
                if w:
                    cls = next(k for k, v in NCCL_CLASSES.items() if w.group("words").lower().startswith(v))
            if cls:
                if shape.nccl and shape.nccl[-1].cls == cls and shape.nccl[-1].line.number >= ln.number - 2:
                    prev_nccl = shape.nccl[-1]  # torch's line and NCCL's class line say one thing
                else:
                    prev_nccl = NcclError(cls, ln)
                    shape.nccl.append(prev_nccl)
                continue
        if _AMDGPU_FAULT.match(t):
            shape.kernel.append(KernelEvent(ln, ip_block(t), True))
        elif _KERNEL.search(t) and _KERNEL_BAD.search(t) and kernel_form(t, raw_lines[i]) and not is_benign(t):
            shape.kernel.append(KernelEvent(ln, ip_block(t), bool(_KERNEL_SEVERE.search(t))))
        if shape.container is None and "@" in t[:45] and _CONTAINER_PROMPT.match(t):
            shape.container = ln
        if shape.sudo_ok is None and "sudo" in t[:160] and _SUDO_CMD.match(t) and \
                any(_SAW_GPU.match(x.text) for x in lines[i + 1:i + 1 + SUDO_WINDOW]):
            shape.sudo_ok = ln
        if t.startswith("frame #") and _CPP_FRAME.match(t):
            shape.cpp_frames.append(ln)
        if t.startswith("Is CUDA available: False") and rocm_build:
            shape.no_gpu = ln
        elif t.startswith("ROCM used to build PyTorch: ") and "N/A" not in t:
            rocm_build = True
    shape.stop = _stop(lines)
    shape.numerics = _not_learning(lines)
    shape.torch_replaced = _rocm_torch_replaced(lines)
    _fallbacks(lines, shape)
    return shape


def _fallbacks(lines: list[LogLine], shape: Shape) -> None:
    """What the fallback classifier reads from the lines beside tracebacks and error classes: the
    first error of a native build, an arch refusal, the driver under a user-space failure, NaN
    flags, the last line that shows the run going on, and whether the log is one line."""
    body = [ln for ln in lines if ln.text.strip()]
    if len(body) == 1:
        shape.single = body[0]
    ds_seen = False
    build_at: int | None = None
    for i, ln in enumerate(lines):
        t = ln.text
        low = t.lower()
        if not ds_seen and ("deepspeed" in low or "op_builder" in low or "ds_" in low) and _DS_BUILD.search(t):
            ds_seen = True
        if build_at is None and ("error" in low or "cannot find" in low or "failed" in low or "错误" in t or
                                 "no such file" in low or "not found" in low) and len(t) < 4000 \
                and _BUILD_ERROR.match(t):
            build_at = i
        if shape.refusal is None and "gfx" in low:
            m = _GFX_REFUSED.search(t[:2000])
            if m and not declares_success(t) and not _GOES_ON.search(t[:2000]):
                g = _GPU_TYPE.search(t)
                gfx = (g.group("g") if g else m.group("g1") or m.group("g2")).lower()
                shape.refusal = (ln, gfx, bool(_KERNEL_LIBRARY.search(t)))
        if shape.driver_root is None and ("rock" in low or "kfd" in low) and (
                _ROCK_NOT_LOADED.search(t[:2000]) or (_KFD_REFUSES.search(t[:2000]) and kernel_form(t))):
            shape.driver_root = ln
        if shape.numerics is None and "nan" in low and _NAN_FLAG.search(t[:2000]):
            shape.numerics = (ln, "a NaN check the run prints is True: non-finite values in the model")
        if went_on(t):
            shape.went_on = ln  # (a progress or metrics line is no refusal: not read for one)
        elif shape.sentence is None and len(t) < 4000 and _SENTENCE_KEYS.search(low):
            subject = ""
            if i and "because" in lines[i - 1].text and _BECAUSE_HEAD.search(lines[i - 1].text[:2000]):
                # the header is the refusal, its reason this line; the exception above it names the library
                t = lines[i - 1].text.strip() + " " + t.strip()
                subject = " ".join(x.text[:500] for x in lines[max(0, i - 12):i - 1])
            got = sentence_class(t, alone=ln is shape.single or bool(subject), subject=subject)
            if got is not None:
                shape.sentence = (ln, got[0], got[1])
    shape.deepspeed_seen = ds_seen
    if shape.driver_root is None:
        shape.driver_root = _k8s_plugin_without_gpu(lines)
    # A build error that pip or the build recovered from (an optional extension, a wheel that fell back to
    # setup.py install) is followed by the install succeeding: that build did not fail the run.
    if build_at is not None and not any(_BUILD_OK.match(x.text) for x in lines[build_at + 1:]):
        shape.build = _build(lines, build_at, ds_seen)


def _k8s_plugin_without_gpu(lines: list[LogLine]) -> LogLine | None:
    """The device plugin's banner when the plugin never registered a GPU after it: the log is judged by what
    it shows, as a collective test's header without rows is (a healthy plugin registers within milliseconds)."""
    banner = None
    for ln in lines:
        t = ln.text
        if banner is None:
            if "device plugin" in t and _K8S_PLUGIN_BANNER.search(t[:400]):
                banner = ln
        elif _K8S_PLUGIN_SERVES.search(t[:400]):
            return None
    return banner


def _build(lines: list[LogLine], at: int, ds_seen: bool) -> Build:
    """The build failure whose first error line is ``lines[at]``. ninja's "FAILED: x.o" and CMake's
    banner come before the compiler's own error line, which says what went wrong: that one is quoted."""
    if lines[at].text.lstrip().startswith(("FAILED:", "CMake Error")):
        at = next((j for j in range(at + 1, min(len(lines), at + 40)) if _BUILD_ERROR.match(lines[j].text)
                   and not lines[j].text.lstrip().startswith(("FAILED:", "CMake Error"))), at)
    ds = ds_seen or any(_DS_BUILD.search(x.text) for x in lines[max(0, at - 60):at + 60])
    what = next((next(g for g in m.groups() if g) for x in reversed(lines[max(0, at - 200):at + 40])
                 for m in [_BUILD_WHAT.search(x.text)] if m), "")
    return Build(lines[at], ds, what)


# The functions that set up a process group or run a collective, in torch.distributed and in the wrappers that
# call it (vLLM's model-parallel groups, Ray's collective groups, DeepSpeed's init_distributed): a traceback cut
# off inside one of them was raised by the distributed layer.
COLLECTIVE_FUNC = re.compile(r"^(?:init_process_group|new_group|init_collective_group|init_model_parallel_group|"
                             r"initialize_model_parallel|ensure_model_parallel_initialized|init_distributed\w{0,20}|"
                             r"_store_based_barrier|barrier|all_reduce|all_gather\w{0,20}|reduce_scatter\w{0,20}|"
                             r"all_to_all\w{0,10}|broadcast_object_list|_?rendezvous\w{0,20})$")


def build_owner(lines: list[str]) -> str:
    """The package a failed native build in ``lines`` compiles, when its source paths name one and nothing
    names DeepSpeed's builds ("" otherwise): a header missing from another package's build is that package's."""
    owner = ""
    for t in lines:
        low = t.lower()
        if ("deepspeed" in low or "op_builder" in low or "ds_" in low) and _DS_BUILD.search(t):
            return ""
        if not owner and "/" in t:
            m = _BUILD_OWNER.search(t[:4000])
            if m:
                owner = m.group("pkg").lower().replace("-", "_").replace("flash_attention", "flash_attn")
    return "" if owner == "deepspeed" else owner


def declares_success(text: str) -> bool:
    return bool(_SUCCESS.search(text[:2000]))


def went_on(text: str) -> bool:
    """The line shows the run going on or ending well: progress, a finite metric, the end of a
    trainer or benchmark, a results table row, a served request."""
    t = text[:2000]
    if _SUCCESS.search(t):
        return True
    if ("|" in t and len(_NUMERIC_CELLS.findall(t)) >= 2) or _BAR.search(t) or _STEP.search(t):
        return True
    return any(mv.group("v").lower().lstrip("+-")[:3] not in ("nan", "inf") for mv in _METRIC_VALUE.finditer(t))


# pip's words about the torch already installed, and about the one it brings instead.
_PIP_HAS_TORCH = re.compile(r"^\s{0,8}(?:Requirement already satisfied: torch\b|Found existing installation: torch |"
                            r"Attempting uninstall: torch$)")
_PIP_REPLACES = re.compile(r"^\s{0,8}(?:(?:Uninstalling|Successfully uninstalled) torch-\S{0,60}\+rocm|"
                           r"Downloading \S{0,200}?\btorch-\d[^\s/]{0,80}\.whl|Collecting nvidia-\S{1,40}-cu\d\d)")


def _rocm_torch_replaced(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """pip replacing the ROCm build of torch that is installed (a package's requirement pulled a
    PyPI torch): an installed ``+rocm`` torch, then pip uninstalling it or fetching a torch wheel
    that is not a ROCm build, or NVIDIA's CUDA libraries."""
    had = None
    for ln in lines:
        t = ln.text
        if "torch" not in t and "nvidia-" not in t:
            continue
        if had is None:
            if _PIP_HAS_TORCH.match(t) and "+rocm" in t:
                had = ln
            continue
        m = _PIP_REPLACES.match(t)
        if m and ("rocm" not in t.lower() or t.lstrip().startswith(("Uninstalling", "Successfully uninstalled"))):
            return ln, f"pip found the ROCm torch installed ({had.text.strip()[:120]}) and is replacing it"
    return None


def _spread(falls: list[tuple[LogLine, float | None]], by_clock: bool) -> str:
    """How far apart the first and last of these loss-scale halvings are, when that is past a warm-up
    (minutes by the clock, or steps), else ""."""
    a, b = falls[0][1], falls[-1][1]
    if a is None or b is None:
        return ""
    d = (b - a) % 86400 if by_clock else b - a
    if by_clock and d >= SCALE_SPREAD_S:
        return f"over {int(d // 60)} minutes"
    if not by_clock and d >= SCALE_SPREAD_STEPS:
        return f"over {int(d)} steps"
    return ""


def _not_learning(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """Training that goes on without learning: DeepSpeed skipping most steps (every step's fp16
    gradients overflow), or a loss that drops to exactly 0 and stays there."""
    zeros, seen_nonzero = 0, False
    last: dict[str, tuple[LogLine, str]] = {}  # metric -> (line, value) of its last logged value
    falls: list[tuple[LogLine, float | None]] = []  # loss-scale halvings in a row: (line, clock or step)
    scale: float | None = None
    step: int | None = None
    for ln in lines:
        t = ln.text
        if "iteration" in t and " | " in t:
            m = _MEGATRON_ITER.search(t[:400])
            if m:
                step = int(m.group("n"))
                k = _MEGATRON_SKIPPED.search(t)
                rest = t.replace("loss scale:", "").replace("loss_scale:", "")
                if k is not None and k.group("k") == "0" and "loss scale" in t and not _MEGATRON_LOSS.search(rest):
                    return ln, (f"iteration {m.group('n')} logs no loss and skipped no step: Megatron leaves out a "
                                "loss whose average is NaN")
        if "scal" in t and "loss" in t.lower():
            m = _LOSS_SCALE.search(t[:2000])
            if m:
                val = float(m.group("to") or m.group("v"))
                if scale is not None and val > scale:
                    falls = []  # the scaler grew back: it is settling, not collapsing
                elif scale is not None and val < scale or m.group("to"):
                    c = _CLOCK.search(t)
                    when = (int(c.group("h")) * 3600 + int(c.group("m")) * 60 + int(c.group("s"))) if c else step
                    falls.append((ln, when))
                    if len(falls) >= SCALE_FALLS:
                        done = _spread(falls, by_clock=c is not None)
                        if done:
                            return ln, f"the fp16 loss scale fell {len(falls)} times in a row {done}, never growing back"
                        if val <= SCALE_FLOOR:  # no warm-up halves that far: every step overflows, even unscaled
                            return ln, (f"the fp16 loss scale fell {len(falls)} times in a row to {val:g}, never "
                                        "growing back: the gradients overflow at any scale")
                scale = val
        else:
            b = _BAR.search(t) if "/" in t else None
            if b:
                step = int(b.group("n"))
        if ("nan" in t or "inf" in t or last) and ("loss" in t or "norm" in t):
            for mv in _METRIC_VALUE.finditer(t[:2000]):
                last[mv.group("key").lower()] = (ln, mv.group("v"))
        if "skipped=" in t:
            m = _DS_SKIPPED.search(t)
            if m and int(m.group("n")) >= 20 and int(m.group("k")) * 2 > int(m.group("n")):
                return ln, f"{m.group('k')} of {m.group('n')} steps skipped by the fp16 loss scaler"
        if "loss" in t:
            m = _LOSS_VALUE.search(t)
            if m:
                if float(m.group("v")) == 0.0:
                    zeros += 1
                    if zeros >= ZERO_LOSS_RUN and seen_nonzero:
                        return ln, f"the training loss is exactly 0 in {zeros} logged steps in a row"
                else:
                    zeros, seen_nonzero = 0, True
    got = _number_columns(lines)
    if got:
        return got
    # A metric whose last logged value is NaN/inf: the run diverged and did not come back (a NaN
    # followed by finite values is a step that loss scaling skipped; the catalog reports it).
    for key in ("loss", "grad_norm", "norm"):
        if key in last and last[key][1].lower().lstrip("+-")[:3] in ("nan", "inf"):
            ln, v = last[key]
            return ln, f"the last logged {key} is {v.lower()}: training diverged and did not recover"
    return None


def _numbers(text: str) -> list[str] | None:
    """The tokens of a row that is only numbers (2 to 8 of them, NaN/inf included), else None."""
    if len(text) > 160 or not text.lstrip()[:1].isdigit():
        return None
    toks = text.replace(",", " ").split()
    if not 2 <= len(toks) <= 8:
        return None
    for tok in toks:
        try:
            float(tok)
        except ValueError:
            return None
    return toks


def _number_columns(lines: list[LogLine]) -> tuple[LogLine, str] | None:
    """A table of bare numbers whose real-valued column ends in NaN/inf after finite rows: a loss
    printed without its name that diverged and did not come back."""
    finite: dict[tuple[int, int], int] = {}  # (row width, column) -> rows with a finite real value there
    last: dict[int, tuple[LogLine, list[str]]] = {}  # row width -> its last row
    for ln in lines:
        toks = _numbers(ln.text)
        if toks is None:
            continue
        last[len(toks)] = (ln, toks)
        for j, tok in enumerate(toks):
            low = tok.lower().lstrip("+-")
            if low[:3] not in ("nan", "inf") and ("." in tok or "e" in low):
                finite[(len(toks), j)] = finite.get((len(toks), j), 0) + 1
    for width, (ln, toks) in last.items():
        for j, tok in enumerate(toks):
            n = finite.get((width, j), 0)
            if tok.lower().lstrip("+-")[:3] in ("nan", "inf") and n >= NUMBER_ROWS_FINITE:
                return ln, (f"the last row of numbers has {tok.lower()} where {n} rows before it had finite values: "
                            "training diverged and did not recover")
    return None


def ip_block(text: str) -> str:
    m = _RING.search(text)
    if m and m.group("ring").lower() in RING_BLOCKS:
        return RING_BLOCKS[m.group("ring").lower()]
    for rx, name in _BLOCK_WORDS:
        if rx.search(text):
            return name
    return "amdgpu"


_STAMP = re.compile(r"^\d{4}-\d\d-\d\d[T ][\d:.,]{8,20}Z? ")


def _tracebacks(lines: list[LogLine], shape: Shape) -> None:
    """Tracebacks, including the ones the excerpt cuts off (frames and no exception line) and
    the ones whose start was cut (frames, then the exception). A launcher's prefix before the
    first frame ("grpo_02:", "(VllmWorkerProcess pid=7) ERROR ... ]") is stripped from the
    traceback's other lines."""
    cur: Traceback | None = None
    prefix = ""
    rich_path = ""
    for ln in lines:
        t = ln.text
        stamp = _STAMP.match(t)
        if stamp:
            t = t[stamp.end():]
        if '", line ' in t and 'File "' not in t:  # a frame retyped by hand ('Fille "...", line 923, in f')
            t = _RETYPED_FRAME.sub(r'\1File "', t, count=1)
        if t[:1] == "╰" and cur is not None:
            continue  # the bottom border of Rich's box: the exception line follows it
        if t[:1] == "│":  # Rich's boxed traceback (transformers, accelerate, typer): a frame is "path.py:LINE in func"
            inner = t.strip("│ \t")
            if rich_path and _RICH_TAIL.match(inner):
                inner, rich_path = rich_path + inner, ""
            elif inner.endswith(".py:") and " " not in inner:
                rich_path = inner  # the path wraps: "…/deepspeed/runtime/config.py:" then "891 in _batch_assertion"
                continue
            rm = _RICH_FRAME.match(inner)
            if rm:
                t = f'  File "{rm.group("path")}", line {rm.group("line")}, in {rm.group("func")}'
            else:
                continue  # source lines and blank rows of the box
        if prefix and t.startswith(prefix):
            t = t[len(prefix):]
        elif 'File "' in t and not t.lstrip().startswith('File "'):
            prefix = t[:t.index('File "')].rstrip(" \t")
            t = t[len(prefix):]
        if _TB_START.search(t):
            if cur is not None and (cur.frames or cur.exc_type):
                shape.tracebacks.append(cur)
            cur = Traceback(ln)
            ipy = _IPY_START.match(t.strip())
            cur.ipython = ipy.group("type") if ipy else ""
            continue
        fm = _FRAME.search(t) if 'File "' in t else None
        if fm is None and cur is not None and cur.ipython and cur.exc_type is None and ".py" in t:
            fm = _IPY_FRAME.match(t.strip())
        if fm:
            if cur is None or cur.exc_type is not None:
                if cur is not None:
                    shape.tracebacks.append(cur)
                cur = Traceback(None)
            cur.frames.append(Frame(fm.group("path"), int(fm.group("line") or 0), fm.group("func") or "<module>"))
            cur.lines.append(ln)
            continue
        if cur is None or cur.exc_type is not None:
            # An exception line with no frames shown (the excerpt starts at it).
            em = _EXC.search(t.strip()) if len(t) < 2000 and (":" in t or t.strip().endswith(("Error", "Exception"))) else None
            # (a pasted exception line may be indented a little; a traceback's source lines are indented 4)
            if em and not t.startswith(("   ", "\t")) and _exception_like(em.group("type")):
                if cur is not None:
                    shape.tracebacks.append(cur)
                cur = Traceback(None, exc_type=em.group("type"), message=(em.group("msg") or "").strip(), end=ln)
            continue
        s = t.strip()
        if not s or _CARET.match(t):
            continue
        em = _EXC.search(s) if len(s) < 2000 else None
        if em and _exception_like(em.group("type")) and not t.startswith("    "):
            cur.exc_type = em.group("type")
            cur.message = (em.group("msg") or "").strip()
            cur.end = ln
        elif t.startswith((" ", "\t")) or s.startswith(("^", "~")) or (cur.ipython and _IPY_SOURCE.match(t)):
            if cur.frames and _IMPORT_STMT.search(s):
                cur.importing = True  # the frame's statement is an import
            elif cur.frames and not s.startswith(("^", "~")):
                cur.importing = False
            continue  # a frame's source line
        elif s.startswith(("During handling", "The above exception")):
            continue
        else:
            shape.tracebacks.append(cur)  # cut off: what follows is not part of it
            cur = None
    if cur is not None and (cur.frames or cur.exc_type):
        shape.tracebacks.append(cur)


def _exception_like(name: str) -> bool:
    last = name.rsplit(".", 1)[-1]
    return last not in ("UserWarning", "FutureWarning") and len(last) > 5


# The user's own words beside the log ("<- stuck here", "hangs at this step"), not negated.
_USER_HANG = re.compile(r"(?<!nothing is )(?<!not )(?<!n't )\b(?:hangs?|hung|stuck|freez(?:es|ing)|frozen)\b|卡住|卡死",
                        re.I)
_ELAPSED = re.compile(r"\[(?:(?P<h>\d{1,4}):)?(?P<m>\d{1,2}):(?P<s>\d\d)<")


# Every hang signal has one of these words (lower case): the full patterns run only on such lines.
_HANG_KEYS = re.compile("|".join(re.escape(k) for k in (
    "timeout", "timed out", "time limit", "cancelled", "slurmstepd", "keyboardinterrupt", "^c", "killed", "terminated",
    "sigterm", "closing signal", "hang", "hung", "stuck", "freez", "frozen", "卡")))


def _hang_words(text: str) -> bool:
    return bool(_HANG_KEYS.search(text.lower())) and bool(_HANG_SIGNAL.search(text) or _USER_HANG.search(text))


def _seconds(text: str) -> int | None:
    m = _ELAPSED.search(text)
    return None if m is None else int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + int(m.group("s"))


def _signal(body: list[LogLine], last: LogLine | None = None) -> LogLine | None:
    """The last line that says the job hung or was stopped (only read once a stop is found): a
    timeout, a cancel or kill, the user's own words, or the bar itself counting time at one step."""
    hit = next((ln for ln in reversed(body) if _hang_words(ln.text)), None)
    if hit is not None or last is None:
        return hit
    m = _BAR.search(last.text)
    t = _seconds(last.text)
    if m is None or t is None:
        return None
    # tqdm redraws the same step with its elapsed time growing: the step did not finish.
    for ln in reversed(body[-50:]):
        if ln is last:
            continue
        b = _BAR.search(ln.text)
        if b and b.group("n") == m.group("n") and b.group("m") == m.group("m"):
            t0 = _seconds(ln.text)
            if t0 is not None and t - t0 >= 60:
                return last
        elif b:
            break
    return None


def _stop(lines: list[LogLine]) -> Stop | None:
    """Output that stops where it should go on."""
    body = [ln for ln in lines if ln.text.strip()]
    if not body:
        return None
    # A collective test whose last header has no data rows after it.
    header = None
    rows = 0
    ended = False
    for ln in body:
        if _CT_HEADER.match(ln.text):
            header, rows, ended = ln, 0, False
        elif header is not None and _CT_ROW.match(ln.text):
            rows += 1
        elif header is not None and _CT_END.match(ln.text):
            ended = True
    if header is not None and rows == 0 and not ended:
        return Stop("collective-test", header, "the collective test printed its header and no result rows")
    if header is not None:
        return None
    # The last progress line, when nothing but a hang signal (and what a kill or Ctrl-C prints) follows it.
    i = len(body) - 1
    while i > 0 and len(body) - i < 200 and not _BAR.search(body[i].text) and (
            _AFTER_STOP.match(body[i].text) or _hang_words(body[i].text)):
        i -= 1
    if i < len(body) - 1 and not any(_hang_words(x.text) for x in body[i + 1:]):
        i = len(body) - 1  # what follows the bar is not a kill or a timeout: judge the last line
    last = body[i]
    m = _BAR.search(last.text)
    if m and int(m.group("n")) < int(m.group("m")) and not _EXC.search(last.text.strip()):
        return Stop("progress", last, f"progress stops at {m.group('n')}/{m.group('m')} with nothing after it",
                    signal=_signal(body, last))
    last = body[-1]
    if _COLLECTIVE_WAIT.search(last.text) or _COLLECTIVE_LAUNCH.search(last.text):
        progress = any(_BAR.search(x.text) or _STEP.search(x.text) for x in body[:-1])
        if progress or "Reducer buckets" in last.text or "CollectiveFingerPrint" in last.text or \
                _COLLECTIVE_LAUNCH.search(last.text):
            return Stop("collective-wait", last, "the last lines are collective set-up and nothing follows",
                        signal=_signal(body))
    return None


# ---------------------------------------------------------------- sentence classes (issue 24, track logs11)
# When no signature knows a line's words, its grammar still says what kind of refusal it is, in any
# library's wording: a version requirement not met, a value an option does not accept, a capability the GPU
# lacks, memory that could not be had, a collective or rendezvous that timed out. The subject the sentence
# names picks the family (tests/corpus/FAMILIES.md). Only error lines count: a warning, an INFO line or a
# line the run goes on from ("falling back", "retrying", "is disabled") is a note, not the failure.
_VER = r"v?\d{1,4}(?:\.[\dx*]{1,6}){0,3}"
_CMP = (r"(?:>=|<=|==|~=|>|<|\bgreater(?: than)?(?: or equal(?: to)?)?|\bhigher than\b|\bat least\b|"
        r"\bor (?:newer|later|higher|above|greater)\b|\bminimum(?: version)?(?: of)?\b|\bnewer than\b|\bolder than\b)")
_VERSION_REFUSAL = re.compile(
    # "requires torch >= 2.1", "you must install torch greater or equal to 1.10", "needs at least 5.7"
    r"\b(?:requires?|required|needs?|must (?:install|use|have|upgrade|update|be)|please (?:install|upgrade|update|use)|"
    r"upgrade (?:to|your)|is needed)\b[^\n]{0,80}?" + _CMP + r"\s{0,3}['\"]?" + _VER + r"\b"
    # "transformers>=4.55.0,<=5.2.0 is required ..., but found transformers==5.5.0" (HF's require_version,
    # LLaMA-Factory), pip's "requires x~=2.28.2, but you have x 2.31.0"
    r"|[\w.-]{1,60}\s?(?:>=|<=|==|~=|>|<)\s?" + _VER + r"(?:,\s?(?:>=|<=|<|>)\s?" + _VER + r")?\s(?:is|are) required\b"
    r"|\bbut (?:you have|found|got|detected|installed)\b:? [\w.\[\]-]{1,60}(?:==|=|\s|-)\s?v?\d"
    # "is not compatible with torch 2.3", "incompatible versions", "requires a newer version of"
    r"|\b(?:is not|isn't|are not|not) compatible with\b[^\n]{0,80}?(?:\bversion\b|\d\.\d)"
    r"|\bincompatible versions?\b|\bversion mismatch\b|\b(?:is )?too old\b|\b(?:requires|needs?) a newer\b|"
    r"\ba newer version of\b", re.I)
_OPTION_REFUSAL = re.compile(
    # "Precision '16-mixed' is invalid. Allowed precision values: (...)", "'x' is not a valid choice, expected one of"
    r"""['"][^'"\n]{1,40}['"] is (?:an? )?(?:invalid|not (?:a )?(?:valid|supported|recogni[sz]ed|allowed))\b"""
    r"""[^\n]{0,60}?\b(?:allowed|valid|supported|expected|must be|choose from|one of|options|choices)\b"""
    # "must be one of", "expected one of", "valid values are", argparse's "invalid choice: 'x' (choose from ...)"
    r"|\b(?:must be one of|should be one of|expected one of|has to be one of|valid (?:values|options|choices) (?:are|is)|"
    r"allowed (?:\w{1,20} )?values?\b|invalid choice:)", re.I)
# A GPU capability, named as CUDA and ROCm builds name it: compute capability, sm_80, an arch family, a gfx.
_CAP_NAMED = (r"(?:compute capability|\bsm_?\d{2,3}\b|\bis_(?:sm|gfx)_?\d\w{0,4}\b|\bgfx[0-9a-f]{3,4}\b|\b(?:Ampere|Hopper|Volta|Turing|Pascal|"
              r"CDNA\d?|RDNA\d?)\b|\bGPU arch\w{0,8}|architectural feature|\bmatrix cores?\b|\bWMMA\b|\bMFMA\b)")
_CAP_DEVICE = r"(?:(?:this|your|the current|current) (?:GPU|device|hardware|card|architecture)|" + _CAP_NAMED + ")"
_CAPABILITY_REFUSAL = re.compile(
    r"\b(?:not supported|unsupported|only supports?|does not support|doesn't support|isn't supported|not available)\b"
    r"[^\n]{0,60}?" + _CAP_DEVICE +
    r"|\b(?:requires?|required|needs)\b[^\n]{0,60}?" + _CAP_NAMED +
    r"|" + _CAP_DEVICE + r"[^\n]{0,60}?\b(?:(?:is |are )?not supported|unsupported|does not support|doesn't support|"
    r"or (?:newer|higher|above|later)|absent)\b"
    # an extension's arch check (TORCH_CHECK): "Expected is_sm80 || is_sm90 to be true, but got false"
    r"|\bExpected\b[^\n]{0,60}?" + _CAP_NAMED + r"[^\n]{0,60}?\bto be true, but got false", re.I)
_RESOURCE_EXHAUSTED = re.compile(
    r"\b(?:fail(?:ed|s|ure)? to|unable to|could not|couldn't|cannot|can't) (?:allocate|alloc|reserve)\b[^\n]{0,80}?"
    r"(?:\d\s?(?:[KMGT]i?B|bytes)\b|\bmemory\b|\bVRAM\b|\bRAM\b)"
    r"|\b(?:insufficient|not enough|exhausted|ran out of|out of)\s(?:\w{1,20}\s){0,2}(?:memory|VRAM|RAM)\b"
    r"|\b(?:HIP_ERROR_OutOfMemory|hipErrorOutOfMemory|RESOURCE_EXHAUSTED|ResourceExhausted\w{0,10}|"
    r"ERROR_OUT_OF_MEMORY|OutOfMemory\w{0,10})\b", re.I)
_DIST_WORDS = (r"(?:barrier|all_?reduce|all_?gather|reduce_?scatter|broadcast|all_?to_?all|rendezvous|TCPStore|"
               r"(?:c10d|TCP|File) ?store|collective|process group|init_process_group|NCCL|RCCL|gloo)")
_DIST_TIMEOUT = re.compile(r"\b(?:timed? ?out|timeout)\b[^\n]{0,120}?\b" + _DIST_WORDS + r"\b|\b" + _DIST_WORDS +
                           r"\b[^\n]{0,120}?\b(?:timed? ?out|timeout)\b", re.I)
# torch.distributed's own exception classes: an error whatever level printed them.
_DIST_ERROR_CLASS = re.compile(r"\b(?:Rendezvous\w{0,20}Error|Dist(?:Network|Store|Backend)Error)\b")
# Cheap keys: the full patterns run only on lines that have one of these words (lower case).
_SENTENCE_KEYS = re.compile(r"requir|must |need|compatib|mismatch|too old|newer|invalid|one of|allowed|valid |"
                            r"support|capabilit|alloc|memory|exhaust|timed out|timeout|rendezvous|disterror|"
                            r"distnetwork|diststore|distbackend|to be true")
# An error line: an exception type, a logger's ERROR/FATAL, a tool's "error:", or words of failure.
_ERROR_FORM = re.compile(r"\b[A-Z]\w{0,60}(?:Error|Exception)\b|\bERROR\b|\bFATAL\b|\bfatal\b|\berror\b|\*ERROR\*|"
                         r"\bfail(?:ed|s|ure)?\b|\bcannot\b|\bcan't\b|\bunable\b|^E\d{4} |\babort|\bincompatible\b|\btim(?:ed|ing) out\b|\[E\d{4} ", re.I)
# A line the run goes on from, or a note: warnings, INFO/DEBUG, fallbacks, retries, a feature switched off;
# a traceback's source line ("raise ValueError(f\"Precision {p} is invalid. Allowed ...\")") is code, not output.
_NOTE_FORM = re.compile(r"\bWarning\b|\bWARN(?:ING)?\b|\bINFO\b|\bDEBUG\b|\bNOTE\b|fall(?:ing|s)?[ -]?back|\bskipp|"
                        r"\binstead\b|\bretry|\bretrying\b|\bis disabled\b|\bwill be (?:used|disabled)\b|"
                        r"Requirement already satisfied|HSA_STATUS|/dev/kfd|^\s{0,40}(?:raise|assert|if|return)\s", re.I)
# The subject of the refusal picks the family.
_TRITON = re.compile(r"\btriton\b", re.I)
# An arch predicate in a check (is_sm80, is_sm8x) is a CUDA kernel extension's own test (flash-attention's
# kernels): the library refuses the GPU, as the libraries named in _KERNEL_LIBRARY do.
_ARCH_PREDICATE = re.compile(r"\bis_sm_?\d\w{0,4}\b")
# A refusal whose reason is on the next line(s) (xformers: "`flshattF` is not supported because:" then
# "    requires a GPU with compute capability > 7.5"): the two are read as one sentence.
_BECAUSE_HEAD = re.compile(r"\bnot supported because:\s*$|\bdoes not support\b[^\n]{0,80}:\s*$", re.I)
# "compute capability > 7.5" compares a GPU's capability, not a package's version.
_CAP_VERSION = re.compile(r"\bcompute capability\s{0,3}(?:>=|<=|>|<|of at least|at least|\d)", re.I)
_SUBJECT_PRECISION = re.compile(r"\bbf16\b|\bbfloat16\b", re.I)
_SUBJECT_DIST = re.compile(r"\bbackend\b[^\n]{0,40}\b(?:nccl|rccl|gloo|mpi)\b|\b(?:nccl|rccl|gloo)\b[^\n]{0,40}\bbackend\b", re.I)
_SUBJECT_DEEPSPEED = re.compile(r"\bdeepspeed\b|\bzero_optimization\b|\bZeRO\b|\boffload_(?:param|optimizer)\b")


def sentence_class(text: str, alone: bool = False, subject: str = "") -> tuple[str, str] | None:
    """(structural rule id, what) when ``text`` is an error line whose grammar is a refusal class; ``alone``:
    the line is the whole log (a one-line paste is judged by its words, error form or not); ``subject``: the
    lines just above a refusal continued from a header, read only for the library that refuses."""
    t = text[:2000]
    if _DIST_ERROR_CLASS.search(t):
        return "tb-distributed", "torch.distributed raised one of its own errors (rendezvous, store, network)"
    if _NOTE_FORM.search(t) or not (alone or _ERROR_FORM.search(t)):
        return None
    if _DIST_TIMEOUT.search(t):
        return "tb-distributed", "a collective, barrier or rendezvous timed out"
    if _VERSION_REFUSAL.search(t) and not _CAP_VERSION.search(t):
        return "refusal-version", "a version requirement is not met"
    if _OPTION_REFUSAL.search(t):
        if _SUBJECT_DIST.search(t):
            return "tb-distributed", "the distributed backend asked for is not accepted"
        if _SUBJECT_DEEPSPEED.search(t):
            return "tb-deepspeed-runtime", "DeepSpeed does not accept a value of its configuration"
        return "refusal-option", "a value the installed package does not accept"
    if _CAPABILITY_REFUSAL.search(t):
        if _SUBJECT_PRECISION.search(t):
            return "refusal-capability-bf16", "bf16 refused on this GPU"
        if _KERNEL_LIBRARY.search(t) or _TRITON.search(t) or _ARCH_PREDICATE.search(t) or \
                (subject and _KERNEL_LIBRARY.search(subject)):
            return "refusal-capability-library", "a GPU kernel library refuses this GPU's capability"
        return "refusal-capability", "this build or app refuses the GPU's capability"
    if _RESOURCE_EXHAUSTED.search(t):
        return "exc-memory", "memory could not be allocated"
    return None
