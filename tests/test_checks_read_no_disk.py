"""No check asks the local disk (docs/architecture.md: everything read goes through the source layer). The files a
check judges may be a snapshot's or under --root, so os.path.realpath / exists / isfile and open() there read the
wrong file system: a check resolves one file's reference to another with artifact_named (the recorded paths, as
text) and reads the machine through its facts."""
import ast
import os

import pytest

ROOT = os.path.join(os.path.dirname(__file__), "..")
CHECKS = os.path.join(ROOT, "checks")

# what reads (or stats) the local file system
OS_PATH = {"realpath", "exists", "lexists", "isfile", "isdir", "islink", "getsize", "getmtime", "samefile"}
OS = {"open", "stat", "lstat", "listdir", "scandir", "walk", "readlink"}
BUILTIN = {"open"}


def disk_calls(source: str) -> list[tuple[int, str]]:
    """(line, call) of each call in ``source`` that reads the disk: os.path.realpath(...), os.stat(...), open(...),
    io.open(...), and the same names imported bare (`from os.path import realpath`)."""
    tree = ast.parse(source)
    bare = set(BUILTIN)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module in ("os", "os.path", "io", "posixpath"):
            wanted = OS_PATH if node.module in ("os.path", "posixpath") else OS if node.module == "os" else {"open"}
            bare |= {a.asname or a.name for a in node.names if a.name in wanted}
    out = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        f = node.func
        if isinstance(f, ast.Name) and f.id in bare:
            out.append((node.lineno, f.id))
        elif isinstance(f, ast.Attribute):
            owner = ast.unparse(f.value)
            if (owner in ("os.path", "path", "posixpath") and f.attr in OS_PATH) or (owner == "os" and f.attr in OS) \
                    or (owner == "io" and f.attr == "open") or f.attr in ("read_text", "read_bytes", "open"):
                out.append((node.lineno, f"{owner}.{f.attr}"))
    return out


def check_files() -> list[str]:
    out = []
    for top, _dirs, files in os.walk(CHECKS):
        out += [os.path.join(top, f) for f in files if f.endswith(".py")]
    return sorted(out)


def test_no_check_module_reads_the_disk():
    found = []
    for path in check_files():
        with open(path, encoding="utf-8") as fh:
            found += [f"{os.path.relpath(path, ROOT)}:{line}: {call}" for line, call in disk_calls(fh.read())]
    assert found == [], "checks read the local disk (use artifact_named / the source layer):\n" + "\n".join(found)


@pytest.mark.parametrize("source", [
    "import os\nx = os.path.realpath(p)\n",
    "import os\nif os.path.exists(p): pass\n",
    "import os\nos.path.isfile(p)\n",
    "with open(p) as fh: pass\n",
    "from os.path import realpath as rp\nrp(p)\n",
    "from os.path import isfile\nisfile(p)\n",
    "import io\nio.open(p)\n",
    "import os\nos.stat(p)\n",
    "from pathlib import Path\nPath(p).read_text()\n",
])
def test_the_scan_sees_each_way_of_reading_the_disk(source):
    assert disk_calls(source)


def test_text_only_path_work_is_allowed():
    assert disk_calls("import os\nos.path.join(a, b)\nos.path.normpath(p)\nos.path.dirname(p)\n"
                      "os.path.basename(p)\nos.path.isabs(p)\nd.get('open')\ntext.startswith('open(')\n") == []
