"""RCCL/HIP environment settings written to a file the user chooses, and harmful
settings removed from the file that sets them.

FixPlan contract: ``fixer="env_file"``; Action(kind="env", env={"NAME": "value"}) to
set, ``{"NAME": None}`` to unset. ``params={"files": {"NAME": "/path/that/sets/it"}}``
names where a variable to unset is set, when the check knows (an unset without a
known file is shown as advice). Values to set go into ``--env-file PATH``:

- ``*.sh`` or anything under /etc/profile.d: ``export NAME=value`` (shell-quoted);
  read by new login shells, or by a launcher that sources it.
- anything else: ``NAME=value`` lines, the form ``docker run --env-file`` and
  systemd ``EnvironmentFile=`` both read; values that would need quoting are refused,
  because those two readers disagree about quotes.

A variable to unset whose file is not known becomes an ``unset NAME`` line in a ``.sh``
target. Without --env-file the target is /etc/profile.d/rocmdoctor-llm.sh (needs root):
read by every new login shell, so the plan needs a re-login and the next scan verifies it.
With --example/--snapshot, --env-file names a file on this machine (the user's own).

Never ~/.bashrc or another shell start-up file: a setting there leaks into every
shell and hides from the launcher (design notes: "Things peers get wrong").
"""
from __future__ import annotations

import posixpath
import re
import shlex

from rocmdoctor.remedy.fixplan import Concrete, FileEdit, FixContext, Refused, split_lines
from rocmdoctor.engine.model import Applicability, FixPlan

NAME = "env_file"
SHELL_RC = {".bashrc", ".bash_profile", ".bash_login", ".profile", ".zshrc", ".zprofile", ".zshenv",
            ".cshrc", ".tcshrc", ".kshrc", "bash.bashrc", "profile", "environment"}
_VAR = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_PLAIN = re.compile(r"^[A-Za-z0-9_.,:/=+@%-]*$")
HEADER_SH = "# RCCL/HIP settings for LLM training, written by `rocmdoctor fix`.\n# Source it from your launcher, or keep it in /etc/profile.d for login shells.\n"
DEFAULT_TARGET = "/etc/profile.d/rocmdoctor-llm.sh"
HEADER_ENV = "# RCCL/HIP settings for LLM training, written by `rocmdoctor fix`.\n# docker run --env-file FILE, systemd EnvironmentFile=FILE, or: set -a; . FILE; set +a\n"


def merge(plans: list[FixPlan]) -> FixPlan:
    env: dict[str, str | None] = {}
    files: dict[str, str] = {}
    for p in plans:
        for a in p.actions:
            if a.kind == "env" and a.env:
                env.update(a.env)
        files.update(p.params.get("files") or {})
    from rocmdoctor.engine.model import Action

    order = [Applicability.SAFE, Applicability.UNSAFE, Applicability.DISPLAY_ONLY]
    worst = max((p.applicability for p in plans), key=order.index)
    return FixPlan("Environment settings for ROCm training", (Action("env", "settings", env=env),), worst,
                   fixer=NAME, params={"files": files})


def is_shell_rc(path: str) -> bool:
    return posixpath.basename(path) in SHELL_RC


def _style(path: str) -> str:
    return "sh" if path.endswith(".sh") or path.startswith("/etc/profile.d/") else "env"


def _line(style: str, name: str, value: str) -> str:
    if style == "sh":
        return f"export {name}={shlex.quote(value)}"
    if not _PLAIN.match(value):
        raise Refused(f"{name}={value!r} needs quoting, which docker and systemd read differently; use a .sh file")
    return f"{name}={value}"


def _assign_re(name: str) -> re.Pattern:
    return re.compile(rf"^\s*(?:export\s+)?{re.escape(name)}=")


