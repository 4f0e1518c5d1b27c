"""RD-DS-*: DeepSpeed op builders on ROCm, and the DeepSpeed config linter (RD-DS-1xx).

The ROCm fixture is a real `ds_report` (torch 2.3.1+rocm6.0, DeepSpeed 0.14.0) turned
into the deepspeed probe's JSON by ``probe_from_ds_report`` below; the cases then
change one thing each (ninja gone, a prebuilt op from another HIP, a crashing CUDA check).
"""
import copy
import os
import re

import rocmdoctor
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
PY = "/opt/venv/bin/python3"


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def probe_from_ds_report(text: str) -> dict:
    """ds_report text -> the deepspeed probe's JSON shape (test fixture only: the probe
    itself asks DeepSpeed's API, it never parses this text)."""
    ops, pending = [], []
    for line in text.splitlines():
        w = re.match(r"\s*\[WARNING\]\s+(.*)", line)
        if w:
            pending.append(w.group(1).strip())
            continue
        m = re.match(r"^(\w+) \.+ \[(YES|NO)\] \.+ \[(OKAY|NO)\]", line)
        if m:
            name = m.group(1)
            ops.append({"name": name, "build_var": None, "kind": "cpu" if name.startswith("cpu_") or
                        name == "async_io" else "cuda", "installed": m.group(2) == "YES",
                        "compatible": m.group(3) == "OKAY",
                        "reasons": [p for p in pending if name in p or not p.startswith("Please")] or pending,
                        "error": None, "flag_error": None})
            pending = []

    def field(label):
        m = re.search(rf"^{label} \.+ (.*)$", text, re.M)
        return m.group(1).strip() if m else None

    built = re.match(r"torch (\S+), hip (\S+)", field("deepspeed wheel compiled w.") or "")
    return {
        "probe": "deepspeed_ops", "errors": [], "python": PY, "env": {}, "flag_dry_run": True,
        "torch": {"version": field("torch version"), "hip": field("torch hip version"),
                  "cuda": None if field("torch cuda version") == "None" else field("torch cuda version"),
                  "rocm_home": "/opt/rocm", "cuda_home": None, "hipcc": "/opt/rocm/bin/hipcc",
                  "ninja": "ninja .................. [OKAY]" in text},
        "deepspeed": {"version": field("deepspeed info").split(",")[0], "accelerator": "cuda",
                      "installed_accelerator": "cuda", "is_rocm_pytorch": True,
                      "compiled_with": {"version": built.group(1), "hip_version": built.group(2),
                                        "cuda_version": "0.0"},
                      "validate": {"skipped": "no op was prebuilt"}},
        "ops": ops,
    }


def rocm_probe():
    return probe_from_ds_report(data("ds_report_rocm6.0_torch2.3.1.txt"))


def python_probe(dists=None):
    d = {"deepspeed": {"name": "deepspeed", "version": "0.14.0", "requires": []}}
    d.update(dists or {})
    return {"python": {"executable": PY, "version": "3.11.9"}, "distributions": d,
            "torch": {"version": "2.3.1+rocm6.0", "hip": "6.0.32830-d62f6a171", "cuda": None}}


def scan(tmp_path, ds_probe, codes, python=None, env=None):
    probes = {"python": python or python_probe(), "deepspeed": ds_probe, "env": env or {}}
    s = build_snapshot(tmp_path, probes=probes)
    rep = rocmdoctor.scan(snapshot=s, select=codes, level="default")
    return {f.code: f for f in rep.findings}


def test_fixture_parses_the_real_report():
    p = rocm_probe()
    names = [o["name"] for o in p["ops"]]
    assert names[:3] == ["async_io", "fused_adam", "cpu_adam"] and len(names) == 19
    assert p["torch"]["hip"] == "6.0.32830-d62f6a171" and p["deepspeed"]["version"] == "0.14.0"
    aio = p["ops"][0]
    assert not aio["compatible"] and any("libaio" in r for r in aio["reasons"])


