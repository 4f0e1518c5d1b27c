"""`module load` of a module whose name states the ROCm release it is built on (LUMI's
PyTorch/2.2.2-rocm-5.6.1-python-3.10-singularity-..., a container of that ROCm) is a ROCm user space
on the host's driver, judged by RD-IMG-003 like `module load rocm/X` (issue 24 §3)."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write


def test_reader_records_modules_naming_a_rocm_release(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\nmodule load LUMI\nmodule load PyTorch/2.2.2-rocm-5.6.1-python-3.10\n"
              "ml rocm/6.2.4 cray-python\nmodule load aws-ofi-rccl/sam-rocm-5.3.3.lua\nmodule load gcc/12.2.0\n")
    mods = [v.value for v in read_one(p).values if v.name == "rocm_module"]
    assert mods == ["PyTorch/2.2.2-rocm-5.6.1-python-3.10", "rocm/6.2.4", "aws-ofi-rccl/sam-rocm-5.3.3.lua"]


def test_far_release_flagged_near_release_not(tmp_path):
    far = write(tmp_path / "a", "job.sh", "#!/bin/bash\nmodule load PyTorch/2.2.2-rocm-5.6.1-python-3.10\n")
    near = write(tmp_path / "b", "job.sh", "#!/bin/bash\nmodule load PyTorch/2.6.0-rocm-6.2.4-python-3.12\n")
    assert flagged(scan([far], "RD-IMG-003", "mi300x8"))
    assert flagged(scan([near], "RD-IMG-003", "mi300x8")) == []


def test_real_lumi_job():
    fs = flagged(scan([corpus("eleutherai-neox-lumi-fork")], "RD-IMG-003", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["lumi_train.sh:20"]