def _drop(text: str, names: list[str], path: str) -> tuple[str, list[str]]:
    """Remove whole-line assignments of ``names``; report other lines that mention them."""
    kept, notes = [], []
    for n, line in enumerate(split_lines(text), 1):
        hit = next((v for v in names if _assign_re(v).match(line)), None)
        if hit:
            body = line.strip()
            rest = re.sub(rf"^(?:export\s+)?{re.escape(hit)}=", "", body)
            try:
                words = shlex.split(rest, comments=True)
            except ValueError:
                raise Refused(f"{path} line {n}: cannot parse the assignment of {hit}") from None
            if len(words) > 1 or re.search(r"[;&|`$(]", rest.split("#")[0]):
                raise Refused(f"{path} line {n}: {hit} is set together with other shell; edit it by hand")
            continue
        if any(re.search(rf"\b{re.escape(v)}\b", line) for v in names) and not line.lstrip().startswith("#"):
            notes.append(f"{path} line {n} also mentions {', '.join(v for v in names if v in line)}; left as it is")
        kept.append(line)
    return "".join(kept), notes


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    env: dict[str, str | None] = {}
    for a in fix.actions:
        if a.kind == "env" and a.env:
            env.update(a.env)
    for k in env:
        if not _VAR.match(k):
            raise Refused(f"{k!r} is not a variable name")
    sets = {k: v for k, v in env.items() if v is not None}
    unsets = [k for k, v in env.items() if v is None]
    known = dict(fix.params.get("files") or {})
    target: str = fctx.options.get("env_file") or ""
    host = bool(target) and fctx.kind not in ("live", "root")  # the user's own file on this machine
    if host:
        import os

        target = os.path.abspath(target)
    unknown = [k for k in unsets if not known.get(k)]
    if not target and (sets or unknown):
        target = DEFAULT_TARGET
        c_why = (f"no --env-file given: {DEFAULT_TARGET}, read by every login shell (--env-file PATH puts them in "
                 "a file your launcher sources instead); never ~/.bashrc")
    else:
        c_why = ""
    c = Concrete(title=fix.title, fixer=NAME, applicability=fix.applicability, params={"env": env},
                 why=str(fix.params.get("why", "")) or c_why or "settings go to the file you chose, never ~/.bashrc")
    edits: dict[str, tuple[str | None, str]] = {}

    def current(path: str) -> str | None:
        if path in edits:
            return edits[path][1]
        if host and path == target:
            try:
                with open(path, encoding="utf-8", newline="") as fh:
                    return fh.read()
            except FileNotFoundError:
                return None
            except (OSError, UnicodeDecodeError) as exc:
                raise Refused(f"{path}: {exc}") from None
        return fctx.read(path)

    for name in unsets:
        path = known.get(name)
        if not path:
            continue  # an `unset` line in the target, below
        text = current(path)
        if text is None:
            c.notes.append(f"{path} (said to set {name}) is not readable; unset {name} by hand")
            continue
        new, notes = _drop(text, [name], path)
        c.notes += notes
        if new != text:
            edits[path] = (edits.get(path, (text,))[0], new)
    if sets or unknown:
        if is_shell_rc(target):
            raise Refused(f"{target} is a shell start-up file; choose a file for the launcher or /etc/profile.d")
        style = _style(target)
        if unknown and style != "sh":
            raise Refused(f"{target} is read by docker/systemd, which cannot unset {', '.join(unknown)}; "
                          "use a .sh file (the launcher sources it) or /etc/profile.d")
        old = current(target)
        text = old if old is not None else (HEADER_SH if style == "sh" else HEADER_ENV)
        lines = split_lines(text)
        if lines and not lines[-1].endswith("\n"):
            lines[-1] += "\n"
        for k, v in sets.items():
            new_line = _line(style, k, v) + "\n"
            idx = [i for i, ln in enumerate(lines) if _assign_re(k).match(ln)]
            if idx:
                lines[idx[-1]] = new_line if lines[idx[-1]].rstrip("\r\n") != new_line.rstrip("\n") else lines[idx[-1]]
                for i in reversed(idx[:-1]):
                    del lines[i]
            else:
                lines.append(new_line)
        for k in unknown:
            unset_line = f"unset {k}\n"
            lines = [ln for ln in lines if not _assign_re(k).match(ln)]
            if unset_line not in lines:
                lines.append(unset_line)
        new = "".join(lines)
        if new != (old or ""):
            orig = edits[target][0] if target in edits else old
            edits[target] = (orig, new)
        if not target.startswith("/etc/profile.d/"):
            c.takes_effect = f"after the launcher reads {target}"
        c.notes.append(f"source {target} in the launcher (or open a new login shell)" if style == "sh"
                       else f"pass {target} to the launcher: docker run --env-file {target}, systemd "
                            f"EnvironmentFile={target}, or `set -a; . {target}; set +a`")
    for path, (old, new) in edits.items():
        if old == new:
            continue
        is_host = host and path == target
        c.edits.append(FileEdit(path, old, new, note="" if is_host else fctx.link_note(path), host=is_host))
        if path.startswith(("/etc/", "/usr/", "/opt/")) and not is_host:
            c.needs_root = True
        if path.startswith("/etc/profile.d/") and not is_host:
            c.needs_relogin = True
            c.notes.append("log in again (or `. " + path + "` in the launcher) for new processes to get it")
    if not c.edits and c.applicability != Applicability.DISPLAY_ONLY:
        c.nothing_to_do = "the settings are already in place"
    if unknown:
        c.notes.append(f"{', '.join(unknown)} may also be set in a shell start-up file, the launcher or the "
                       "container image; the next scan shows whether it is gone")
    return c
