"""RD-LCH-006 and RD-LCH-007 (checks/launch_stack.py): CUDA framework modules, and the config file
`accelerate launch` reads as its own."""
from __future__ import annotations

import pytest

from tests.lintacc_helpers import flagged, scan, write


# He-Wenhao/ML-LinearSpace demo/train_multinodes/submit.sh (NERSC Perlmutter): `module load pytorch/2.1.0-cu12`
@pytest.mark.parametrize("module, bad", [
    ("pytorch/2.1.0-cu12", True), ("PyTorch/2.1.2-foss-2023a-CUDA-12.1.1", True),
    ("cuda/12.1", False),  # the toolkit alone changes nothing the job runs
    ("pytorch/2.2.2-rocm-5.6.1", False), ("cudatoolkit", False),
])
def test_a_cuda_build_of_the_framework_loaded_by_module(tmp_path, module, bad):
    p = write(tmp_path, "submit.sh", f"#!/bin/bash\n#SBATCH -N 1\nmodule load {module}\nsrun python train.py\n")
    fs = flagged(scan([p], "RD-LCH-006", "mi300x8"))
    assert bool(fs) == bad
    if bad:
        assert fs[0].evidence[0].source == p + ":3"


# yohankhan/att2 llm-ent/scripts/launch_sft.sh: `accelerate launch --config_file configs/deepspeed/ds_z3_offload.json`
def test_accelerate_given_a_deepspeed_json_as_its_config(tmp_path):
    ds = write(tmp_path, "configs/deepspeed/ds_z3_offload.json",
               '{"train_batch_size": "auto", "zero_optimization": {"stage": 3}, "bf16": {"enabled": true}}\n')
    p = write(tmp_path, "launch_sft.sh", "#!/usr/bin/env bash\nset -euo pipefail\naccelerate launch --config_file "
              "configs/deepspeed/ds_z3_offload.json \\\n  train/sft.py configs/training/sft.yaml\n")
    [f] = flagged(scan([p, ds], "RD-LCH-007", "mi300x8"))
    assert f.evidence[0].source == p + ":3"
    acc = write(tmp_path, "acc.yaml", "compute_environment: LOCAL_MACHINE\ndistributed_type: DEEPSPEED\nnum_processes: 8\n"
                "deepspeed_config:\n  deepspeed_config_file: configs/deepspeed/ds_z3_offload.json\n")
    q = write(tmp_path, "launch2.sh", "#!/bin/bash\naccelerate launch --config_file acc.yaml train.py\n")
    assert not flagged(scan([q, acc, ds], "RD-LCH-007", "mi300x8"))  # look-alike: an accelerate config
