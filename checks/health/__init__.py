"""GPU health: the hardware questions DCGM and RVS answer, asked before a job wastes a night.

A node can be configured perfectly and still lose a run to a GPU with uncorrectable ECC
errors, a page-retirement table near its limit, a link that replays, a lowered power cap,
another job already holding the VRAM, or an MI300X left in CPX mode. Each check reads the
``gpu_health`` fact (amdsmi when importable, sysfs otherwise: docs/health.md names every
field), reports per GPU only what is wrong, and folds the GPUs that pass into one finding.
A counter file that needs root is a skip that says so, never an error (fold.py).
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.knowledge import health as K

from .fold import gather, unreadable_skip

GIB = 1 << 30


# ------------------------------------------------------------------- 001 ECC / RAS
ECC_SOURCES = [K.KERNEL_RAS, K.GPU_OPERATOR_ECC, K.NODE_SCRAPER]


@check("RD-HEALTH-001", area="health", title="No uncorrectable ECC errors; correctable ones within the threshold",
       sources=ECC_SOURCES)
def ecc_errors(gpu_health):
    ue_t, ce_t = K.threshold("ecc_uncorrectable"), K.threshold("ecc_correctable")

    def judge(h):
        if not h.ras:
            s = unreadable_skip(h, "/ras/")
            if s:
                return s
            if h.ras_supported is None:
                return skip("no RAS/ECC interface (consumer boards have none): not applicable",
                            "neither amdsmi nor sysfs (ras/*_err_count) reports ECC counts for this GPU")
            return skip("RAS directory present but no error counter could be read",
                        "; ".join(f"{p}: {e}" for p, e in h.unreadable) or "no ras/*_err_count files")
        evidence = [ev(c.source, c.text) for c in h.ras if any(c.values.values())] or \
            [ev(c.source, c.text) for c in h.ras[:3]]
        bad = [c for c in h.ras if c.values.get("ue", 0) > ue_t.value or c.values.get("de", 0) > ue_t.value]
        data = {c.name: c.values for c in h.ras}
        if bad:
            blocks = ", ".join(f"{c.name} ue {c.values.get('ue', 0)}" + (f" de {c.values['de']}" if c.values.get("de") else "")
                               for c in bad)
            return fail(f"uncorrectable ECC errors since boot: {blocks}",
                        f"{ue_t.meaning}. Drain the GPU, collect `amd-smi ras --cper` / the kernel log, reset or "
                        "reboot; errors that come back mean RMA.", evidence=evidence, data=data)
        ce = [c for c in h.ras if c.values.get("ce", 0) > ce_t.value]
        if ce:
            blocks = ", ".join(f"{c.name} {c.values['ce']}" for c in ce)
            return warn(f"correctable ECC errors since boot: {blocks}",
                        f"Threshold used: more than {int(ce_t.value)} ({ce_t.meaning}; {', '.join(ce_t.sources)}). "
                        "Corrected errors cost nothing by themselves; a count that grows between scans predicts "
                        "uncorrectable ones.", evidence=evidence, data=data)
        src = h.ras[0].source
        src = src.rsplit("/", 1)[0] + "/*_err_count" if src.startswith("/") else src.split("(")[0]
        summary = "; ".join(f"{c.name} " + " ".join(f"{k} {v}" for k, v in c.values.items()) for c in h.ras)
        return ok(f"{len(h.ras)} RAS blocks, 0 errors", evidence=[ev(src, summary)], data=data)

    return gather(gpu_health, judge, "no ECC errors")


# ------------------------------------------------------------------- 002 bad pages
@check("RD-HEALTH-002", area="health", title="Retired VRAM pages below the driver's threshold; none pending or failed",
       sources=[K.KERNEL_RAS, K.KERNEL_MODPARAMS, "https://github.com/ROCm/ROCm/issues/5345"])
def bad_pages(gpu_health):
    frac = K.threshold("bad_pages_fraction")

    def judge(h):
        if h.bad_pages is None:
            return unreadable_skip(h, "gpu_vram_bad_pages") or skip(
                "no bad-page table (no RAS on this GPU, or not recorded)",
                "neither amdsmi_get_gpu_bad_page_info nor ras/gpu_vram_bad_pages answered")
        retired = sum(1 for p in h.bad_pages if p[2] == "R")
        pending = sum(1 for p in h.bad_pages if p[2] == "P")
        failed = sum(1 for p in h.bad_pages if p[2] == "F")
        evidence = [ev(h.bad_pages_source, f"{retired} retired (R), {pending} pending (P), {failed} failed (F)")]
        if h.bad_page_threshold_source:
            evidence.append(ev(h.bad_page_threshold_source, h.bad_page_threshold_how))
        data = {"retired": retired, "pending": pending, "failed": failed, "threshold": h.bad_page_threshold}
        thr = h.bad_page_threshold
        if failed:
            return fail(f"{failed} bad pages could not be retired (F)",
                        "The driver could not reserve these pages: the VRAM behind them may still be handed out. "
                        "Drain the GPU and contact the vendor (RMA).", evidence=evidence, data=data)
        if thr and retired >= thr:
            return fail(f"{retired} retired pages reached the driver threshold {thr}",
                        "amdgpu stops using a GPU whose retired-page count reaches bad_page_threshold; RMA it.",
                        evidence=evidence, data=data)
        if thr and retired >= frac.value * thr:
            return warn(f"{retired} retired pages, {retired / thr:.0%} of the driver threshold {thr}",
                        f"{frac.meaning}.", evidence=evidence, data=data)
        if pending:
            return warn(f"{pending} pages pending retirement (P)",
                        "They are retired at the next GPU reset or reboot; until then a job may use them.",
                        evidence=evidence, data=data)
        limit = f" of {thr} allowed" if thr else " (driver threshold unknown)"
        return ok(f"{retired} retired pages{limit}", evidence=evidence, data=data)

    return gather(gpu_health, judge, "bad pages within limits")


# ------------------------------------------------------------------- 003 PCIe AER / replay
@check("RD-HEALTH-003", area="health", title="No PCIe AER errors or link replays on a GPU or the bridges above it",
       sources=[K.KERNEL_AER, K.NODE_SCRAPER, K.DCGM_LIMITS])
def pcie_errors(gpu_health):
    rep = K.threshold("pcie_replay")

    def judge(h):
        if not h.pcie:
            return unreadable_skip(h, "aer_dev") or unreadable_skip(h, "pcie_replay") or skip(
                "no AER or replay counters exposed", "aer_dev_* (kernel AER statistics) and pcie_replay_count absent")
        where = lambda c: "GPU" if c.bdf == h.pci else f"bridge {c.bdf}"  # noqa: E731
        fatal = [c for c in h.pcie if c.name in ("aer_dev_fatal", "aer_dev_nonfatal") and _total(c)]
        corr = [c for c in h.pcie if c.name == "aer_dev_correctable" and _total(c)]
        replays = [c for c in h.pcie if c.name == "pcie_replay_count" and
                   any(v > rep.value for k, v in c.values.items() if "replay" in k or "recovery" in k)]
        data = {f"{c.bdf}/{c.name}": c.values for c in h.pcie}
        if fatal:
            return fail("uncorrectable PCIe errors: " + ", ".join(f"{where(c)} {c.name} {_total(c)}" for c in fatal),
                        "Uncorrectable AER errors lose transactions; the GPU may fall off the bus. Reseat the card, "
                        "avoid risers, check the slot and power; errors on the bridge side count too (the kernel ABI "
                        "notes they may be logged at the link partner).",
                        evidence=[ev(c.source, c.text) for c in fatal], data=data)
        if corr or replays:
            items = [f"{where(c)} {c.name} {_total(c)}" for c in corr] + \
                    [f"GPU {c.text}" for c in replays]
            return warn("PCIe link errors were corrected: " + ", ".join(items),
                        f"Corrected errors and replays (threshold: more than {int(rep.value)}; {rep.meaning}) mean a "
                        "marginal link: bandwidth drops and it can get worse. Reseat, avoid risers, or force a lower "
                        "PCIe generation in the BIOS.", evidence=[ev(c.source, c.text) for c in corr + replays],
                        data=data)
        bridges = {c.bdf for c in h.pcie if c.bdf != h.pci}
        return ok("0 AER errors and 0 replays on the GPU" + (f" and {len(bridges)} bridges" if bridges else ""),
                  evidence=[ev(c.source, c.text) for c in h.pcie[:2]], data=data)

    return gather(gpu_health, judge, "no PCIe errors")


def _total(c) -> int:
    from rocmdoctor.machine.parsers.health import aer_total

    return aer_total(c.values) or 0


# ------------------------------------------------------------------- 004 xGMI
@check("RD-HEALTH-004", area="health", title="xGMI links up and without errors",
       sources=[K.KERNEL_RAS, "https://github.com/ROCm/rocm_smi_lib/blob/master/src/rocm_smi.cc"])
def xgmi_links(gpu_health, io_links):
    xgmi_nodes = {k.node_from for k in io_links if k.type == 11} | {k.node_to for k in io_links if k.type == 11}
    hive = [h for h in gpu_health if h.node in xgmi_nodes]
    if not hive:
        return skip("no xGMI links in the KFD topology (PCIe-only GPUs): not applicable")

    def judge(h):
        evidence = []
        wafl = next((c for c in h.ras if c.name in ("xgmi_wafl", "xgmi")), None)
        if wafl is not None:
            evidence.append(ev(wafl.source, wafl.text))
        if h.xgmi_error is not None:
            evidence.append(ev(h.xgmi_error_source, h.xgmi_error))
        if h.xgmi_links_down:
            return fail(f"xGMI links {', '.join(map(str, h.xgmi_links_down))} down",
                        "amdsmi's gpu_metrics reports these links inactive: all-reduce falls back to slower paths or "
                        "hangs. Power-cycle the node; persistent link failures need the vendor.",
                        evidence=[ev("probe: amdsmi amdsmi_get_gpu_metrics_info xgmi_link_status",
                                     str(h.xgmi_links_down))] + evidence)
        if wafl is not None and wafl.values.get("ue"):
            return fail(f"xGMI (WAFL) uncorrectable errors: {wafl.values['ue']}", evidence=evidence)
        if h.xgmi_error not in (None, "0", "NO_ERRORS", "AmdSmiXgmiStatus.NO_ERRORS"):
            return fail(f"xgmi_error reports {h.xgmi_error}", "0 = no errors, 1 = an error, 2 = multiple errors "
                        "since the last read (this read cleared it).", evidence=evidence)
        if wafl is not None and wafl.values.get("ce"):
            return warn(f"xGMI (WAFL) correctable errors: {wafl.values['ce']}", evidence=evidence)
        note = ("" if h.xgmi_error is not None else
                "xgmi_error was not read: the kernel clears it on read (rocmdoctor scan --read-reset-counters reads it)")
        return ok("xGMI links without reported errors", note, evidence=evidence)

    return gather(hive, judge, "xGMI links without reported errors")


# ------------------------------------------------------------------- 005 thermal / throttling
@check("RD-HEALTH-005", area="health", title="GPUs not throttling now, temperatures clear of their limits",
       sources=[K.KERNEL_THERMAL, K.NODE_SCRAPER])
def thermal(gpu_health):
    margin = K.threshold("temp_margin_c")

    def judge(h):
        if not h.temps and h.throttle_status is None:
            return skip("no temperature or throttle readings", "no hwmon temp*_input and no amdsmi gpu_metrics")
        evidence = [ev(t.source, f"{t.label} {t.value_c:.0f} C" + (f" (crit {t.crit_c:.0f} C)" if t.crit_c else ""))
                    for t in h.temps]
        if h.throttle_status:
            evidence.insert(0, ev(h.throttle_source, hex(h.throttle_status)))
            return warn(f"throttling now (throttle_status {h.throttle_status:#x})",
                        "The GPU runs below its clocks for thermal or power reasons: measurements taken now "
                        "understate it. Check cooling, fan/BMC policy and the power cap (RD-HEALTH-006).",
                        evidence=evidence)
        hot = [t for t in h.temps if t.crit_c and t.value_c >= t.crit_c - margin.value]
        if hot:
            return warn("near the thermal limit: " + ", ".join(f"{t.label} {t.value_c:.0f} C of {t.crit_c:.0f} C"
                                                               for t in hot),
                        f"{margin.meaning}.", evidence=evidence)
        temps = ", ".join(f"{t.label} {t.value_c:.0f} C" for t in h.temps)
        return ok(temps or "not throttled", evidence=evidence[:2])

    return gather(gpu_health, judge, "not throttling, temperatures normal")


# ------------------------------------------------------------------- 006 power cap
@check("RD-HEALTH-006", area="health", title="Power cap not below the board default",
       sources=[K.KERNEL_THERMAL, "https://rocm.docs.amd.com/projects/amdsmi/en/latest/how-to/amdsmi-cli-tool.html"])
def power_cap(gpu_health):
    frac = K.threshold("power_cap_fraction")

    def judge(h):
        if not h.power_cap or not h.power_cap_default:
            return skip("no power cap readings", "no hwmon power1_cap/power1_cap_default and no amdsmi power cap")
        ratio = h.power_cap / h.power_cap_default
        scale = 1e6  # hwmon and amdsmi both answer in microwatts
        text = f"cap {h.power_cap / scale:.0f} W, default {h.power_cap_default / scale:.0f} W"
        evidence = [ev(h.power_source, text)]
        if ratio < frac.value:
            return warn(f"power cap lowered to {ratio:.0%} of the board default ({text})",
                        f"{frac.meaning}. Restore it: `sudo amd-smi set --power-cap {h.power_cap_default / scale:.0f}"
                        f" -g {h.index}` (or rocm-smi --resetpoweroverdrive).", evidence=evidence,
                        data={"power_cap_w": h.power_cap / scale, "default_w": h.power_cap_default / scale})
        return ok(text, evidence=evidence)

    return gather(gpu_health, judge, "power cap at the board default")


# ------------------------------------------------------------------- 007 clocks
@check("RD-HEALTH-007", area="health", title="Clocks not forced low or capped below the GPU's rated clock",
       sources=[K.KERNEL_THERMAL])
def clocks(gpu_health):
    ceiling = K.threshold("sclk_ceiling_fraction")

    def judge(h):
        if h.perf_level is None and not h.sclk_levels:
            return skip("no clock readings", "no power_dpm_force_performance_level or pp_dpm_sclk")
        evidence = []
        if h.perf_level is not None:
            evidence.append(ev(h.clock_source.rsplit("/", 1)[0] + "/power_dpm_force_performance_level"
                               if h.clock_source else "power_dpm_force_performance_level", h.perf_level))
        if h.sclk_levels:
            evidence.append(ev(h.clock_source, " ".join(f"{c}MHz{'*' if i == h.sclk_current else ''}"
                                                        for i, c in enumerate(h.sclk_levels))))
        if h.perf_level == "low":
            return warn("performance level forced to 'low': clocks stay at their minimum",
                        "Set it back: `echo auto | sudo tee .../power_dpm_force_performance_level` "
                        "(or `rocm-smi --setperflevel auto`).", evidence=evidence)
        top = max(h.sclk_levels) if h.sclk_levels else None
        if top and h.max_sclk and top < ceiling.value * h.max_sclk:
            return warn(f"highest shader clock {top} MHz, below the rated {h.max_sclk} MHz",
                        f"{ceiling.meaning}. Reset with `rocm-smi --resetclocks` (or amd-smi reset --clocks).",
                        evidence=evidence + [ev("KFD max_engine_clk_fcompute", str(h.max_sclk))])
        return ok(f"performance level {h.perf_level or '?'}" + (f", up to {top} MHz" if top else ""),
                  evidence=evidence)

    return gather(gpu_health, judge, "clocks not capped")


# ------------------------------------------------------------------- 008 firmware
@check("RD-HEALTH-008", area="health", title="No firmware or VBIOS version known to be bad",
       sources=[row.sources[0] for row in K.KNOWN_BAD_FIRMWARE])
def firmware(gpu_health):
    def judge(h):
        if not h.firmware and not h.vbios:
            return skip("no firmware versions exposed", "no fw_version/*_fw_version, vbios_version or amdsmi fw list")
        items = list(h.firmware) + ([("vbios", h.vbios)] if h.vbios else [])
        evidence = [ev(h.firmware_source or h.vbios_source,
                       ", ".join(f"{b} {v}" for b, v in items[:12]))]
        for block, version in items:
            row = K.bad_firmware(h.gfx, block, version)
            if row:
                return fail(f"{block} firmware {version} is known to be bad on {h.gfx}",
                            f"{row.problem}. Fix: {row.fixed_in}.", evidence=evidence, sources=list(row.sources))
        vb = f"VBIOS {h.vbios}" if h.vbios else "VBIOS not reported"
        return ok(f"{vb}; {len(h.firmware)} firmware versions, none on the known-bad list", evidence=evidence)

    return gather(gpu_health, judge, "no known-bad firmware")


# ------------------------------------------------------------------- 009 partition modes
@check("RD-HEALTH-009", area="health", title="MI300-class partition mode stated; not split for training",
       sources=[K.PARTITIONING, K.MI300X_TUNING])
def partition_mode(gpu_health):
    parted = [h for h in gpu_health if h.compute_partition]
    if not parted:
        return skip("no compute partition reported (not an MI300-class GPU): not applicable")
    modes = sorted({(h.compute_partition, h.memory_partition or "?") for h in parted})
    evidence = [ev(parted[0].partition_source, f"{parted[0].compute_partition} / {parted[0].memory_partition}")]
    vram = sorted({h.vram_bytes for h in parted if h.vram_bytes})
    per_dev = f"; {vram[0] / GIB:.0f} GiB VRAM per device" if len(vram) == 1 else ""
    data = {"compute_partition": [m[0] for m in modes], "memory_partition": [m[1] for m in modes],
            "devices": len(gpu_health), "vram_per_device": vram[0] if len(vram) == 1 else None}
    split = [h for h in parted if K.COMPUTE_PARTITION_SPLIT.get(h.compute_partition, 1) > 1]
    text = ", ".join(f"{c}/{m}" for c, m in modes)
    if split:
        n = K.COMPUTE_PARTITION_SPLIT.get(split[0].compute_partition, 1)
        return warn(f"GPUs partitioned ({text}): {len(gpu_health)} logical devices{per_dev}",
                    f"Each physical GPU shows up as {n} devices with 1/{n} of its compute (and, under NPS4, a "
                    "quarter of its HBM); peaks, memory estimates and device counts follow the partition. AMD's "
                    "guides use SPX/NPS1 for large-model training: `sudo amd-smi set --compute-partition SPX` and "
                    "`--memory-partition NPS1` (then reload amdgpu).", evidence=evidence, data=data)
    return ok(f"{text}: {len(gpu_health)} devices{per_dev}", evidence=evidence, data=data)


# ------------------------------------------------------------------- 010 GPU already in use
@check("RD-HEALTH-010", area="health", title="GPUs not already in use by other processes",
       sources=[K.KFD_PROC_DOC, K.OVERSUBSCRIPTION])
def gpu_in_use(gpu_health, kfd_processes=None):
    used_t = K.threshold("vram_used_fraction")
    procs = kfd_processes or []

    def judge(h):
        mine = [p for p in procs if h.node in p.vram or (not p.vram)]
        evidence = [ev(p.source, f"pid {p.pid} ({p.name or '?'}): {p.vram.get(h.node, 0) / GIB:.1f} GiB")
                    for p in mine]
        if h.vram_used is not None:
            evidence.append(ev(h.vram_used_source, str(h.vram_used)))
        holding = [p for p in mine if p.vram.get(h.node, 0) > 0] or [p for p in mine if not p.vram]
        if holding:
            who = ", ".join(f"{p.name or '?'} (pid {p.pid})" for p in holding[:4])
            return warn(f"in use by {len(holding)} other process{'es' if len(holding) > 1 else ''}: {who}",
                        "Benchmarks and training measured now share the GPU: numbers are untrustworthy and memory "
                        "may run out.", evidence=evidence, data={"pids": [p.pid for p in holding]})
        if h.vram_used is not None and h.vram_bytes and h.vram_used > used_t.value * h.vram_bytes:
            return warn(f"{h.vram_used / GIB:.1f} GiB of {h.vram_bytes / GIB:.0f} GiB VRAM already allocated",
                        f"{used_t.meaning}.", evidence=evidence, data={"vram_used": h.vram_used})
        if h.vram_used is None and kfd_processes is None:
            return skip("no process list or VRAM usage", "neither /sys/class/kfd/kfd/proc nor mem_info_vram_used could be read")
        used = f"{h.vram_used / GIB:.1f} GiB VRAM used" if h.vram_used is not None else "VRAM use unknown"
        return ok(f"idle ({used})", evidence=evidence[:1])

    return gather(gpu_health, judge, "not in use by other processes")


# ------------------------------------------------------------------- 011 host settings
@check("RD-HEALTH-011", area="health", title="Host settings AMD asks for before training",
       sources=[K.PREREQ_TRAINING, K.MI300X_TUNING])
def host_tuning(host_settings, gpus):
    if not gpus:
        return skip("no AMD GPU: training host settings do not apply")
    out = []
    for s in K.HOST_SETTINGS:
        v = host_settings.get(s.path)
        if v is None or v.value is None:
            out.append(skip(f"{s.path} not readable", v.error if v else "not read", evidence=[ev(s.path, v.error if v else "")]))
        elif v.value != s.want:
            out.append(warn(f"{s.path} is {v.value}, AMD asks for {s.want}", f"{s.why}. Fix: {s.fix}.",
                            evidence=[ev(s.path, v.value)], sources=list(s.sources),
                            fix=FixPlan(f"Set {s.path} to {s.want}", (Action("note", s.fix),), needs_root=True,
                                        fixer="sysctl", params={"settings": {s.path[10:].replace("/", "."): s.want}})))
        else:
            out.append(ok(f"{s.path} = {v.value}", evidence=[ev(s.path, v.value)], sources=list(s.sources)))
    return out
