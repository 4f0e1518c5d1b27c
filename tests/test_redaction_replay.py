"""A snapshot's redaction keeps what checks read. For every embedded example,
planted under a user name and a host name that are common words (ubuntu, debian, rocm, root,
user, amd; vm, node1, gpu), `snapshot` then `scan --snapshot` gives the findings the scan of the
machine itself gave; and nothing of the planted identity but the common word's other uses stays."""
from __future__ import annotations

import json
import os
import re

import pytest

from rocmdoctor import cli
from rocmdoctor.api import examples
from rocmdoctor.testing import build_snapshot

USERS = ("ubuntu", "debian", "rocm", "root", "user", "amd")
HOSTS = ("vm", "node1", "gpu")
# Every user name with every host name would be 18 round trips per example; each user name is
# met once and each host name twice, in pairs that rotate.
PAIRS = [(u, HOSTS[i % 3]) for i, u in enumerate(USERS)]


def _load(base, name):
    path = os.path.join(base, "probes", name + ".json")
    if not os.path.exists(path):
        return None
    with open(path) as fh:
        return json.load(fh).get("data")


def planted(tmp_path, example, user, host):
    base = examples()[example]
    probes = {}
    env = _load(base, "env")
    if isinstance(env, dict):
        home = "/root" if user == "root" else f"/home/{user}"
        env = dict(env, USER=user, LOGNAME=user, HOME=home, HOSTNAME=host, PWD=home)
        probes["env"] = env
    ident = _load(base, "identity")
    if isinstance(ident, dict):
        probes["identity"] = dict(ident, user=user)
    system = _load(base, "system")
    if isinstance(system, dict):
        probes["system"] = dict(system, hostname=host)
    files = {"/etc/hostname": host + "\n", "/proc/sys/kernel/hostname": host + "\n"}
    return build_snapshot(tmp_path / f"{example}-{user}-{host}", base=base, files=files, probes=probes)


def findings(capsys, snap, names=None):
    """(code, status, subject, title) of each finding; ``names`` maps placeholders back to the
    planted names, so a title that names the user ("ubuntu is in video") compares equal."""
    assert cli.main(["scan", "--snapshot", str(snap), "--format", "json"]) in (0, 1)
    doc = json.loads(capsys.readouterr().out)

    def back(s):
        for placeholder, name in (names or {}).items():
            s = re.sub(rf"(?<![\w-]){re.escape(placeholder)}(?![\w-])", name, s)
        return s
    return sorted((f["code"], f["status"], back(f["subject"] or ""), back(f["title"])) for f in doc["findings"])


@pytest.mark.parametrize("example", sorted(examples()))
def test_replay_of_a_redacted_snapshot_gives_the_same_findings(example, tmp_path, capsys):
    for user, host in PAIRS:
        machine = planted(tmp_path, example, user, host)
        snap = tmp_path / f"snap-{example}-{user}-{host}"
        assert cli.main(["snapshot", "--snapshot", machine, "-o", str(snap)]) == 0
        capsys.readouterr()
        env = json.loads((snap / "probes/env.json").read_text())["data"] if (snap / "probes/env.json").exists() else {}
        names = {env[k]: v for k, v in (("USER", user), ("HOSTNAME", host)) if k in env}
        want, got = findings(capsys, machine), findings(capsys, snap, names)
        assert got == want, f"{example} as {user}@{host}: replay differs:\n" + "\n".join(
            f"  {'-' if x in want else '+'} {x}" for x in sorted(set(want) ^ set(got)))
        if env and user != "root":
            assert env["USER"].startswith("user-") and env["HOME"] == f"/home/{env['USER']}", (user, env["USER"])
        if env:
            assert env["HOSTNAME"].startswith("host-")


def test_this_machine_round_trips_through_a_redacted_snapshot(tmp_path, capsys):
    """The live machine the tests run on (its real host and user names, addresses, package
    versions such as typing-extensions>=3.7.4.2): snapshot, replay, the same findings."""
    snap = tmp_path / "live"
    assert cli.main(["snapshot", "-o", str(snap), "--level", "quick"]) == 0
    capsys.readouterr()

    def scan(*extra):
        assert cli.main(["scan", "--level", "quick", "--format", "json", *extra]) in (0, 1)
        return sorted((f["code"], f["status"], f["subject"] or "") for f in json.loads(capsys.readouterr().out)["findings"])
    assert scan("--snapshot", str(snap)) == scan()
