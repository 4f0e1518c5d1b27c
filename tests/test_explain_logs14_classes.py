"""Classes of the spent fresh batches 14-16 (seventh wave), each with a look-alike that must not match.

A. A build failure pasted with its newlines lost (a bug tracker's one-line field): CMake's "CMake Error at FILE:LINE ("
   in the middle of the line is a failed build (packages).
B. `go generate` stopping on the script it runs (`generate_linux.go:3: running "bash": exit status 1`) is a failed
   build (packages): ollama builds its ROCm runner that way.
C. rocm-smi's ERROR lines for metrics a GPU or driver does not support are no failure (healthy).
D. LLVM's AMDGPU backend refusing a bf16 intrinsic is bf16 on a GPU without it (numerics).
E. A progress table whose last column is the loss and whose rows end in nan is a NaN loss (numerics).
F. Docker refusing a group the image lacks ("Unable to find group render") is the container's definition
   (containers), 2 of 2 labels: the physical-ai-studio#513 one was read while counting (a holdout item)."""
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
    assert top(runner)[1] != "build-failed"  # (what it resembles among public reports is another matter)


def test_c_rocm_smi_errors_for_unsupported_metrics_are_no_failure():
    # https://github.com/ROCm/legacy-rocm-build/issues/1453: `rocm-smi -a` on a working GPU
    assert run(corpus_lines("ta-rocmsmi-noisy-errors", "fresh/logs")).exit_code() == 0
    # look-alike: rocm-smi failing to talk to the driver at all is an error
    assert run(["ERROR: GPU[0]\t: Unable to communicate with the amdgpu driver (rsmi_init failed)"]).exit_code() != 0


def test_d_llvm_refusing_a_bf16_amdgcn_intrinsic_is_numerics():
    # https://github.com/unslothai/unsloth/issues/5337 (gfx1032)
    assert top(corpus_lines("tb-unsloth-5337-gfx1032-bf16-fdot2", "fresh/logs")) == (
        "numerics", "llvm-amdgcn-bf16-cannot-select")
    # look-alike: the same refusal for another intrinsic is not bf16's
    assert top(["LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.fdot2"])[1] != "llvm-amdgcn-bf16-cannot-select"


def test_e_a_progress_table_whose_loss_column_is_nan_is_numerics():
    # https://github.com/ROCm/tensorflow-upstream/issues/173: tf_cnn_benchmarks' Step / Img/sec / total_loss
    lines = corpus_lines("ta-tf-alexnet-nan-loss", "fresh/logs")
    assert top(lines)[0] == "numerics"
    # look-alike: the same table with finite losses is a healthy run
    finite = [ln.replace("\tnan", "\t7.2") if ln.endswith("nan") else ln for ln in lines]
    assert run(finite).exit_code() == 0


def test_f_docker_refusing_a_group_the_image_lacks_is_containers():
    # https://github.com/ollama/ollama/issues/8475
    assert top(corpus_lines("tb-ollama-8475-group-add-render-missing", "fresh/logs"))[0] == "containers"
