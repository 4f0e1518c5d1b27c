"""System fixers end to end in a --root tree: plan, apply (journal, atomic writes), verify
(planning again finds nothing left to do), undo byte for byte. One test per fixer:
env_file (profile.d), sysctl (sysctl.d + sysctl -w), modprobe (modprobe.d + initramfs),
remove_files (the WSL torch runtime), pci_acs (setpci + a boot unit), groups (usermod)."""
import types

import pytest

from rocmdoctor.engine.model import Action, Applicability, FixPlan
from rocmdoctor.facts import Context
from rocmdoctor.fixes.groups import groups_plan
from rocmdoctor.fixes.pci_acs import acs_disable_plan
from rocmdoctor.machine.sources import RootSource
from rocmdoctor.remedy import atomic_edit, session
from rocmdoctor.remedy.fixplan import FixContext, concretize


def tree(root, files: dict):
    for p, data in files.items():
        full = root / p.lstrip("/")
        full.parent.mkdir(parents=True, exist_ok=True)
        full.write_bytes(data if isinstance(data, bytes) else data.encode())
    return root


def every_file(root):
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*")
            if p.is_file() and "var/lib/rocmdoctor" not in str(p)}


def cycle(root, items, **options):
    """Plan, apply, plan again (nothing left), undo: returns (plans, files after apply)."""
    src = RootSource(str(root))
    plans = concretize(items, FixContext(src, Context(src, "quick"), options))
    todo = [c for c in plans if c.actionable]
    assert todo, [(c.title, c.refused, c.nothing_to_do) for c in plans]
    before = every_file(root)
    a = types.SimpleNamespace(root=str(root), state_dir=None, python=None, env_file=options.get("env_file"),
                              user=options.get("user"), iommu_mode="pt", config=None, model=None)
    journal, prepared = session.write(a, src, todo)
    assert journal is not None and journal["status"] == "applied"
    after = every_file(root)
    assert after != before
    assert session.replan_problems(a, src, todo) == []  # verified: planning again changes nothing
    again = concretize(items, FixContext(RootSource(str(root)), Context(RootSource(str(root)), "quick"), options))
    assert not any(c.edits for c in again)
    res = atomic_edit.undo(session.state_dir(a))
    assert not res.conflicts
    assert every_file(root) == before  # byte for byte, removed files back, new files gone
    return plans, after


def test_env_file_profile_d_unset_and_set(tmp_path):
    root = tree(tmp_path, {"/etc/profile.d/other.sh": "export A=1\n"})
    env = FixPlan("env", (Action("env", "x", env={"PYTORCH_HIP_ALLOC_CONF": None,
                                                   "TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL": "1"}),))
    [c], after = cycle(root, [("RD-PREC-006", env)])
    assert c.applicability == Applicability.SAFE and c.needs_relogin and c.deferred == "after logging in again"
    text = after["etc/profile.d/rocmdoctor-llm.sh"].decode()
    assert "unset PYTORCH_HIP_ALLOC_CONF\n" in text and "export TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1\n" in text


def test_sysctl_d_file_and_sysctl_w_with_the_old_value_for_undo(tmp_path):
    root = tree(tmp_path, {"/proc/sys/kernel/numa_balancing": "1\n", "/etc/sysctl.d/10-x.conf": "vm.swappiness = 10\n",
                           "/etc/sysctl.d/99-late.conf": "kernel.numa_balancing = 1\n"})
    fp = FixPlan("numa", (), fixer="sysctl", params={"settings": {"kernel.numa_balancing": "0"}})
    [c], after = cycle(root, [("RD-HEALTH-011", fp)])
    assert after["etc/sysctl.d/90-rocmdoctor.conf"].decode().endswith("kernel.numa_balancing = 0\n")
    assert [cmd.argv for cmd in c.commands] == [("sysctl", "-w", "kernel.numa_balancing=0")]
    assert [cmd.argv for cmd in c.undo_commands] == [("sysctl", "-w", "kernel.numa_balancing=1")]
    assert any("99-late.conf" in n for n in c.notes)  # a later file would win: said


