"""Kubernetes Dynamic Resource Allocation: the device classes a pod's resource claims ask for (a ResourceClaimTemplate's
deviceClassName, such as AMD's gpu.amd.com), read from any manifest of the set."""
from __future__ import annotations


def dra_classes(settings, svc) -> list[str] | None:
    """The device classes a pod's DRA claims ask for (the claim templates' deviceClassName, from any manifest of the
    set); [] when they are not among the files; None when the container makes no claim."""
    claims = svc.get("gpu_claims")
    if not claims:
        return None
    known: dict = {}
    for a in settings.of_kind("kubernetes"):
        known.update(a.data.get("claim_classes") or {} if isinstance(a.data, dict) else {})
    return sorted({c for src in claims.values() for c in known.get(src, [])})
