"""The classes behind fresh log batches 5 to 10's misses (docs/accuracy.md, "The measure that counts"),
each fixed as a class: lines in several wordings, near misses that must stay as they were, and the
real fresh excerpt that showed it (tests/corpus/fresh/logs/<name>.log, source URL on its first line;
the batches are spent, so they are regression cases, not a measurement).

A. A collective test's header in every version's form, and a collective launched as the log's last line.
B. A traceback raised in DeepSpeed's own code is DeepSpeed's, even with only Python's words; frames retyped.
C. A NaN/Inf detector that fired (anomaly mode, MIOpen's numerics check, NumPy's cast).
D. A kernel stack in amdgpu; a device node only root may open.
E. The NCCL class line is the consequence of its "Last error:" line; /dev/shm is memory.
F. The HSA "out of resources" status by number, and inside a container.
G. (batch 7) C++'s std::bad_alloc; an app saying the kernel driver is not loaded; MIGraphX's inf trace;
   a Kubernetes node with no amd.com/gpu capacity.
H. (batch 8) a tool naming the groups the user lacks; torch's rendezvous frames; a NaN counter; a pod asking
   for another vendor's GPUs; an extension's compiled module that does not match torch.
I. (batch 9) a backend the installed build lacks; a compiler older than the flags; a module HIP cannot load;
   DeepSpeed's report of a nearly full host RAM.
J. (batch 10) Rich's boxed tracebacks; DeepSpeed's positive-size asserts; a build that wants nvcc; torchrun's
   SIGBUS rank (/dev/shm: memory); "amdgpu not found in modules".
"""
from __future__ import annotations

import pytest

from tests.explain_helpers import corpus_lines, run, top



def fresh(name: str) -> list[str]:
    return corpus_lines(name, "fresh/logs")


# ------------------------------------------------------------------ A. collective tests that stop
COLUMNS = ["#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
           "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)"]
ROW = "           8             2     float     sum      -1    19.43    0.00    0.00      0    18.97    0.00    0.00      0"


@pytest.mark.parametrize("header", [
    "# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
    # https://github.com/ROCm/rccl-tests/issues/56 (rccl-tests 2.x)
    "# nThreads: 1 nGpus: 2 nRanks: 1 minBytes: 8 maxBytes: 134217728 step: 2(factor) warmupIters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
    # https://github.com/mxxm-t/mx-llama.cpp/issues/7
    "# rccl-tests version 2.18.3-HEAD:418cd5f rccl-headers=23004 rccl-library=23004",
])
def test_every_collective_test_header_without_rows_is_a_hang_and_with_rows_is_not(header):
    dev = "#  Rank  0 Group  0 Pid      1 on e20a3f6a8c03 device  0 [0000:03:00] AMD Radeon Graphics"
    assert top([header, dev] + COLUMNS) == ("distributed", "stop-collective-test")
    assert top([header, dev] + COLUMNS + [ROW]) == (None, None)


def test_device_lines_alone_are_a_piece_of_a_longer_log_not_a_test_that_hung():
    # A healthy excerpt that starts at the device lines (https://github.com/ROCm/rccl-tests/issues/163)
    assert run(corpus_lines("rccltests-163-mi50-init-info-healthy")).exit_code() == 0
    assert top(fresh("rcclt-56-gfx1100-x2-stuck")) == ("distributed", "stop-collective-test")
    assert top(fresh("mxllama-7-mi50x2-rccl-first-allreduce")) == ("distributed", "stop-collective-test")


def test_a_collective_launched_as_the_last_line_never_completed():
    # NCCL_DEBUG=INFO records each launch; the log ends at one (https://github.com/ROCm/rccl/issues/429)
    assert top(fresh("rccl-429-allgather-allreduce-mismatch-hang")) == ("distributed", "stop-progress")
    launch = ("h03r3n06:45015:45015 [3] NCCL INFO AllReduce: opCount 28e sendbuff 0x7f5979208100 recvbuff "
              "0x7f5979208100 count 8801792 datatype 7 op 0 root 0 comm 0x5611f23d07c0 [nranks=4] stream 0x5611f23da810")
    assert top(["NCCL INFO Init COMPLETE", launch]) == ("distributed", "stop-progress")
    # the same launch with the step that followed it is a run going on
    assert top(["NCCL INFO Init COMPLETE", launch, "{'loss': 1.93, 'grad_norm': 0.41, 'epoch': 0.1}"]) == (None, None)


