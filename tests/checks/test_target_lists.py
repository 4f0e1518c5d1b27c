"""RD-ENV-002: GPU target lists (PYTORCH_ROCM_ARCH, cmake -D, --offload-arch, torch wheels) against the
GPUs' real gfx targets (checks/target_lists.py)."""
import os
import re

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status
from tests.checks.test_envvars import GFX906, GFX1100, findings, machine
from tests.lintacc_helpers import corpus, flagged, scan, write


# ---------------------------------------------------------------- PYTORCH_ROCM_ARCH
def test_pytorch_rocm_arch_covering_gpu_passes(tmp_path):
    s = machine(tmp_path, GFX1100, env={"PYTORCH_ROCM_ARCH": "gfx90a;gfx1100"})
    assert findings(s, "RD-ENV-002")[0].status is Status.PASS


def test_pytorch_rocm_arch_missing_gpu_warns(tmp_path):
    s = machine(tmp_path, GFX906, GFX1100, env={"PYTORCH_ROCM_ARCH": "gfx1100"})
    [f] = findings(s, "RD-ENV-002")
    assert f.status is Status.WARN and "gfx906" in f.title and "invalid device function" in f.detail


@pytest.mark.parametrize("text, bad", [
    ("FROM ubuntu\nRUN ROCM_TARGET=gfx1101 make hip\n", True),
    ("FROM ubuntu\nRUN cmake -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH=\"gfx90a;gfx942\" -S .\n", True),
    ("FROM ubuntu\nARG AMDGPU_TARGETS=gfx1030,gfx1100\nRUN echo $AMDGPU_TARGETS\n", False),
    ("FROM ubuntu\nENV PYTORCH_ROCM_ARCH=gfx1100\n", False),
    # the node's own target, read at run time (a LUMI job's `rocminfo | grep gfx`): no fixed list to judge
    ("FROM ubuntu\nRUN HCC_AMDGPU_TARGET=`rocminfo | grep -m 1 -E gfx[^0]{1} | sed -e 's/ *Name: *//'` make\n", False),
    ("FROM ubuntu\nENV HSA_OVERRIDE_GFX_VERSION=10.3.0\nENV PYTORCH_ROCM_ARCH=gfx1030\n", True),  # real gfx1100
    # vLLM's own CMake list (fresh batch 101, rq-davetha: a gfx90a rebuild of _rocm_C); a CUDA build's list is no AMD one
    ("FROM ubuntu\nRUN cmake -DVLLM_GPU_ARCHES=gfx90a -S . -B build\n", True),
    ('FROM ubuntu\nENV VLLM_FA_CMAKE_GPU_ARCHES="80-real;90-real"\n', False),
])
def test_gpu_target_lists_are_judged_against_the_real_gfx(tmp_path, text, bad, lint):
    path = lint.write("Dockerfile", text)
    fs = lint.flagged(lint([path], "RD-ENV-002", "rx7900xtx"))
    assert bool(fs) == bad
    if bad:
        assert "gfx1100" in fs[0].title and fs[0].evidence[0].source.startswith(path + ":")


# ---------------------------------------------------------------- PYTORCH_ROCM_ARCH under an override
# RD-ENV-002 judges PYTORCH_ROCM_ARCH against the GPU's real gfx target, never the one an
# HSA_OVERRIDE_GFX_VERSION pretends (RD-ENV-001 judges the override itself): the fix for a wrong
# override is to remove it, and the build must then have code for the real GPU.

def override_and_arch(tmp_path, env):
    """RD-ENV-001 and RD-ENV-002 on one gfx906 (a Radeon VII's real KFD node) with ``env``."""
    s = machine(tmp_path, GFX906, env=env)
    return {f.code: f for f in rocmdoctor.scan(snapshot=s, select=["RD-ENV-001", "RD-ENV-002"]).findings}


