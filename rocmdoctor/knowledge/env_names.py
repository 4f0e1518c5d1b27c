"""Environment variables the ROCm runtime, HIP, RCCL/NCCL and MIOpen read, by name: a name
one or two letters away from one of these (``HSA_FORCE_FINE_GRAIN_PRICE``) is a misspelling that
silently does nothing. Only names close to a known one are judged, so a variable missing here
is never flagged, only missed.

Sources: ROCR-Runtime environment variables; HIP environment variables (HIP debugging);
the NCCL user guide's environment variables (RCCL reads the same names) and RCCL usage tips;
MIOpen's documentation; PyTorch's HIP/ROCm notes.
"""
from __future__ import annotations

import re

SOURCES = (
    "https://rocm.docs.amd.com/projects/ROCR-Runtime/en/latest/api-reference/environment_variables.html",
    "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/env_variables.html",
    "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html",
    "https://rocm.docs.amd.com/projects/rccl/en/latest/how-to/rccl-usage-tips.html",
    "https://rocm.docs.amd.com/projects/MIOpen/en/latest/how-to/debug-log.html",
)

# The families judged: a name with one of these prefixes is a runtime setting, not the user's own.
PREFIXES = ("HSA_", "ROCR_", "HIP_", "NCCL_", "RCCL_", "MIOPEN_", "AMD_", "ROCM_")

