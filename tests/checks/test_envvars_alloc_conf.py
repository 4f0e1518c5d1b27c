"""RD-ENV-004 also reads the option names of PYTORCH_HIP_ALLOC_CONF / PYTORCH_CUDA_ALLOC_CONF: an
unknown one (ajesbenshade/PokerAI's `expandable_segment:True`) is not ignored but a RuntimeError
('Unrecognized CachingAllocator option') when the GPU allocator starts. Every file that sets it is
judged, not only the value that wins; values the shell fills in are not."""
from __future__ import annotations

from tests.lintacc_helpers import corpus, flagged, scan, write


def test_unknown_option_with_the_one_it_resembles(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport PYTORCH_HIP_ALLOC_CONF=garbage_collection_threshold:0.6,"
              "max_split_mb:128\npython train.py\n")
    fs = flagged(scan([p], "RD-ENV-004", "rx7900xtx"))
    assert len(fs) == 1 and "'max_split_mb'" in fs[0].title and "max_split_size_mb" in fs[0].title


def test_valid_options_and_runtime_values_pass(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,"
              "max_split_size_mb:256\nexport PYTORCH_HIP_ALLOC_CONF=$ALLOC\npython train.py\n")
    assert flagged(scan([p], "RD-ENV-004", "rx7900xtx")) == []


def test_each_script_judged(tmp_path):
    write(tmp_path, "a.sh", "#!/bin/bash\nexport PYTORCH_HIP_ALLOC_CONF=expandable_segment:True\npython t.py\n")
    write(tmp_path, "b.sh", "#!/bin/bash\nexport PYTORCH_HIP_ALLOC_CONF=max_split_size_mb:128\npython t.py\n")
    fs = flagged(scan([tmp_path], "RD-ENV-004", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["a.sh:2"]


def test_real_script():
    fs = flagged(scan([corpus("ajesbenshade-pokerai-radeon")], "RD-ENV-004", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["run_train.sh:9"]
