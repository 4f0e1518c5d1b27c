"""Look-alikes a review of the fifteenth wave's readers and rules found (each was wrong before its fix): per-vendor
chains end at their `fi`, a nested `if` is
not the outer branch, a sed that rewrites versions deletes no line, `-r ${REQ}` is found where written, a redirect's
file descriptor stays with it, and the latest container run is the one torch answers in."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import dockerfile
from tests.explain_helpers import top
from tests.lintacc_helpers import flagged, scan, write

def test_a_vendor_chain_ends_at_its_fi_and_a_dockerfile_run_if_is_read(tmp_path):
    closed = ("FROM python:3.11\nARG GPU\nRUN if [ \"$GPU\" = \"cuda\" ]; then echo cuda; fi && \\\n"
              "    pip install onnxruntime-gpu && \\\n    if [ \"$GPU\" = \"rocm\" ]; then echo rocm; fi\n")
    assert len(flagged(scan([write(tmp_path, "Dockerfile", closed)], "RD-IMG-009", "rx7900xtx"))) == 1
    chain = ("FROM python:3.11\nARG GPU\nRUN if [ \"$GPU\" = \"cuda\" ]; then \\\n    pip install onnxruntime-gpu; \\\n"
             "    elif [ \"$GPU\" = \"rocm\" ]; then \\\n    echo rocm; \\\n    fi\n")
    assert flagged(scan([write(tmp_path, "Dockerfile", chain)], "RD-IMG-009", "rx7900xtx")) == []
    negated = chain.replace('= "cuda" ]', '!= "cuda" ]')  # "not cuda": the branch may be this machine's
    assert len(flagged(scan([write(tmp_path, "Dockerfile", negated)], "RD-IMG-009", "rx7900xtx"))) == 1


def test_a_nested_if_inside_the_rocm_branch_keeps_its_torch_before(tmp_path):
    from rocmdoctor.checks.pip_untaken import in_other_branch
    from types import SimpleNamespace as NS
    text = ("if [ \"$NIGHTLY\" = 1 ]; then\n  pip install torch --index-url https://download.pytorch.org/whl/nightly/rocm7.0\n"
            "  if [ -n \"$PROXY\" ]; then\n    export HTTPS_PROXY=$PROXY\n  fi\n  pip install -r requirements.txt\nfi\n")
    art = NS(lines=lambda: text.splitlines(), path="s.sh", kind="shell")
    settings = NS(artifacts=[art])
    import rocmdoctor.checks.pip_untaken as it
    real = it.artifact_at
    it.artifact_at = lambda _s, _p: art
    try:
        assert in_other_branch(settings, "s.sh", 2, 6) is False
        assert in_other_branch(settings, "s.sh", 2, 9) is False  # past the outer fi: behind either branch
        other = text.replace("  pip install -r requirements.txt\nfi\n", "else\n  pip install -r requirements.txt\nfi\n")
        art.lines = lambda: other.splitlines()
        assert in_other_branch(settings, "s.sh", 2, 7) is True
    finally:
        it.artifact_at = real


def test_a_sed_that_rewrites_versions_deletes_no_requirement():
    text = ("FROM python:3.11\nCOPY requirements.txt .\nRUN sed 's/==/>=/g' requirements.txt > req-loose.txt && "
            "pip install -r req-loose.txt\n")
    assert [v for v in dockerfile.read("D", text).values if v.name == "req_edit"] == []


def test_a_requirements_file_named_by_a_variable_is_cited_at_its_pip_line():
    text = "FROM python:3.11\nARG REQ=requirements.txt\nRUN apt-get update && \\\n    pip install -r ${REQ}\n"
    [v] = [v for v in dockerfile.read("D", text).values if v.name == "pip"]
    assert v.origin.line == 4


def test_a_redirect_of_stderr_keeps_its_descriptor():
    text = ("FROM python:3.11\nRUN for f in a; do grep -v onnxruntime-gpu requirements.txt 2>/dev/null > req-rocm.txt; "
            "done && pip install -r req-rocm.txt\n")
    [e] = [v.value for v in dockerfile.read("D", text).values if v.name == "req_edit"]
    assert e["out"] == "req-rocm.txt"


def test_the_latest_container_run_is_the_one_torch_answers_in():
    lines = ["$ docker run --rm ubuntu nvidia-smi", "nvidia-smi: not found",
             "$ docker run --device=/dev/kfd --device=/dev/dri rocm/pytorch python3", ">>> torch.cuda.is_available()",
             "False"]
    assert top(lines)[1] != "container-run-without-gpu"
