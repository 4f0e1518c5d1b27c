"""The redaction corpus. tests/data/redaction/secrets.json holds secret forms (made by
make_secrets.py in the shapes of the gitleaks / detect-secrets / trufflehog rules, each case naming
its source): none may reach any output, in either audience, through any writer.
tests/data/redaction/lookalikes.json holds text that looks like a secret or an identity and is
neither (versions of every length, PCI addresses, MAC-like words, hashes, dates, device UUIDs,
sysctl names, common words): it must come out unchanged, also with the user names ubuntu,
debian, rocm, root, user, amd and host names vm, node1, gpu known to the redactor."""
from __future__ import annotations

import glob
import io
import json
import os
import re

import pytest

from rocmdoctor import cli
from rocmdoctor.api import examples
from rocmdoctor.base import secret_rules
from rocmdoctor.base.redact import SHARE, TERMINAL, Redactor, ScrubbedStream, mask_secrets, scrub_text
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), "data")
with open(os.path.join(DATA, "redaction", "secrets.json")) as _fh:
    SECRETS = json.load(_fh)
with open(os.path.join(DATA, "redaction", "lookalikes.json")) as _fh:
    LOOKALIKES = json.load(_fh)
NAMES = {"hostnames": ("vm", "node1", "gpu"), "users": ("ubuntu", "debian", "rocm", "root", "user", "amd")}


def redactors():
    return Redactor(TERMINAL), Redactor(SHARE, **NAMES)


def streamed(red, text: str, chunk: int = 7) -> str:
    """``text`` written through the CLI's output stream in small pieces (tokens split across writes)."""
    out = io.StringIO()
    s = ScrubbedStream(out, red)
    for i in range(0, len(text), chunk):
        s.write(text[i:i + chunk])
    s.write("\n")
    s.flush()
    return out.getvalue()


def test_the_corpora_are_large_enough():
    assert len(SECRETS) >= 150 and len(LOOKALIKES) >= 150
    assert len({c["rule"] for c in SECRETS}) >= 40  # many shapes, not one shape many times


@pytest.mark.parametrize("case", SECRETS, ids=[f"{i}-{c['rule']}" for i, c in enumerate(SECRETS)])
def test_no_secret_form_reaches_a_redactor_output(case):
    text = case["text"]
    for red in redactors():
        outs = {"text": red.text(text), "value": json.dumps(red.value({"log": text, "argv": [text]})),
                "env": json.dumps(red.env({"LAUNCH_CMD": text})), "stream": streamed(red, text),
                "lines": "\n".join(red.text(line) for line in text.splitlines())}
        for where, out in outs.items():
            for secret in case["secrets"]:
                assert secret not in out, f"{red.audience} {where}: {secret!r} of {case['rule']} leaked: {out[:300]!r}"
    once = scrub_text(text)
    assert scrub_text(once) == once  # idempotent
    assert "<redacted>" in once


@pytest.mark.parametrize("case", LOOKALIKES, ids=[f"{i}-{c['kind']}" for i, c in enumerate(LOOKALIKES)])
def test_a_lookalike_comes_out_unchanged(case):
    text = case["text"]
    terminal, share = redactors()
    assert terminal.text(text) == text
    assert streamed(terminal, text) == text + "\n"
    out = share.text(text)
    if case.get("share") == "masked":  # a device UUID: the same shape, a stable placeholder
        assert out != text and re.sub(r"GPU-[0-9a-f]{16}", "GPU-X", out) == re.sub(r"GPU-[0-9a-f]{16}", "GPU-X", text)
    else:
        assert out == text


def test_every_rule_of_the_rule_set_catches_a_corpus_case():
    """A rule without a case could be dropped or broken unnoticed."""
    texts = [c["text"] for c in SECRETS]
    for rule in secret_rules.TOKENS:
        if rule.id == "aws-access-token":
            continue
        rx = re.compile(r"(?<![A-Za-z0-9_])(?:" + rule.pattern + ")")
        assert any(rx.search(t) for t in texts), f"token rule {rule.id} has no case in secrets.json"
    for rule in secret_rules.CONTEXTS:
        rx = re.compile(rule.pattern)
        assert any(rx.search(t) for t in texts), f"context rule {rule.id} has no case in secrets.json"