# ------------------------------------------------------------------ B. DeepSpeed's own code raised
def test_an_exception_raised_in_deepspeed_runtime_is_deepspeed():
    # https://github.com/kongds/E5-V/issues/23: an assert in deepspeed/runtime/engine.py
    assert top(fresh("e5v-23-zero2-no-sync-assert")) == ("deepspeed", "tb-deepspeed-runtime")
    plain = ["Traceback (most recent call last):",
             '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/stage3.py", line 923, in initialize_optimizer_states',
             "    largest_numel = max([sum([p.ds_numel for p in psg]) for psg in self.fp16_partitioned_groups])",
             "ValueError: max() arg is an empty sequence"]
    assert top(plain) == ("deepspeed", "tb-deepspeed-runtime")
    # the same ValueError from the user's own code is not DeepSpeed's
    assert top([plain[0], '  File "/home/u/train.py", line 9, in main', plain[2], plain[3]])[1] != "tb-deepspeed-runtime"


def test_out_of_memory_raised_inside_deepspeed_stays_memory():
    lines = ["Traceback (most recent call last):",
             '  File "/usr/lib/python3/site-packages/deepspeed/runtime/zero/stage_1_and_2.py", line 500, in __init__',
             "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 GiB"]
    assert top(lines)[0] == "memory"


def test_a_frame_retyped_by_hand_is_still_a_frame():
    # https://github.com/hiyouga/LlamaFactory/issues/2546: "Fille" for "File"
    assert top(fresh("lf-2546-dpo-zero3-empty-param-groups")) == ("deepspeed", "tb-deepspeed-runtime")


def test_a_frame_cut_at_the_excerpts_start_is_still_a_frame():
    # https://github.com/huggingface/trl/issues/1770 (spent fresh batch 57): the paste starts inside the frame's path
    assert top(fresh("ey-trl-kto-zero3-defragment-dtype")) == ("deepspeed", "tb-deepspeed-runtime")
    # a line of prose that mentions a file and a line is no frame
    assert top(["see utils.py\", line 3, in the docs", "all good"]) == (None, None)


# ------------------------------------------------------------------ C. NaN detectors
def test_nan_detectors_that_fired_are_numerics_and_ones_that_found_nothing_are_not():
    assert top(fresh("miopen-248-batchnorm-nan-check-numerics")) == ("numerics", "nan-check-failed")
    assert top(fresh("pytorch-156015-qwen3-mmbackward-nan")) == ("numerics", "nan-check-failed")
    assert top(fresh("diffusers-2758-rocm-torch-compile-nan-black")) == ("numerics", "nan-check-failed")
    quiet = [ln for ln in fresh("miopen-248-batchnorm-nan-check-numerics") if "nans=0" in ln or "Info [" in ln
             and "nans=" not in ln]
    assert quiet and top(quiet) == (None, None)


# ------------------------------------------------------------------ D. the driver's stack, a node's mode
def test_a_kernel_stack_in_amdgpu_is_the_driver_and_one_elsewhere_is_not_amdgpus():
    assert top(fresh("ollama-11651-zen-kernel-panic-dcn32")) == ("driver", "amdgpu-kernel-stack")
    assert top(["[ 5804.236961]  ? __kmalloc_noprof+0x25f/0x4e0", "[ 5804.239365]  ? ktime_get+0x38/0xd0"])[1] != \
        "amdgpu-kernel-stack"
    warn = "[  712.371044] WARNING: CPU: 5 PID: 2284 at drivers/gpu/drm/amd/amdgpu/amdgpu_ring.c:420 amdgpu_ring_fini+0x1c/0x30 [amdgpu]"
    assert top([warn]) == ("driver", "amdgpu-kernel-stack")


