"""Log signatures: GPU and host memory (HIP/CUDA OOM, the OOM killer, shared memory).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="host-oom-kill", family="memory", title="The host ran out of RAM and killed a process",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"Out of memory: Killed process (?P<pid>\d{1,12}) \((?P<comm>[^)]{1,64})\)",
            "oom-kill:constraint=",
            # older kernels and a cgroup's (container, Slurm job) limit: "Memory cgroup out of memory: Kill
            # process 4142 (python3) score 68 or sacrifice child", then "Killed process 4254 (python3) total-vm:..."
            r"(?:Memory cgroup out of memory|Out of memory): Kill process \d{1,12} \([^)]{1,64}\)",
            r"\bKilled process \d{1,12} \([^)]{1,64}\),? total-vm:\d",
        ),
        needles=(
            "out of memory: killed",
            "oom-kill",
            "out of memory: kill process",
            "killed process",
        ),
        meaning="The Linux OOM killer ended a rank (torchrun then reports exit code -9 / SIGKILL).",
        causes=(C(text="CPU offload (ZeRO offload), dataloader workers or tokenisation exceed host RAM", check="RD-DS-006", fix="lower dataloader/preprocessing workers, turn off optimizer offload, or add RAM/swap"),),
        fix="Reduce host memory use (workers, offload) or run fewer ranks per node.",
        sources=("https://github.com/amd/node-scraper", "https://github.com/docker/for-linux/issues/1001"),
        examples=("Out of memory: Killed process 12345 (python) total-vm:123456789kB, anon-rss:98765432kB",
                  "May 15 23:01:53 ubuntu-s-1vcpu-2gb-ams3-01 kernel: [  152.700479] Memory cgroup out of memory: Kill "
                  "process 4142 (python3) score 68 or sacrifice child",
                  "May 15 23:01:53 ubuntu-s-1vcpu-2gb-ams3-01 kernel: [  152.701942] Killed process 4254 (python3) "
                  "total-vm:11968kB, anon-rss:4288kB, file-rss:3972kB, shmem-rss:0kB"),
        near_misses=("oom_reaper: reaped process 4254 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB",),
    ),
    # HAMi's vGPU layer (libvgpu.so in the pod) enforcing the pod's share of GPU memory: an allocation past it fails
    # with its own line, then the framework's error (CUDA "unrecognized error code" / out of memory)
    S(
        id="vgpu-memory-limit", family="memory", title="The pod's virtual-GPU memory limit (HAMi) was exceeded",
        severity="fatal", tier=MEMORY,
        patterns=(r"HAMI-core ERROR \([^)\n]{0,160}\)\]: Device \d{1,3} OOM (?P<wanted>\d{1,20}) / (?P<limit>\d{1,20})",),
        needles=("hami-core error",),
        meaning=("The GPU is shared through HAMi: the pod may use only the memory its nvidia.com/gpumem (or "
                 "gpumem-percentage) request grants, and this allocation went past it, whatever the card has free."),
        causes=(C(text="the pod's GPU memory share is smaller than the model or batch needs",
                  fix="raise the pod's gpumem request, or shrink the batch / sequence length"),),
        fix="Request more GPU memory for the pod (its HAMi gpumem resource) or make the job smaller.",
        sources=("https://github.com/Project-HAMi/HAMi/issues/662", "https://github.com/Project-HAMi/HAMi"),
        examples=("[HAMI-core ERROR (pid:30 thread=140382094939712 allocator.c:53)]: Device 0 OOM 3171158016 / 3145728000",),
        near_misses=("[HAMI-core Msg(30:140387636202368:libvgpu.c:855)]: Initialized",),
    ),
    S(
        id="hip-oom", family="memory", title="GPU out of memory",
        severity="fatal", tier=MEMORY,
        patterns=(
            r"(?:HIP|CUDA) out of memory\. Tried to allocate (?P<request>[\d.]{1,12} [KMGT]iB)(?:\. GPU (?P<gpu>\d{1,12}) has a total capacity of (?P<total>[\d.]{1,12} [KMGT]iB) of which (?P<free>[\d.]{1,12} [KMGT]iB) is free)?",
            "hipErrorOutOfMemory",
            r"torch\.OutOfMemoryError",
            # torch's sentence wrapped where the user pasted it: "HIP out of memory." ending its line, and the
            # detail line on its own, in either torch's wording ("GPU 0 has a total capacity of", older "(GPU 0; ...
            # total capacity; ...)"): insanely-fast-whisper-rocm#33, Self_Explaining_Structures#6
            r"(?:^|[:\]]\s{0,4})(?:HIP|CUDA) out of memory\.\s{0,4}$",
            # a HIP API call's own error check (camp, RAJA, hipified code): `hipStreamCreate(&s)) out of memory`
            # (hipMalloc's own failure is device-malloc-oom's)
            r"\bhip(?:StreamCreate\w{0,20}|MemAlloc\w{0,20}|HostAlloc|EventCreate\w{0,20}|MemPoolCreate|GraphInstantiate)"
            r"\b[^\n]{0,160}?\bout of memory\b",
            r"^\W{0,4}Tried to allocate (?P<request>[\d.]{1,12} [KMGT]iB)(?:\. GPU | \(GPU )(?P<gpu>\d{1,12})(?: has a total "
            r"capac|; [\d.]{1,12} [KMGT]iB total capacity)",
            # the caching allocator's limit (a memory fraction, ComfyUI's own) reached: "Allocation on device 0 would
            # exceed allowed memory. (out of memory)", which ComfyUI prints cut after its first words (ComfyUI#7761)
            r"\bAllocation on device \d{0,3}\s{0,2}would exceed allowed memory",
            r"Exception during processing !!!\s{0,4}Allocation on device\b",
            # the BLAS library's handle or workspace allocation failing (torch's `cublasCreate(handle)` /
            # `hipblasCreate` on the first GEMM): the GPU's memory is already taken
            r"\b(?:CU|HIP)BLAS_STATUS_ALLOC_FAILED\b",
        ),
        needles=(
            "out of memory",
            "blas_status_alloc_failed",
            "allocation on device",
            "hiperroroutofmemory",
            "outofmemoryerror",
            "tried to allocate",
        ),
        meaning="The GPU allocator could not get memory for a tensor.",
        causes=(
            C(text="the model, batch or sequence length do not fit with this ZeRO stage/offload", check="RD-DS-006", fix="lower micro-batch/cutoff_len, enable gradient checkpointing, or use ZeRO-3/offload"),
            C(text="on an APU the GTT/TTM limit caps 'total capacity' at about half of RAM", check="RD-GPU", fix="raise ttm.pages_limit"),
            C(text="fragmentation (large reserved-but-unallocated)", check="RD-PREC-006"),
        ),
        fix=("Reduce the memory per GPU (micro-batch, sequence length, checkpointing, ZeRO-3/offload); "
             "`rocmdoctor train --model PATH --estimate-only` shows what fits."),
        sources=(
            "https://github.com/ROCm/TheRock/issues/1054",
            "https://github.com/kyuz0/amd-strix-halo-image-video-toolboxes/issues/3",
        ),
        examples=(
            "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.88 GiB. GPU 0 has a total capacity of 23.98 GiB of which 1.70 GiB is free. Of the allocated memory 21.65 GiB is allocated by PyTorch, and 279.78 MiB is reserved by PyTorch but unallocated.",
            "HIP out of memory. Tried to allocate 432.00 MiB. GPU 0 has a total capacity of 15.92 GiB of which 7.12 GiB is free.",
            "HIP out of memory.",
            "Tried to allocate 86.00 MiB. GPU 0 has a total capacity of 7.98 GiB of which 0 bytes is free.",
            "  what():  campHipErrchk(hipStreamCreate(&s)) out of memory .../camp/include/camp/resource/hip.hpp:154",
            "Tried to allocate 20.00 MiB (GPU 0; 1.96 GiB total capacity; 1.24 GiB already allocated; 2.88 MiB free; "
            "1.25 GiB reserved in total by PyTorch)",
            "!!! Exception during processing !!! Allocation on device ",
            "torch.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)",
            "RuntimeError: CUDA error: CUBLAS_STATUS_ALLOC_FAILED when calling `cublasCreate(handle)`",
        ),
        near_misses=(
            "If you see CUDA out of memory, lower the batch size.",
            "[INFO] Tried to allocate a larger KV cache, falling back to 4096 tokens",
            "Allocation on device 0 succeeded after retry",
        ),
    ),
    S(
        id="host-oom-signal", family="memory", title="A rank was killed by SIGKILL",
        severity="error", tier=CONSEQUENCE,
        patterns=(
            r"Signal 9 \(SIGKILL\) received by PID (?P<pid>\d{1,12})",
            r"died with <Signals\.SIGKILL: 9>",
            # DeepSpeed's launcher's report of a rank that SIGKILL ended (it prints "Killing subprocess N" for any
            # rank's exit, so only the return code says how the rank died)
            r"sigkill_handler\] \[[^\n]{0,4000}\] exits with return code = -9\b",
        ),
        needles=("sigkill",),
        meaning="Something killed a rank with SIGKILL, most often the host OOM killer.",
        causes=(C(text="host RAM exhausted (see the kernel's 'Out of memory: Killed process')", check="RD-DS-006"),),
        fix="Check `dmesg | grep -i 'killed process'`; reduce host memory use.",
        sources=("https://pytorch.org/docs/stable/elastic/errors.html",),
        examples=("traceback : Signal 9 (SIGKILL) received by PID 12345",
                  "[2023-04-21 22:20:31,527] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python3', '-u', "
                  "'finetune.py', '--local_rank=0'] exits with return code = -9"),
        near_misses=("[2023-04-07 13:09:33,201] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 80",
                     "[2023-04-07 13:09:33,201] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python3', '-u', "
                     "'train.py'] exits with return code = 1"),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="dataloader-shm-bus-error", family="memory", title="DataLoader workers ran out of shared memory",
        severity="fatal", tier=MEMORY,
        patterns=(r"DataLoader worker \(pid \d{1,9}\) is killed by signal: Bus error",
                  r"Unexpected bus error encountered in worker\. This might be caused by insufficient shared memory",
                  r"dataloader's workers are out of shared memory",
                  # torchrun's report of a rank killed by SIGBUS (-7): writing to a full /dev/shm
                  r"(?:elastic\.multiprocessing\.api:|api\.py:\d{1,5}\] )failed \(exitcode: -7\) local_rank: \d{1,6}",
                  r"Signal 7 \(SIGBUS\) received by PID \d{1,12}",
                  # DeepSpeed's launcher's report of a rank killed by SIGBUS (gpt-neox#940)
                  r"sigkill_handler\] \[[^\n]{0,4000}\] exits with return code = -7\b",
                  # the same message wrapped by a terminal or a forum ("...killed by signal: Bus" / "error. It is
                  # possible that dataloader's workers are out of shared" / "memory. Please try to raise your
                  # shared memory limit."): its first and last fragments are each its own
                  r"DataLoader worker \(pid \d{1,9}\) is killed by signal: Bus\s{0,4}$",
                  r"Please try to raise your shared memory limit",
                  # torch's shared-memory file for a tensor a worker passes back: it cannot be written in a full
                  # /dev/shm (AlphaPose#564; "unable to open shared memory object" is a descriptor limit, not this)
                  r"unable to write to file </torch_\d{1,12}_\d{1,12}(?:_\d{1,12})?>"),
        needles=("bus error", "out of shared memory", "exitcode: -7", "sigbus", "signal: bus", "shared memory limit",
                 "return code = -7", "</torch_"),
        meaning="A DataLoader worker got SIGBUS writing a batch to /dev/shm: shared memory is full or too small.",
        causes=(
            C(text="/dev/shm is too small (Docker's default is 64 MB)", check="RD-CTR-002",
              fix="docker run --ipc=host or --shm-size=16g"),
            C(text="compose services without enough shared memory (ipc: host or shm_size)", check="RD-CTR-005"),
            C(text="too many workers or large batches for the shared memory there is"),
        ),
        fix="Give the container more shared memory (--ipc=host), or lower num_workers.",
        sources=("https://github.com/pytorch/pytorch/issues/5040", "https://github.com/facebookresearch/mmf/issues/441",
                 "https://github.com/MVIG-SJTU/AlphaPose/issues/564"),
        examples=("RuntimeError: unable to write to file </torch_995_2167858072>",
                  "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -7) local_rank: 2 (pid: 94) of "
                  "binary: /root/miniconda3/envs/py3.10/bin/python3",
                  "RuntimeError: DataLoader worker (pid 56811) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit.",
                  "ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).",
                  "memory. Please try to raise your shared memory limit.\". Any help would be appreciated.",
                  "[2023-05-17 11:25:13,146] [ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python', '-u', "
                  "'train.py', '--local_rank=1'] exits with return code = -7"),
        # a worker killed by SIGKILL is host RAM, not shared memory (https://github.com/pytorch/pytorch/issues/8976)
        near_misses=("RuntimeError: DataLoader worker (pid 4161) is killed by signal: Killed.",
                     "RuntimeError: DataLoader worker (pid 4161) is killed by signal: Killed",
                     "[ERROR] [launch.py:324:sigkill_handler] ['/usr/bin/python', 'train.py'] exits with return code = 1"),
    ),
    S(
        id="dataloader-worker-exited", family="memory", title="A DataLoader worker exited unexpectedly",
        severity="fatal", tier=MEMORY,
        patterns=(r"DataLoader worker \(pid\(s\) [\d, ]{1,80}\) exited unexpectedly",),
        needles=("exited unexpectedly",),
        meaning="A data-loading worker died (killed by a signal): shared memory or host RAM ran out, or the dataset code crashed.",
        causes=(
            C(text="/dev/shm is too small for the workers", check="RD-CTR-002"),
            C(text="the host ran out of RAM and the OOM killer took a worker"),
        ),
        fix="Raise shared memory, lower num_workers, or find the crash with num_workers=0.",
        sources=("https://github.com/THU-DA-6D-Pose-Group/GDR-Net/issues/16",),
        examples=("RuntimeError: DataLoader worker (pid(s) 3216) exited unexpectedly",),
    ),
    S(
        id="oom-killer-invoked", family="memory", title="The kernel's OOM killer ran",
        severity="fatal", tier=DRIVER,
        patterns=(r"(?P<comm>[\w.-]{1,64}) invoked oom-killer: gfp_mask=",),
        needles=("invoked oom-killer",),
        meaning="The host ran out of memory; the kernel picked a process to kill (the 'Killed process' line names it).",
        causes=(
            C(text="host RAM too small for the model (CPU offload, data loading, checkpoint merge)", check="RD-DS-006"),
            C(text="a memory limit on the job (cgroup, Slurm --mem)"),
        ),
        fix="Lower host memory use (fewer workers, no CPU offload) or raise the limit.",
        sources=("https://github.com/mozilla/DeepSpeech/issues/2055",),
        examples=("Apr 25 06:31:56 yihuachiu-GTX1080 kernel: [594675.027262] python invoked oom-killer: gfp_mask=0x14200ca(GFP_HIGHUSER_MOVABLE), nodemask=(null), order=0, oom_score_adj=0",),
    ),
    S(
        id="shell-killed", family="memory", title="The process was killed (SIGKILL: 'Killed', exit code -9)",
        severity="fatal", tier=MEMORY,
        patterns=(r"^(?:Killed|已杀死)\s{0,4}$", r"^\S{1,200}: line \d{1,6}: {1,2}\d{1,9} Killed\b",
                  # tqdm leaves the cursor after its bar: "Loading checkpoint shards:  38%|███ | 3/8 [00:02<00:03]Killed"
                  r"\]\s{0,2}(?:Killed|已杀死)\s{0,4}$",
                  # gdb, and a launcher that reports the signal as a negative exit code ("ERROR: error code -9")
                  r"Program terminated with signal SIGKILL",
                  r"\b(?:error|exit|return) (?:code|status)(?: =|:)? ?-9\b(?!\.\d)"),
        needles=("killed", "已杀死", "sigkill", "code -9", "code: -9", "code = -9", "status -9"),
        meaning="The shell reports the process died from SIGKILL; on a training host that is almost always the OOM killer.",
        causes=(
            C(text="host RAM ran out (the kernel log has 'Out of memory: Killed process')", check="RD-KERN-001"),
            C(text="a memory limit on the job (cgroup, Slurm --mem, container)"),
        ),
        fix="Check `dmesg | grep -i oom`; lower host memory use or raise the limit.",
        sources=("https://github.com/CharlesShang/FastMaskRCNN/issues/172",
                 "https://github.com/chatchat-space/Langchain-Chatchat/issues/35", "https://github.com/NVIDIA/DIGITS/issues/1362",
                 "https://github.com/Tencent/ncnn/issues/1604"),
        examples=("Killed", "已杀死",
                  "Loading checkpoint shards:  38%|██████▊           | 3/8 [00:02<00:03,  1.28it/s]Killed",
                  "ERROR: error code -9", "Program terminated with signal SIGKILL, Killed"),
        near_misses=("Killed process 25315 (python3) total-vm:53312244kB",
                     "RuntimeError: DataLoader worker (pid 56811) is killed by signal: Bus error.",
                     "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -7) local_rank: 2 (pid: 94)"),
    ),
    S(
        id="torchrun-rank-killed", family="memory", title="A rank was killed with SIGKILL (exit code -9)",
        severity="fatal", tier=MEMORY,
        patterns=(r"failed \(exitcode: -9\) local_rank: (?P<local_rank>\d{1,6})",
                  # the ChildFailedError summary's root-cause block: "  exitcode  : -9 (pid: 14750)"
                  r"^\s{0,8}exitcode\s{0,8}:\s{0,8}-9 \(pid: (?P<pid>\d{1,12})\)"),
        needles=("exitcode: -9", "exitcode"),
        meaning="torchrun saw a rank die from SIGKILL: the host's OOM killer (or a job-memory limit) took it.",
        causes=(
            C(text="host RAM ran out (model loading, CPU offload, data workers)", check="RD-DS-006"),
            C(text="a memory limit on the job (cgroup, Slurm --mem, container)"),
        ),
        fix="Check `dmesg | grep -i oom`; load the model with low_cpu_mem_usage, fewer workers, or more RAM.",
        sources=("https://github.com/meta-llama/llama/issues/706", "https://github.com/OpenBMB/MiniCPM-V/issues/770"),
        examples=("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -9) local_rank: 0 (pid: 333202) of binary: /home/akemid/llama/venv/bin/python3",
                  "  exitcode  : -9 (pid: 14750)"),
        near_misses=("  exitcode  : -7 (pid: 94)", "  exitcode  : 1 (pid: 1622990)",
                     "ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: 1322)"),
    ),
    S(
        id="nccl-cuda-oom", family="memory", title="RCCL/NCCL could not allocate GPU memory",
        severity="fatal", tier=MEMORY,
        # the library's other runtime calls then fail on what it could not allocate ('invalid resource handle' after
        # 'out of memory', TensorRT-LLM#1670): one event, the allocation
        # the internal error torch raises when RCCL's proxy could not set up for lack of memory (NVIDIA/nccl#962)
        supersedes=("nccl-device-call-failed", "nccl-internal-error", "nccl-class-internal"),
        patterns=(r"NCCL WARN Cuda failure 'out of memory'", r"NCCL WARN Failed to CUDA calloc \d{1,14} bytes"),
        needles=("cuda failure 'out of memory'", "failed to cuda calloc"),
        meaning="RCCL's buffers (channels, peer-to-peer, proxy) did not fit in the GPU memory left after the model.",
        causes=(
            C(text="the model leaves too little GPU memory for the communication buffers", check="RD-DS-006"),
            C(text="another process already holds GPU memory", check="RD-HEALTH-010"),
        ),
        fix="Leave headroom (smaller batch, gpu_memory_utilization below 1), or fewer RCCL channels (NCCL_MAX_NCHANNELS).",
        sources=("https://github.com/NVIDIA/nccl/issues/1235", "https://github.com/NVIDIA/TensorRT-LLM/issues/1670",
                 "https://github.com/NVIDIA/nccl/issues/962"),
        examples=("ng30903:3063028:3066152 [3] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'",
                  "ng30903:3063028:3066152 [3] include/alloc.h:185 NCCL WARN Failed to CUDA calloc 6291456 bytes"),
    ),
    S(
        id="device-malloc-oom", family="memory", title="A device allocation failed: out of memory",
        severity="fatal", tier=MEMORY,
        patterns=(r"(?:cudaMalloc|hipMalloc) fail\s{0,2}ed: out of memory", r"failed with error CUDA_ERROR_OUT_OF_MEMORY"),
        needles=("d: out of memory", "error_out_of_memory"),
        meaning="A framework's own allocator could not get GPU memory.",
        causes=(
            C(text="the model, batch or sequence length does not fit the GPU", check="RD-DS-006"),
            C(text="another process already holds GPU memory", check="RD-HEALTH-010"),
        ),
        fix="Lower the batch or resolution; free the GPU from other processes.",
        sources=("https://github.com/TuSimple/mx-maskrcnn/issues/98", "https://github.com/NVlabs/instant-ngp/issues/790"),
        examples=("21:52:45 ERROR    Uncaught exception: C:\\tutorial\\ngp\\instant-ngp\\dependencies\\tiny-cuda-nn\\include\\tiny-cuda-nn/gpu_memory.h:575 cuMemSetAccess(m_base_address + m_size, n_bytes_to_allocate, &access_desc, 1) failed with error CUDA_ERROR_OUT_OF_MEMORY",),
    ),
    # torch-directml (Windows: stable-diffusion-webui-directml and -amdgpu on Radeons without ROCm) allocating from its
    # own heap: it says so as a warning, then the request fails
    S(
        id="directml-oom", family="memory", title="DirectML ran out of GPU memory",
        severity="fatal", tier=MEMORY,
        patterns=(r"dml_heap_allocator\.cc:\d{1,6}\] DML allocator out of memory",),
        needles=("dml allocator out of memory",),
        meaning="torch-directml's allocator could not get GPU memory for a tensor: the model, image size or batch does "
                "not fit the card (DirectML also keeps more memory than ROCm would for the same work).",
        causes=(C(text="the model and its activations do not fit the GPU's memory",
                  fix="lower the resolution or batch, use --medvram/--lowvram, or run a ROCm/ZLUDA build instead"),),
        fix="Lower the image size or batch (--medvram / --lowvram in the web UIs), or move to a ROCm build of torch.",
        sources=("https://github.com/lshqqytiger/stable-diffusion-webui-amdgpu/issues/174",),
        examples=("[W D:\\a\\_work\\1\\s\\pytorch-directml-plugin\\torch_directml\\csrc\\engine\\dml_heap_allocator.cc:120] "
                  "DML allocator out of memory!",),
        near_misses=("Applying optimization: InvokeAI... done.",),
    ),
    # Vulkan backends (llama.cpp's ggml_vulkan, TVM/MLC, IREE) run on Radeons without ROCm; their allocation failures
    # are Vulkan's result codes, in the C name or Vulkan-Hpp's
    S(
        id="vulkan-out-of-device-memory", family="memory", title="A Vulkan allocation failed: out of device memory",
        severity="fatal", tier=MEMORY,
        patterns=(r"\bVK_ERROR_OUT_OF_(?:DEVICE|HOST)_MEMORY\b", r"\bErrorOutOf(?:Device|Host)Memory\b",
                  r"\bggml_vulkan: Device memory allocation of size \d{1,20} failed"),
        needles=("out_of_device_memory", "out_of_host_memory", "erroroutofdevicememory", "erroroutofhostmemory",
                 "device memory allocation of size"),
        meaning="The Vulkan driver could not give the buffer: the model, its context (KV cache) or one buffer is larger "
                "than the GPU's memory or its largest allocation.",
        causes=(
            C(text="the model and its context do not fit the GPU's memory",
              fix="offload fewer layers (-ngl), shorten the context, or use a smaller quantisation"),
            C(text="on an APU the driver's heap is the GTT/carve-out size, not the RAM", check="RD-APU-001"),
        ),
        fix="Fit the model to the GPU: fewer offloaded layers, a shorter context, a smaller quantisation.",
        sources=("https://github.com/mlc-ai/mlc-llm/issues/38", "https://github.com/ggml-org/llama.cpp/issues/14698"),
        examples=("  Check failed: (__e == VK_SUCCESS) is false: Vulkan Error, code=-2: VK_ERROR_OUT_OF_DEVICE_MEMORY",
                  "ggml_vulkan: Requested buffer size exceeds device memory allocation limit: ErrorOutOfDeviceMemory"),
        near_misses=("VK_ERROR_OUT_OF_DATE_KHR",),
    ),
    S(
        id="dataloader-cleanup-after-error", family="memory", title="DataLoader workers were cleaned up after a failure",
        severity="warning", tier=CONSEQUENCE,
        patterns=(r"Exception ignored in atexit callback: <function _MultiProcessingDataLoaderIter\._clean_up_worker",),
        needles=("_clean_up_worker",),
        meaning="At exit the DataLoader could not join its workers cleanly; it follows a worker that died.",
        causes=(C(text="a worker died first (bus error / shared memory, or the OOM killer)", check="RD-CTR-002"),),
        fix="A consequence; fix why the worker died.",
        sources=("https://github.com/NVIDIA/Megatron-LM/issues/878",),
        examples=("Exception ignored in atexit callback: <function _MultiProcessingDataLoaderIter._clean_up_worker at 0x7fc7fa34f7f0>",),
    ),
    # ---------------------------------------------------------------- wave 5: serving engines' own memory wording
    S(
        id="kv-cache-too-small", family="memory", title="The KV cache does not fit in the GPU memory left",
        severity="fatal", tier=MEMORY,
        # vLLM's engine checks, old (worker.py raise_if_cache_size_invalid) and V1 (kv_cache_utils.py
        # check_enough_kv_cache_memory), and its memory-profiling lines that say the same with numbers.
        patterns=(
            r"max seq len \((?P<max_len>\d{1,9})\) is larger than the maximum number of tokens that can be stored in KV cache \((?P<kv_tokens>\d{1,12})\)",
            r"To serve at least one request with the models?'?s? max seq len \((?P<max_len2>\d{1,9})\)",
            r"KV cache is needed, which is larger than the available KV cache memory",
            r"No available memory for the cache blocks",
            r"memory reserved for KV Cache is -\d",
            # SGLang's memory pool: the same check, its own words (the profiled token count is negative).
            r"Not enough memory\. Please try to (?:increase|decrease) --mem-fraction-static",
            r"max_total_tokens=\d{1,12} is larger than the profiled value -\d{1,12}",
        ),
        needles=("kv cache", "cache blocks", "max seq len", "--mem-fraction-static", "profiled value -"),
        meaning=("The serving engine measured the GPU memory left after the weights and activations, and it holds "
                 "no KV cache blocks, or fewer tokens than one request of the model's max length needs."),
        causes=(
            C(text="max_model_len (the model's context length by default) needs more KV cache than fits",
              fix="lower --max-model-len, or use a smaller/quantised model or more GPUs (tensor parallel)"),
            C(text="gpu_memory_utilization (vLLM) / mem_fraction_static (SGLang) leaves too little for the cache",
              fix="raise --gpu-memory-utilization or --mem-fraction-static (0.9-0.95)"),
            C(text="another process already holds GPU memory", check="RD-HEALTH-010"),
            C(text="on an APU the GTT/TTM limit caps the memory the GPU can use", check="RD-GPU"),
        ),
        fix="Lower --max-model-len or raise --gpu-memory-utilization; free the GPU from other processes.",
        sources=("https://github.com/vllm-project/vllm/issues/10517", "https://github.com/vllm-project/vllm/issues/10439",
                 "https://github.com/vllm-project/vllm/issues/13882", "https://github.com/vllm-project/vllm/issues/2418",
                 "https://github.com/sgl-project/sglang/issues/322", "https://github.com/sgl-project/sglang/issues/7691"),
        examples=(
            "The model's max seq len (29000) is larger than the maximum number of tokens that can be stored in KV cache (23648). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.",
            "vllm-1  | ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.",
            "INFO 02-26 09:54:05 worker.py:267] model weights take 5.20GiB; non_torch_memory takes 0.03GiB; PyTorch activation peak memory takes 1.42GiB; the rest of the memory reserved for KV Cache is -1.05GiB.",
            "[2025-07-02 07:41:59 DP0 TP0] max_total_tokens=131072 is larger than the profiled value -561981. Use the profiled value instead.",
            "Not enough memory. Please try to increase --mem-fraction-static",
        ),
        near_misses=(
            "(EngineCore_DP0 pid=188893) INFO 10-21 09:11:57 [gpu_worker.py:298] Available KV cache memory: 16.23 GiB",
            "(EngineCore_DP0 pid=188893) INFO 10-21 09:11:57 [kv_cache_utils.py:1087] GPU KV cache size: 425,424 tokens",
            "# GPU blocks: 1478, # CPU blocks: 2048",
            "INFO 02-26 09:54:05 worker.py:267] model weights take 5.20GiB; the rest of the memory reserved for KV Cache is 1.05GiB.",
            "max_total_tokens=131072 is larger than the profiled value 92000. Use the profiled value instead.",
        ),
    ),
    S(
        id="host-alloc-failed", family="memory", title="A host (CPU) memory allocation failed",
        severity="fatal", tier=MEMORY,
        # c10's DefaultCPUAllocator in its two wordings (Linux posix_memalign with errno 12, Windows
        # "not enough memory"), and errno 12 (ENOMEM) from any call that allocates.
        patterns=(r"DefaultCPUAllocator: (?:can't allocate memory|not enough memory): you tried to allocate (?P<bytes>\d{1,20}) bytes",
                  r"\[Errno 12\] Cannot allocate memory"),
        needles=("defaultcpuallocator", "[errno 12]"),
        meaning=("torch (or the OS) could not give the process host RAM: the machine, the container or the job's "
                 "memory limit is full, or one allocation is far larger than intended."),
        causes=(
            C(text="host RAM too small for loading the model, CPU offload or data loading", check="RD-DS-006",
              fix="load with low_cpu_mem_usage / device_map, fewer dataloader workers, no optimizer offload"),
            C(text="a memory limit on the job (cgroup, Slurm --mem, container)"),
            C(text="one allocation of absurd size (a shape bug): compare 'you tried to allocate' with the RAM there is"),
        ),
        fix="Compare the bytes it tried to allocate with free RAM (`free -g`); lower host memory use or raise the limit.",
        sources=("https://github.com/lllyasviel/Fooocus/issues/237", "https://github.com/NeverGiveU/CartoonGAN-pytorch/issues/1",
                 "https://github.com/pytorch/pytorch/pull/20618"),
        examples=("RuntimeError: [enforce fail at ..\\c10\\core\\impl\\alloc_cpu.cpp:72] data. DefaultCPUAllocator: not enough memory: you tried to allocate 26214400 bytes.",
                  "Error：RuntimeError: [enforce fail at CPUAllocator.cpp:64] . DefaultCPUAllocator: can't allocate memory: you tried to allocate 67108864 bytes. Error code 12 (Cannot allocate memory)"),
        near_misses=("NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory",
                     "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.88 GiB."),
    ),
    S(
        id="model-exceeds-system-memory", family="memory", title="The model needs more memory than the machine has free",
        severity="fatal", tier=MEMORY,
        # Ollama's scheduler refuses to load a model whose estimate exceeds free RAM (and VRAM it can offload to).
        patterns=(r"model requires more system memory \((?P<need>[\d.]{1,12} ?[KMGT]i?B)\) than is available \((?P<avail>[\d.]{1,12} ?[KMGT]i?B)\)",),
        needles=("requires more system memory",),
        meaning=("The server estimated the memory the model needs (weights, KV cache for the context length) and "
                 "it is more than the free RAM: the GPU's memory was not counted (no usable GPU) or is too small."),
        causes=(
            C(text="the GPU is not used (ROCm not detected, unsupported gfx), so the whole model must fit in RAM",
              check="RD-GFX-002"),
            C(text="the model or its context length is too large for RAM + VRAM", fix="use a smaller or more quantised model, or a shorter context"),
            C(text="other processes hold the RAM"),
        ),
        fix="Check that the server sees the GPU (its startup log lists it); otherwise pick a smaller model or free RAM.",
        sources=("https://github.com/ollama/ollama/issues/10920", "https://github.com/yuntianhe2014/Easy-RAG/issues/9"),
        examples=("Error: model requires more system memory (164.8 GiB) than is available (13.4 GiB)",
                  'ValueError: Ollama call failed with status code 500. Details: {"error":"model requires more system memory (3.7 GiB) than is available (3.6 GiB)"}'),
        near_misses=("time=2024-05-01T10:00:00Z level=INFO source=memory.go:133 msg=\"offload to gpu\" layers.requested=-1 memory.available=\"23.6 GiB\"",),
    ),
    # C++'s allocation failure: std::bad_alloc escapes and the process aborts. Host memory (often pinned
    # memory, which the kernel must lock) ran out, whatever GPU memory the device still has.
    S(
        id="host-bad-alloc", family="memory", title="A native allocation failed (std::bad_alloc)",
        severity="fatal", tier=MEMORY,
        patterns=(r"terminate called after throwing an instance of 'std::bad_alloc'", r"\bwhat\(\):\s{1,3}std::bad_alloc\b"),
        needles=("std::bad_alloc",),
        meaning=("A C++ allocation of host memory failed and the process aborted: host RAM or the memory the "
                 "process may lock (pinned memory for GPU transfers) ran out."),
        causes=(
            C(text="host RAM too small for the model as loaded (or the RAM limit of a container or job)"),
            C(text="a pinned-memory pool larger than the memory the process may lock",
              fix="lower the pinned/host buffer size, or disable pinned memory in the application"),
        ),
        fix="Free host RAM or raise the job's memory limit; lower pinned-memory use; load the model in shards.",
        sources=("https://github.com/comfyanonymous/ComfyUI/issues/11544",),
        examples=("terminate called after throwing an instance of 'std::bad_alloc'", "  what():  std::bad_alloc"),
        near_misses=("terminate called after throwing an instance of 'c10::Error'",),
    ),
    # DeepSpeed's own memory report with the host almost full: ZeRO offload (or loading) is about to be
    # killed by the kernel's OOM killer, which the log itself never prints.
    S(
        id="host-ram-nearly-full", family="memory", title="Host RAM is nearly full (DeepSpeed's memory report)",
        severity="error", tier=MEMORY,
        patterns=(r"CPU Virtual Memory:\s{1,4}used = [\d.]{1,8} GB, percent = (?P<percent>(?:9[5-9]|100)(?:\.\d{1,2})?)%",),
        needles=("cpu virtual memory",),
        meaning=("DeepSpeed's memory report shows the host's RAM at 95 % or more: offloaded optimizer states and "
                 "parameters (ZeRO offload) or the model being loaded leave nothing, and the kernel kills the process."),
        causes=(C(text="ZeRO offload of optimizer/parameters larger than host RAM", check="RD-DS-006",
                  fix="offload less (offload_param off), use more nodes, or a smaller model/batch"),),
        fix="Reduce what is offloaded to the CPU, or run where host RAM fits the offload (RD-DS-006 estimates it).",
        sources=("https://github.com/databrickslabs/dolly/issues/111",),
        examples=("[2023-04-20 19:03:19,581] [INFO] [utils.py:840:see_memory_usage] CPU Virtual Memory:  used = 29.71 GB, "
                  "percent = 95.3%",),
        near_misses=("[2023-04-20 19:03:19,581] [INFO] [utils.py:840:see_memory_usage] CPU Virtual Memory:  used = 9.71 GB, "
                     "percent = 35.3%",),
    ),
    # A trainer's own out-of-memory retry (accelerate's find_executable_batch_size, the Dreambooth extension,
    # many scripts): it catches the GPU OOM and halves the batch, and a retry that goes on is no failure; the run
    # fails when the batch has nowhere left to go ("reducing batch/grad size to 0/2", "No executable batch
    # size found, reached zero"). A progress bar may overwrite the first letter ("OM Detected").
    S(
        id="oom-batch-retry-exhausted", family="memory", title="GPU out of memory at every batch size the trainer tried",
        severity="fatal", tier=MEMORY,
        patterns=(
            r"\bO?OM\s{1,4}detected\b[^\n]{0,40}\breduc\w{0,3}\s{1,3}(?:the\s)?batch[^\n]{0,30}?\bto\s{1,2}0(?![\d.]\d)\b",
            r"No executable batch size found, reached zero",
        ),
        needles=("detected", "no executable batch size"),
        meaning=("The trainer caught a GPU out-of-memory error, halved the batch and retried until the batch size "
                 "reached zero: the model, its optimizer state and activations do not fit this GPU even at batch 1."),
        causes=(
            C(text="the model and optimizer state do not fit the GPU's memory at all", check="RD-DS-006",
              fix="gradient checkpointing, 8-bit optimizer, LoRA instead of a full fine-tune, a smaller resolution"),
            C(text="on an APU the GTT/TTM limit caps the memory the GPU can use", check="RD-GPU"),
        ),
        fix="Make one sample fit: gradient checkpointing, a lower resolution or sequence length, LoRA or 8-bit "
            "optimizers, or a GPU with more memory.",
        sources=(
            "https://github.com/d8ahazard/sd_dreambooth_extension/issues/1457",
            "https://github.com/d8ahazard/sd_dreambooth_extension/issues/852",
            "https://github.com/huggingface/accelerate/blob/v0.27.2/src/accelerate/utils/memory.py",
        ),
        examples=(
            "OM Detected, reducing batch/grad size to 0/2.█████████████▊         | 4/5 [00:00<00:00,  5.44it/s]",
            "RuntimeError: No executable batch size found, reached zero.",
        ),
        near_misses=(
            'print(f"OOM Detected, reducing batch/grad size to {batch_size}/{grad_size}.")',  # a retry that goes on
            "  batch size per device / バッチサイズ: 1",
        ),
    ),
    S(
        # The host's own signals that RAM ran short, with no OOM-kill line (yet): journald's pressure notice
        # and amdgpu's command-submission ENOMEM. amdgpu's "Failed to pin framebuffer with error -12" alone is
        # left out: a GPU memory fault prints it too (fresh rocm-5581, a driver case), and the fault outranks.
        id="host-memory-pressure", family="memory", title="The host is short of RAM (memory pressure)",
        severity="error", tier=MEMORY,
        patterns=(
            r"systemd-journald\[\d{1,10}\]: Under memory pressure, flushing caches",
            r"amdgpu_cs_ioctl[^\]]{0,40}\]*\s*\*ERROR\* Not enough memory for command submission",
        ),
        needles=("under memory pressure", "not enough memory for command submission"),
        meaning=("The kernel reports memory pressure: journald flushes its caches, amdgpu cannot get memory to "
                 "submit GPU work. On an APU (iGPU) the model's GPU memory is host RAM, so an offload larger "
                 "than free RAM starves the desktop and the run."),
        causes=(
            C(text="a model or offload larger than the RAM left (iGPU/GTT memory is host RAM)", check="RD-DS-006",
              fix="load fewer layers on the iGPU, a smaller quantisation or context, or add RAM/swap"),
        ),
        fix="Lower what the run keeps in RAM (layers offloaded to an iGPU, context, batch, workers) or add RAM.",
        sources=(
            "https://github.com/ollama/ollama/pull/16983",
            "https://github.com/Comfy-Org/ComfyUI/issues/10369",
        ),
        examples=(
            "syslog:info  : [qua jul  8 09:45:54 2026] systemd-journald[898]: Under memory pressure, flushing caches.",
            "nov 06 06:01:01 Odin kernel: [drm:amdgpu_cs_ioctl [amdgpu]] *ERROR* Not enough memory for command submission!",
        ),
        near_misses=(
            "systemd-journald[898]: Journal started",
            "[drm:amdgpu_dm_plane_helper_prepare_fb [amdgpu]] *ERROR* Failed to pin framebuffer with error -12",
        ),
    ),
)
