"""Static Python-environment facts: read from files, nothing imported.

What an interpreter has installed can be read without importing torch or deepspeed
(importing torch alone takes over a second): torch/version.py holds plain assignments,
dist-info directories hold every distribution's metadata, deepspeed's
git_version_info_installed.py holds its version, prebuilt ops and build-time torch,
and a GPU build's architecture list is a string literal in torch/lib/libtorch_python.so
(torch/CMakeLists.txt compiles torch/csrc/cuda/Module.cpp with
-DCUDA_ARCH_FLAGS="<PYTORCH_ROCM_ARCH or the CUDA sm_ list, space-separated>", and
torch.cuda.get_arch_list() returns that string split). docs/performance.md says what
was verified and where a static read can be wrong.

rocmdoctor imports this module to read its own interpreter in-process; for another
interpreter it runs there as a script (plain ``python script.py``, so the target's
site-packages and .pth files apply) and prints one JSON line. So it needs only the
standard library and must work on any Python 3.8+.
"""
import ast
import hashlib
import importlib.util
import json
import mmap
import os
import platform
import re
import shutil
import sys

# Tokens of the arch-flags literal: ROCm "gfx90a" or "gfx90a:xnack-", CUDA "sm_90a" / "compute_90".
_ARCH_TOKEN = re.compile(rb"(?:gfx[0-9a-f]{3,5}(?::[a-z]+[+-])*|sm_[0-9]{2,3}[a-z]?|compute_[0-9]{2,3}[a-z]?)")
_ARCH_STRING = re.compile(rb"^" + _ARCH_TOKEN.pattern + rb"(?: " + _ARCH_TOKEN.pattern + rb")*$")
MAX_LITERAL = 4096
ENV_KEYS = ("DISABLE_VERSION_CHECK", "CUTLASS_PATH", "ROCM_HOME", "ROCM_PATH", "CUDA_HOME", "CFLAGS", "LDFLAGS")


def _err(exc):
    return "%s: %s" % (type(exc).__name__, exc)


