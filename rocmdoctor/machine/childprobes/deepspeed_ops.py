"""DeepSpeed op-builder probe, run as a script by the interpreter being diagnosed.

It asks DeepSpeed's own op-builder API (ALL_OPS, builder.is_compatible(verbose),
installed_ops/torch_info from deepspeed.git_version_info) instead of scraping
``ds_report``, and records the reason each builder prints when it says no.
Like python_env.py it imports nothing from rocmdoctor, needs only the standard
library (plus deepspeed/torch, which it is probing) and prints one JSON line last.

It never compiles: ``OpBuilder.has_function`` (which builds and links a test C
program for async_io and gds) is replaced in this process by a search for the
header and the shared library, and no builder's ``load()`` or ``builder()`` is
called. The training ops' compiler flags are computed (cxx_args/nvcc_args), because
that is where older DeepSpeed releases run their CUDA version check on a ROCm torch.

It also reports where LLaMA-Factory's package lives (importlib.util.find_spec, no
import), so its runtime version checks can be read from its own source.
"""
import contextlib
import io
import json
import logging
import os
import re
import shlex
import shutil
import sys
import time
import traceback

ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Ops a fine-tuning run actually loads: ZeRO optimizers (fused on GPU, cpu_* with offload).
TRAINING_OPS = ("cpu_adam", "cpu_adagrad", "cpu_lion", "fused_adam", "fused_lamb", "fused_lion")
LIB_DIRS = ("/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/lib", "/usr/local/lib64",
            "/usr/lib/x86_64-linux-gnu", "/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu")
INCLUDE_DIRS = ("/usr/include", "/usr/local/include")
HEADERS = {"aio": "libaio.h", "cufile": "cufile.h"}


def _err(exc):
    return f"{type(exc).__name__}: {exc}"


def _clean(text):
    """Builder warnings without colour codes or the ' [WARNING] ' prefix, one per line."""
    out = []
    for line in ANSI.sub("", text).splitlines():
        line = line.strip()
        for prefix in ("[WARNING]", "[INFO]"):
            if line.startswith(prefix):
                line = line[len(prefix):].strip()
        if line and line not in out:
            out.append(line)
    return out


def _flag_dirs(var, flag):
    try:
        words = shlex.split(os.environ.get(var, ""))
    except ValueError:
        return []
    return [w[len(flag):] for w in words if w.startswith(flag) and len(w) > len(flag)]


def _has_function_without_compiling(self, funcname, libraries, library_dirs=None, verbose=False):
    """Stand-in for OpBuilder.has_function: the library and its header must exist.

    DeepSpeed compiles and links a test program here; a diagnostic must not, so it
    looks in the places that link would (CFLAGS -I / LDFLAGS -L, library_dirs, the
    system directories). It answers the same question for a normal install."""
    lib_dirs = list(library_dirs or ()) + _flag_dirs("LDFLAGS", "-L") + list(LIB_DIRS)
    inc_dirs = _flag_dirs("CFLAGS", "-I") + list(INCLUDE_DIRS)
    for lib in libraries or ():
        found = any(os.path.exists(os.path.join(d, f"lib{lib}.so")) for d in lib_dirs if d)
        header = HEADERS.get(lib)
        if header and not any(os.path.exists(os.path.join(d, header)) for d in inc_dirs):
            found = False
        _NO_COMPILE_NOTES.append(f"{funcname}: lib{lib}.so{' + ' + header if header else ''} "
                                 f"{'found' if found else 'not found'} (searched without compiling)")
        if not found:
            return False
    return True


# A type comment, not an annotation: this runs on the diagnosed interpreter, which may predate list[str].
_NO_COMPILE_NOTES = []  # type: list[str]
# The flag dry run matters on a ROCm torch only (main() turns it on there; --flags forces it).
DRY_RUN_FLAGS = "--flags" in sys.argv


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines = []

    def emit(self, record):
        try:
            self.lines.append(record.getMessage())
        except Exception:
            pass


@contextlib.contextmanager
def _captured():
    """Collect what a builder prints (stdout) or logs (the DeepSpeed logger)."""
    buf = io.StringIO()
    handler = _Capture()
    loggers = [logging.getLogger("DeepSpeed"), logging.getLogger()]
    for lg in loggers:
        lg.addHandler(handler)
    try:
        with contextlib.redirect_stdout(buf):
            yield buf, handler
    finally:
        for lg in loggers:
            lg.removeHandler(handler)


