"""GPU health facts: RAS/ECC counts, bad pages, PCIe AER and replays, temperatures, power
cap, clocks, firmware, partition modes, processes on the GPU, host settings.

Two sources, one shape. When the ``amdsmi`` probe (AMD's Python library, run in a child
with a timeout) answered for a GPU, its fields are used and named as evidence
(``probe: amdsmi amdsmi_get_gpu_ecc_count``); otherwise the same values come from sysfs
and the evidence is the file. A file the kernel keeps root-only reads as "permission
denied": it is listed in ``unreadable`` so the check can skip *saying so*, never error.

Counters that reset when read (``xgmi_error``) are read only when the scan was asked to
(``--read-reset-counters``): a diagnostic that silently clears the evidence it reports
would hide the error from the next tool.
"""
from __future__ import annotations

import math

import posixpath
from collections.abc import Mapping

from ..knowledge.health import HOST_SETTINGS
from ..machine.parsers import health as P
from ..base.records import dataclass
from ..base.untrusted import pick, pick_map
from . import Missing, fact, probe_data
from .gpus import AmdSmi

PCI = "/sys/bus/pci/devices"
KFD_PROC = "/sys/class/kfd/kfd/proc"
KFD_NODES = "/sys/class/kfd/kfd/topology/nodes"
BAD_PAGE_PARAM = "/sys/module/amdgpu/parameters/bad_page_threshold"
RAS_BAD_PAGE_COVER = 100 * 1024 * 1024  # amdgpu_ras.c: one retirable page per 100 MiB of VRAM
SMI = "probe: amdsmi"


@dataclass(frozen=True)
class Count:
    """One error counter set: a RAS block, an AER file, a replay counter."""

    name: str  # "umc", "aer_dev_fatal", "pcie_replay_count"
    values: dict  # {"ue": 0, "ce": 3} / {"TOTAL_ERR_FATAL": 0, ...} / {"count": 5}
    source: str  # the file or the amdsmi call
    text: str  # what it said, for evidence
    bdf: str | None = None  # for AER: the function it was read on (GPU or bridge)


@dataclass(frozen=True)
class Temp:
    label: str  # edge / junction / mem
    value_c: float
    crit_c: float | None
    source: str


@dataclass(frozen=True)
class GpuHealth:
    index: int
    pci: str | None
    gfx: str | None
    label: str
    node: int
    vram_bytes: int | None
    via_amdsmi: bool = False
    ras_supported: bool | None = None  # None: no RAS directory and no amdsmi answer
    ras: tuple[Count, ...] = ()
    bad_pages: tuple[tuple[str, str, str], ...] | None = None
    bad_pages_source: str | None = None
    bad_page_threshold: int | None = None
    bad_page_threshold_source: str | None = None
    bad_page_threshold_how: str | None = None
    pcie: tuple[Count, ...] = ()  # replay counters (GPU) and AER files (GPU and bridges above it)
    temps: tuple[Temp, ...] = ()
    throttle_status: int | None = None
    throttle_source: str | None = None
    power_cap: float | None = None
    power_cap_default: float | None = None
    power_source: str | None = None
    perf_level: str | None = None
    sclk_levels: tuple[int, ...] = ()
    sclk_current: int | None = None  # index into sclk_levels
    clock_source: str | None = None
    firmware: tuple[tuple[str, str], ...] = ()  # (block, version)
    firmware_source: str | None = None
    vbios: str | None = None
    vbios_source: str | None = None
    compute_partition: str | None = None
    memory_partition: str | None = None
    partition_source: str | None = None
    num_xcc: int | None = None
    max_sclk: int | None = None  # KFD max_engine_clk_fcompute (MHz): the clock the GPU is built for
    vram_used: int | None = None
    vram_used_source: str | None = None
    xgmi_error: str | None = None
    xgmi_error_source: str | None = None
    xgmi_links_down: tuple[int, ...] = ()  # link indexes amdsmi reports inactive
    unreadable: tuple[tuple[str, str], ...] = ()  # (path, error) of counter files we could not read


