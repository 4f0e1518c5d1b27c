"""Redaction: nothing that identifies the machine or its people leaves in a snapshot,
and version strings that merely look like addresses survive."""
import json
import os

import pytest

from rocmdoctor import cli
from rocmdoctor.api import examples
from rocmdoctor.base.redact import Redactor, scrub_text
from rocmdoctor.machine.sources import SnapshotSource
from rocmdoctor.testing import build_snapshot

HOST = "gpu-node-17"
USER = "jdoe42"
SECRETS = {
    "HF_TOKEN": "hf_QwErTyUiOpAsDfGhJkLzXcVbNm123456",
    "WANDB_API_KEY": "0123456789abcdef0123456789abcdef01234567",
    "AWS_SECRET_ACCESS_KEY": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "MY_PASSWORD": "hunter2-but-longer",
}
PLANTED = {
    "host": HOST,
    "user": USER,
    "ipv4": "10.20.30.40",
    "gateway": "172.16.8.1",
    "ipv6": "fd00:1234:5678::17",
    "mac": "a0:36:9f:12:34:56",
    "uuid": "3f2b8c1e-9d4a-4e6f-8b7c-1a2b3c4d5e6f",
    "kfd_unique_id": "4376936076086227261",
    "smi_serial": "692231000131",
    "asic_serial": "0xD1A3C0FFEE12",
    "pci_dsn": "00-11-22-ff-fe-33-44-55",
    **{k.lower(): v for k, v in SECRETS.items()},
}
VERSIONS = ["6.1.40091", "version 1.2.3.4", "rocm 6.2.0.0", "5.15.0-119-generic", "2.3.0+rocm6.1"]


def planted_machine(tmp_path):
    """The mi50x2-xeon example with identities planted where a real host has them."""
    base = examples()["mi50x2-xeon"]
    python = json.load(open(os.path.join(base, "probes/python.json")))["data"]
    python["python"]["executable"] = f"/home/{USER}/venv/bin/python"
    env = json.load(open(os.path.join(base, "probes/env.json")))["data"]
    env.update(HOME=f"/home/{USER}", USER=USER, LOGNAME=USER, HOSTNAME=HOST,
               MASTER_ADDR=PLANTED["ipv4"], NCCL_COMM_ID=f"[{PLANTED['ipv6']}]:29500", **SECRETS)
    identity = json.load(open(os.path.join(base, "probes/identity.json")))["data"]
    identity["user"] = USER
    identity["known_groups"]["render"]["members"] = [USER]
    kfd = "/sys/class/kfd/kfd/topology/nodes/2/properties"
    props = open(os.path.join(base, "fs", kfd.lstrip("/"))).read()
    lspci_out = SnapshotSource(base).run(["lspci", "-vvv", "-nn", "-D"]).stdout.replace(
        "        Capabilities: [270 v1]",
        f"        Capabilities: [260 v1] Device Serial Number {PLANTED['pci_dsn']}\n        Capabilities: [270 v1]", 1)
    dmesg = (f"[    0.000000] Linux version {VERSIONS[3]} (buildd@lcy02-amd64-080) (gcc 11.4.0)\n"
             f"[    4.812345] systemd[1]: Hostname set to <{HOST}>.\n"
             f"[    6.102938] igb 0000:05:00.0 eth0: (PCIe:2.5Gb/s:Width x4) {PLANTED['mac']}\n"
             f"[    7.000001] amdgpu: firmware {VERSIONS[1]} loaded, {VERSIONS[2]} stack\n"
             f"[   12.500000] {HOST} kernel: eth0 up, address {PLANTED['ipv4']}\n")
    amdsmi = {"available": True, "errors": [], "gpus": [
        {"bdf": "0000:19:00.0", "asic": {"market_name": "AMD Instinct MI50", "asic_serial": PLANTED["asic_serial"]},
         "board": {"product_serial": PLANTED["smi_serial"]}}]}
    return build_snapshot(
        tmp_path / "machine", base=base,
        files={
            "/proc/cmdline": (f"BOOT_IMAGE=/boot/vmlinuz-{VERSIONS[3]} root=UUID={PLANTED['uuid']} ro quiet "
                              f"ip={PLANTED['ipv4']}::{PLANTED['gateway']}:255.255.255.0:{HOST}:eno1:none"),
            "/proc/sys/kernel/osrelease": VERSIONS[3],
            kfd: props.replace("unique_id 1001", f"unique_id {PLANTED['kfd_unique_id']}"),
        },
        commands={("lspci", "-vvv", "-nn", "-D"): lspci_out, ("dmesg",): dmesg,
                  ("rocm-smi", "--showserial"): f"GPU[0]\t\t: Serial Number: {PLANTED['smi_serial']}\n"},
        probes={"python": python, "env": env, "identity": identity, "amdsmi": amdsmi,
                "system": {"hostname": f"{HOST}.lab.example.org", "machine": "x86_64", "cpu_count": 48,
                           "in_container_hint": False}},
    )