def torch_section():
    import torch

    info = {"version": torch.__version__, "hip": getattr(torch.version, "hip", None),
            "cuda": getattr(torch.version, "cuda", None)}
    try:
        from torch.utils import cpp_extension

        info["rocm_home"] = getattr(cpp_extension, "ROCM_HOME", None)
        info["cuda_home"] = getattr(cpp_extension, "CUDA_HOME", None)
        info["ninja"] = bool(cpp_extension.is_ninja_available())
    except Exception as exc:
        info["cpp_extension_error"] = _err(exc)
    home = info.get("rocm_home")
    hipcc = os.path.join(home, "bin", "hipcc") if home else None
    info["hipcc"] = hipcc if hipcc and os.path.exists(hipcc) else shutil.which("hipcc")
    return info


def op_entry(name, builder, installed_ops, verbose=True):
    entry = {"name": name, "builder": type(builder).__name__,
             "build_var": getattr(builder, "BUILD_VAR", None),
             "kind": "cuda" if any(c.__name__ == "CUDAOpBuilder" for c in type(builder).__mro__) else "cpu",
             "installed": bool(installed_ops.get(name, False)), "compatible": False,
             "reasons": [], "error": None}
    del _NO_COMPILE_NOTES[:]
    t0 = time.monotonic()
    with _captured() as (buf, handler):
        try:
            entry["compatible"] = bool(builder.is_compatible(verbose))
        except Exception as exc:  # DeepSpeed's own probe_is_compatible treats this as "no"
            entry["error"] = _err(exc)
    entry["reasons"] = _clean(buf.getvalue() + "\n" + "\n".join(handler.lines))
    if getattr(builder, "error_log", None) and not entry["reasons"]:
        entry["reasons"] = _clean(str(builder.error_log))
    if _NO_COMPILE_NOTES:
        entry["no_compile_check"] = list(_NO_COMPILE_NOTES)
    entry["seconds"] = round(time.monotonic() - t0, 3)
    if name in TRAINING_OPS and DRY_RUN_FLAGS:
        entry["flag_error"] = flag_dry_run(builder)
    return entry


def flag_dry_run(builder):
    """Compute the op's compiler flags as a JIT build would, without building.

    Older DeepSpeed releases run the CUDA version check (torch.version.cuda.split,
    nvcc -V) from here even on a ROCm torch; that is the crash users hit."""
    with _captured():
        try:
            builder.strip_empty_entries(builder.cxx_args())
            if hasattr(builder, "nvcc_args") and getattr(builder, "build_for_cpu", False) is False \
                    and any(c.__name__ == "CUDAOpBuilder" for c in type(builder).__mro__):
                builder.strip_empty_entries(builder.nvcc_args())
        except Exception as exc:
            tb = traceback.extract_tb(exc.__traceback__)
            where = f" (at {tb[-1].filename.rsplit('/', 1)[-1]}:{tb[-1].lineno} in {tb[-1].name})" if tb else ""
            return _err(exc) + where
    return None


def _cache_cpuinfo():
    """py-cpuinfo takes ~2 s per call and every cxx_args() asks again: ask once."""
    try:
        import functools

        import cpuinfo

        cpuinfo.get_cpu_info = functools.lru_cache(maxsize=1)(cpuinfo.get_cpu_info)
    except Exception:
        pass


