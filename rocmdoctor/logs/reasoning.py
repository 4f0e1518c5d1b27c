"""Causes from a log's shape when its words match no signature (issue 24 §2): answer at the
level the structure knows ("DeepSpeed op build failed; run RD-DS-002/004/005") instead of
"no signature matched".

``reason(shape, unexplained)`` returns (structural signature, evidence line, fields) triples,
best first by the rules below; rocmdoctor/logs/explain.py turns them into diagnoses beside
the catalog's. The rules key on structure, not on one sentence:
- a traceback by its exception class and the packages of its frames;
- an NCCL/RCCL error by its class (ncclSystemError ...) and the ``Last error:`` line;
- an amdgpu kernel line by the IP block it names;
- output that stops (a collective test without rows, progress with nothing after);
- an error-like line by the component its words name.
"""
from __future__ import annotations

import re

from ..knowledge.signatures.benign import is_benign
from ..knowledge.signatures import structural as rules
from .logscan.lines import LogLine
from .logscan.matcher import looks_like_error
from .structure import COLLECTIVE_FUNC, MISSING_FILE, Shape, Traceback, kernel_form

# Frame packages -> rule, first match wins; checked from the deepest frame up.
_PACKAGE_RULES = (
    (("deepspeed/ops/op_builder", "deepspeed/op_builder", "deepspeed/bin", "deepspeed/env_report.py",
      "deepspeed/git_version_info.py"), "tb-deepspeed-op-build"),
    # not deepspeed/runtime/fp16 as a whole: every fp16 backward passes loss_scaler.backward; the overflow is in
    # the functions that handle it (_FUNC_RULES: has_overflow, update_scale) or in the message
    (("llamafactory/extras/misc.py", "transformers/utils/versions.py"), "tb-version-pin"),
    (("flash_attn/", "bitsandbytes/", "xformers/", "apex/", "exllamav2/"), "tb-extension-import"),
    (("torch/utils/cpp_extension.py",), "tb-extension-build"),
    (("torch/utils/data",), "tb-dataloader-worker"),
    # not torch/distributed/elastic/multiprocessing: torchrun wraps every rank's failure there, whatever it was
    (("vllm/distributed", "deepspeed/comm", "torch/distributed/distributed_c10d.py", "torch/distributed/c10d_logger.py",
      "torch/nn/parallel", "torch/distributed/elastic/rendezvous", "torch/distributed/rendezvous.py",
      "torch/distributed/elastic/utils/store.py"), "tb-distributed"),
    (("torch/cuda/__init__.py",), "tb-torch-no-gpu"),
    (("rocm_sdk/",), "tb-rocm-sdk"),  # ROCm from wheels: its own tests and loader
    (("ctypes/__init__.py",), "tb-shared-library"),
)
_FUNC_RULES = (
    (re.compile(r"check_dependencies|check_version|require_version"), "tb-version-pin"),
    (re.compile(r"overflow|loss_scale|update_scale"), "tb-deepspeed-overflow"),
    (re.compile(r"hipify|installed_cuda_version|assert_no_cuda_mismatch|jit_load|is_compatible"),
     "tb-deepspeed-op-build"),
)
# Exception class (last dotted part) -> rule, when the frames said nothing.
_EXC_RULES = (
    (re.compile(r"OutOfMemoryError$|^MemoryError$"), "exc-memory"),
    (re.compile(r"^MissingCUDAException$"), "tb-deepspeed-op-build"),
    (re.compile(r"^(?:ImportError|ModuleNotFoundError)$"), "exc-import"),
    (re.compile(r"^(?:DistBackendError|DistStoreError|DistNetworkError|DistError)$"), "tb-distributed"),
    (re.compile(r"^AcceleratorError$"), "exc-gpu-runtime"),
)
# A library or backend that cannot be loaded, or a build without it ("ROCM_PATH is set but ROCM wasn't able
# to be loaded", "ROCm execution provider is not enabled in this build"): FAMILIES.md files ROCm libraries
# an application cannot find, and packages built without ROCm, under packages.
_NOT_LOADABLE = (r"(?:wasn't|was not|could not be|couldn't be|cannot be|can't be) (?:able to be )?loaded|"
                 r"failed to load (?:the )?(?:library|provider|shared)|"
                 r"not (?:enabled|compiled|built|included) (?:in|into|with|for) this build|install the correct version")
