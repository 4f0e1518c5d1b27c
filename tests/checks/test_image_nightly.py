"""RD-IMG-010 (checks/image_nightly.py): a retired nightly ROCm channel or a dated nightly pin, with real
text (source URL at each case) and look-alikes that must not be flagged (a stable index with --pre, a
current nightly channel, a released pin)."""
from tests.lintacc_helpers import flagged, scan, write


def _codes(tmp_path, files, code, example="rx7900xtx"):
    paths = [write(tmp_path, name, text) for name, text in files]
    return flagged(scan(paths, code, example))


# https://github.com/TNTwise/Universal-Pytorch-Upscaler/blob/3070cb4137c406bfe799f652a0441d75865437f6/requirements-rocm.txt
NIGHTLY_61 = "numpy<2.0.0\npillow\n-i https://download.pytorch.org/whl/nightly/rocm6.1\ntorch \n"
# https://github.com/beecave-homelab/MeloTTS-rocm/blob/efed664648e9db947485bac15ce5c0245bb4c877/requirements-rocm.txt
STABLE_61_PRE = "--pre\n--index-url https://download.pytorch.org/whl/rocm6.1/\ntorch \ntorchaudio\n"


def test_a_retired_nightly_rocm_channel_is_flagged_a_stable_index_with_pre_is_not(tmp_path):
    found = _codes(tmp_path, [("requirements-rocm.txt", NIGHTLY_61)], "RD-IMG-010")
    assert len(found) == 1 and "ROCm 6.1" in found[0].title and [e.source.rsplit(":", 1)[1] for e in found[0].evidence] == ["4", "3"]
    assert _codes(tmp_path, [("requirements-rocm.txt", STABLE_61_PRE)], "RD-IMG-010") == []
    # a current nightly channel is no finding (the corpus judges nightly/rocm6.2 fine on a 6.2 host)
    cur = "-i https://download.pytorch.org/whl/nightly/rocm6.2\ntorch\n"
    assert _codes(tmp_path, [("requirements-rocm.txt", cur)], "RD-IMG-010") == []


def test_a_dated_nightly_pin_and_a_nightly_command_in_an_env_value(tmp_path):
    # https://github.com/PygmalionAI/aphrodite-engine (Dockerfile.rocm: torch==2.5.0.dev20240726; its channel here a
    # current one, so the dated pin is what fails)
    docker = ("FROM rocm/pytorch:rocm6.1.2_ubuntu20.04_py3.9_pytorch_staging\n"
              "RUN python3 -m pip install --no-cache-dir --pre \\\n    torch==2.5.0.dev20240726 \\\n"
              "    torchvision==0.20.0.dev20240726 \\\n    --index-url https://download.pytorch.org/whl/nightly/rocm7.0\n")
    found = _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-010", "mi300x8")
    assert len(found) == 1 and "2024-07-26" in found[0].title
    released = docker.replace(".dev20240726", "").replace("nightly/", "")
    assert _codes(tmp_path, [("Dockerfile", released)], "RD-IMG-010", "mi300x8") == []
    # tests/corpus/fresh/artifacts/mrbokri-gamelife-sdwebui-rocm: TORCH_COMMAND in ENV, run later by the web UI
    env = ('FROM rocm/dev-ubuntu-22.04:6.2\nENV TORCH_COMMAND="pip install --pre torch torchvision torchaudio '
           '--index-url https://download.pytorch.org/whl/nightly/rocm5.6"\n')
    assert len(_codes(tmp_path, [("Dockerfile", env)], "RD-IMG-010")) == 1


