"""The pip fixer end to end, in a throwaway venv with a local wheel directory (no network):
the plan is pip's own dry run in the inspected environment, --apply --unsafe installs
exactly that, the check runs again, and --undo puts the previous versions back. A plan
that would bring in or replace torch is refused."""
import base64
import hashlib
import json
import os
import subprocess
import sys
import zipfile

import pytest

from rocmdoctor.cli import main

pytestmark = pytest.mark.slow


def wheel(d, name, version, requires=()):
    """A minimal pure-Python wheel: one module, METADATA with Requires-Dist, WHEEL, RECORD."""
    di = f"{name}-{version}.dist-info"
    files = {
        f"{name}.py": f"VERSION = {version!r}\n",
        f"{di}/METADATA": "Metadata-Version: 2.1\n" + f"Name: {name}\nVersion: {version}\n"
                          + "".join(f"Requires-Dist: {r}\n" for r in requires),
        f"{di}/WHEEL": "Wheel-Version: 1.0\nGenerator: rocmdoctor-test\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    path = os.path.join(d, f"{name}-{version}-py3-none-any.whl")
    with zipfile.ZipFile(path, "w") as z:
        for n, text in files.items():
            data = text.encode()
            z.writestr(n, data)
            h = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append(f"{n},sha256={h},{len(data)}")
        record.append(f"{di}/RECORD,,")
        z.writestr(f"{di}/RECORD", "\n".join(record) + "\n")
    return path


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    base = tmp_path_factory.mktemp("pipfix")
    wheels = base / "wheels"
    wheels.mkdir()
    wheel(wheels, "rdlib", "1.0")
    wheel(wheels, "rdlib", "2.0")
    wheel(wheels, "rdapp", "1.0", ["rdlib>=2"])
    wheel(wheels, "rdtorchy", "1.0", ["torch"])
    wheel(wheels, "torch", "9.9")
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    py = str(venv / "bin" / "python")
    # this machine's pip configuration (its constraints, its indexes) stays out: only the wheels here
    offline = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": str(wheels), "PIP_DISABLE_PIP_VERSION_CHECK": "1",
               "PIP_CONFIG_FILE": os.devnull, "PIP_CONSTRAINT": ""}
    subprocess.run([py, "-m", "pip", "install", "-q", "--no-deps", "rdlib==1.0", "rdapp==1.0"], check=True,
                   timeout=300, env=dict(os.environ, **offline))
    return py, offline, base


def versions(py):
    out = subprocess.run([py, "-c", "import importlib.metadata as m, json; print(json.dumps("
                                    "{d.metadata['Name']: d.version for d in m.distributions()}))"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    return {k: v for k, v in json.loads(out).items() if k.startswith(("rd", "torch"))}


def test_plan_apply_verify_undo_in_the_inspected_venv(env, monkeypatch, capsys, tmp_path):
    py, offline, base = env
    for k, v in offline.items():
        monkeypatch.setenv(k, v)
    before = versions(py)
    assert before == {"rdlib": "1.0", "rdapp": "1.0"}
    args = ["fix", "--python", py, "--select", "RD-PIN-002", "--level", "default"]
    assert main(args + ["--format", "json"]) == 0
    [plan] = json.loads(capsys.readouterr().out)["plans"]
    assert plan["fixer"] == "pip" and plan["applicability"] == "unsafe"
    assert plan["changes"] == ["upgrade rdlib 1.0 -> 2.0 (removes 1.0)"]  # pip's dry run, in that venv
    assert plan["commands"][0]["argv"][:2] == [py, "-m"]  # the inspected interpreter, never ours
    assert versions(py) == before  # planning changed nothing
    state = tmp_path / "state"
    assert main(args + ["--apply", "--yes", "--state-dir", str(state)]) == 0  # unsafe: not without --unsafe
    assert versions(py) == before and "add --unsafe" in capsys.readouterr().out
    assert main(args + ["--apply", "--yes", "--unsafe", "--state-dir", str(state)]) == 0
    out = capsys.readouterr().out
    assert versions(py) == {"rdlib": "2.0", "rdapp": "1.0"}
    assert "verified RD-PIN-002: warn -> pass" in out or "verified RD-PIN-002: fail -> pass" in out
    assert main(["fix", "--undo", "--yes", "--state-dir", str(state)]) == 0
    assert versions(py) == before


def test_a_plan_that_would_bring_in_torch_is_refused(env, monkeypatch, capsys):
    py, offline, base = env
    for k, v in offline.items():
        monkeypatch.setenv(k, v)
    from rocmdoctor.engine.model import FixPlan
    from rocmdoctor.machine.sources import LiveSource
    from rocmdoctor.remedy.fixplan import FixContext, concretize

    fp = FixPlan("x", (), params={"python": py, "requirements": ["rdtorchy>=1"]})
    [c] = concretize([("RD-PIN-002", fp)], FixContext(LiveSource(), None, {}))
    assert c.refused and "torch" in c.refused and "never replaces torch" in c.refused
    assert "rdtorchy" not in versions(py)
