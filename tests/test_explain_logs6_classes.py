"""Classes the spent fresh batches and the logs6 dev excerpts showed, each fixed as a class (issue 24,
wave 6): real lines with their source URL, and for each a look-alike that must stay as it was.

A. A process killed by SIGKILL in other wordings (tqdm's "it/s]Killed", a launcher's "error code -9", gdb)
   and the kernel's cgroup OOM lines are host memory; killed while loading a model, the kill leads.
B. A native build that stops on a file that is not there (a header, hipcc, a tool) is packages.
C. pip giving up on a wheel build, and a patch that does not apply, are packages.
D. MIOpen's run-time compile missing a header is packages, not an unknown ISA.
E. "The driver is not loaded" seen from a container's shell is containers.
F. Numerics printed as numbers: an fp16 loss scale that keeps falling for minutes or hundreds of
   steps, and Megatron iterations that print no loss (it leaves out a NaN average).
G. A C assert in the HIP runtime's sources, and a GPU kernel's device-side assert, are runtime.
H. A device-access failure that the same command run under sudo does not have is permissions.
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import by_id
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run, top


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


# ------------------------------------------------------------------ A. SIGKILL and the OOM killer
def test_tqdm_bar_that_ends_in_killed_is_host_memory():
    # https://github.com/chatchat-space/Langchain-Chatchat/issues/35
    lines = ["Loading checkpoint shards:  38%|██████▊           | 3/8 [00:02<00:03,  1.28it/s]Killed"]
    assert top(lines) == ("memory", "shell-killed")


def test_a_launchers_error_code_minus_9_and_gdbs_sigkill_are_host_memory():
    # https://github.com/NVIDIA/DIGITS/issues/1362 (the log goes on after it: it was pasted first)
    assert top(corpus_lines("digits-1362-caffe-error-code-minus-9"))[0] == "memory"
    # https://github.com/Tencent/ncnn/issues/1604
    assert top(["Program terminated with signal SIGKILL, Killed"]) == ("memory", "shell-killed")


def test_signals_other_than_sigkill_are_not_a_kill():
    # a DataLoader worker's SIGBUS is shared memory, not the OOM killer (https://github.com/pytorch/pytorch/issues/5040)
    ids = _ids(["RuntimeError: DataLoader worker (pid 56811) is killed by signal: Bus error. It is possible that "
                "dataloader's workers are out of shared memory. Please try to raise your shared memory limit."])
    assert "shell-killed" not in ids and ids[0] == "dataloader-shm-bus-error"
    # a torchrun rank killed by SIGBUS (-7) is not "exit code -9"
    assert "shell-killed" not in _ids(["ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -7) "
                                       "local_rank: 2 (pid: 94) of binary: /root/miniconda3/envs/py3.10/bin/python3"])


def test_cgroup_oom_killer_lines_are_host_memory():
    # https://github.com/docker/for-linux/issues/1001
    assert top(corpus_lines("dockerforlinux-1001-cgroup-oom-killed-python")) == ("memory", "host-oom-kill")
    # the reaper's note after it is not a kill of its own
    assert _ids(["May 15 23:01:53 ubuntu-s-1vcpu-2gb-ams3-01 kernel: [  152.802656] oom_reaper: reaped process 4254 "
                 "(python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB"]) == []


# https://github.com/oobabooga/textgen/issues/2509: a CPU-only bitsandbytes warns, then loading the shards is killed
TEXTGEN = [
    "/home/b1/oobabooga_linux/installer_files/env/lib/python3.10/site-packages/bitsandbytes/cextension.py:34: UserWarning: "
    "The installed version of bitsandbytes was compiled without GPU support. 8-bit optimizers, 8-bit multiplication, and GPU "
    "quantization are unavailable.",
    '  warn("The installed version of bitsandbytes was compiled without GPU support. "',
    "INFO:Loading lmsys_vicuna-7b-delta-v1.1...",
    "Loading checkpoint shards:   0%|                                                            | 0/2 [00:00<?, ?it/s]",
    "Killed",
]


def test_killed_while_loading_a_model_leads_the_setup_warnings_before_it():
    expl = run(TEXTGEN)
    probs = [d for d in expl.diagnoses if d.is_problem]
    assert probs[0].signature.id == "shell-killed"
    assert any(f.startswith("killed while loading: Loading checkpoint shards") for f in probs[0].facts)
    assert "bitsandbytes-cpu-build" in [d.signature.id for d in probs[1:]]


def test_killed_after_training_started_is_not_called_a_loading_kill():
    # https://github.com/nshepperd/gpt-2/issues/61: killed in training, not while loading
    d = next(d for d in run(corpus_lines("gpt2-61-training-killed-cpu-oom")).diagnoses if d.is_problem)
    assert d.signature.id == "shell-killed" and not any("killed while loading" in f for f in d.facts)
    # without the kill, the same warnings stay what they were
    assert top(TEXTGEN[:-1])[1] == "bitsandbytes-cpu-build"


# ------------------------------------------------------------------ B. builds that stop on a missing file
def test_a_build_that_stops_on_a_missing_header_or_tool_is_packages():
    # gcc's wording in Chinese, in a .hiph header (https://github.com/agrocylo/bitsandbytes-rocm/issues/4)
    assert top(corpus_lines("agrocylo-bnb-4-hip-runtime-api-header-zh")) == ("packages", "build-missing-file")
    # make cannot run hipcc (https://github.com/broncotc/bitsandbytes-rocm/issues/5)
    assert top(["make: /usr/bin/hipcc: No such file or directory", "make: *** [Makefile:107: hip] Error 127"]) == \
        ("packages", "build-missing-file")
    # clang's wording (https://github.com/rocm-arch/rocm-arch/issues/477)
    assert top(corpus_lines("rocmarch-477-miopen-build-rocblas-header"))[1] == "build-missing-file"


def test_a_build_that_stops_on_a_compiler_error_stays_build_failed_and_deepspeed_stays_deepspeed():
    # the host compiler given HIP flags (https://github.com/abetlen/llama-cpp-python/issues/695)
    assert top(corpus_lines("llamacpppy-695-offload-arch-wrong-compiler")) == ("packages", "build-failed")
    # a DeepSpeed op (https://github.com/deepspeedai/DeepSpeed/issues/7565)
    assert top(corpus_lines("ds-7565-v2-linear-kernels-hipfuncsetattribute"))[0] == "deepspeed"


# ------------------------------------------------------------------ C. pip gives up; a patch does not apply
def test_pip_giving_up_on_a_wheel_build_is_packages():
    # https://github.com/QwenLM/Qwen/issues/10
    assert top(corpus_lines("qwen-10-flash-attn-wheel-build-failed")) == ("packages", "pip-wheel-build-failed")


def test_a_failed_wheel_that_pip_may_still_install_and_deepspeeds_wheel_are_not_this_signature():
    sig = by_id("pip-wheel-build-failed")
    for near in sig.near_misses:
        assert not any(rx.search(near) for rx in sig.regexes), near


def test_a_patch_that_does_not_apply_is_packages():
    # GNU patch (https://github.com/NixOS/nixpkgs/issues/565696) and git am (https://github.com/ROCm/TheRock/issues/167)
    assert top(corpus_lines("nixpkgs-565696-rocm-llvm-patch-hunks-failed")) == ("packages", "patch-does-not-apply")
    assert top(corpus_lines("therock-167-git-am-patch-does-not-apply")) == ("packages", "patch-does-not-apply")
    # a patch already applied: "ignored" (https://github.com/rocm-arch/rocm-arch/issues/839)
    assert top(corpus_lines("rocmarch-839-hip-runtime-patch-rejected"))[1] == "patch-does-not-apply"


def test_hunks_that_apply_with_an_offset_are_not_a_failure():
    # https://github.com/Frogging-Family/community-patches/issues/14 (the hunks that applied)
    lines = ["patching file src/amd/vulkan/radv_cmd_buffer.c", "Hunk #1 succeeded at 1312 (offset 88 lines).",
             "Hunk #2 succeeded at 1584 with fuzz 2 (offset 108 lines).", "patching file src/amd/vulkan/radv_device.c",
             "Hunk #1 succeeded at 1352 with fuzz 1 (offset 364 lines)."]
    assert run(lines).exit_code() == 0


# ------------------------------------------------------------------ D. MIOpen's run-time compile
def test_miopen_compile_missing_a_header_is_packages_and_replaces_the_isa_guess():
    # https://github.com/ROCm/MIOpen/issues/2049 (fixed by installing libstdc++-12-dev)
    ids = _ids(corpus_lines("miopen-2049-hiprtc-limits-header-missing"))
    assert ids[0] == "miopen-kernel-header-missing" and "miopen-compile-failed" not in ids


def test_a_miopen_compile_failure_without_a_missing_header_stays_runtime():
    # https://github.com/ROCm/ROCm/issues/2355
    assert top(["MIOpen(HIP): Error [BuildOcl] comgr status = INVALID_ARGUMENT (2)"]) == ("runtime", "miopen-compile-failed")
    # MIOpen's own source build missing its generated header is a build, not the run-time compile
    # (https://github.com/ROCm/MIOpen/issues/106)
    assert top(corpus_lines("miopen-106-source-build-config-header"))[1] == "build-missing-file"


# ------------------------------------------------------------------ E. a container's shell
def test_driver_not_loaded_inside_a_container_is_containers():
    # https://github.com/robertrosenbusch/gfx803_rocm/issues/6: docker run without --device /dev/kfd
    assert top(corpus_lines("gfx803rocm-6-docker-run-without-kfd-device"))[0] == "containers"


def test_driver_not_loaded_on_a_host_stays_driver():
    # https://github.com/aws-deepracer-community/deepracer-core/issues/82
    assert top(corpus_lines("deepracer-82-nvidia-host-rock-not-loaded"))[0] == "driver"


# ------------------------------------------------------------------ F. numerics printed as numbers
def test_a_loss_scale_that_keeps_falling_for_an_hour_is_numerics():
    # https://github.com/NVIDIA/DeepLearningExamples/issues/543 (DLLogger's PARAMETER lines)
    fam, sig = top(corpus_lines("dle-543-bert-loss-scale-halving"))
    assert (fam, sig) == ("numerics", "line-numerics")
    what = analyze(corpus_lines("dle-543-bert-loss-scale-halving")).numerics
    assert what is not None and "fell" in what[1] and "minutes" in what[1]


def test_loss_scale_warm_up_is_not_a_collapse():
    # fairseq halves its scale three times in the first two steps (https://github.com/facebookresearch/fairscale/pull/121)
    assert run(corpus_lines("fairscale-121-fairseq-overflow-loss-scale-healthy")).exit_code() == 0
    # DeepSpeed's warm-up overflows (https://github.com/deepspeedai/DeepSpeed/issues/5779)
    assert run(corpus_lines("ds-5779-fp16-overflow-warmup-healthy")).exit_code() == 0


def test_a_scale_that_grows_back_between_falls_is_settling():
    # the same DLLogger wording, with the scaler growing back between halvings
    lines = corpus_lines("dle-543-bert-loss-scale-halving")
    assert lines[7].rstrip().endswith("loss_scale : 65536.0")
    grown = lines[:8] + ["DLL 2020-05-28 08:56:30.000000 - PARAMETER loss_scale : 262144.0 "] + lines[8:]
    assert analyze(grown).numerics is None


MEGATRON_NO_LOSS = (
    # https://github.com/deepspeedai/Megatron-DeepSpeed/pull/434: the NaN loss is not printed at all
    " iteration        9/      10 | consumed samples:          108 | consumed tokens:       442368 | elapsed time per "
    "iteration (ms): 1979.2 | learning rate: 4.219E-07 | global batch size:    12 | loss scale: 1.0 | actual seqlen:  "
    "4096 | number of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 6.063 | tokens per "
    "gpu per second (tgs): 2069.506 | TFLOPs: 127.00 |")


def test_a_megatron_iteration_with_no_loss_and_no_skipped_step_is_numerics():
    assert top([MEGATRON_NO_LOSS])[0] == "numerics"


def test_megatron_iterations_with_a_loss_or_skipped_warm_up_steps_are_healthy():
    # https://github.com/NVIDIA/Megatron-LM/issues/756: every iteration logs its lm loss
    assert run(corpus_lines("megatron-756-mixtral-iterations-nan-count-zero-healthy")).exit_code() == 0
    # https://github.com/NVIDIA/nccl/issues/743: the first ten steps were skipped by the loss scaler, so no loss yet
    warm = (" iteration       10/ 1000000 | consumed samples:           40 | elapsed time per iteration (ms): 356.2 | "
            "learning rate: 0.000E+00 | global batch size:     4 | loss scale: 8388608.0 | number of skipped "
            "iterations:  10 | number of nan iterations:   0 |")
    assert analyze([warm]).numerics is None


# ------------------------------------------------------------------ G. asserts in the runtime and in kernels
def test_an_assert_in_the_hip_runtimes_sources_is_runtime():
    # pip's metadata step imports torch, whose HIP runtime asserts (https://github.com/deepspeedai/DeepSpeed/issues/3725)
    assert top(corpus_lines("ds-3725-pip-install-hip-platform-assert")) == ("runtime", "hip-runtime-assert")


def test_a_kernels_device_side_assert_is_runtime():
    # https://github.com/NVIDIA/garak/issues/199
    assert top(corpus_lines("garak-199-device-side-assert-long-inputs")) == ("runtime", "device-side-assert")


def test_asserts_elsewhere_are_not_the_hip_runtimes():
    # MIOpen's own assert (https://github.com/ROCm/MIOpen/issues/1648) is not the HIP runtime's
    line = ("MIOpenDriver: /home/junliu/MIOpen/src/comgr.cpp:1253: std::string miopen::hiprtc::HiprtcProgram::GetLog"
            "(const bool): Assertion `buffer.back() == 0' failed.")
    assert "hip-runtime-assert" not in _ids([line])
    # a build that merely says asserts are on (llama.cpp's banner) is not a failure
    assert run(["warning: asserts enabled"]).exit_code() == 0


# ------------------------------------------------------------------ H. works under sudo, not as the user
def test_a_failure_that_the_same_command_under_sudo_does_not_have_is_permissions():
    # rocminfo as the user fails, under sudo lists the agents (https://github.com/ROCm/legacy-rocm-build/issues/1064)
    lines = corpus_lines("legacyrocm-1064-rocm33-oor-works-with-sudo")
    fam, sig = top(lines)
    assert (fam, sig) == ("permissions", "root-only-device-access")
    # without the sudo run the log says only what the runtime says
    assert top(lines[:5])[0] == "runtime"
    # the sudo run alone is a working machine
    assert run(lines[5:]).exit_code() == 0


def test_a_sudo_run_that_fails_the_same_way_is_not_root_only():
    # root fails too (https://github.com/ROCm/legacy-rocm-build/issues/1118): not a group problem
    lines = ["$ sudo /opt/rocm/bin/rocminfo", "ROCk module is loaded", "<USER> is member of video group",
             "hsa api call failure at: /data/jenkins-workspace/compute-rocm-rel-3.3/rocminfo/rocminfo.cc:1102",
             "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources. "
             "This error may also occur when the core runtime library needs to spawn threads or create internal "
             "OS-specific events."]
    assert top(lines)[1] != "root-only-device-access"
    # ... also after the user's own failing run: the sudo run must show the GPU
    user_run = corpus_lines("legacyrocm-1064-rocm33-oor-works-with-sudo")[:5]
    assert top(user_run + lines)[1] != "root-only-device-access"


def test_deepspeeds_float_loss_scale_near_its_minimum_is_numerics_and_a_large_one_is_warm_up():
    # newer DeepSpeed prints the scale as a float (https://github.com/CarperAI/trlx/issues/342)
    low = ("[2023-02-28 20:08:24,338] [INFO] [stage_1_and_2.py:1769:step] [deepspeed] OVERFLOW! Rank 0 Skipping step. "
           "Attempted loss scale: 64.0, reducing to 32.0")
    assert top([low]) == ("numerics", "fp16-loss-scale-min")
    # the same wording at the start of training (https://github.com/deepspeedai/DeepSpeedExamples/issues/186)
    high = ("[2022-07-13 21:06:50,825] [INFO] [stage3.py:2281:_overflow_clean_up] [deepspeed] OVERFLOW! Rank 0 Skipping "
            "step. Attempted loss scale: 65536.0, reducing to 32768.0")
    assert run([high]).exit_code() == 0


def test_a_loss_scale_halving_down_to_one_or_below_is_numerics_even_with_no_clock_or_step():
    # https://github.com/facebookresearch/fairseq/issues/512: fairseq's scaler falls from 0.5 to 1e-4, one
    # overflow per update, with no time or step on its lines; no warm-up halves that far
    lines = corpus_lines("lb-fairseq-512-loss-scale-minimum", "fresh/logs")[:9]
    assert top(lines)[0] == "numerics"
    assert run(lines).diagnoses[0].facts == ["detail: the fp16 loss scale fell 4 times in a row to 0.015625, never "
                                             "growing back: the gradients overflow at any scale"]
    # the look-alike: a warm-up's halvings from 2**16 in a row, no clock, no step: not a failure
    warm = [f"| WARNING: overflow detected, setting loss scale to: {2.0 ** k:g}" for k in range(15, 9, -1)]
    assert run(warm).exit_code() == 0