def snapshot_bytes(directory) -> bytes:
    out = []
    for root, _, files in os.walk(directory):
        for fn in sorted(files):
            with open(os.path.join(root, fn), "rb") as fh:
                out.append(fh.read())
    return b"\n".join(out)


@pytest.fixture
def written(tmp_path, capsys):
    def write(*extra):
        machine = planted_machine(tmp_path)
        out = tmp_path / ("plain" if extra else "redacted")
        assert cli.main(["snapshot", "--snapshot", machine, "-o", str(out), *extra]) == 0
        capsys.readouterr()
        return out
    return write


def test_nothing_planted_survives_redaction(written):
    out = written()
    data = snapshot_bytes(out)
    for what, value in PLANTED.items():
        assert value.encode() not in data, f"{what} ({value}) leaked into the snapshot"
    # Even the lower-case form of the MAC, and the last bytes of the PCI serial.
    assert b"33-44-55" not in data
    assert json.loads((out / "manifest.json").read_text())["redacted"] is True


def test_version_strings_survive_redaction(written):
    data = snapshot_bytes(written())
    for v in VERSIONS:
        assert v.encode() in data, f"version string {v!r} was masked"
    assert b"255.255.255.0" in data  # a netmask identifies nobody


def test_no_redact_keeps_everything(written):
    out = written("--no-redact")
    data = snapshot_bytes(out)
    for what, value in PLANTED.items():
        if what in ("smi_serial",):  # rocm-smi --showserial is not run by any check; amdsmi has it
            continue
        assert value.encode() in data, f"{what} missing from a --no-redact snapshot"
    assert json.loads((out / "manifest.json").read_text())["redacted"] is False


def test_secrets_become_a_marker_not_a_placeholder(written):
    env = json.loads((written() / "probes/env.json").read_text())["data"]
    for key in SECRETS:
        assert env[key] == "<redacted>"
    assert env["MASTER_ADDR"].startswith("192.0.2.")  # documentation range (RFC 5737)
    assert env["NCCL_COMM_ID"].startswith("[2001:db8::")


def test_same_host_gets_the_same_placeholder_everywhere(written):
    out = written()
    env = json.loads((out / "probes/env.json").read_text())["data"]
    placeholder = env["HOSTNAME"]
    assert placeholder.startswith("host-")
    cmdline = (out / "fs/proc/cmdline").read_text()
    assert f":{placeholder}:eno1" in cmdline
    dmesg = next(d for d in (out / "cmd").iterdir() if json.loads((d / "argv.json").read_text()) == ["dmesg"])
    log = (dmesg / "stdout").read_text()
    assert f"Hostname set to <{placeholder}>" in log and f"] {placeholder} kernel:" in log
    ident = json.loads((out / "probes/identity.json").read_text())["data"]
    assert ident["user"] == env["USER"] == "user-1"
    assert env["HOME"] == "/home/user-1"


def test_redacted_snapshot_still_diagnoses_the_same(written, capsys, tmp_path):
    out = written()
    machine = tmp_path / "machine"
    verdicts = []
    for snap in (machine, out):
        assert cli.main(["scan", "--snapshot", str(snap), "--format", "json"]) in (0, 1)
        verdicts.append([(f["code"], f["status"], f["subject"]) for f in json.loads(capsys.readouterr().out)["findings"]])
    assert verdicts[0] == verdicts[1]


def test_redactor_units():
    r = Redactor(hostnames=[HOST], users=[USER])
    assert r.text(f"GPU[0]\t\t: Serial Number: {PLANTED['smi_serial']}") == "GPU[0]\t\t: Serial Number: 1001"
    assert r.text("Serial Number: N/A") == "Serial Number: N/A"
    assert r.text("unique_id 0") == "unique_id 0"  # 0 means "none" to KFD
    masked = r.value({"unique_id": 4376936076086227261, "asic": {"asic_serial": "0xABC", "market_name": "MI300X"}})
    assert isinstance(masked["unique_id"], int) and masked["unique_id"] != 4376936076086227261
    assert masked["asic"]["market_name"] == "MI300X" and masked["asic"]["asic_serial"].startswith("REDACTED-")
    assert r.text("127.0.0.1 and 10.0.0.1 and 10.0.0.1") == "127.0.0.1 and 192.0.2.1 and 192.0.2.1"
    assert r.text("driver version 6.7.0.10 ok") == "driver version 6.7.0.10 ok"