def test_arch_matching_only_a_cross_generation_override_warns(tmp_path):
    # A gfx906 told to pretend to be gfx1030 (10.3.0), with PYTORCH_ROCM_ARCH set for the pretence.
    f = override_and_arch(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_ROCM_ARCH": "gfx1030"})
    assert f["RD-ENV-001"].status is Status.FAIL and "crosses GPU generations" in f["RD-ENV-001"].title
    arch = f["RD-ENV-002"]
    assert arch.status is Status.WARN and "gfx906" in arch.title
    assert "PYTORCH_ROCM_ARCH=gfx906" in arch.detail  # the fix names the real target


def test_arch_listing_both_passes(tmp_path):
    f = override_and_arch(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "PYTORCH_ROCM_ARCH": "gfx906;gfx1030"})
    assert f["RD-ENV-002"].status is Status.PASS


def test_a_same_generation_override_is_judged_by_the_real_target_too(tmp_path):
    # 9.0.8 on a gfx906 runs gfx908 code on a different ISA (RD-ENV-001 fails it); a list built only
    # for the pretended gfx908 leaves the real GPU without kernels once the override goes.
    f = override_and_arch(tmp_path, {"HSA_OVERRIDE_GFX_VERSION": "9.0.8", "PYTORCH_ROCM_ARCH": "gfx908"})
    assert f["RD-ENV-001"].status is Status.FAIL
    assert f["RD-ENV-002"].status is Status.WARN and "leaves out gfx906" in f["RD-ENV-002"].title


def test_make_command_line_variable_is_a_target_list(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\n"
              "RUN cd bnb && ROCM_HOME=/opt/rocm make hip ROCM_TARGET=gfx1030 && pip install .\n")
    fs = flagged(scan([p], "RD-ENV-002", "rx7900xtx"))
    assert fs and "ROCM_TARGET=gfx1030" in fs[0].title
    ok_ = write(tmp_path, "b/Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN make hip ROCM_TARGET=gfx1100\n")
    assert flagged(scan([ok_], "RD-ENV-002", "rx7900xtx")) == []
    # an assignment before another command is that command's environment, not a make variable
    other = write(tmp_path, "c/Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN echo ROCM_TARGET=gfx1030\n")
    assert flagged(scan([other], "RD-ENV-002", "rx7900xtx")) == []


