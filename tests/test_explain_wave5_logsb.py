"""Wave-5 classes in the distributed, deepspeed, numerics and memory families, and the healthy
look-alikes that must stay unflagged. Each positive is a real line or excerpt (source URL beside
it, or the corpus file whose first line names it); each class has look-alikes that must not match.

A. A serving engine's KV cache that does not fit (vLLM's old and V1 wordings, its profiling lines).
B. The rendezvous store that cannot be reached (TCPStore connect timeouts, the elastic agent's wrapper).
C. RCCL/NCCL reporting a failed GPU runtime call; a send as well as a recv reset by the peer.
D. DeepSpeed: an op source that fails to compile, a JIT op that does not load, ZeRO-3 param status.
E. NaN found by a check (an assert on isnan, a per-layer flag printed True).
F. Healthy: a benchmark table with zero failures, an eval header, c10's stack header after a warning.
"""
from __future__ import annotations

import pytest

from rocmdoctor.knowledge.signatures import by_id
from rocmdoctor.knowledge.signatures.benign import is_benign
from rocmdoctor.logs.logscan.matcher import looks_like_error
from tests.explain_helpers import corpus_lines, run, top



def matches(sig_id: str, line: str) -> bool:
    return any(rx.search(line) for rx in by_id(sig_id).regexes)


# ------------------------------------------------------------------ A. KV cache
KV_TOO_SMALL = [
    # https://github.com/vllm-project/vllm/issues/10517
    "The model's max seq len (29000) is larger than the maximum number of tokens that can be stored in KV cache "
    "(23648). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
    # https://github.com/basalam/product-catalog-generator/issues/10 (no backticks, another vLLM version)
    "ValueError: The model's max seq len (4096) is larger than the maximum number of tokens that can be stored in "
    "KV cache (3664). Try increasing gpu_memory_utilization or decreasing max_model_len when initializing the engine.",
    # https://github.com/vllm-project/vllm/issues/10439 (docker compose prefix)
    "vllm-1  | ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory for the cache blocks. "
    "Try increasing `gpu_memory_utilization` when initializing the engine.",
    # https://github.com/vllm-project/vllm/issues/13882 (the profiling line says it before the traceback)
    "INFO 02-26 09:54:05 worker.py:267] model weights take 5.20GiB; non_torch_memory takes 0.03GiB; PyTorch "
    "activation peak memory takes 1.42GiB; the rest of the memory reserved for KV Cache is -1.05GiB.",
]
KV_HEALTHY = [
    # https://github.com/zai-org/GLM-V/issues/204
    "(EngineCore_DP0 pid=188893) INFO 10-21 09:11:57 [gpu_worker.py:298] Available KV cache memory: 16.23 GiB",
    "(EngineCore_DP0 pid=188893) INFO 10-21 09:11:57 [kv_cache_utils.py:1087] GPU KV cache size: 425,424 tokens",
    # https://github.com/vllm-project/vllm/issues/10517 (the 20k run that worked)
    "GPU blocks: 1952, # CPU blocks: 2048",
]


@pytest.mark.parametrize("line", KV_TOO_SMALL)
def test_kv_cache_too_small_is_memory(line):
    assert top([line]) == ("memory", "kv-cache-too-small")


@pytest.mark.parametrize("line", KV_HEALTHY)
def test_kv_cache_sizes_of_a_working_engine_are_not_failures(line):
    assert not matches("kv-cache-too-small", line)
    assert top([line]) == (None, None)


def test_vllm_engine_excerpts_from_the_corpus():
    assert top(corpus_lines("vllm-13882-kv-cache-negative-zero-blocks"))[0] == "memory"
    assert top(corpus_lines("vllm-10439-no-memory-for-cache-blocks"))[0] == "memory"
    assert run(corpus_lines("glmv-204-vllm-kv-cache-startup-healthy")).exit_code() == 0


# ------------------------------------------------------------------ B. rendezvous store
STORE_UNREACHABLE = [
    # https://github.com/pytorch/pytorch/issues/69197
    "RuntimeError: connect() timed out. Original timeout was 60000 ms.",
    # https://github.com/pytorch/pytorch/issues/64926 (the elastic agent's JSON error record)
    '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",',
    "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. "
    "See inner exception for details.",
]


@pytest.mark.parametrize("line", STORE_UNREACHABLE)
def test_rendezvous_store_unreachable_is_distributed(line):
    assert top([line]) == ("distributed", "dist-store-timeout")


def test_rendezvous_shutdown_warning_is_not_a_store_failure():
    # https://github.com/kubeflow/trainer/issues/2041: also printed at the end of runs that worked.
    line = ("WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'elastic-example-imagenet-worker-1_17_0' "
            "has failed to shutdown the rendezvous 'none' due to an error of type RendezvousConnectionError.")
    assert not matches("dist-store-timeout", line)


