"""The RUN scripts of a Dockerfile that /bin/sh runs as dash: shell-form RUNs in a stage whose base image is Debian or
Ubuntu (knowledge/base_images.dash_sh) and that no SHELL instruction (in the stage or the stage it is built FROM) has
given another shell. `RUN bash -c '...'`, `RUN bash <<EOF` and a heredoc that starts with its own #! are not these."""
from __future__ import annotations

import re

from ...knowledge.base_images import dash_sh

_OWN_SHELL = re.compile(r"^\s*(?:\S*/)?(?:env\s+)?(?:bash|zsh|ksh)\b")


def dash_runs(parsed: list[dict], stages: list[dict], scripts) -> list[dict]:
    """[{line, last, text, image}] for each shell-form RUN script dash runs; ``scripts(ins, n, last)`` gives what a RUN
    runs in its shell (dockerfile._scripts)."""
    out: list[dict] = []
    dash_of: dict[str, bool] = {}  # AS name -> whether that stage's RUNs are dash's
    dash, k, alias = False, -1, None
    for ins in parsed:
        name, n, last = ins["instruction"], ins["startline"] + 1, ins["endline"] + 1
        if name == "FROM":
            k += 1
            words = [w for w in ins["value"].split() if not w.startswith("--")]
            stage = stages[k] if k < len(stages) else {}
            parent = words[0].lower() if words else ""
            dash = dash_of.get(parent, False) if stage.get("stage_ref") else dash_sh(str(stage.get("image") or ""))
            alias = words[2].lower() if len(words) >= 3 and words[1].lower() == "as" else None
            if alias:
                dash_of[alias] = dash
            continue
        if name == "SHELL":
            dash = bool(re.search(r"[\"'](?:/usr)?/bin/(?:da)?sh[\"']", ins["value"]))
            if alias:
                dash_of[alias] = dash
            continue
        if name != "RUN" or not dash or ins.get("json") and ins["value"].lstrip().startswith("["):
            continue
        if _OWN_SHELL.match(ins["value"]):
            continue  # `RUN bash -c '...'`, `RUN bash <<EOF`, `RUN /bin/bash script.sh`: bash runs it
        if ins.get("heredocs") and any(body.lstrip().startswith("#!") for _n, body, _f in ins["heredocs"]):
            continue  # BuildKit runs a heredoc with a shebang line by that interpreter
        for text, first, end in scripts(ins, n, last):
            out.append({"line": first, "last": end, "text": text, "image": str(stages[k].get("image") or "")
                        if 0 <= k < len(stages) else ""})
    return out