def test_json_output_stays_valid_and_rate_names_are_not_secrets():
    """Found on an H100: `train --format json` printed `"flops_per_token": <redacted>` (invalid
    JSON) because the name ends in "token". A rate or a tokenizer's special token is no secret;
    a number under a secret name is masked as a JSON string, so the output still parses."""
    import json

    from rocmdoctor.base.redact import scrub_text, scrub_value

    doc = {"flops_per_token": 786432, "tokens_per_s": 2.9e4, "eos_token": "</s>", "pad_token": "<pad>",
           "password": 12345, "hub_token": "hf_abcdefghijklmnopqrstuvwxyz01", "db": {"API_KEY": "k3y-value"}}
    for text in (json.dumps(doc), json.dumps(doc, indent=2), json.dumps(doc, separators=(",", ":")),
                 json.dumps({"a": [{"db_token": -1.5e3}]}, separators=(",", ":"))):
        out = json.loads(scrub_text(text))
        if "a" in out:
            assert out == {"a": [{"db_token": "<redacted>"}]}
            continue
        assert out["flops_per_token"] == 786432 and out["eos_token"] == "</s>" and out["pad_token"] == "<pad>"
        assert out["password"] == out["hub_token"] == out["db"]["API_KEY"] == "<redacted>"
        assert scrub_text(scrub_text(text)) == scrub_text(text)
    assert scrub_value(doc)["eos_token"] == "</s>" and scrub_value(doc)["db"]["API_KEY"] == "<redacted>"
    assert scrub_text("HF_TOKEN=abc123 --hub_token xyz") == "HF_TOKEN=<redacted> --hub_token <redacted>"


# ---------------------------------------------------------------- context, not shape
COMMON = Redactor("share", hostnames=["vm", "node1", "gpu"], users=["ubuntu", "rocm", "amd"])


@pytest.mark.parametrize("text", [
    "typing-extensions>=3.7.4.2", "numpy>=1.0.0.0", "nvidia-cudnn-cu12==9.1.0.70", "protobuf>=3.20.3.0",
    "libdrm 2.4.120.1", "Requires-Dist: nvidia-cublas-cu12 (==12.1.3.1)", "nvidia-curand-cu12        10.3.2.106",
    "ID=ubuntu", "ROCM_PATH=/opt/rocm", "vm.max_map_count = 65530", "Serial console enabled", "uuid is off",
    "cafe::1", "c10::Half", "NUMA node1 CPU(s):     24-47", "amd-smi static --gpu 0",
    "[  123.456789] amdgpu 0000:03:00.0: ring gfx timeout", "[    1.000000] ACPI Error: AE_NOT_FOUND",
])
def test_share_redaction_keeps_what_checks_read(text):
    assert COMMON.text(text) == text


@pytest.mark.parametrize("text,gone,kept", [
    ("    inet 10.20.30.40/24 brd 10.20.30.255 scope global eno1", ["10.20.30.40", "10.20.30.255"], ["inet ", "/24"]),
    ("    link/ether a0:36:9f:12:34:56 brd ff:ff:ff:ff:ff:ff", ["a0:36:9f:12:34:56"], ["ff:ff:ff:ff:ff:ff"]),
    ("gpu:1234:1250 [0] NCCL INFO Channel 00/0 : 0[0] -> 1[1] via NET/Socket/0 10.0.0.2<35353>",
     ["10.0.0.2", "gpu:1234"], ["NCCL INFO Channel 00/0", "<35353>"]),
    ("ubuntu@vm:~$ rocminfo", ["ubuntu@", "@vm:"], [":~$ rocminfo"]),
    ("USER=ubuntu HOME=/home/ubuntu", ["ubuntu"], ["USER=user-", "/home/user-"]),
    ("May  6 12:34:56 vm kernel: amdgpu: ring gfx timeout", [" vm "], ["kernel: amdgpu"]),
    ("Device Serial Number 00-11-22-ff-fe-33-44-55", ["33-44-55"], ["Device Serial Number "]),
    ("inet6 fe80::1/64 scope link", ["fe80::1"], ["inet6 ", "/64"]),
    ("MASTER_ADDR      10.1.2.3", ["10.1.2.3"], ["MASTER_ADDR "]),  # a row, but named as an address
    ("eth0 10.1.2.3", ["10.1.2.3"], ["eth0 "]),
    ("sshd[7]: Accepted publickey for amd from 10.1.2.3 port 22", ["10.1.2.3"], [" port 22"]),
])
def test_share_redaction_masks_identities_where_they_stand(text, gone, kept):
    out = COMMON.text(text)
    for g in gone:
        assert g not in out, out
    for k in kept:
        assert k in out, out
    assert Redactor("terminal").text(text) == text  # the user's own terminal shows them