KNOWN = frozenset("""
HSA_OVERRIDE_GFX_VERSION HSA_FORCE_FINE_GRAIN_PCIE HSA_ENABLE_SDMA HSA_ENABLE_PEER_SDMA HSA_ENABLE_INTERRUPT
HSA_ENABLE_SCRATCH_ASYNC_RECLAIM HSA_NO_SCRATCH_RECLAIM HSA_SCRATCH_SINGLE_LIMIT HSA_XNACK HSA_CU_MASK
HSA_TOOLS_LIB HSA_TOOLS_REPORT_LOAD_FAILURE HSA_DISABLE_FRAGMENT_ALLOCATOR HSA_ENABLE_DEBUG HSA_SVM_GUARD_PAGES
HSA_DISABLE_CACHE HSA_ENABLE_MWAITX HSA_AMD_P2P HSA_LOCAL_MEMORY_ENABLE HSA_COOP_CU_COUNT HSA_MAX_QUEUES
HSA_ENABLE_IPC_MODE_LEGACY HSA_IGNORE_SRAMECC_MISREPORT HSA_USE_SVM HSA_ENABLE_SDMA_GANG HSA_OVERRIDE_CPU_AFFINITY_DEBUG
HSA_ENABLE_SDMA_COPY_SIZE_OVERRIDE HSA_SCRATCH_MEM HSA_DISABLE_IMAGE HSA_IMAGE_PRINT_SRD HSA_CHECK_FLAT_SCRATCH
HSA_ENABLE_PROFILING
ROCR_VISIBLE_DEVICES
HIP_VISIBLE_DEVICES HIP_LAUNCH_BLOCKING HIP_FORCE_DEV_KERNARG HIP_PLATFORM HIP_PATH HIP_CLANG_PATH HIP_DB
HIP_TRACE_API HIP_HOST_COHERENT HIP_MEM_POOL_SUPPORT HIP_INITIAL_DM_SIZE HIP_ENABLE_DEFERRED_LOADING
HIP_USE_RUNTIME_UNBUNDLER HIP_COMPILER HIP_RUNTIME HIP_FORCE_QUEUE_PROFILING HIP_DEVICE_LIB_PATH HIP_ROCCLR_HOME
HIP_ARCHITECTURES HIP_LIB_PATH HIP_INCLUDE_PATH HIP_HIDDEN_FREE_MEM HIP_VMEM_MANAGE_SUPPORT HIP_FORCE_SPIRV_CODEOBJECT
AMD_LOG_LEVEL AMD_LOG_MASK AMD_LOG_LEVEL_FILE AMD_SERIALIZE_KERNEL AMD_SERIALIZE_COPY AMD_DIRECT_DISPATCH
AMD_OCL_WAIT_COMMAND AMD_CPU_AFFINITY AMD_GPU_FORCE_SINGLE_FP_DENORM AMD_SAFE_MODE
NCCL_SOCKET_IFNAME NCCL_SOCKET_FAMILY NCCL_SOCKET_NTHREADS NCCL_NSOCKS_PERTHREAD NCCL_CROSS_NIC NCCL_IB_HCA
NCCL_IB_TIMEOUT NCCL_IB_RETRY_CNT NCCL_IB_GID_INDEX NCCL_IB_ADDR_FAMILY NCCL_IB_ADDR_RANGE NCCL_IB_ROCE_VERSION_NUM
NCCL_IB_SL NCCL_IB_TC NCCL_IB_FIFO_TC NCCL_IB_RETURN_ASYNC_EVENTS NCCL_IB_QPS_PER_CONNECTION NCCL_IB_SPLIT_DATA_ON_QPS
NCCL_IB_CUDA_SUPPORT NCCL_IB_PCI_RELAXED_ORDERING NCCL_IB_ADAPTIVE_ROUTING NCCL_IB_AR_THRESHOLD NCCL_IB_DISABLE
NCCL_IB_MERGE_VFS NCCL_IB_MERGE_NICS NCCL_IB_USE_INLINE NCCL_IB_ECE_ENABLE NCCL_OOB_NET_ENABLE NCCL_OOB_NET_IFNAME
NCCL_UID_STAGGER_THRESHOLD NCCL_UID_STAGGER_RATE NCCL_NET NCCL_NET_PLUGIN NCCL_TUNER_PLUGIN NCCL_PROFILER_PLUGIN
NCCL_IGNORE_CPU_AFFINITY NCCL_CONF_FILE NCCL_DEBUG NCCL_DEBUG_FILE NCCL_DEBUG_SUBSYS NCCL_COLLNET_ENABLE
NCCL_COLLNET_NODE_THRESHOLD NCCL_TOPO_FILE NCCL_TOPO_DUMP_FILE NCCL_SET_THREAD_NAME NCCL_P2P_DISABLE NCCL_P2P_LEVEL
NCCL_P2P_DIRECT_DISABLE NCCL_P2P_USE_CUDA_MEMCPY NCCL_P2P_NET_CHUNKSIZE NCCL_P2P_PCI_CHUNKSIZE NCCL_P2P_NVL_CHUNKSIZE
NCCL_SHM_DISABLE NCCL_SHM_USE_CUDA_MEMCPY NCCL_SHM_MEMCPY_MODE NCCL_SHM_LOCALITY NCCL_BUFFSIZE NCCL_NTHREADS
NCCL_MAX_NCHANNELS NCCL_MIN_NCHANNELS NCCL_MAX_CTAS NCCL_MIN_CTAS NCCL_CHECKS_DISABLE NCCL_CHECK_POINTERS
NCCL_LAUNCH_MODE NCCL_NET_GDR_LEVEL NCCL_NET_GDR_READ NCCL_NET_SHARED_BUFFERS NCCL_NET_SHARED_COMMS
NCCL_SINGLE_RING_THRESHOLD NCCL_LL_THRESHOLD NCCL_LL128_THRESHOLD NCCL_TREE_THRESHOLD NCCL_ALGO NCCL_PROTO
NCCL_IGNORE_DISABLED_P2P NCCL_MAX_P2P_NCHANNELS NCCL_MIN_P2P_NCHANNELS NCCL_GRAPH_REGISTER NCCL_GRAPH_MIXING_SUPPORT
NCCL_LOCAL_REGISTER NCCL_DMABUF_ENABLE NCCL_NVLS_ENABLE NCCL_NVLS_NCHANNELS NCCL_CUMEM_ENABLE NCCL_CUMEM_HOST_ENABLE
NCCL_MNNVL_ENABLE NCCL_RAS_ENABLE NCCL_ASYNC_ERROR_HANDLING NCCL_BLOCKING_WAIT NCCL_COMM_BLOCKING
NCCL_CGA_CLUSTER_SIZE NCCL_NVB_DISABLE NCCL_PXN_DISABLE NCCL_P2P_PXN_LEVEL NCCL_RUNTIME_CONNECT NCCL_WORK_FIFO_DEPTH
NCCL_NCHANNELS_PER_NET_PEER NCCL_NET_GDR_C2C NCCL_NVLS_CHUNKSIZE NCCL_MAX_NRINGS NCCL_MIN_NRINGS NCCL_TOPO_DUMP
NCCL_PROTO_LL128 NCCL_ENABLE_DMABUF_SUPPORT NCCL_NVLINK_DISABLE NCCL_HOSTID NCCL_WARN_ENABLE_DEBUG_INFO
NCCL_ENABLE_CLIQUE NCCL_MIN_NCHANNELS_NET NCCL_IB_GDR_LEVEL
NCCL_NCHANNELS_PER_PEER
RCCL_MSCCL_ENABLE RCCL_MSCCL_FORCE_ENABLE RCCL_MSCCLPP_ENABLE RCCL_MSCCLPP_THRESHOLD RCCL_KERNEL_COLL_TRACE_ENABLE
RCCL_ENABLE_SIGNALHANDLER RCCL_LL128_FORCE_ENABLE RCCL_ENABLE_INTRANET RCCL_FORCE_ENABLE_DMABUF RCCL_DUMP_TOPO
MIOPEN_USER_DB_PATH MIOPEN_CUSTOM_CACHE_DIR MIOPEN_FIND_MODE MIOPEN_FIND_ENFORCE MIOPEN_LOG_LEVEL MIOPEN_ENABLE_LOGGING
ROCM_PATH ROCM_HOME ROCM_VERSION HCC_AMDGPU_TARGET
MIOPEN_ENABLE_LOGGING_CMD MIOPEN_DISABLE_CACHE MIOPEN_SYSTEM_DB_PATH MIOPEN_DEBUG_DISABLE_FIND_DB
MIOPEN_DEBUG_FIND_ONLY_SOLVER MIOPEN_ENABLE_SQLITE MIOPEN_DEBUG_AMD_ROCM_PRECOMPILED_BINARIES MIOPEN_COMPILE_PARALLEL_LEVEL
""".split())


