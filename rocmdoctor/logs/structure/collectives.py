"""Collectives: NCCL/RCCL error classes and their ``Last error:`` line, collective tests' header,
rows and end, the last set-up lines a rank prints before it blocks, and the torch.distributed
functions that set up a process group or run a collective."""
from __future__ import annotations

import re


# NCCL/RCCL error classes (nccl.h) and the words torch's ProcessGroupNCCL prints for them.
NCCL_CLASSES = {
    "ncclUnhandledCudaError": "unhandled cuda error", "ncclSystemError": "unhandled system error",
    "ncclInternalError": "internal error", "ncclInvalidArgument": "invalid argument",
    "ncclInvalidUsage": "invalid usage", "ncclRemoteError": "remote process exited",
    "ncclInProgress": "in progress",
}
_NCCL_CLASS = re.compile(r"\b(?P<cls>nccl(?:UnhandledCudaError|SystemError|InternalError|InvalidArgument|InvalidUsage|"
                         r"RemoteError))\b")
_NCCL_WORDS = re.compile(r"NCCL error(?: in: \S{1,300})?,? (?P<words>unhandled cuda error|unhandled system error|"
                         r"internal error|invalid argument|invalid usage|remote process exited)", re.I)
_LAST_ERROR = re.compile(r"^\s{0,8}Last error:\s{0,4}(?P<rest>.{0,400})$")

# Collective tests (nccl-tests/rccl-tests): the header, the column header, data rows, the end.
# The header as each version prints it: "# nThread 1 nGpus 8 ...", "# nThreads: 1 nGpus: 2 nRanks: 1 ...",
# "# rccl-tests version 2.18.3 ...". Not the device lines ("#  Rank  0 Group  0 Pid ..."): an excerpt that
# starts there is a piece cut from a longer log, which says nothing of the rows.
_CT_HEADER = re.compile(r"^#\s{0,4}(?:nThreads?:?\s{0,2}\d{1,6}\s{1,4}nGpus:?\s{0,2}\d{1,6}|(?:nccl|rccl)-tests version\b)",
                        re.I)
_CT_ROW = re.compile(r"^\s{0,16}\d{1,14}\s{1,16}\d{1,14}\s{1,16}(?:float|half|bfloat16|double|int\d{0,2}|uint\d{0,2}|"
                     r"fp8\w{0,8}|int8|uint8)\b", re.I)
_CT_END = re.compile(r"^#\s{0,4}(?:Avg bus bandwidth|Out of bounds values|Collective test concluded)", re.I)

# The last things a rank prints before it blocks in a collective.
# NCCL_DEBUG=INFO's record of a collective being launched ("NCCL INFO AllReduce: opCount 28e sendbuff ..."):
# the last line of a log, it is a collective that never completed.
_COLLECTIVE_LAUNCH = re.compile(r"NCCL INFO \w{2,24}: opCount [0-9a-f]{1,12} sendbuff\b")
_COLLECTIVE_WAIT = re.compile(r"Reducer buckets have been rebuilt|NCCL INFO (?:Bootstrap|NET/|cudaDriverVersion|"
                              r"Using network|Channel \d|Connected all|comm 0x|ncclCommInit|Setting affinity|nranks)|"
                              r"Running collective: CollectiveFingerPrint|Init COMPLETE", re.I)

# The functions that set up a process group or run a collective, in torch.distributed and in the wrappers that
# call it (vLLM's model-parallel groups, Ray's collective groups, DeepSpeed's init_distributed): a traceback cut
# off inside one of them was raised by the distributed layer.
COLLECTIVE_FUNC = re.compile(r"^(?:init_process_group|new_group|init_collective_group|init_model_parallel_group|"
                             r"initialize_model_parallel|ensure_model_parallel_initialized|init_distributed\w{0,20}|"
                             r"_store_based_barrier|barrier|all_reduce|all_gather\w{0,20}|reduce_scatter\w{0,20}|"
                             r"all_to_all\w{0,10}|broadcast_object_list|_?rendezvous\w{0,20}|"
                             # wrapping the model in DDP broadcasts its parameters from rank 0 (torch's DDP __init__,
                             # Lightning's configure_ddp / init_ddp_connection): the first collective of many jobs
                             r"_?configure_ddp|init_ddp_connection|_?setup_distributed|_sync_module_states|"
                             r"_sync_params_and_buffers|_verify_param_shape_across_processes)$")


# What a process is doing when it runs a collective, in the lines just before a GPU fault: a collective test case
# starting (RCCL's gtest "[ RUN      ] AllGatherCorrectnessSweep/...", rccl#59), NCCL_DEBUG's launch record, or a
# call into RCCL's collective API in a trace (ncclAllReduce, ncclGroupEnd).
_COLLECTIVE_WORD = r"(?:AllReduce|AllGather|ReduceScatter|Broadcast|AllToAll|Reduce|SendRecv|Gather|Scatter)"
_RUNNING_COLLECTIVE = re.compile(r"^\[ RUN\s{1,8}\] \S{0,200}?" + _COLLECTIVE_WORD + r"|"
                                 r"NCCL INFO \w{2,24}: opCount [0-9a-f]{1,12}\b|"
                                 r"\bnccl(?:" + _COLLECTIVE_WORD[3:-1] + r"|Send|Recv|GroupEnd)\b")
COLLECTIVE_BEFORE = 8  # non-empty lines before the fault that may show the collective


def collective_before(lines: list[str], at: int) -> str:
    """The line among the COLLECTIVE_BEFORE non-empty lines before ``lines[at]`` that shows a collective running
    ("" when none does)."""
    seen = 0
    for j in range(at - 1, -1, -1):
        t = lines[j].strip()
        if not t:
            continue
        if _RUNNING_COLLECTIVE.search(t[:2000]):
            return t
        seen += 1
        if seen >= COLLECTIVE_BEFORE:
            break
    return ""
