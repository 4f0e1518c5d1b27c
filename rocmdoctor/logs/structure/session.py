"""The user's terminal around the job: a shell prompt inside a container, a command run under sudo
that then saw the GPU, pip replacing the installed ROCm torch, and the torch a probe prints that says it sees no GPU."""
from __future__ import annotations

import re

from ..logscan.lines import LogLine


# A shell prompt whose host name is a container ID (Docker/Podman name a container's host by the
# first 12 hex digits of its ID): "root@409e97fd5bce:/opt#", "[root@04ff0f3d3aa3 /]#".
_CONTAINER_PROMPT = re.compile(r"^\[?[\w.-]{1,32}@(?=[0-9a-f]{0,11}\d)[0-9a-f]{12}[:\s]")

# A command the log shows run under sudo ("$ sudo /opt/rocm/bin/rocminfo", "user@host:~$ sudo -u root clinfo"),
# and what says it then saw the GPU (rocminfo's HSA tables and agents, clinfo's platforms, torch's True).
_SUDO_CMD = re.compile(r"^(?:\(\S{1,40}\) )?(?:\S{1,80}[$#]|[$#]) {0,2}sudo(?: -\w(?: \w{1,32})?){0,3} \S")
_SAW_GPU = re.compile(r"^\s{0,8}(?:HSA System Attributes|HSA Agents|Agent \d{1,3}\b|Platform #\d|[`|]-- Device #\d|"
                      r"Marketing Name:|Name:\s{1,40}gfx[0-9a-f]{3,4})|^True\s*$")
SUDO_WINDOW = 60  # lines after the sudo command in which its output must show the GPU

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


# The torch build a user's probe prints, installed: `torch.__version__` ("torch.__version__: 2.6.0+cu124", or the bare
# "2.6.0+cu124" printed under a command that asked for it), pip's list/freeze ("torch   2.1.0+cu121", "torch==2.1.0+cu121")
# and its "Successfully installed ... torch-2.1.0+cu121", collect_env's "PyTorch version: 2.1.0+cu121" and "CUDA used to
# build PyTorch: 12.1"; not a version a requirement names or pip collects ("xformers requires torch==2.1.0+cu121",
# "Collecting torch==..."). A ROCm build printed later replaces it. Then what it says of the GPU: collect_env's "Is CUDA
# available: False", a probe's "CUDA available: False" or "torch.cuda.is_available(): False", or a bare "False" printed
# by a command that asked is_available() (the line before it). A CUDA build that sees no GPU, on the machines this tool
# is for, is the wrong wheel (invoke-ai/InvokeAI#7977: "2.6.0+cu124 ... CUDA available: False" in a ROCm image).
_VERSION = r"\d{1,2}\.\d{1,3}(?:\.\d{1,3})?(?:\.\w{1,12})?\+"
_TORCH_BUILD = re.compile(r"^\s{0,8}(?:torch(?:\.__version__)?\s{0,40}(?:==|[:=])?\s{0,40}|torch version:?\s{0,4}|"
                          rf"PyTorch version:\s{{0,4}}){_VERSION}(?P<b>cu|rocm)\d|"
                          r"^CUDA used to build PyTorch: \d|^ROCM used to build PyTorch: (?P<r>\d)|"
                          rf"\bSuccessfully installed\b[^\n]{{0,4000}}?\btorch-{_VERSION}(?P<s>cu|rocm)\d", re.I)
_BARE_VERSION = re.compile(rf"^\s{{0,8}}{_VERSION}(?P<b>cu|rocm)\d{{2,3}}\S*\s*$", re.I)
_NO_GPU = re.compile(r"^\s{0,8}(?:Is )?(?:CUDA|GPU) available\W{0,4}\s{0,4}False\b|"
                     r"cuda\.is_available\(\)\W{0,4}\s{0,4}False\b", re.I)
_BARE_FALSE = re.compile(r"^\s{0,8}(?:Out\[\d{1,4}\]:\s{0,4})?False\s*$")