def _smi_gpus(ctx) -> dict[str, Mapping]:
    """amdsmi's health answers (its own JSON) by PCI address."""
    if ctx.options.get("read_reset_counters"):
        r = ctx.source.probe("amdsmi_reset_counters")
        smi = AmdSmi.from_probe(r.data) if r.ok and isinstance(r.data, dict) and r.data.get("available") else None
    else:
        smi = ctx.optional("amdsmi")
    return {g.bdf.lower(): g.health for g in (smi.gpus if smi is not None else ())
            if isinstance(g.bdf, str) and g.health is not None}


_U64 = 1 << 64  # every counter and size these files hold fits; beyond is not a reading (fuzz)


def _int(v) -> int | None:
    """A counter or size from sysfs text or amd-smi JSON; None for anything that is not one
    (a bool, NaN, infinity, a 300-digit number, a string of another shape)."""
    if isinstance(v, bool):
        return None
    if isinstance(v, float):
        v = int(v) if math.isfinite(v) else None
    elif isinstance(v, str):
        s = v.strip()
        try:
            v = int(s, 0) if len(s) <= 24 else None
        except ValueError:
            return None
    if isinstance(v, int) and -_U64 < v < _U64:
        return v
    return None


def _read(src, path, unreadable: list) -> str | None:
    r = src.read(path)
    if r.ok:
        return r.text
    if r.error and "permission" in r.error:
        unreadable.append((path, r.error))
    return None


def _sysfs_ras(src, dev, unreadable) -> tuple[bool | None, list[Count]]:
    files = src.glob(f"{dev}/ras/*_err_count")
    if not files and not src.exists(f"{dev}/ras"):
        return None, []
    out = []
    for path in files:
        text = _read(src, path, unreadable)
        counts = P.err_count(text)
        block = posixpath.basename(path)[: -len("_err_count")]
        if counts is not None and text is not None:  # a count needs text
            out.append(Count(block, counts, path, text.strip()))
        elif text is not None:  # "Query currently inaccessible": not a count, not an error of ours
            unreadable.append((path, text.strip()[:80] or "empty"))
    return True, out


def _smi_ras(h: Mapping) -> list[Count]:
    out = []
    for block, c in sorted(pick_map(h, "ecc_blocks").items()):
        if not isinstance(c, dict):
            continue
        vals = {k: _int(c.get(f"{n}_count")) for k, n in (("ue", "uncorrectable"), ("ce", "correctable"),
                                                           ("de", "deferred"))}
        vals = {k: v for k, v in vals.items() if v is not None}
        if vals:
            out.append(Count(str(block).lower(), vals, f"{SMI} amdsmi_get_gpu_ecc_count({block})",
                             ", ".join(f"{k}: {v}" for k, v in vals.items())))
    return out


def _smi_bad_pages(h: Mapping):
    pages = h.get("bad_pages")
    if not isinstance(pages, list):
        return None
    flag = {"RESERVED": "R", "PENDING": "P", "UNRESERVABLE": "F"}
    out = []
    for p in pages:
        if isinstance(p, dict):
            st = str(p.get("status") or "").upper().rsplit(".", 1)[-1]
            out.append((str(p.get("page_address")), str(p.get("page_size")), flag.get(st, "R")))
    return tuple(out)


def _aer(src, bdf: str, unreadable) -> list[Count]:
    out = []
    for name in ("aer_dev_correctable", "aer_dev_nonfatal", "aer_dev_fatal"):
        path = f"{PCI}/{bdf}/{name}"
        text = _read(src, path, unreadable)
        counts = P.aer_counts(text)
        if counts:
            nonzero = " ".join(f"{k} {v}" for k, v in counts.items() if v) or "all 0"
            out.append(Count(name, counts, path, nonzero, bdf))
    return out


def _temps(src, dev) -> list[Temp]:
    out = []
    for hw in src.glob(f"{dev}/hwmon/hwmon*"):
        for inp in src.glob(f"{hw}/temp*_input"):
            base = inp[: -len("_input")]
            v = P.first_int(src.text(inp))
            if v is None:
                continue
            label = (src.text(base + "_label") or posixpath.basename(base)).strip()
            crit = P.first_int(src.text(base + "_crit"))
            out.append(Temp(label, v / 1000, crit / 1000 if crit else None, inp))
    return out