def test_a_name_that_is_not_a_common_word_is_masked_wherever_it_stands():
    r = Redactor("share", hostnames=["gpu-node-17"], users=["jdoe42"])
    out = r.text("job on gpu-node-17 by jdoe42 finished; gpu-node-17a and xjdoe42 are others")
    assert out == "job on host-1 by user-1 finished; gpu-node-17a and xjdoe42 are others"


@pytest.mark.parametrize("text,secret", [
    ("ARGS=--hub_token X1y2Z3w4", "X1y2Z3w4"), ("TRAIN_ARGS=--hub_token=X1y2Z3w4", "X1y2Z3w4"),
    ("--hub_token 'X1y2 Z3w4'", "Z3w4"), ("--password=p@ss,X1y2Z3w4", "X1y2Z3w4"), ("token=abc;X1y2Z3w4", "X1y2Z3w4"),
    ("https://alice:p@ss06@github.com/o/r", "ss06"), ("WANDB_LOGIN=0123456789abcdef0123456789abcdef01234567", "cdef01234567"),
    ("wandb login 0123456789abcdef0123456789abcdef01234567", "cdef01234567"),
    ("AKIAIOSFODNN7EXAMPLE:wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI"),
    ("https://hooks.slack.com/services/T0000/B0000/XXXXXXXXXXXXXXXXXXXXXXXX", "XXXXXXXXXXXX"),
    ("machine api.wandb.ai login user password s3cr3tpw", "s3cr3tpw"), ("MYSQL_PWD=s3cr3tpw", "s3cr3tpw"),
    ("SSHPASS=s3cr3tpw", "s3cr3tpw"), ("PASS=s3cr3tpw", "s3cr3tpw"), ("pwd=s3cr3tpw", "s3cr3tpw"),
    ("Cookie: session=s3cr3tpw", "s3cr3tpw"), ("curl -u alice:s3cr3tpw https://x", "s3cr3tpw"),
    ("sshpass -p s3cr3tpw ssh n2", "s3cr3tpw"), ("mysql -u root -ps3cr3tpw db", "s3cr3tpw"),
    ("AIzaSyA1234567890abcdefghijklmnopqrstuv", "AIzaSyA123"),
    ("jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.c2lnbmF0dXJlLWhlcmU", "c2lnbmF0dXJl"),
])
def test_secrets_after_a_comma_a_semicolon_a_login_or_in_a_url_are_masked(text, secret):
    for red in (Redactor("terminal"), COMMON):
        assert secret not in red.text(text)


def test_pwd_the_working_directory_is_not_a_secret():
    assert scrub_text("PWD=/work/x OLDPWD=/tmp") == "PWD=/work/x OLDPWD=/tmp"
    assert scrub_text("MYSQL_PWD=x1 Pwd=y2;") == "MYSQL_PWD=<redacted> Pwd=<redacted>"  # to the blank: ;X is masked too


def test_a_report_format_written_to_a_file_is_for_sharing(tmp_path):
    """`--format json -o FILE` makes a file to pass on: identities are masked as with --share,
    while the same report on the user's terminal keeps the failing peer's address."""
    import json
    import subprocess
    import sys

    log = tmp_path / "rank0.log"
    log.write_text("host-a:123:456 [0] NCCL WARN Net : Connection closed by remote peer 10.20.30.40<51234>\n"
                   "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
                   "prematurely.\n")
    out = tmp_path / "report.json"
    cmd = [sys.executable, "-m", "rocmdoctor", "explain", str(log), "--format", "json"]
    subprocess.run(cmd + ["-o", str(out)], capture_output=True, text=True, timeout=120)
    shared = out.read_text()
    json.loads(shared)
    assert "10.20.30.40" not in shared and "ncclRemoteError" in shared
    term = subprocess.run(cmd, capture_output=True, text=True, timeout=120).stdout
    assert "10.20.30.40" in term


def test_audience_follows_share_and_file_formats():
    from argparse import Namespace

    from rocmdoctor.base.redact import SHARE, TERMINAL, audience_of

    assert audience_of(Namespace(share=False, output="r.json", format="json")) == SHARE
    assert audience_of(Namespace(share=False, output=None, format="json")) == TERMINAL
    assert audience_of(Namespace(share=False, output="node.prom", format="prometheus")) == TERMINAL
    assert audience_of(Namespace(share=True, output=None, format="text")) == SHARE