def _build_of(lines: list[LogLine], i: int) -> str | None:
    """"cuda" or "rocm" when line ``i`` prints the installed torch's build, else None."""
    t = lines[i].text
    m = _TORCH_BUILD.search(t[:4000]) if "torch" in t.lower() or "PyTorch" in t else None
    if m is None and "+" in t and i and "__version__" in lines[i - 1].text:
        m = _BARE_VERSION.match(t)
    if m is None:
        return None
    word = (m.groupdict().get("b") or m.groupdict().get("s") or "").lower()
    return "rocm" if word == "rocm" or m.groupdict().get("r") else "cuda"


def _torch_sees_no_gpu(lines: list[LogLine]) -> tuple[str, LogLine, LogLine] | None:
    """("cuda" or "rocm", the no-GPU line, the build line) when the log prints the installed torch's build and that
    torch then says it sees no GPU; None otherwise (a CUDA torch that sees its GPU is an NVIDIA machine's)."""
    build: tuple[str, LogLine] | None = None
    for i, ln in enumerate(lines):
        t = ln.text
        kind = _build_of(lines, i) if ("cu" in t or "CU" in t or "rocm" in t.lower()) else None
        if kind is not None:
            build = (kind, ln)  # the torch printed last is the one that runs
        if build is None:
            continue
        if _says_no_gpu(lines, i):
            return build[0], ln, build[1]
    return None


def _says_no_gpu(lines: list[LogLine], i: int) -> bool:
    """Line ``i`` is torch saying it sees no GPU: collect_env's or a probe's "... available: False", or a bare False
    (IPython's `Out[2]: False`) under the is_available() that printed it."""
    t = lines[i].text
    if "False" not in t:
        return False
    return bool(_NO_GPU.search(t[:400]) or _BARE_FALSE.match(t)
                and "is_available" in " ".join(x.text for x in lines[max(0, i - 2):i]))


# The user's own `docker run` (podman, nerdctl; after a prompt or sudo) and the flags that give a container the GPU:
# --gpus, --device (/dev/kfd, /dev/dri, a CDI name), NVIDIA's runtime, --privileged.
_CONTAINER_RUN = re.compile(r"(?:^|[$#>]\s{0,2}|\bsudo\s{1,4}(?:-\S{1,20}\s{1,4}){0,3})(?:docker|podman|nerdctl)\s{1,4}"
                            r"(?:container\s{1,4})?run\b")
_GPU_ACCESS = re.compile(r"--gpus\b|--device\b|--runtime[= ]\s{0,2}nvidia|--privileged\b|/dev/(?:kfd|dri)\b|"
                         r"(?:amd|nvidia)\.com/gpu|--device-cgroup-rule")


def _run_without_gpu(lines: list[LogLine]) -> tuple[LogLine, LogLine] | None:
    """(the run line, the no-GPU line) when the log shows a container started without any GPU flag and torch in it
    then saying it sees no GPU (floydhub/dockerfiles#3: `docker run -t -i floydhub/pytorch:latest-gpu-py3 ipython`,
    `torch.cuda.is_available()` -> False): the container has no GPU to see, whatever torch it holds."""
    run: LogLine | None = None
    for i, ln in enumerate(lines):
        t = ln.text
        if "run" in t and _CONTAINER_RUN.search(t[:400]):  # the latest run is the one torch answers in
            command = [t]
            while command[-1].rstrip().endswith("\\") and i + len(command) < len(lines) and len(command) < 20:
                command.append(lines[i + len(command)].text)
            run = None if any(_GPU_ACCESS.search(c[:4000]) for c in command) else ln
            continue
        if run is None:
            continue
        if _says_no_gpu(lines, i):
            return run, ln
    return None


# *_VISIBLE_DEVICES set in the log: exported, printed alone (an `env` dump), before a command (`ROCR_VISIBLE_DEVICES=1
# CUDA_VISIBLE_DEVICES=1 python ...`), or in Python (`os.environ["HIP_VISIBLE_DEVICES"] = "1"`). Lists of indices only
# (a GPU UUID names a GPU, not a position).
_VISIBLE_SET = re.compile(r"(?:^|[\s;(])(?:export\s{1,4})?(?P<v>ROCR|HIP|CUDA)_VISIBLE_DEVICES=(?P<q>['\"]?)(?P<l>[^\s'\";]{0,200})"
                          r"(?P=q)(?=\s|;|$)|os\.environ\[['\"](?P<pv>ROCR|HIP|CUDA)_VISIBLE_DEVICES"
                          r"['\"]\]\s{0,4}=\s{0,4}['\"](?P<pl>[^'\"]{0,200})['\"]")
