"""amdsmi probe: AMD's official management library, when the interpreter has it.

Run as a script in a child process (amdsmi_init can hang on a wedged driver). Prints
one JSON line: {"available": false} when amdsmi is not importable.

Per GPU it records identity (bdf, asic, vram, driver) and, under "health", what the
RD-HEALTH checks read: ECC counts per block, bad pages, PCIe replay counters, power cap,
clocks, gpu_metrics (throttle status, temperatures, xGMI link status), firmware and VBIOS,
partition modes and the processes using the GPU. Each call is separate: one the installed
amdsmi lacks or the GPU does not support lands in "errors", the rest still answer.

xGMI error status is read only with ``--read-reset-counters``: amdsmi reads the kernel's
``xgmi_error`` file, and reading that file clears it.
"""
import json
import sys

METRIC_KEYS = (
    "throttle_status", "indep_throttle_status", "temperature_edge", "temperature_hotspot", "temperature_mem",
    "current_gfxclk", "average_gfxclk_frequency", "current_uclk", "average_socket_power", "current_socket_power",
    "pcie_link_width", "pcie_link_speed", "pcie_replay_count_acc", "pcie_replay_rover_count_acc",
    "pcie_l0_to_recov_count_acc", "pcie_nak_sent_count_acc", "pcie_nak_rcvd_count_acc",
    "xgmi_link_width", "xgmi_link_speed", "xgmi_link_status", "accumulation_counter",
    "prochot_residency_acc", "ppt_residency_acc", "socket_thm_residency_acc", "vr_thm_residency_acc",
    "hbm_thm_residency_acc",
)


def _call(amdsmi, g, key, fn, *args):
    f = getattr(amdsmi, fn, None)
    if f is None:
        g.setdefault("errors", []).append(f"{fn}: not in this amdsmi")
        return None
    try:
        value = f(*args)
    except Exception as exc:  # AmdSmiLibraryException (not supported, no permission...)
        g.setdefault("errors", []).append(f"{fn}: {exc}")
        return None
    if key:
        g[key] = value
    return value


def _enum_name(v):
    return getattr(v, "name", None) or str(v)


def _health(amdsmi, h, read_reset):
    hl = {}
    blocks = {}
    for block in getattr(amdsmi, "AmdSmiGpuBlock", []) or []:
        name = _enum_name(block)
        if name in ("INVALID", "RESERVED", "LAST", "FIRST"):
            continue
        try:
            blocks[name] = amdsmi.amdsmi_get_gpu_ecc_count(h, block)
        except Exception:
            continue  # a block this ASIC has no RAS for
    if blocks:
        hl["ecc_blocks"] = blocks
    _call(amdsmi, hl, "ecc_total", "amdsmi_get_gpu_total_ecc_count", h)
    pages = _call(amdsmi, hl, None, "amdsmi_get_gpu_bad_page_info", h)
    if isinstance(pages, list):
        hl["bad_pages"] = [{"page_address": p.get("page_address"), "page_size": p.get("page_size"),
                            "status": _enum_name(p.get("status"))} for p in pages if isinstance(p, dict)]
    _call(amdsmi, hl, "bad_page_threshold", "amdsmi_get_gpu_bad_page_threshold", h)
    _call(amdsmi, hl, "pcie", "amdsmi_get_pcie_info", h)
    _call(amdsmi, hl, "power_cap", "amdsmi_get_power_cap_info", h)
    clk = getattr(getattr(amdsmi, "AmdSmiClkType", None), "GFX", None)
    if clk is not None:
        _call(amdsmi, hl, "gfx_clock", "amdsmi_get_clock_info", h, clk)
    metrics = _call(amdsmi, hl, None, "amdsmi_get_gpu_metrics_info", h)
    if isinstance(metrics, dict):
        hl["metrics"] = {k: metrics[k] for k in METRIC_KEYS if k in metrics}
    fw = _call(amdsmi, hl, None, "amdsmi_get_fw_info", h)
    if isinstance(fw, dict):
        hl["firmware"] = [{"fw_name": _enum_name(f.get("fw_name") or f.get("fw_id")), "fw_version": f.get("fw_version")}
                          for f in fw.get("fw_list", []) if isinstance(f, dict)]
    _call(amdsmi, hl, "vbios", "amdsmi_get_gpu_vbios_info", h)
    _call(amdsmi, hl, "compute_partition", "amdsmi_get_gpu_compute_partition", h)
    _call(amdsmi, hl, "memory_partition", "amdsmi_get_gpu_memory_partition", h)
    _call(amdsmi, hl, "vram_usage", "amdsmi_get_gpu_vram_usage", h)
    procs = _call(amdsmi, hl, None, "amdsmi_get_gpu_process_list", h)
    if isinstance(procs, list):
        hl["processes"] = [p for p in procs if isinstance(p, dict)]
    if read_reset:
        st = _call(amdsmi, hl, None, "amdsmi_gpu_xgmi_error_status", h)
        if st is not None:
            hl["xgmi_error"] = _enum_name(st)
    return hl


def main():
    read_reset = "--read-reset-counters" in sys.argv[1:]
    try:
        import amdsmi
    except Exception as exc:  # ImportError, or a broken install raising at import
        print(json.dumps({"available": False, "reason": f"{type(exc).__name__}: {exc}"}))
        return
    out = {"available": True, "gpus": [], "errors": []}
    try:
        amdsmi.amdsmi_init()
    except Exception as exc:
        out["errors"].append(f"amdsmi_init: {exc}")
        print(json.dumps(out))
        return
    try:
        for h in amdsmi.amdsmi_get_processor_handles():
            g = {}
            for key, fn in (
                ("bdf", "amdsmi_get_gpu_device_bdf"),
                ("asic", "amdsmi_get_gpu_asic_info"),
                ("vram", "amdsmi_get_gpu_vram_info"),
                ("driver", "amdsmi_get_gpu_driver_info"),
            ):
                try:
                    g[key] = getattr(amdsmi, fn)(h)
                except Exception as exc:
                    g.setdefault("errors", []).append(f"{fn}: {exc}")
            try:
                g["health"] = _health(amdsmi, h, read_reset)
            except Exception as exc:  # never lose the identity fields to a health call
                g.setdefault("errors", []).append(f"health: {type(exc).__name__}: {exc}")
            out["gpus"].append(g)
    finally:
        try:
            amdsmi.amdsmi_shut_down()
        except Exception:
            pass
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
