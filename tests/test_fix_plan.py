"""`rocmdoctor fix` planning: golden diffs per bootloader, applicability, merging, other fixers."""
import json
import os
import shutil
import sys

import pytest

from rocmdoctor.cli import main
from rocmdoctor.facts import Context
from rocmdoctor.remedy.fixplan import FixContext, concretize, render_text
from rocmdoctor.remedy.session import run_commands
from rocmdoctor.fixes.groups import groups_plan
from rocmdoctor.fixes.kernel_cmdline import iommu_plan
from rocmdoctor.fixes.pci_acs import acs_disable_plan
from rocmdoctor.fixes.pip import deepspeed_ops_plan, pin_plan
from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.machine.sources import RootSource
from rocmdoctor.testing import build_snapshot

HERE = os.path.dirname(__file__)
ROOTS = os.path.join(HERE, "fixtures", "roots")
GOLDEN = os.path.join(HERE, "golden")


def plans_for(root, items, **options):
    src = RootSource(root)
    return concretize(items, FixContext(src, Context(src, "quick"), options))


def fix_json(capsys, *args):
    code = main(["fix", *args, "--format", "json"])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("name,bootloader,first_cmd", [
    ("ubuntu", "grub_debian", ["update-grub"]),
    ("rhel", "grub_rhel", ["grubby", "--update-kernel=ALL", "--args=intel_iommu=on iommu=pt"]),
    ("systemd-boot", "systemd_boot", ["kernel-install", "add", "6.10.0-arch1-1", "/usr/lib/modules/6.10.0-arch1-1/vmlinuz"]),
])
def test_golden_diff_per_bootloader(capsys, update_golden, name, bootloader, first_cmd):
    code, out = fix_json(capsys, "--iommu", "--root", os.path.join(ROOTS, name))
    assert code == 0
    [plan] = out["plans"]
    assert plan["params"]["bootloader"] == bootloader
    assert plan["applicability"] == "safe" and plan["needs_root"] and plan["needs_reboot"]
    assert plan["commands"][0]["argv"] == first_cmd
    diff = "".join(e["diff"] for e in plan["edits"])
    golden = os.path.join(GOLDEN, f"fix_{name}.diff")
    if update_golden:
        with open(golden, "w") as fh:
            fh.write(diff)
    with open(golden) as fh:
        assert diff == fh.read()


def test_intel_host_gets_intel_iommu_on_and_amd_host_does_not(tmp_path):
    intel = plans_for(os.path.join(ROOTS, "rhel"), [("x", iommu_plan("GenuineIntel"))])[0]
    amd = plans_for(os.path.join(ROOTS, "ubuntu"), [("x", iommu_plan("AuthenticAMD"))])[0]
    assert intel.params["add"] == ["intel_iommu=on", "iommu=pt"]
    assert amd.params["add"] == ["iommu=pt"] and "intel_iommu=off" not in amd.params["remove"]


def test_iommu_mode_off_is_unsafe_on_intel_and_refused_on_amd(capsys):
    code, out = fix_json(capsys, "--iommu", "--iommu-mode", "off", "--root", os.path.join(ROOTS, "rhel"))
    assert code == 0 and out["plans"][0]["applicability"] == "unsafe"
    assert "intel_iommu=off" in out["plans"][0]["edits"][0]["diff"]
    assert main(["fix", "--iommu", "--iommu-mode", "off", "--root", os.path.join(ROOTS, "ubuntu")]) == 2
    assert "Intel hosts" in capsys.readouterr().err


def test_nothing_to_do_when_flags_already_there(tmp_path, capsys, sample):
    root = tmp_path / "r"
    shutil.copytree(os.path.join(ROOTS, "ubuntu"), root)
    (root / "etc/default/grub").write_text(sample("fix/grub_ubuntu2204_ovh_iommu_pt"))
    (root / "proc/cmdline").write_text(sample("fix/cmdline_epyc7532_amd_iommu_on_iommu_pt"))
    code, out = fix_json(capsys, "--iommu", "--root", str(root))
    plan = out["plans"][0]
    assert code == 0 and plan["edits"] == [] and plan["commands"] == []
    assert "already have iommu=pt" in plan["nothing_to_do"]


