"""The Python environment being diagnosed, probed in a child process."""
from __future__ import annotations

from . import Missing, fact, probe_data

NUM = (int, float)
# The shape childprobes/python_env.py prints; a snapshot may hold anything else.
PYTHON = {
    "python": {"version": str, "executable": str, "prefix": str, "virtualenv": bool, "conda_env": str},
    "errors": [str],
    "distributions": {"*": {"name": str, "version": str, "requires": [str], "editable_or_url": bool}},
    "torch": {"import_s": NUM, "version": str, "hip": str, "cuda": str, "git_version": str, "debug": bool,
              "file": str, "arch_list": [str], "arch_list_error": str, "cuda_available": bool,
              "device_count": int, "device_error": str, "bf16_supported_api": bool,
              "bf16_supported_api_error": str,
              "devices": [{"index": int, "name": str, "total_memory": int, "major": int, "minor": int,
                           "multi_processor_count": int, "gcn_arch_name": str, "error": str}]},
    "torch_import_error": str,
}


@fact("python")
def python(ctx) -> dict:
    if not ctx.at_least("default"):
        raise Missing("the Python-environment probe runs at --level default and above")
    return probe_data(ctx, "python", PYTHON)


@fact("torch")
def torch(ctx) -> dict:
    py = ctx.get("python")
    t = py.get("torch")
    if not isinstance(t, dict):
        exe = (py.get("python") or {}).get("executable", "the scanned interpreter")
        why = py.get("torch_import_error") or "not installed"
        raise Missing(f"torch is not importable in {exe} ({why})")
    return t


@fact("distributions")
def distributions(ctx) -> dict:
    d = ctx.get("python").get("distributions")
    if not isinstance(d, dict):
        raise Missing("python probe: no distribution list")
    return d