def test_a_device_node_only_root_may_open_is_permissions():
    assert top(fresh("roct-36-kfd-root-only-0600")) == ("permissions", "gpu-node-mode-root-only")
    healthy = ["crw-rw-rw- 1 root render 235,   0 Jan  2 10:00 /dev/kfd",
               "crw-rw----+ 1 root render 226, 128 Jan  2 10:00 /dev/dri/renderD128",
               "crw-rw----  1 root video  226,   0 Jan  2 10:00 /dev/dri/card0"]
    assert top(healthy) == (None, None)


# ------------------------------------------------------------------ E. NCCL's Last error
def test_the_last_error_line_outranks_the_nccl_class_line_and_shm_is_memory():
    # https://github.com/hiyouga/LlamaFactory/issues/7233
    assert top(fresh("lf-7233-3090x4-nccl-shm-segment")) == ("memory", "nccl-shm-full")
    alone = ["torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, unhandled system error "
             "(run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
             "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. "]
    assert top(alone)[0] == "distributed"  # without a Last error line, the class is what there is to say
    assert "nccl-system-error" in [d.signature.id for d in run(alone).diagnoses]


# ------------------------------------------------------------------ F. out of resources
def test_out_of_resources_by_number_and_in_a_container():
    # https://github.com/ROCm/ROCm-docker/issues/36: rocminfo as a non-root user in a container
    assert top(fresh("rocmdocker-36-rocminfo-nonroot-4104")) == ("containers", "in-container-device-access")
    host = [ln for ln in fresh("rocmdocker-36-rocminfo-nonroot-4104") if "@" not in ln]
    assert top(host) == ("runtime", "hsa-out-of-resources")
    assert top(fresh("rocmhip-3465-hsa-init-1008-guest-user"))[1] == "hsa-out-of-resources"


# ------------------------------------------------------------------ G. batch 7's classes
def test_a_native_allocation_failure_is_memory():
    assert top(fresh("comfyui-11544-strix-halo-bad-alloc")) == ("memory", "host-bad-alloc")
    other = ["terminate called after throwing an instance of 'c10::Error'", "  what():  HIP error: invalid argument"]
    assert top(other)[0] != "memory"


def test_an_application_saying_the_kernel_driver_is_not_loaded_is_the_driver():
    assert top(fresh("haos-3608-ollama-kfd-driver-not-loaded")) == ("driver", "amdgpu-driver-not-loaded")
    assert top(["amdgpu kernel module is not loaded"]) == ("driver", "amdgpu-driver-not-loaded")
    assert top(["[drm] amdgpu kernel modesetting enabled.", "[drm] amdgpu: 16368M of VRAM memory ready"]) == (None, None)


def test_migraphx_tracing_an_inf_output_is_numerics_and_normal_outputs_are_not():
    lines = fresh("migraphx-2555-fp16-unet-gemm-inf")
    assert top(lines) == ("numerics", "nan-check-failed")
    assert top([ln for ln in lines if "inf" not in ln and "nan" not in ln]) == (None, None)


def test_a_kubernetes_node_without_gpu_capacity_is_containers():
    assert top(fresh("k8sdp-148-wsl2-k3s-not-detected")) == ("containers", "k8s-node-no-amd-gpu")
    assert top(["NAME              GPU", "desktop-27f4uiq   8"]) == (None, None)


# ------------------------------------------------------------------ H. batch 8's classes
def test_a_tool_naming_the_groups_the_user_lacks_is_permissions():
    assert top(fresh("amdsmi-125-missing-render-video-groups")) == ("permissions", "user-missing-gpu-groups")
    assert top(["xeon is member of video group", "ROCk module is loaded"]) == (None, None)


