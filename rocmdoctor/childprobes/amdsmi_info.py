"""amdsmi probe: AMD's official management library, when the interpreter has it.

Run as a script in a child process (amdsmi_init can hang on a wedged driver). Prints
one JSON line: {"available": false} when amdsmi is not importable.
"""
import json


def main():
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
            out["gpus"].append(g)
    finally:
        try:
            amdsmi.amdsmi_shut_down()
        except Exception:
            pass
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
