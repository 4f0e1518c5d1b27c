"""Which gfx targets official PyTorch ROCm wheels carry.

Source: PYTORCH_ROCM_ARCH in pytorch .ci/docker/manywheel/build.sh over time
(rocm-failure-modes.md ARCH-02). The lists grew in three steps; a GPU missing from a
wheel's torch.cuda.get_arch_list() gets hipErrorNoBinaryForGpu / invalid device function.
"""
from __future__ import annotations

WHEEL_ARCH_GENERATIONS: tuple[tuple[str, frozenset[str]], ...] = (
    ("early ROCm 5 wheels", frozenset({"gfx900", "gfx906", "gfx908", "gfx90a", "gfx1030", "gfx1100"})),
    ("later wheels", frozenset({"gfx942", "gfx1101", "gfx1102", "gfx1200", "gfx1201"})),
    ("latest wheels", frozenset({"gfx950", "gfx1103", "gfx1150", "gfx1151"})),
)
WHEEL_INDEX = "https://download.pytorch.org/whl/"
ARCH_SOURCES = (
    "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/install/3rd-party/pytorch-install.html",
    "https://github.com/pytorch/pytorch/issues/132570",
)


def arch_base(name: str) -> str:
    """'gfx90a:sramecc+:xnack-' -> 'gfx90a'."""
    return name.strip().split(":", 1)[0]


def wheel_generation(gfx: str) -> str | None:
    """Which wheel generation first carried gfx, or None when no official wheel does."""
    for label, archs in WHEEL_ARCH_GENERATIONS:
        if gfx in archs:
            return label
    return None
