"""Classes of the spent fresh batch 14 (seventh wave), each with a look-alike that must not match.

A. A build failure pasted with its newlines lost (a bug tracker's one-line field): CMake's "CMake Error at FILE:LINE ("
   in the middle of the line is a failed build (packages).
B. `go generate` stopping on the script it runs (`generate_linux.go:3: running "bash": exit status 1`) is a failed
   build (packages): ollama builds its ROCm runner that way."""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, run, top


def test_a_cmake_error_in_the_middle_of_a_one_line_paste_is_a_failed_build():
    # https://bugs.gentoo.org/953116: Tensile's asm-caps check, then CMake's error, all on one line
    lines = corpus_lines("pb-gentoo-rocblas-tensile-asm-caps", "fresh/logs")
    assert top(lines)[0] == "packages"
    # look-alikes: prose that names a CMake error without CMake's "at FILE:LINE (" is no build output
    assert run(["I fixed the CMake Error at startup by reinstalling rocm-cmake, training runs fine now"]).exit_code() == 0


def test_b_go_generate_stopping_on_its_script_is_a_failed_build():
    # https://github.com/NixOS/nixpkgs/issues/297081: ollama's ROCm generate script exits ("deps file short")
    lines = corpus_lines("pb-nix-ollama-rocm-build-deps-file-short", "fresh/logs")
    assert top(lines)[0] == "packages"
    # the look-alike: Ollama's server reporting its runner's exit in its own log format is no build
    runner = ['time=2025-03-02T06:28:39.656Z level=ERROR source=server.go:421 msg="llama runner terminated" '
              'error="exit status 1"']
    assert top(runner)[0] != "packages"
