"""RDMA devices (/sys/class/infiniband): the HCAs NCCL_IB_HCA can name.

A host without RDMA drivers has no /sys/class/infiniband at all, so an absent directory is an
answer (no devices) where the source says the path is missing; a snapshot that never recorded the
path answers nothing (unknown), never "none".
"""
from __future__ import annotations

import posixpath

from . import Missing, fact

CLASS_DIR = "/sys/class/infiniband"


@fact("rdma_devices")
def rdma_devices(ctx) -> list[str]:
    """Names of the RDMA devices (mlx5_0, bnxt_re0, irdma0 ...); [] on a host with none."""
    paths = ctx.source.glob(CLASS_DIR + "/*")
    if paths:
        return sorted(posixpath.basename(p) for p in paths)
    r = ctx.source.read(CLASS_DIR)
    if r.error == "missing":  # the source knows the path is absent: no RDMA driver, no device
        return []
    if ctx.source.exists(CLASS_DIR):  # the class directory is there and lists no device
        return []
    raise Missing(f"{CLASS_DIR} not readable here or not recorded")
