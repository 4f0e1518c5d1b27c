"""Peak dense throughput per GPU, for %-of-peak and MFU. Vendor figures, never measured.

TFLOPS are per device as torch sees it: an MI250/MI250X package holds two GCDs that
torch lists as two devices, so its package figure is halved. "fp32" is the vector rate;
"fp32_matrix" the matrix-core rate where the part has one (rocBLAS SGEMM uses it), and
that is what %-of-peak uses for fp32 when present. None means the part has no
hardware path for the dtype or the reference gives no figure: no percentage is shown.

Sources:
- AMD figures: shared/reference/anchor-tools.md "Peak TFLOPS (dense)" (AMD Instinct and
  Radeon spec pages), design.md "Numbers to hold benchmarks against".
  https://www.amd.com/en/products/accelerators/instinct.html
- NVIDIA H100/H200 (so runs on the NVIDIA machines used for checking are labelled too):
  NVIDIA H100 and H200 datasheets; the datasheets print sparse rates, dense is half.
  https://www.nvidia.com/en-us/data-center/h100/ , https://www.nvidia.com/en-us/data-center/h200/
"""
from __future__ import annotations

from dataclasses import dataclass, field

AMD_SRC = "https://www.amd.com/en/products/accelerators/instinct.html (via reference/anchor-tools.md)"
NV_H100 = "https://www.nvidia.com/en-us/data-center/h100/ (datasheet; dense = sparse / 2)"
NV_H200 = "https://www.nvidia.com/en-us/data-center/h200/ (datasheet; dense = sparse / 2)"


@dataclass(frozen=True)
class Peak:
    product: str
    names: tuple[str, ...]  # lower-case substrings of torch.cuda.get_device_name()
    gfx: str | None
    tflops: dict = field(default_factory=dict)  # package figures: fp32, fp32_matrix, fp16, bf16
    per_package: int = 1  # devices torch sees per package (GCDs)
    note: str = ""
    source: str = AMD_SRC
    exclude: tuple[str, ...] = ()  # substrings naming a variant with other figures

    def device_tflops(self, dtype: str) -> float | None:
        """Peak for one torch device in ``dtype`` (fp32 uses the matrix rate if any)."""
        v = self.tflops.get("fp32_matrix") if dtype == "fp32" else None
        v = v if v is not None else self.tflops.get(dtype)
        return None if v is None else v / self.per_package


PEAKS: tuple[Peak, ...] = (
    Peak("AMD Instinct MI300X", ("mi300x",), "gfx942",
         {"fp32": 163.4, "fp32_matrix": 163.4, "fp16": 1307.4, "bf16": 1307.4, "fp8": 2614.9},
         note="SPX mode; a CPX/partitioned device gets a fraction of this"),
    Peak("AMD Instinct MI250X", ("mi250x",), "gfx90a",
         {"fp32": 47.9, "fp32_matrix": 95.7, "fp16": 383.0, "bf16": 383.0}, per_package=2),
    Peak("AMD Instinct MI250", ("mi250",), "gfx90a",
         {"fp32": 45.3, "fp32_matrix": 90.5, "fp16": 362.1, "bf16": 362.1}, per_package=2),
    Peak("AMD Instinct MI210", ("mi210",), "gfx90a",
         {"fp32": 22.6, "fp32_matrix": 45.3, "fp16": 181.0, "bf16": 181.0}),
    Peak("AMD Instinct MI100", ("mi100",), "gfx908",
         {"fp32": 23.1, "fp32_matrix": 46.1, "fp16": 184.6, "bf16": 92.3}),
    Peak("AMD Instinct MI60", ("mi60",), "gfx906", {"fp32": 14.7, "fp16": 29.5, "bf16": None},
         note="no bf16 hardware: bf16 is emulated"),
    Peak("AMD Instinct MI50", ("mi50",), "gfx906", {"fp32": 13.3, "fp16": 26.5, "bf16": None},
         note="fp16 is packed math, no matrix cores; no bf16 hardware: bf16 is emulated"),
    Peak("AMD Radeon RX 7900 XTX", ("7900 xtx",), "gfx1100", {"fp32": 61.4, "fp16": 122.8, "bf16": None},
         note="fp32 figure assumes dual issue; no bf16 figure in the reference"),
    Peak("AMD Radeon RX 9070 XT", ("9070 xt",), "gfx1201", {"fp32": 48.7, "fp16": 97.3, "bf16": None}),
    Peak("AMD Radeon AI PRO R9700", ("r9700",), "gfx1201", {"fp16": 95.7},
         note="vector fp16 figure only"),
    Peak("NVIDIA H100 PCIe", ("h100 pcie",), None, {"fp32": 51.0, "fp16": 756.5, "bf16": 756.5}, source=NV_H100),
    # torch names the SXM part "NVIDIA H100 80GB HBM3".
    Peak("NVIDIA H100 SXM", ("h100 80gb hbm3", "h100 sxm"), None, {"fp32": 66.9, "fp16": 989.4, "bf16": 989.4},
         source=NV_H100),
    Peak("NVIDIA H200", ("h200",), None, {"fp32": 66.9, "fp16": 989.4, "bf16": 989.4},
         note="SXM figures", source=NV_H200, exclude=("nvl",)),
)

# Measured figures the reference quotes, for context in docs and messages (not peaks).
MEASURED = {
    "MI300X bf16 matmul (ml-engineering)": 668.0,
    "NVIDIA H100 bf16 8192^3 torch.matmul (this project's device, 2026-11-13)": 798.0,
}


def find(name: str | None, arch: str | None = None) -> Peak | None:
    """The table entry for a torch device name; None when unknown or ambiguous.

    Matching is by name only: an architecture (gfx90a) covers parts with different
    peaks (MI210, MI250, MI250X), so it is a cross-check, never the key. When one
    product's key is part of another's ("mi250" in "mi250x") the more specific wins,
    so "AMD Instinct MI250X/MI250" reads as MI250X (5% above MI250); any other name
    matching two products gives None rather than a guess.
    """
    if not name:
        return None
    low = name.lower()
    hits = [p for p in PEAKS if any(s in low for s in p.names) and not any(x in low for x in p.exclude)]
    # "mi250" also matches "mi250x": keep the longer, more specific product.
    hits = [p for p in hits if not any(q is not p and any(s in qs and s != qs for s in p.names for qs in q.names)
                                       for q in hits)]
    if arch:
        base = arch.split(":")[0]
        hits = [p for p in hits if p.gfx is None or p.gfx == base]
    if len(hits) == 1:
        return hits[0]
    return None


def percent_of_peak(tflops: float | None, peak: Peak | None, dtype: str) -> float | None:
    if tflops is None or peak is None:
        return None
    ref = peak.device_tflops(dtype)
    return None if not ref else 100.0 * tflops / ref