def test_rocm_report_training_ops_buildable(tmp_path):
    f = scan(tmp_path, rocm_probe(), ["RD-DS"])
    assert f["RD-DS-001"].status is Status.PASS
    assert f["RD-DS-002"].status is Status.PASS
    assert "cpu_adam: JIT-buildable" in f["RD-DS-002"].evidence[0].text
    assert f["RD-DS-003"].status is Status.PASS
    assert f["RD-DS-004"].status is Status.PASS
    # DeepSpeed 0.14 calls cutlass_ops and ragged_device_ops compatible; they are not, on ROCm.
    five = f["RD-DS-005"]
    assert five.status is Status.PASS
    assert set(five.data["claimed_compatible"]) == {"cutlass_ops", "ragged_device_ops"}


def test_ninja_missing_fails_with_build_plan(tmp_path):
    p = rocm_probe()
    p["torch"]["ninja"] = False
    f = scan(tmp_path, p, ["RD-DS-002"])["RD-DS-002"]
    assert f.status is Status.FAIL and "ninja" in f.detail
    acts = f.fix.actions
    assert acts[0].argv == (PY, "-m", "pip", "install", "ninja")
    env = next(a.env for a in acts if a.kind == "env")
    assert env["DS_BUILD_CPU_ADAM"] == "1" and env["DS_BUILD_FUSED_ADAM"] == "1"
    for off in ("DS_BUILD_CUTLASS_OPS", "DS_BUILD_RAGGED_DEVICE_OPS", "DS_BUILD_SPARSE_ATTN",
                "DS_BUILD_EVOFORMER_ATTN", "DS_BUILD_INFERENCE_CORE_OPS"):
        assert env[off] == "0"
    pip = acts[-1].argv
    assert pip[0] == PY and pip[-1] == "deepspeed==0.14.0" and "--no-build-isolation" in pip
    assert not any(a.startswith("torch") for a in pip)


def test_hipcc_missing_blocks_jit_of_gpu_ops(tmp_path):
    p = rocm_probe()
    p["torch"]["hipcc"] = None
    f = scan(tmp_path, p, ["RD-DS-002"])["RD-DS-002"]
    assert f.status is Status.FAIL and "fused_adam" in f.title and "cpu_adam" not in f.title
    assert any("HIP SDK" in a.description for a in f.fix.actions)


def test_incompatible_op_reason_is_carried(tmp_path):
    p = rocm_probe()
    lion = next(o for o in p["ops"] if o["name"] == "fused_lion")
    lion.update(compatible=False, reasons=["fused_lion requires the 'hipcc' command, but it does not exist!"])
    f = scan(tmp_path, p, ["RD-DS-002"])["RD-DS-002"]
    assert f.status is Status.WARN and "hipcc" in f.detail  # not an essential op: warn only


def test_prebuilt_ops_from_another_hip_fail(tmp_path):
    p = rocm_probe()
    next(o for o in p["ops"] if o["name"] == "cpu_adam")["installed"] = True
    p["deepspeed"]["compiled_with"] = {"version": "2.1", "hip_version": "5.6", "cuda_version": "0.0"}
    msg = ("RuntimeError: HIP version mismatch! DeepSpeed ops were compiled and installed with a different "
           "version than what is being used at runtime.")
    p["deepspeed"]["validate"] = {"validate_torch_version": "RuntimeError: PyTorch version mismatch!",
                                  "validate_torch_op_version": msg}
    f = scan(tmp_path, p, ["RD-DS-003"])["RD-DS-003"]
    assert f.status is Status.FAIL and "HIP version mismatch" in f.detail
    assert "hip 5.6" in f.evidence[0].text
    # An older probe without DeepSpeed's own answer: rocmdoctor compares the versions.
    p["deepspeed"]["validate"] = {}
    f = scan(tmp_path / "old", p, ["RD-DS-003"])["RD-DS-003"]
    assert f.status is Status.FAIL and "built with 5.6, running 6.0" in f.detail


def test_cuda_check_crash_on_rocm(tmp_path):
    p = rocm_probe()
    err = "AttributeError: 'NoneType' object has no attribute 'split' (at builder.py:443 in is_cuda_enable)"
    next(o for o in p["ops"] if o["name"] == "cpu_adam")["flag_error"] = err
    f = scan(tmp_path, p, ["RD-DS-002", "RD-DS-004"])
    assert f["RD-DS-004"].status is Status.FAIL and "cpu_adam" in f["RD-DS-004"].evidence[1].text
    assert f["RD-DS-004"].fix.actions[0].argv[-1] == "deepspeed>0.14.0"
    assert f["RD-DS-002"].status is Status.FAIL


