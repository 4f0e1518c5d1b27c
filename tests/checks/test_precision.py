"""RD-PREC-001..007 (checks/precision.py): per-GPU precision and kernel findings and
wrong-platform wheels, on snapshots built from real KFD properties (tests/data) and real version
strings (the gpu_host fixture, tests/checks/conftest.py). The training-config rules (RD-PREC-010..)
are in test_precision_config.py."""
import pytest

import rocmdoctor
from rocmdoctor.engine.model import Status


def scan(snap, code):
    return rocmdoctor.scan(snapshot=snap, select=[code]).by_code(code)


def statuses(findings):
    return [f.status for f in findings]


# ---------------------------------------------------------------- RD-PREC-001 bf16

def test_bf16_emulated_on_gfx906_warns_despite_api(gpu_host):
    fs = scan(gpu_host(), "RD-PREC-001")
    assert statuses(fs) == [Status.WARN]  # two MI50s, one finding for the gfx
    f = fs[0]
    assert "gfx906" in f.title and "fp16" in f.title
    assert f.subject == "GPUs 0, 1"
    texts = [e.text for e in f.evidence]
    assert "gfx_target_version 90006" in texts
    assert "torch.cuda.is_bf16_supported() -> True" in texts


def test_bf16_native_on_gfx942(gpu_host):
    fs = scan(gpu_host(gfx=("gfx942",)), "RD-PREC-001")
    assert statuses(fs) == [Status.PASS] and "gfx942" in fs[0].title


def test_bf16_table_not_applicable_on_nvidia(gpu_host):
    torch = {"version": "2.3.0+cu121", "cuda": "12.1", "hip": None,
             "devices": [{"index": 0, "name": "NVIDIA H100", "major": 9, "minor": 0}]}
    fs = scan(gpu_host(gfx=(), torch=torch), "RD-PREC-001")
    assert statuses(fs) == [Status.SKIP] and "NVIDIA" in fs[0].title


def test_bf16_no_gpu_skips(gpu_host):
    fs = scan(gpu_host(gfx=(), torch=None), "RD-PREC-001")
    assert statuses(fs) == [Status.SKIP]


# ---------------------------------------------------------------- RD-PREC-002 hipBLASLt

def test_hipblaslt_supported_on_gfx942(gpu_host):
    fs = scan(gpu_host(gfx=("gfx942",)), "RD-PREC-002")
    assert statuses(fs) == [Status.PASS] and "supported" in fs[0].title


def test_hipblaslt_fallback_on_gfx906_is_expected(gpu_host):
    fs = scan(gpu_host(), "RD-PREC-002")
    assert statuses(fs) == [Status.PASS] and "hipBLAS instead" in fs[0].title


def test_hipblaslt_forced_on_gfx906_warns(gpu_host):
    fs = scan(gpu_host(env={"TORCH_BLAS_PREFER_HIPBLASLT": "1"}), "RD-PREC-002")
    assert statuses(fs) == [Status.WARN]
    assert fs[0].fix.actions[0].env == {"TORCH_BLAS_PREFER_HIPBLASLT": None}


@pytest.mark.parametrize("name, text, warned", [
    ("run.sh", "#!/bin/bash\nexport TORCH_BLAS_PREFER_HIPBLASLT=1\npython t.py\n", True),
    # spent tx-alemoreau: set for a container, it is read by the image's torch (rocm7.2, hipBLASLt on gfx1100), not
    # by the torch of this machine
    ("Dockerfile.rocm", "FROM rocm/pytorch:latest\nENV TORCH_BLAS_PREFER_HIPBLASLT=1\n", False),
    ("docker-compose.yml", "services:\n  app:\n    image: rocm/pytorch:latest\n    environment:\n"
     "      - TORCH_BLAS_PREFER_HIPBLASLT=1\n", False),
    ("run.sh", "#!/bin/bash\ndocker run --device /dev/kfd -e TORCH_BLAS_PREFER_HIPBLASLT=1 rocm/pytorch:latest python t.py\n",
     False),
])
def test_hipblaslt_forced_by_a_file_is_judged_where_that_files_torch_runs(tmp_path, name, text, warned):
    from tests.lintacc_helpers import scan as lint_scan, write

    fs = lint_scan([write(tmp_path, name, text)], "RD-PREC-002", "mi50x2-xeon")
    assert any(f.status == Status.WARN for f in fs) is warned, [f.title for f in fs]


# ---------------------------------------------------------------- RD-PREC-003 TF32

def test_tf32_flag_is_noop_on_gfx906(gpu_host):
    fs = scan(gpu_host(env={"HIPBLASLT_ALLOW_TF32": "1"}), "RD-PREC-003")
    assert statuses(fs) == [Status.WARN] and "no effect on gfx906" in fs[0].title


