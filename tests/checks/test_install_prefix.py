"""RD-ENV-005 (checks/install_prefix.py): ROCM_PATH, ROCM_HOME and HIP_PATH name a ROCm install this
host has."""
import rocmdoctor
from tests.checks.test_envvars import GFX1100, findings, machine
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


def test_opt_rocm_as_a_link_through_alternatives_is_an_install(tmp_path):
    # the WSL example's /opt/rocm -> /etc/alternatives/rocm -> /opt/rocm-6.3.0 (as update-alternatives sets it):
    # DeepaucksharmA/llm-platform's setup_rocm.sh (fresh batch 21) exports ROCM_PATH=/opt/rocm, a prefix the host has
    p = write(tmp_path, "env.sh", "#!/bin/bash\nexport ROCM_PATH=/opt/rocm\npython t.py\n")
    assert not flagged(scan([p], "RD-ENV-005", "wsl2-radeon"))
    bad = write(tmp_path, "env7.sh", "#!/bin/bash\nexport ROCM_PATH=/opt/rocm-7.2.0\npython t.py\n")
    assert [f.subject for f in flagged(scan([bad], "RD-ENV-005", "wsl2-radeon"))] == ["ROCM_PATH"]


def test_the_hosts_own_environment_is_judged_against_its_installs(tmp_path):
    # the live environment (no file): a prefix the host lacks warns with the installs it has; a word is not a path
    s = machine(tmp_path, GFX1100, env={"ROCM_PATH": "/opt/rocm-7.2.2", "HIP_PATH": "rocm"}, rocm="6.2.0")
    prefix, word = findings(s, "RD-ENV-005")
    assert (prefix.status.value, prefix.subject) == ("warn", "ROCM_PATH")
    assert prefix.title == "ROCM_PATH=/opt/rocm-7.2.2 is not installed on this host (ROCm here: /opt/rocm)"
    assert [(e.source, e.text) for e in prefix.evidence] == [("environment", "ROCM_PATH=/opt/rocm-7.2.2"),
                                                              ("/opt/rocm*", "/opt/rocm")]
    assert [a.env for a in prefix.fix.actions if a.kind == "env"] == [{"ROCM_PATH": None}]
    assert (word.status.value, word.subject, word.title) == ("warn", "HIP_PATH", "HIP_PATH='rocm' is not a path")
    assert [e.text for e in word.evidence] == ["HIP_PATH=rocm"] and word.fix.title == "Unset HIP_PATH"


def test_a_prefix_is_not_judged_where_the_host_lists_no_rocm_install(tmp_path):
    s = machine(tmp_path, GFX1100, env={"ROCM_PATH": "/opt/rocm-7.2.2"})
    [f] = findings(s, "RD-ENV-005")
    assert f.status.value == "pass" and f.title == "the ROCm install-prefix variables are unset or paths"


def test_the_launch_scripts_finding_cites_the_export_the_default_and_the_installs_and_edits_the_export(tmp_path):
    # a comment naming the same path above the default is not where it is written
    p = write(tmp_path, "run_rocm.sh", _ANGKIRA.replace("\nROCM=", "\n# tested on /opt/rocm-7.2.2\nROCM="))
    rocm_path = next(f for f in flagged(scan([p], "RD-ENV-005", "rx7900xtx")) if f.subject == "ROCM_PATH")
    assert [(e.source, e.text) for e in rocm_path.evidence] == [
        (p + ":8", 'export ROCM_PATH="$ROCM"'), (p + ":5", 'ROCM="${ROCM_PATH:-/opt/rocm-7.2.2}"'),
        ("/opt/rocm*", "/opt/rocm, /opt/rocm-6.2.0")]
    [edit] = rocm_path.fix.params["edits"]
    assert edit["path"] == p and [(o["op"], o["line"]) for o in edit["ops"]] == [("replace_line", 8)]


def test_the_hosts_own_prefix_is_judged_beside_the_files_given(tmp_path):
    # files given with --config that do not set it: the value is still the host's, set in its environment
    s = machine(tmp_path / "host", GFX1100, env={"ROCM_PATH": "/opt/rocm-7.2.2"}, rocm="6.2.0")
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport HIP_VISIBLE_DEVICES=0\npython train.py\n")
    [f] = rocmdoctor.scan(snapshot=s, select=["RD-ENV-005"], options={"config": [p]}).by_code("RD-ENV-005")
    assert f.status.value == "warn" and f.evidence[0].source == "environment"


def test_every_file_that_writes_the_missing_prefix_is_cited(tmp_path):
    # fresh yr-0traced (Frontier): the Slurm script and the env script it sits beside both export ROCM_HOME=/opt/rocm-6.1.3
    a = write(tmp_path, "launch.slurm", "#!/bin/bash\n#SBATCH -N 1\nmodule load rocm/6.1.3\n"
              "export ROCM_HOME=/opt/rocm-6.1.3\nsrun python train.py\n")
    b = write(tmp_path, "set_env.sh", "#!/bin/bash\nexport ROCM_HOME=/opt/rocm-6.1.3\n")
    [f] = flagged(scan([a, b], "RD-ENV-005", "mi300x8"))
    assert [e.source.rsplit("/", 1)[-1] for e in f.evidence][:2] == ["launch.slurm:4", "set_env.sh:2"]
