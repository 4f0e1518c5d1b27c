"""A directory of 50 files is linted in under 1 s. Measured as CPU time of this
process (the machine running the suite is shared; wall time there says little), with the
parser libraries imported beforehand, as they are after the first file of a scan."""
import os
import sys
import time

import pytest

import rocmdoctor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import bench_config_lint as bench  # noqa: E402


def test_fifty_files_linted_in_under_a_second(tmp_path):
    if "mi50x2-xeon" not in rocmdoctor.examples():
        pytest.skip("example not built")
    from rocmdoctor.artifacts.readers import _CACHE, read_all

    files = bench.build(str(tmp_path), 50)
    read_all([os.path.join(ROOT, "tests", "data", "seeds")])  # imports bashlex, yaml, dockerfile
    rocmdoctor.scan(example="mi50x2-xeon", select=["RD-CFG-001"], options={"config": [files[0]]})
    _CACHE.clear()
    t0 = time.process_time()
    r = rocmdoctor.scan(example="mi50x2-xeon", select=bench.CONFIG_CODES, options={"config": [str(tmp_path)]})
    cpu = time.process_time() - t0
    read = r.by_code("RD-CFG-001")[0]
    assert len(read.data["files"]) == 50 and not read.data.get("unread")
    assert cpu < 1.0, f"{cpu:.2f} s CPU for 50 files"
