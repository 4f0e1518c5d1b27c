"""RD-PERM-*: device node access and render/video membership."""
import copy
import json
import os

import rocmdoctor
from rocmdoctor.engine.model import Applicability, Status
from rocmdoctor.testing import build_snapshot

EXAMPLES = rocmdoctor.api.examples()
BASE = EXAMPLES["mi50x2-xeon"]


def probe(name):
    with open(os.path.join(BASE, "probes", name + ".json"), encoding="utf-8") as fh:
        return json.load(fh)["data"]


def findings(s, code):
    return rocmdoctor.scan(snapshot=s, select=[code], level="quick").by_code(code)


def no_access(nodes):
    out = copy.deepcopy(nodes)
    for e in out:
        if e["path"] == "/dev/kfd" or e["path"].startswith("/dev/dri/renderD"):
            e["readable"] = e["writable"] = False
    return out


def outsider(ident, pending=False):
    ident = copy.deepcopy(ident)
    ident["groups"] = [g for g in ident["groups"] if g["name"] not in ("render", "video")]
    if not pending:
        for k in ("render", "video"):
            ident["known_groups"][k]["members"] = []
    return ident


def test_access_and_membership_pass():
    assert findings(BASE, "RD-PERM-001")[0].status is Status.PASS
    assert findings(BASE, "RD-PERM-002")[0].status is Status.PASS


def test_no_access_fails_with_groups_fix(tmp_path):
    s = build_snapshot(tmp_path, base=BASE, probes={"devnodes": no_access(probe("devnodes")),
                                                    "identity": outsider(probe("identity"))})
    [f] = findings(s, "RD-PERM-001")
    assert f.status is Status.FAIL and "/dev/kfd" in f.title
    assert f.fix.fixer == "groups" and f.fix.params == {"user": "user-1", "groups": ["render"]}
    assert f.fix.applicability is Applicability.SAFE and f.fix.needs_root
    [m] = findings(s, "RD-PERM-002")
    assert m.status is Status.FAIL and m.fix.params["groups"] == ["render", "video"]


def test_added_but_not_logged_in_again_warns(tmp_path):
    s = build_snapshot(tmp_path, base=BASE, probes={"devnodes": no_access(probe("devnodes")),
                                                    "identity": outsider(probe("identity"), pending=True)})
    [m] = findings(s, "RD-PERM-002")
    assert m.status is Status.WARN and "log out" in m.detail.lower()


def test_etc_group_fills_in_for_snapshots_without_known_groups(tmp_path):
    ident = outsider(probe("identity"), pending=True)
    ident["known_groups"] = {}
    s = build_snapshot(tmp_path, base=BASE, probes={"identity": ident},
                       files={"/etc/group": "root:x:0:\nvideo:x:44:user-1\nrender:x:110:user-1\n"})
    [m] = findings(s, "RD-PERM-002")
    assert m.status is Status.WARN
    assert ("/etc/group", "render:x:110:user-1") in [(e.source, e.text) for e in m.evidence]


def test_access_via_acl_without_groups_passes_with_note(tmp_path):
    s = build_snapshot(tmp_path, base=BASE, probes={"identity": outsider(probe("identity"))})
    [m] = findings(s, "RD-PERM-002")
    assert m.status is Status.PASS and "anyway" in m.title


def test_missing_kfd_skips(tmp_path):
    nodes = [{"path": "/dev/kfd", "error": "No such file or directory"}]
    s = build_snapshot(tmp_path, probes={"devnodes": nodes})
    [f] = findings(s, "RD-PERM-001")
    assert f.status is Status.SKIP


def test_garbage_devnodes_probe_skips(tmp_path):
    s = build_snapshot(tmp_path, probes={"devnodes": {"not": "a list"}})
    [f] = findings(s, "RD-PERM-001")
    assert f.status is Status.SKIP and "devnodes" in f.detail


def test_root_passes(tmp_path):
    ident = dict(probe("identity"), uid=0, euid=0, user="root")
    s = build_snapshot(tmp_path, base=BASE, probes={"identity": ident})
    assert findings(s, "RD-PERM-002")[0].status is Status.PASS
