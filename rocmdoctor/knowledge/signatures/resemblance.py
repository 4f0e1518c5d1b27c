"""What `rocmdoctor explain` says when only resemblance answers: error-like lines no signature and
no shape rule explains, whose words are nearest to known public cases of one family
(rocmdoctor/logs/knowncases.py). One signature per family, with the causes and checks of that
family's structural answer (structural.py): the machine's checks then say which applies here.
"""
from __future__ import annotations

from dataclasses import replace

from .model import Signature
from .structural import by_id

# The corpus family -> (the structural answer whose causes it shares, what the family is about).
_FAMILIES = {
    "driver": ("kernel-ip-error", "the amdgpu kernel driver"),
    "runtime": ("exc-gpu-runtime", "the GPU runtime (HIP, kernels for this GPU's architecture)"),
    "distributed": ("tb-distributed", "distributed communication (RCCL/NCCL, rendezvous, peers)"),
    "deepspeed": ("tb-deepspeed-runtime", "DeepSpeed (its ops or its runtime)"),
    "numerics": ("line-numerics", "numerics (NaN or inf in training)"),
    "packages": ("exc-import", "packages (a build, a version, a wheel for another GPU)"),
    "memory": ("exc-memory", "memory (GPU, host or shared memory)"),
    "containers": ("line-containers", "the container's access to the GPU"),
    "permissions": ("line-permissions", "permissions on the GPU device nodes"),
}
PREFIX = "resembles-"


def resembling(family: str) -> Signature | None:
    """The signature for 'most like known failures of ``family``' (a corpus family name), or None."""
    if family not in _FAMILIES:
        return None
    base_id, what = _FAMILIES[family]
    base = by_id(base_id)
    return replace(
        base, id=PREFIX + family, severity="error",
        title=f"Most like known failures of {what}",
        meaning=("No signature and no shape rule knows these error-like lines; their words are nearest to public "
                 f"reports whose confirmed cause was {what}. A lead, not a match: the checks below say whether it "
                 "applies here."),
        fix="Read the nearest reports named above, then run the checks of their causes.",
    )