def test_two_cmdline_findings_make_one_plan_per_bootloader():
    a = FixPlan("iommu", (), Applicability.SAFE, True, True, "kernel_cmdline",
                {"add": ["iommu=pt"], "remove": ["iommu=soft"]})
    b = FixPlan("realloc", (), Applicability.SAFE, True, True, "kernel_cmdline", {"add": ["pci=realloc=off"]})
    plans = plans_for(os.path.join(ROOTS, "ubuntu"), [("RD-IOMMU-001", a), ("RD-PCI-003", b)])
    assert len(plans) == 1 and plans[0].origin == ["RD-IOMMU-001", "RD-PCI-003"]
    assert 'GRUB_CMDLINE_LINUX_DEFAULT="iommu=pt pci=realloc=off"' in plans[0].edits[0].new


def test_snapshot_shows_the_plan_but_refuses_apply(tmp_path, capsys):
    snap = build_snapshot(tmp_path / "s", files={
        "/etc/default/grub": 'GRUB_CMDLINE_LINUX_DEFAULT="quiet splash"\n',
        "/etc/os-release": "ID=ubuntu\n", "/proc/cmdline": "ro quiet splash\n"})
    code, out = fix_json(capsys, "--iommu", "--snapshot", snap)
    assert code == 0 and out["plans"][0]["edits"]
    assert main(["fix", "--iommu", "--snapshot", snap, "--apply", "--yes"]) == 2
    assert "a snapshot is read-only; run on the machine" in capsys.readouterr().err


def test_unknown_layout_is_display_only(tmp_path):
    (tmp_path / "proc").mkdir()
    (tmp_path / "proc/cmdline").write_text("ro quiet\n")
    [c] = plans_for(str(tmp_path), [("x", iommu_plan("AuthenticAMD"))])
    assert c.applicability == Applicability.DISPLAY_ONLY and not c.edits


def test_groups_plan(tmp_path):
    (tmp_path / "etc").mkdir()
    (tmp_path / "etc/group").write_text("root:x:0:\nvideo:x:44:alice\nrender:x:109:\nalice:x:1000:\n")
    (tmp_path / "etc/passwd").write_text("alice:x:1000:1000:Alice:/home/alice:/bin/bash\n")
    [c] = plans_for(str(tmp_path), [("RD-PERM-001", groups_plan("alice"))])
    assert [list(x.argv) for x in c.commands] == [["usermod", "-aG", "render", "alice"]]
    assert c.needs_root and not c.needs_reboot and c.applicability == Applicability.SAFE
    (tmp_path / "etc/group").write_text("video:x:44:alice\nrender:x:109:alice\n")
    [c] = plans_for(str(tmp_path), [("RD-PERM-001", groups_plan("alice"))])
    assert c.nothing_to_do and not c.commands


def _env(env, files=None):
    return FixPlan("RCCL settings", (Action("env", "x", env=env),), Applicability.SAFE, fixer="env_file",
                   params={"files": files or {}})


def test_env_file_without_a_chosen_file_goes_to_profile_d_and_needs_a_relogin(tmp_path):
    [c] = plans_for(str(tmp_path), [("RD-RCCL-001", _env({"NCCL_P2P_DISABLE": "1"})),
                                    ("RD-PREC-006", _env({"PYTORCH_HIP_ALLOC_CONF": None}))])
    assert c.applicability == Applicability.SAFE and c.needs_root and c.needs_relogin
    [e] = c.edits
    assert e.path == "/etc/profile.d/rocmdoctor-llm.sh" and e.old is None
    assert e.new.endswith("export NCCL_P2P_DISABLE=1\nunset PYTORCH_HIP_ALLOC_CONF\n")
    assert c.deferred == "after logging in again"


def test_env_file_written_to_the_chosen_file_and_never_bashrc(tmp_path):
    (tmp_path / "etc/profile.d").mkdir(parents=True)
    plans = [("RD-RCCL-001", _env({"NCCL_P2P_DISABLE": "1"})), ("RD-HIP-002", _env({"HSA_NO_SCRATCH_RECLAIM": "1"}))]
    [c] = plans_for(str(tmp_path), plans, env_file="/etc/profile.d/rocm-llm.sh")
    assert c.edits[0].old is None and c.needs_root
    assert c.edits[0].new.endswith("export NCCL_P2P_DISABLE=1\nexport HSA_NO_SCRATCH_RECLAIM=1\n")
    [c] = plans_for(str(tmp_path), plans[:1], env_file="/home/u/.bashrc")
    assert c.refused and "start-up file" in c.refused and not c.edits
    [c] = plans_for(str(tmp_path), plans[:1], env_file="/srv/train/rccl.env")
    assert c.edits[0].new.endswith("\nNCCL_P2P_DISABLE=1\n")