def test_rocm_torch_without_rocm_home(tmp_path):
    p = rocm_probe()
    p["deepspeed"]["is_rocm_pytorch"] = False
    p["torch"]["rocm_home"] = None
    f = scan(tmp_path, p, ["RD-DS-004"])["RD-DS-004"]
    assert f.status is Status.FAIL and "ROCM_HOME" in f.detail


def test_ds_build_ops_switches_on_unbuildable(tmp_path):
    p = rocm_probe()
    p["env"] = {"DS_BUILD_OPS": "1", "DS_BUILD_SPARSE_ATTN": "0"}
    f = scan(tmp_path, p, ["RD-DS-005"])["RD-DS-005"]
    assert f.status is Status.FAIL
    assert "cutlass_ops" in f.title and "sparse_attn" not in f.title
    assert "dskernels" in f.detail


def test_import_error_fails_and_others_skip(tmp_path):
    p = {"probe": "deepspeed_ops", "errors": [], "torch": {"version": "2.3.1+rocm6.0", "hip": "6.0"},
         "deepspeed_import_error": "ModuleNotFoundError: No module named 'dskernels'"}
    f = scan(tmp_path, p, ["RD-DS"])
    assert f["RD-DS-001"].status is Status.FAIL and "dskernels" in f["RD-DS-001"].detail
    assert all(f[c].status is Status.SKIP for c in ("RD-DS-002", "RD-DS-003", "RD-DS-004", "RD-DS-005"))


def test_deepspeed_absent_or_probe_failed_skips(tmp_path):
    py = python_probe()
    del py["distributions"]["deepspeed"]
    py["distributions"]["llamafactory"] = {"name": "llamafactory", "version": "0.9.4", "requires": []}
    f = scan(tmp_path, rocm_probe(), ["RD-DS-001"], python=py)["RD-DS-001"]
    assert f.status is Status.SKIP and "deepspeed is not installed in " + PY in f.detail
    f = scan(tmp_path / "b", {"error": "deepspeed_ops.py gave no answer within 60 s and was killed"},
             ["RD-DS-002"])["RD-DS-002"]
    assert f.status is Status.SKIP and "60 s" in f.detail
    f = scan(tmp_path / "c", ["not", "a", "dict"], ["RD-DS-002"])["RD-DS-002"]
    assert f.status is Status.SKIP and "deepspeed probe: not a mapping" in f.detail


def test_cpu_torch_skips_rocm_only_checks(tmp_path):
    p = copy.deepcopy(rocm_probe())
    p["torch"].update(version="2.13.0+cpu", hip=None)
    f = scan(tmp_path, p, ["RD-DS-004", "RD-DS-005"])
    assert f["RD-DS-004"].status is Status.SKIP and f["RD-DS-005"].status is Status.SKIP


def test_build_variables_deepspeed_does_not_read_warn(tmp_path):
    # The seed's notes export these three; no builder reads them (the real ones are
    # DS_BUILD_INFERENCE_CORE_OPS, DS_BUILD_CUTLASS_OPS, ...).
    p = rocm_probe()
    p["env"] = {"DS_BUILD_INFERENCE": "0", "DS_BUILD_INFERENCE_HALIDE": "0", "DS_BUILD_INFERENCE_CUTLASS": "0",
                "DS_BUILD_CPU_ADAM": "1", "DS_BUILD_FUSED_ADAM": "1", "DS_BUILD_TRANSFORMER": "1"}
    f = scan(tmp_path, p, ["RD-DS-007"])["RD-DS-007"]
    assert f.status is Status.WARN
    assert f.fix.actions[0].env == {"DS_BUILD_INFERENCE": None, "DS_BUILD_INFERENCE_CUTLASS": None,
                                    "DS_BUILD_INFERENCE_HALIDE": None}
    p["env"] = {"DS_BUILD_CPU_ADAM": "1", "DS_BUILD_FUSED_ADAM": "1", "DS_BUILD_OPS": "0"}
    assert scan(tmp_path / "b", p, ["RD-DS-007"])["RD-DS-007"].status is Status.PASS