def _distance(a: str, b: str, cap: int = 3) -> int:
    """Damerau-Levenshtein distance (adjacent transpositions count 1), stopping past ``cap``."""
    if abs(len(a) - len(b)) > cap:
        return cap + 1
    prev2, prev = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
            if prev2 is not None and i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cur[j] = min(cur[j], prev2[j - 2] + 1)
        if min(cur) > cap:
            return cap + 1
        prev2, prev = prev, cur
    return prev[-1]


def misspelt(name: str) -> str | None:
    """The known variable ``name`` most likely means, when it is not itself one: the same name in
    another case, or a known name of its family one or two edits away (names of 10 letters or
    more, where two edits cannot turn one real setting into another by chance)."""
    if name in KNOWN:
        return None
    upper = name.upper()
    if upper in KNOWN:
        return upper
    if upper == "HSA_VISIBLE_DEVICES":  # ROCr is the HSA runtime, but its device filter is named for ROCr
        return "ROCR_VISIBLE_DEVICES"
    if len(name) < 10:
        return None
    if not upper.startswith(PREFIXES):
        return _prefix_misspelt(upper)
    best = min(((_distance(upper, k), k) for k in KNOWN if k[:3] == upper[:3]), default=(9, None))
    return best[1] if best[0] <= 2 else None


# Settings every application names after itself (API_LOG_LEVEL, APP_LOG_FILE): a runtime setting with the same
# words (AMD_LOG_LEVEL) is no sign that the first word is a misspelling of the runtime's.
_APP_TAILS = ("LOG_",)


def _prefix_misspelt(upper: str) -> str | None:
    """A known setting whose family word alone is misspelt (HSE_AMDGPU_TARGET for HCC_AMDGPU_TARGET,
    ROCM_VISIBLE_DEVICES is caught by its prefix above): the words after the first are a known name's,
    at least two of them, and the first word is one or two edits from that name's."""
    head, _, tail = upper.partition("_")
    if tail.count("_") < 1 or upper.startswith(("CUDA_", "NVIDIA_", "GPU_", "PYTORCH_", "TORCH_")) \
            or tail.startswith(_APP_TAILS):
        return None
    hits = [k for k in KNOWN if k.partition("_")[2] == tail and 0 < _distance(head, k.partition("_")[0]) <= 2]
    return hits[0] if len(hits) == 1 else None


