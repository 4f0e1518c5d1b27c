"""Log signatures: DeepSpeed's op builders, ds_report and launcher.

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="deepspeed-dskernels", family="deepspeed", title="No module named 'dskernels'",
        severity="fatal", tier=SETUP,
        patterns=("No module named '?dskernels'?",),
        needles=("dskernels",),
        meaning="DS_BUILD_OPS=1 tried to build the CUTLASS/inference-v2 ops that need NVIDIA-only dskernels.",
        causes=(
            C(text="DS_BUILD_OPS=1 turns on ops that cannot build on ROCm", check="RD-DS-005", fix="export DS_BUILD_CUTLASS_OPS=0 DS_BUILD_RAGGED_DEVICE_OPS=0 (or build only the ops you need)"),
            C(text="DS_BUILD_* names that are not real op builders", check="RD-DS-007"),
        ),
        fix=("Build only the training ops: DS_BUILD_CPU_ADAM=1 DS_BUILD_FUSED_ADAM=1, with CUTLASS and ragged "
             "ops off."),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/4669",),
        examples=("ModuleNotFoundError: No module named 'dskernels'",),
    ),
    S(
        id="deepspeed-ninja-failed", family="deepspeed", title="JIT op build failed (ninja)",
        severity="fatal", tier=SETUP,
        patterns=(
            "ninja: build stopped: subcommand failed",
            r"Error building extension '(?P<ext>\w{1,64})'",
            r"CalledProcessError: Command '\['ninja', '-v'\]' returned non-zero exit status",
        ),
        needles=(
            "ninja: build stopped",
            "error building extension",
            "'ninja', '-v'",
        ),
        meaning=("DeepSpeed (or torch.utils.cpp_extension) could not compile an op; the first `error:` above says "
                 "why."),
        causes=(
            C(text="hipcc/ROCM_HOME missing or CUDA-only flags on ROCm", check="RD-DS-002"),
            C(text="prebuilt ops do not match this torch/HIP", check="RD-DS-003"),
            C(text="CUDA-only checks run on the ROCm torch", check="RD-DS-004"),
            C(text="missing headers or libraries (libaio-dev for async_io, Python headers)", check="RD-DS-002", fix="apt install libaio-dev python3-dev"),
        ),
        fix="Read the first compiler error above; install what it names or disable that op's DS_BUILD_*.",
        sources=(
            "https://github.com/deepspeedai/DeepSpeed/issues/4513",
            "https://github.com/deepspeedai/DeepSpeed/issues/4889",
            "https://github.com/deepspeedai/DeepSpeed/issues/6600",
            "https://github.com/deepspeedai/DeepSpeed/issues/5274",
        ),
        examples=(
            "ninja: build stopped: subcommand failed.",
            "[rank0]: subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",
            "RuntimeError: Error building extension 'cpu_adam'",
        ),
    ),
    S(
        id="deepspeed-cuda-home", family="deepspeed", title="DeepSpeed looks for CUDA on a ROCm machine",
        severity="fatal", tier=SETUP,
        patterns=(
            "CUDA_HOME does not exist, unable to compile CUDA op",
            r"'cuda_runtime_api\.h' file not found",
            "MissingCUDAException",
        ),
        needles=(
            "cuda_home does not exist",
            "cuda_runtime_api.h",
            "missingcudaexception",
        ),
        meaning="A DeepSpeed op builder ran its CUDA-only path on the ROCm torch.",
        causes=(
            C(text="DeepSpeed runs CUDA-only checks on this ROCm torch", check="RD-DS-004", fix="upgrade DeepSpeed"),
            C(text="a CUDA torch is installed on the AMD machine", check="RD-TORCH-001"),
        ),
        fix="Upgrade DeepSpeed (ROCm fixes landed in 0.14-0.16) and make sure torch is a ROCm build.",
        sources=(
            "https://github.com/deepspeedai/DeepSpeed/issues/3091",
            "https://github.com/deepspeedai/DeepSpeed/issues/3304",
        ),
        examples=("deepspeed.ops.op_builder.builder.MissingCUDAException: CUDA_HOME does not exist, unable to compile CUDA op(s)",),
    ),
    S(
        id="deepspeed-torch-cuda-none", family="deepspeed", title="DeepSpeed crashes on torch.version.cuda being None",
        severity="fatal", tier=SETUP,
        patterns=(
            "'NoneType' object has no attribute 'split'",
            r"torch\.version\.cuda\.split",
        ),
        needles=(
            "nonetype' object has no attribute 'split",
            "torch.version.cuda.split",
        ),
        meaning="DeepSpeed's op builder read torch.version.cuda, which is None on ROCm torch.",
        causes=(C(text="DeepSpeed older than the fix (PR #6909)", check="RD-DS-004", fix="pip install -U deepspeed"),),
        fix="Upgrade DeepSpeed.",
        sources=(
            "https://github.com/deepspeedai/DeepSpeed/pull/6909",
            "https://github.com/deepspeedai/DeepSpeed/issues/5274",
        ),
        examples=("AttributeError: 'NoneType' object has no attribute 'split'",),
        near_misses=("AttributeError: 'NoneType' object has no attribute 'shape'",),
    ),
    S(
        id="deepspeed-nonetype-len", family="deepspeed", title="DeepSpeed op builder returned None for the CUDA flag",
        severity="fatal", tier=SETUP,
        patterns=(r"object of type 'NoneType' has no len\(\)",),
        needles=("has no len()",),
        meaning="DeepSpeed's cxx_args got None from get_cuda_compile_flag on ROCm.",
        causes=(C(text="DeepSpeed with the get_cuda_compile_flag regression (PR #7521)", check="RD-DS-004", fix="pip install -U deepspeed"),),
        fix="Upgrade DeepSpeed.",
        sources=("https://github.com/deepspeedai/DeepSpeed/pull/7521",),
        examples=("TypeError: object of type 'NoneType' has no len()",),
    ),
    S(
        id="deepspeed-rocm-version", family="deepspeed", title="DeepSpeed cannot find the ROCm version",
        severity="fatal", tier=SETUP,
        patterns=(
            r"No such file or directory: '\S{0,64}/\.info/version-dev'",
            "Could not detect ROCm version",
        ),
        needles=(
            "version-dev",
            "could not detect rocm version",
        ),
        meaning=("DeepSpeed reads ROCM_HOME/.info/version-dev or parses 'rocm' from torch.__version__; neither "
                 "worked."),
        causes=(
            C(text="ROCm is not under /opt/rocm (distro or pip ROCm), ROCM_HOME unset", check="RD-ROCM-001", fix="export ROCM_HOME to the ROCm root"),
            C(text="a vendor torch whose version string has no 'rocm' (Hygon DTK)", check="RD-TORCH-003"),
        ),
        fix="Set ROCM_HOME to the ROCm install; upgrade DeepSpeed.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/2080",),
        examples=("FileNotFoundError: [Errno 2] No such file or directory: '/opt/rocm/.info/version-dev'",),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="deepspeed-hipify-kwarg", family="deepspeed", title="DeepSpeed's hipify call does not match this torch",
        severity="fatal", tier=SETUP,
        patterns=(r"hipify\(\) got an unexpected keyword argument '(?P<arg>\w{1,64})'",),
        needles=("hipify() got an unexpected keyword",),
        meaning="DeepSpeed's op builder calls torch's hipify with an argument this torch does not have: versions out of step.",
        causes=(
            C(text="prebuilt DeepSpeed ops or its build expect another torch", check="RD-DS-003"),
            C(text="which ROCm torch build this is (vendor builds carry their own hipify)", check="RD-TORCH-003"),
        ),
        fix="Use a DeepSpeed release made for this torch version (or a torch that has the argument).",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/1816",),
        examples=("TypeError: hipify() got an unexpected keyword argument 'hipify_extra_files_only'",),
    ),
    S(
        id="deepspeed-install-failed", family="deepspeed", title="DeepSpeed's install script failed",
        severity="fatal", tier=SETUP,
        patterns=(r"Fail(?:ed)? to install deepspeed",),
        needles=("to install deepspeed",),
        meaning="install.sh stopped while building DeepSpeed; the traceback above names the op builder that failed.",
        causes=(
            C(text="DS_BUILD_OPS=1 switches on ops that cannot build on ROCm", check="RD-DS-005"),
            C(text="DeepSpeed runs CUDA-only checks on the ROCm torch", check="RD-DS-004"),
        ),
        fix="Build only the ops ROCm supports (DS_BUILD_FUSED_ADAM=1 ...), not DS_BUILD_OPS=1.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/3091",),
        examples=("Fail to install deepspeed",),
    ),
    S(
        id="deepspeed-not-installed", family="deepspeed", title="DeepSpeed is not importable",
        severity="fatal", tier=SETUP,
        patterns=(r"DeepSpeed is not installed => run `pip3? install deepspeed`",),
        needles=("deepspeed is not installed",),
        meaning="The framework (accelerate/transformers) could not import DeepSpeed: missing, or its import failed.",
        causes=(
            C(text="DeepSpeed does not import or its op builders fail", check="RD-DS-001"),
            C(text="DeepSpeed runs CUDA-only checks on the ROCm torch at import", check="RD-DS-004"),
        ),
        fix="`python -c 'import deepspeed'` shows the real error; install DeepSpeed for this torch.",
        sources=("https://github.com/lqtrung1998/mwp_ReFT/issues/36",),
        examples=("ImportError: DeepSpeed is not installed => run `pip3 install deepspeed` or build it from source.",),
    ),
    S(
        id="deepspeed-op-module-broken", family="deepspeed", title="A prebuilt DeepSpeed op does not load",
        severity="fatal", tier=SETUP,
        patterns=(r"dynamic module does not define module export function \(PyInit_(?P<op>\w{1,64})\)",),
        needles=("does not define module export function",),
        meaning="An op built into the DeepSpeed wheel (DS_BUILD_*) does not match this Python/torch.",
        causes=(C(text="prebuilt DeepSpeed ops do not match the installed torch and HIP", check="RD-DS-003"),),
        fix="Rebuild DeepSpeed against this torch, or let the ops JIT-build (no DS_BUILD_* at install).",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/949",),
        examples=("ImportError: dynamic module does not define module export function (PyInit_transformer_op)",),
    ),
    # ---------------------------------------------------------------- wave 5: DeepSpeed's op builds by their paths
    S(
        id="deepspeed-op-compile-failed", family="deepspeed", title="A DeepSpeed op failed to compile",
        severity="fatal", tier=SETUP,
        # Keyed on where DeepSpeed's op sources live (csrc/<op dir> in the repo and in the wheel's
        # deepspeed/ops/csrc, deepspeed/inference/v2/kernels), not on the compiler's words: a HIP header
        # named in the error does not make it a runtime problem. Ninja's "FAILED: <object>" of such a
        # source, or of a JIT build (a bare object name in the torch extension directory), says the same.
        patterns=(
            r"(?:^|[\s/])(?:csrc/(?:adam|adagrad|aio|cpu|common|deepspeed4science|fp_quantizer|gds|includes|lamb|lion|"
            r"quantization|random_ltd|sparse_attention|spatial|transformer|utils|xpu)|deepspeed/(?:ops/csrc|inference/v2/kernels))"
            r"/\S{1,200}:\d{1,6}:\d{1,4}: (?:fatal )?error:",
            r"^FAILED: (?:\S{0,300}/)?(?:csrc/(?:adam|adagrad|aio|cpu|common|deepspeed4science|fp_quantizer|gds|includes|lamb|"
            r"lion|quantization|random_ltd|sparse_attention|spatial|transformer|utils|xpu)|deepspeed/(?:ops/csrc|inference/v2/kernels))"
            r"/\S{1,200}\.o\b",
            # ninja echoes the failing command after "FAILED: <object>" without its "[n/m]" progress prefix: a
            # JIT op's compile command (torch names the op in TORCH_EXTENSION_NAME) on DeepSpeed's sources.
            r"^(?:\S{0,200}/)?(?:c\+\+|g\+\+|gcc|hipcc|nvcc|clang\+\+|amdclang\+\+) .{0,300}?-DTORCH_EXTENSION_NAME=\w{1,64} "
            r".{0,800}?(?:deepspeed/ops/csrc|deepspeed/inference/v2/kernels)/",
        ),
        needles=("error:", "failed: ", "torch_extension_name="),
        meaning=("The compiler stopped on one of DeepSpeed's C++/HIP op sources (prebuilt with DS_BUILD_* or "
                 "JIT-built on first use): the op's code does not build with this ROCm, torch or GPU target."),
        causes=(
            C(text="this op does not build on ROCm (or on this ROCm version): only some ops do", check="RD-DS-005",
              fix="build only the ops ROCm supports (DS_BUILD_FUSED_ADAM=1 DS_BUILD_CPU_ADAM=1 ...), not DS_BUILD_OPS=1"),
            C(text="hipcc/ROCM_HOME, headers or PYTORCH_ROCM_ARCH wrong for the op build", check="RD-DS-002"),
            C(text="DeepSpeed is older or newer than this ROCm's HIP headers support", check="RD-DS-003"),
        ),
        fix="Read the first `error:` of the op; disable that op's DS_BUILD_* or use a DeepSpeed release that builds it on this ROCm.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/7565", "https://github.com/deepspeedai/DeepSpeed/issues/3548",
                 "https://github.com/deepspeedai/DeepSpeed/issues/4552"),
        examples=(
            "deepspeed/inference/v2/kernels/core_ops/hip_linear/linear_kernels_hip.hip:50:5: error: no matching function for call to 'hipFuncSetAttribute'",
            "c++ -MMD -MF pt_binding_hip.o.d -DTORCH_EXTENSION_NAME=transformer_inference -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\\"_gcc\\\" -DPYBIND11_STDLIB=\\\"_libstdcpp\\\" -DPYBIND11_BUILD_ABI=\\\"_cxxabi1011\\\" -I/proj/deepspeed_env/lib/python3.7/site-packages/deepspeed/ops/csrc/transformer/inference/includes -I/proj/deepspeed_env/lib/python3.7/site-packages/deepspeed/ops/csrc/includes -isystem /proj/deepspeed_env/lib/python3.7/site-packages/torch/include -isystem /proj/deepspeed_env/lib/python3.7/site-packages/torch/include/torch/csrc/api/include -isystem /proj/deepspeed_env/lib/python3.7/site-packages/torch/include/TH -isystem /proj/deepspeed_env/lib/python3.7/site-packages/torch/include/THC -isystem /proj/deepspeed_env/lib/python3.7/site-packages/torch/include/THH -isystem /opt/rocm-5.4.2/include -isystem /opt/rocm-5.4.2/miopen/include -isystem /opt/rocm-5.4.2/hip/include -isystem /proj/deepspeed_env/include/python3.7m -D_GLIBCXX_USE_CXX11_ABI=0 -fPIC -std=c++14 -O3 -std=c++14 -g ",
        ),
        near_misses=(
            "/opt/rocm-5.7.1/include/hip/amd_detail/amd_hip_cooperative_groups.h:814:9: error: type 'impl::thread_block_tile_internal<64U, void>' is not a direct or virtual base of 'cooperative_groups::thread_block_tile<64>'",
            "csrc/includes/gemm_test_hip.h:312:13: warning: ignoring return value of function declared with 'nodiscard' attribute [-Wunused-result]",
            "FAILED: /tmp/pip-install/build/temp.linux-x86_64-cpython-310/csrc/flash_attn/flash_api.o",
            "csrc/quantization/dequantize.hip:25:25: note: expanded from macro 'LAUNCH_DEQUANT_KERNEL'",
            # the same command in a build that works: ninja's progress prefix (https://github.com/deepspeedai/DeepSpeed/issues/5474)
            "[1/5] /opt/rocm/bin/hipcc  -DWITH_HIP -DTORCH_EXTENSION_NAME=transformer_inference -DTORCH_API_INCLUDE_EXTENSION_H -DPYBIND11_COMPILER_TYPE=\\\"_gcc\\\" -DPYBIND11_STDLIB=\\\"_libstdcpp\\\" -DPYBIND11_BUILD_ABI=\\\"_cxxabi1011\\\" -I/home/nexus/.conda/envs/xtts/lib/python3.11/site-packages/deepspeed/ops/csrc/transformer/inference/includes",
            # another package's JIT op (https://github.com/turboderp/exllama/pull/7)
            "FAILED: column_remap.cuda.o",
        ),
    ),
    # ---------------------------------------------------------------- wave 5: DeepSpeed's JIT ops and ZeRO at run time
    S(
        id="deepspeed-jit-op-load-failed", family="deepspeed", title="A JIT-built DeepSpeed op could not be loaded",
        severity="fatal", tier=SETUP,
        # torch's JIT extension cache (~/.cache/torch_extensions/<py>_<cuda|rocm|cpu>/<op>/<op>.so): the build
        # failed (no .so) or built against another torch/runtime (undefined symbol). DeepSpeedCPUAdam's
        # __del__ then fails too: its op handle was never set.
        patterns=(r"ImportError: \S{0,300}/torch_extensions/\S{1,300}\.so: (?:cannot open shared object file|undefined symbol)",
                  r"'DeepSpeed\w{0,40}' object has no attribute 'ds_opt_\w{1,20}'"),
        needles=("torch_extensions/", "has no attribute 'ds_opt_"),
        meaning=("DeepSpeed builds its ops on first use into torch's extension cache; the op's library is missing "
                 "(its build failed earlier in the log, or in another rank) or does not match this torch."),
        causes=(
            C(text="the training ops cannot be JIT-built here (ninja, hipcc, headers)", check="RD-DS-002"),
            C(text="a stale extension cache built for another torch or CUDA/ROCm version", check="RD-DS-003",
              fix="remove ~/.cache/torch_extensions (or set TORCH_EXTENSIONS_DIR) and rebuild"),
            C(text="DeepSpeed runs CUDA-only checks on the ROCm torch", check="RD-DS-004"),
        ),
        fix=("Find the op's build error above (or run `python -c 'import deepspeed; "
             "deepspeed.ops.adam.cpu_adam.CPUAdamBuilder().load()'`); clear the extension cache and rebuild."),
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/5723", "https://github.com/deepspeedai/DeepSpeed/issues/5677",
                 "https://github.com/deepspeedai/DeepSpeed/issues/4532"),
        examples=("[rank1]: ImportError: /home/nlp/.cache/torch_extensions/py310_cu121/cpu_adam/cpu_adam.so: cannot open shared object file: No such file or directory",
                  "AttributeError: 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'"),
        near_misses=("ImportError: libcudart.so.12: cannot open shared object file: No such file or directory",
                     "AttributeError: 'DeepSpeedEngine' object has no attribute 'module_name'"),
    ),
    S(
        id="deepspeed-zero3-param-unavailable", family="deepspeed", title="ZeRO-3 found a parameter that was not gathered",
        severity="fatal", tier=SETUP,
        # partitioned_param_coordinator's assert prints the parameter's ds_summary() dict.
        patterns=(r"AssertionError\W{0,8}\{'id': \d{1,9}, 'status': '(?:NOT_AVAILABLE|INFLIGHT)'",
                  r"ds_status == ZeroParamStatus\.AVAILABLE, param\.ds_summary\(\)\s{0,4}AssertionError"),
        needles=("'status': 'not_available'", "'status': 'inflight'", "zeroparamstatus.available"),
        meaning=("ZeRO-3 partitions every parameter and gathers it around each module's forward; a module ran "
                 "(or its weights were read) while its parameters were still partitioned or in flight."),
        causes=(
            C(text="model code touches parameters outside the module that owns them (shared/tied weights, "
                   "generate or eval inside training), which ZeRO-3's hooks do not see"),
            C(text="DeepSpeed and transformers/accelerate versions that do not work together", check="RD-PIN-002"),
        ),
        fix=("Use ZeRO-2 for this model or wrap the access in deepspeed.zero.GatheredParameters; align the "
             "DeepSpeed/transformers versions."),
        sources=("https://github.com/QwenLM/Qwen-VL/issues/103", "https://github.com/deepspeedai/DeepSpeed/issues/4194",
                 "https://github.com/deepspeedai/DeepSpeed/issues/5381"),
        examples=("assert param.ds_status == ZeroParamStatus.AVAILABLE, param.ds_summary()AssertionError",
                  "AssertionError: {'id': 853, 'status': 'NOT_AVAILABLE', 'numel': 0, 'ds_numel': 0, 'shape': (0,), 'ds_shape': (0,), 'requires_grad': True}"),
        near_misses=("    assert param.ds_status == ZeroParamStatus.AVAILABLE, param.ds_summary()",),
    ),
    S(
        id="deepspeed-batch-size-mismatch", family="deepspeed", title="DeepSpeed's batch sizes do not multiply up",
        severity="fatal", tier=SETUP,
        # deepspeed/runtime/config.py _batch_assertion: train_batch_size != micro_batch * grad_acc * world_size,
        # with the numbers it saw (older releases print no space before them).
        patterns=(r"train_batch_size is not equal to micro_batch_per_gpu \* gradient_acc_step \* world_size ?"
                  r"(?P<train>\d{1,9}) != (?P<micro>\d{1,9}) \* (?P<acc>\d{1,9}) \* (?P<world>\d{1,9})",
                  # the same function's asserts that each size is positive (a micro batch of 0 from integer division)
                  r"(?P<what>Micro batch size per gpu|Train batch size|Gradient accumulation steps): -?\d{1,9} has to be "
                  r"greater than 0"),
        needles=("train_batch_size is not equal to", "has to be greater than 0"),
        meaning=("DeepSpeed requires train_batch_size = micro batch per GPU x gradient accumulation x world size; "
                 "the config's numbers and the world size DeepSpeed sees disagree."),
        causes=(
            C(text="the world size DeepSpeed sees is 1: the script was started with python, not torchrun/deepspeed/accelerate",
              when=("world", "<=", 1)),
            C(text="train_batch_size or gradient_accumulation_steps fixed in the DeepSpeed config instead of \"auto\" "
                   "(with HF Trainer / accelerate the trainer's arguments should fill them)"),
            C(text="a different number of GPUs than the config was written for"),
        ),
        fix='Set the batch fields to "auto" (HF/accelerate) or make train_batch_size = micro x accumulation x GPUs; launch with torchrun or deepspeed.',
        sources=("https://github.com/OpenGVLab/InternImage/issues/111", "https://github.com/deepspeedai/DeepSpeed/issues/6914",
                 "https://github.com/deepspeedai/DeepSpeed/pull/1734"),
        examples=("AssertionError: Micro batch size per gpu: 0 has to be greater than 0",
                  "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 4096 != 128 * 4 * 1",
                  "[rank0]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 8 != 2 * 1 * 1 "),
        near_misses=("assert train_batch == micro_batch * grad_acc * self.world_size, (",),
    ),
    S(
        # One side of the mismatch is a tensor of size 0: under ZeRO-3 a parameter outside its gather is an
        # empty placeholder (shape [0]); the trace need not name DeepSpeed (Lightning, accelerate, a model's
        # own forward). Two non-zero sizes are an ordinary shape bug and stay unmatched (near misses).
        id="zero3-partitioned-param-size-zero", family="deepspeed",
        title="A ZeRO-3 partitioned (size-0) parameter was used outside its gather",
        severity="fatal", tier=SETUP,
        patterns=(
            r"The size of tensor a \(0\) must match the size of tensor b \([1-9]\d{0,12}\)",
            r"The size of tensor a \([1-9]\d{0,12}\) must match the size of tensor b \(0\)",
        ),
        needles=("the size of tensor a (",),
        meaning=("A tensor of size 0 met a full-size one. With ZeRO stage 3 every parameter that is not being "
                 "gathered is an empty placeholder, so code that reads a parameter (a custom forward or backward "
                 "hook, a tied or frozen weight, a zero-element layer) outside DeepSpeed's gather sees size 0."),
        causes=(
            C(text="ZeRO-3 (often with offload_param) on a model whose code touches parameters outside the gather",
              check="RD-DS-006", fix="use ZeRO stage 2 for this model, or wrap the access in deepspeed.zero.GatheredParameters"),
            C(text="a DeepSpeed release with the zero-element parameter bug (deepspeed PR #8375, #8467)", fix="upgrade DeepSpeed"),
        ),
        fix=("Run the same job with ZeRO stage 2: if it trains, the model reads a partitioned parameter; gather it "
             "(deepspeed.zero.GatheredParameters) or keep stage 2."),
        sources=(
            "https://github.com/Lightning-AI/pytorch-lightning/issues/17605",
            "https://github.com/huggingface/open-r1/issues/692",
            "https://github.com/deepspeedai/DeepSpeed/pull/8375",
        ),
        examples=(
            "RuntimeError: The size of tensor a (0) must match the size of tensor b (320) at",
            "RuntimeError: The size of tensor a (0) must match the size of tensor b (5120) at non-singleton dimension 1",
        ),
        near_misses=(
            # ordinary shape bugs (DeepSpeedExamples#643; unlock-deepseek#40: a max_seq_length setting)
            "RuntimeError: The size of tensor a (768) must match the size of tensor b (3072) at non-singleton dimension 1",
            "RuntimeError: The size of tensor a (1024) must match the size of tensor b (1025) at non-singleton dimension 1",
            "RuntimeError: The size of tensor a (10) must match the size of tensor b (100) at non-singleton dimension 0",
        ),
    ),
)
