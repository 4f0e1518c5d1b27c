"""A user's own document whose keys share a name with what a reader records for scripts (accelerate's config says
`commands: null`; a requirements file's `included_by`): every check still runs (wave 16: one such accelerate config
made the settings fact crash, so each config rule of that set came back as an error and nothing was judged)."""
import json

import pytest

from tests.lintacc_helpers import write
import rocmdoctor


@pytest.mark.parametrize("key, value", [("commands", None), ("commands", 3), ("commands", [{"refs": None}]),
                                        ("commands", [{"launcher": "torchrun", "refs": {"config": "x.yaml"}}]),
                                        ("included_by", 3), ("included_by", [{"a": 1}]), ("written", [1])])
def test_user_keys_named_like_reader_data_crash_nothing(tmp_path, key, value):
    acc = write(tmp_path, "default_config.yaml", json.dumps({"distributed_type": "MULTI_GPU", "num_processes": 8,
                                                             "mixed_precision": "bf16", key: value}))
    ds = write(tmp_path, "ds.json", json.dumps({"train_batch_size": 8, key: value}))
    run = write(tmp_path, "run.sh", "#!/bin/bash\naccelerate launch --config_file default_config.yaml train.py "
                                    "--deepspeed ds.json\n")
    r = rocmdoctor.scan(example="mi300x8", options={"config": [acc, ds, run]})
    assert [f.code for f in r.findings if f.status.value == "error"] == []
    # the launch is still read from the script (not from the config's own `commands` key)
    assert any(f.code == "RD-CFG-001" and f.status.value == "pass" for f in r.findings)
