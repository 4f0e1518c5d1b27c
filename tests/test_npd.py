"""Kubernetes: `scan --format npd` under node-problem-detector's custom-plugin protocol, the
kernel-monitor rules generated from the signature catalog, and contrib/k8s/'s manifests
validated against the Kubernetes schemas (kubernetes-validate bundles them; no cluster needed).

NPD's side of each contract is read from kubernetes/node-problem-detector:
pkg/custompluginmonitor/plugin/plugin.go (exit 0 OK, 1 NonOK, else Unknown; stdout trimmed
and cut at max_output_length bytes), pkg/custompluginmonitor/types/config.go (Validate), and
pkg/systemlogmonitor/log_buffer.go (a rule matches as `pattern\\z` on the buffered lines).
"""
from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys

import pytest

import rocmdoctor
from rocmdoctor.output import npd

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
K8S = os.path.join(ROOT, "contrib", "k8s")
EX = rocmdoctor.examples()
needs_examples = pytest.mark.skipif(not {"mi300x8", "mi50x2-xeon"} <= set(EX), reason="examples not packaged")


def plugin(*argv):
    """The plugin as NPD runs it: a process, its exit status and trimmed stdout."""
    p = subprocess.run([sys.executable, "-m", "rocmdoctor", "scan", "--format", "npd", *argv],
                       capture_output=True, text=True, check=False, timeout=120, env=dict(os.environ, NO_COLOR="1"))
    return p.returncode, p.stdout.strip()


def load(name):
    with open(os.path.join(K8S, name), encoding="utf-8") as fh:
        return json.load(fh)


# --------------------------------------------------------------- the plugin
@needs_examples
def test_healthy_node_is_ok_and_broken_node_is_nonok_with_one_short_line():
    rc, msg = plugin("--example", "mi300x8")
    assert rc == npd.OK and msg.startswith("OK: ") and "checks passed" in msg
    rc, msg = plugin("--example", "mi50x2-xeon")
    assert rc == npd.NONOK
    assert msg.startswith("RD-IOMMU-001 ") and "(+1 more: RD-PIN-001)" in msg
    assert len(msg.encode()) <= npd.MAX_OUTPUT and "\n" not in msg and msg.isascii()


@needs_examples
def test_warnings_count_only_with_strict():
    assert plugin("--example", "mi50x2-xeon", "--select", "RD-GFX-001")[0] == npd.OK
    rc, msg = plugin("--example", "mi50x2-xeon", "--select", "RD-GFX-001", "--strict")
    assert rc == npd.NONOK and msg.startswith("RD-GFX-001 ")


def test_a_scan_that_cannot_run_is_unknown_never_nonok(tmp_path):
    rc, msg = plugin("--snapshot", str(tmp_path / "missing"))
    assert rc == npd.UNKNOWN and msg.startswith("rocmdoctor could not scan: ")
    assert plugin("--select", "RD-NO-SUCH-CHECK")[0] == npd.UNKNOWN  # a usage error: 2


def test_a_crash_inside_rocmdoctor_is_unknown(capsys):
    def broken():
        raise KeyError("bug")

    assert npd.run(broken) == npd.UNKNOWN
    assert capsys.readouterr().out == "rocmdoctor could not scan: KeyError: 'bug'\n"


def test_nothing_checked_is_unknown():
    from rocmdoctor.engine.model import Finding, Report, Status

    skipped = Report(findings=[Finding(code="RD-GPU-001", status=Status.SKIP, title="no GPU", area="gpu")],
                     source={}, level="quick", tool_version="test")
    assert npd.verdict(skipped) == (npd.UNKNOWN, "nothing could be checked on this node")


@pytest.mark.parametrize("limit", [40, 80, 200])
def test_message_fits_npd_cut_and_keeps_the_count_of_others(limit):
    text = "RD-HEALTH-001 GPU 3 (0000:5f:00.0): " + "uncorrectable ECC errors in umc " * 5 + "\u00e9"
    out = npd.fit(text, "(+2 more: RD-PCIE-002, RD-KERN-001)", limit)
    assert len(out.encode()) <= limit and out.isascii() and out.startswith("RD-HEALTH-001 ")
    if limit >= 80:
        assert out.endswith("(+2 more: RD-PCIE-002, RD-KERN-001)")


