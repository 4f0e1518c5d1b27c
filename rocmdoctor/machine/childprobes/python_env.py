"""Python-environment probe, run as a script by the interpreter being diagnosed.

With --runtime (what rocmdoctor runs) it leaves out the distribution list, which
rocmdoctor reads from the files (python_static.py). It exits with os._exit once its
answer is written.

It must work in any environment: it imports nothing from rocmdoctor, needs nothing
beyond the standard library, and prints one JSON line last. Each section catches its
own errors so a broken torch still reports the distributions, and vice versa.
It initialises the HIP/CUDA runtime to list devices but launches no GPU kernels.
"""
import json
import os
import platform
import sys
import time
import traceback


def _err(exc):
    return f"{type(exc).__name__}: {exc}"


def distributions():
    from importlib import metadata

    out = {}
    for dist in metadata.distributions():
        try:
            name = dist.metadata["Name"]
        except Exception:
            continue
        if not name:
            continue
        key = name.lower().replace("_", "-").replace(".", "-")
        if key in out:  # the first one on sys.path wins, as for imports
            continue
        try:
            direct_url = dist.read_text("direct_url.json")
        except Exception:
            direct_url = None
        out[key] = {
            "name": name,
            "version": dist.version,
            "requires": list(dist.requires or []),
            "editable_or_url": bool(direct_url),
        }
    return out


def torch_info():
    t0 = time.monotonic()
    import torch

    info = {
        "import_s": round(time.monotonic() - t0, 3),
        "version": torch.__version__,
        "hip": getattr(torch.version, "hip", None),
        "cuda": getattr(torch.version, "cuda", None),
        "git_version": getattr(torch.version, "git_version", None),
        "debug": bool(getattr(torch.version, "debug", False)),
        "file": getattr(torch, "__file__", None),
    }
    try:
        info["arch_list"] = list(torch.cuda.get_arch_list())
    except Exception as exc:
        info["arch_list"] = []
        info["arch_list_error"] = _err(exc)
    try:
        available = torch.cuda.is_available()
        info["cuda_available"] = bool(available)
        count = torch.cuda.device_count() if available else 0
        info["device_count"] = count
    except Exception as exc:
        info["cuda_available"] = False
        info["device_count"] = 0
        info["device_error"] = _err(exc)
        count = 0
    devices = []
    for i in range(count):
        d = {"index": i}
        try:
            p = torch.cuda.get_device_properties(i)
            d.update(
                name=p.name,
                total_memory=int(p.total_memory),
                major=int(p.major),
                minor=int(p.minor),
                multi_processor_count=int(p.multi_processor_count),
                gcn_arch_name=getattr(p, "gcnArchName", None),
            )
        except Exception as exc:
            d["error"] = _err(exc)
        devices.append(d)
    info["devices"] = devices
    if count:
        try:
            info["bf16_supported_api"] = bool(torch.cuda.is_bf16_supported())
        except Exception as exc:
            info["bf16_supported_api_error"] = _err(exc)
    return info


def main():
    out = {
        "probe": "python_env",
        "python": {
            "version": platform.python_version(),
            "executable": sys.executable,
            "prefix": sys.prefix,
            "virtualenv": sys.prefix != getattr(sys, "base_prefix", sys.prefix),
            "conda_env": os.environ.get("CONDA_DEFAULT_ENV"),
        },
        "errors": [],
    }
    if "--runtime" not in sys.argv:  # rocmdoctor reads them statically (python_static.py)
        try:
            out["distributions"] = distributions()
        except Exception as exc:
            out["distributions"] = {}
            out["errors"].append("distributions: " + _err(exc))
    try:
        out["torch"] = torch_info()
    except ImportError as exc:
        out["torch"] = None
        out["torch_import_error"] = _err(exc)
    except Exception as exc:
        out["torch"] = None
        out["torch_import_error"] = _err(exc)
        out["errors"].append("torch: " + traceback.format_exc(limit=3).strip().splitlines()[-1])
    if "--with-deepspeed" in sys.argv:
        # Same process, so torch is imported once (it is most of both probes' time).
        try:
            import deepspeed_ops  # the sibling script; this script's directory is on sys.path

            out["deepspeed_probe"] = deepspeed_ops.collect()
        except BaseException as exc:
            out["deepspeed_probe_error"] = _err(exc)
    sys.stdout.flush()
    sys.stdout.write(json.dumps(out, default=str) + "\n")
    sys.stdout.flush()
    sys.stderr.flush()
    # The answer is written: skip the interpreter's teardown (torch's and HIP's atexit
    # handlers and module cleanup take about 0.6 s and can hang on a wedged driver).
    os._exit(0)


if __name__ == "__main__":
    main()