def test_tf32_flag_ok_on_mi300(gpu_host):
    fs = scan(gpu_host(gfx=("gfx942",), env={"HIPBLASLT_ALLOW_TF32": "1"}), "RD-PREC-003")
    assert statuses(fs) == [Status.PASS]


# ---------------------------------------------------------------- RD-PREC-004 attention kernels

def test_aotriton_experimental_on_gfx1100_warns_without_env(gpu_host):
    fs = scan(gpu_host(gfx=("gfx1100",)), "RD-PREC-004")
    assert statuses(fs) == [Status.WARN] and "math kernel" in fs[0].title
    assert fs[0].fix.actions[0].env == {"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}


def test_aotriton_experimental_enabled_passes(gpu_host):
    snap = gpu_host(gfx=("gfx1100",), env={"TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"})
    assert statuses(scan(snap, "RD-PREC-004")) == [Status.PASS]


def test_flash_attn_installed_on_gfx906_warns(gpu_host):
    dists = {"flash-attn": {"name": "flash_attn", "version": "2.6.3", "requires": ["torch", "einops"]}}
    fs = scan(gpu_host(dists=dists), "RD-PREC-004")
    assert statuses(fs) == [Status.WARN] and "flash-attn" in fs[0].title


def test_ck_flash_on_gfx942_passes(gpu_host):
    fs = scan(gpu_host(gfx=("gfx942",)), "RD-PREC-004")
    assert statuses(fs) == [Status.PASS] and "CK flash" in fs[0].title


# ---------------------------------------------------------------- RD-PREC-005 wrong-platform wheels

# xformers 0.0.26.post1 from PyPI pins torch==2.3.0 and is a CUDA build (invoke-ai/InvokeAI#6590 pip list);
# flash-attn GitHub release wheels carry local tags such as +cu123torch2.4cxx11abiFALSE.
XF_PYPI = {"name": "xformers", "version": "0.0.26.post1", "requires": ["numpy", "torch==2.3.0"]}
FA_CUDA = {"name": "flash_attn", "version": "2.6.3+cu123torch2.4cxx11abiFALSE", "requires": ["torch", "einops"]}


def test_cuda_wheels_on_rocm_torch_fail(gpu_host):
    fs = scan(gpu_host(dists={"xformers": XF_PYPI, "flash-attn": FA_CUDA}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL, Status.FAIL]
    by = {f.subject: f for f in fs}
    assert "requires torch==2.3.0" in by["xformers"].detail
    assert "download.pytorch.org/whl/rocm6.2" in by["xformers"].fix.actions[0].description
    # xformers pins torch==X: without --no-deps the reinstall would replace the user's torch.
    assert all("--no-deps" in a.description for f in fs for a in f.fix.actions if "pip install" in a.description)
    assert "CUDA 12.3" in by["flash_attn"].detail


def test_rocm_version_mismatch_fails(gpu_host):
    xf = {"name": "xformers", "version": "0.0.28+rocm6.1", "requires": ["torch==2.6.0"]}
    fs = scan(gpu_host(dists={"xformers": xf}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL] and "ROCm 6.1" in fs[0].detail and "6.2" in fs[0].detail


def test_old_bitsandbytes_on_rocm_warns(gpu_host):
    bnb = {"name": "bitsandbytes", "version": "0.43.1", "requires": ["torch"]}
    fs = scan(gpu_host(dists={"bitsandbytes": bnb}), "RD-PREC-005")
    assert statuses(fs) == [Status.WARN]


def test_matching_rocm_wheels_pass(gpu_host):
    xf = {"name": "xformers", "version": "0.0.28+rocm6.2", "requires": ["torch==2.6.0"]}
    bnb = {"name": "bitsandbytes", "version": "0.49.0", "requires": ["torch"]}
    fs = scan(gpu_host(dists={"xformers": xf, "bitsandbytes": bnb}), "RD-PREC-005")
    assert statuses(fs) == [Status.PASS]


def test_rocm_wheel_on_cuda_torch_fails(gpu_host):
    torch = {"version": "2.6.0+cu124", "cuda": "12.4", "hip": None, "devices": []}
    xf = {"name": "xformers", "version": "0.0.28+rocm6.1", "requires": []}
    fs = scan(gpu_host(gfx=(), torch=torch, dists={"xformers": xf}), "RD-PREC-005")
    assert statuses(fs) == [Status.FAIL]


# ---------------------------------------------------------------- RD-PREC-006 expandable segments

def test_expandable_segments_ignored_by_old_rocm_torch(gpu_host):
    env = {"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}
    fs = scan(gpu_host(env=env), "RD-PREC-006")
    assert statuses(fs) == [Status.WARN]
    assert fs[0].fix.actions[0].env == {"PYTORCH_HIP_ALLOC_CONF": None}


def test_expandable_segments_fix_keeps_other_allocator_options(gpu_host):
    env = {"PYTORCH_HIP_ALLOC_CONF": "garbage_collection_threshold:0.8, expandable_segments:True"}
    [f] = scan(gpu_host(env=env), "RD-PREC-006")
    assert f.fix.actions[0].env == {"PYTORCH_HIP_ALLOC_CONF": "garbage_collection_threshold:0.8"}


def test_expandable_segments_supported_on_new_torch(gpu_host):
    torch = {"version": "2.12.0+rocm7.0", "hip": "7.0.51831", "cuda": None, "devices": []}
    fs = scan(gpu_host(torch=torch, env={"PYTORCH_HIP_ALLOC_CONF": "expandable_segments:True"}),
              "RD-PREC-006")
    assert statuses(fs) == [Status.PASS]


# ---------------------------------------------------------------- RD-PREC-007 recommendation section

def test_recommendation_section_carries_the_recommendation(gpu_host):
    f = scan(gpu_host(), "RD-PREC-007")[0]
    assert f.status == Status.PASS
    assert f.data["dtype"] == "fp16" and f.data["loss_scaling"] == "dynamic"
    assert f.data["hf_attn_implementation"] == "sdpa"
    f = scan(gpu_host(gfx=("gfx942",), name="b"), "RD-PREC-007")[0]
    assert f.data["dtype"] == "bf16"


# ---------------------------------------------------------------- the training config rules


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def test_expandable_segments_under_the_cuda_name_is_read_too(gpu_host):
    # a ROCm torch reads PYTORCH_CUDA_ALLOC_CONF when PYTORCH_HIP_ALLOC_CONF is unset (DevGremlin's launch_mi300x.sh)
    [f] = scan(gpu_host(env={"PYTORCH_CUDA_ALLOC_CONF": "expandable_segments:True"}), "RD-PREC-006")
    assert f.status == Status.WARN and f.title.startswith("PYTORCH_CUDA_ALLOC_CONF=")
    assert f.fix.actions[0].env == {"PYTORCH_CUDA_ALLOC_CONF": None}


def test_expandable_segments_set_in_an_image_is_judged_by_the_images_torch(lint):
    # the torch that reads an ENV of a Dockerfile is the image's: named by its tag, or pinned by its pip line
    named = lint.write("Dockerfile", "FROM rocm/pytorch:rocm6.1.3_ubuntu22.04_py3.10_pytorch_release-2.1.2\n"
                       "ENV PYTORCH_HIP_ALLOC_CONF=expandable_segments:True\n")
    [f] = lint([named], "RD-PREC-006", "mi300x8")
    assert f.status.value == "warn" and any("torch 2.1.2" in e.text for e in f.evidence)
    unnamed = lint.write("Dockerfile.primus", "FROM rocm/primus:v25.11\nENV PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n")
    [f] = lint([unnamed], "RD-PREC-006", "mi300x8")
    assert f.status.value == "pass" and "does not name" in f.title
    pinned = lint.write("Dockerfile.pip", "FROM rocm/dev-ubuntu-22.04:5.6-complete\n"
                        "ENV PYTORCH_HIP_ALLOC_CONF=expandable_segments:True\n"
                        "RUN pip install torch==2.2.2 --index-url https://download.pytorch.org/whl/rocm5.6\n")
    [f] = lint([pinned], "RD-PREC-006", "mi300x8")
    assert f.status.value == "warn" and any("torch 2.2.2, ROCm 5.6" in e.text for e in f.evidence)


def test_expandable_segments_under_torchs_generic_name_is_read_too(gpu_host):
    # torch 2.9 reads PYTORCH_ALLOC_CONF first (fresh batch 37 R9700 compose: `PYTORCH_ALLOC_CONF=expandable_segments:True`
    # beside a PYTORCH_ROCM_ALLOC_CONF without it): the variable that asks for expandable segments is the one judged
    env = {"PYTORCH_HIP_ALLOC_CONF": "max_split_size_mb:512", "PYTORCH_ALLOC_CONF": "expandable_segments:True"}
    [f] = scan(gpu_host(env=env), "RD-PREC-006")
    assert f.status == Status.WARN and f.title.startswith("PYTORCH_ALLOC_CONF=")
    assert f.fix.actions[0].env == {"PYTORCH_ALLOC_CONF": None}
    [g] = scan(gpu_host(env={"PYTORCH_ALLOC_CONF": "max_split_size_mb:512"}), "RD-PREC-006")
    assert g.status == Status.PASS