_INDICES = re.compile(r"\d{1,3}(?:,\d{1,3}){0,15}")  # a list of positions (a GPU UUID names a GPU, not a position)
_UNSET = re.compile(r"\bunset\s{1,4}(?P<names>(?:\w{1,40}\s{0,4}){1,8})")
_EXPORT = re.compile(r"^\s{0,4}(?:[$>#]\s{1,2}|\S{1,80}[$#]\s{1,2})?export\s")
_COMMAND = re.compile(r"^\s{0,4}(?:[$>]|\S{1,80}[$#])\s{1,2}(?!>)")  # a shell prompt: a new command begins
_ONLY_SET = re.compile(r"^\s{0,4}(?:[$>#]\s{1,2})?(?:export\s{1,4}|set\s{1,4})?\w{1,40}=\S{0,200}\s*$")
_BARE_ZERO = re.compile(r"^\s{0,8}(?:Out\[\d{1,4}\]:\s{0,4})?0\s*$")  # a count printed alone: device_count's 0
_NO_DEVICE = re.compile(r"No (?:HIP|CUDA) GPUs are available|hipErrorNoDevice|no ROCm-capable device is detected|"
                        r"device_count\(\)\W{0,4}\s{0,4}0\s*$")


def visible_devices_select_none(lines: list[LogLine]) -> tuple[LogLine, LogLine, str] | None:
    """(the line that set the lists, the no-GPU line, what they select) when the log sets ROCR_VISIBLE_DEVICES and
    HIP/CUDA_VISIBLE_DEVICES so that together they select no GPU, and torch then sees none. ROCr filters first and
    numbers what is left from 0; HIP then picks from those: ROCR_VISIBLE_DEVICES=1 with HIP_VISIBLE_DEVICES=1 leaves
    nothing (Parsl/parsl#3858, mcmonkeyprojects/SwarmUI#566)."""
    kept: dict[str, tuple[str, LogLine]] = {}  # exported: in force for the commands after it
    inline: dict[str, tuple[str, LogLine]] = {}  # before one command: in force for that command's output
    for i, ln in enumerate(lines):
        t = ln.text
        found = [(m.group("v") or m.group("pv"), m.group("l") if m.group("v") else m.group("pl"))
                 for m in _VISIBLE_SET.finditer(t[:2000])] if "VISIBLE_DEVICES" in t else []
        if "unset" in t and "VISIBLE_DEVICES" in t:
            for m in _UNSET.finditer(t[:400]):
                for name in m.group("names").split():
                    kept.pop(name.replace("_VISIBLE_DEVICES", ""), None)
            continue
        if found:
            lasting = bool(_EXPORT.match(t)) or "os.environ" in t or bool(_ONLY_SET.match(t))
            if not lasting:
                inline = {}
            for var, value in found:
                into = kept if lasting else inline
                if _INDICES.fullmatch(value or ""):
                    into[var] = (value, ln)
                else:  # emptied, or a UUID: no longer a list of positions this reader can follow
                    into.pop(var, None)
            continue
        if _COMMAND.match(t) and not t.lstrip().startswith(">>>"):
            inline = {}
        if not (_NO_DEVICE.search(t[:400]) or _BARE_ZERO.match(t) and "device_count" in lines[i - 1].text
                or _says_no_gpu(lines, i)):
            continue
        now = {**kept, **inline}
        other = "HIP" if "HIP" in now else "CUDA" if "CUDA" in now else None
        if "ROCR" not in now or other is None:
            continue
        left = len(set(now["ROCR"][0].split(",")))
        picked = [int(x) for x in now[other][0].split(",")]
        if all(x >= left for x in picked):
            rocr, pick = now["ROCR"], now[other]
            last = max((rocr[1], pick[1]), key=lambda x: x.number)
            return last, ln, (f"ROCR_VISIBLE_DEVICES={rocr[0]} leaves {left} GPU{'s' * (left > 1)}, numbered from 0; "
                              f"{other}_VISIBLE_DEVICES={pick[0]} then selects none")
    return None