# ------------------------------------------------------- plugin monitor config
def _seconds(text: str) -> float:
    m = re.fullmatch(r"(\d+)(ms|s|m|h)", text)
    assert m, f"not a Go duration NPD reads: {text}"
    return int(m.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "h": 3600}[m.group(2)]


def test_plugin_monitor_config_passes_npds_validation_and_runs_our_scan():
    cfg = load("rocmdoctor-plugin-monitor.json")
    g = cfg["pluginConfig"]
    assert cfg["plugin"] == "custom" and _seconds(g["invoke_interval"]) > 0
    assert g["max_output_length"] >= npd.MAX_OUTPUT  # our message is never cut
    conditions = {c["type"] for c in cfg["conditions"]}
    for rule in cfg["rules"]:
        assert _seconds(rule["timeout"]) <= _seconds(g["timeout"])  # config.go rejects a longer rule timeout
        if rule["type"] == "permanent":
            assert rule["condition"] in conditions  # "permanent problem ... does not have preset default condition"
        # The path is where contrib/k8s/Dockerfile installs rocmdoctor; the args are our own options.
        with open(os.path.join(K8S, "Dockerfile"), encoding="utf-8") as fh:
            assert os.path.dirname(os.path.dirname(rule["path"])) in fh.read()
        from rocmdoctor.cli import build_parser

        parser, _ = build_parser(rule["args"])
        a = parser.parse_args(rule["args"])
        assert (a.command, a.format, a.level, a.root) == ("scan", "npd", "quick", "/host")


# -------------------------------------------------------- kernel monitor rules
def test_kernel_monitor_file_is_the_catalog_generated():
    """Regenerate with: python -m rocmdoctor.output.npd kernel-monitor > contrib/k8s/rocmdoctor-kernel-monitor.json"""
    with open(os.path.join(K8S, "rocmdoctor-kernel-monitor.json"), encoding="utf-8") as fh:
        assert fh.read() == npd.kernel_monitor_text()


def _npd_match(pattern: str, lines: list[str]) -> bool:
    """log_buffer.go: the rule compiled as pattern\\z against the buffered lines joined by \\n."""
    re2 = pytest.importorskip("re2")
    return re2.search(pattern + r"\z", "\n".join(lines)) is not None


def test_every_kernel_signature_example_fires_its_rule_in_re2_and_near_misses_do_not():
    cfg = npd.kernel_monitor()
    rules: dict[str, list[str]] = {}
    for r in cfg["rules"]:
        rules.setdefault(r["reason"], []).append(r["pattern"])
    sigs = npd.kernel_signatures()
    assert len(sigs) >= 15 and set(rules) == {npd.reason(s.id) for s in sigs}
    earlier = ["[drm] amdgpu kernel modesetting enabled.", "pcieport 0000:00:01.1: PME: Signaling with IRQ 26"]
    for sig in sigs:
        pats = rules[npd.reason(sig.id)]
        for ex in sig.examples:
            assert any(_npd_match(p, earlier + [ex]) for p in pats), (sig.id, ex)
            assert any(_npd_match(p, [ex.upper()]) for p in pats), (sig.id, "case")  # the catalog is case-blind
        for miss in sig.near_misses:
            assert not any(_npd_match(p, earlier + [miss]) for p in pats), (sig.id, miss)
    # the rule fires on the newest line only: an old event followed by another line is not re-reported
    reset = rules["AmdgpuGpuReset"]
    assert not any(_npd_match(p, ["amdgpu 0000:08:00.0: amdgpu: GPU reset begin!", "[drm] ok"]) for p in reset)


