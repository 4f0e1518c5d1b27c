"""RD-IMG-016 (a line BuildKit takes for an unknown instruction) and RD-IMG-017 (a RUN that calls a program the
plain base image lacks), checks/image_grammar.py: constructed Dockerfiles in several forms and real fresh sets
(tests/corpus/fresh/artifacts: xc-giodueck, rg-takabrk, cy-rookes, na-shubadecka, rd-dmikushin)."""
import os

import pytest
from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")


def _lines(fs):
    return sorted(int(f.subject.rsplit(":", 1)[1]) for f in fs)


# ------------------------------------------------------------------ RD-IMG-016
@pytest.mark.parametrize("body,bad", [
    # a RUN that lost its backslash: the next line is taken for an instruction
    ("RUN apt-get update && \\\n    apt-get install -y git\n    python3 -m pip install x\n", [4]),
    ("RUN apt-get update\n  && apt-get install -y git\n", [3]),
    ("RUN pip install torch\npip install vllm\n", [3]),
    # what BuildKit reads: instructions in any case, comments, continuations, a heredoc and its body
    ("run apt-get update && \\\n    apt-get install -y git\n", []),
    ("# a comment\nRUN echo hi \\\n    # a comment inside\n    && echo there\n", []),
    ("RUN <<EOF\nset -e\npip install torch\nEOF\n", []),
    ("RUN set -e; \\\n    cat > /etc/x.toml << 'EOF'\n[paths]\nmodels = \"/m\"\nEOF\n", []),
    # a heredoc ends at the first terminator after its marker (EOF reused): what stands between two is judged
    ("RUN <<EOF\necho a\nEOF\npython3 foo.py\nRUN <<EOF\necho b\nEOF\n", [5]),
    ("ONBUILD RUN make\nSTOPSIGNAL SIGTERM\nHEALTHCHECK CMD curl -f http://localhost/ || exit 1\nSHELL [\"/bin/bash\", \"-c\"]\n",
     []),
])
def test_unknown_instructions(tmp_path, body, bad):
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n" + body)
    assert _lines(flagged(scan([p], "RD-IMG-016", "mi300x8"))) == bad


def test_the_lost_backslash_is_named_with_the_line_before(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM ubuntu:22.04\nRUN apt-get update && apt-get install -y curl\n"
              "    && curl -fsSL https://x/y.sh | sh\n")
    [f] = flagged(scan([p], "RD-IMG-016", "mi300x8"))
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["2", "3"]
    assert "end line 2 with" in f.detail and "CURL" not in f.detail.split("'")[0]


@pytest.mark.parametrize("name,text", [
    ("Dockerfile.j2", "FROM {{ base }}\n{% if gpu %}\nRUN pip install torch\n{% endif %}\n"),
    ("Dockerfile", "FROM ubuntu:22.04\n{% if gpu %}\nRUN pip install torch\n{% endif %}\n"),
    ("Dockerfile", "RUN pip install torch\nsomething else\n"),  # a fragment: no FROM first
])
def test_templates_and_fragments_are_not_judged(tmp_path, name, text):
    p = write(tmp_path, name, text)
    assert not flagged(scan([p], "RD-IMG-016", "mi300x8"))


@pytest.mark.parametrize("folder,lines", [
    ("xc-giodueck-torchgeo-rocm-dockerfile", [8]),  # `pip3 install ...` after a RUN without its backslash
    ("rg-takabrk-tf-rocm-bionic", [9, 11]),  # lone `\` lines after lines that lost theirs
])
def test_real_sets(folder, lines):
    fs = flagged(scan([os.path.join(FRESH, folder)], "RD-IMG-016", "rx7900xtx"))
    assert _lines(fs) == lines


