"""The RUN scripts of a Dockerfile that /bin/sh runs as dash: shell-form RUNs in a stage whose base image is Debian or
Ubuntu (knowledge/base_images.dash_sh) and that no SHELL instruction (in the stage or the stage it is built FROM) has
given another shell. What bash runs (`RUN bash -c '...'`, `RUN <<EOF bash`, a heredoc that starts with its own #!) and
what a heredoc feeds to another program (`RUN cat > f <<EOF`) are not these."""
from __future__ import annotations

import re

from ...knowledge.base_images import dash_sh
from .shell.words import HEREDOC

_SH = re.compile(r"^\s*(?:\S*/)?(?:env\s+)?(?:sh|dash)(?:\s|$)")
_SHELL_SH = re.compile(r"^\s*\[\s*[\"'](?:/usr)?(?:/bin/)?(?:da)?sh[\"']")  # SHELL ["/bin/sh", "-c"], ["sh", "-c"]


def dash_runs(parsed: list[dict], stages: list[dict]) -> list[dict]:
    """[{line, text, image}] for each shell-form RUN that dash runs: ``text`` is the RUN's command (quoted text is the
    checks' to leave alone: `bash -c '...'` keeps its script in quotes) or a heredoc's body that sh runs."""
    out: list[dict] = []
    state: dict[str, tuple[bool, bool]] = {}  # AS name -> (the base's /bin/sh is dash, the stage's RUNs are dash's)
    base_dash = dash = False
    k, alias = -1, None
    for ins in parsed:
        name, n = ins["instruction"], ins["startline"] + 1
        if name == "FROM":
            k += 1
            words = [w for w in ins["value"].split() if not w.startswith("--")]
            stage = stages[k] if k < len(stages) else {}
            if stage.get("stage_ref"):
                base_dash, dash = state.get(words[0].lower() if words else "", (False, False))
            else:
                base_dash = dash = dash_sh(str(stage.get("image") or ""))
            alias = words[2].lower() if len(words) >= 3 and words[1].lower() == "as" else None
        elif name == "SHELL":
            dash = base_dash and _SHELL_SH.match(ins["value"]) is not None  # /bin/sh is what the image makes it
        elif name == "RUN" and dash:  # (an exec form's JSON is all quoted text: nothing in it is judged)
            image = str(stages[k].get("image") or "") if 0 <= k < len(stages) else ""
            bodies = ins.get("heredocs") or []
            command = HEREDOC.sub(" ", ins["value"]).strip() if bodies else ins["value"]
            if command:
                out.append({"line": n, "text": command, "image": image})  # the command itself (sh -c's text quoted)
            if bodies and (not command or _SH.match(command)):  # `RUN <<EOF`, `RUN sh <<EOF`: sh runs the body
                out += [{"line": first0 + 1, "text": body, "image": image} for _n, body, first0 in bodies
                        if not body.lstrip().startswith("#!")]  # a body with its own #! runs in that interpreter
        if alias and name in ("FROM", "SHELL"):
            state[alias] = (base_dash, dash)
    return out
