"""Progress: the lines that show a run going on or ending well (bars, steps, finite metrics, a
trainer's or benchmark's end, a results table, a served request)."""
from __future__ import annotations

import re


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

# A training metric and its value in any form a trainer prints: "loss: 2.3", "'grad_norm': nan",
# a metrics table's "| loss     nan |", "val loss inf", "train_loss=inf", and the HF Trainer's "***** eval
# metrics *****" block, whose keys are padded to one column ("  eval_loss               =        nan").
_METRIC_VALUE = re.compile(r"""\b(?:train_|val_|eval_|val |eval )?(?P<key>grad_norm|loss|norm)['"]?(?:\s{0,40}[:=]\s{0,40}|\s{1,16})"""
                           r"""['"]?(?P<v>[-+]?(?:nan|inf(?:inity)?)|\d{1,12}(?:\.\d{0,20})?(?:e[-+]?\d{1,4})?)\b""", re.I)

# Training progress: tqdm/keras bars "N/M", step counters, the HF Trainer's dicts.
_BAR = re.compile(r"(?:^|[\s|\]])(?P<n>\d{1,9})/(?P<m>\d{1,9}) (?:\[|-)")
_STEP = re.compile(r"\b(?:step|iteration|global_step|iter)\s{0,2}[=:]?\s{0,2}(?P<n>\d{1,9})\b|\{'loss':|\bEpoch\(train\)|"
                   r"\bEpoch \[\d{1,6}\]\[\d{1,9}/\d{1,9}\]", re.I)


# The run reached the GPU and kept going: vLLM sizing its KV cache in GPU blocks after loading the model
# ("# GPU blocks: 2658, # CPU blocks: 327", vllm#2942; "GPU KV cache size: 123,456 tokens"), an application
# naming the GPU it runs on ("Using torch device: [AMD Radeon RX 7900 XTX (cuda:0)]", InvokeAI#9490). Not a CPU
# device ("Using device: cpu" is the fallback a missing GPU causes).
_ON_GPU = re.compile(r"# GPU blocks: [1-9]\d{0,9}\b|\bGPU KV cache size: [1-9][\d,]{0,14}\b|"
                     r"\bUsing (?:torch )?device:? \[?(?:AMD |Radeon |Instinct |cuda:\d|[^\]\n]{1,80}\(cuda:\d)", re.I)


# A request the server answered with an error (Gin's access log "| 500 |", a common-log status 5xx/4xx): the failure
# reported to its client, not the run going on, however table-like its cells look
_FAILED_REQUEST = re.compile(r"\[GIN\][^\n]{0,80}?\|\s{0,4}[45]\d\d\s{0,4}\||\" [45]\d\d \d|\"status_code\":\s{0,2}[45]\d\d\b")


def declares_success(text: str) -> bool:
    return bool(_SUCCESS.search(text[:2000]))


def went_on(text: str) -> bool:
    """The line shows the run going on or ending well: progress, a finite metric, the end of a
    trainer or benchmark, a results table row, a served request."""
    t = text[:2000]
    if _FAILED_REQUEST.search(t):
        return False
    if _SUCCESS.search(t) or _ON_GPU.search(t):
        return True
    if ("|" in t and len(_NUMERIC_CELLS.findall(t)) >= 2) or _BAR.search(t) or _STEP.search(t):
        return True
    return any(mv.group("v").lower().lstrip("+-")[:3] not in ("nan", "inf") for mv in _METRIC_VALUE.finditer(t))
