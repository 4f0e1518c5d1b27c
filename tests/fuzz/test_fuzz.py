"""Every fuzz target, a small Hypothesis profile each. The full run is
`python benchmarks/fuzz.py --cases N`; docs/reliability.md records its numbers."""
from __future__ import annotations

import os

import pytest

pytest.importorskip("hypothesis")

import targets  # noqa: E402,F401 - registers the targets
from harness import TARGETS, run_target  # noqa: E402

CASES = int(os.environ.get("ROCMDOCTOR_FUZZ_CASES", "12"))
MIN_TARGETS = 12


def test_registry_covers_every_reader_kind():
    assert len(TARGETS) >= MIN_TARGETS
    kinds = {name.split(".")[0] for name in TARGETS}
    assert {"parsers", "config", "probes", "snapshot", "machine", "redact"} <= kinds
    from rocmdoctor.machine import parsers  # every module under rocmdoctor/machine/parsers has a target
    import pkgutil

    for mod in pkgutil.iter_modules(parsers.__path__):
        name = {"keyvalue": "os_release"}.get(mod.name, mod.name)
        assert f"parsers.{name}" in TARGETS, f"rocmdoctor/machine/parsers/{mod.name}.py has no fuzz target"
    # every kind of launch file the config linter reads (readers/containers.py rides on the shell target)
    for kind in ("shell", "requirements", "dockerfile", "compose", "kubernetes", "conda_env", "devcontainer", "makefile"):
        assert f"artifacts.{kind}" in TARGETS, f"no fuzz target reads {kind} files"


# Crashes found and not fixed yet: the target stays in benchmarks/fuzz.py, skipped here so the
# suite stays fast (the case takes minutes). docs/reliability.md lists them.
OPEN: dict[str, str] = {}


@pytest.mark.parametrize("name", sorted(TARGETS))
def test_target_survives_generated_input(name):
    if name in OPEN:
        pytest.skip(OPEN[name])
    out = run_target(TARGETS[name], CASES, seed=0)
    assert out.crash is None, f"{name}: {out.crash}\nshrunk input: {out.reproducer!r}"[:3000]
