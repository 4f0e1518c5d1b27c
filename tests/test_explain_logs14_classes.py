"""Classes of the spent fresh batch 14 (seventh wave), each with a look-alike that must not match.

A. A build failure pasted with its newlines lost (a bug tracker's one-line field): CMake's "CMake Error at FILE:LINE ("
   in the middle of the line is a failed build (packages)."""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, run, top


def test_a_cmake_error_in_the_middle_of_a_one_line_paste_is_a_failed_build():
    # https://bugs.gentoo.org/953116: Tensile's asm-caps check, then CMake's error, all on one line
    lines = corpus_lines("pb-gentoo-rocblas-tensile-asm-caps", "fresh/logs")
    assert top(lines)[0] == "packages"
    # look-alikes: prose that names a CMake error without CMake's "at FILE:LINE (" is no build output
    assert run(["I fixed the CMake Error at startup by reinstalling rocm-cmake, training runs fine now"]).exit_code() == 0
