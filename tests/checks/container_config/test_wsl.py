"""RD-CTR-003 on a WSL2 host (checks/container_config/wsl.py): the container gets /dev/dxg and the WSL driver library
HIP reaches it through, as AMD's guide for ROCm containers under WSL2 mounts them."""
from tests.lintacc_helpers import flagged, scan, write

SVC = "services:\n  t:\n    image: rocm/pytorch:latest\n    ipc: host\n"


def test_no_dxg_fails_and_the_plan_adds_the_device_and_the_libraries(tmp_path):
    [f] = flagged(scan([write(tmp_path, "compose.yaml", SVC)], "RD-CTR-003", "wsl2-radeon"))
    assert f.status.value == "fail" and "/dev/dxg" in f.title
    plan = " ".join(str(a.description) for a in f.fix.actions)
    assert "/dev/dxg" in plan and "libdxcore.so" in plan and "libhsa-runtime64" in plan


def test_dxg_without_the_driver_library_warns(tmp_path):
    p = write(tmp_path, "compose.yaml", SVC + "    devices: [/dev/dxg]\n")
    [f] = flagged(scan([p], "RD-CTR-003", "wsl2-radeon"))
    assert f.status.value == "warn" and "libdxcore.so" in f.title
    assert "--device /dev/dxg" not in " ".join(str(a.description) for a in f.fix.actions)  # it is there already


def test_dxg_with_the_library_or_the_whole_wsl_folder_passes(tmp_path):
    for i, vol in enumerate(("/usr/lib/wsl/lib/libdxcore.so:/usr/lib/libdxcore.so", "/usr/lib/wsl:/usr/lib/wsl")):
        p = write(tmp_path, f"{i}/compose.yaml", SVC + f"    devices: [/dev/dxg]\n    volumes:\n      - {vol}\n")
        assert not flagged(scan([p], "RD-CTR-003", "wsl2-radeon")), vol
    # docker run with the flags AMD's guide gives
    r = write(tmp_path, "run.sh", "#!/bin/bash\ndocker run -it --device=/dev/dxg -v /usr/lib/wsl/lib/libdxcore.so:"
              "/usr/lib/libdxcore.so -v /opt/rocm/lib/libhsa-runtime64.so.1:/opt/rocm/lib/libhsa-runtime64.so.1 "
              "--ipc=host rocm/pytorch:latest python3 train.py\n")
    assert not flagged(scan([r], "RD-CTR-003", "wsl2-radeon"))