def test_the_retired_channel_finding_names_the_file_and_cites_the_torch_and_index_lines(tmp_path):
    [f] = _codes(tmp_path, [("requirements-rocm.txt", NIGHTLY_61)], "RD-IMG-010")
    p = str(tmp_path / "requirements-rocm.txt")
    assert f.status.value == "warn" and f.subject == p + ":4 nightly"
    assert f.title == "requirements-rocm.txt: the nightly channel of ROCm 6.1 (whl/nightly/rocm6.1) is retired"
    assert [(e.source, e.text) for e in f.evidence] == [(p + ":4", "torch"),
                                                        (p + ":3", "-i https://download.pytorch.org/whl/nightly/rocm6.1")]
    # a requirements file with no torch line is still one install from the retired channel, cited at its first line
    [g] = _codes(tmp_path, [("requirements.txt", "-i https://download.pytorch.org/whl/nightly/rocm6.1\nnumpy\n")],
                 "RD-IMG-010")
    assert g.evidence[0].source == str(tmp_path / "requirements.txt") + ":2"


# https://github.com/PygmalionAI/aphrodite-engine Dockerfile.rocm (the lines of its torch install; nightly/rocm6.1 as written
# there): the retired channel is the finding, once; its dated pins are the same install's
APHRODITE = ("FROM rocm/pytorch:rocm6.1.2_ubuntu20.04_py3.9_pytorch_staging\n"
             "RUN python3 -m pip install --no-cache-dir --pre \\\n    torch==2.5.0.dev20240726 \\\n"
             "    torchvision==0.20.0.dev20240726 \\\n    --index-url https://download.pytorch.org/whl/nightly/rocm6.1\n")


def test_a_retired_channel_with_dated_pins_is_one_finding_citing_its_index_line(tmp_path):
    [f] = _codes(tmp_path, [("Dockerfile", APHRODITE)], "RD-IMG-010", "mi300x8")
    p = str(tmp_path / "Dockerfile")
    assert f.title.startswith("pip install: the nightly channel of ROCm 6.1") and f.subject == p + ":2 nightly"
    assert [e.source for e in f.evidence] == [p + ":2", p + ":5"]
    # the index on the line right after the command's first line is cited too
    [g] = _codes(tmp_path, [("Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip install --pre torch \\\n"
                             "    --index-url https://download.pytorch.org/whl/nightly/rocm6.0\n")], "RD-IMG-010")
    assert [e.source for e in g.evidence] == [p + ":2", p + ":3"]
    # two installs from retired channels: each cites its own index line
    two = ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip install --pre torch \\\n"
           "    --index-url https://download.pytorch.org/whl/nightly/rocm6.0\n"
           "RUN pip install --pre torchaudio \\\n    --index-url https://download.pytorch.org/whl/nightly/rocm5.7\n")
    fs = sorted(_codes(tmp_path, [("Dockerfile", two)], "RD-IMG-010"), key=lambda f: f.subject)
    assert [[e.source for e in f.evidence] for f in fs] == [[p + ":2", p + ":3"], [p + ":4", p + ":5"]]


def test_the_index_line_is_looked_for_within_twelve_lines_of_the_command(tmp_path):
    for packages, cited in ((10, True), (11, False)):  # the index on the command's 12th line, then its 13th
        text = ("FROM rocm/dev-ubuntu-22.04:6.2\nRUN pip install --pre torch \\\n"
                + "".join(f"    pkg{i} \\\n" for i in range(packages))
                + "    --index-url https://download.pytorch.org/whl/nightly/rocm6.0\n")
        [f] = _codes(tmp_path, [("Dockerfile", text)], "RD-IMG-010")
        assert (len(f.evidence) == 2) is cited, packages


def test_the_dated_pin_finding_names_the_package_and_cites_its_command(tmp_path):
    docker = APHRODITE.replace("nightly/rocm6.1", "nightly/rocm7.0")
    [f] = _codes(tmp_path, [("Dockerfile", docker)], "RD-IMG-010", "mi300x8")
    p = str(tmp_path / "Dockerfile")
    assert f.title == "`torch==2.5.0.dev20240726` (pip install): a dated nightly build (2024-07-26)"
    assert f.subject == p + ":2 torch" and [e.source for e in f.evidence] == [p + ":3", p + ":2"]  # the pin, then its command