# ------------------------------------------------------------------ RD-IMG-017
@pytest.mark.parametrize("base,body,bad", [
    ("ubuntu:22.04", "RUN curl -fsSL https://example.org/x.sh | sh\n", ["curl"]),
    ("ubuntu:24.04", "RUN apt-get update && apt-get install -y wget\nRUN git clone https://x/y\n", ["git"]),
    ("debian:bookworm-slim", "RUN wget -qO- https://x/key | apt-key add -\n", ["wget", "gpg"]),
    ("ubuntu:22.04", "RUN apt-get update && apt-get install -y python3.10\nRUN pip install torch\n", ["pip"]),
    ("ubuntu:22.04", "RUN sudo apt-get update\n", ["sudo"]),
    ("python:3.11-slim", "RUN git clone https://x/y && pip install -e y\n", ["git"]),
    ("alpine:3.20", "RUN pip install x\n", ["pip"]),
    # installed first (in the RUN, an earlier RUN or a stage it is built from), by its path, or tested first
    ("ubuntu:22.04", "RUN apt-get update && apt-get install -y curl git && curl -fsSL https://x | sh\n", []),
    ("ubuntu:22.04 AS base\nRUN apt-get update && apt-get install -y git\nFROM base", "RUN git clone https://x\n", []),
    ("ubuntu:22.04", "RUN apt-get update && apt-get install -y python3-pip\nRUN pip3 install torch\n", []),
    ("ubuntu:22.04", "RUN command -v curl || (apt-get update && apt-get install -y curl)\n", []),
    ("ubuntu:22.04", "RUN /opt/venv/bin/pip install torch\n", []),
    ("ubuntu:22.04", "RUN apt-get install -y python3-venv && python3 -m venv /v\nENV PATH=/v/bin:$PATH\n"
                     "RUN pip install torch\n", []),
    ("ubuntu:22.04", "RUN apt-get update && apt-get install -y ./amdgpu-install_6.2.deb\nRUN wget https://x\n", []),
    ("ubuntu:22.04", "RUN ./install_deps.sh\nRUN curl https://x\n", []),  # a script this reading cannot follow
    ("python:3.11", "RUN curl -fsSL https://x | sh && git clone https://y\n", []),  # buildpack-deps has both
    ("rocm/pytorch:latest", "RUN curl -fsSL https://x | sh && git clone https://y\n", []),  # not a plain image
    # nvidia/cuda is Ubuntu with CUDA's libraries: no sudo, Python or git (curl is purged after the keyring);
    # its gnupg stays (fresh batch 285, alphapose: `RUN sudo mv cuda-ubuntu2004.pin ...`)
    ("nvidia/cuda:11.8.0-cudnn8-devel-ubuntu20.04", "RUN apt-get update && apt-get install -y wget\n"
                                                    "RUN sudo mv x.pin /etc/apt/preferences.d/\n", ["sudo"]),
    ("nvidia/cuda:12.4.1-base-ubuntu22.04", "RUN wget -qO- https://x/key | apt-key add -\n", ["wget"]),
    ("nvidia/cuda:12.2.0-devel-ubi8", "RUN git clone https://x\n", []),  # a RHEL base: not known here
    ("ubuntu:22.04", "RUN apt-get update && apt-get install -y wget && \\\n"
                     "    curl -sS https://bootstrap.pypa.io/get-pip.py | python3\n", ["curl"]),
])
def test_programs_the_base_image_lacks(tmp_path, base, body, bad):
    p = write(tmp_path, "Dockerfile", f"FROM {base}\n" + body)
    fs = flagged(scan([p], "RD-IMG-017", "mi300x8"))
    assert [f.title.split(": ", 1)[1].split()[0] for f in fs] == [("apt-key" if b == "gpg" else b) for b in bad]


