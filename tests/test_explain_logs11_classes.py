"""Refusal classes by a sentence's grammar (track logs11, issue 24): when no signature knows a line's
words, structure.sentence_class reads what kind of refusal the error line is (a version requirement,
a value an option does not accept, a capability the GPU lacks, memory that could not be had, a
distributed timeout or error class) and its subject picks the family (tests/corpus/FAMILIES.md).
Each class: real text from a public thread (URL beside it) that it must answer, and a look-alike it
must not (a warning, a note the run goes on from, a traceback's source line)."""
from __future__ import annotations

import pytest

from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import explain
from rocmdoctor.logs.logscan import scan_text
from rocmdoctor.logs.structure import analyze, sentence_class


def _top(lines: list[str]):
    result = scan_text(lines, name="x.log")
    result.files = ["x.log"]
    expl = explain(result, Machine(None), inputs=["x.log"], shape_lines=[("x.log", lines)])
    probs = [d for d in expl.diagnoses if d.is_problem]
    return (probs[0].signature.id, probs[0].signature.family) if probs else (None, None), expl.exit_code()


# ---------------------------------------------------------------- version requirements -> packages

# https://github.com/Megvii-BaseDetection/BEVDepth/issues/14 (a one-line paste: judged by its words alone)
BEVDEPTH = "To use bfloat16 with native amp you must install torch greater or equal to 1.10."
# https://github.com/hiyouga/LlamaFactory/pull/10392 (HF's require_version grammar: "X>=a,<=b is required")
LLAMAFACTORY = "ImportError: transformers>=4.55.0,<=5.2.0 is required for a normal functioning of this module,"
# https://github.com/invoke-ai/InvokeAI/issues/5219 (pip's resolver: "requires X~=a, but you have X b")
PIP_CONFLICT = "invokeai 3.4.0.post2 requires requests~=2.28.2, but you have requests 2.31.0 which is incompatible."
# https://github.com/deepspeedai/DeepSpeed/pull/3152 (ds_report on a healthy install: a warning, not a refusal)
DS_REPORT_WARNING = "[WARNING]  sparse_attn requires a torch version >= 1.5 but detected 2.0"


def test_version_requirement_is_packages():
    assert sentence_class(BEVDEPTH, alone=True)[0] == "refusal-version"
    assert sentence_class(LLAMAFACTORY)[0] == "refusal-version"
    assert sentence_class(PIP_CONFLICT)[0] == "refusal-version"
    (sig, fam), code = _top([BEVDEPTH])
    assert (sig, fam) == ("refusal-version", "packages") and code != 0


def test_version_words_in_a_warning_are_not_a_refusal():
    assert sentence_class(DS_REPORT_WARNING) is None
    assert sentence_class(DS_REPORT_WARNING, alone=True) is None
    # without an error form, a line among others is not judged by its words
    assert sentence_class(BEVDEPTH) is None


# ---------------------------------------------------------------- a value an option refuses -> its subject's family

# https://github.com/bytedance/MVDream-threestudio/issues/5
MVDREAM = ("MisconfigurationException: Precision '16-mixed' is invalid. Allowed precision values: "
           "('64', '32', '16', 'bf16', 64, 32, 16)")
# https://github.com/Lightning-AI/litgpt/issues/241 (the traceback: its source line quotes the f-string)
LITGPT = [
    '\\lit-gpt\\.venv\\Lib\\site-packages\\lightning\\fabric\\connector.py", line 549, in _convert_precision_to_unified_args',
    '    raise ValueError(f"Precision {repr(precision)} is invalid. Allowed precision values: {supported_precision}")',
    "ValueError: Precision 'bf16-true' is invalid. Allowed precision values: ('16-mixed', 'bf16-mixed', '32-true', "
    "'64-true', 64, 32, 16, '64', '32', '16', 'bf16')",
]


def test_option_refusal_of_a_precision_string_is_packages():
    # FAMILIES.md (logs9): a precision string the installed framework does not know is a version problem
    assert sentence_class(MVDREAM)[0] == "refusal-option"
    (sig, fam), _ = _top([MVDREAM])
    assert (sig, fam) == ("refusal-option", "packages")
    (sig, fam), _ = _top(LITGPT)
    assert fam == "packages"
    shape = analyze(LITGPT)
    assert shape.sentence is not None and shape.sentence[0].text.startswith("ValueError")


def test_a_source_line_that_quotes_the_refusal_is_code_not_output():
    assert sentence_class(LITGPT[1]) is None


