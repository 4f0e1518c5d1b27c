"""RD-ENV-001 and RD-ENV-004: HSA_OVERRIDE_GFX_VERSION and the runtime variables' spelling (RD-ENV-002,
the GPU target lists: tests/checks/test_target_lists.py)."""
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
    # NCCL's per-peer P2P channels (src/graph/paths.cc; RCCL 5.7's changelog): a variable of its own, not a short
    # form of NCCL_NCHANNELS_PER_NET_PEER (fresh batch 167, a DCU container's entry point)
    assert "NCCL_NCHANNELS_PER_PEER" in KNOWN and misspelt("NCCL_NCHANNELS_PER_PEER") is None


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


# RD-ENV-004, wave 6: a misspelt family word (JonPark0/MusicBot compose `ROCM_VISIBLE_DEVICES=0`, curtwortman/voice-agent
# compose `HSE_AMDGPU_TARGET=gfx1100`) and a word left out where the old and new names both fit (jiachunjin/
# congenial-guide mot_multinode.sh `export NCCL_GDR_LEVEL=4`: NCCL_NET_GDR_LEVEL, once NCCL_IB_GDR_LEVEL)
@pytest.mark.parametrize("name, value, meant", [
    ("ROCM_VISIBLE_DEVICES", "0", "ROCR_VISIBLE_DEVICES"), ("HSE_AMDGPU_TARGET", "gfx1100", "HCC_AMDGPU_TARGET"),
    ("NCCL_GDR_LEVEL", "4", "NCCL_NET_GDR_LEVEL"),
    # ROCr is the HSA runtime, yet its filter is not HSA_-named (spent fresh batch 56, cy-herdora serve.sh)
    ("HSA_VISIBLE_DEVICES", "$GPU_ID", "ROCR_VISIBLE_DEVICES"), ("hsa_visible_devices", "0", "ROCR_VISIBLE_DEVICES"),
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


def test_an_allocator_option_without_a_value_is_an_option_name_too(tmp_path):
    # zubenelakrab's A1111 launcher (spent fresh batch 35): `...,max_split_size_m>` pasted cut short; PyTorch reads
    # each comma-separated token as an option and stops at one it does not know
    p = write(tmp_path, "launch.sh", "#!/bin/sh\nexport PYTORCH_HIP_ALLOC_CONF=garbage_collection_threshold:0.7,"
              "max_split_size_m>\npython launch.py\n")
    fs = flagged(scan([p], "RD-ENV-004", "rx7900xtx"))
    assert [f.title for f in fs] == ["PYTORCH_HIP_ALLOC_CONF: 'max_split_size_m>' is no caching-allocator option "
                                     "(max_split_size_mb is)"]
    # a list value's own commas and colons are not options (roundup_power2_divisions:[256:1,512:2,>:8])
    ok = write(tmp_path / "ok", "launch.sh", "#!/bin/sh\nexport PYTORCH_HIP_ALLOC_CONF=roundup_power2_divisions:"
               "[256:1,512:2,>:8],max_split_size_mb:64\npython launch.py\n")
    assert not flagged(scan([ok], "RD-ENV-004", "rx7900xtx"))


# An allocator config under a name torch does not read (fresh batch 37, an R9700 AI-Toolkit image: `ENV
# PYTORCH_ROCM_ALLOC_CONF=max_split_size_mb:768,...` in the Dockerfile and the compose file; spent batch ha-jamessyjay
# k8s job `TORCH_CUDA_ALLOC_CONF`): the options silently do nothing. Each place that sets it is cited.
@pytest.mark.parametrize("name, value, meant", [
    ("PYTORCH_ROCM_ALLOC_CONF", "max_split_size_mb:768,garbage_collection_threshold:0.8", "PYTORCH_HIP_ALLOC_CONF"),
    ("TORCH_CUDA_ALLOC_CONF", "expandable_segments:True", "PYTORCH_CUDA_ALLOC_CONF"),
    ("PYTORCH_HIP_ALLOC_CONFIG", "expandable_segments:True", "PYTORCH_HIP_ALLOC_CONF"),
    ("PYTORCH_MPS_ALLOC_CONF", "backend:native", "PYTORCH_ALLOC_CONF"),
    # the three names torch reads, and a name like one that holds no allocator options (an app's own setting)
    ("PYTORCH_ALLOC_CONF", "expandable_segments:True", None), ("PYTORCH_HIP_ALLOC_CONF", "max_split_size_mb:512", None),
    ("PYTORCH_CUDA_ALLOC_CONF", "expandable_segments:True", None), ("TORCH_ALLOC_CONF_PATH", "/etc/x.conf", None),
])
def test_allocator_options_under_a_name_torch_does_not_read(tmp_path, name, value, meant):
    p = write(tmp_path, "run.sh", f"export {name}={value}\npython train.py\n")
    fs = flagged(scan([p], "RD-ENV-004", "rx7900xtx"))
    assert [f.title.rsplit(" ", 2)[-2] for f in fs] == ([meant] if meant else [])


def test_a_misnamed_allocator_variable_cites_every_place_that_sets_it(tmp_path):
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nENV PYTORCH_ROCM_ALLOC_CONF=max_split_size_mb:768\n")
    c = write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build: .\n    environment:\n"
              "      - PYTORCH_ROCM_ALLOC_CONF=max_split_size_mb:768\n")
    [f] = flagged(scan([d, c], "RD-ENV-004", "rx7900xtx"))
    assert sorted(e.source for e in f.evidence) == [f"{d}:2", f"{c}:5"]



# HardAndHeavy's ComfyUI Makefile (fresh batch 39): `-e HSA_OVERRIDE_GFX_VERSION=$(HSA_OVERRIDE_GFX_VERSION)` from an
# included .mk file, and the same pass-through in scripts (`-e X=$X`): the launching shell's value, not a malformed one
@pytest.mark.parametrize("value", ["$HSA_OVERRIDE_GFX_VERSION", "${HSA_OVERRIDE_GFX_VERSION}", "$(cat /etc/hsa)"])
def test_an_override_passed_through_from_the_launching_environment_is_not_malformed(tmp_path, value):
    p = write(tmp_path, "run.sh", f"#!/bin/bash\ndocker run --device=/dev/kfd --device=/dev/dri -e HSA_OVERRIDE_GFX_VERSION={value} "
              "rocm/pytorch:latest python t.py\n")
    fs = scan([p], "RD-ENV-001", "rx7900xtx")
    assert [f.status.value for f in fs] == ["pass"] and "passed through" in fs[0].title
    bad = write(tmp_path / "bad", "run.sh", "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=gfx1100\npython t.py\n")
    assert [f.status.value for f in scan([bad], "RD-ENV-001", "rx7900xtx")] == ["fail"]


@pytest.mark.parametrize("value, bad", [
    ('"${GPU_ARCH#gfx}"', True), ("${ARCH##gfx}", True), ("${GFX/gfx/}", True),
    ("$HSA_OVERRIDE_GFX_VERSION", False), ("${HSA_OVERRIDE_GFX_VERSION:-11.0.0}", False),
])
def test_an_override_made_by_stripping_gfx_from_the_name_is_malformed(tmp_path, value, bad):
    # spent fresh cz-manpreet (setup_rocm.sh): GPU_ARCH from rocminfo, then HSA_OVERRIDE_GFX_VERSION="${GPU_ARCH#gfx}"
    from tests.lintacc_helpers import flagged, scan, write
    p = write(tmp_path, "setup.sh", "#!/bin/bash\nGPU_ARCH=$(rocminfo | grep -oP 'gfx\\d+' | head -1)\n"
              f"export HSA_OVERRIDE_GFX_VERSION={value}\npython t.py\n")
    fs = flagged(scan([p], "RD-ENV-001", "rx7900xtx"))
    assert bool([f for f in fs if "digits" in f.title]) is bad