# The last exception's message, in each family's vocabulary (FAMILIES.md), when its frames and class
# said nothing. vLLM's KV-cache capacity errors ("To serve at least one request with the model's max
# seq len", "larger than the maximum number of tokens that can be stored in KV cache") are memory.
_MSG_RULES = (
    (re.compile(r"not compiled with CUDA enabled", re.I), "tb-torch-cpu-build"),
    (re.compile(r"out of memory|\bOOM\b|(?:failed|unable) to allocate|\bKV cache\b|max seq len|max_model_len|"
                r"gpu_memory_utilization", re.I), "exc-memory"),
    (re.compile(r"(?:permission denied|operation not permitted)[^\n]{0,80}/dev/(?:kfd|dri)|"
                r"/dev/(?:kfd|dri)\S{0,40}[^\n]{0,40}(?:permission denied|operation not permitted)", re.I),
     "line-permissions"),
    (re.compile(_NOT_LOADABLE, re.I), "exc-import"),
    (re.compile(r"\b(?:HIP|CUDA) error\b|hipError|HSA_STATUS_ERROR|invalid device function|no kernel image|"
                r"code object|\bgfx[0-9a-f]{3,4}\b", re.I), "exc-gpu-runtime"),
    (re.compile(r"cannot open shared object file|undefined symbol|DLL load failed", re.I), "tb-shared-library"),
    (re.compile(r"\bNCCL\b|\bRCCL\b|\bHCCL\b|\bc10d\b|ProcessGroup|rendezvous|collective|\bgloo\b|init_process_group|"
                r"\bTCPStore\b|\bworld_size\b|\brank \d", re.I), "tb-distributed"),
    (re.compile(r"loss scale|overflow|\bnan\b", re.I), "tb-deepspeed-overflow"),
    (re.compile(r"No module named|cannot import name", re.I), "exc-import"),
)
_NCCL_RULES = {
    "ncclSystemError": "nccl-class-system", "ncclInternalError": "nccl-class-internal",
    "ncclRemoteError": "nccl-class-remote", "ncclUnhandledCudaError": "nccl-class-cuda",
    "ncclInvalidUsage": "nccl-class-usage", "ncclInvalidArgument": "nccl-class-usage",
}
# An error-like line's words -> the component, first match wins (kernel lines before the rest:
# a training log with dmesg pasted in says the driver first; only lines in the kernel's form).
# The container runtime speaking ("docker: Error response from daemon: ... /dev/kfd") names
# the layer that failed before the device words inside its message do.
_KERNEL_WORDS = re.compile(r"\bamdgpu\b|\[drm|\bdrmn\d|\bkfd\b", re.I)
_LINE_RULES = (
    (re.compile(r"^(?:docker|podman|nerdctl)(?::|\s\S{0,40}:)|\bOCI runtime\b|nvidia-container|"
                r"error response from daemon", re.I), "line-containers"),
    (re.compile(r"/dev/kfd|/dev/dri|permission denied|render group|video group|\bgroup '(?:render|video)'", re.I),
     "line-permissions"),
    (re.compile(r"\bdocker\b|\bpodman\b", re.I), "line-containers"),
    # (Ascend's HCCL is NCCL's counterpart on NPUs: "DIST call hccl api failed")
    (re.compile(r"\bnccl\b|\brccl\b|\bhccl\b|ProcessGroup\w{0,20}|torch\.distributed|\bc10d\b|\bgloo\b|socket|WorkNCCL|"
                r"\brendezvous\b|watchdog|\bcollective\b|\bTCPStore\b", re.I),
     "tb-distributed"),
    (re.compile(r"deepspeed|op_builder|ds_report", re.I), "tb-deepspeed-op-build"),
    (re.compile(r"out of memory|\boom\b|oom-kill|MemoryError|bus error|shared memory|(?:failed|unable) to allocate|"
                r"cannot allocate (?!memory$)|hipErrorOutOfMemory|\bKV cache\b.{0,80}(?:memory|larger|not enough)", re.I),
     "exc-memory"),
    # (overflow as a word of its own: not a machine-check record's "Error_overflow", a stack or buffer overflow)
    (re.compile(r"\bnan\b|\binf\b|(?<![\w-])(?<!stack )(?<!buffer )overflow|loss scale", re.I), "line-numerics"),
    # an error raised inside the tree pip unpacked a package into to build it (/tmp/pip-install-x/mamba-ssm_y/...)
    (re.compile(r"^(?!.{0,400}(?:No space left|\[Errno 28\])).{0,400}/pip-(?:install|req-build|build-env|wheel)-\w{4,16}/"),
     "build-failed"),
    (re.compile(r"ImportError|ModuleNotFoundError|No module named|shared object|undefined symbol|"
                r"\bversion\b.{0,40}\brequired\b|\bpip\b|" + _NOT_LOADABLE, re.I), "exc-import"),
    # (ggml's HIP build says "ROCm error: <the runtime's message>": a HIP status, whatever the message)
    (re.compile(r"\bhip\w{0,30}\b|\bhsa\w{0,30}|rocblas|miopen|hipblas|\b(?:cuda|rocm) error\b|\bggml_(?:cuda|hip)\w{0,30}|"
                r"rocdevice\.cpp|invalid device function|no ROCm-capable device", re.I), "exc-gpu-runtime"),
)