def test_real_tool_outputs_pass_the_secret_masking_unchanged():
    """Entropy and shape alone mask nothing: every real tool output in tests/data (rocminfo, lspci,
    dmesg, ds_report, collect_env, KFD properties, cmdlines, os-release...) and every file of the
    embedded example machines comes out of the TERMINAL redaction byte for byte."""
    paths = glob.glob(os.path.join(DATA, "*.txt")) + glob.glob(os.path.join(DATA, "logs", "*.txt"))
    for ex in examples().values():
        paths += [p for p in glob.glob(os.path.join(ex, "**", "*"), recursive=True) if os.path.isfile(p)]
    assert len(paths) > 100
    for path in paths:
        with open(path, encoding="utf-8", errors="replace") as fh:
            text = fh.read()
        out = mask_secrets(text)
        if out != text:
            diff = [(a, b) for a, b in zip(text.splitlines(), out.splitlines()) if a != b][:3]
            pytest.fail(f"{os.path.relpath(path, DATA)} changed by secret masking: {diff}")


# ---------------------------------------------------------------- every writer of the CLI
ONE_LINE = [c for c in SECRETS if "\n" not in c["text"] and "\\n" not in c["text"]]


def _planted_machine(tmp_path):
    base = examples()["mi50x2-xeon"]
    with open(os.path.join(base, "probes/env.json")) as fh:
        env = json.load(fh)["data"]
    env.update({f"CASE_{i}": c["text"] for i, c in enumerate(SECRETS)})
    env.update({"HF_TOKEN": SECRETS[0]["secrets"][0], "TRAIN_ARGS": "--hub_token=" + SECRETS[1]["secrets"][0]})
    dmesg = "".join(f"[   {i}.000000] RuntimeError: case-{i} {c['text']}\n" for i, c in enumerate(ONE_LINE))
    cmdline = open(os.path.join(base, "fs/proc/cmdline")).read().strip()
    return build_snapshot(tmp_path / "machine", base=base, probes={"env": env}, commands={("dmesg",): dmesg},
                          files={"/proc/cmdline": cmdline + " " + " ".join(c["text"] for c in ONE_LINE[:40]
                                                                            if " " not in c["text"])})


def test_no_secret_reaches_any_cli_writer(tmp_path, capsys):
    machine = _planted_machine(tmp_path)
    outputs: dict[str, str] = {}
    snap = tmp_path / "snap"
    assert cli.main(["snapshot", "--snapshot", machine, "-o", str(snap)]) == 0
    outputs["snapshot command"] = capsys.readouterr().out
    files = []
    for root, _, names in os.walk(snap):
        for n in names:
            with open(os.path.join(root, n), encoding="utf-8", errors="replace") as fh:
                files.append(fh.read())
    outputs["snapshot files"] = "\n".join(files)
    for src in (machine, str(snap)):
        for name, argv in {"scan text": ["scan", "-v"], "scan json": ["scan", "--format", "json"],
                           "scan junit": ["scan", "--format", "junit"],
                           "scan prometheus": ["scan", "--format", "prometheus"],
                           "scan share": ["scan", "--format", "json", "--share"],
                           "fix": ["fix"], "fix json": ["fix", "--format", "json"],
                           "recommend json": ["recommend", "--format", "json"], "env": ["env", "--explain"]}.items():
            cli.main(argv + ["--snapshot", src])
            cap = capsys.readouterr()
            outputs[f"{name} of {os.path.basename(src)}"] = cap.out + cap.err
    # explain quotes up to 20 unexplained lines a run: one log per 20 cases, text and JSON, both audiences
    for k in range(0, len(ONE_LINE), 20):
        log = tmp_path / f"train-{k}.log"
        log.write_text("".join(f"RuntimeError: case-{i} {c['text']}\n" for i, c in enumerate(ONE_LINE[k:k + 20], k)))
        for extra in ([], ["--format", "json"], ["--share"]):
            cli.main(["explain", str(log), "--no-facts", *extra])
            cap = capsys.readouterr()
            outputs[f"explain {k} {extra}"] = cap.out + cap.err
            assert f"case-{k} " in cap.out  # the lines were quoted: the check is not vacuous
    report = tmp_path / "run.json"
    script = tmp_path / "job.sh"
    script.write_text("cat <<'EOF'\n" + "".join(f"RuntimeError: {c['text']}\n" for c in ONE_LINE[:20]) + "EOF\nexit 3\n")
    cli.main(["run", "--no-facts", "--report", str(report), "--", "sh", str(script)])
    cap = capsys.readouterr()
    outputs["run stderr"] = cap.err  # the job's own stdout passes through untouched, by design
    outputs["run report"] = report.read_text() if report.exists() else ""
    for case in SECRETS:
        for secret in case["secrets"]:
            for where, out in outputs.items():
                assert secret not in out, f"{case['rule']} ({secret!r}) leaked into {where}"
