"""Sentence classes: the grammar of an error line that no signature knows (a version requirement
not met, a value an option does not accept, a capability the GPU lacks, memory that could not be
had, a collective or rendezvous that timed out), and the subject that picks its family."""
from __future__ import annotations

import re

from .builds import _KERNEL_LIBRARY


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