# A name with a word left out, or one word short, of a known setting (RD-ENV-004), and the setting a
# misspelt name was meant to be when its value fits it.
def shortened(name: str) -> str | None:
    """A known setting ``name`` leaves words out of (NCCL_IFNAME for NCCL_SOCKET_IFNAME): the
    same family prefix and last word, its words those of exactly one known name but one."""
    if name in KNOWN or not name.startswith(PREFIXES) or name.count("_") < 1:
        return None
    words = name.split("_")

    def within(short: list[str], long: list[str]) -> bool:
        it = iter(long)
        return all(w in it for w in short)

    hits = sorted(k for k in KNOWN if k.split("_")[0] == words[0] and k.split("_")[-1] == words[-1]
                  and len(k.split("_")) == len(words) + 1 and within(words, k.split("_")))
    hits = [k for k in hits if k not in _LEGACY_NAMES] or hits  # NCCL_IB_GDR_LEVEL: the old name of NCCL_NET_GDR_LEVEL
    return hits[0] if len(hits) == 1 else None


# Old names a setting is still read under; when a short name fits both, the current one is meant.
_LEGACY_NAMES = frozenset({"NCCL_IB_GDR_LEVEL"})


def truncated(name: str) -> list[str]:
    """Known settings ``name`` is the start of, one word short (NCCL_NET_GDR for NCCL_NET_GDR_LEVEL or
    NCCL_NET_GDR_READ): as written it sets nothing."""
    if name in KNOWN or not name.startswith(PREFIXES) or name.count("_") < 2:
        return []
    return sorted(k for k in KNOWN if k.startswith(name + "_") and k.count("_") == name.count("_") + 1)


# Integer settings with a documented range (NCCL env docs): a value outside it was meant for
# something else (NCCL_TIMEOUT=1800 is a timeout in seconds, not NCCL_IB_TIMEOUT's exponent 1-31),
# so the name with that range is not what the user meant.
NCCL_ENV = "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/env.html"
_VALUE_RANGE = {"NCCL_IB_TIMEOUT": (1, 31), "NCCL_IB_RETRY_CNT": (0, 7), "NCCL_NET_GDR_READ": (0, 1),
                "NCCL_NET_GDR_LEVEL": (0, 5), "NCCL_NET_GDR_C2C": (0, 1)}


def _fits(meant: str, value) -> bool:
    lo_hi = _VALUE_RANGE.get(meant)
    text = str(value).strip().strip("\"'")
    if lo_hi is None or not text.lstrip("-").isdigit():
        return True  # no range known, or a symbolic value (NCCL_NET_GDR_LEVEL=PHB): not judged by value
    return lo_hi[0] <= int(text) <= lo_hi[1]


# The caching allocator's config is read under PYTORCH_ALLOC_CONF (torch 2.9+), PYTORCH_CUDA_ALLOC_CONF and, in a
# ROCm build, PYTORCH_HIP_ALLOC_CONF (c10's AllocatorConfig); another name holding allocator options
# (PYTORCH_ROCM_ALLOC_CONF, TORCH_CUDA_ALLOC_CONF, PYTORCH_HIP_ALLOC_CONFIG) is read by nothing.
ALLOC_CONF_NAMES = ("PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF")
_ALLOC_LIKE = re.compile(r"^(?:PY)?TORCH_\w{0,40}ALLOC\w{0,40}_CONF\w{0,40}$", re.I)  # bounded: names are short
_ALLOC_VALUE = re.compile(r"(?:^|,)\s*(?:expandable_segments|max_split_size_mb|garbage_collection_threshold|"
                          r"roundup_power2_divisions|backend|per_process_memory_fraction)\s*:", re.I)


def alloc_conf_meant(name: str, value) -> str | None:
    """The allocator variable a name holding allocator options was meant to be (None: it is one, or is not like one)."""
    if len(name) > 128 or name.upper() in ALLOC_CONF_NAMES or not _ALLOC_LIKE.match(name) \
            or not _ALLOC_VALUE.search(str(value)):
        return None
    upper = name.upper()
    return ("PYTORCH_HIP_ALLOC_CONF" if "HIP" in upper or "ROCM" in upper
            else "PYTORCH_CUDA_ALLOC_CONF" if "CUDA" in upper else "PYTORCH_ALLOC_CONF")


def meant(name: str, value) -> str | None:
    """The setting a misspelt or shortened name was meant to be, when its value fits that setting."""
    alloc = alloc_conf_meant(name, value)
    if alloc:
        return alloc
    one = misspelt(name) or shortened(name)
    cands = [one] if one else truncated(name)
    cands = [c for c in cands if _fits(c, value)]
    return " or ".join(cands) if cands else None