def test_modprobe_d_options_and_initramfs(tmp_path):
    root = tree(tmp_path, {"/usr/sbin/update-initramfs": "#!/bin/sh\n", "/etc/modprobe.d/blacklist.conf": "blacklist x\n"})
    fp = FixPlan("ttm", (), fixer="modprobe", params={"module": "ttm", "options": {"pages_limit": "27787264",
                                                                                 "page_pool_size": "27787264"}})
    [c], after = cycle(root, [("RD-APU-001", fp)])
    assert b"options ttm pages_limit=27787264 page_pool_size=27787264\n" in after["etc/modprobe.d/rocmdoctor-ttm.conf"]
    assert c.commands[0].argv == ("update-initramfs", "-u") and c.needs_reboot and c.needs_root
    from rocmdoctor.fixes import modprobe
    from rocmdoctor.remedy.fixplan import Refused

    with pytest.raises(Refused, match="not a modprobe option value"):
        modprobe.plan(FixPlan("x", (), params={"module": "ttm", "options": {"a": "1; reboot"}}),
                      FixContext(RootSource(str(root)), None, {}))


def test_remove_files_keeps_the_bytes_for_undo(tmp_path):
    lib = "/home/u/.venv/lib/python3.12/site-packages/torch/lib/libhsa-runtime64.so"
    blob = bytes(range(256)) * 8  # not text
    root = tree(tmp_path, {lib: blob})
    fp = FixPlan("wsl", (), fixer="remove_files", params={"files": [lib]})
    [c], after = cycle(root, [("RD-WSL-002", fp)])
    assert c.applicability == Applicability.UNSAFE and lib.lstrip("/") not in after


def test_pci_acs_this_boot_and_a_unit_for_every_boot(tmp_path):
    root = tree(tmp_path, {"/etc/systemd/system/.keep": ""})
    [c], after = cycle(root, [("RD-PCIE-001", acs_disable_plan(["0000:40:01.1"]))])
    unit = after["etc/systemd/system/rocmdoctor-pci-acs.service"].decode()
    assert "ExecStart=/usr/bin/setpci -s 0000:40:01.1 ECAP_ACS+0x6.w=0000" in unit
    assert [cmd.argv[0] for cmd in c.commands] == ["setpci", "systemctl"]
    assert ("systemctl", "disable", "rocmdoctor-pci-acs.service") in [u.argv for u in c.undo_commands]


def test_groups_usermod_is_listed_under_root_and_verified_by_the_next_scan(tmp_path, capsys):
    root = tree(tmp_path, {"/etc/group": "render:x:110:\nvideo:x:44:bob\n", "/etc/passwd": "alice:x:1000:1000::/h:/bin/sh\n"})
    src = RootSource(str(root))
    [c] = concretize([("RD-PERM-001", groups_plan("alice"))], FixContext(src, Context(src, "quick"), {}))
    assert c.commands[0].argv == ("usermod", "-aG", "render,video", "alice")
    assert [u.argv for u in c.undo_commands] == [("gpasswd", "-d", "alice", "render"), ("gpasswd", "-d", "alice", "video")]
    assert any("logs out and back in" in n for n in c.notes) and c.deferred == "after logging in again"


def test_a_consequence_joins_the_plan_of_its_cause(capsys):
    # wsl2-radeon: torch sees no GPU (RD-TORCH-004) because of the runtime bundled in its wheel
    # (RD-WSL-002): one plan, and applying it re-checks both
    import json

    from rocmdoctor.cli import main

    assert main(["fix", "--example", "wsl2-radeon", "--format", "json"]) in (0, 1)
    plans = json.loads(capsys.readouterr().out)["plans"]
    [wsl] = [p for p in plans if "RD-WSL-002" in p["origin"]]
    assert "RD-TORCH-004" in wsl["origin"] and wsl["fixer"] == "remove_files" and wsl["applicability"] == "unsafe"
    assert not [p for p in plans if p["fixer"] == "causes"]
    assert [e["path"] for e in wsl["edits"]] == ["/home/user-1/.venv/lib/python3.12/site-packages/torch/lib/"
                                                 "libhsa-runtime64.so"] and wsl["edits"][0]["removed"]
