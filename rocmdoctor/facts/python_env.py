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

from collections.abc import Mapping

from ..base.records import dataclass, replace
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


@dataclass(frozen=True)
class PythonEnv:
    """The interpreter being diagnosed (the ``python`` fact)."""

    executable: str | None = None
    version: str | None = None
    prefix: str | None = None
    virtualenv: bool | None = None
    conda_env: str | None = None
    torch_version: str | None = None  # what torch's files say; pip plans pin it so pip never replaces it

    @property
    def exe(self) -> str:
        """The executable for a command line (``python`` when unknown)."""
        return self.executable or "python"


@dataclass(frozen=True)
class TorchDevice:
    """One device as torch.cuda.get_device_properties describes it (or its error)."""

    index: int | None = None
    name: str | None = None
    total_memory: int | None = None
    major: int | None = None
    minor: int | None = None
    multi_processor_count: int | None = None
    gcn_arch_name: str | None = None
    error: str | None = None


@dataclass(frozen=True)
class TorchRuntime:
    """What torch says once imported in the child (the ``torch_runtime`` fact)."""

    cuda_available: bool | None = None
    device_count: int | None = None
    device_error: str | None = None
    devices: tuple[TorchDevice, ...] = ()
    bf16_supported_api: bool | None = None
    bf16_supported_api_error: str | None = None
    arch_list: tuple[str, ...] | None = None
    arch_list_error: str | None = None


@dataclass(frozen=True)
class Torch:
    """torch's build as its files say (the ``torch`` fact); :meth:`with_runtime` adds what the
    imported torch said, for the judgements that need both."""

    version: str | None = None
    hip: str | None = None
    cuda: str | None = None
    git_version: str | None = None
    debug: bool | None = None
    file: str | None = None
    arch_list: tuple[str, ...] | None = None
    arch_list_error: str | None = None
    # Runtime answers: None (unknown) until with_runtime() adds them.
    cuda_available: bool | None = None
    device_count: int | None = None
    device_error: str | None = None
    devices: tuple[TorchDevice, ...] = ()
    bf16_supported_api: bool | None = None
    bf16_supported_api_error: str | None = None

    def with_runtime(self, rt: TorchRuntime | None) -> Torch:
        if rt is None:
            return self
        # As the probe's sections merged: what the runtime said wins, what it left out stays.
        return replace(self, cuda_available=rt.cuda_available, device_count=rt.device_count,
                       device_error=rt.device_error, devices=rt.devices, bf16_supported_api=rt.bf16_supported_api,
                       bf16_supported_api_error=rt.bf16_supported_api_error,
                       arch_list=rt.arch_list if rt.arch_list is not None else self.arch_list,
                       arch_list_error=rt.arch_list_error if rt.arch_list_error is not None else self.arch_list_error)

    @classmethod
    def from_mapping(cls, t: Mapping) -> Torch:
        """From probe data conformed to PYTHON's torch section (or a caller's plain mapping)."""
        arch = t.get("arch_list")
        return cls(version=t.get("version"), hip=t.get("hip"), cuda=t.get("cuda"), git_version=t.get("git_version"),
                   debug=t.get("debug"), file=t.get("file"), arch_list=tuple(arch) if arch is not None else None,
                   arch_list_error=t.get("arch_list_error"), cuda_available=t.get("cuda_available"),
                   device_count=t.get("device_count"), device_error=t.get("device_error"),
                   devices=_devices(t.get("devices")), bf16_supported_api=t.get("bf16_supported_api"),
                   bf16_supported_api_error=t.get("bf16_supported_api_error"))


def _devices(items) -> tuple[TorchDevice, ...]:
    return tuple(TorchDevice(index=d.get("index"), name=d.get("name"), total_memory=d.get("total_memory"),
                             major=d.get("major"), minor=d.get("minor"),
                             multi_processor_count=d.get("multi_processor_count"),
                             gcn_arch_name=d.get("gcn_arch_name"), error=d.get("error"))
                 for d in items or () if isinstance(d, Mapping))


@dataclass(frozen=True)
class PythonStatic:
    """What the interpreter's files say without importing torch (the ``python_static`` fact).
    The sections a check reads are typed; the training stack's sections stay the probe's
    conformed mappings (read by facts/training_stack.py only)."""

    python: PythonEnv
    torch: Mapping | None = None  # the probe's torch section; the `torch` fact types it
    torch_import_error: str | None = None
    distributions: Mapping | None = None
    llamafactory: Mapping | None = None
    llamafactory_probed: bool = False  # False in snapshots from before the static probe looked for it

    @classmethod
    def from_mapping(cls, data: Mapping) -> PythonStatic:
        py = data.get("python") or {}
        t = data.get("torch")
        return cls(python=PythonEnv(executable=py.get("executable"), version=py.get("version"),
                                    prefix=py.get("prefix"), virtualenv=py.get("virtualenv"),
                                    conda_env=py.get("conda_env"),
                                    torch_version=t.get("version") if isinstance(t, dict) else None),
                   torch=t if isinstance(t, dict) else None, torch_import_error=data.get("torch_import_error"),
                   distributions=data.get("distributions"), llamafactory=data.get("llamafactory"),
                   llamafactory_probed="llamafactory" in data)