# A message that names out-of-memory as one possibility among others ("an error such as OOM", Ray's "potential
# root causes. (1) ... OOM killer ... (2) ray stop --force"): a list of what it might be, not the cause.
_HEDGE = re.compile(r"(?:such as|e\.g\.|for example|potential root causes|possible causes|common causes include|"
                    r"\(\d\))[^.;]{0,60}$", re.I)


def _hedged(text: str, at: int) -> bool:
    return bool(_HEDGE.search(text[max(0, at - 80):at]))


def traceback_rule(tb: Traceback) -> str | None:
    """The structural rule a traceback belongs to: by its exception class's strong meaning
    (out of memory), then the packages of its frames (deepest first), then its class, then
    its message."""
    last = (tb.kind or "").rsplit(".", 1)[-1]
    if last and re.search(r"OutOfMemoryError$", last):
        return "exc-memory"
    for f in reversed(tb.frames):
        pkg = f.package or ""
        for prefixes, rule in _PACKAGE_RULES:
            # a frame's package is its first three path parts: deeper prefixes are looked for in the path
            if pkg.startswith(prefixes) or any(p in f.path for p in prefixes if p.endswith(".py") or p.count("/") >= 3):
                if rule == "tb-torch-no-gpu" and "not compiled with cuda" in tb.message.lower():
                    return "tb-torch-cpu-build"
                return rule
        if pkg.startswith(("deepspeed", "llamafactory", "transformers")) or "op_builder" in f.path:
            for rx, rule in _FUNC_RULES:
                if rx.search(f.func):
                    return rule
    if tb.truncated and tb.frames and COLLECTIVE_FUNC.match(tb.frames[-1].func):  # cut off in a collective's setup
        return "tb-distributed"
    for rx, rule in _EXC_RULES:
        if last and rx.search(last):
            return rule
    if (last == "AttributeError" and _package_mismatch(tb)) or (last == "TypeError" and _api_mismatch(tb)) or \
            (last in ("ValueError", "KeyError") and _config_mismatch(tb)):
        return "exc-import"
    for rx, rule in _MSG_RULES:
        m = rx.search(tb.message or "")
        if m and not (rule == "exc-memory" and _hedged(tb.message, m.start())):
            return rule
    # Raised in DeepSpeed's own code, and nothing above said what kind of failure: DeepSpeed's runtime.
    if any((f.package or "").startswith("deepspeed") for f in tb.frames[-3:]):
        return "tb-deepspeed-runtime"
    # Cut off in a chain of imports (every frame at module level, or the last frame's statement an
    # import): failures there are dependency and version problems.
    if tb.truncated and (len(tb.frames) >= 3 and all(f.func == "<module>" for f in tb.frames[-3:]) or
                         tb.frames and tb.importing):
        return "exc-import"
    return None


_NO_ATTRIBUTE = re.compile(r"^module '(?P<mod>[\w.]{1,80})' has no attribute '")