def test_harmful_override_removed_from_the_file_that_sets_it(tmp_path):
    (tmp_path / "home/u").mkdir(parents=True)
    rc = "alias ll='ls -l'\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\nexport PATH=$PATH:/opt/rocm/bin\n"
    (tmp_path / "home/u/.bashrc").write_text(rc)
    plan = _env({"HSA_OVERRIDE_GFX_VERSION": None}, {"HSA_OVERRIDE_GFX_VERSION": "/home/u/.bashrc"})
    [c] = plans_for(str(tmp_path), [("RD-ENV-003", plan)])
    assert c.edits[0].new == "alias ll='ls -l'\nexport PATH=$PATH:/opt/rocm/bin\n"


def test_command_plans_acs_and_pip():
    acs = acs_disable_plan(["0000:40:01.1"])
    assert acs.applicability == Applicability.UNSAFE
    [c] = plans_for(os.path.join(ROOTS, "ubuntu"), [("RD-PCIE-001", acs)])
    assert c.commands[0].argv == ("setpci", "-s", "0000:40:01.1", "ECAP_ACS+0x6.w=0000")
    ds = deepspeed_ops_plan("/venv/bin/python", ["fused_adam"])
    [c] = plans_for(os.path.join(ROOTS, "ubuntu"), [("RD-DS-001", ds)])
    assert c.commands[0].argv[:3] == ("/venv/bin/python", "-m", "pip") and c.commands[0].env == {"DS_BUILD_FUSED_ADAM": "1"}
    with pytest.raises(ValueError):
        pin_plan("/venv/bin/python", ["torch==2.3.1"])


def test_a_command_action_that_unsets_a_variable_is_shown_and_run_without_it(monkeypatch):
    # Action.env maps a variable to None to unset it. A command plan kept the None: the plan
    # showed DROP='' (set, empty) and applying it raised TypeError from the child's environment.
    script = "import os, sys; sys.exit(0 if os.environ.get('KEEP') == '1' and 'DROP' not in os.environ else 3)"
    fp = FixPlan("run it", (Action("command", "run", argv=(sys.executable, "-c", script), env={"KEEP": "1", "DROP": None}),),
                 Applicability.UNSAFE, fixer="commands", params={"timeout": 60})
    [c] = plans_for(os.path.join(ROOTS, "ubuntu"), [("RD-X", fp)])
    assert "KEEP=1 env -u DROP " in render_text([c], live=True)
    monkeypatch.setenv("DROP", "set before")
    ran, problems = run_commands([c], True, lambda _m: None)
    assert problems == [] and [r["returncode"] for r in ran] == [0]


def test_plans_come_from_failing_and_warning_findings_only(monkeypatch, capsys, tmp_path):
    from rocmdoctor import api
    from rocmdoctor.engine.model import Finding, Report, Status

    kplan = FixPlan("iommu", (), Applicability.SAFE, True, True, "kernel_cmdline", {"add": ["iommu=pt"]})
    findings = [Finding("RD-IOMMU-001", Status.FAIL, "no iommu=pt", fix=kplan),
                Finding("RD-IOMMU-002", Status.PASS, "fine", fix=kplan),
                Finding("RD-PERM-001", Status.WARN, "groups", fix=groups_plan("alice"))]
    seen = {}

    def fake_scan(**kw):
        seen.update(kw)
        return Report(findings=findings, source={}, level="quick", tool_version="t")

    monkeypatch.setattr(api, "scan", fake_scan)
    code, out = fix_json(capsys, "--root", os.path.join(ROOTS, "ubuntu"), "--select", "RD-IOMMU,RD-PERM")
    assert code == 0 and seen["select"] == ["RD-IOMMU", "RD-PERM"]
    assert [p["origin"] for p in out["plans"]] == [["RD-IOMMU-001"], ["RD-PERM-001"]]
    assert out["plans"][1]["refused"] == "/etc/group is not readable"


def test_identical_advice_from_several_findings_is_one_plan(capsys):
    from rocmdoctor.cli import main

    assert main(["fix", "--example", "mi50x2-xeon", "--format", "json"]) == 0
    plans = json.loads(capsys.readouterr().out)["plans"]
    bar = [p for p in plans if any(o.startswith("RD-PCIE-003") for o in p["origin"])]
    assert len(bar) == 1 and len(bar[0]["origin"]) == 2  # one per MI50, shown once
    iommu = [p for p in plans if p["fixer"] == "kernel_cmdline"]
    assert len(iommu) == 1 and iommu[0]["applicability"] == "safe" and iommu[0]["edits"]
