"""RD-ENV-005 (checks/install_prefix.py): ROCM_PATH, ROCM_HOME and HIP_PATH name a ROCm install this
host has."""
from tests.lintacc_helpers import flagged, scan, write


def test_rocm_path_set_to_a_version_is_not_a_path(tmp_path):
    # pagrossi91's compose: `ROCM_PATH: 3.1.0  # For use with AMD`
    p = write(tmp_path, "docker-compose.yml", "services:\n  tf:\n    image: rocm/tensorflow:latest\n    environment:\n"
              "      ROCM_PATH: 3.1.0  # For use with AMD\n    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    [f] = flagged(scan([p], "RD-ENV-005", "mi50x2-xeon"))
    assert f.evidence[0].source == p + ":5"
    ok_ = write(tmp_path, "env.sh", "export ROCM_PATH=/opt/rocm\nexport HIP_PATH=$ROCM_PATH\npython t.py\n")
    assert not flagged(scan([ok_], "RD-ENV-005", "mi50x2-xeon"))


# https://github.com/angkira/doorman (run_rocm.sh): a default written for the author's ROCm 7.2.2, exported as
# HIP_PATH/ROCM_PATH through a shell variable; the rx7900xtx example has ROCm 6.2 (/opt/rocm, /opt/rocm-6.2.0)
_ANGKIRA = ('#!/usr/bin/env bash\nset -euo pipefail\n\nROCM="${ROCM_PATH:-/opt/rocm-7.2.2}"\n'
            'unset HIP_VISIBLE_DEVICES\nexport HIP_PATH="$ROCM"\nexport ROCM_PATH="$ROCM"\n'
            'export LD_LIBRARY_PATH="$ROCM/lib:${LD_LIBRARY_PATH:-}"\npython -m doorman.main\n')


def test_a_launch_scripts_rocm_prefix_the_host_lacks_is_cited_where_the_path_is_written(tmp_path):
    p = write(tmp_path, "run_rocm.sh", _ANGKIRA)
    fs = flagged(scan([p], "RD-ENV-005", "rx7900xtx"))
    assert sorted(f.subject for f in fs) == ["HIP_PATH", "ROCM_PATH"]
    assert all(p + ":4" in [e.source for e in f.evidence] for f in fs) and "6.2.0" in fs[0].title


def test_look_alikes_an_installed_release_or_an_images_own_prefix(tmp_path):
    # the same script naming the host's own release passes
    p = write(tmp_path, "run_rocm.sh", _ANGKIRA.replace("7.2.2", "6.2.0"))
    assert not flagged(scan([p], "RD-ENV-005", "rx7900xtx"))
    # a Dockerfile's ENV is the image's ROCm (rocm/dev-ubuntu-24.04:7.2 carries /opt/rocm-7.2.0), not the host's
    d = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-24.04:7.2\nENV ROCM_PATH=/opt/rocm-7.2.0\n"
                                      "RUN pip install torch\n")
    assert not flagged(scan([d], "RD-ENV-005", "rx7900xtx"))