def _package_mismatch(tb: Traceback) -> bool:
    """"module 'aiter' has no attribute 'dtypes'" where the module is a package the traceback runs through, or raised
    inside installed packages (numpy's removed aliases used by a library): versions that do not match. A module of
    the user's own (config, utils) missing a name is the program's bug."""
    m = _NO_ATTRIBUTE.match(tb.message or "")
    if m is None or not tb.frames:
        return False
    top = m.group("mod").split(".")[0]
    return any((f.package or "").split("/")[0] == top or f"/{top}/" in f.path or f.path.startswith(top + "/")
               for f in tb.frames) or any(s in tb.frames[-1].path for s in ("site-packages/", "dist-packages/"))


_UNEXPECTED_KWARG = re.compile(r"got an unexpected keyword argument '")


def _api_mismatch(tb: Traceback) -> bool:
    """"SFTTrainer.__init__() got an unexpected keyword argument 'max_seq_length'" raised in an installed package's
    frame (transformers' deprecation wrapper, trl's trainer): the script was written for another release of the library
    than the one installed. Raised in the user's own frame it may be the program's own call: not judged."""
    return bool(_UNEXPECTED_KWARG.search(tb.message or "")) and bool(tb.frames) and tb.frames[-1].package is not None


# transformers' model configuration code: a config it refuses is of a newer format than the installed release knows
_CONFIG_CODE = re.compile(r"transformers/(?:models/\w{1,60}/configuration_\w{1,60}\.py|configuration_utils\.py|"
                          r"models/auto/configuration_auto\.py)$")


def _config_mismatch(tb: Traceback) -> bool:
    """A ValueError/KeyError raised in transformers' configuration code (Llama 3.1's rope_scaling before 4.43, a model
    type it does not know): the checkpoint was written for a newer transformers than the one installed."""
    return bool(tb.frames) and bool(_CONFIG_CODE.search(tb.frames[-1].path.replace("\\", "/")))


def line_rule(text: str) -> str | None:
    if _KERNEL_WORDS.search(text) and kernel_form(text):
        return "kernel-ip-error"
    for rx, rule in _LINE_RULES:
        m = rx.search(text)
        if m and not (rule == "exc-memory" and _hedged(text, m.start())):
            return rule
    return None


# A shell prompt and its command ("user@host:~$ clinfo --list", "$ rocminfo"), and a command run under sudo
# with its options ("sudo -u root clinfo --list" -> "clinfo --list").
_PROMPT_CMD = re.compile(r"^(?:\(\S{1,40}\) )?(?:\S{1,80}[$#]|[$#]) {0,2}(?P<cmd>\S[^\n]{0,300}?)\s*$")
_SUDO_PART = re.compile(r"^sudo(?: -\w(?: \w{1,32})?){0,3} ")
# What a device-listing command prints when it sees the GPU (rocminfo's agents, clinfo's devices, torch's True).
_LISTED_GPU = re.compile(r"^\s{0,8}(?:Agent \d{1,3}\b|[`|]-- Device #\d|Marketing Name:|Name:\s{1,40}gfx[0-9a-f]{3,4})|"
                         r"^True\s*$")


def silent_user_run(lines: list[str], sudo_line: LogLine, first: int = 1) -> str:
    """The user's own run of the command that ``sudo_line`` ran under sudo, when it came earlier in ``lines``
    (numbered from ``first``) and listed no GPU before the sudo run ("" otherwise): the command finds the GPU
    only as root."""
    at = sudo_line.number - first
    if not 0 <= at < len(lines):
        return ""
    m = _PROMPT_CMD.match(lines[at].strip())
    if m is None:
        return ""
    cmd = _SUDO_PART.sub("", m.group("cmd"))
    if cmd == m.group("cmd"):
        return ""
    for j in range(at - 1, max(-1, at - 40), -1):
        u = _PROMPT_CMD.match(lines[j].strip())
        if u and u.group("cmd") == cmd:
            return "" if any(_LISTED_GPU.match(x) for x in lines[j + 1:at]) else lines[j].strip()
    return ""


# rocminfo decides "ROCk module is NOT loaded" by running lsmod: where the shell just said lsmod is not there
# (container images without kmod), that line says nothing about the driver (ROCm/rocminfo#48, #49).
_NO_LSMOD = re.compile(r"\blsmod: (?:command )?not found\b")