def _norm(name):
    """packaging.utils.canonicalize_name (PEP 503), written out: this child runs in the target
    interpreter with the standard library only. 'Foo__Bar.baz' -> 'foo-bar-baz'."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _headers(text):
    """Name, Version and Requires-Dist from a METADATA/PKG-INFO header block, read by the
    standard library's email parser as importlib.metadata reads it (folded headers, blank
    continuation lines and the body after the headers included)."""
    from email.parser import HeaderParser

    msg = HeaderParser().parsestr(text)

    def one(value):
        return " ".join(str(value).split()) if value is not None else None

    requires = [one(v) for v in msg.get_all("Requires-Dist") or []]
    return one(msg.get("Name")), one(msg.get("Version")), [r for r in requires if r]


def _read(path, limit=1 << 20):
    with open(path, "rb") as fh:
        return fh.read(limit).decode("utf-8", "replace")


def _read_headers(path, limit=1 << 20):
    """A METADATA file up to the blank line that ends its headers: the long description
    after it (often 100+ KB) is never needed."""
    out = b""
    with open(path, "rb") as fh:
        while len(out) < limit:
            chunk = fh.read(8192)
            if not chunk:
                break
            out += chunk
            if b"\n\n" in out or b"\r\n\r\n" in out:
                break
    return out.decode("utf-8", "replace")


def _search_path(path=None):
    """sys.path without the entry of the running script (rocmdoctor's bin dir or the
    current directory under -m): the child probe that imports torch never sees it either."""
    entries = list(sys.path if path is None else path)
    if path is None and entries:
        entries = entries[1:]
        # A host process (pytest, an embedding launcher) may have put the working directory
        # on sys.path too; the runtime child never has it unless PYTHONPATH names it, so a
        # stray *.egg-info there must not count as installed.
        cwd = os.path.realpath(os.getcwd())
        named = {os.path.realpath(p) for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p}
        entries = [e for e in entries if not e or os.path.realpath(e) != cwd or cwd in named]
    return [e for e in entries if e and os.path.isdir(e)]


def distributions(path=None):
    """Like importlib.metadata.distributions(): the first of a name on sys.path wins."""
    out = {}
    for entry in _search_path(path):
        try:
            # Directory order, not sorted: two dist-infos of one name in one directory (a broken
            # upgrade) are resolved as importlib.metadata (and so pip) resolves them.
            names = os.listdir(entry)
        except OSError:
            continue
        for d in names:
            if d.endswith(".dist-info"):
                meta = os.path.join(entry, d, "METADATA")
            elif d.endswith(".egg-info"):
                meta = os.path.join(entry, d, "PKG-INFO") if os.path.isdir(os.path.join(entry, d)) else os.path.join(entry, d)
            else:
                continue
            try:
                name, version, requires = _headers(_read_headers(meta))
            except (OSError, ValueError):
                continue
            if not name:
                continue
            key = _norm(name)
            if key in out:
                continue
            if d.endswith(".egg-info"):
                requires = _egg_requires(os.path.join(entry, d))
            try:
                direct_url = os.path.getsize(os.path.join(entry, d, "direct_url.json")) > 0
            except OSError:
                direct_url = False
            out[key] = {"name": name, "version": version, "requires": requires, "editable_or_url": direct_url}
    return out


def _egg_requires(egg):
    """requires.txt of an egg-info, in Requires-Dist form (as importlib.metadata gives it)."""
    try:
        text = _read(os.path.join(egg, "requires.txt"))
    except OSError:
        return []
    out, section = [], None
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            continue
        if not section:
            out.append(line)
            continue
        extra, _, marker = section.partition(":")
        conds = []
        if marker:
            conds.append("(%s)" % marker)
        if extra:
            conds.append('extra == "%s"' % extra)
        out.append("%s ; %s" % (line, " and ".join(conds)) if conds else line)
    return out


def assignments(path, names):
    """Literal values assigned at the top level of a Python file, never executed."""
    tree = ast.parse(_read(path), filename=path)
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        for t in targets:
            if isinstance(t, ast.Name) and t.id in names:
                try:
                    out[t.id] = ast.literal_eval(value)
                except ValueError:
                    pass
    return out


def locate(name):
    """Where a top-level package lives, as importlib would find it, without importing it."""
    try:
        spec = importlib.util.find_spec(name)
    except Exception as exc:  # a broken finder or a half-installed package
        return {"error": _err(exc)}
    if spec is None:
        return None
    return {"origin": spec.origin, "dirs": list(spec.submodule_search_locations or [])}


def arch_literal(lib):
    """The space-separated arch list compiled into libtorch_python.so, or None.

    Exactly one distinct NUL-terminated string made only of gfx/sm_/compute_ tokens must
    be found; two different ones are ambiguous and give None (the caller falls back to
    asking torch at run time)."""
    found = set()
    with open(lib, "rb") as fh:
        try:
            mm = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)
        except ValueError:  # empty file
            return None
        try:
            for needle in (b"gfx", b"sm_", b"compute_"):
                pos = mm.find(needle)
                while pos != -1:
                    nul = mm.rfind(b"\x00", max(0, pos - MAX_LITERAL), pos)
                    start = nul + 1 if nul != -1 else (0 if pos < MAX_LITERAL else None)
                    end = mm.find(b"\x00", pos, pos + MAX_LITERAL)
                    if start is not None and end != -1 and _ARCH_STRING.match(mm[start:end]):
                        found.add(mm[start:end].decode("ascii"))
                    pos = mm.find(needle, max(pos + 1, end))
        finally:
            mm.close()
    return found.pop() if len(found) == 1 else None


def torch_static(loc, arch=True):
    """torch.version's values and the arch list, from torch's files. With arch=False the
    library is only located (rocmdoctor reads it itself, through its cache)."""
    pkg = (loc.get("dirs") or [None])[0] or os.path.dirname(loc.get("origin") or "")
    v = assignments(os.path.join(pkg, "version.py"), {"__version__", "debug", "cuda", "git_version", "hip", "rocm"})
    info = {"version": v.get("__version__"), "hip": v.get("hip"), "cuda": v.get("cuda"),
            "git_version": v.get("git_version"), "debug": bool(v.get("debug", False)), "file": loc.get("origin"),
            "arch_list_source": "static"}
    if not info["hip"] and not info["cuda"]:
        info["arch_list"] = []  # get_arch_list() is [] when torch is not compiled for a GPU
        return info
    lib = os.path.join(pkg, "lib", "libtorch_python.so")
    try:
        st = os.stat(lib)
        info["arch_lib"] = {"path": lib, "size": st.st_size, "mtime_ns": st.st_mtime_ns}
        literal = arch_literal(lib) if arch else None
    except OSError as exc:
        literal = None
        info["arch_list_error"] = "static read of %s: %s" % (lib, exc.strerror or exc)
    if literal is None:
        info["arch_list"] = None  # unknown statically: the runtime probe answers
        info.setdefault("arch_list_error", "no arch-flags literal found in " + lib)
    else:
        info["arch_list"] = literal.split()
    return info


def deepspeed_static(loc):
    """What git_version_info_installed.py (written by DeepSpeed's setup.py) records."""
    pkg = (loc.get("dirs") or [None])[0]
    out = {"file": loc.get("origin")}
    try:
        v = assignments(os.path.join(pkg, "git_version_info_installed.py"),
                        {"version", "git_hash", "git_branch", "installed_ops", "accelerator_name", "torch_info"})
    except (OSError, SyntaxError, TypeError) as exc:
        out["error"] = _err(exc)
        return out
    out.update(version=v.get("version"), git_hash=v.get("git_hash"), git_branch=v.get("git_branch"),
               installed_ops=v.get("installed_ops") or {}, installed_accelerator=v.get("accelerator_name"),
               compiled_with=v.get("torch_info") or {})
    return out


def build_tools(torch):
    """ROCM_HOME, CUDA_HOME, hipcc and ninja as torch.utils.cpp_extension finds them (torch 2.x)."""
    hip = bool(torch and torch.get("hip"))
    cuda = bool(torch and torch.get("cuda"))
    rocm_home = cuda_home = None
    if hip:
        rocm_home = os.environ.get("ROCM_HOME") or os.environ.get("ROCM_PATH")
        if rocm_home is None:
            sdk = locate("_rocm_sdk_core")  # ROCm from wheels (TheRock)
            if sdk and sdk.get("origin"):
                rocm_home = os.path.dirname(os.path.realpath(sdk["origin"]))
        if rocm_home is None:
            hipcc = shutil.which("hipcc")
            if hipcc:
                rocm_home = os.path.dirname(os.path.dirname(os.path.realpath(hipcc)))
                if os.path.basename(rocm_home) == "hip":
                    rocm_home = os.path.dirname(rocm_home)
            elif os.path.exists("/opt/rocm"):
                rocm_home = "/opt/rocm"
    if cuda:
        cuda_home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
        if cuda_home is None:
            nvcc = shutil.which("nvcc")
            cuda_home = os.path.dirname(os.path.dirname(nvcc)) if nvcc else "/usr/local/cuda"
            if not nvcc and not os.path.exists(cuda_home):
                cuda_home = None
    hipcc = os.path.join(rocm_home, "bin", "hipcc") if rocm_home else None
    return {"rocm_home": rocm_home, "cuda_home": cuda_home, "ninja": shutil.which("ninja") is not None,
            "hipcc": hipcc if hipcc and os.path.exists(hipcc) else shutil.which("hipcc")}


def fingerprint(path=None):
    """What changes whenever something is installed, removed or rebuilt: each sys.path
    directory's mtime, every dist-info's RECORD (or METADATA) mtime and every .pth file's
    (an edited .pth changes the search path without touching its directory). One stat each."""
    parts = []
    for entry in _search_path(path):
        try:
            parts.append("%s %d" % (entry, os.stat(entry).st_mtime_ns))
            names = sorted(os.listdir(entry))
        except OSError:
            continue
        for d in names:
            if d.endswith(".pth"):
                try:
                    parts.append("%s %d" % (d, os.stat(os.path.join(entry, d)).st_mtime_ns))
                except OSError:
                    pass
            elif d.endswith((".dist-info", ".egg-info")):
                for f in ("RECORD", "METADATA", "PKG-INFO", ""):
                    try:
                        parts.append("%s %d" % (d, os.stat(os.path.join(entry, d, f)).st_mtime_ns))
                        break
                    except OSError:
                        continue
    return parts


def collect(path=None, arch=True):
    out = {
        "probe": "python_static",
        "python": {
            "version": platform.python_version(),
            "executable": sys.executable,
            "prefix": sys.prefix,
            "virtualenv": sys.prefix != getattr(sys, "base_prefix", sys.prefix),
            "conda_env": os.environ.get("CONDA_DEFAULT_ENV"),
        },
        "errors": [],
        "env": {k: v for k, v in os.environ.items() if k.startswith("DS_") or k in ENV_KEYS},
    }
    try:
        out["distributions"] = distributions(path)
    except Exception as exc:
        out["distributions"] = {}
        out["errors"].append("distributions: " + _err(exc))
    loc = locate("torch")
    out["torch"] = None
    if loc is None:
        out["torch_import_error"] = "ModuleNotFoundError: No module named 'torch'"
    elif "error" in loc:
        out["torch_import_error"] = loc["error"]
    else:
        try:
            out["torch"] = torch_static(loc, arch)
        except Exception as exc:
            out["torch_import_error"] = "static read failed: " + _err(exc)
            out["errors"].append("torch: " + _err(exc))
    ds = locate("deepspeed")
    if ds is not None and "error" not in ds:
        out["deepspeed"] = deepspeed_static(ds)
    out["llamafactory"] = locate("llamafactory")
    out["search_path"] = _search_path(path)  # what the fingerprint covers: a cache checks it again
    try:
        out["fingerprint"] = hashlib.sha256("\n".join(fingerprint(path)).encode()).hexdigest()
    except Exception as exc:
        out["errors"].append("fingerprint: " + _err(exc))
    try:
        out["build"] = build_tools(out["torch"])
    except Exception as exc:
        out["errors"].append("build tools: " + _err(exc))
    return out


def main():
    data = json.dumps(collect(arch="--no-arch" not in sys.argv), default=str)
    sys.stdout.write(data + "\n")
    sys.stdout.flush()
    os._exit(0)  # nothing to tear down; skip the interpreter's shutdown


if __name__ == "__main__":
    main()