# ---------------------------------------------------------------- a capability the GPU lacks

# https://github.com/Dao-AILab/flash-attention/issues/1506
FLASH_AMPERE = "RuntimeError: FlashAttention only supports Ampere GPUs or newer."
# https://github.com/likelovewant/ollama-for-amd/issues/14 (Ollama notes an unsupported iGPU and goes on)
OLLAMA_WARN = ('time=2024-08-09T00:25:59.172+08:00 level=WARN source=amd_windows.go:97 msg="amdgpu is not supported" '
               'gpu=0 gpu_type=gfx1031 library=C:\\Users\\Administrator\\AppData\\Local\\Programs\\Ollama\\rocm '
               'supported_types=[gfx1103]')


def test_capability_refused_by_a_kernel_library_is_packages():
    assert sentence_class(FLASH_AMPERE)[0] == "refusal-capability-library"
    assert sentence_class("RuntimeError: this build only supports GPUs with compute capability 8.0")[0] == \
        "refusal-capability"


def test_capability_words_in_a_warning_are_not_the_failure():
    assert sentence_class(OLLAMA_WARN) is None


# ---------------------------------------------------------------- memory that could not be had -> memory

# https://github.com/NeverGiveU/CartoonGAN-pytorch/issues/1
CPU_ALLOC = ("Error\uff1aRuntimeError: [enforce fail at CPUAllocator.cpp:64] . DefaultCPUAllocator: can't allocate "
             "memory: you tried to allocate 67108864 bytes. Error code 12 (Cannot allocate memory)")
# https://github.com/ROCm/legacy-rocm-build/issues/1064 (the HSA runtime's resources: a device that cannot be opened, not memory)
HSA_OOR = ("Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. "
           "This error may also occur when the core runtime library needs to spawn threads or create internal "
           "OS-specific events.")


def test_allocation_that_fails_is_memory():
    assert sentence_class(CPU_ALLOC)[0] == "exc-memory"


def test_hsa_out_of_resources_is_not_memory():
    assert sentence_class(HSA_OOR) is None


# ---------------------------------------------------------------- distributed timeouts and error classes

# https://github.com/kubeflow/trainer/issues/2041 (logged at WARNING, but the class is torch.distributed's error)
KUBEFLOW = ("WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node "
            "'elastic-example-imagenet-worker-1_17_0' has failed to shutdown the rendezvous 'none' due to an error "
            "of type RendezvousConnectionError.")
# https://github.com/pypa/pip/issues/9947 (pip retrying a download: a timeout, nothing distributed, and it goes on)
PIP_RETRY = ("WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection "
             "broken by 'ReadTimeoutError(\"HTTPSConnectionPool(host='pypi.org', port=443): Read timed out. (read "
             "timeout=15)\",)': /simple/torchvision/")


def test_distributed_error_class_is_distributed_at_any_level():
    assert sentence_class(KUBEFLOW)[0] == "tb-distributed"
    (sig, fam), _ = _top([
        "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
        KUBEFLOW,
        "Traceback (most recent call last):",
    ])
    assert fam == "distributed"


def test_a_timeout_that_is_not_distributed_is_not_this_class():
    assert sentence_class(PIP_RETRY) is None
    assert sentence_class("RuntimeError: Timed out waiting for the store based barrier of the process group")[0] == \
        "tb-distributed"


@pytest.mark.parametrize("text", [BEVDEPTH, MVDREAM, FLASH_AMPERE, CPU_ALLOC, KUBEFLOW])
def test_a_signature_that_knows_the_line_wins(text):
    """The classes are a fallback: explain's catalog answer, where it has one, stays first."""
    (sig, _), _ = _top(["torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 MiB.", text])
    assert not sig.startswith("refusal-")


# https://github.com/hiyouga/LlamaFactory/issues/6269 (the catalog knows the watchdog, at the consequence tier)
WATCHDOG = ("[rank0]:[E1206 18:44:12.715298746 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation "
            "timeout: WorkNCCL(SeqNum=7753, OpType=_REDUCE_SCATTER_BASE, NumelIn=544997376, NumelOut=68124672, "
            "Timeout(ms)=600000) ran for 600061 milliseconds before timing out.")


def test_a_line_the_catalog_explains_is_not_answered_again_by_its_class():
    assert sentence_class(WATCHDOG)[0] == "tb-distributed"  # its grammar is a collective timeout ...
    (sig, fam), _ = _top([WATCHDOG])
    assert fam == "distributed" and sig != "tb-distributed"  # ... but the catalog's answer names it better