def rock_check_blind(lines: list[str], ln: LogLine, first: int = 1) -> bool:
    """True when ``ln`` (numbered from ``first`` in ``lines``) is rocminfo's module check run without lsmod, or one
    that the next lines refute: rocminfo goes on to open /dev/kfd (amdgpu built into the kernel, or libkmod tripping
    over another module's holders: ROCm/legacy-rocm-build#1227)."""
    at = ln.number - first
    return 0 <= at < len(lines) and "ROCk module" in ln.text and (
        any(_NO_LSMOD.search(x) for x in lines[max(0, at - 3):at])
        or any("Able to open /dev/kfd read-write" in x for x in lines[at + 1:at + 4]))


# ggml's CUDA/HIP error block (llama.cpp, whisper.cpp, stable-diffusion.cpp, Ollama): the error, the device and
# function, then the runtime call that returned it ("  hipStreamCreateWithFlags(&streams[device][stream], 0x01)").
_GGML_ERROR = re.compile(r"^\.{0,200}(?:CUDA|ROCm|HIP) error: ")  # (after the loader's progress dots)
_GGML_WHERE = re.compile(r"^\s{1,8}current device: -?\d{1,4}, in function \w{1,120}")
_GGML_CALL = re.compile(r"^\s{1,8}(?P<call>(?:hip|cuda|cu|hipblas|cublas|rocblas)\w{1,80})\(")
_NOT_AN_ALLOCATION = re.compile(r"\bout of memory\b", re.I)
_ALLOCATES = re.compile(r"alloc|Mem(?:Pool|Create|Map|cpy|set)|Malloc|HostRegister", re.I)


def ggml_failed_call(lines: list[str], ln: LogLine, first: int = 1) -> str:
    """The runtime call named by ggml's error block that starts at ``ln`` ("" when ``ln`` starts none)."""
    at = ln.number - first
    if not (0 <= at < len(lines) - 2) or not _GGML_ERROR.match(ln.text.strip()) or not _GGML_WHERE.match(lines[at + 1]):
        return ""
    m = _GGML_CALL.match(lines[at + 2])
    return m.group("call") if m else ""


