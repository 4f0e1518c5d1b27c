"""One of each, enforced by an AST walk over rocmdoctor/, checks/, fixes/ and benchmarks/ (tests
and scripts may reach inside; they test the insides): no module uses another module's private
names; secret-name patterns live only in base/secret_rules.py; release versions are parsed only
by base/versions.py.

A leading underscore says "only this module relies on it": `envcache._OFF = True` written from
three places, or a command rebuilding another command's ScanResult by hand, ties modules
together where no reader of the owner can see it. What the other module needs gets a public
name or a method instead (envcache.set_off, ScanResult.merge, fix.terminal_ui).

ruff's PLC2701 already refuses ``from x import _y``; this catches ``x._y`` where ``x`` is a
module of the package (imported by any form of import) and ``_y`` is not a dunder.
"""
from __future__ import annotations

import ast
import os
import re

from tests.source_tree import modules

ALL = modules()


def _absolute(module: str, is_package: bool, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def module_names(module: str, path: str, tree: ast.AST) -> dict[str, str]:
    """Local name -> the package module it is bound to, by every import in the file."""
    is_package = os.path.basename(path) == "__init__.py"
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.asname and a.name in ALL:
                    out[a.asname] = a.name
                elif a.name.split(".")[0] == "rocmdoctor":
                    out["rocmdoctor"] = "rocmdoctor"
        elif isinstance(node, ast.ImportFrom):
            pkg = _absolute(module, is_package, node)
            for a in node.names:
                if f"{pkg}.{a.name}" in ALL:
                    out[a.asname or a.name] = f"{pkg}.{a.name}"
    return out


def _dotted(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        head = _dotted(node.value)
        return f"{head}.{node.attr}" if head else None
    return None


def private_uses(module: str, path: str, source: str) -> list[str]:
    tree = ast.parse(source, path)
    names = module_names(module, path, tree)
    out = []
    for node in sorted(ast.walk(tree), key=lambda n: (getattr(n, "lineno", 0), getattr(n, "col_offset", 0))):
        if not (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")):
            continue
        dotted = _dotted(node.value)
        if dotted is None:
            continue
        head, _, rest = dotted.partition(".")
        target = names.get(head)
        if target is None:
            continue
        target = f"{target}.{rest}" if rest else target
        if target in ALL and target != module:
            out.append(f"{os.path.relpath(path)}:{node.lineno}: {ast.unparse(node)} ({target})")
    return out


def test_no_module_uses_another_modules_private_names():
    found = []
    for module, path in sorted(ALL.items()):
        with open(path, encoding="utf-8") as fh:
            found += private_uses(module, path, fh.read())
    assert not found, "private names used across modules (give them a public name):\n" + "\n".join(found)


def test_the_walk_sees_each_form_of_import():
    # the mutants this kills: an import form the walk misses, or a check that flags too much
    path = os.path.join(os.path.dirname(ALL["rocmdoctor.api"]), "api.py")
    src = ("import os\nimport rocmdoctor.machine.envcache\nimport rocmdoctor.machine.envcache as ec\n"
           "from .machine import envcache\nfrom .commands import fix as fixcmd\n"
           "from .engine.model import Finding\n"
           "envcache._OFF = True\nec._OFF = True\nrocmdoctor.machine.envcache._OFF = True\n"
           "fixcmd._err('x')\nos._exit(0)\nself._x\nFinding.__name__\nenvcache.set_off()\n")
    hits = private_uses("rocmdoctor.api", path, src)
    assert [h.split(": ", 1)[1] for h in hits] == [
        "envcache._OFF (rocmdoctor.machine.envcache)", "ec._OFF (rocmdoctor.machine.envcache)",
        "rocmdoctor.machine.envcache._OFF (rocmdoctor.machine.envcache)",
        "fixcmd._err (rocmdoctor.commands.fix)"]
    # a module's own private names are its own business
    own = "from . import envcache\nenvcache._OFF = True\n"
    assert private_uses("rocmdoctor.machine.envcache", ALL["rocmdoctor.machine.envcache"], own) == []


REGEX_CALLS = {"compile", "match", "search", "fullmatch", "sub", "subn", "findall", "finditer", "split"}
SECRET_WORDS = re.compile(r"(?i)token|passw|secret|api.?key|credential")


def secret_patterns(path: str, source: str) -> list[str]:
    """Regular expressions written as literals that name secrets (TOKEN, PASSWORD, ...)."""
    out = []
    for node in ast.walk(ast.parse(source, path)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in REGEX_CALLS \
                and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str) \
                and SECRET_WORDS.search(node.args[0].value):
            out.append(f"{os.path.relpath(path)}:{node.lineno}: {node.args[0].value[:60]!r}")
    return out


def test_secret_name_patterns_live_only_in_secret_rules():
    found = []
    for module, path in sorted(ALL.items()):
        if module != "rocmdoctor.base.secret_rules":
            with open(path, encoding="utf-8") as fh:
                found += secret_patterns(path, fh.read())
    assert not found, "secret patterns belong in rocmdoctor/base/secret_rules.py (one set):\n" + "\n".join(found)
    assert secret_patterns("x.py", 'import re\nrx = re.compile(r"(?i)(HF_TOKEN|PASSWORD)=(\\S+)")\n')
    assert not secret_patterns("x.py", 'import re\nrx = re.compile(r"max_new_length")\n')


# int() over the pieces of a dotted string: a release version read by hand.
BY_HAND = re.compile(r"int\(\w+\) for \w+ in [^\n]*split\(\"\.\"\)")


def test_release_versions_are_parsed_only_by_base_versions():
    found = []
    for module, path in sorted(ALL.items()):
        if module != "rocmdoctor.base.versions":
            with open(path, encoding="utf-8") as fh:
                found += [f"{os.path.relpath(path)}: {m.group(0)}" for m in BY_HAND.finditer(fh.read())]
    assert not found, "read versions with rocmdoctor.base.versions.version_tuple:\n" + "\n".join(found)
    assert BY_HAND.search('return tuple(int(p) for p in self.release.split("."))')


ORCHESTRATOR = "rocmdoctor.engine.run"
ONLY_THE_ENGINE = {"run", "run_check", "applicable", "needs_runtime"}  # run_selection is for everyone


def engine_bypasses(module: str, path: str, source: str) -> list[str]:
    """Uses of the engine's inner steps outside it: a command that runs checks its own way."""
    tree = ast.parse(source, path)
    names = module_names(module, path, tree)
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and \
                _absolute(module, os.path.basename(path) == "__init__.py", node) == ORCHESTRATOR:
            out += [f"{os.path.relpath(path)}:{node.lineno}: imports {a.name}" for a in node.names
                    if a.name in ONLY_THE_ENGINE]
        elif isinstance(node, ast.Attribute) and node.attr in ONLY_THE_ENGINE and \
                names.get(_dotted(node.value) or "") == ORCHESTRATOR:
            out.append(f"{os.path.relpath(path)}:{node.lineno}: {ast.unparse(node)}")
    return out


def test_every_command_runs_checks_through_run_selection():
    found = []
    for module, path in sorted(ALL.items()):
        if not module.startswith("rocmdoctor.engine."):
            with open(path, encoding="utf-8") as fh:
                found += engine_bypasses(module, path, fh.read())
    assert not found, "run checks with rocmdoctor.engine.run.run_selection:\n" + "\n".join(found)
    api = ALL["rocmdoctor.api"]
    assert engine_bypasses("rocmdoctor.api", api, "from .engine import run as engine\nengine.run(specs, ctx)\n")
    assert engine_bypasses("rocmdoctor.api", api, "from .engine.run import run\n")
    assert not engine_bypasses("rocmdoctor.api", api, "from .engine.run import run_selection\n")