def test_installs_with_no_nightly_channel_pass_with_their_count(tmp_path):
    [f] = scan([write(tmp_path, "requirements.txt", "torch==2.4.1\nnumpy\n")], "RD-IMG-010", "rx7900xtx")
    assert f.status.value == "pass" and f.title.startswith("2 pip install line(s); no retired nightly channel")


def test_one_package_pinned_twice_in_a_requirements_file_is_one_finding(tmp_path):
    # one dated pin per platform (environment markers): one install of one nightly build, told once
    req = ('torch==2.5.0.dev20240726; platform_machine == "x86_64"\n'
           'torch==2.5.0.dev20240726; platform_machine == "aarch64"\n')
    [f] = _codes(tmp_path, [("requirements.txt", req)], "RD-IMG-010")
    assert "2024-07-26" in f.title and f.title.endswith("(requirements.txt): a dated nightly build (2024-07-26)")


def test_a_wheel_url_from_a_retired_channel_is_cited_at_its_own_line(tmp_path):
    # direct nightly wheel URLs (the channel is in the requirement itself, no index line to cite beside it)
    req = ("https://download.pytorch.org/whl/nightly/rocm5.6/torch-2.1.0.dev20230808%2Brocm5.6-cp310-cp310-linux_x86_64.whl\n"
           "https://download.pytorch.org/whl/nightly/rocm5.6/torchvision-0.16.0.dev20230808%2Brocm5.6-cp310-cp310-"
           "linux_x86_64.whl\n")
    p = str(tmp_path / "requirements.txt")
    # one install, one cause: the retired channel, citing each wheel line; no dated-pin finding for torchvision beside it
    [retired] = _codes(tmp_path, [("requirements.txt", req)], "RD-IMG-010")
    assert "ROCm 5.6" in retired.title and [e.source for e in retired.evidence] == [p + ":1", p + ":2"]
    # the dated line first, the retired wheel after it: still the one retired-channel finding
    first = "torch==2.5.0.dev20240726\n" + req.splitlines()[1] + "\n"
    [g] = _codes(tmp_path, [("requirements.txt", first)], "RD-IMG-010")
    assert "ROCm 5.6" in g.title and [e.source for e in g.evidence] == [p + ":2"]
    # look-alike: the same wheels from a current nightly channel are dated pins, one finding per package
    cur = req.replace("rocm5.6", "rocm6.3")
    assert sorted(f.subject.rsplit(" ", 1)[1] for f in _codes(tmp_path, [("requirements.txt", cur)], "RD-IMG-010")) \
        == ["torch", "torchvision"]
    # an index line that serves several package lines: the first line and the index line, not each package
    idx = "-i https://download.pytorch.org/whl/nightly/rocm6.1\ntorch\ntorchvision\n"
    [h] = _codes(tmp_path, [("requirements.txt", idx)], "RD-IMG-010")
    assert [e.source for e in h.evidence] == [p + ":2", p + ":1"]


def test_a_dated_pin_in_a_long_run_is_cited_where_it_is_written(tmp_path):
    # spent fresh fz-syofyan (Dockerfile.rocm:52-60): the pin sits on line 7 of a RUN that starts on line 2
    from tests.lintacc_helpers import flagged, scan, write
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
              "RUN --mount=type=cache,target=/root/.cache/pip \\\n    case \"$R\" in \\\n        *) \\\n"
              "            python3 -m pip uninstall -y torch \\\n            && python3 -m pip install --pre \\\n"
              "                torch==2.6.0.dev20241113+rocm6.2 \\\n"
              "                --extra-index-url https://download.pytorch.org/whl/nightly/rocm6.2;; \\\n    esac\n")
    [f] = flagged(scan([p], "RD-IMG-010", "rx7900xtx"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence[:2]] == ["7", "2"]