def test_kernel_monitor_conditions_and_reasons_are_valid_for_kubernetes():
    cfg = npd.kernel_monitor()
    conditions = {c["type"] for c in cfg["conditions"]}
    reason_ok = re.compile(r"^[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?$")  # metav1.Condition's reason
    perm = {r["reason"] for r in cfg["rules"] if r["type"] == "permanent"}
    assert perm == {npd.reason(i) for i in npd.PERMANENT}
    for r in cfg["rules"]:
        assert r["type"] in ("temporary", "permanent") and reason_ok.match(r["reason"])
        if r["type"] == "permanent":
            assert r["condition"] in conditions
    assert npd.reason("amdgpu-gpu-reset") == "AmdgpuGpuReset"


@pytest.mark.parametrize("pattern", [r"reset(?= begin)", r"(a)\1", r"^GPU reset", r"reset$", r"(?>atomic)x"])
def test_what_re2_or_npd_cannot_mean_is_refused(pattern):
    with pytest.raises(ValueError):
        npd.rule_pattern(pattern)


# ------------------------------------------------------------------ manifests
def _docs(name):
    yaml = pytest.importorskip("yaml")
    with open(os.path.join(K8S, name), encoding="utf-8") as fh:
        return [d for d in yaml.safe_load_all(fh) if d]


@pytest.mark.parametrize("version", ["1.28.0", "1.37.0"])
def test_manifests_validate_against_the_kubernetes_schemas(version):
    kv = pytest.importorskip("kubernetes_validate")
    docs = _docs("rbac.yaml") + _docs("daemonset.yaml")
    assert [d["kind"] for d in docs] == ["ServiceAccount", "ClusterRoleBinding", "DaemonSet"]
    for d in docs:
        kv.validate(d, version, strict=True)  # raises on a wrong type or an unknown field
    bad = json.loads(json.dumps(docs[-1]))
    bad["spec"]["template"]["spec"]["containers"][0]["volumeMount"] = []  # a typo kubectl would reject
    with pytest.raises(kv.ValidationError):
        kv.validate(bad, version, strict=True)


def test_daemonset_runs_npd_on_both_configs_the_kustomization_ships():
    ds = _docs("daemonset.yaml")[0]
    c = ds["spec"]["template"]["spec"]["containers"][0]
    kust = _docs("kustomization.yaml")[0]
    (gen,) = kust["configMapGenerator"]
    files = set(gen["files"])
    assert {f"/config/{f}" for f in files} == {arg.split("=", 1)[1] for arg in c["command"] if "=/config/" in arg}
    assert all(os.path.exists(os.path.join(K8S, f)) for f in files | set(kust["resources"]))
    vols = {v["name"]: v for v in ds["spec"]["template"]["spec"]["volumes"]}
    assert vols["config"]["configMap"]["name"] == gen["name"]
    mounts = {m["mountPath"]: m for m in c["volumeMounts"]}
    assert mounts["/host"]["readOnly"] and vols[mounts["/host"]["name"]]["hostPath"]["path"] == "/"
    assert mounts["/dev/kmsg"]["readOnly"]  # the kmsg monitor reads the host's kernel log
    assert any(e["name"] == "NODE_NAME" for e in c["env"])  # NPD names the node it patches from it


@pytest.mark.skipif(not shutil.which("kubectl"), reason="kubectl not installed")
def test_kustomize_build_validates_as_a_whole():
    kv = pytest.importorskip("kubernetes_validate")
    yaml = pytest.importorskip("yaml")
    p = subprocess.run(["kubectl", "kustomize", K8S], capture_output=True, text=True, check=False, timeout=60)
    if p.returncode != 0:
        pytest.skip(f"kubectl kustomize failed here: {p.stderr[-200:]}")
    docs = [d for d in yaml.safe_load_all(p.stdout) if d]
    kinds = sorted(d["kind"] for d in docs)
    assert kinds == ["ClusterRoleBinding", "ConfigMap", "DaemonSet", "ServiceAccount"]
    for d in docs:
        kv.validate(d, "1.37.0", strict=True)
    cm = next(d for d in docs if d["kind"] == "ConfigMap")
    assert json.loads(cm["data"]["rocmdoctor-kernel-monitor.json"]) == npd.kernel_monitor()
