"""Fixtures shared by the check tests: tests/checks/test_<module>.py mirrors checks/<module>.py
(tests/checks/bench/test_<module>.py mirrors checks/bench/<module>.py). The fixtures every test
may use (`lint`, `sample`) are in tests/conftest.py."""
import os
import re

import pytest

from rocmdoctor.testing import build_snapshot

KFD = "/sys/class/kfd/kfd/topology/nodes"
DATA = os.path.join(os.path.dirname(os.path.dirname(__file__)), "data")
# Real KFD properties of one GPU of each generation the precision tables tell apart (tests/data/SOURCES.md).
GFX = {"gfx906": "kfd_properties_gfx906_RadeonVII_node1.txt",
       "gfx942": "kfd_properties_gfx942_MI300X_gpuq_node2.txt",
       "gfx1100": "kfd_properties_gfx1100_RX7900XTX_tinygrad.txt"}


def _read(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def rocm62_torch():
    """torch and HIP versions from a real collect_env (8x MI300X, ROCm 6.2)."""
    text = _read("torch_collect_env_8xMI300X_rocm6.2_vllm.txt")
    return {"version": re.search(r"\[pip3\] torch==(\S+)", text).group(1),
            "hip": re.search(r"ROCM used to build PyTorch: (\S+)", text).group(1), "cuda": None}


@pytest.fixture
def gpu_host(tmp_path):
    """gpu_host(gfx=("gfx906", "gfx906"), torch="rocm", dists=None, env=None, name="snap"): a
    snapshot with a CPU node and one real KFD node per gfx, and the Python probe's answer: the
    ROCm 6.2 torch seeing those GPUs ("rocm"), or the torch record given (None: no torch)."""
    def build(gfx=("gfx906", "gfx906"), torch="rocm", dists=None, env=None, name="snap"):
        files = {f"{KFD}/0/properties": _read("kfd_properties_cpu_node0_24cores_rocprofsdk.txt")}
        for i, g in enumerate(gfx, 1):
            files[f"{KFD}/{i}/properties"] = _read(GFX[g])
        if torch == "rocm":
            torch = dict(rocm62_torch(), bf16_supported_api=True,
                         devices=[{"index": i, "name": "AMD Radeon Graphics", "gcn_arch_name": g}
                                  for i, g in enumerate(gfx)])
        probes = {"python": {"python": {"executable": "/usr/bin/python3"}, "distributions": dists or {},
                             "torch": torch},
                  "env": env or {}}
        return build_snapshot(tmp_path / name, files=files if gfx else {}, probes=probes)
    return build


@pytest.fixture
def example_lspci():
    """example_lspci(base, **replace): the `lspci -vvv -nn -D` command recorded in the snapshot
    ``base``, with each old text replaced by its new one, as ``build_snapshot(commands=...)`` takes it."""
    def edited(base, **replace):
        import glob

        [path] = glob.glob(os.path.join(base, "cmd", "lspci_*", "stdout"))
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        for old, new in replace.items():
            text = text.replace(old, new)
        return {("lspci", "-vvv", "-nn", "-D"): text}
    return edited
