"""``docker run`` (and podman's, nerdctl's; ``create`` too) read as a compose service.

A launch script that starts its container with ``docker run --device /dev/kfd ...`` makes the
same choices a compose file does: device nodes, shared memory, groups, runtime, GPU requests,
environment. Reading the flags into a compose-shaped service lets the compose rules
(checks/container_config/, RD-CTR-003..007) judge both the same way.
"""
from __future__ import annotations

import os
import re

RUNNERS = ("docker", "podman", "nerdctl")
VERBS = ("run", "create")
# Flags that take no value (everything else that starts with - takes one, unless written
# --name=value): docker's, podman's and nerdctl's boolean options for run/create.
_BOOL_LONG = {"detach", "interactive", "tty", "rm", "privileged", "init", "publish-all", "read-only", "sig-proxy",
              "oom-kill-disable", "no-healthcheck", "help", "quiet", "disable-content-trust", "use-api-socket",
              "replace", "rmi", "tls-verify", "http-proxy", "env-host", "no-hosts", "passwd", "read-only-tmpfs",
              "rootfs", "systemd"}
_BOOL_SHORT = set("ditPq")
_SHORT_VALUE = {"e": "env", "v": "volume", "p": "publish", "w": "workdir", "u": "user", "h": "hostname",
                "m": "memory", "l": "label", "a": "attach", "c": "cpu-shares"}
# The runner flags that compose has keys for: flag -> compose key (list-valued when repeatable).
KEY_OF_FLAG = {"device": "devices", "privileged": "privileged", "ipc": "ipc", "shm-size": "shm_size",
               "group-add": "group_add", "runtime": "runtime", "gpus": "gpus", "security-opt": "security_opt",
               "user": "user", "restart": "restart", "network": "network_mode",
               # whether it is a terminal session or a detached server (RD-CTR-005)
               "tty": "tty", "interactive": "stdin_open", "detach": "detach"}
_REPEATED = {"device", "group-add", "security-opt"}
# Runner options given before the verb (docker --context x run ...).
_GLOBAL_VALUE = {"--context", "-c", "--host", "-H", "--config", "--log-level", "-l", "--namespace", "-n",
                 "--root", "--runroot", "--storage-driver", "--url", "--connection"}


def is_runner(words: list[str], i: int) -> bool:
    return i < len(words) and os.path.basename(words[i]) in RUNNERS


def parse(words: list[str], i: int) -> tuple[dict | None, int]:
    """``words[i]`` is a runner: (the service, the index of the command run in the container
    (``len(words)`` when none)); (None, i + 1) when it is not ``run``/``create``."""
    runner = os.path.basename(words[i])
    j = i + 1
    while j < len(words) and words[j].startswith("-"):  # global options
        j += 2 if words[j] in _GLOBAL_VALUE else 1
    if j >= len(words) or words[j] not in VERBS:
        return None, i + 1
    svc: dict = {"runner": f"{runner} {words[j]}", "environment": {}}
    j += 1
    while j < len(words) and (words[j].startswith("-") or _expands_to_options(words, j)) and words[j] != "-":
        word = words[j]
        if not word.startswith("-"):  # `$(volume_args) --device ...`: options the shell fills in
            if ARRAY_WORD.fullmatch(word):
                svc["held_options"] = word  # an array the reader could not expand: devices among them, maybe
            j += 1
            continue
        if word == "--":
            j += 1
            break
        if word.startswith("--"):
            name, eq, value = word[2:].partition("=")
            if not eq and name not in _BOOL_LONG:
                value = words[j + 1] if j + 1 < len(words) else ""
                j += 1
            elif not eq:
                value = "true"
        else:
            letters = word[1:]
            if all(ch in _BOOL_SHORT for ch in letters):
                name, value = "bool", "true"
                for ch, key in (("t", "tty"), ("i", "stdin_open"), ("d", "detach")):
                    if ch in letters:  # -it: a terminal session; -d: detached
                        svc[key] = True
            else:
                short = letters[0]
                name = _SHORT_VALUE.get(short, short)
                value = letters[1:].lstrip("=")
                if not value:
                    value = words[j + 1] if j + 1 < len(words) else ""
                    j += 1
        _option(svc, name, value)
        j += 1
    if j < len(words):
        # podman takes a transport before the reference (`podman run docker://rocm/pytorch:...`): the image is the
        # registry reference after it
        svc["image"] = words[j][len("docker://"):] if runner == "podman" and words[j].startswith("docker://") \
            else words[j]
        j += 1
        svc["command"] = " ".join(words[j:])[:4000]  # what runs inside (bash -c '...', python ...)
    return svc, j


def _expands_to_options(words: list[str], j: int) -> bool:
    """A shell expansion (``$(...)``, ``${VAR}``, ``$VAR``, backquotes) followed by more options:
    it stands for options too, since the image comes after every option."""
    w = words[j]
    # an array's elements (`"${docker_args[@]}"`) are options whatever follows: an image is one word, not an array
    return w.startswith(("$", "`")) and j + 1 < len(words) and words[j + 1].startswith("-") or ARRAY_WORD.fullmatch(w) is not None


ARRAY_WORD = re.compile(r"\$\{([A-Za-z_]\w{0,80})\[[@*]\]\}")  # `${opts[@]}`: group 1 names the array (fullmatch)


def _option(svc: dict, name: str, value: str) -> None:
    key = KEY_OF_FLAG.get(name)
    if name in ("tty", "interactive", "detach"):
        svc[{"interactive": "stdin_open"}.get(name, name)] = value.lower() != "false"
    elif name in ("network", "net") and value:
        svc["network_mode"] = value
    elif name == "privileged":
        svc[key] = value.lower() != "false"
    elif name in _REPEATED:
        svc.setdefault(key, []).append(value)
    elif key:
        svc[key] = value
    elif name == "publish" and value:  # -p HOST:CONTAINER: a port the container serves on
        svc.setdefault("ports", []).append(value)
    elif name in ("volume", "mount") and value:  # -v HOST:CONTAINER[:ro], --mount type=bind,source=..,target=..
        svc.setdefault("volumes", []).append(value)
    elif name == "env" and value:
        k, eq, v = value.partition("=")
        if eq:
            svc["environment"][k] = v
