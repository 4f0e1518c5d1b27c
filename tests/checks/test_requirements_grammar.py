"""RD-IMG-018 (checks/requirements_grammar.py, readers/pip_grammar.py): lines pip refuses in a requirements file,
constructed in several forms with the look-alikes pip reads, and real sets (tests/corpus: oflux, ea-neuralforge,
dy-michaeleinhorn)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

CORPUS = os.path.join(os.path.dirname(__file__), os.pardir, "corpus")


@pytest.mark.parametrize("text,bad", [
    ("numpy\ntorch torchvision torchaudio\n", [2]),
    ("torch==2.3.0 -U\n", [1]),
    ("numpy\npip install torch\n", []),  # a shell command: RD-IMG-004 names it
    ("torch = 2.0\n", [1]),
    ("numpy>=1.2 scipy\nrequests\n", [1]),
    ("--upgrade\ntorch\n", [1]),
    # what pip reads: markers (empty ones too), extras, URLs and paths, options on their own line, per-line hashes
    ("torch>=2.0,<3 ; python_version >= '3.9'\nnumpy[extra]==1.26.*\n", []),
    ("torch; --index-url https://download.pytorch.org/whl/rocm6.2; sys_platform == \"linux\"\n", []),
    ("--extra-index-url https://download.pytorch.org/whl/rocm6.2\n--pre\n-r base.txt\n-e .\n", []),
    ("git+https://github.com/x/y.git@main#egg=y\n./wheels/a-1.0-py3-none-any.whl\nfoo @ https://x/foo.whl\n", []),
    ("requests==2.31.0 --hash=sha256:abc\n", []),
    ("torch==2.3.0+rocm6.0\n${TORCH_SPEC}\n", []),
    ("torch>=2.0.0+rocm5.6\n", []),  # a local version in a range: RD-IMG-004's
    ("numpy=1.26.4=py311h\nscipy=1.11\n", []),  # conda's format: not pip's file
    # a named file with no line pip reads is still pip's; prose is not
    ("torch torchvision torchaudio\n", [1]), ("numpy pandas\nscipy matplotlib\ntorch\n", [1, 2]),
    ("Python 3.10 or newer is required.\n", []), ("See README for details\n", []),
    ("python-dotenv requests\n", [1]), ("mamba-ssm causal-conv1d\n", [1]),  # names, not the commands they start with
    # optparse takes both option sets on any line, and a long option's unambiguous prefix
    ("-e ./pkg --config-settings editable_mode=compat\n--extra-index https://x/simple\n--trusted=pypi.org\n", []),
    # pip joins a continued line to the next as written
    ("numpy==2.4.\\\n6\nscipy\n", []),
    # pip joins before it drops comments: a backslash before a comment continues nothing (the line is `numpy \`),
    # a comment line never continues, and a comment ending in a backslash swallows the next line
    ("numpy \\  # pinned below\nscipy\n", [1]), ("torch \\\n# note \\\nscipy\n", []),
    ("foo  # see \\\nbar baz\nscipy\n", []),
])
def test_lines_pip_refuses(tmp_path, text, bad):
    p = write(tmp_path, "requirements.txt", text)
    fs = flagged(scan([p], "RD-IMG-018", "mi300x8"))
    assert [int(f.subject.rsplit(":", 1)[1]) for f in fs] == bad


def test_the_several_names_hint(tmp_path):
    p = write(tmp_path, "requirements.txt", "accelerate\npytorch-lightning deepspeed\n")
    [f] = flagged(scan([p], "RD-IMG-018", "mi300x8"))
    assert "names 2" in f.title


@pytest.mark.parametrize("folder,lines", [
    ("artifacts/oflux-pip-command-in-reqs", []),  # RD-IMG-004 names the shell command
    ("fresh/artifacts/ea-neuralforge-llm-bench-reqs", [1]),  # literal `\n` escapes: one line
    ("fresh/artifacts/dy-michaeleinhorn-trl-textworld-setup", [3, 6]),  # read as requirements though two lines fail
])
def test_real_sets(folder, lines):
    fs = flagged(scan([os.path.join(CORPUS, folder)], "RD-IMG-018", "rx7900xtx"))
    assert [int(f.subject.rsplit(":", 1)[1]) for f in fs] == lines


def test_a_pyproject_given_with_r_is_not_read_as_pip_lines(tmp_path):
    # fresh sb-nascheme: `uv pip install -r pyproject.toml` (uv's pip reads a project's metadata with -r)
    write(tmp_path, "pyproject.toml", "[project]\nname = \"x\"\ndependencies = [\n  \"numpy>=2\",\n]\n")
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nCOPY pyproject.toml .\n"
              "RUN uv pip install --system -r pyproject.toml\n")
    assert d and not flagged(scan([str(tmp_path)], "RD-IMG-018", "mi300x8"))


def test_an_abbreviated_index_option_keeps_its_url(tmp_path):
    # pip's optparse reads `--extra-index` as --extra-index-url: the ROCm wheel's index is there (the review)
    p = write(tmp_path, "requirements.txt", "--extra-index https://download.pytorch.org/whl/rocm6.2\ntorch==2.5.1+rocm6.2\n")
    assert not flagged(scan([p], "RD-IMG-018", "mi300x8")) and not flagged(scan([p], "RD-IMG-002", "mi300x8"))
