"""Shared helpers of the tests for issue 24's launch-file classes (tests/test_lint_*.py and
tests/checks/test_*_<topic>.py written for them): scan files against an example machine."""
from __future__ import annotations

import os

import pytest

import rocmdoctor

CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "artifacts")


def scan(paths, code, example):
    if example not in rocmdoctor.examples():
        pytest.skip(f"example {example} not built")
    r = rocmdoctor.scan(example=example, select=[code], options={"config": [str(p) for p in paths]})
    return r.by_code(code)


def flagged(fs):
    return [f for f in fs if f.status.value in ("warn", "fail")]


def write(tmp_path, name, text):
    p = tmp_path / name
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text)
    return str(p)


def corpus(name):
    return os.path.join(CORPUS, name)
