"""The Python environment being diagnosed: static facts and runtime facts.

Static facts are read from files without importing torch or deepspeed (probe
``python_static``, childprobes/python_static.py): the interpreter, its distributions,
torch's version/hip/cuda/git_version and arch list, DeepSpeed's recorded build, where
LLaMA-Factory lives. Runtime facts need torch imported in a child (probe ``python``,
childprobes/python_env.py): device count and properties. A check declares which it
needs by the facts it names: ``torch`` is static; ``torch_runtime`` waits for the child,
except when the static facts settle it (a CPU-only torch has no GPU to list).

Snapshots recorded before the split hold only the ``python`` probe with everything in
it; the static facts are then taken from it, so old snapshots replay unchanged.
"""
from __future__ import annotations

from . import Missing, conform, fact, probe_data

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
# The shape childprobes/python_static.py prints.
PYTHON_STATIC = {
    "python": PYTHON["python"], "errors": [str], "distributions": PYTHON["distributions"],
    "env": {"*": str}, "fingerprint": str,
    "torch": {"version": str, "hip": str, "cuda": str, "git_version": str, "debug": bool, "file": str,
              "arch_list": [str], "arch_list_error": str, "arch_list_source": str},
    "torch_import_error": str,
    "deepspeed": {"file": str, "version": str, "git_hash": str, "git_branch": str, "installed_ops": {"*": bool},
                  "installed_accelerator": str, "compiled_with": {}, "error": str},
    "llamafactory": {"origin": str, "dirs": [str], "error": str},
    "build": {"rocm_home": str, "cuda_home": str, "ninja": bool, "hipcc": str},
}
# What `torch` (static) holds; the rest of the child's torch section is `torch_runtime`.
STATIC_TORCH_KEYS = ("version", "hip", "cuda", "git_version", "debug", "file", "arch_list", "arch_list_error")
RUNTIME_TORCH_KEYS = ("cuda_available", "device_count", "device_error", "devices", "bf16_supported_api",
                      "bf16_supported_api_error", "arch_list", "arch_list_error")
# Facts that may wait for the runtime child; a check naming one of these (or a fact built
# on them) makes the scan start the child early (rocmdoctor.api.scan).
RUNTIME_FACTS = frozenset({"torch_runtime", "deepspeed_ops", "deepspeed_probe"})


@fact("python_static")
def python_static(ctx) -> dict:
    if not ctx.at_least("default"):
        raise Missing("the Python-environment probe runs at --level default and above")
    r = ctx.source.probe("python_static")
    if r.ok:
        data = conform(r.data, PYTHON_STATIC)
        if data is None:
            raise Missing("python probe: not a mapping")
        return data
    if r.error == "not recorded in snapshot":
        # A snapshot from before the static/runtime split: its python probe has it all.
        data = dict(probe_data(ctx, "python", PYTHON))
        if isinstance(data.get("torch"), dict):
            data["torch"] = {k: data["torch"][k] for k in STATIC_TORCH_KEYS if k in data["torch"]}
        return data
    raise Missing(f"python probe: {r.error}")  # the name users saw before the split


@fact("python")
def python(ctx) -> dict:
    """The interpreter and its distributions (static)."""
    return ctx.get("python_static")


def _exe(ctx) -> str:
    py = ctx.optional("python_static") or {}
    return (py.get("python") or {}).get("executable", "the scanned interpreter")


@fact("torch")
def torch(ctx) -> dict:
    """torch's build as its files say: version, hip, cuda, git_version, arch list."""
    py = ctx.get("python_static")
    t = py.get("torch")
    if not isinstance(t, dict):
        why = py.get("torch_import_error") or "not installed"
        raise Missing(f"torch is not importable in {_exe(ctx)} ({why})")
    t = {k: t[k] for k in STATIC_TORCH_KEYS if k in t}
    if t.get("arch_list") is None and (t.get("hip") or t.get("cuda")):
        # The literal was not found in the library (an unusual build): ask torch itself.
        rt = ctx.optional("torch_runtime") or {}
        t["arch_list"] = rt.get("arch_list") or []
        if rt.get("arch_list_error") or not rt:
            t["arch_list_error"] = rt.get("arch_list_error") or ctx.why_missing("torch_runtime")
        else:
            t.pop("arch_list_error", None)
    return t


@fact("torch_runtime")
def torch_runtime(ctx) -> dict:
    """What torch says once imported: is_available, devices and their properties."""
    t = ctx.get("python_static").get("torch")
    if not isinstance(t, dict):
        ctx.get("torch")  # raises Missing with the reason
    if not (t.get("hip") or t.get("cuda")):
        # A CPU-only build: torch.cuda.is_available() is False and there is nothing to list.
        return {"cuda_available": False, "device_count": 0, "devices": []}
    py = probe_data(ctx, "python", PYTHON)
    rt = py.get("torch")
    if not isinstance(rt, dict):
        why = py.get("torch_import_error") or "not installed"
        raise Missing(f"torch is not importable in {_exe(ctx)} ({why})")
    return {k: rt[k] for k in RUNTIME_TORCH_KEYS if k in rt}


@fact("distributions")
def distributions(ctx) -> dict:
    d = ctx.get("python_static").get("distributions")
    if not isinstance(d, dict):
        raise Missing("python probe: no distribution list")
    # Probe data may come from a snapshot: each entry must read as the probe writes it.
    return {str(k): e for k, e in ((k, _sane_distribution(k, v)) for k, v in d.items()) if e is not None}


def _sane_distribution(key, d) -> dict | None:
    if not isinstance(d, dict):
        return None
    out = dict(d, name=d["name"] if isinstance(d.get("name"), str) else str(key))
    out["version"] = d.get("version") if isinstance(d.get("version"), str) else None
    out["requires"] = [r for r in d["requires"] if isinstance(r, str)] if isinstance(d.get("requires"), list) else []
    return out