def test_uv_installed_off_path_in_any_image(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN curl -LsSf https://astral.sh/uv/install.sh | sh\n"
              "ENV PATH=\"/root/.cargo/bin:$PATH\"\nRUN uv pip install --system x\n")
    [f] = flagged(scan([p], "RD-IMG-017", "mi300x8"))
    assert "PATH" in f.title and [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["2", "3", "4"]
    # told where to write (a directory PATH has, before the install), moved there, or found by a login shell through
    # the env file the installer adds to the profiles
    for head, tail in (("ENV UV_INSTALL_DIR=/usr/local/bin\n", ""), ("ENV XDG_BIN_HOME=/usr/local/bin\n", ""),
                       ("SHELL [\"/bin/bash\", \"--login\", \"-c\"]\n", ""), ("SHELL [\"/bin/bash\", \"-l\", \"-c\"]\n", ""),
                       ("", "RUN mv /root/.local/bin/* /usr/local/bin/\n")):
        q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n" + head + "RUN curl -LsSf "
                  "https://astral.sh/uv/install.sh | sh\n" + tail + "RUN uv pip install --system x\n")
        assert not flagged(scan([q], "RD-IMG-017", "mi300x8")), head
    # told a directory PATH lacks, told too late, or an ENV that only mentions -l: still off PATH
    for head, tail in (("ENV UV_INSTALL_DIR=/opt/uv\n", ""), ("", "ENV UV_INSTALL_DIR=/usr/local/bin\n"),
                       ("ENV LS_OPTS=\"ls -l\"\n", "")):
        q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n" + head + "RUN curl -LsSf "
                  "https://astral.sh/uv/install.sh | sh\n" + tail + "RUN uv pip install --system x\n")
        assert flagged(scan([q], "RD-IMG-017", "mi300x8")), (head, tail)
    # moved onto PATH later in the installer's own RUN; used before the move in that RUN is still off PATH
    for run, off in (("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && mv /root/.local/bin/uv /usr/local/bin/\n"
                      "RUN uv sync\n", False),
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && uv sync && mv /root/.local/bin/uv /b/\n",
                      True),
                     # linked from ~/.cargo/bin, where only installers before 0.5 put it: a dangling link today
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && ln -s /root/.cargo/bin/uv /usr/local/bin/uv\n"
                      "RUN uv sync\n", True),
                     ("RUN curl -LsSf https://astral.sh/uv/0.4.30/install.sh | sh && ln -s /root/.cargo/bin/uv /usr/local/bin/"
                      "\nRUN uv sync\n", False),
                     ("RUN curl -LsSf https://github.com/astral-sh/uv/releases/download/0.4.30/uv-installer.sh | sh\n"
                      "RUN ln -s /root/.cargo/bin/uv /usr/local/bin/uv\nRUN uv sync\n", False),
                     # PATH for the installer's RUN alone, or a directory listed: the next RUN has no uv
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && export PATH=\"/root/.local/bin:$PATH\"\n"
                      "RUN uv pip install --system numpy\n", True),
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && ls -la /root/.local/bin\nRUN uv sync\n", True),
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && export PATH=\"/root/.local/bin:$PATH\" && uv sync\n",
                      False),
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && PATH=/root/.local/bin:$PATH uv sync\n", False),
                     ("RUN curl -LsSf https://astral.sh/uv/install.sh | sh && PATH=/root/.local/bin:$PATH uv sync\n"
                      "RUN uv pip install --system numpy\n", True)):
        q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\n" + run)
        assert bool(flagged(scan([q], "RD-IMG-017", "mi300x8"))) is off, run
    q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN curl -LsSf https://astral.sh/uv/install.sh | sh\n"
              "RUN bash -lc \"uv sync\"\n")
    assert not flagged(scan([q], "RD-IMG-017", "mi300x8"))
    # an installer pinned before 0.5.0 writes ~/.cargo/bin, which that PATH names
    q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN curl -LsSf https://astral.sh/uv/0.4.30/install.sh"
              " | sh\nENV PATH=\"/root/.cargo/bin:$PATH\"\nRUN uv sync\n")
    assert not flagged(scan([q], "RD-IMG-017", "mi300x8"))
    for fixed in ("ENV PATH=\"/root/.local/bin:$PATH\"\n", ""):
        q = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN curl -LsSf https://astral.sh/uv/install.sh"
                  " | env UV_INSTALL_DIR=/usr/local/bin sh\n" + fixed + "RUN uv pip install --system x\n")
        assert not flagged(scan([q], "RD-IMG-017", "mi300x8"))


def test_apt_key_without_gnupg_says_what_apt_key_prints(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM debian:bookworm-slim\nRUN apt-get update && apt-get install -y wget\n"
              "RUN wget -qO- https://x/key | apt-key add -\n")
    [f] = flagged(scan([p], "RD-IMG-017", "mi300x8"))
    assert "gnupg, gnupg2 and gnupg1" in f.detail and "not found" not in f.detail


def test_a_file_buildkit_refuses_is_judged_by_that_first():
    fs = flagged(scan([os.path.join(FRESH, "rg-takabrk-tf-rocm-bionic")], "RD-IMG-017", "rx7900xtx"))
    assert not fs  # wget/sudo/apt-key on ubuntu:18.04, but BuildKit stops at the lone `\` lines first


@pytest.mark.parametrize("folder,expected", [
    # apt-key without gnupg, curl, git on ubuntu:noble; uv, whose env file a RUN of its own sourced (for that RUN)
    ("cy-rookes-subconvert-rocm-docker", [9, 13, 16, 18]),
    ("rd-dmikushin-epub2tts-tfrocm57", [15]),  # pip with python3.10 alone
    ("na-shubadecka-finetune-compose", [31]),  # uv's installer, then PATH names the old ~/.cargo/bin
    ("jz-kprinssu-kokoro-rocm", []),  # the installer's RUN moves uv and uvx to /usr/local/bin
    ("xy-rahul-lysos-rocm", [69]),  # `ln -s /root/.cargo/bin/uv ...` after today's installer: uv is in ~/.local/bin
])
def test_real_sets_programs(folder, expected):
    fs = flagged(scan([os.path.join(FRESH, folder)], "RD-IMG-017", "rx7900xtx"))
    assert _lines(fs) == expected
