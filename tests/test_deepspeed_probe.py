"""The real DeepSpeed child probe against the installed (CPU) DeepSpeed and torch."""
import importlib.util
import json
import os
import subprocess
import sys

import pytest

from rocmdoctor.machine.probes import PROBE_DIR
from rocmdoctor.machine.sources import LiveSource

# find_spec, not importorskip: importing deepspeed here would cost seconds for nothing.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("deepspeed") is None, reason="deepspeed not installed")


def test_probe_through_live_source():
    r = LiveSource(python=sys.executable).probe("deepspeed")
    assert r.ok, r.error
    d = r.data
    assert d["probe"] == "deepspeed_ops" and "deepspeed_import_error" not in d, d.get("deepspeed_import_error")
    ops = d["ops"]
    assert ops, "DeepSpeed listed no op builders"
    for op in ops:
        assert isinstance(op["compatible"], bool) and isinstance(op["installed"], bool)
        assert op["build_var"] is None or op["build_var"].startswith("DS_BUILD_")
    names = {o["name"] for o in ops}
    assert "cpu_adam" in names
    assert d["deepspeed"]["version"] and d["torch"]["version"]
    # async_io is answered without compiling a test program.
    aio = next((o for o in ops if o["name"] == "async_io"), None)
    if aio is not None:
        assert aio.get("no_compile_check")


def test_flag_dry_run_runs_on_this_deepspeed():
    out = subprocess.run([sys.executable, os.path.join(PROBE_DIR, "deepspeed_ops.py"), "--flags"],
                         capture_output=True, text=True, timeout=120)
    d = json.loads([ln for ln in out.stdout.splitlines() if ln.startswith("{")][-1])
    assert d["flag_dry_run"] is True
    adam = next(o for o in d["ops"] if o["name"] == "cpu_adam")
    assert "flag_error" in adam and adam["flag_error"] is None