def _power(src, dev):
    for hw in src.glob(f"{dev}/hwmon/hwmon*"):
        cap = P.first_int(src.text(f"{hw}/power1_cap"))
        if cap is None:
            continue
        default = P.first_int(src.text(f"{hw}/power1_cap_default"))
        if default is None:  # kernels before 5.19 have no _default: the maximum is the board's limit
            default = P.first_int(src.text(f"{hw}/power1_cap_max"))
        return cap, default, f"{hw}/power1_cap"
    return None, None, None


def _firmware(src, dev) -> list[tuple[str, str]]:
    out = []
    for path in src.glob(f"{dev}/fw_version/*_fw_version"):
        v = src.text(path)
        if v and v.strip():
            out.append((posixpath.basename(path)[: -len("_fw_version")], v.strip()))
    return out


def _gpu_ids(ctx) -> dict[int, int]:
    """KFD gpu_id (what /sys/class/kfd/kfd/proc/<pid>/vram_<gpu_id> is named by) -> node."""
    out = {}
    for n in ctx.optional("kfd_nodes", []) or []:
        gid = P.first_int(ctx.source.text(f"{KFD_NODES}/{n.node}/gpu_id"))
        if gid:
            out[gid] = n.node
    return out


@fact("gpu_health")
def gpu_health(ctx) -> list[GpuHealth]:
    gpus = [g for g in ctx.get("gpus") if g.pci]
    if not gpus:
        raise Missing("no AMD GPU with a PCI address")
    src = ctx.source
    smi = _smi_gpus(ctx)
    links = {p.bdf: p for p in ctx.optional("pci_links", []) or []}
    nodes = {n.node: n for n in ctx.optional("kfd_nodes", []) or []}
    param = src.text(BAD_PAGE_PARAM)
    read_reset = bool(ctx.options.get("read_reset_counters"))
    out = []
    for g in gpus:
        dev = f"{PCI}/{g.pci}"
        h = smi.get(g.pci.lower())
        unreadable: list = []
        f: dict = {"index": g.index, "pci": g.pci, "gfx": g.gfx, "label": g.label, "node": g.node,
                   "vram_bytes": g.vram_bytes, "via_amdsmi": h is not None}
        # RAS / ECC
        ras = _smi_ras(h) if h else []
        if ras:
            f.update(ras_supported=True, ras=tuple(ras))
        else:
            supported, ras = _sysfs_ras(src, dev, unreadable)
            f.update(ras_supported=supported, ras=tuple(ras))
        # bad pages and the threshold
        pages = _smi_bad_pages(h) if h else None
        if pages is not None:
            f.update(bad_pages=pages, bad_pages_source=f"{SMI} amdsmi_get_gpu_bad_page_info")
        else:
            path = f"{dev}/ras/gpu_vram_bad_pages"
            text = _read(src, path, unreadable)
            if text is not None:
                f.update(bad_pages=tuple(P.bad_pages(text)), bad_pages_source=path)
        thr = _int(pick(h, "bad_page_threshold"))
        if thr is not None:
            f.update(bad_page_threshold=thr, bad_page_threshold_source=f"{SMI} amdsmi_get_gpu_bad_page_threshold",
                     bad_page_threshold_how=str(thr))
        elif param is not None and (p := P.first_int(param)) is not None:
            if p > 0:
                f.update(bad_page_threshold=p, bad_page_threshold_source=BAD_PAGE_PARAM,
                         bad_page_threshold_how=f"{p} (set by the administrator)")
            elif p < 0 and g.vram_bytes:
                f.update(bad_page_threshold=g.vram_bytes // RAS_BAD_PAGE_COVER,
                         bad_page_threshold_source=BAD_PAGE_PARAM,
                         bad_page_threshold_how=f"{p}: the driver's default, VRAM / 100 MiB = "
                                                f"{g.vram_bytes // RAS_BAD_PAGE_COVER} (amdgpu_ras.c)")
        # PCIe: replays on the GPU, AER on the GPU and every bridge above it
        pcie: list[Count] = []
        metric = pick(h, "pcie", "pcie_metric")
        if isinstance(metric, dict):
            vals = {k: _int(metric.get(k)) for k in ("pcie_replay_count", "pcie_replay_roll_over_count",
                                                      "pcie_l0_to_recovery_count", "pcie_nak_sent_count",
                                                      "pcie_nak_received_count")}
            vals = {k: v for k, v in vals.items() if v is not None}
            if vals:
                pcie.append(Count("pcie_replay_count", vals, f"{SMI} amdsmi_get_pcie_info",
                                  ", ".join(f"{k} {v}" for k, v in vals.items()), g.pci))
        if not pcie:
            text = _read(src, f"{dev}/pcie_replay_count", unreadable)
            n = P.first_int(text)
            if n is not None:
                pcie.append(Count("pcie_replay_count", {"pcie_replay_count": n}, f"{dev}/pcie_replay_count",
                                  str(n), g.pci))
        path_chain = links.get(g.pci)
        for bdf in [g.pci] + [b.bdf for b in (path_chain.bridges if path_chain else ())]:
            pcie.extend(_aer(src, bdf, unreadable))
        f["pcie"] = tuple(pcie)
        # thermal, power, clocks
        f["temps"] = tuple(_temps(src, dev))
        metrics = pick_map(h, "metrics")
        ts = _int(metrics.get("throttle_status")) if metrics else None
        if ts is not None and ts != 0xFFFFFFFF:
            f.update(throttle_status=ts, throttle_source=f"{SMI} amdsmi_get_gpu_metrics_info throttle_status")
        cap_info = pick(h, "power_cap")
        if isinstance(cap_info, dict) and _int(cap_info.get("power_cap")):
            default = _int(cap_info.get("default_power_cap", cap_info.get("power_cap_default")))
            f.update(power_cap=_int(cap_info.get("power_cap")), power_cap_default=default,
                     power_source=f"{SMI} amdsmi_get_power_cap_info")
        else:
            cap, default, source = _power(src, dev)
            f.update(power_cap=cap, power_cap_default=default, power_source=source)
        level = src.text(f"{dev}/power_dpm_force_performance_level")
        f["perf_level"] = level.strip() if level else None
        sclk = src.text(f"{dev}/pp_dpm_sclk")
        if sclk:
            levels, cur = P.dpm_levels(sclk)
            f.update(sclk_levels=tuple(levels), sclk_current=cur, clock_source=f"{dev}/pp_dpm_sclk")
        # firmware
        fw = pick(h, "firmware")
        if isinstance(fw, list) and fw:
            f.update(firmware=tuple((str(x.get("fw_name", "")).lower().replace("fw_id_", ""),
                                     str(x.get("fw_version"))) for x in fw if isinstance(x, dict)),
                     firmware_source=f"{SMI} amdsmi_get_fw_info")
        else:
            items = _firmware(src, dev)
            if items:
                f.update(firmware=tuple(items), firmware_source=f"{dev}/fw_version/")
        vb = pick(h, "vbios")
        if isinstance(vb, dict) and (vb.get("version") or vb.get("vbios_version")):
            f.update(vbios=str(vb.get("version") or vb.get("vbios_version")),
                     vbios_source=f"{SMI} amdsmi_get_gpu_vbios_info")
        else:
            v = src.text(f"{dev}/vbios_version")
            if v and v.strip():
                f.update(vbios=v.strip(), vbios_source=f"{dev}/vbios_version")
        # partitions (MI300-class)
        cp, mp = pick(h, "compute_partition"), pick(h, "memory_partition")
        if isinstance(cp, str) and cp.strip():
            f.update(compute_partition=cp.strip().upper(),
                     memory_partition=mp.strip().upper() if isinstance(mp, str) and mp.strip() else None,
                     partition_source=f"{SMI} amdsmi_get_gpu_compute_partition")
        else:
            cp = src.text(f"{dev}/current_compute_partition")
            mp = src.text(f"{dev}/current_memory_partition")
            if cp and cp.strip():
                f.update(compute_partition=cp.strip().upper(),
                         memory_partition=mp.strip().upper() if mp and mp.strip() else None,
                         partition_source=f"{dev}/current_compute_partition")
        node = nodes.get(g.node)
        if node is not None:
            f.update(num_xcc=node.props.get("num_xcc") or None, max_sclk=node.props.get("max_engine_clk_fcompute") or None)
        # memory already allocated
        used = src.text(f"{dev}/mem_info_vram_used")
        if used and used.strip().isdigit() and _int(used) is not None:
            f.update(vram_used=_int(used), vram_used_source=f"{dev}/mem_info_vram_used")
        elif (smi_used := _int(pick(h, "vram_usage", "vram_used"))) is not None:
            # amdsmi answers in MB
            f.update(vram_used=smi_used * 1024 * 1024,
                     vram_used_source=f"{SMI} amdsmi_get_gpu_vram_usage")
        # xGMI
        status = metrics.get("xgmi_link_status") if metrics else None
        if isinstance(status, list):
            # gpu_metrics v1.7: 1 = up, 0 = down; 0xFFFF and similar mean "not reported"
            f["xgmi_links_down"] = tuple(i for i, s in enumerate(status) if s == 0)
        if read_reset:
            if isinstance(xgmi_error := pick(h, "xgmi_error"), str):
                f.update(xgmi_error=xgmi_error, xgmi_error_source=f"{SMI} amdsmi_gpu_xgmi_error_status")
            else:
                text = _read(src, f"{dev}/xgmi_error", unreadable)
                if text is not None and text.strip():
                    f.update(xgmi_error=text.strip(), xgmi_error_source=f"{dev}/xgmi_error")
        f["unreadable"] = tuple(unreadable)
        out.append(GpuHealth(**f))
    return out