def reason(shape: Shape, unexplained: list[LogLine], lines: list[str] | None = None, first: int = 1) -> list[tuple]:
    """(signature, evidence LogLine, fields) from the shape, deduplicated by rule; ``lines``: the window the
    shape was read from, numbered from ``first`` (for rules that compare two of its commands)."""
    out: dict[str, tuple] = {}

    def add(rule_id: str, line: LogLine | None, **fields: object) -> None:
        if rule_id and line is not None and rule_id not in out:
            out[rule_id] = (rules.by_id(rule_id), line, {k: str(v) for k, v in fields.items() if v})

    b = shape.build
    if b is not None:  # the first compiler/linker error is the root; the traceback after it follows from it
        missing = not b.deepspeed and bool(MISSING_FILE.search(b.line.text[:2000]))
        add("tb-deepspeed-op-build" if b.deepspeed else "build-missing-file" if missing else "build-failed", b.line,
            built=b.what, detail="the first compiler or linker error of the build")
    r = shape.refusal
    if r is not None and (r[2] or looks_like_error(r[0].text) or r[0] is shape.single):
        add("gfx-refused-library" if r[2] else "gfx-refused", r[0], gfx=r[1])
    if shape.driver_root is not None and not rock_check_blind(lines or [], shape.driver_root, first):
        add("driver-refuses-gpu", shape.driver_root)
    for tb in reversed(shape.tracebacks):  # the last traceback that says something ended the run
        rule = traceback_rule(tb)
        if rule == "tb-extension-build":  # torch's extension builder: DeepSpeed's ops, or another package's
            rule = "tb-deepspeed-op-build" if shape.build is not None and shape.build.deepspeed or \
                any(p.startswith("deepspeed") for p in tb.packages()) or shape.deepspeed_seen else "build-failed"
        if rule:
            pkgs = ", ".join(dict.fromkeys(p.split("/")[0] for p in tb.packages()))
            add(rule, tb.evidence, exception=tb.kind or "(traceback cut off)", message=tb.message[:200],
                packages=pkgs)
            break
    for e in shape.nccl:
        add(_NCCL_RULES.get(e.cls, "tb-distributed"), e.line, nccl_class=e.cls, last_error=e.last_error)
    if shape.run_without_gpu is not None:  # the container was given no GPU: before what torch in it says
        add("container-run-without-gpu", shape.run_without_gpu[0],
            detail=f"then: {shape.run_without_gpu[1].text.strip()[:120]}")
    if shape.masked is not None:  # the log's own lists select no GPU: before what torch then says
        add("visible-devices-select-none", shape.masked[0], detail=shape.masked[2],
            then=shape.masked[1].text.strip()[:120])
    if shape.no_gpu is not None:
        add("tb-torch-no-gpu", shape.no_gpu, detail="a ROCm build of torch says it sees no GPU")
    if shape.stop is not None:
        st = shape.stop
        # A collective test's first rows take microseconds: no rows is a hang. The last words a rank
        # prints before a collective, or a timeout/kill after the progress, are a hang too. Progress
        # that merely stops is also what a log pasted while the job still runs looks like.
        rule = ("stop-collective-test" if st.kind == "collective-test" else
                "stop-progress" if st.kind == "collective-wait" or st.signal is not None else "stop-progress-open")
        add(rule, st.line, detail=st.detail, signal=st.signal.text[:200] if st.signal is not None else "")
    if shape.torch_replaced is not None:
        add("pip-replaces-rocm-torch", shape.torch_replaced[0], detail=shape.torch_replaced[1])
    if shape.cuda_torch is not None:
        add("torch-cuda-build-no-gpu", shape.cuda_torch[0], torch_build=shape.cuda_torch[1])
    if shape.numerics is not None:
        add("line-numerics", shape.numerics[0], detail=shape.numerics[1])
    for k in shape.kernel:
        add("kernel-ip-error", k.line, ip_block=k.block, severity="severe" if k.severe else "error")
        break
    if shape.sudo_ok is not None and lines:
        # The same command as the user printed no GPU (nothing, or no device), under sudo it lists one: a device
        # the user cannot open (permissions), said by the runs themselves, not by an error line.
        user_run = silent_user_run(lines, shape.sudo_ok, first)
        if user_run:
            add("root-only-device-access", shape.sudo_ok, no_gpu_listed_as_the_user=user_run[:160])
    if not out:  # a line's words are the weakest evidence: only when the shape said nothing
        for ln in unexplained:
            call = ggml_failed_call(lines or [], ln, first)
            if call and _NOT_AN_ALLOCATION.search(ln.text) and not _ALLOCATES.search(call):
                # ggml names the runtime call that failed: "out of memory" from a call that allocates no
                # device memory (a stream, an event, a module) is the runtime failing to create queues on
                # that device (an iGPU it cannot drive, too many queues), not VRAM exhausted.
                add("exc-gpu-runtime", ln, failed_call=call,
                    detail="the runtime call that failed allocates no device memory")
                break
            rule = line_rule(ln.text)
            if rule:
                add(rule, ln, failed_call=call)
                break
    if not out and shape.single is not None:  # a one-line paste is judged by that line, error form or not
        rule = line_rule(shape.single.text) if _FAILURE_WORDS.search(shape.single.text) and not is_benign(
            shape.single.text) else None
        if rule:
            add(rule, shape.single)
    if "exc-gpu-runtime" in out and lines and any(_ZLUDA.search(t) for t in lines):
        # the GPU error of a CUDA program that ZLUDA translates: its layer first (zluda-layer's note)
        out = {("zluda-layer" if k == "exc-gpu-runtime" else k):
               ((rules.by_id("zluda-layer"),) + v[1:] if k == "exc-gpu-runtime" else v) for k, v in out.items()}
    return list(out.values())


# ZLUDA in use: said so, loaded, or in the program's paths (C:\\llamaZLUDA\\, automatic-dev.zluda); not "ZLUDA is not
# installed, using native ROCm torch"
_ZLUDA = re.compile(r"\busing zluda\b|\bload(?:ing|ed)? zluda\b|\bzluda support\b|[\\/][^\s\\/]{0,60}zluda|"
                    r"\bzluda[^\s\\/]{0,60}[\\/]|\.zluda\b", re.I)
# A pasted line with no error form still says it failed in these words (a one-line paste is all
# the evidence there is; a bare status line without them is not a failure).
_FAILURE_WORDS = re.compile(r"\b(?:fail\w{0,4}|error\w{0,2}|cannot|can't|unable|denied|not permitted|invalid|"
                            r"unsupported|not supported|no such|not found|missing|abort\w{0,3}|killed|timed? ?out|"
                            r"out of memory)\b", re.I)