# ------------------------------------------------------------------ C. RCCL/NCCL device calls, peers
def test_nccl_device_call_failure_is_distributed_and_oom_stays_memory():
    # https://github.com/NVIDIA/nccl/issues/957
    line = ("Fri Aug 11 12:31:45 2023[1,0]<stdout>:tomte401:1850301:1881341 [0] transport.cc:154 NCCL WARN Cuda failure "
            "'invalid argument'")
    assert top([line]) == ("distributed", "nccl-device-call-failed")
    assert matches("nccl-device-call-failed", "transport/p2p.cc:275 NCCL WARN Cuda failure 101 'invalid device ordinal'")
    # https://github.com/NVIDIA/nccl/issues/1235
    oom = "ng30903:3063028:3066152 [3] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'"
    assert not matches("nccl-device-call-failed", oom)
    assert top([oom]) == ("memory", "nccl-cuda-oom")


def test_a_send_reset_by_the_peer_is_the_peer_closing():
    # https://github.com/NVIDIA/nccl/issues/1920
    line = ("gpu-server320 [5] misc/socket.cc:46 NCCL WARN socketProgressOpt: Call to send to 10.44.137.149<52905> failed : "
            "Connection reset by peer")
    assert matches("nccl-peer-closed", line)
    assert not matches("nccl-peer-closed", "NCCL INFO Call to connect returned Connection refused, retrying")


# ------------------------------------------------------------------ D. DeepSpeed
def test_deepspeed_op_source_that_fails_to_compile_is_deepspeed():
    # https://github.com/deepspeedai/DeepSpeed/issues/7565: the error names a HIP API, the source is DeepSpeed's.
    line = ("deepspeed/inference/v2/kernels/core_ops/hip_linear/linear_kernels_hip.hip:50:5: error: no matching "
            "function for call to 'hipFuncSetAttribute'")
    assert top([line]) == ("deepspeed", "deepspeed-op-compile-failed")
    # ninja's failure line of a JIT op (https://github.com/deepspeedai/DeepSpeed/issues/3548)
    assert top(corpus_lines("ds-3548-transformer-inference-pt-binding-failed"))[0] == "deepspeed"


@pytest.mark.parametrize("line", [
    # a warning in a DeepSpeed header, a note, another package's ninja object, a HIP header's own error
    "csrc/includes/gemm_test_hip.h:312:13: warning: ignoring return value of function declared with 'nodiscard' attribute",
    "csrc/quantization/dequantize.hip:25:25: note: expanded from macro 'LAUNCH_DEQUANT_KERNEL'",
    "FAILED: /tmp/pip-install/build/temp.linux-x86_64-cpython-310/csrc/flash_attn/flash_api.o",
    "/opt/rocm-5.7.1/include/hip/amd_detail/amd_hip_cooperative_groups.h:814:9: error: type 'impl::thread_block_tile_internal"
    "<64U, void>' is not a direct or virtual base of 'cooperative_groups::thread_block_tile<64>'",
])
def test_deepspeed_compile_look_alikes(line):
    assert not matches("deepspeed-op-compile-failed", line)


def test_jit_op_that_does_not_load_is_deepspeed_not_packages():
    # https://github.com/deepspeedai/DeepSpeed/issues/5723: the structural reading said "packages" (ImportError).
    assert top(corpus_lines("ds-5723-cpu-adam-so-missing")) == ("deepspeed", "deepspeed-jit-op-load-failed")
    assert not matches("deepspeed-jit-op-load-failed",
                       "ImportError: libcudart.so.12: cannot open shared object file: No such file or directory")


def test_zero3_param_not_available_is_deepspeed():
    # https://github.com/QwenLM/Qwen-VL/issues/103
    assert top(corpus_lines("qwenvl-103-zero3-param-not-available")) == ("deepspeed", "deepspeed-zero3-param-unavailable")
    assert not matches("deepspeed-zero3-param-unavailable",
                       "    assert param.ds_status == ZeroParamStatus.AVAILABLE, param.ds_summary()")


# ------------------------------------------------------------------ E. NaN found by a check
def test_nan_found_by_a_check_is_numerics():
    # https://github.com/layer6ai-labs/CMLMC/issues/3
    assert top(corpus_lines("cmlmc-3-isnan-assert"))[0] == "numerics"
    # https://github.com/unslothai/unsloth/issues/3385 (bf16 NaN without a loss line)
    assert top(corpus_lines("unsloth-3385-gfx1151-gemma3-bf16-nan", "fresh/logs"))[0] == "numerics"


@pytest.mark.parametrize("line", ["layer_0_nan: False dtype: torch.bfloat16 shape: (2, 3, 2560)",
                                  "nan_to_num: True", "allow_nan: True", "if torch.isnan(loss): continue"])
def test_nan_check_look_alikes(line):
    assert not matches("nan-check-failed", line)


# ------------------------------------------------------------------ F. healthy look-alikes
def test_benchmark_table_with_zero_failures_is_healthy():
    # https://github.com/vllm-project/vllm/pull/27776
    assert run(corpus_lines("vllm-27776-rdna3-vit-fa-bench-healthy", "fresh/logs")).exit_code() == 0
    assert is_benign("| Failed requests                   |    0      |")
    assert not is_benign("| Failed requests                   |    3      |")
    assert looks_like_error("| Failed requests | 3 |")


