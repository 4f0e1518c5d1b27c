"""Kernel lines: amdgpu/KFD errors by their form and IP block (ring names and block words), the
driver's fault printout, and the driver under a user-space error (ROCk not loaded, KFD refusing a
device, the Kubernetes device plugin that never registers a GPU)."""
from __future__ import annotations

import re

from ..logscan.lines import _KTIME, LogLine


# amdgpu rings and kernel words -> the IP block they belong to.
_RING = re.compile(r"\bring (?P<ring>[a-z]{2,6})[_\d.]{0,12}\b", re.I)
RING_BLOCKS = {"gfx": "GFX", "comp": "GFX (compute)", "kiq": "GFX (KIQ)", "sdma": "SDMA", "page": "SDMA (page)",
               "vcn": "VCN", "jpeg": "JPEG", "uvd": "UVD", "vce": "VCE", "mes": "MES"}
_BLOCK_WORDS = (
    (re.compile(r"\bpsp\b|\bsos\b|\btoc\b|\bta ucode|_ta\.bin|\bTMR\b", re.I), "PSP"),
    (re.compile(r"\bsmu\b|powerplay|\bsmc\b|Failed to send message", re.I), "SMU"),
    (re.compile(r"\bMES\b"), "MES"),
    (re.compile(r"ATHUB", re.I), "ATHUB"),
    (re.compile(r"\bmmhub|\bVMC page fault", re.I), "MMHUB"),
    (re.compile(r"gfxhub|UTCL2|GCVM_L2|VM_L2_PROTECTION", re.I), "GFX (UTCL2)"),
    (re.compile(r"\bsdma", re.I), "SDMA"),
    (re.compile(r"\bdcn|\bdm_|REG_WAIT|optc|dmub|atomic_commit", re.I), "DCN (display)"),
    (re.compile(r"\bgmc|VM flush|GART", re.I), "GMC"),
    (re.compile(r"\bcp\b|\bKGQ\b|\bKCQ\b|\bkiq", re.I), "GFX (CP)"),
    (re.compile(r"D3hot|pcieport|AER|PCIe Bus Error", re.I), "PCIe"),
    (re.compile(r"\bRAS\b|ECC|poison|Hardware Error", re.I), "RAS"),
)
_KERNEL = re.compile(r"\bamdgpu\b|\[drm|\bdrmn\d|\bkfd\b|\bpcieport\b|\[Hardware Error\]|AMD-Vi", re.I)
_KERNEL_BAD = re.compile(r"\*ERROR\*|\berror\b|\bfail(?:ed|ure)?\b|\btimeout\b|timed out|\bfault\b|"
                         r"uncorrectable|\bhang\b|unable\b|inaccessible|could not load", re.I)
# A kernel log line, by its form (the dmesg/journalctl prefix is already stripped by parse()):
# it starts with the driver or subsystem that printed it. An application's own log line that
# names amdgpu or /dev/kfd (Ollama's "level=ERROR msg=\"amdgpu devices detected but ...\"",
# rocminfo's "Unable to open /dev/kfd", docker's "error gathering device ... /dev/kfd") is
# not a kernel event: its words are judged with the rest of the log.
_KERNEL_FORM = re.compile(r"^\s{0,4}(?:<\d>\s?)?(?:amdgpu\b|\[drm|drm\b|drmn\d|\[?kfd\b|pcieport\b|AMD-Vi\b|"
                          r"\{\d{1,6}\}\[Hardware Error\]|\[Hardware Error\]|\[TTM\]|mce:|pci \d{4}:|"
                          r"[a-z]{2,6}_v\d{1,2}_\d{1,2}\b)", re.I)

# amdgpu's own fault printout (gmc_v*_process_interrupt): only the driver prints these words, so a
# line in this vocabulary is a kernel line even when the user pasted it without the dmesg prefix.
# A user-space line that merely names amdgpu is still judged by _KERNEL_FORM above.
_AMDGPU_FAULT = re.compile(r"^\s{0,8}(?:\[(?:gfxhub|mmhub)\d{0,2}\]|Faulty UTCL2 client ID\b|(?:GC)?VM_L2_PROTECTION_FAULT_STATUS\b|"
                           r"(?:MORE_FAULTS|WALKER_ERROR|PERMISSION_FAULTS|MAPPING_ERROR)\s{0,2}:|"
                           r"in page starting at address\b)", re.I)


def kernel_form(text: str, raw: str | None = None) -> bool:
    """Whether a line was printed by the kernel: a dmesg/journalctl prefix on the raw line, or
    a driver/subsystem name at the start of the cleaned one."""
    return bool(_KERNEL_FORM.match(text) or _AMDGPU_FAULT.match(text) or (raw is not None and _KTIME.match(raw.lstrip())))

_KERNEL_SEVERE = re.compile(r"uncorrectable|fatal|\bhang\b|inaccessible|reset|lost|timeout|timed out|fault", re.I)

# The driver under the user-space error: rocminfo's "ROCk module is NOT loaded", the kernel's KFD
# refusing a device ("kfd kfd: amdgpu: PITCAIRN  not supported in kfd", "skipped device ..., PCI rejects atomics").
_ROCK_NOT_LOADED = re.compile(r"\bROCk module is NOT loaded\b")
# The AMD GPU device plugin for Kubernetes registers its "gpu" plugin only when the node has /sys/class/kfd
# (amdgpu with KFD loaded: ROCm/k8s-device-plugin#42). Its start-up banner with no registration after it is a node
# whose driver serves no GPU to compute (k8s-device-plugin#40, siderolabs/extensions#307).
_K8S_PLUGIN_BANNER = re.compile(r"\bAMD GPU device plugin for Kubernetes\b")
_K8S_PLUGIN_SERVES = re.compile(r"Received new list of plugins: \[[^\]]{0,40}gpu|Adding a new plugin|"
                                r"Registered device plugin|Starting to serve|Starting GRPC server", re.I)
_KFD_REFUSES = re.compile(r"\bkfd\b[^\n]{0,160}?(?:not supported in kfd|skipped device|rejects atomics)", re.I)


def _k8s_plugin_without_gpu(lines: list[LogLine]) -> LogLine | None:
    """The device plugin's banner when the plugin never registered a GPU after it: the log is judged by what
    it shows, as a collective test's header without rows is (a healthy plugin registers within milliseconds)."""
    banner = None
    for ln in lines:
        t = ln.text
        if banner is None:
            if "device plugin" in t and _K8S_PLUGIN_BANNER.search(t[:400]):
                banner = ln
        elif _K8S_PLUGIN_SERVES.search(t[:400]):
            return None
    return banner


def ip_block(text: str) -> str:
    m = _RING.search(text)
    if m and m.group("ring").lower() in RING_BLOCKS:
        return RING_BLOCKS[m.group("ring").lower()]
    for rx, name in _BLOCK_WORDS:
        if rx.search(text):
            return name
    return "amdgpu"