@fact("python_static")
def python_static(ctx) -> PythonStatic:
    if not ctx.at_least("default"):
        raise Missing("the Python-environment probe runs at --level default and above")
    r = ctx.source.probe("python_static")
    if r.ok:
        data = conform(r.data, PYTHON_STATIC)
        if data is None:
            raise Missing("python probe: not a mapping")
        return PythonStatic.from_mapping(data)
    if r.error == "not recorded in snapshot":
        # A snapshot from before the static/runtime split: its python probe has it all.
        data = dict(probe_data(ctx, "python", PYTHON))
        if isinstance(data.get("torch"), dict):
            data["torch"] = {k: data["torch"][k] for k in STATIC_TORCH_KEYS if k in data["torch"]}
        return PythonStatic.from_mapping(data)
    raise Missing(f"python probe: {r.error}")  # the name users saw before the split


@fact("python")
def python(ctx) -> PythonEnv:
    """The interpreter (static)."""
    return ctx.get("python_static").python


def _exe(ctx) -> str:
    py = ctx.optional("python_static")
    return (py.python.executable if py is not None else None) or "the scanned interpreter"


@fact("torch")
def torch(ctx) -> Torch:
    """torch's build as its files say: version, hip, cuda, git_version, arch list."""
    py = ctx.get("python_static")
    t = py.torch
    if t is None:
        why = py.torch_import_error or "not installed"
        raise Missing(f"torch is not importable in {_exe(ctx)} ({why})")
    out = Torch.from_mapping({k: t[k] for k in STATIC_TORCH_KEYS if k in t})
    if out.arch_list is None and (out.hip or out.cuda):
        # The literal was not found in the library (an unusual build): ask torch itself.
        rt = ctx.optional("torch_runtime")
        if rt is None or rt.arch_list_error:
            why = (rt.arch_list_error if rt is not None else None) or ctx.why_missing("torch_runtime")
            out = replace(out, arch_list=(rt.arch_list if rt is not None else None) or (), arch_list_error=why)
        else:
            out = replace(out, arch_list=rt.arch_list or (), arch_list_error=None)
    return out


@fact("torch_runtime")
def torch_runtime(ctx) -> TorchRuntime:
    """What torch says once imported: is_available, devices and their properties."""
    t = ctx.get("python_static").torch
    if t is None:
        ctx.get("torch")  # raises Missing with the reason
    if not (t.get("hip") or t.get("cuda")):
        # A CPU-only build: torch.cuda.is_available() is False and there is nothing to list.
        return TorchRuntime(cuda_available=False, device_count=0)
    py = probe_data(ctx, "python", PYTHON)
    rt = py.get("torch")
    if not isinstance(rt, dict):
        why = py.get("torch_import_error") or "not installed"
        raise Missing(f"torch is not importable in {_exe(ctx)} ({why})")
    arch = rt.get("arch_list")
    return TorchRuntime(cuda_available=rt.get("cuda_available"), device_count=rt.get("device_count"),
                        device_error=rt.get("device_error"), devices=_devices(rt.get("devices")),
                        bf16_supported_api=rt.get("bf16_supported_api"),
                        bf16_supported_api_error=rt.get("bf16_supported_api_error"),
                        arch_list=tuple(arch) if arch is not None else None, arch_list_error=rt.get("arch_list_error"))


@dataclass(frozen=True)
class Distribution:
    """One installed distribution as its metadata says (the ``distributions`` fact's values)."""

    name: str
    version: str | None = None
    requires: tuple[str, ...] = ()  # Requires-Dist lines, markers and extras included
    editable_or_url: bool | None = None  # installed from a checkout or URL (PEP 610 direct_url.json)

    def to_json(self) -> dict:
        return {"name": self.name, "version": self.version, "requires": list(self.requires),
                "editable_or_url": self.editable_or_url}


@fact("distributions")
def distributions(ctx) -> dict[str, Distribution]:
    d = ctx.get("python_static").distributions
    if not isinstance(d, dict):
        raise Missing("python probe: no distribution list")
    # Probe data may come from a snapshot: each entry must read as the probe writes it.
    return {str(k): e for k, e in ((k, sane_distribution(k, v)) for k, v in d.items()) if e is not None}


def sane_distribution(key, d) -> Distribution | None:
    """A probe's (or a caller's) entry as a Distribution; None when it is not a mapping."""
    if not isinstance(d, Mapping):
        return None
    eu = d.get("editable_or_url")
    return Distribution(name=d["name"] if isinstance(d.get("name"), str) else str(key),
                        version=d.get("version") if isinstance(d.get("version"), str) else None,
                        requires=tuple(r for r in d["requires"] if isinstance(r, str))
                        if isinstance(d.get("requires"), list) else (),
                        editable_or_url=eu if isinstance(eu, bool) else None)
