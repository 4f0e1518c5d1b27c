"""benchmarks/fixable.py: on every embedded example, at least 80% of the failing and warning
findings that a person need not act on (BIOS, hardware, vendor download) have a safe or
unsafe plan, and the script's last line says the total."""
import importlib.util
import os

import pytest

import rocmdoctor

SCRIPT = os.path.join(os.path.dirname(__file__), os.pardir, "benchmarks", "fixable.py")


def load():
    spec = importlib.util.spec_from_file_location("fixable", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.mark.parametrize("example", rocmdoctor.examples())
def test_at_least_80_percent_fixable(example):
    rows, _ = load().measure(example)
    counted = [k for _, k, _, _ in rows if k != "person"]
    if counted:
        assert sum(k == "fixable" for k in counted) / len(counted) >= 0.8, rows


def test_person_must_act_is_said_and_last_line(capsys):
    mod = load()
    rows, plans = mod.measure("mi50x2-xeon")
    person = {o.split(" ")[0] for o, k, _, _ in rows if k == "person"}
    assert person == {"RD-PCIE-003", "RD-GFX-001"}  # BIOS setting, GPU generation
    assert all(c.manual in ("bios", "hardware") for c in plans if c.manual)
    assert mod.main([]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert last.startswith("fixable: ") and last.endswith(" examples") and " plans applicable across " in last
