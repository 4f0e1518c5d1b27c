"""RD-LCH-022 (checks/task_gpus.py): the GPU models a SkyPilot task or a dstack configuration asks for against this
machine's (fresh batch 294: `accelerators: H100:8` on an MI300X cluster, dstack `gpu: "RTX 4090"` on a Radeon)."""
import pytest

from checks.task_gpus import requested_models
from tests.lintacc_helpers import flagged, scan, write


@pytest.mark.parametrize("value,models", [
    ("H100:8", ["H100"]), ("{A100:8, H100:8}", ["A100", "H100"]), ("A100:80GB:2", ["A100"]), ("RTX 4090", ["RTX 4090"]),
    ("MI300X:8", ["MI300X"]), ("24GB..", []), ("2", []), ("1..2", []), ("80GB", []),
    ("amd:MI300X:8", ["MI300X"]), ("nvidia:A100:80GB:2", ["A100"]),  # dstack's vendor prefix
])
def test_the_models_a_request_names(value, models):
    assert requested_models(value) == models


def _task(tmp_path, gpus, name="sky.yaml"):
    return write(tmp_path, name, f"resources:\n  accelerators: {gpus}\nrun: |\n  python train.py\n")


def test_a_request_for_other_gpus_fails_and_one_this_node_meets_passes(tmp_path):
    [f] = flagged(scan([_task(tmp_path, "H100:8")], "RD-LCH-022", "mi300x8"))
    assert "H100" in f.title and f.evidence[0].source.endswith("sky.yaml:2")
    for ok_ in ("MI300X:8", "{H100:8, MI300X:8}", "'24GB+'"):
        assert not flagged(scan([_task(tmp_path / ok_.strip("{}'+:"), ok_)], "RD-LCH-022", "mi300x8")), ok_
    # a Radeon desktop asked for an RTX card through dstack
    d = write(tmp_path, "d/.dstack.yml", 'type: task\nresources:\n  gpu: "RTX 4090"\ncommands:\n  - python x.py\n')
    assert flagged(scan([d], "RD-LCH-022", "rx7900xtx"))
    assert not flagged(scan([_task(tmp_path / "n", "H100:8")], "RD-LCH-022", "no-gpu"))  # nothing to compare with


def test_on_real_task_files_from_the_corpus():
    # spent fresh batch 294: a SkyPilot task asking for H100:8 on an NGC image; an AMD team's tasks asking for MI300
    import os
    fresh = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
    [f] = flagged(scan([os.path.join(fresh, "jm-ffishy-hrm-sky")], "RD-LCH-022", "mi300x8"))
    assert "H100" in f.title and f.evidence[0].source.endswith("sky.yaml:7")
    assert not flagged(scan([os.path.join(fresh, "jm-umesh-skypilot-amd")], "RD-LCH-022", "mi300x8"))
