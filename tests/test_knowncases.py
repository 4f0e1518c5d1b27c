"""The known public cases explain votes a family with when no signature matches
(rocmdoctor/logs/knowncases.py, scripts/build_known_cases.py). Real logs of the corpus, each
judged without its own thread, as benchmarks/accuracy_logs.py scores them."""
import json
import os
import sys

import pytest

from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import explain, text_lines
from rocmdoctor.logs.knowncases import INDEX, KnownCases, words
from rocmdoctor.logs.logscan import scan_text

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path[:0] = [os.path.join(ROOT, "benchmarks"), os.path.join(ROOT, "scripts")]

import accuracy_logs  # noqa: E402
import build_known_cases  # noqa: E402

CORPUS = os.path.join(ROOT, "tests", "corpus")


def _case(rel: str) -> tuple[str, list[str]]:
    path = os.path.join(CORPUS, rel)
    return accuracy_logs.read_label(path)[0], accuracy_logs.excerpt(path)


def _explain(lines: list[str], known: KnownCases):
    result = scan_text(lines, name="log")
    return explain(result, Machine(None), inputs=["log"], shape_lines=[("log", lines)], known=known)


def test_words_are_names_and_their_parts_without_numbers_or_hashes():
    w = words("torch.distributed.DistBackendError: NCCL error in: 0xdeadbeef12 at 2024 ProcessGroupNCCL.cpp:1970")
    assert {"torch", "distributed", "distbackenderror", "nccl", "error", "processgroupnccl.cpp", "processgroupnccl",
            "cpp"} <= w
    assert "torch.distributed.distbackenderror" not in w  # over 32 letters: only its parts are words
    assert not any("deadbeef" in x or x.isdigit() for x in w)


def test_the_shipped_index_is_the_corpus_and_holds_no_holdout_thread():
    # Stale index: run scripts/build_known_cases.py. A holdout thread in it would make the holdout
    # figures a measure of logs the tool has seen.
    with open(INDEX, encoding="utf-8") as f:
        shipped = f.read()
    assert shipped == build_known_cases.dumps(build_known_cases.build())
    index = json.loads(shipped)
    holdout = {c["source"] for c in accuracy_logs.corpus("holdout")}
    assert index["cases"] and not holdout & {c["source"] for c in index["cases"]}
    assert {c["family"] for c in index["cases"]} <= set(build_known_cases.FAMILIES)


@pytest.mark.parametrize("rel,family", [
    # jax's ROCm plugin wheels missing: a packages cause (TheRock#3627), no signature knows the lines
    ("logs/l12-therock-3627-jax-wheels-no-rocm-backend.log", "packages"),
    # a GPU reset inside a VM failing at the SMU (vendor-reset on a Navi 14): the driver
    ("fresh/logs/zs-vendorreset-navi14-vm-reset-smu-error.log", "driver"),
])
def test_a_log_no_signature_knows_gets_the_family_of_the_cases_it_resembles(rel, family):
    src, lines = _case(rel)
    known = KnownCases.load()
    assert known.nearest("\n".join(lines))[0][1].source == src  # its own thread is in the index ...
    fam, near = known.excluding(src).family("\n".join(lines))
    assert fam == family and near and all(c.source != src for _, c in near)  # ... and is never its own evidence
    assert near == sorted(near, key=lambda sc: -sc[0])


def test_explain_names_the_family_and_the_threads_it_resembles():
    # (an SMU message failing under FreeBSD's amdgpu port: no signature knows it; an amdgpu-dkms build failure, this
    # test's log until wave 28, now has one: kernel.py dkms-module-build-failed)
    src, lines = _case("fresh/logs/qj-freebsd-rx480-avfs-smu-send-message-failed.log")
    expl = _explain(lines, KnownCases.load().excluding(src))
    top = expl.problems[0]
    assert top.signature.id == "resembles-driver" and top.signature.family == "kernel" and top.structural
    assert top.occurrence.first.line.text == expl.result.unexplained[0].text
    assert all(f.startswith("like https://") for f in top.facts) and len(top.facts) == 3
    assert "by resemblance to public reports, no signature matched" in expl.verdict()
    assert expl.exit_code() == 1 and [c.cause.check for c in top.causes][:2] == ["RD-KERN-001", "RD-DRV-003"]
    assert expl.to_dict()["causes"][0]["from"] == "resemblance"
    text = "\n".join(t for t, _ in text_lines(expl))
    assert "Most like known failures of the amdgpu kernel driver" in text and src not in text


def test_resemblance_is_only_a_fallback():
    known = KnownCases.load()
    # a signature names the cause: resemblance adds nothing (axolotl#138, the op DeepSpeed never built)
    lines = [" 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'"]
    expl = _explain(lines, known)
    assert [d.signature.id for d in expl.problems] == ["deepspeed-jit-op-load-failed"]
    # no error-like line: nothing to resemble, however near the words
    src, smu = _case("fresh/logs/qj-freebsd-rx480-avfs-smu-send-message-failed.log")
    calm = [x for x in smu if "error" not in x.lower() and "fail" not in x.lower()]
    assert calm and not _explain(calm, known).diagnoses


def test_too_few_known_words_vote_nothing():
    k = KnownCases.load()
    assert k.nearest("ERROR: failed") and k.family("ERROR: failed") == ("", [])


def test_nothing_near_enough_says_nothing():
    lines = ["quux frobnicate zzyzx error: wibble"]
    expl = _explain(lines, KnownCases.load())
    assert not expl.diagnoses and expl.exit_code() == 1
    assert expl.verdict().startswith("no failure signature matched")


@pytest.mark.parametrize("data,why", [
    ({"schema": "rocmdoctor.known_cases", "version": 99, "vocabulary": [], "df": [], "documents": 1, "cases": []},
     "version"),
    ({"schema": "something else"}, "version"),
    ({"schema": "rocmdoctor.known_cases", "version": 1, "vocabulary": ["a"], "df": ["x"], "documents": 1,
      "cases": []}, "unreadable"),
    ({"schema": "rocmdoctor.known_cases", "version": 1, "vocabulary": ["error", "nccl", "socket", "system",
                                                                       "unhandled"],
      "df": [2, 2, 2, 2, 2], "documents": 3,
      "cases": [{"source": "s", "family": "distributed", "words": [0, 1, 2, 3, 4, 7, -1]}]}, ""),
])
def test_a_malformed_or_newer_index_is_read_safely(data, why):
    k = KnownCases.from_dict(data)
    assert (why in k.error) if why else not k.error
    fam, _ = k.family("NCCL error: unhandled system error (socket)")
    assert fam == ("" if why else "distributed")


def test_an_unreadable_index_file_leaves_explain_working(tmp_path):
    p = tmp_path / "known_cases.json"
    p.write_text("{not json")
    k = KnownCases.load(str(p))
    assert "not readable" in k.error and k.family("dpkg: error processing package amdgpu-dkms") == ("", [])
    src, lines = _case("fresh/logs/qj-freebsd-rx480-avfs-smu-send-message-failed.log")
    assert not _explain(lines, k).diagnoses
