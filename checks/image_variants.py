"""Requirements files that come in per-vendor variants: `requirements.txt` beside `requirements-rocm.txt`.

A project that ships a ROCm variant of its requirements tells AMD users to install that one; the plain file
beside it is the CUDA (or CPU) path. When nothing in the files installs the plain one (no Dockerfile or
script runs `pip install -r` on it, no other requirements file includes it with `-r`), judging it as this
machine's install reports the other vendor's path. A plain file the ROCm variant includes is judged as part
of that install (with its index options), by the reader.
"""
from __future__ import annotations

import os
import re

from rocmdoctor.artifacts.settings import artifact_at, path_key
from rocmdoctor.base.untrusted import pick

# A file name that marks the AMD variant: requirements-rocm.txt, requirements_rocm6.txt, rocm-requirements.txt,
# requirements/rocm.txt, requirements-amd.txt, requirements-hipblas.txt (a word of the name, not a substring).
_AMD_WORD = re.compile(r"(?:^|[-_./])(?:rocm[\d.]*|amd|hip(?:blas)?)(?=$|[-_.])", re.I)


def amd_variant(path: str) -> bool:
    """The file's name (or its folder, requirements/rocm.txt) marks it as the AMD/ROCm variant."""
    name = os.path.basename(path)
    folder = os.path.basename(os.path.dirname(path))
    return bool(_AMD_WORD.search(os.path.splitext(name)[0])) or \
        (folder.lower() == "requirements" and bool(_AMD_WORD.search("-" + os.path.splitext(name)[0])))


def other_vendor_file(settings, v) -> bool:
    """``v`` is a line of a requirements file that nothing in the files installs or includes, and a ROCm/AMD
    variant of it sits in the same folder: the plain file is the other vendors' path, not this machine's."""
    rec = v.value if isinstance(v.value, dict) else {}
    if not rec.get("file") or amd_variant(v.origin.path):
        return False
    art = artifact_at(settings, v.origin.path)
    if art is None or art.kind != "requirements" or pick(art.data, "installed_by", default=None) \
            or pick(art.data, "included_by", default=None) or pick(art.data, "image_build", default=None):
        return False
    here = os.path.dirname(path_key(v.origin.path))
    return any(b is not art and b.kind == "requirements" and amd_variant(b.path)
               and os.path.dirname(path_key(b.path)) in (here, os.path.join(here, "requirements"))
               for b in settings.artifacts)