def test_real_make_target():
    fs = flagged(scan([corpus("devloic-h2ogpt-rocm561")], "RD-ENV-002", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile:30"]


@pytest.mark.parametrize("line,example,flag", [
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.4.2", "rx7900xtx", True),
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.6", "rx7900xtx", False),
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.7", "mi300x8", True),   # gfx942 from 6.0
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm6.2", "mi300x8", False),
    ("pip install torch==2.0.1+rocm5.4.2 -f https://download.pytorch.org/whl/torch/", "rx7900xtx", True),
    ("pip install torchvision --index-url https://download.pytorch.org/whl/rocm5.4.2", "rx7900xtx", False),
    ("pip install torch --index-url https://download.pytorch.org/whl/rocm5.4.2", "mi50x2-xeon", False),  # gfx906 in
])
def test_torch_wheels_of_an_old_rocm_index_lack_newer_gpus(tmp_path, line, example, flag):
    p = write(tmp_path, "setup.sh", f"#!/bin/bash\n{line}\n")
    fs = [f for f in flagged(scan([p], "RD-ENV-002", example)) if "wheels" in f.title]
    assert bool(fs) is flag, [f.title for f in fs]
    if flag:
        assert fs[0].evidence[0].source.endswith("setup.sh:2")


def test_real_torch_from_rocm542_index_on_gfx1100():
    fs = [f for f in flagged(scan([corpus("fuzzah-txtgen-webui-arch")], "RD-ENV-002", "rx7900xtx")) if "wheels" in f.title]
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile:48"]


# lhqezio/qwen36-edge Dockerfile.rocm (spent fresh batch 12, aa-lhqezio): `ARG AMDGPU_TARGETS="native"` then
# `cmake ... -DAMDGPU_TARGETS="${AMDGPU_TARGETS}"` in `docker build`, which has no /dev/kfd: amdgpu-arch finds no GPU
NATIVE_DF = ('FROM rocm/rocm-dev:6.2.4 AS builder\n\nARG AMDGPU_TARGETS="native"\n\n'
             'RUN cmake -B build -G Ninja \\\n    -DGGML_HIP=ON \\\n    -DAMDGPU_TARGETS="${AMDGPU_TARGETS}" \\\n'
             '    && cmake --build build --target llama-server -j$(nproc)\n')


def test_native_targets_in_a_docker_build_find_no_gpu(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    df = write(tmp_path, "Dockerfile.rocm", NATIVE_DF)
    [f] = flagged(scan([df], "RD-ENV-002", "rx7900xtx"))  # the ARG and the cmake line it fills: one finding
    assert "docker build" in f.title and "gfx1100" in f.detail
    assert {e.source for e in f.evidence} == {df + ":3", df + ":7"}
    # look-alike: the same cmake line run on the host detects the host's GPU
    sh = write(tmp_path, "build.sh", "#!/bin/bash\ncmake -B build -DGGML_HIP=ON -DAMDGPU_TARGETS=native\n"
               "cmake --build build -j\n")
    assert not flagged(scan([sh], "RD-ENV-002", "rx7900xtx"))
    # a named target that is not this GPU's is still the other finding
    other = flagged(scan([write(tmp_path, "d2/Dockerfile", NATIVE_DF.replace('"native"', '"gfx1030"'))],
                         "RD-ENV-002", "rx7900xtx"))
    assert other and all("leaves out gfx1100" in f.title for f in other)


# --- the target lists of every PyTorch ROCm wheel series (knowledge/torch_wheels.py), not only those before 6.0.
# AvengerMoJo/MoJoAssistant docker/Dockerfile.rocm lines 28-30 (corpus c7-mojo-slim-nonroot-render), judged on a
# Strix Halo (gfx1151): the rocm6.2 wheels (torch 2.5.x) carry no gfx1151 kernels; the rocm7.0 ones do.
# https://github.com/AvengerMoJo/MoJoAssistant/blob/dc79358ed264c801d53c94f793b357ae99fef857/docker/Dockerfile.rocm
MOJO = ("FROM python:3.12-slim\n"
        "# ROCm 6.2 wheels are the latest stable; gfx1151 users set HSA_OVERRIDE at runtime.\n"
        "RUN pip install --no-cache-dir \\\n    torch torchvision \\\n"
        "    --index-url https://download.pytorch.org/whl/rocm6.2\n")


def test_real_rocm62_wheels_on_gfx1151(tmp_path):
    fs = [f for f in flagged(scan([write(tmp_path, "Dockerfile.rocm", MOJO)], "RD-ENV-002", "strix-halo-apu"))
          if "wheels" in f.title]
    assert [f.evidence[0].source.rsplit(":", 1)[-1] for f in fs] == ["3"]
    assert "gfx1151" in fs[0].title and "rocm7.0" in fs[0].detail  # the fix names the first series that has it


def test_real_corpus_set_rocm62_on_gfx1151():
    fs = [f for f in flagged(scan([corpus("c7-mojo-slim-nonroot-render")], "RD-ENV-002", "strix-halo-apu"))
          if "wheels" in f.title]
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile.rocm:29"]


@pytest.mark.parametrize("index", ["rocm7.0", "rocm7.1", "rocm7.2"])
def test_a_newer_series_that_carries_the_gpu_is_not_flagged(tmp_path, index):
    p = write(tmp_path, "Dockerfile.rocm", MOJO.replace("rocm6.2", index))
    assert not [f for f in flagged(scan([p], "RD-ENV-002", "strix-halo-apu")) if "wheels" in f.title]


@pytest.mark.parametrize("rocm, torch, gfx, carried", [
    ((6, 2), None, "gfx1101", False),        # rocm6.2 holds torch 2.5.x only; gfx1101 joined in torch 2.6
    ((6, 1), None, "gfx1101", True),         # rocm6.1 also holds 2.6.0
    ((6, 1), (2, 5), "gfx1101", False),      # ... but not a 2.5 pin
    ((6, 2, 4), None, "gfx1201", True), ((6, 3), None, "gfx1200", True),
    ((6, 4), None, "gfx1151", False), ((7, 0), None, "gfx1151", True), ((7, 0), (2, 8), "gfx1150", False),
    ((6, 4), None, "gfx950", True), ((6, 3), None, "gfx950", False),
    ((5, 7), None, "gfx942", False), ((6, 0), None, "gfx942", True), ((5, 4, 2), None, "gfx1100", False),
    ((7, 14), None, "gfx906", False), ((7, 2), None, "gfx906", True),
])
def test_wheel_target_table(rocm, torch, gfx, carried):
    from rocmdoctor.knowledge import torch_wheels

    assert (gfx in torch_wheels.wheel_targets(rocm, torch)) is carried
    assert torch_wheels.wheel_targets((6, 2), None, nightly=True) is None  # nightlies of ROCm 6+ are not judged


@pytest.mark.parametrize("req, cap", [
    ("torch", None), ("torch>=2.4", None), ("torch~=2.9", None), ("torch~=2.9.0", (2, 9)), ("torch<2.10", (2, 9)),
    ("torch<2.10.0", (2, 9)), ("torch<2.9.1", (2, 9)), ("torch>=2.6,<=2.8.1", (2, 8)), ("torch==2.9.*", (2, 9)),
    ("torch<3.0", (2, 99)), ("torch<3", None), ("torch<2.10,<=2.8", (2, 8)),
])
def test_requirement_cap(req, cap):
    from rocmdoctor.knowledge import torch_wheels

    assert torch_wheels.requirement_cap(req) == cap


def test_newest_torch_of_a_closed_index():
    from rocmdoctor.knowledge import torch_wheels

    assert torch_wheels.newest_on_index((6, 4)) == (2, 10) and torch_wheels.newest_on_index((6, 3)) == (2, 9)
    assert torch_wheels.newest_on_index((6, 2, 4)) == (2, 7) and torch_wheels.newest_on_index((6, 2)) == (2, 5)
    assert torch_wheels.newest_on_index((7, 1)) is None  # still adding
    assert torch_wheels.newest_on_index((6, 3, 1)) == (2, 9) and torch_wheels.newest_on_index((6, 2, 1)) is None
    # the newest seen, not a proven end: a pin past it is not called missing (fresh batch 86: torch==2.9.0 from rocm6.3)
    assert torch_wheels.index_misses((6, 3), (2, 9)) is None and torch_wheels.index_misses((6, 4), (2, 10)) is None


# --- one cause, one finding: a `torch==X+rocmY` pin with no index installs nothing (RD-IMG-002), so RD-ENV-002 does
# not also judge the targets of a wheel that never arrives; with the index named, the wheel's targets are judged.
def test_a_rocm_pin_no_index_carries_is_one_finding(tmp_path):
    pinned = write(tmp_path, "a/Dockerfile", "FROM python:3.11\nRUN pip install torch==2.5.1+rocm6.2\n")
    assert flagged(scan([pinned], "RD-IMG-002", "strix-halo-apu"))
    assert not flagged(scan([pinned], "RD-ENV-002", "strix-halo-apu"))
    indexed = write(tmp_path, "b/Dockerfile", "FROM python:3.11\nRUN pip install torch==2.5.1+rocm6.2 "
                    "--index-url https://download.pytorch.org/whl/rocm6.2\n")
    assert not flagged(scan([indexed], "RD-IMG-002", "strix-halo-apu"))
    assert [f.title for f in flagged(scan([indexed], "RD-ENV-002", "strix-halo-apu"))] == [
        "torch from PyTorch's rocm6.2 wheels has no kernels for gfx1151"]


def test_every_line_that_sets_the_list_is_cited_once():
    # Fadhly/artifice setup_rocm.sh (fresh batch 21): PYTORCH_ROCM_ARCH=gfx803 written into ~/.bashrc (line 34) and
    # exported for the session (line 52): one finding, both lines to change
    d = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts", "ja-fadhly-artifice-rx580-env")
    [f] = flagged(scan([d], "RD-ENV-002", "rx7900xtx"))
    assert [e.source.rsplit("/", 1)[1] for e in f.evidence] == ["setup_rocm.sh:34", "setup_rocm.sh:52"]


def test_one_list_in_several_variables_of_a_file_is_one_finding_at_its_arg(tmp_path):
    # vinniefranco/vllm-2xr9700 build/Containerfile (fresh batch 22): `ARG GPU_ARCH=gfx1201`, then PYTORCH_ROCM_ARCH,
    # AMDGPU_TARGETS, GPU_TARGETS and CMAKE_HIP_ARCHITECTURES set to ${GPU_ARCH}: one cause, one finding, every line
    p = write(tmp_path, "Containerfile", "ARG GPU_ARCH=gfx1201\nFROM rocm/dev-ubuntu-24.04:6.2\nARG GPU_ARCH\n"
              "ENV PYTORCH_ROCM_ARCH=${GPU_ARCH} \\\n    GPU_TARGETS=${GPU_ARCH}\n"
              "RUN CMAKE_HIP_ARCHITECTURES=${GPU_ARCH} cmake -B build\n")
    [f] = flagged(scan([p], "RD-ENV-002", "rx7900xtx"))
    assert "PYTORCH_ROCM_ARCH" in f.title and "GPU_TARGETS" in f.title and "leave out gfx1100" in f.title
    sources = [e.source for e in f.evidence]
    assert p + ":1" in sources and len(sources) == len(set(sources))
    # two different lists in one file stay two findings
    q = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-24.04:6.2\nENV PYTORCH_ROCM_ARCH=gfx1201\n"
              "ENV GPU_TARGETS=gfx1030\n")
    assert len(flagged(scan([q], "RD-ENV-002", "rx7900xtx"))) == 2


def test_the_live_environment_s_lists_stay_one_finding_each(tmp_path):
    # review of wave 9: two variables of the shell's own environment are two places, each with its own unset
    s = machine(tmp_path, GFX1100, env={"PYTORCH_ROCM_ARCH": "gfx90a", "AMDGPU_TARGETS": "gfx90a"})
    fs = [f for f in findings(s, "RD-ENV-002") if f.status is Status.WARN]
    assert len(fs) == 2 and sorted(f.title.split("=")[0] for f in fs) == ["AMDGPU_TARGETS", "PYTORCH_ROCM_ARCH"]


def test_an_amd_compose_layers_build_args_are_the_build_an_amd_machine_makes(lint):
    # fresh yn-podden-granite-speech: the base builds with TORCH_INDEX=...cu121 (the Dockerfile's default too), the
    # docker-compose.rocm.yml layer gives .../rocm6.0: compose merges the layer's args over the base's, so the image
    # installs rocm6.0's torch (no gfx1151 kernels, cited at the layer's line), not PyPI's CUDA build
    d = lint.write("Dockerfile", "FROM python:3.11-slim\nARG TORCH_INDEX=https://download.pytorch.org/whl/cu121\n"
                   "RUN pip install --index-url ${TORCH_INDEX} torch torchaudio\n")
    base = lint.write("docker-compose.yml", "services:\n  api:\n    build:\n      context: .\n      args:\n"
                      "        TORCH_INDEX: ${TORCH_INDEX:-https://download.pytorch.org/whl/cu121}\n"
                      "    image: api:latest\n    ports: ['8000:8000']\n")
    layer = lint.write("docker-compose.rocm.yml", "services:\n  api:\n    build:\n      args:\n"
                       "        TORCH_INDEX: https://download.pytorch.org/whl/rocm6.0\n"
                       "    devices: [/dev/kfd, /dev/dri]\n")
    [f] = flagged(lint([d, base, layer], "RD-ENV-002", "strix-halo-apu"))
    assert "rocm6.0" in f.title and "gfx1151" in f.title
    assert [e.source.rsplit("/", 1)[-1] for e in f.evidence] == ["Dockerfile:3", "Dockerfile:2", "docker-compose.rocm.yml:5"]
    assert not flagged(lint([d, base, layer], "RD-IMG-002", "strix-halo-apu"))
    # without the layer the base's CUDA index is what the build installs
    assert flagged(lint([d, base], "RD-IMG-002", "strix-halo-apu"))
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.artifacts.settings import image_builds
    [b] = image_builds(read_all([d, base, layer]).artifacts)
    assert b.by == layer and b.tags == ("api:latest",) and dict(b.args)["TORCH_INDEX"].endswith("rocm6.0")


def test_an_amd_layer_that_names_only_args_builds_what_its_base_names(lint, tmp_path):
    # wave 14 review: the base builds ./app (context), the rocm layer gives args only (compose keeps the base's context);
    # a docker-compose.cuda.yml beside them is the other vendor's variant, not a build this machine makes
    (tmp_path / "app").mkdir()
    d = lint.write("app/Dockerfile", "FROM python:3.11-slim\nARG TORCH_INDEX=https://download.pytorch.org/whl/cu121\n"
                   "RUN pip install --index-url ${TORCH_INDEX} torch\n")
    base = lint.write("docker-compose.yml", "services:\n  api:\n    build:\n      context: ./app\n      args:\n"
                      "        TORCH_INDEX: https://download.pytorch.org/whl/cu121\n")
    cuda = lint.write("docker-compose.cuda.yml", "services:\n  api:\n    build:\n      context: ./app\n      args:\n"
                      "        BASE: nvidia/cuda:12.1.0-devel\n    deploy: {}\n")
    layer = lint.write("docker-compose.rocm.yml", "services:\n  api:\n    build:\n      args:\n"
                       "        TORCH_INDEX: https://download.pytorch.org/whl/rocm6.2\n    devices: [/dev/kfd, /dev/dri]\n")
    from rocmdoctor.artifacts.readers import read_all
    from rocmdoctor.artifacts.settings import image_builds
    [b] = image_builds(read_all([d, base, cuda, layer]).artifacts)
    assert b.dockerfile == d and b.by == layer and dict(b.args) == {"TORCH_INDEX": "https://download.pytorch.org/whl/rocm6.2"}
    assert not flagged(lint([d, base, cuda, layer], "RD-IMG-002", "rx7900xtx"))


# Flag variables a build reads without the command naming them (wave 22, from a spent fresh set's make.sh:
# `export CXXFLAGS="-g -O3 --offload-arch=gfx90a ..."` then `make`): judged where the variable is set, once
@pytest.mark.parametrize("name,text,found", [
    ("make.sh", 'export CXX=hipcc\nexport CXXFLAGS="-O3 --offload-arch=gfx90a -I/x"\nmake\nmake install\n',
     "--offload-arch=gfx90a leaves out gfx1100"),
    ("b.sh", 'export HIPCC_COMPILE_FLAGS_APPEND="--amdgpu-target=gfx90a;gfx942 -DX"\npip install -e .\n',
     "--offload-arch=gfx90a;gfx942 leaves out gfx1100"),  # hipcc's `;` list: both targets read
    ("Dockerfile", 'FROM rocm/dev-ubuntu-22.04:6.3\nENV HIPFLAGS="--offload-arch=gfx942"\nRUN cmake -S . -B b\n',
     "--offload-arch=gfx942 leaves out gfx1100"),
    ("c.sh", 'CXXFLAGS="--offload-arch=gfx90a"\nmake\n', None),  # not exported: make does not see it
    ("d.sh", 'export CXXFLAGS="--offload-arch=gfx90a"\npython train.py\n', None),  # nothing builds
    ("e.sh", 'export CXXFLAGS="--offload-arch=gfx90a"\npip install -e .\n', None),  # hipcc's own variable only
    ("f.sh", 'export CXXFLAGS="-O3 --offload-arch=gfx1100"\nmake\n', "pass"),
    # the review: what the command sets wins, hipcc reads none of make's variables, unset clears, --no-offload-arch
    # excludes, `python -m pip` builds too
    ("g.sh", 'export CXXFLAGS="--offload-arch=gfx90a"\nmake CXXFLAGS="--offload-arch=gfx1100"\n', None),
    ("Dockerfile", 'FROM rocm/dev-ubuntu-22.04:6.3\nENV CXXFLAGS="--offload-arch=gfx90a"\n'
     'RUN cmake -DCMAKE_CXX_FLAGS="--offload-arch=gfx1100" -S .\n', None),
    ("h.sh", 'export CXXFLAGS="--offload-arch=gfx90a"\nhipcc --offload-arch=gfx1100 -o a a.hip\n', None),
    ("i.sh", 'export CXXFLAGS="--offload-arch=gfx90a"\nunset CXXFLAGS\nmake\n', None),
    ("j.sh", 'export CXXFLAGS="--offload-arch=gfx1100 --no-offload-arch=gfx90a"\nmake\n', "pass"),
    ("l.sh", 'export HIPCC_COMPILE_FLAGS_APPEND=--offload-arch=gfx90a\npip download -d w flash-attn\n', None),
    ("k.sh", 'export HIPCC_COMPILE_FLAGS_APPEND=--offload-arch=gfx90a\npython -m pip install --no-build-isolation .\n',
     "--offload-arch=gfx90a leaves out gfx1100"),
])
def test_flags_a_build_reads_from_the_environment_are_target_lists(tmp_path, name, text, found):
    p = write(tmp_path, name, text)
    # the finding at the line that sets the variable (a command's own --offload-arch is judged at its own line)
    at = next(i for i, line in enumerate(text.splitlines(), 1) if re.match(r"(export |ENV )?\w*FLAGS=", line)
              or line.startswith("export HIPCC"))
    fs = [f for f in scan([p], "RD-ENV-002", "rx7900xtx") if f.subject == f"{p}:{at}"]
    if found is None:
        assert fs == []
    elif found == "pass":
        assert [f.status.value for f in fs] == ["pass"]
    else:
        assert [(f.status.value, f.title) for f in fs] == [("warn", found)]


@pytest.mark.parametrize("line,found", [
    ("python3 ./rmake.py -a gfx1013 -j 4 --no_hipblaslt", "gfx1013"),  # fresh batch 83 rw-akandr-bc250-gfx1013-builds
    ('./install.sh -idc -a "gfx90a;gfx942"', "gfx90a;gfx942"),
    ("python3 rmake.py --architecture=gfx1030 -i", "gfx1030"),
    ("./install.sh -d -a gfx1100", None),  # this GPU's target
    ("./install.sh -a all", None),  # not a target list (rocBLAS's own default words)
    ("./configure -a gfx1013", None),  # another program's -a
    ("echo ./install.sh -a gfx90a", None),  # printed, not run
    ("./install.sh -a gfx-driver", None),  # no target list
    ("bash install.sh -a gfx90a", "gfx90a"),
])
def test_the_rocm_libraries_build_scripts_take_their_targets_as_an_option(tmp_path, line, found):
    path = write(tmp_path, "build_rocblas.sh", f"#!/bin/bash\ncd ~/rocBLAS\n{line}\n")
    flags = flagged(scan([path], "RD-ENV-002", "rx7900xtx"))
    if found is None:
        assert flags == []
    else:
        [f] = flags
        assert f"--architecture={found} leaves out gfx1100" in f.title and f.evidence[0].source.endswith(":3")
