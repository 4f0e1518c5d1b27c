"""RD-ENV-*: HSA_OVERRIDE_GFX_VERSION, PYTORCH_ROCM_ARCH and *_VISIBLE_DEVICES."""
import json
import os

import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot
from tests.lintacc_helpers import corpus, flagged, scan, write
from rocmdoctor.knowledge.env_names import shortened as _shortened

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
KFD = "/sys/class/kfd/kfd/topology/nodes"
EXAMPLES = rocmdoctor.api.examples()


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


R9700 = data("kfd_properties_gfx1100_RX7900XTX_tinygrad.txt").replace(
    "gfx_target_version 110000", "gfx_target_version 120001")  # same board family, RDNA4 target


def machine(tmp_path, *gpus, env=None, archs=None, rocm=None):
    files = {f"{KFD}/0/properties": data("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
    for i, g in enumerate(gpus, start=1):
        files[f"{KFD}/{i}/properties"] = g if "\n" in g else data(g)
    if rocm:
        files["/opt/rocm/.info/version"] = rocm + "\n"
    probes = {"env": env if env is not None else {}}
    if archs is not None:
        probes["python"] = {"python": {}, "torch": {"version": "2.3.0+rocm6.0", "hip": "6.0.32830-d62f6a171",
                                                    "arch_list": archs}}
    return build_snapshot(tmp_path, files=files, probes=probes)


def findings(s, code, level="default"):
    return [f for f in rocmdoctor.scan(snapshot=s, select=[code], level=level).findings if f.code.startswith(code)]


GFX906 = "kfd_properties_gfx906_RadeonVII_node1.txt"
GFX1032 = "kfd_properties_gfx1032_node3_rocprofsdk.txt"
GFX1100 = "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"


# ------------------------------------------------------------- HSA_OVERRIDE_GFX_VERSION
def test_override_unset_passes(tmp_path):
    [f] = findings(machine(tmp_path, GFX1100), "RD-ENV-001")
    assert f.status is Status.PASS


def test_cross_generation_override_fails(tmp_path):
    # 11.0.0 on an RX 9070 / R9700 (gfx1201): RDNA3 code on RDNA4.
    s = machine(tmp_path, R9700, env={"HSA_OVERRIDE_GFX_VERSION": "11.0.0"})
    [f] = findings(s, "RD-ENV-001")
    assert f.status is Status.FAIL and "crosses GPU generations" in f.title
    assert f.fix.actions[0].env == {"HSA_OVERRIDE_GFX_VERSION": None}
    assert f.fix.applicability.value == "display-only"


def test_override_naming_the_gpus_own_target_passes(tmp_path):
    # 9.0.6 on gfx906 (the mi50 example machine): the override changes nothing, so nothing to fix.
    [f] = findings(EXAMPLES["mi50x2-xeon"], "RD-ENV-001")
    assert f.status is Status.PASS and "the GPU's own version" in f.title


def test_override_on_supported_gpu_without_torch_warns(tmp_path):
    s = machine(tmp_path, GFX1100, env={"HSA_OVERRIDE_GFX_VERSION": "11.0.1"})
    [f] = findings(s, "RD-ENV-001", level="quick")
    assert f.status is Status.WARN and "officially supported" in f.title


def test_same_family_override_for_unsupported_gpu_passes(tmp_path):
    s = machine(tmp_path, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"},
                archs=json.loads(data("torch_get_arch_list_rocm_wheel_with_gfx942.txt").replace("'", '"')))
    [f] = findings(s, "RD-ENV-001")
    assert f.status is Status.PASS and "as gfx1030" in f.title


GFX1010 = data(GFX1032).replace("gfx_target_version 100302", "gfx_target_version 100100")  # RDNA1 (RX 5700)


@pytest.mark.parametrize("gpu,value", [
    (GFX1010, "10.3.0"),  # RDNA1 as RDNA2: crashed (legacy-rocm-build#887)
    (GFX906, "9.0.8"),    # MI50 running MI100 (MFMA) code
    (GFX906, "9.0.10"),
])
def test_override_across_isa_families_fails(tmp_path, gpu, value):
    s = machine(tmp_path, gpu, env={"HSA_OVERRIDE_GFX_VERSION": value},
                archs=json.loads(data("torch_get_arch_list_rocm_wheel_with_gfx942.txt").replace("'", '"')))
    [f] = findings(s, "RD-ENV-001")
    assert f.status is Status.FAIL and "different ISA" in f.title


def test_malformed_override_fails(tmp_path):
    s = machine(tmp_path, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION": "gfx1030"})
    [f] = findings(s, "RD-ENV-001", level="quick")
    assert f.status is Status.FAIL and "malformed" in f.title


def test_global_override_over_mixed_gpus_recommends_per_node(tmp_path):
    s = machine(tmp_path, GFX1100, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION": "10.3.0"})
    fs = findings(s, "RD-ENV-001", level="quick")
    by_title = {f.title: f for f in fs}
    assert any(f.status is Status.FAIL and "gfx1100" in f.subject for f in fs)  # 10.3.0 on RDNA3
    mixed = next(f for t, f in by_title.items() if t.startswith("one global"))
    assert mixed.status is Status.WARN and "HSA_OVERRIDE_GFX_VERSION_<KFD node id>" in mixed.detail


def test_per_node_override_applies_to_its_node_only(tmp_path):
    # KFD node 2 is the gfx1032; node 1 (gfx1100) is left alone.
    s = machine(tmp_path, GFX1100, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION_2": "10.3.0"})
    [f] = findings(s, "RD-ENV-001", level="quick")
    assert f.status is Status.PASS and f.subject == "GPU 1 (gfx1032)"


def test_per_node_override_naming_the_cpu_node_warns(tmp_path):
    s = machine(tmp_path, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION_0": "10.3.0"})
    [f] = findings(s, "RD-ENV-001", level="quick")
    assert f.status is Status.WARN and "HSA_OVERRIDE_GFX_VERSION_0" in f.title


def test_per_node_override_with_a_leading_zero_is_stray(tmp_path):
    # libhsakmt looks up exactly "HSA_OVERRIDE_GFX_VERSION_%d" (topology.c): _01 is never read,
    # even though node 1 is a GPU; nothing overrides it, and the warning says so.
    s = machine(tmp_path, GFX1032, env={"HSA_OVERRIDE_GFX_VERSION_01": "10.3.0"})
    fs = findings(s, "RD-ENV-001", level="quick")
    assert [f.title for f in fs if f.status is Status.WARN] == ["HSA_OVERRIDE_GFX_VERSION_01 name(s) no GPU node"]


def test_empty_env_probe_is_fine(tmp_path):
    s = machine(tmp_path, GFX1100, env={})
    assert [f.status for f in findings(s, "RD-ENV")] == [Status.PASS] * 5  # RD-ENV-001..005


def test_failed_env_probe_skips(tmp_path):
    s = build_snapshot(tmp_path, probes={"env": {"error": "probe crashed"}})
    assert {f.status for f in findings(s, "RD-ENV")} == {Status.SKIP}


# ---------------------------------------------------------------- PYTORCH_ROCM_ARCH
def test_pytorch_rocm_arch_covering_gpu_passes(tmp_path):
    s = machine(tmp_path, GFX1100, env={"PYTORCH_ROCM_ARCH": "gfx90a;gfx1100"})
    assert findings(s, "RD-ENV-002")[0].status is Status.PASS


def test_pytorch_rocm_arch_missing_gpu_warns(tmp_path):
    s = machine(tmp_path, GFX906, GFX1100, env={"PYTORCH_ROCM_ARCH": "gfx1100"})
    [f] = findings(s, "RD-ENV-002")
    assert f.status is Status.WARN and "gfx906" in f.title and "invalid device function" in f.detail


# ------------------------------------------------------------------ RD-ENV-004 misspelt variables
def test_a_misspelt_runtime_variable_is_named_with_the_one_it_means(tmp_path):
    s = machine(tmp_path, GFX906, env={"HSA_FORCE_FINE_GRAIN_PRICE": "1", "nccl_socket_ifname": "eth0"})
    got = {f.subject: f for f in findings(s, "RD-ENV-004", level="quick")}
    assert got["HSA_FORCE_FINE_GRAIN_PRICE"].status is Status.WARN
    assert "HSA_FORCE_FINE_GRAIN_PCIE is" in got["HSA_FORCE_FINE_GRAIN_PRICE"].title
    assert "NCCL_SOCKET_IFNAME is" in got["nccl_socket_ifname"].title  # names are case-sensitive


def test_known_and_unrelated_names_pass(tmp_path):
    # real settings (some one or two letters from each other), and names far from any setting
    env = {"NCCL_MIN_NCHANNELS": "4", "NCCL_MAX_NCHANNELS": "8", "HSA_FORCE_FINE_GRAIN_PCIE": "1",
           "HIP_VISIBLE_DEVICES": "0", "AMD_SERIALIZE_KERNEL": "3", "NCCL_MY_SITE_WRAPPER_OPTION": "x",
           "HSA_X": "1", "MY_HSA_FORCE_FINE_GRAIN_PRICE": "1"}
    [f] = findings(machine(tmp_path, GFX906, env=env), "RD-ENV-004", level="quick")
    assert f.status is Status.PASS


def test_misspelt_names_follow_the_edit_distance():
    from rocmdoctor.knowledge.env_names import KNOWN, misspelt

    assert misspelt("NCCL_SOCKET_IFNAM") == "NCCL_SOCKET_IFNAME"  # one deletion
    assert misspelt("NCCL_SOCKTE_IFNAME") == "NCCL_SOCKET_IFNAME"  # one transposition
    assert misspelt("NCCL_SOCKET_FOOBAR") is None  # three or more edits: not a misspelling
    assert all(misspelt(k) is None for k in KNOWN)


@pytest.mark.parametrize("text, bad", [
    ("FROM ubuntu\nRUN ROCM_TARGET=gfx1101 make hip\n", True),
    ("FROM ubuntu\nRUN cmake -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH=\"gfx90a;gfx942\" -S .\n", True),
    ("FROM ubuntu\nARG AMDGPU_TARGETS=gfx1030,gfx1100\nRUN echo $AMDGPU_TARGETS\n", False),
    ("FROM ubuntu\nENV PYTORCH_ROCM_ARCH=gfx1100\n", False),
    ("FROM ubuntu\nENV HSA_OVERRIDE_GFX_VERSION=10.3.0\nENV PYTORCH_ROCM_ARCH=gfx1030\n", True),  # real gfx1100
])
def test_gpu_target_lists_are_judged_against_the_real_gfx(tmp_path, text, bad, lint):
    path = lint.write("Dockerfile", text)
    fs = lint.flagged(lint([path], "RD-ENV-002", "rx7900xtx"))
    assert bool(fs) == bad
    if bad:
        assert "gfx1100" in fs[0].title and fs[0].evidence[0].source.startswith(path + ":")


def test_env_checks_judge_file_settings_with_file_line_evidence(tmp_path, lint):
    paths = lint.seeds("Dockerfile")
    f = lint(paths, "RD-ENV-001")[0]
    # MI50 (gfx906, 9.0.6) with HSA_OVERRIDE_GFX_VERSION=9.0.6: its own version, no effect here (a pass
    # with the note; corpus sets bigattichouse-worldmodel-mi50 and chirvo-ubuntu-rocm-heredoc are clean)
    assert f.status == Status.PASS and "own version" in f.title
    assert f.evidence[0].source == paths[0] + ":46"


def test_compose_environment_overrides_the_image_env_whatever_the_order(tmp_path, lint):
    dockerfile, compose = lint.seeds("Dockerfile", "docker-compose.yml")
    for order in ([compose, dockerfile], [dockerfile, compose]):
        f = lint(order, "RD-ENV-001")[0]
        # compose's HSA_OVERRIDE_GFX_VERSION=11.0.0 reaches the MI50s (gfx906): another generation
        assert f.status == Status.FAIL and "crosses GPU generations" in f.title
        assert f.evidence[0].source == compose + ":26"


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


# --- RD-ENV-004 also reads the option names of PYTORCH_HIP_ALLOC_CONF / PYTORCH_CUDA_ALLOC_CONF: an


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


# --- RD-ENV-004 also knows a setting written with one of its words left out (Vmjkom/nanotron's


def test_one_word_left_out():
    assert _shortened("NCCL_IFNAME") == "NCCL_SOCKET_IFNAME"
    assert _shortened("HIP_DEVICES") == "HIP_VISIBLE_DEVICES"


def test_not_judged():
    for name in ("HSA_OVERRIDE", "RCCL_DEBUG", "NCCL_SOCKET_IFNAME", "MY_IFNAME", "NCCL_DEBUG"):
        assert _shortened(name) is None, name


def test_real_script_with_allocator_options():
    fs = flagged(scan([corpus("vmjkom-nanotron-lumi")], "RD-ENV-004", "mi300x8"))
    assert fs and "NCCL_SOCKET_IFNAME" in fs[0].title and fs[0].evidence[0].source.endswith("train.sh:35")


# --- fourth corpus batch (lintacc2)

def test_env_of_an_earlier_stage_reaches_the_stage_built_from_it(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM archlinux AS base\nARG HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
              "ENV HSA_OVERRIDE_GFX_VERSION=$HSA_OVERRIDE_GFX_VERSION\nFROM base AS run\nCMD python x.py\n")
    fs = flagged(scan([p], "RD-ENV-001", "rx7900xtx"))
    assert fs and any(e.source.endswith("Dockerfile:3") for f in fs for e in f.evidence)
    # a stage FROM a new image starts clean: no override reaches it
    q = write(tmp_path, "b/Dockerfile", "FROM archlinux AS base\nENV HSA_OVERRIDE_GFX_VERSION=10.3.0\n"
              "FROM ubuntu:24.04\nCMD python x.py\n")
    assert flagged(scan([q], "RD-ENV-001", "rx7900xtx")) == []


def test_real_multistage_dockerfile_override():
    fs = flagged(scan([corpus("fuzzah-txtgen-webui-arch")], "RD-ENV-001", "rx7900xtx"))
    assert any(e.source.endswith("Dockerfile:62") for f in fs for e in f.evidence)


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


# RD-ENV-004, wave 6: a misspelt family word (JonPark0/MusicBot compose `ROCM_VISIBLE_DEVICES=0`, curtwortman/voice-agent
# compose `HSE_AMDGPU_TARGET=gfx1100`) and a word left out where the old and new names both fit (jiachunjin/
# congenial-guide mot_multinode.sh `export NCCL_GDR_LEVEL=4`: NCCL_NET_GDR_LEVEL, once NCCL_IB_GDR_LEVEL)
@pytest.mark.parametrize("name, value, meant", [
    ("ROCM_VISIBLE_DEVICES", "0", "ROCR_VISIBLE_DEVICES"), ("HSE_AMDGPU_TARGET", "gfx1100", "HCC_AMDGPU_TARGET"),
    ("NCCL_GDR_LEVEL", "4", "NCCL_NET_GDR_LEVEL"),
    ("ROCM_PATH", "/opt/rocm", None), ("ROCM_HOME", "/opt/rocm", None), ("CUDA_VISIBLE_DEVICES", "0", None),
    ("ROCM_VERSION", "6.2", None), ("AMDGPU_TARGETS", "gfx90a", None), ("GPU_DEVICE_ORDINAL", "0", None),
    # an application's own log level (fresh batch 14, qb-stefatorus kokoro compose `API_LOG_LEVEL=INFO`) is no
    # AMD_LOG_LEVEL with its first word misspelt; a misspelling of the runtime's own name still is
    ("API_LOG_LEVEL", "INFO", None), ("AMD_LOG_LEVLE", "3", "AMD_LOG_LEVEL"),
])
def test_misspelt_family_words_and_left_out_words(tmp_path, name, value, meant):
    p = write(tmp_path, "run.sh", f"export {name}={value}\npython train.py\n")
    fs = flagged(scan([p], "RD-ENV-004", "mi300x8"))
    assert [f.title.rsplit(" ", 2)[-2] for f in fs] == ([meant] if meant else [])


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
