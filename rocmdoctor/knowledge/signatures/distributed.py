"""Log signatures: RCCL/NCCL and torch.distributed (launchers, collectives, sockets, watchdogs).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
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
    S(
        id="nccl-socket-connect", family="distributed", title="Cannot connect to a peer (bootstrap)",
        severity="fatal", tier=SETUP,
        patterns=(
            r"socket(?:Start|Poll)?Connect: Connect to \S{1,64} (?:failed|returned)",
            "Call to connect returned Connection refused",
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
        ),
        examples=(
            "NCCL WARN socketStartConnect: Connect to 10.0.0.2<35353> failed : Connection refused",
            "NCCL WARN Call to connect returned Connection refused, retrying",
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
        id="nccl-shm-full", family="distributed", title="/dev/shm too small for RCCL",
        severity="fatal", tier=SETUP,
        patterns=(
            r"Error while creating shared memory segment /dev/shm/nccl-\S{1,32}",
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
        examples=("NCCL WARN Error while creating shared memory segment /dev/shm/nccl-T6Ud2N (size 9637888)",),
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
        block=(
            r"^\s{0,8}(?:time|host|rank|exitcode|error_file|traceback)\s{0,8}:",
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
)
