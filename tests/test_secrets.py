"""No credential leaves rocmdoctor: secrets planted in the environment, files and
command output of a recorded machine appear in no byte of a snapshot nor of any output format,
while what a diagnosis needs (a proxy is set, its scheme and port, NO_PROXY coverage) stays."""
from __future__ import annotations

import json
import os

import pytest

from rocmdoctor import cli
from rocmdoctor.api import examples
from rocmdoctor.base.redact import Redactor, no_proxy_covers, scrub_text, scrub_value
from rocmdoctor.testing import build_snapshot

PASSWORD = "Pr0xyPassw0rd-x9"
KS_PASSWORD = "k1ckst4rt-s3cret"
SECRETS = {
    "proxy user": "alice-proxyuser",
    "proxy password": PASSWORD,
    "kickstart password": KS_PASSWORD,
    "hf token": "hf_QwErTyUiOpAsDfGhJkLzXcVbNm123456",
    "github token": "ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789",
    "github pat": "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
    "aws key id": "AKIAIOSFODNN7EXAMPLE",
    "aws secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "wandb key": "0123456789abcdef0123456789abcdef01234567",
    "bearer": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl",
    "hub token arg": "arg-hub-token-value-42",
    "git remote password": "gitRemotePw77",
}
PROXY = f"http://{SECRETS['proxy user']}:{PASSWORD}@proxy.corp.example:3128"


def planted_machine(tmp_path):
    base = examples()["mi50x2-xeon"]
    env = json.load(open(os.path.join(base, "probes/env.json")))["data"]
    env.update({
        "HTTPS_PROXY": PROXY, "https_proxy": PROXY, "HTTP_PROXY": PROXY, "ALL_PROXY": PROXY.replace("http", "socks5"),
        "NO_PROXY": "localhost,127.0.0.1,10.0.0.0/8,.corp.example", "MASTER_ADDR": "10.20.30.40",
        "HF_TOKEN": SECRETS["hf token"], "GH_TOKEN": SECRETS["github token"],
        "AWS_ACCESS_KEY_ID": SECRETS["aws key id"], "AWS_SECRET_ACCESS_KEY": SECRETS["aws secret"],
        "WANDB_API_KEY": SECRETS["wandb key"],
        "TRAIN_CMD": f"python train.py --hub_token {SECRETS['hub token arg']} --wandb_key={SECRETS['wandb key']}",
        "GIT_REMOTE": f"https://bot:{SECRETS['git remote password']}@git.corp.example/ml/train.git",
        "HSA_OVERRIDE_GFX_VERSION": "9.0.6",  # RD-ENV-001 quotes the environment
    })
    cmdline = open(os.path.join(base, "fs/proc/cmdline")).read().strip()
    dmesg = (f"[    1.000000] Linux version 6.8.0-45-generic\n"
             f"[    9.100000] curl: Authorization: Bearer {SECRETS['bearer']}\n"
             f"[    9.200000] git: cloning with {SECRETS['github pat']}\n")
    return build_snapshot(
        tmp_path / "machine", base=base,
        files={"/proc/cmdline": f"{cmdline} inst.ks=http://ks:{KS_PASSWORD}@ks.corp.example/ks.cfg "
                                f"hf={SECRETS['hf token']}"},
        commands={("dmesg",): dmesg},
        probes={"env": env})


def outputs(tmp_path, capsys, machine):
    """Every output format, from the planted machine and from a snapshot of it."""
    cfg = tmp_path / "train.yaml"
    cfg.write_text(f"stage: sft\nbf16: true\nhub_token: {SECRETS['hub token arg']}\n"
                   f"model_name_or_path: https://bot:{SECRETS['git remote password']}@hf.corp.example/Qwen2.5-7B\n")
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "--snapshot", str(machine), "-o", str(snap)]) == 0
    out = {"snapshot command": capsys.readouterr()}
    for src in (str(machine), str(snap)):
        for name, argv in {
            "text": ["scan", "-v", "--config", str(cfg)],
            "json": ["scan", "--format", "json", "--config", str(cfg)],
            "junit": ["scan", "--format", "junit", "--config", str(cfg)],
            "fix": ["fix"], "fix json": ["fix", "--format", "json"],
            "recommend": ["recommend"], "recommend json": ["recommend", "--format", "json"],
            "env": ["env", "--explain"],
        }.items():
            cli.main(argv + ["--snapshot", src])
            out[f"{name} of {os.path.basename(src)}"] = capsys.readouterr()
    files = b""
    for root, _, names in os.walk(snap):
        for fn in names:
            with open(os.path.join(root, fn), "rb") as fh:
                files += fh.read()
    return out, files


