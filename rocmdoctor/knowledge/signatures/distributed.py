"""Log signatures: RCCL/NCCL and torch.distributed (launchers, collectives, sockets, watchdogs).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

# torch.distributed's collectives (distributed_c10d.py): where a waiting rank's stack stops
_COLLECTIVES = (r"all_reduce(?:_coalesced)?|all_gather(?:_into_tensor|_object|_coalesced)?|reduce_scatter(?:_tensor)?|"
                r"broadcast(?:_object_list)?|monitored_barrier|barrier|scatter(?:_object_list)?|gather(?:_object)?|"
                r"all_to_all(?:_single)?|reduce|send|recv")

SIGNATURES: tuple[S, ...] = (
    S(
        # Cray MPICH's GPU Transport Layer maps a peer rank's GPU buffer through HSA IPC for on-node messages
        # (MPICH_GPU_SUPPORT_ENABLED=1 turns MPICH_GPU_IPC_ENABLED on); ROCr refuses the handle when the exporter
        # freed or moved the buffer first, and the send then aborts in MPI
        id="mpi-gpu-ipc-attach-failed", family="distributed", title="GPU-aware MPI could not map a peer rank's GPU buffer",
        severity="fatal", tier=RUNTIME,
        patterns=(r"hsa_amd_ipc_memory_attach\S{0,40}\s{0,4}HSA_STATUS_ERROR_\w{3,40}",),
        needles=("hsa_amd_ipc_memory_attach",),
        meaning="An on-node MPI message between GPU buffers goes through HSA IPC; attaching the other rank's buffer "
                "failed (ROCr documents INVALID_ARGUMENT when the exporter freed the allocation before the importer "
                "attached), so MPI aborts the send.",
        causes=(
            C(text="the sending rank freed or reallocated the GPU buffer before the peer attached it (a memory pool "
                   "that recycles buffers, an IPC cache that outlives them)",
              fix="keep send buffers alive until the message completes, or set MPICH_GPU_IPC_ENABLED=0 (slower)"),
            C(text="ranks restricted to different GPUs (ROCR_VISIBLE_DEVICES per rank) cannot open each other's "
                   "buffers", check="RD-ENV-003",
              fix="bind GPUs with HIP_VISIBLE_DEVICES or Slurm's --gpu-bind instead of hiding them from ROCr"),
        ),
        fix="Set MPICH_GPU_IPC_ENABLED=0 to confirm (messages then go through host memory), then fix the buffer "
            "lifetime or the GPU binding.",
        sources=("https://github.com/quokka-astro/quokka/pull/284", "https://github.com/ROCm/rocm-systems/issues/9827",
                 "https://github.com/olcf/olcf-user-docs/pull/1081"),
        examples=("GTL_DEBUG: [0] hsa_amd_ipc_memory_attach: HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual "
                  "arguments does not meet a precondition stated in the documentation of the corresponding formal "
                  "argument.",),
        near_misses=("HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a precondition",),
        supersedes=("hsa-status-error",),
    ),
    # The node's high-speed fabric is cabled but down: Omni-Path's PSM2 finds no active HFI unit, Open MPI's openib
    # BTL finds InfiniBand devices with no active port; MPI then falls back to TCP or aborts, and RCCL/NCCL's IB
    # transport has nothing to use either
    S(
        id="fabric-no-active-ports", family="distributed",
        title="The node's InfiniBand / Omni-Path fabric has no active port",
        severity="fatal", tier=SETUP,
        patterns=(r"PSM2 no hfi units are active\b",  # (glued to the host.pid prefix: "e001.53882PSM2")
                  r"\bno active ports detected \(or Open MPI was unable to use"),
        needles=("no hfi units are active", "no active ports detected"),
        meaning=("The node has an InfiniBand or Omni-Path adapter, but none of its ports is up (cable, switch, "
                 "subnet manager, or the fabric's service not started on that node): MPI and the collective "
                 "libraries fall back to TCP, or abort where the fabric is required."),
        causes=(C(text="the fabric port is down on this node (link, cable, subnet manager / fabric manager)",
                  fix="check `ibstat` / `opainfo` on the node; drain it until the port is Active"),
                C(text="the job is pinned to a transport the node lacks (PSM2 on a node without Omni-Path)",
                  fix="let MPI pick the transport (unset OMPI_MCA_mtl / PSM2 settings) on such nodes")),
        fix="Check the port state on the node (`ibstat`, `opainfo`); exclude the node until its fabric is up.",
        sources=("https://github.com/ArjunaCluster/ArjunaUsers/issues/216",
                 "https://www.open-mpi.org/faq/?category=openfabrics"),
        examples=("e001.53882PSM2 no hfi units are active (err=23)",
                  "but there are no active ports detected (or Open MPI was unable to use"),
        near_misses=("WARNING: There is at least non-excluded one OpenFabrics device found,",),
    ),
    # UCX (the transport under Open MPI, MPICH and UCC) reporting its own failure: a GPU IPC handle it cannot
    # open or create, a remote key it cannot unpack; the collective then aborts or the rank crashes inside UCX
    S(
        id="ucx-transport-error", family="distributed", title="UCX, the communication layer under MPI, failed",
        severity="fatal", tier=RUNTIME,
        # (a UCX allocation failing is memory's: /dev/shm for its posix transport)
        patterns=(r"\bUCX\s{1,4}ERROR\b(?!.{0,200}(?:\b[Oo]ut of memory\b|Cannot allocate memory|Not enough memory|"
                  r"No space left on device|/dev/shm))",),
        needles=("ucx  error", "ucx error", "ucx   error", "ucx    error"),
        meaning=("UCX, the transport Open MPI (and MPICH, UCC) uses between ranks, failed an operation: mapping a "
                 "peer's GPU memory (cuda_ipc / rocm_ipc), unpacking a remote key, opening an interface. The MPI "
                 "call over it aborts or crashes in UCX's own code."),
        causes=(C(text="GPU-aware MPI moves device buffers through a GPU IPC transport this setup cannot use "
                       "(another process's device context, devices hidden per rank)", check="RD-ENV-003",
                  fix="bind GPUs per rank with HIP/CUDA_VISIBLE_DEVICES, or leave GPU IPC out (UCX_TLS without "
                      "cuda_ipc/rocm_ipc) to confirm"),
                C(text="the MPI/UCX build does not match the GPU stack (a CUDA- or ROCm-aware UCX of another release)",
                  fix="use the MPI and UCX modules built for this ROCm/CUDA")),
        fix="Rerun with UCX_LOG_LEVEL=info and UCX_TLS set without the GPU IPC transport; if it then runs, fix the "
            "GPU binding or the UCX build.",
        sources=("https://github.com/sparticlesteve/pytorch-cuda-mpi-error",
                 "https://openucx.readthedocs.io/en/master/faq.html"),
        examples=("0: [1579244748.838971] [cgpu12:56309:2]    cuda_ipc_md.c:62   UCX  ERROR cuCtxGetDevice(&cu_device) "
                  "is failed. ret:invalid device context",
                  "[1724605863.595828] [cousteau:2757379:0] rocm_ipc_md.c:79 UCX ERROR Failed to create ipc for "
                  "0x7f8d0fa10000/8000"),
        near_misses=("ucp_worker.c:1413 UCX  ERROR uct_iface_open(posix/memory) failed: Out of memory",
                     "[1700000000.1] [n1:77:0] mm_posix.c:233 UCX  ERROR Not enough memory to write total of 4096 bytes. "
                     "Please check that /dev/shm or the directory you specified has more available memory.",
                     "[1579244748.838226] [cgpu12:56309:2]          mpool.c:200  UCX  DEBUG mpool ucp_requests: "
                     "allocated chunk"),
    ),
    S(
        id="rccl-iommu-pt-missing", family="distributed", title="RCCL: iommu=pt missing",
        severity="warning", tier=SETUP,
        patterns=(r'Missing \"?iommu=pt\"? from kernel command line',),
        needles=("iommu=pt",),
        meaning="RCCL warns that the IOMMU may translate GPU peer-to-peer traffic, which can hang collectives.",
        causes=(C(text="the IOMMU translates DMA on a multi-GPU host", check="RD-IOMMU-001"),),
        fix="Add iommu=pt to the kernel command line (rocmdoctor fix --iommu).",
        sources=(
            "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html",
            "https://github.com/ROCm/rccl/pull/2112",
        ),
        examples=('NCCL WARN Missing "iommu=pt" from kernel command line which can lead to system instablity or hang!',),
    ),
    S(
        id="nccl-watchdog-timeout", family="distributed", title="Collective timed out (NCCL/RCCL watchdog)",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(
            r"Watchdog caught collective operation timeout: WorkNCCL\(SeqNum=(?P<seq>\d{1,12}), OpType=(?P<op>\w{1,32})",
            r"WorkNCCL\(SeqNum=(?P<seq2>\d{1,12}), OpType=(?P<op2>\w{1,32})[^)]{0,200}\) timed out in blocking wait",
            r"detected by watchdog at work: (?P<seq3>\d{1,12}), last enqueued NCCL work: (?P<enqueued>\d{1,12}), last completed NCCL work: (?P<completed>\d{1,12})",
        ),
        needles=(
            "watchdog caught",
            "timed out in blocking wait",
            "detected by watchdog",
        ),
        meaning=("A collective did not complete within the process group timeout: some rank stopped taking part. "
                 "It is a consequence; the cause is what that rank was doing."),
        causes=(
            C(text=("the IOMMU translates GPU peer-to-peer DMA, so transfers between GPUs hang (low SeqNum: first "
                         "collectives)"), check="RD-IOMMU-001"),
            C(text="PCIe ACS redirects peer-to-peer traffic to the root complex", check="RD-PCIE-001"),
            C(text="the GPUs expose only part of their VRAM through the BAR", check="RD-PCIE-003"),
            C(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004"),
            C(text="one rank crashed or hung first (a GPU reset or fault on its node: see the kernel log)", when=('seq', '>=', 100)),
            C(text="rank 0 did long CPU work (preprocessing, checkpoint save) beyond ddp_timeout (high SeqNum)", fix="raise ddp_timeout, or preprocess the dataset before launching", when=('seq', '>=', 100)),
        ),
        fix=("Fix the transport (IOMMU passthrough, ACS) when it fails at the first collectives; otherwise "
             "find the rank that stopped and raise ddp_timeout for long preprocessing."),
        sources=(
            "https://github.com/hiyouga/LlamaFactory/issues/7396",
            "https://github.com/hiyouga/LlamaFactory/issues/6269",
            "https://github.com/pytorch/pytorch/issues/118369",
        ),
        examples=(
            "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1580, OpType=ALLREDUCE, NumelIn=466119168, NumelOut=466119168, Timeout(ms)=600000) ran for 600060 milliseconds before timing out.",
            "[E ProcessGroupNCCL.cpp:737] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=469508, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1802212 milliseconds before timing out.",
        ),
    ),
    S(
        id="nccl-barrier-hang", family="distributed", title="Hang at the first barrier (nothing after it)",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"using (?:best-guess )?GPU (?P<gpu>\d{1,12}) to perform barrier as devices used by this process are currently unknown",),
        needles=("to perform barrier",),
        meaning=("The first collective never completed: the ranks wait for each other forever. This warning alone "
                 "is harmless; it is a hang when the log ends here."),
        causes=(
            C(text="the IOMMU translates GPU peer-to-peer DMA on this multi-GPU host", check="RD-IOMMU-001"),
            C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
            C(text="the GPUs expose only part of their VRAM through the BAR, so peer-to-peer falls back or hangs", check="RD-PCIE-003"),
            C(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004"),
            C(text="two ranks on one GPU (wrong device mapping)", check="RD-ENV-003", fix="call torch.cuda.set_device(local_rank) or init_process_group(device_id=...)"),
        ),
        fix=("Run `rocmdoctor scan --select RD-IOMMU,RD-PCIE` and apply the fix it shows; NCCL_P2P_DISABLE=1 "
             "is only a slow workaround."),
        sources=(
            "https://github.com/pytorch/pytorch/pull/134617",
            "https://github.com/deepspeedai/DeepSpeed/pull/7266",
            "https://github.com/ROCm/rccl/issues/1129",
        ),
        examples=(
            "[rank0]:[W1028 04:48:19.843866299 ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.",
            "[W ProcessGroupNCCL.cpp:1569] Rank 0 using best-guess GPU 0 to perform barrier as devices used by this process are currently unknown.",
        ),
        terminal=True,
    ),
    # a rank asking for a place the communicator does not have: the launchers disagree on the world size (two
    # single-node jobs where one two-node job was meant, a rank offset from another launcher's variables)
    S(
        id="nccl-invalid-rank", family="distributed", title="A rank outside the job's world size joined the communicator",
        severity="fatal", tier=SETUP,
        patterns=(r"NCCL WARN Invalid rank requested : (?P<rank>\d{1,6})/(?P<world>\d{1,6})",),
        needles=("invalid rank requested",),
        meaning="NCCL/RCCL was asked for rank R of a world of N with R >= N: the processes do not agree on the world "
                "size, so the job was started as several smaller jobs or with ranks numbered from another launcher.",
        causes=(C(text="the launcher's node count or ranks per node differ from what the job computes (WORLD_SIZE, "
                       "--nnodes, a cluster operator's variables)",
                  fix="start every node with the same --nnodes/--nproc_per_node, and let one launcher number the ranks"),),
        fix="Make the world size every process computes the same: one launcher's --nnodes and --nproc_per_node, the "
            "operator's WORLD_SIZE, or the framework's num_nodes and devices, all agreeing.",
        sources=("https://github.com/Lightning-AI/pytorch-lightning/issues/3029",),
        examples=("mnist12-worker-0:70:70 [0] init.cc:981 NCCL WARN Invalid rank requested : 1/1",),
        near_misses=("mnist12-worker-0:70:70 [0] NCCL INFO Bootstrap : Using [0]eth0:192.168.60.90<0>",),
    ),
    S(
        id="nccl-socket-connect", family="distributed", title="Cannot connect to a peer (bootstrap)",
        severity="fatal", tier=SETUP,
        patterns=(
            r"socket(?:Start|Poll)?Connect: Connect to \S{1,64} (?:failed|returned)",
            "Call to connect returned Connection refused",
            # NCCL 2.2-2.4's format (include/socket.h) before socketConnect ("Call to connect timeout : ..." when its
            # retries ran out)
            r"Call to connect (?:failed|timeout) ?: ?(?:Connection timed out|Connection refused|No route to host)",
            r"connect\(\) to \S{1,64} failed: Connection refused",
            "The client socket has failed to connect to",
        ),
        needles=(
            "connect",
            "connection refused",
        ),
        meaning="A rank could not reach another rank or the rendezvous: nothing after this works.",
        causes=(
            C(text="NCCL_SOCKET_IFNAME / GLOO_SOCKET_IFNAME unset, so a docker/veth interface was picked", check="RD-RCCL-001"),
            C(text="MASTER_ADDR resolves to 127.0.1.1 or a firewall blocks the port"),
        ),
        fix=("Set NCCL_SOCKET_IFNAME (and GLOO_SOCKET_IFNAME) to the routed interface; check MASTER_ADDR and "
             "the firewall."),
        sources=(
            "https://github.com/pytorch/pytorch/issues/68893",
            "https://github.com/sgl-project/sglang/issues/3820",
            "https://github.com/horovod/horovod/issues/584",
        ),
        examples=(
            "NCCL WARN socketStartConnect: Connect to 10.0.0.2<35353> failed : Connection refused",
            "NCCL WARN Call to connect returned Connection refused, retrying",
            "paigcr-b-gpu-1012:4153:4209 [1] include/socket.h:361 NCCL WARN Call to connect timeout : Connection refused",
        ),
        near_misses=("NCCL INFO Connected all rings",),
    ),
    S(
        id="nccl-ib-timeout", family="distributed", title="RoCE/InfiniBand completion error",
        severity="fatal", tier=SETUP,
        patterns=(
            "NET/IB ?: ?Got completion .{0,120}error 12",
            "ibv_modify_qp failed with error Connection timed out",
        ),
        needles=(
            "got completion",
            "ibv_modify_qp",
        ),
        meaning="The RDMA network transport timed out.",
        causes=(C(text="wrong NCCL_IB_GID_INDEX (RoCEv2 needs the GID of the routed IP, often 3)", check="RD-RCCL-001"),),
        fix="Set NCCL_IB_GID_INDEX to the RoCEv2 GID; check the fabric.",
        sources=(
            "https://github.com/NVIDIA/nccl/issues/426",
            "https://github.com/NVIDIA/nccl/issues/1131",
        ),
        examples=("NCCL WARN NET/IB : Got completion from peer 10.0.0.2<51234> with error 12, opcode 0, len 0, vendor err 129",),
    ),
    S(
        id="nccl-ibv-reg-mr", family="distributed", title="RDMA memory registration failed (memlock)",
        severity="fatal", tier=SETUP,
        patterns=(r"Call to ibv_reg_mr\w{0,16} failed with error Cannot allocate memory",),
        needles=("ibv_reg_mr",),
        meaning="The locked-memory limit is too low for RDMA buffers.",
        causes=(C(text="containers default to a few MB of locked memory", check="RD-CTR"),),
        fix="Run the container with --ulimit memlock=-1 (or raise memlock in limits.conf).",
        sources=("https://github.com/NVIDIA/nccl-tests/issues/206",),
        examples=("NCCL WARN Call to ibv_reg_mr failed with error Cannot allocate memory",),
    ),
    S(
        # memory, as every /dev/shm shortage is (tests/corpus/FAMILIES.md), though RCCL is what ran out
        id="nccl-shm-full", family="memory", title="/dev/shm too small for RCCL",
        severity="fatal", tier=SETUP,
        patterns=(
            # the path as printed, or quoted/linked by whoever pasted it ("segment [/dev/shm/nccl-x](...)")
            r"Error while creating shared memory segment [\[`'\"]?/dev/shm/nccl-\S{1,32}",
            "failed to extend /dev/shm/nccl",
            "posix_fallocate failed ?: No space left on device",
        ),
        needles=(
            "/dev/shm",
            "posix_fallocate",
        ),
        meaning="RCCL's shared-memory transport could not allocate its segment.",
        causes=(
            C(text="Docker's default 64 MB /dev/shm", check="RD-CTR-002", fix="docker run --ipc=host or --shm-size=16g"),
            C(text="/dev/shm full of stale segments from killed jobs", check="RD-CTR-002"),
        ),
        fix="Enlarge /dev/shm (--ipc=host / --shm-size) or clean stale nccl-* segments.",
        sources=(
            "https://github.com/NVIDIA/nccl/issues/342",
            "https://github.com/NVIDIA/nccl/issues/290",
        ),
        examples=("NCCL WARN Error while creating shared memory segment /dev/shm/nccl-T6Ud2N (size 9637888)",
                  "Error while creating shared memory segment [/dev/shm/nccl-EoOvZr](https://runai.kr1a.coupang.net/dev/shm/nccl-EoOvZr) (size 7340384)"),
        # a segment another process created and this one cannot find is not a full /dev/shm
        # (https://github.com/NVIDIA/nccl/issues/1589); shm_open refused is a permission (NVIDIA/nccl#328)
        near_misses=("misc/shmutils.cc:129 NCCL WARN Error while attaching to shared memory segment /dev/shm/nccl-glnlGK (size 14156128), error: No such file or directory (2)",
                     "include/shm.h:48 NCCL WARN Error while creating shared memory segment nccl-shm-recv-b7948f403864987a-0-3-0 (size 4460544)"),
    ),
    S(
        id="deepspeed-visible-devices-ignored", family="distributed", title="DeepSpeed launcher ignored CUDA_VISIBLE_DEVICES",
        severity="warning", tier=SETUP,
        patterns=(r"Detected CUDA_VISIBLE_DEVICES=\S{0,64} but ignoring it because one or several of --include/--exclude/--num_gpus/--num_nodes",),
        needles=("but ignoring it because",),
        meaning=("The deepspeed launcher re-sets the visible devices per rank; with ROCR/HIP_VISIBLE_DEVICES also "
                 "set ranks can land on the wrong or the same GPU."),
        causes=(C(text="visible-device variables that disagree", check="RD-ENV-003"),),
        fix="Choose GPUs with --include only, and unset the *_VISIBLE_DEVICES variables.",
        sources=("https://github.com/deepspeedai/DeepSpeed/blob/master/deepspeed/launcher/runner.py",),
        examples=("[WARNING] [runner.py:202:fetch_hostfile] Detected CUDA_VISIBLE_DEVICES=0,1 but ignoring it because one or several of --include/--exclude/--num_gpus/--num_nodes cl args were used. If you want to use CUDA_VISIBLE_DEVICES don't pass any of these arguments to deepspeed.",),
    ),
    S(
        id="torchrun-child-failed", family="distributed", title="A rank died (torchrun ChildFailedError)",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"torch\.distributed\.elastic\.multiprocessing\.errors\.ChildFailedError",),
        needles=("childfailederror",),
        meaning=("torchrun reports that a rank exited; the reason is in that rank's earlier lines (exit code -9: "
                 "killed, often by the host OOM killer; -6: abort after a GPU fault)."),
        causes=(
            C(text="a rank was killed by the host OOM killer (exitcode -9)"),
            C(text="a GPU fault aborted the rank (exitcode -6)"),
        ),
        fix="Read the failing rank's first error above; see the other causes listed.",
        sources=("https://pytorch.org/docs/stable/elastic/errors.html",),
        examples=("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:",),
        # The summary's own lines belong to it, except the ones that name a SIGKILL or a SIGBUS (exit code -9/-7,
        # "Signal 9 (SIGKILL) received"): those are the cause (host RAM, /dev/shm) and reach their own signatures.
        block=(
            r"^\s{0,8}(?:time|host|rank|error_file)\s{0,8}:",
            r"^\s{0,8}exitcode\s{0,8}:(?!\s{0,8}-(?:[79]|11)\b)",
            r"^\s{0,8}traceback\s{0,8}:(?!\s{0,8}Signal (?:[79]|11)\b)",
            "Root Cause",
            r"^\s{0,8}\[\d{1,5}\]:\s{0,4}$",
            r"^\s{0,8}Failures:",
            "<NO_OTHER_FAILURES>",
            r"^\s{0,4}[-=]{8,}",
        ), block_lines=24,
    ),
    S(
        id="gloo-connection-closed", family="distributed", title="gloo: connection closed by peer",
        severity="error", tier=CONSEQUENCE,
        patterns=(
            r"gloo/transport/tcp/\S{1,40}\] (?:Connection closed by peer|Timed out waiting)",
            r"Connection closed by peer \[\S{1,64}\]",
        ),
        needles=(
            "connection closed by peer",
            "timed out waiting",
        ),
        meaning="A gloo peer went away; usually because that rank crashed or was killed first.",
        causes=(C(text="another rank died first (look for its error)"),),
        fix="Find the first rank that failed.",
        sources=("https://pytorch.org/docs/stable/distributed.html",),
        examples=("RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:598] Connection closed by peer [10.0.0.2]:23456",),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        # The class line is the consequence: the "Last error:" line after it names what failed (a socket,
        # /dev/shm, a device call), and a signature that knows that line ranks first.
        id="nccl-system-error", family="distributed", title="RCCL/NCCL: a system call or socket failed",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"ncclSystemError: System call", r"NCCL error(?: in: \S{1,300})?,? unhandled system error"),
        needles=("ncclsystemerror", "unhandled system error"),
        meaning=("ncclSystemError: a system call (socket, connect, shared memory, malloc) failed inside RCCL; the "
                 "'Last error:' line after it names it."),
        causes=(
            C(text="NCCL_SOCKET_IFNAME names interfaces this host does not have, or none the nodes share",
              check="RD-NET-001"),
            C(text="a debugging workaround left in the environment changes the transport", check="RD-RCCL-001"),
            C(text="/dev/shm too small for the intra-node transport", check="RD-CTR-002"),
        ),
        fix="Set NCCL_SOCKET_IFNAME to the interface the nodes share; rerun with NCCL_DEBUG=INFO.",
        sources=("https://github.com/NVIDIA/nccl/issues/875", "https://github.com/ROCm/rccl/issues/328"),
        examples=("RuntimeError: NCCL error in: /home/builder/mc3/envs/pytorch-build/envs/pytorch-build/conda-bld/pytorch_1673601922403/work/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1191, unhandled system error, NCCL version 2.10.3",),
    ),
    S(
        id="nccl-internal-error", family="distributed", title="RCCL/NCCL: internal check failed",
        severity="fatal", tier=RUNTIME,
        patterns=(r"ncclInternalError: Internal check failed", r"internal error - please report this issue to the NCCL",
                  r"NCCL error in: \S{1,300}, internal error"),
        needles=("ncclinternalerror", "internal error"),
        meaning=("ncclInternalError: RCCL reached a state it does not expect (topology/NIC detection, ranks with "
                 "different versions, memory corruption); the 'Last error:' line says which."),
        causes=(
            C(text="the GPU/NIC topology RCCL detects is unusual (XGMI/PCIe/NUMA)", check="RD-RCCL-002"),
            C(text="a debugging workaround left in the environment (NCCL_*/RCCL_*)", check="RD-RCCL-001"),
            C(text="ranks run different RCCL/torch versions (one image per node)"),
        ),
        fix="Rerun with NCCL_DEBUG=INFO; use the same image on every node.",
        sources=("https://github.com/NVIDIA/nccl/issues/520", "https://github.com/NVIDIA/nccl/issues/1247"),
        examples=("compute-dy-p4d24xlarge-77: ncclInternalError: Internal check failed. This is either a bug in NCCL or due to memory corruption",
                  "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1333, internal error - please report this issue to the NCCL developers, NCCL version 2.18.1"),
    ),
    S(
        id="nccl-remote-error", family="distributed", title="RCCL/NCCL: a peer exited or the network failed",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"ncclRemoteError", r"remote process exited or there was a network error"),
        needles=("ncclremoteerror", "remote process exited"),
        meaning="A collective failed because another rank exited early or the network dropped: look for the first error.",
        causes=(
            C(text="another rank crashed first (read every rank's log for the first error)"),
            C(text="the network between the nodes dropped or uses the wrong interface", check="RD-NET-001"),
        ),
        fix="Find the rank that failed first; this error follows from it.",
        sources=("https://github.com/NVIDIA/nccl/issues/2076",),
        examples=("torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:268, remote process exited or there was a network error, NCCL version 2.21.5",),
    ),
    S(
        id="nccl-unhandled-cuda-error", family="distributed", title="RCCL/NCCL: a GPU runtime call failed",
        severity="fatal", tier=RUNTIME,
        patterns=(r"ncclUnhandledCudaError", r"unhandled cuda error(?:,| \(run with)"),
        needles=("ncclunhandledcudaerror", "unhandled cuda error"),
        meaning=("A HIP/CUDA call inside RCCL failed (peer-to-peer IPC, memory, a kernel without code for this "
                 "GPU); the 'Last error:' line names it."),
        causes=(
            C(text="peer-to-peer IPC between the GPUs fails (IOMMU, ACS, missing amdgpu-dkms)", check="RD-IOMMU-001"),
            C(text="the torch/RCCL build has no code for this GPU", check="RD-GFX-002"),
            C(text="the amdgpu driver build does not match the kernel", check="RD-DRV-003"),
            C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
        ),
        fix="Rerun with NCCL_DEBUG=INFO; if hipIpc* calls fail, fix peer-to-peer (iommu=pt, ACS) first.",
        sources=("https://github.com/facebookresearch/SlowFast/issues/462", "https://github.com/ROCm/rccl/issues/1454"),
        examples=("RuntimeError: NCCL error in: /pytorch/torch/lib/c10d/ProcessGroupNCCL.cpp:911, unhandled cuda error, NCCL version 2.7.8 ncclUnhandledCudaError: Call to CUDA function failed.",
                  "[rank0]: ncclUnhandledCudaError: Call to CUDA function failed."),
    ),
    S(
        id="nccl-peer-closed", family="distributed", title="RCCL/NCCL: the peer closed the connection",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"Connection closed by remote peer",
                  r"Call to (?:recv from|send to) \S{1,80} failed ?: ?(?:Broken pipe|Connection reset by peer)"),
        needles=("closed by remote peer", "call to recv from", "call to send to"),
        meaning="The rank on the other end of a socket went away: it crashed or was killed first.",
        causes=(
            C(text="another rank crashed first (its log has the first error)"),
            C(text="the network between the nodes dropped", check="RD-NET-001"),
        ),
        fix="Find the rank that exited first; this follows from it.",
        sources=("https://github.com/NVIDIA/nccl-tests/issues/166", "https://github.com/NVIDIA/nccl/issues/2076"),
        examples=("ubuntu:39964:40044 [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer node1<57557>",
                  "socketProgressOpt: Call to recv from 172....<33759> failed : Connection reset by peer",
                  "2025-11-24T03:20:21.001125857Z [2025-11-24 11:20:21] gpu-server320 [5] misc/socket.cc:46 NCCL WARN socketProgressOpt: Call to send to 10.44.137.149<52905> failed : Connection reset by peer"),
    ),
    # A rank of a multi-process job (the line says so: a collective test's own device check) asking for a GPU index
    # past the ones it sees: the launch maps ranks to GPUs wrongly (more ranks per node than
    # visible GPUs, a local rank used as a global index). The corpus files every such log under distributed (8 of 8,
    # FAMILIES.md); the bare line of one process stays runtime.py's invalid-device-ordinal.
    S(
        id="rank-device-ordinal", family="distributed", title="A rank asked for a GPU index it cannot see",
        severity="fatal", tier=RUNTIME,
        supersedes=("invalid-device-ordinal",),
        patterns=(r"Test (?:CUDA|HIP|NCCL) failure \S{1,80} '?invalid device ordinal",),
        needles=("invalid device ordinal",),
        meaning=("One rank of the job called set_device (or the test's own device selection) with an index past the "
                 "GPUs visible to it: more ranks per node than GPUs, a global rank used as a device index, or a "
                 "visible-devices list that leaves each rank fewer GPUs than the launch assumes."),
        causes=(
            C(text="more ranks per node than visible GPUs (nproc_per_node, -np, --ntasks-per-node)", check="RD-LCH-001"),
            C(text="*_VISIBLE_DEVICES leaves each rank fewer GPUs than the launch assumes", check="RD-ENV-003"),
        ),
        fix="Launch at most one rank per visible GPU and select the device by the local rank (LOCAL_RANK), not the global one.",
        sources=("https://github.com/NVIDIA/nccl-tests/issues/165", "https://github.com/meta-llama/codellama/issues/123"),
        examples=("majidnc24MPTXTH: Test CUDA failure common.cu:892 'invalid device ordinal'",),
        near_misses=("RuntimeError: HIP error: invalid device ordinal",),
    ),
    S(
        id="nccl-device-call-failed", family="distributed", title="RCCL/NCCL: a GPU runtime call inside the library failed",
        severity="fatal", tier=RUNTIME,
        # The component that prints the line is the library: the runtime's words it quotes ("invalid device
        # ordinal") are the same event, not a rank that asked torch for a GPU it does not have.
        supersedes=("invalid-device-ordinal",),
        # NCCL's CUDACHECK/HIPCHECK macro: "Cuda failure 'what'" or "Cuda failure 101 'what'" (newer NCCL adds
        # the code). Out of memory is memory.py's nccl-cuda-oom.
        patterns=(r"NCCL WARN (?:Cuda|HIP|Hip) failure (?:\d{1,4} )?'(?P<what>(?!out of memory')[^']{1,80})'",),
        needles=("cuda failure", "hip failure"),
        meaning=("RCCL/NCCL called the GPU runtime while setting up or running a collective (peer access, IPC "
                 "handles, streams) and the call failed: the library cannot use the devices the way the ranks ask."),
        causes=(
            C(text="two ranks on one GPU, or visible devices that differ between ranks (each rank sees one GPU)",
              check="RD-ENV-003"),
            C(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004"),
            C(text="the IOMMU translates GPU peer-to-peer DMA on this multi-GPU host", check="RD-IOMMU-001"),
            C(text="the RCCL/NCCL build does not match the GPU runtime or driver"),
        ),
        fix=("Give every rank the same device list (HIP/ROCR/CUDA_VISIBLE_DEVICES) and one GPU each; check "
             "peer-to-peer; with NCCL_P2P_DISABLE=1 as a test, a passing run points at the P2P path."),
        sources=("https://github.com/NVIDIA/nccl/issues/1948", "https://github.com/NVIDIA/nccl/issues/957"),
        examples=("transport/p2p.cc:275 NCCL WARN Cuda failure 101 'invalid device ordinal'",
                  "Fri Aug 11 12:31:45 2023[1,0]<stdout>:tomte401:1850301:1881341 [0] transport.cc:154 NCCL WARN Cuda failure 'invalid argument'"),
        near_misses=("ng30903:3063028:3066152 [3] include/alloc.h:178 NCCL WARN Cuda failure 'out of memory'",),
    ),
    S(
        id="nccl-proxy-failed", family="distributed", title="RCCL/NCCL: the proxy thread lost its peer",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"Socket recv failed while polling for opId", r"\[Proxy Service \d{1,5}\] Failed to execute operation (?P<op>\w{1,32}) from rank (?P<peer>\d{1,6})"),
        needles=("socket recv failed", "proxy service"),
        meaning="RCCL's proxy thread could not talk to a peer's proxy: the peer failed or its transport broke.",
        causes=(
            C(text="another rank crashed first"),
            C(text="the transport between the ranks fails (sockets, peer-to-peer)", check="RD-NET-001"),
            C(text="peer-to-peer between the GPUs fails", check="RD-IOMMU-001"),
        ),
        fix="Look for the first error on every rank; then the transport checks.",
        sources=("https://github.com/ROCm/rccl/issues/1454", "https://github.com/NVIDIA/nccl-tests/issues/166"),
        examples=("UVOSLinux:31965:31971 [0] /usr/src/debug/rccl/build/hipify/src/proxy.cc:1190 NCCL WARN Socket recv failed while polling for opId=0x7d9e780c40c0",
                  "ubuntu:39964:40075 [0] proxy.cc:1519 NCCL WARN [Proxy Service 0] Failed to execute operation Connect from rank 0, retcode 2"),
    ),
    S(
        id="nccl-bootstrap-duplicate-rank", family="distributed", title="RCCL/NCCL bootstrap: a rank checked in twice",
        severity="fatal", tier=SETUP,
        patterns=(r"Bootstrap Root : rank (?P<peer>\d{1,6}) of (?P<nranks>\d{1,6}) ranks has already checked in",),
        needles=("has already checked in",),
        meaning="Two processes claimed the same rank at the bootstrap root: two jobs share the rendezvous, or ranks are numbered twice.",
        causes=(
            C(text="two jobs use the same MASTER_ADDR:MASTER_PORT", check="RD-RCCL-001"),
            C(text="node_rank/RANK set the same on two nodes (launcher or Slurm misconfiguration)", check="RD-SLURM-001"),
        ),
        fix="Give each job its own MASTER_PORT; check the rank variables each node gets.",
        sources=("https://github.com/Lightning-AI/pytorch-lightning/issues/14986",),
        examples=("hpc-25-14:18569:18835 [0] bootstrap.cc:131 NCCL WARN Bootstrap Root : rank 1 of 8 ranks has already checked in",),
    ),
    S(
        id="rccl-ipc-handle-failed", family="distributed", title="RCCL: GPU peer-to-peer IPC failed",
        severity="fatal", tier=RUNTIME,
        patterns=(r"hipIpc(?P<call>GetMemHandle|OpenMemHandle|GetEventHandle|OpenEventHandle) failed ?: ?(?P<why>[\w ]{1,40})",),
        needles=("hipipc",),
        meaning="RCCL could not share GPU memory between processes: the peer-to-peer path between the GPUs is broken.",
        causes=(
            C(text="the IOMMU translates GPU peer-to-peer DMA on this host", check="RD-IOMMU-001"),
            C(text="the amdgpu-dkms driver is missing or does not match the kernel", check="RD-DRV-003"),
            C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
            C(text="in a container without --ipc=host, or with too small /dev/shm", check="RD-CTR-005"),
        ),
        fix="Boot with iommu=pt; install amdgpu-dkms on the host; run containers with --ipc=host.",
        sources=("https://github.com/ROCm/rccl-tests/issues/120", "https://github.com/ROCm/rccl/issues/908"),
        examples=("sharbox-ultra:204802:204836 [1] /home/elias/rccl/build/release/hipify/src/transport/p2p.cc:220 NCCL WARN hipIpcGetMemHandle failed : invalid argument",),
    ),
    S(
        id="nccl-test-failure", family="distributed", title="rccl-tests/nccl-tests stopped with an NCCL error",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"Test NCCL failure \S{1,300}:\d{1,6} '(?P<what>[^']{1,120})'",),
        needles=("test nccl failure",),
        meaning="The collective test reports the NCCL error class quoted here; the lines before it say where.",
        causes=(
            C(text="peer-to-peer between the GPUs fails", check="RD-IOMMU-001"),
            C(text="the network interface the test uses", check="RD-NET-001"),
        ),
        fix="Read the NCCL WARN lines before it (NCCL_DEBUG=INFO).",
        sources=("https://github.com/ROCm/rccl/issues/1454",),
        examples=("UVOSLinux: Test NCCL failure /home/philipp/Programming/rccl-tests/build/hipify/common.cu.cpp:1291 'unhandled cuda error (run with NCCL_DEBUG=INFO for details) / '",),
    ),
    S(
        id="nccl-nic-busid", family="distributed", title="RCCL/NCCL could not place a network card in the topology",
        severity="fatal", tier=SETUP,
        patterns=(r"Attribute busid of node nic not found",),
        needles=("busid of node nic",),
        meaning="Topology detection found a NIC without a PCI bus id (virtual NICs, containers, a custom topology file).",
        causes=(
            C(text="the GPU/NIC topology is unusual (virtual functions, bonded or container NICs)", check="RD-RCCL-002"),
            C(text="NCCL_TOPO_FILE or a debugging variable left in the environment", check="RD-RCCL-001"),
        ),
        fix="Set NCCL_SOCKET_IFNAME/NCCL_IB_HCA to real devices, or remove a stale NCCL_TOPO_FILE.",
        sources=("https://github.com/NVIDIA/nccl/issues/1247",),
        examples=("(RayWorkerVllm pid=7602) ERROR 04-07 00:57:46 ray_utils.py:45] Attribute busid of node nic not found",),
    ),
    S(
        id="nccl-watchdog-stack", family="distributed", title="The NCCL watchdog aborted the process (C++ stack)",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"ProcessGroupNCCL::WorkNCCL::checkTimeout", r"ProcessGroupNCCL::ncclCommWatchdog",
                  r"Process group watchdog thread terminated with exception"),
        needles=("checktimeout", "ncclcommwatchdog", "watchdog thread terminated"),
        meaning="The process-group watchdog found a collective past its timeout and aborted; this is its stack.",
        causes=(
            C(text="the IOMMU translates GPU peer-to-peer DMA, so the first collectives hang", check="RD-IOMMU-001"),
            C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
            C(text="one rank crashed or hung first (GPU reset or fault on its node)", check="RD-KERN-001"),
            C(text="rank 0 did long CPU work (preprocessing, checkpoint save) beyond the timeout"),
        ),
        fix="Find the rank that stopped; raise the timeout for long preprocessing; fix the transport.",
        sources=("https://github.com/jpata/particleflow/issues/390",),
        examples=("frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x1554e9e1871c in /mnt/home/ewulff/miniforge3/envs/mlpf/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)",),
    ),
    S(
        id="torchrun-rank-failed", family="distributed", title="A rank exited with an error (torchrun)",
        severity="error", tier=CONSEQUENCE,
        # (-9, -7: the host's OOM killer, /dev/shm; -11: a segfault, runtime.py rank-segfault-exit)
        patterns=(r"(?:elastic\.multiprocessing\.api:|api\.py:\d{1,5}\] )failed \(exitcode: (?P<code>(?!-(?:[79]|11)\))-?\d{1,4})\) local_rank: (?P<local_rank>\d{1,6})",),
        needles=("failed (exitcode",),
        meaning=("torchrun saw a rank exit with this code and stopped the others; the rank's own error is above "
                 "(-6: it aborted, usually a HIP/RCCL error; 1: a Python exception)."),
        causes=(
            C(text="the rank's own error, printed before this line"),
            C(text="a GPU fault or reset on that rank's GPU", check="RD-KERN-001"),
        ),
        fix="Scroll up to the first error of the failed rank.",
        sources=("https://github.com/Vision-CAIR/MiniGPT-4/issues/237", "https://github.com/hiyouga/LlamaFactory/issues/163"),
        examples=("ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: -6) local_rank: 0 (pid: 16) of binary: /opt/conda/bin/python",
                  "stderr: ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 7 (pid: 153932) of binary: /home/panww/miniconda3/tools/bin/python"),
    ),
    S(
        id="dist-store-timeout", family="distributed", title="torch.distributed rendezvous timed out",
        severity="fatal", tier=SETUP,
        patterns=(r"DistStoreError: Timed out after \d{1,9} seconds waiting for (?:clients|workers)",
                  r"The client socket has timed out after \d{1,12}ms while trying to connect to",
                  r"DistStoreError: Socket Timeout",
                  # The TCPStore client (c10d or the elastic agent's c10d rendezvous) never reached the store:
                  # the wording of each torch version, and the elastic agent's wrapper around it.
                  r"\bconnect\(\) timed out\. Original timeout was \d{1,9} ?ms",
                  r"RendezvousConnectionError: The connection to the C10d store has failed",
                  r"\bRendezvousTimeoutError\b"),
        needles=("diststoreerror", "client socket has timed out", "connect() timed out", "c10d store has failed",
                 "rendezvoustimeouterror"),
        meaning="Not every rank reached the rendezvous store in time: some cannot reach MASTER_ADDR:MASTER_PORT, or started late.",
        causes=(
            C(text="MASTER_ADDR resolves to a loopback address or a firewall blocks the port", check="RD-RCCL-001"),
            C(text="the interface the ranks use does not route between the nodes", check="RD-NET-001"),
            C(text="fewer processes started than the world size (a node failed to launch)"),
        ),
        fix="Check that every node reaches MASTER_ADDR:MASTER_PORT; start all nodes together.",
        sources=("https://github.com/pytorch/pytorch/pull/111805", "https://github.com/vllm-project/vllm/issues/19670",
                 "https://github.com/pytorch/pytorch/issues/69197", "https://github.com/pytorch/pytorch/issues/64926"),
        examples=("torch.distributed.DistStoreError: Timed out after 6 seconds waiting for workers. 1/2 workers joined.",
                  "RuntimeError: connect() timed out. Original timeout was 60000 ms.",
                  '    "message": "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",',
                  "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."),
        # At the end of a run that worked, an agent whose peers already left cannot close the rendezvous.
        near_misses=("WARNING:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'elastic-example-imagenet-worker-1_17_0' has failed to shutdown the rendezvous 'none' due to an error of type RendezvousConnectionError.",),
    ),
    S(
        id="dist-address-in-use", family="distributed", title="The rendezvous port is already in use",
        severity="fatal", tier=SETUP,
        # (c10d's own warnings come first and are all an excerpt may hold: the store fails to bind the port,
        # errno 98, on [::] and on 0.0.0.0)
        patterns=(r"(?:RuntimeError|DistNetworkError|EADDRINUSE)\W{1,4}(?:.{0,200}?)\b[Aa]ddress already in use",
                  r"server socket has failed to bind to \S{1,80} \(errno: 98 - Address already in use\)"),
        needles=("address already in use",),
        meaning="MASTER_PORT is taken: another job (or a leftover process of this one) listens on it.",
        causes=(
            C(text="another job uses the same MASTER_PORT on this node"),
            C(text="a previous run's processes are still alive", check="RD-HEALTH-010"),
        ),
        fix="Pick a free MASTER_PORT (or --master_port), or kill the leftover processes.",
        sources=("https://github.com/pytorch/pytorch/issues/17041", "https://github.com/pytorch/pytorch/issues/191560"),
        examples=("RuntimeError: Address already in use",
                  "[W socket.cpp:464] [c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - "
                  "Address already in use)."),
        near_misses=("[W socket.cpp:697] [c10d] The client socket has failed to connect to [localhost]:29500 (errno: 99 "
                     "- Cannot assign requested address).",),
    ),
    S(
        id="deepspeed-launcher-kill", family="distributed", title="The DeepSpeed launcher stopped the other ranks",
        severity="warning", tier=CONSEQUENCE,
        patterns=(r"sigkill_handler\] Killing subprocess (?P<pid>\d{1,9})",),
        needles=("killing subprocess",),
        meaning="One rank failed, so the launcher killed the others; the first rank's error is above.",
        causes=(C(text="the error of the rank that failed first (above this line)"),),
        fix="Scroll up to the first error.",
        sources=("https://github.com/hiyouga/LlamaFactory/issues/251",),
        examples=("[2023-07-26 15:19:24,960] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 45098",),
    ),
    S(
        id="ddp-unused-parameters", family="distributed", title="DDP: parameters took no part in the loss",
        severity="fatal", tier=SETUP,
        patterns=(r"Expected to have finished reduction in the prior iteration before starting a new one",),
        needles=("expected to have finished reduction",),
        meaning="DistributedDataParallel waited for gradients of parameters the forward pass did not use.",
        causes=(C(text="the model has branches or layers unused in some steps (find_unused_parameters=True)"),),
        fix="Pass find_unused_parameters=True to DDP (ddp_find_unused_parameters in HF), or make every output feed the loss.",
        sources=("https://github.com/va1shn9v/PromptIR/issues/30", "https://github.com/open-mmlab/mmdetection/pull/4742"),
        examples=("RuntimeError: Expected to have finished reduction in the prior iteration before starting a new one. This error indicates that your module has parameters that were not used in producing loss.",),
    ),
    S(
        id="store-socket-timeout", family="distributed", title="The rendezvous store timed out",
        severity="fatal", tier=SETUP,
        patterns=(r"RuntimeError: Socket Timeout$",),
        needles=("socket timeout",),
        meaning="A TCPStore get/wait got no answer: a rank never reached the store, or the master went away.",
        causes=(
            C(text="MASTER_ADDR resolves to a loopback address or a firewall blocks the port", check="RD-RCCL-001"),
            C(text="the interface the ranks use does not route between the nodes", check="RD-NET-001"),
        ),
        fix="Check that every node reaches MASTER_ADDR:MASTER_PORT; look for a rank that died before it.",
        sources=("https://github.com/pytorch/pytorch/issues/55571",),
        examples=("RuntimeError: Socket Timeout",),
    ),
    S(
        id="dataparallel-replica-error", family="distributed", title="A DataParallel replica raised an error",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"Caught (?P<exc>\w{1,60}) in replica (?P<replica>\d{1,4}) on device (?P<device>\d{1,4})",),
        needles=("in replica",),
        meaning="nn.DataParallel re-raises the error one replica hit; the 'Original Traceback' after it has the cause.",
        causes=(C(text="the error in the replica's original traceback (below this line)"),),
        fix="Read the Original Traceback; prefer DistributedDataParallel.",
        sources=("https://github.com/pytorch/pytorch/issues/107276",),
        examples=("RuntimeError: Caught RuntimeError in replica 1 on device 1.",),
    ),
    S(
        id="nccl-rem-allocator-failed", family="distributed", title="RCCL/NCCL bootstrap could not set up a peer's buffers",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"\[Rem Allocator\] Allocation failed",),
        needles=("rem allocator",),
        meaning="During bootstrap a remote allocation failed, usually after the peer's connection closed or GPU memory ran out.",
        causes=(
            C(text="another rank exited first (connection closed by peer)"),
            C(text="GPU memory ran out for RCCL's buffers", check="RD-DS-006"),
        ),
        fix="Find the first error on every rank; leave GPU memory headroom.",
        sources=("https://github.com/NVIDIA/nccl/issues/844",),
        examples=("696b7901f9044f23b786795c0ef7257b000000:39:298 [0] bootstrap.cc:279 NCCL WARN [Rem Allocator] Allocation failed (segment 0, fd 130)",),
    ),
    S(
        id="dist-backend-abort", family="distributed", title="The process aborted on a torch.distributed error",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"terminate called after throwing an instance of 'c10::DistBackendError'",),
        needles=("c10::distbackenderror",),
        meaning="A DistBackendError escaped a C++ thread (usually the NCCL watchdog) and aborted the process; the message after it says which collective.",
        causes=(
            C(text="a collective timed out (watchdog); see the WorkNCCL line", check="RD-IOMMU-001"),
            C(text="another rank failed first"),
        ),
        fix="Read the what(): line after it; fix the collective it names.",
        sources=("https://github.com/sgl-project/sglang/issues/1693",),
        examples=("terminate called after throwing an instance of 'c10::DistBackendError'",),
    ),
    S(
        id="nccl-error-trace", family="distributed", title="RCCL/NCCL reported an error code up its call stack",
        severity="error", tier=CONSEQUENCE,
        patterns=(r"NCCL INFO \S{1,300}\.cc:\d{1,6} -> (?P<code>[1-7])\b",),
        needles=(" -> ",),
        meaning=("NCCL_DEBUG=INFO prints the error code as it returns through RCCL (1 unhandled cuda error, 2 system, "
                 "3 internal, 4 invalid argument, 5 invalid usage, 6 remote error); the first WARN line above names the cause."),
        causes=(
            C(text="the network interface RCCL uses (codes 2 and 6)", check="RD-NET-001"),
            C(text="peer-to-peer between the GPUs (code 1)", check="RD-IOMMU-001"),
            C(text="another rank failed first (code 6)"),
        ),
        fix="Read the first NCCL WARN line before the trace.",
        sources=("https://github.com/ROCm/rccl/issues/1454", "https://github.com/NVIDIA/nccl-tests/issues/166"),
        examples=("UVOSLinux:31965:31971 [0] NCCL INFO /usr/src/debug/rccl/build/hipify/src/transport/p2p.cc:473 -> 3",
                  "ubuntu:39964:40044 [0] NCCL INFO misc/socket.cc:749 -> 6"),
        near_misses=("h:1:2 [0] NCCL INFO Channel 00 : 1[1e0] -> 0[1e0] [receive] via NET/Socket/0",),
    ),
    S(
        id="rccl-fine-grain-pcie-missing", family="distributed", title="RCCL: HSA_FORCE_FINE_GRAIN_PCIE=1 not set",
        severity="warning", tier=SETUP,
        patterns=(r'Missing "?HSA_FORCE_FINE_GRAIN_PCIE=1"? from environment',),
        needles=("hsa_force_fine_grain_pcie",),
        meaning=("RCCL warns that fine-grained PCIe memory is off: on PCIe multi-GPU hosts this costs bandwidth "
                 "and AMD lists it among the settings that avoid hangs."),
        causes=(C(text="host settings AMD asks for before training are missing", check="RD-HEALTH-011"),),
        fix="export HSA_FORCE_FINE_GRAIN_PCIE=1 for PCIe multi-GPU training (not needed on XGMI systems).",
        sources=("https://github.com/ROCm/rccl/issues/1026", "https://github.com/ROCm/rccl/issues/908"),
        examples=('g1072:1263988:1263988 [3] /long_pathname_so_that_rpms_can_package_the_debug_info/src/extlibs/rccl/build/src/init.cpp:126 NCCL WARN Missing "HSA_FORCE_FINE_GRAIN_PCIE=1" from environment which can lead to low RCCL performance, system instablity or hang!',),
    ),
    S(
        id="launcher-ssh-unreachable", family="distributed", title="The multi-node launcher cannot reach a node over ssh",
        severity="fatal", tier=SETUP,
        # DeepSpeed's runner checks every hostfile node with `ssh <host> hostname` (exit status 255 is ssh's own
        # failure); pdsh and mpirun print ssh's message.
        patterns=(r"host=\S{1,200} was not reachable via ssh",
                  r"Command \S{0,3}ssh (?:-o \S{1,80} |-p \d{1,5} ){0,4}\S{1,200} hostname[^']{0,40}'\S{0,2} returned non-zero exit status 255",
                  r"ssh: connect to host \S{1,200} port \d{1,5}: (?:Connection refused|No route to host|Connection timed out|Network is unreachable)",
                  r"ssh exited with exit code 255"),
        needles=("reachable via ssh", "exit status 255", "ssh: connect to host", "exited with exit code 255"),
        meaning=("Before starting any rank, the launcher logs into every node of the hostfile over ssh; a node "
                 "refused, did not answer, or asked for a password."),
        causes=(
            C(text="passwordless ssh is not set up from this node to the others (or to itself for localhost)"),
            C(text="sshd listens on another port (containers): the launcher needs --ssh_port"),
            C(text="the hostfile names an address this node cannot route to", check="RD-NET-001"),
        ),
        fix="`ssh -o PasswordAuthentication=no HOST hostname` must work from the launching node for every host; or launch with torchrun per node.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/4907", "https://github.com/BAAI-WuDao/EVA/issues/3",
                 "https://github.com/hpcac/2023-APAC-HPC-AI/issues/1"),
        examples=("subprocess.CalledProcessError: Command 'ssh -o PasswordAuthentication=no 192.168.3.100 hostname' returned non-zero exit status 255.",
                  "ssh: connect to host 175.24.121.148 port 22: No route to host",
                  "subprocess.CalledProcessError: Command '['ssh 175.24.121.148 hostname -I']' returned non-zero exit status 255."),
        near_misses=("subprocess.CalledProcessError: Command '['ninja', '-v']' returned non-zero exit status 1.",),
    ),
    S(
        id="nccl-duplicate-gpu", family="distributed", title="Two ranks are on the same GPU",
        severity="fatal", tier=SETUP,
        patterns=(r"Duplicate GPU detected : rank (?P<rank>\d{1,6}) and rank (?P<peer>\d{1,6}) both on (?:CUDA|HIP) device (?P<busid>[0-9a-fA-F]{1,16})",),
        needles=("duplicate gpu detected",),
        meaning=("RCCL/NCCL found two ranks of one communicator on the same GPU (same PCI bus id): each rank "
                 "must own one GPU, and these ranks picked the same one."),
        causes=(
            C(text="the script does not bind each rank to its GPU (torch.cuda.set_device(LOCAL_RANK)), or hard-codes one device",
              fix="call torch.cuda.set_device(int(os.environ['LOCAL_RANK'])) before init_process_group"),
            C(text="visible-device variables that give every rank the same single GPU, or more ranks than GPUs",
              check="RD-ENV-003"),
            C(text="a launcher or framework that places workers itself (Ray, MPI) with GPUs it did not assign"),
        ),
        fix="Give each rank its own GPU: set the device from LOCAL_RANK, and no more ranks per node than visible GPUs.",
        sources=("https://github.com/verl-project/verl/issues/161", "https://github.com/horovod/horovod/issues/3929",
                 "https://github.com/Peterande/D-FINE/issues/289"),
        examples=("Duplicate GPU detected : rank 1 and rank 0 both on CUDA device 10",
                  "[1,2]<stdout>:smc-gpu-03:29880:30398 [0] init.cc:497 NCCL WARN Duplicate GPU detected : rank 2 and rank 0 both on CUDA device 1000"),
    ),
    S(
        id="nccl-no-socket-interface", family="distributed", title="RCCL/NCCL found no usable network interface",
        severity="fatal", tier=SETUP,
        # The interface selection (NCCL_SOCKET_IFNAME / the default filter) matched nothing, in several releases' words:
        # an explicit "no socket interface", a socket of no address family, an address that is neither IPv4 nor IPv6.
        patterns=(r"Bootstrap ?: ?no (?:NCCL_SOCKET_IFNAME )?(?:socket )?interface found",
                  r"Socket creation failed ?: ?Address family not supported by protocol",
                  r"ncclSocketInit: connecting to address\s{1,4}with family \d{1,6} is neither AF_INET"),
        needles=("interface found", "address family not supported", "is neither af_inet"),
        meaning=("Ranks bootstrap over TCP sockets; the interface RCCL/NCCL should use was not found, so it has "
                 "no address to connect from or to."),
        causes=(
            C(text="NCCL_SOCKET_IFNAME (or GLOO_SOCKET_IFNAME) names an interface this host does not have", check="RD-NET-001"),
            C(text="the container or node has no IP interface except loopback (network namespace without a NIC)"),
            C(text="nodes disagree on IPv4/IPv6 (one resolves to an address family the other cannot use)"),
        ),
        fix="Set NCCL_SOCKET_IFNAME to an interface `ip -br addr` shows on every node (or unset it).",
        sources=("https://github.com/NVIDIA/nccl/issues/1837", "https://github.com/NVIDIA/nccl/issues/210",
                 "https://github.com/marin-community/marin/issues/6940"),
        examples=("include/socket.h:344 WARN Socket creation failed : Address family not supported by protocol",
                  "[trainer0|0]:ncclSocketInit: connecting to address  with family 59936 is neither AF_INET(2) nor AF_INET6(10)"),
        near_misses=("node1:12345:12345 [0] NCCL INFO NET/Socket : 1 interfaces found",),
    ),
    S(
        id="vllm-shm-broadcast-wait", family="distributed", title="vLLM's workers stopped answering (a hang)",
        severity="fatal", tier=CONSEQUENCE,
        patterns=(r"No available shared memory broadcast block found in \d{1,6} seconds",),
        needles=("shared memory broadcast block",),
        meaning=("vLLM's engine waited a minute for its tensor/data-parallel workers; repeated, or where the log "
                 "ends, a worker is stuck (usually in a collective), not compiling."),
        causes=(
            C(text="a worker hangs in an RCCL/NCCL collective (a transport or RCCL release problem)", check="RD-BENCH-004"),
            C(text="peer-to-peer between the GPUs is blocked by the IOMMU", check="RD-IOMMU-001"),
            C(text="a long compile or weight quantization on first start (it ends by itself)"),
        ),
        fix=("Run the all-reduce test (`rocmdoctor bench allreduce`); with NCCL_DEBUG=INFO see which rank stops; "
             "on ROCm try another RCCL release or VLLM_DISABLE_COMPILE_CACHE/--enforce-eager to rule out the compile."),
        sources=("https://github.com/vllm-project/vllm/issues/39010", "https://github.com/vllm-project/vllm/issues/44185"),
        examples=("(EngineCore pid=104) INFO 04-05 03:17:09 [shm_broadcast.py:681] No available shared memory broadcast "
                  "block found in 60 seconds. This typically happens when some processes are hanging or doing some "
                  "time-consuming work (e.g. compilation, weight/kv cache quantization).",),
        near_misses=("INFO 04-05 03:16:09 [shm_broadcast.py:289] vLLM message queue communication handle: Handle(...)",),
        terminal=True,
    ),
    S(
        # The runtime's own words for cudaErrorPeerAccessUnsupported / hipErrorPeerAccessUnsupported, quoted by a
        # library that needs peer access between two GPUs (vLLM's and SGLang's custom all-reduce, NCCL/RCCL P2P).
        id="peer-access-unsupported", family="distributed", title="Two GPUs cannot access each other peer-to-peer",
        severity="fatal", tier=RUNTIME,
        supersedes=("cuda-error-quoted",),  # the same line: the quoted error is this refusal
        patterns=(r"peer access is not supported between these two devices",),
        needles=("peer access is not supported",),
        meaning=("A multi-GPU library asked the runtime for direct peer access between two GPUs and the runtime "
                 "refused: on this topology (PCIe switch, IOMMU translation, a consumer board) the GPUs cannot "
                 "map each other's memory."),
        causes=(
            C(text="the IOMMU translates GPU peer-to-peer DMA on this multi-GPU host", check="RD-IOMMU-001"),
            C(text="GPUs cannot reach each other peer-to-peer", check="RD-BENCH-004",
              fix="turn the library's P2P path off (vLLM/SGLang: --disable-custom-all-reduce; NCCL_P2P_DISABLE=1)"),
            C(text="the large BAR that peer access needs is off", check="RD-PCIE-003"),
        ),
        fix="Disable the custom all-reduce (--disable-custom-all-reduce) or P2P, or fix the IOMMU/BAR setup.",
        sources=("https://github.com/sgl-project/sglang/issues/1509",),
        examples=("Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:307 'peer access is not supported between "
                  "these two devices'",),
        near_misses=("Custom allreduce is disabled because it's not supported on more than two PCIe-only GPUs.",),
    ),
    # A rank's native stack (TORCH_SHOW_CPP_STACKTRACES, a watchdog's dump) stopped inside ProcessGroupNCCL's
    # broadcast of the NCCL unique ID: every rank but 0 waits on the store for the ID rank 0 publishes, so the rank
    # hung (or timed out) at rendezvous, whatever line the paste ends on (THUDM/slime#1309).
    S(
        id="nccl-uniqueid-store-wait", family="distributed",
        title="A rank waited on the store for the NCCL unique ID (communicator setup)",
        severity="error", tier=SETUP,
        patterns=(r"c10d::ProcessGroupNCCL::broadcastUniqueNCCLID\b",),
        needles=("broadcastuniquencclid",),
        meaning=("The stack shows the rank inside ProcessGroupNCCL's setup of a communicator, reading rank 0's NCCL "
                 "unique ID from the rendezvous store: rank 0 never wrote it (it failed or is elsewhere in the "
                 "program), or the store is unreachable from this rank."),
        causes=(
            C(text="rank 0 failed or did not reach the same collective (its own error is in its log)"),
            C(text="the store's address or port is not reachable between the nodes", check="RD-NET-001"),
        ),
        fix=("Read rank 0's log for its first error; check MASTER_ADDR/MASTER_PORT reach every node and that all ranks "
             "call the same collectives in the same order (TORCH_DISTRIBUTED_DEBUG=DETAIL)."),
        sources=("https://github.com/THUDM/slime/issues/1309",
                 "https://docs.pytorch.org/docs/stable/distributed.html#torch.distributed.init_process_group"),
        examples=("frame #9: c10d::ProcessGroupNCCL::broadcastUniqueNCCLID(ncclUniqueId*, bool, std::__cxx11::basic_"
                  "string<char, std::char_traits<char>, std::allocator<char> > const&, int) + 0x5c4 (0x7f9794cce5e4 in "
                  "/usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",),
        near_misses=("frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x1554e9e1871c in "
                     "/usr/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)",),
    ),
    # A live stack dump (Python's faulthandler on a timeout or signal, py-spy dump), not an exception's traceback: a
    # thread of the process sits inside a torch.distributed collective, so the rank was waiting for its peers when
    # the dump was taken. faulthandler writes `line N in f` (a traceback writes `line N, in f`); py-spy `f (file:N)`.
    S(
        id="stack-dump-in-collective", family="distributed",
        title="A stack dump shows the process waiting inside a collective (a hang)",
        severity="error", tier=CONSEQUENCE,
        patterns=(r'File "[^"]{0,300}torch/distributed/distributed_c10d\.py", line \d{1,6} in (?P<call>' + _COLLECTIVES
                  + r')\b',
                  r"^\s{0,12}(?P<call2>" + _COLLECTIVES + r") \([^)\s]{0,300}torch/distributed/distributed_c10d\.py:"
                  r"\d{1,6}\)"),
        needles=("distributed_c10d.py",),
        meaning=("A dump of the process's threads (Python's faulthandler, py-spy) shows one inside a torch.distributed "
                 "collective: the rank was waiting for its peers when the dump was taken. A rank that never reached "
                 "the same collective (it failed, is slower, or called another one) or a transport that cannot move "
                 "the data keeps it there until the timeout."),
        causes=(
            C(text="another rank failed or called a different collective (its own log shows where it is)"),
            C(text="the IOMMU translates GPU peer-to-peer DMA, so the first collectives hang", check="RD-IOMMU-001"),
            C(text="PCIe ACS redirects peer-to-peer traffic", check="RD-PCIE-001"),
            C(text="rank 0 did long CPU work (preprocessing, checkpoint save) beyond the timeout"),
        ),
        fix=("Dump every rank (py-spy dump --pid) and compare where each one is; run with TORCH_DISTRIBUTED_DEBUG=DETAIL "
             "and NCCL_DEBUG=INFO to see the collective each rank last entered."),
        sources=("https://github.com/pytorch/torchtitan/issues/168", "https://docs.python.org/3/library/faulthandler.html",
                 "https://github.com/benfred/py-spy#how-does-py-spy-work"),
        examples=('[rank0]:  File "/home/gchauhan/my_envs/llm-amd/lib/python3.11/site-packages/torch/distributed/'
                  'distributed_c10d.py", line 3230 in scatter',),
        near_misses=('  File "/usr/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 3230, in '
                     'scatter',),
    ),
)