def test_eval_header_is_not_an_error():
    # https://github.com/pytorch/pytorch/issues/100795 (the PyTorch quickstart's output)
    assert run(corpus_lines("pytorch-100795-rx6900xt-quickstart-healthy", "fresh/logs")).exit_code() == 0
    assert not looks_like_error("Test Error: ")
    assert looks_like_error("Test Error: CUDA device-side assert triggered")


def test_c10_stack_after_a_warning_is_healthy_and_after_an_error_still_fails():
    # https://github.com/meta-pytorch/torchcomms/pull/2358: a [W...] TCPStore retry, then the run went on.
    assert run(corpus_lines("torchcomms-2358-tcpstore-transient-warning-healthy")).exit_code() == 0
    # the same stack under an error line keeps the error (https://github.com/instructlab/training/pull/520)
    assert top(corpus_lines("instructlab-520-watchdog-timeout-terminate"))[0] == "distributed"


# ------------------------------------------------------------------ G. the self-check batch's classes
def test_host_allocator_failure_is_memory():
    # https://github.com/lllyasviel/Fooocus/issues/237 (Windows wording) and
    # https://github.com/NeverGiveU/CartoonGAN-pytorch/issues/1 (Linux, errno 12)
    assert top(corpus_lines("fooocus-237-cpu-allocator-windows")) == ("memory", "host-alloc-failed")
    assert top(corpus_lines("cartoongan-1-cpu-allocator-errno12")) == ("memory", "host-alloc-failed")
    # RDMA registration running out of locked memory is the network's problem, not host RAM
    ibv = "node1:123:456 [0] NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory"
    assert not matches("host-alloc-failed", ibv)


def test_deepspeed_batch_assertion_is_deepspeed_and_names_world_size_one():
    # https://github.com/OpenGVLab/InternImage/issues/111
    expl = run(corpus_lines("internimage-111-ds-batch-assert"))
    d = next(d for d in expl.diagnoses if d.is_problem)
    assert d.signature.id == "deepspeed-batch-size-mismatch"
    assert d.signature.causes[0].holds({"world": "1"}) and not d.signature.causes[0].holds({"world": "8"})
    assert not matches("deepspeed-batch-size-mismatch", "assert train_batch == micro_batch * grad_acc * self.world_size, (")


def test_launcher_that_cannot_ssh_is_distributed_not_an_op_build():
    # https://github.com/deepspeedai/DeepSpeed/issues/4907: frames in deepspeed/launcher read as an op build before
    assert top(corpus_lines("ds-4907-multinode-ssh-check-255")) == ("distributed", "launcher-ssh-unreachable")
    assert top(corpus_lines("eva-3-ssh-no-route-to-host"))[0] == "distributed"
    assert not matches("launcher-ssh-unreachable",
                       "subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.")


def test_sglang_and_ollama_memory_wordings_are_memory():
    # https://github.com/sgl-project/sglang/issues/7691 (MI300X: the profiled KV token count is negative)
    assert top(corpus_lines("sglang-7691-mi300x-profiled-kv-tokens-negative")) == ("memory", "kv-cache-too-small")
    assert not matches("kv-cache-too-small",
                       "max_total_tokens=131072 is larger than the profiled value 92000. Use the profiled value instead.")
    # https://github.com/ollama/ollama/issues/10920
    assert top(corpus_lines("ollama-10920-requires-more-system-memory")) == ("memory", "model-exceeds-system-memory")


def test_duplicate_gpu_names_the_rank_binding_and_no_interface_names_ifname():
    # https://github.com/verl-project/verl/issues/161 and https://github.com/horovod/horovod/issues/3929
    assert top(corpus_lines("verl-161-duplicate-gpu-invalid-usage")) == ("distributed", "nccl-duplicate-gpu")
    assert top(corpus_lines("horovod-3929-duplicate-gpu-warn")) == ("distributed", "nccl-duplicate-gpu")
    # https://github.com/NVIDIA/nccl/issues/210
    assert top(corpus_lines("nccl-210-socket-creation-address-family")) == ("distributed", "nccl-no-socket-interface")
    assert not matches("nccl-no-socket-interface", "node1:12345:12345 [0] NCCL INFO NET/Socket : 1 interfaces found")
    # NCCL 2.2's connect failure (https://github.com/NVIDIA/nccl-tests/issues/15)
    assert top(corpus_lines("nccltests-15-old-connect-timed-out")) == ("distributed", "nccl-socket-connect")


def test_zero_loss_with_zero_gradient_is_numerics():
    # https://github.com/huggingface/accelerate/issues/3043 (RX 7900: loss 0.0 and grad_norm 0.0 from the start)
    assert top(corpus_lines("accelerate-3043-7900-loss-zero-grad-norm-zero")) == ("numerics", "loss-and-grad-norm-zero")
    assert not matches("loss-and-grad-norm-zero", "{'loss': 0.0012, 'grad_norm': 0.0, 'learning_rate': 1e-05, 'epoch': 3.0}")
    assert not matches("loss-and-grad-norm-zero", "{'loss': 0.0, 'grad_norm': 0.0421, 'learning_rate': 1e-05, 'epoch': 3.0}")