def test_a_traceback_through_torchs_rendezvous_is_distributed_and_torchruns_wrapper_is_not():
    assert top(fresh("chinese-alpaca2-274-rdzv-timeout"))[0] == "distributed"
    wrapped = ["Traceback (most recent call last):",
               '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", '
               'line 346, in wrapper',
               "    return f(*args, **kwargs)",
               "ValueError: Unknown model type qwen3"]
    assert top(wrapped)[0] != "distributed"


def test_a_nan_counter_above_zero_is_numerics():
    assert top(fresh("exllamav2-510-wave64-nan-logits")) == ("numerics", "nan-check-failed")
    assert top(["logits nan: 0", "logits nan: 0"]) == (None, None)


def test_a_pod_asking_for_gpus_no_node_offers_is_containers():
    assert top(fresh("k8sdp-36-insufficient-gpu")) == ("containers", "k8s-amd-gpu-unschedulable")


def test_an_extension_that_does_not_match_torch_is_packages_even_when_logged_as_a_warning():
    assert top(fresh("vllm-17388-rocm-c-undefined-symbol")) == ("packages", "extension-undefined-symbol")


# ------------------------------------------------------------------ I. batch 9's classes
@pytest.mark.parametrize("name,want", [
    ("ort-22171-rocm-ep-not-available", ("packages", "gpu-provider-not-in-build")),
    ("migraphx-4313-ort-ep-unknown-warning-wnrvo", ("packages", "compiler-too-old-for-flags")),
    ("rocmxformers-71-wheel-module-not-initialized", ("packages", "hip-module-not-initialized")),
    ("dolly-111-3090-zero3-host-ram-95pct", ("memory", "host-ram-nearly-full")),
])
def test_batch9_classes(name, want):
    assert top(fresh(name)) == want


def test_the_same_reports_without_the_failure_are_not_flagged():
    assert top(["[INFO] [utils.py:840:see_memory_usage] CPU Virtual Memory:  used = 9.71 GB, percent = 35.3%"]) == \
        (None, None)
    assert top(["warning: unknown warning option '-Wnrvo' [-Wunknown-warning-option]"])[1] != "compiler-too-old-for-flags"


# ------------------------------------------------------------------ J. batch 10's classes
@pytest.mark.parametrize("name,want", [
    ("starcoder-ds-batch-assertion", ("deepspeed", "tb-deepspeed-runtime")),  # a Rich traceback through deepspeed
    ("instructerc-ds-micro-batch-zero", ("deepspeed", "deepspeed-batch-size-mismatch")),
    ("flash-attn-rocm-no-nvcc", ("packages", "build-wants-nvcc")),
    ("axolotl-ds-zero-exitcode-7", ("memory", "dataloader-shm-bus-error")),
    ("mi50-thunderbolt-amdgpu-not-initialized", ("driver", "amdgpu-driver-not-loaded")),
])
def test_batch10_classes(name, want):
    assert top(fresh(name)) == want


def test_a_rich_traceback_frame_is_read_whole_or_wrapped():
    from rocmdoctor.logs.structure import analyze

    lines = ["╭──────────── Traceback (most recent call last) ────────────╮",
             "│ /usr/lib/python3.10/site-packages/accelerate/accelerator.py:1202 in prepare │",
             "│ /opt/conda/lib/python3.7/site-packages/deepspeed/runtime/config.py: │",
             "│ 891 in _batch_assertion                                             │",
             "│ ❱ 891 │   │   assert train_batch == micro_batch * grad_acc           │",
             "╰────────────────────────────────────────────────────────────╯",
             "AssertionError: Check batch related parameters."]
    [tb] = analyze(lines).tracebacks
    assert [f.path for f in tb.frames] == ["/usr/lib/python3.10/site-packages/accelerate/accelerator.py",
                                           "/opt/conda/lib/python3.7/site-packages/deepspeed/runtime/config.py"]
    assert tb.frames[1].func == "_batch_assertion" and tb.kind == "AssertionError"


def test_a_rank_that_failed_otherwise_stays_torchruns():
    line = ("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: 94) of "
            "binary: /usr/bin/python3")
    assert top([line]) == ("distributed", "torchrun-rank-failed")
