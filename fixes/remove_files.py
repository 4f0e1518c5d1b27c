"""Remove files that break the GPU runtime, with their bytes kept for --undo.

FixPlan contract: ``fixer="remove_files"``, ``params={"files": [PATH, ...], "why": "..."}``.
Made for the libhsa-runtime64 bundled in a torch wheel on WSL2 (RD-WSL-002), which AMD's
WSL install removes so torch loads ROCm's WSL runtime. Unsafe (it changes installed
package files; reinstalling the package brings them back). Each file's bytes go to the
journal's backup before it is removed; --undo puts them back byte for byte. Symlinks are
removed as links. Verified by the check running again.
"""
from __future__ import annotations

from rocmdoctor.engine.model import Applicability, FixPlan
from rocmdoctor.remedy.fixplan import Concrete, FileEdit, FixContext, Refused

NAME = "remove_files"


def plan(fix: FixPlan, fctx: FixContext) -> Concrete:
    files = [str(f) for f in fix.params.get("files") or []]
    if not files or any(not f.startswith("/") or "/../" in f for f in files):
        raise Refused(f"not absolute file paths: {files!r}")
    c = Concrete(title=fix.title, fixer=NAME, applicability=Applicability.UNSAFE, params=dict(fix.params),
                 why=str(fix.params.get("why") or "unsafe: removes installed files (kept in the journal for --undo)"))
    for f in files:
        if fctx.source.readlink(f):
            raise Refused(f"{f} is a symlink ({fctx.source.readlink(f)}); remove it by hand if it is wrong")
        if not fctx.source.exists(f):
            continue  # already gone
        try:
            with open(fctx.real_path(f), "rb") as fh:
                data = fh.read()
        except Refused:  # a snapshot: shown, applied on the machine
            data = None
        except OSError as exc:
            raise Refused(f"{f}: {exc.strerror or exc}") from None
        c.edits.append(FileEdit(f, "", None, note="removed; its bytes are kept for --undo", binary=data))
    if not c.edits:
        c.nothing_to_do = "the files are already gone"
    return c