def test_no_planted_secret_appears_in_the_snapshot_or_any_output(tmp_path, capsys):
    machine = planted_machine(tmp_path)
    out, files = outputs(tmp_path, capsys, machine)
    for what, value in SECRETS.items():
        assert value.encode() not in files, f"{what} leaked into the snapshot"
        for name, cap in out.items():
            assert value not in cap.out and value not in cap.err, f"{what} leaked into {name}"
    # The outputs did quote the places the secrets were planted in, masked.
    assert "inst.ks=http://<redacted>@ks.corp.example/ks.cfg" in out["json of machine"].out
    assert "inst.ks=http://<redacted>@ks.c" in out["text of machine"].out  # masked, then shortened
    assert "<redacted>" in out["json of snap"].out
    ET = pytest.importorskip("xml.etree.ElementTree")
    ET.fromstring(out["junit of machine"].out)  # still well-formed XML


def test_snapshot_keeps_what_a_proxy_diagnosis_needs(tmp_path, capsys):
    machine = planted_machine(tmp_path)
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "--snapshot", str(machine), "-o", str(snap)]) == 0
    env = json.loads((snap / "probes/env.json").read_text())["data"]
    for k in ("HTTPS_PROXY", "https_proxy", "HTTP_PROXY"):
        assert env[k].startswith("http://<redacted>@host-") and env[k].endswith(":3128"), env[k]
    assert env["ALL_PROXY"].startswith("socks5://<redacted>@host-")
    proxies = [v for k, v in env.items() if k.lower().endswith("_proxy")]
    assert "corp.example" not in json.dumps(proxies)  # the proxy host is masked like other hosts
    # NO_PROXY still covers the (masked) rendezvous address, as the original covered the real one.
    assert no_proxy_covers("localhost,127.0.0.1,10.0.0.0/8,.corp.example", "10.20.30.40")
    assert no_proxy_covers(env["NO_PROXY"], env["MASTER_ADDR"])
    assert env["HF_TOKEN"] == "<redacted>" and env["HSA_OVERRIDE_GFX_VERSION"] == "9.0.6"


@pytest.mark.parametrize("text,want", [
    ("HTTPS_PROXY=http://alice:pw@proxy.corp.example:3128", "HTTPS_PROXY=http://<redacted>@proxy.corp.example:3128"),
    ("git remote: https://x-access-token:tok@github.com/o/r.git", "git remote: https://<redacted>@github.com/o/r.git"),
    ("pip: https://__token__:pypi-abc@upload.pypi.org/legacy/", "pip: https://<redacted>@upload.pypi.org/legacy/"),
    ("http://user:pa/ss@host:80/x", "http://<redacted>@host:80/x"),
    ("export HF_TOKEN=abc123", "export HF_TOKEN=<redacted>"),
    ("token hf_QwErTyUiOpAsDfGhJkLzXcVbNm123456 in text", "token <redacted> in text"),
    ("id AKIAIOSFODNN7EXAMPLE", "id <redacted>"),
    ("curl -H 'Authorization: Bearer eyJ.abc.def'", "curl -H 'Authorization: Bearer <redacted>'"),
    ("train.py --hub_token X1 --wandb_key=Y2 --token Z3", "train.py --hub_token <redacted> --wandb_key=<redacted> "
                                                          "--token <redacted>"),
    ('["--hub_token", "X1", "--foo"]', '["--hub_token", "<redacted>", "--foo"]'),
    ('"db_password": "hunter2"', '"db_password": "<redacted>"'),
    ("MY_SECRET_KEY=abc", "MY_SECRET_KEY=<redacted>"),
])
def test_scrub_masks_credentials(text, want):
    assert scrub_text(text) == want
    assert scrub_text(want) == want  # idempotent


@pytest.mark.parametrize("text", [
    "see https://github.com/ROCm/ROCm/issues/123 and https://pypi.org/simple",
    "https://host/path@v1.2",
    "cannot read /etc/passwd: Permission denied",
    "TOKENIZERS_PARALLELISM=false HSA_OVERRIDE_GFX_VERSION=11.0.0",
    "--max_new_tokens 512 --tokenizer foo --pad_token_id 0",
    "use_auth_token: true",
    "user@host:~$ ls",  # no scheme: an e-mail-like word, not a URL's credentials
])
def test_scrub_leaves_ordinary_text_alone(text):
    assert scrub_text(text) == text


def test_scrub_value_masks_secret_named_keys_and_keeps_others():
    v = scrub_value({"HF_TOKEN": "anything", "tokenizer": "t5", "max_tokens": 5, "proxy": "http://a:b@h:1"})
    assert v == {"HF_TOKEN": "<redacted>", "tokenizer": "t5", "max_tokens": 5, "proxy": "http://<redacted>@h:1"}


def test_redactor_masks_proxy_hosts_in_files():
    r = Redactor()
    out = r.text("https_proxy=http://proxy.corp.example:3128\nproxy = http://alice:pw@proxy.corp.example:3128\n")
    assert "corp.example" not in out and "alice" not in out and out.count(":3128") == 2