@dataclass(frozen=True)
class KfdProcess:
    pid: int
    name: str | None
    vram: dict  # KFD node -> bytes
    source: str


@fact("kfd_processes")
def kfd_processes(ctx) -> list[KfdProcess]:
    """Processes holding /dev/kfd, from /sys/class/kfd/kfd/proc/<pid>/ (vram_<gpu_id> in
    bytes), without this scan itself and its children (the Python probe may hold the GPU)."""
    src = ctx.source
    if not src.exists(KFD_PROC):
        raise Missing(f"{KFD_PROC}: missing (KFD not loaded, or the kernel predates the per-process view)")
    ids = _gpu_ids(ctx)
    me = ctx.optional("scanner_pid")
    out = []
    for d in src.glob(f"{KFD_PROC}/*"):
        pid = posixpath.basename(d)
        if not pid.isdigit():
            continue
        if me is not None and int(pid) == me:
            continue
        status = src.text(f"/proc/{pid}/status") or ""
        ppid = next((P.first_int(ln.split(":", 1)[1]) for ln in status.splitlines() if ln.startswith("PPid:")), None)
        if me is not None and ppid == me:
            continue
        vram: dict[int, int] = {}
        for v in src.glob(f"{d}/vram_*"):
            gid = P.first_int(posixpath.basename(v)[len("vram_"):])
            n = P.first_int(src.text(v))
            if gid is not None and n is not None:
                vram[ids.get(gid, -1)] = vram.get(ids.get(gid, -1), 0) + n
        name = src.text(f"/proc/{pid}/comm")
        out.append(KfdProcess(int(pid), name.strip() if name else None, vram, d))
    return out


@fact("scanner_pid")
def scanner_pid(ctx) -> int:
    data = probe_data(ctx, "system", {"pid": int})
    if data.get("pid") is None:
        raise Missing("system probe: no pid recorded")
    return data["pid"]


@dataclass(frozen=True)
class HostValue:
    path: str
    value: str | None
    error: str | None


@fact("host_settings")
def host_settings(ctx) -> dict[str, HostValue]:
    out = {}
    for s in HOST_SETTINGS:
        r = ctx.source.read(s.path)
        out[s.path] = HostValue(s.path, r.text.strip() if r.ok else None, r.error)
    return out