def deepspeed_section(out):
    global DRY_RUN_FLAGS
    torch_info = out.get("torch") or {}  # a child in the user's interpreter: no rocmdoctor helpers here
    DRY_RUN_FLAGS = DRY_RUN_FLAGS or bool(torch_info.get("hip"))
    if DRY_RUN_FLAGS:
        _cache_cpuinfo()
    out["flag_dry_run"] = DRY_RUN_FLAGS
    t0 = time.monotonic()
    with _captured():
        import deepspeed
        from deepspeed.accelerator import get_accelerator
        from deepspeed.ops.op_builder import builder as builder_mod
        from deepspeed.ops.op_builder.all_ops import ALL_OPS
        from deepspeed import git_version_info as gvi
    out["import_s"] = round(time.monotonic() - t0, 3)
    ds = {"version": getattr(deepspeed, "__version__", None), "file": getattr(deepspeed, "__file__", None),
          "git_hash": getattr(deepspeed, "__git_hash__", None),
          "accelerator": getattr(get_accelerator(), "_name", None),
          "installed_accelerator": getattr(gvi, "accelerator_name", None),
          "compiled_with": dict(getattr(gvi, "torch_info", {}) or {})}
    out["deepspeed"] = ds
    op_cls = getattr(builder_mod, "OpBuilder", None)
    if op_cls is not None:
        op_cls.has_function = _has_function_without_compiling
        # Seed the cached rocminfo answers so no rocminfo runs here (it can hang with a
        # wedged driver); nothing is built, so the values do not matter.
        for attr, value in (("_rocm_wavefront_size", "64"), ("_rocm_gpu_arch", "gfx000")):
            if hasattr(op_cls, attr) and not getattr(op_cls, attr):
                setattr(op_cls, attr, value)
        try:
            with _captured():
                ds["is_rocm_pytorch"] = bool(op_cls.is_rocm_pytorch())
        except Exception as exc:
            ds["is_rocm_pytorch_error"] = _err(exc)
        if ds.get("is_rocm_pytorch"):
            try:
                with _captured():
                    ds["installed_rocm_version"] = list(op_cls.installed_rocm_version())
            except BaseException as exc:  # DeepSpeed asserts when it cannot tell
                ds["installed_rocm_version_error"] = _err(exc) or "AssertionError"
        ds["validate"] = validate_prebuilt(op_cls, gvi, ds)
    installed_ops = dict(getattr(gvi, "installed_ops", {}) or {})
    ops = []
    for name, builder in ALL_OPS.items():
        if name == "deepspeed_not_implemented":
            continue
        ops.append(op_entry(name, builder, installed_ops))
    out["ops"] = ops


def validate_prebuilt(op_cls, gvi, ds):
    """DeepSpeed's own load-time checks for prebuilt ops ("HIP version mismatch!")."""
    result = {}
    info = dict(getattr(gvi, "torch_info", {}) or {})
    if not any((getattr(gvi, "installed_ops", {}) or {}).values()):
        return {"skipped": "no op was prebuilt"}
    for fn in ("validate_torch_version", "validate_torch_op_version"):
        f = getattr(op_cls, fn, None)
        if f is None:
            continue
        if fn == "validate_torch_op_version" and not ds.get("is_rocm_pytorch"):
            import torch

            if getattr(torch.version, "cuda", None) is None:
                result[fn] = "skipped: torch has no CUDA version to compare"
                continue
        try:
            with _captured():
                f(info)
            result[fn] = "ok"
        except Exception as exc:
            result[fn] = _err(exc)
    return result


def locate(name):
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
    except Exception as exc:
        return {"error": _err(exc)}
    if spec is None:
        return None
    locs = list(spec.submodule_search_locations or [])
    return {"origin": spec.origin, "dirs": locs}


def collect():
    """The probe's result as a dict (python_env.py calls this to share its torch import)."""
    out = {"probe": "deepspeed_ops", "errors": [], "python": sys.executable,
           "env": {k: v for k, v in os.environ.items()
                   if k.startswith("DS_") or k in ("DISABLE_VERSION_CHECK", "CUTLASS_PATH", "ROCM_HOME",
                                                   "ROCM_PATH", "CUDA_HOME", "CFLAGS", "LDFLAGS")}}
    try:
        out["llamafactory"] = locate("llamafactory")
    except Exception as exc:
        out["errors"].append("llamafactory: " + _err(exc))
    try:
        out["torch"] = torch_section()
    except Exception as exc:
        out["torch"] = None
        out["torch_import_error"] = _err(exc)
    if out.get("torch") is not None and "--no-deepspeed" not in sys.argv:
        try:
            deepspeed_section(out)
        except BaseException as exc:  # an import-time crash is the finding itself
            out["deepspeed_import_error"] = _err(exc)
            out["deepspeed_import_trace"] = traceback.format_exc(limit=4).strip().splitlines()[-6:]
    return out


def main():
    out = collect()
    sys.stdout.flush()
    sys.stdout.write(json.dumps(out, default=str) + "\n")
    sys.stdout.flush()
    os._exit(0)  # answer written: skip torch's and deepspeed's interpreter teardown


if __name__ == "__main__":
    main()
