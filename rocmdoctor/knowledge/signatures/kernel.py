"""Log signatures: the amdgpu/KFD kernel driver, firmware, RAS and PCIe (dmesg, journalctl -k).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="amdgpu-gpu-reset", family="kernel", title="The GPU was reset",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"GPU reset begin|GPU reset\(\d{1,6}\) (?:succeeded|failed)|GPU reset failed|GPU reset succeeded",
        ),
        needles=(
            "gpu reset",
            "reset",
        ),
        meaning="The driver reset the GPU after a hang; every process using it lost its work.",
        causes=(
            C(text=("a ring timeout, page fault or MES failure just before it triggered the reset (see the lines "
                         "above)")),
            C(text="repeated resets of one GPU point at hardware or firmware (power, thermals, a failing board)", check="RD-DRV-003", fix="update the amdgpu driver/firmware; if one board keeps resetting, swap slots or RMA it"),
        ),
        fix="Find the trigger in the lines before the reset; restart the job from its last checkpoint.",
        sources=(
            "https://github.com/amd/node-scraper",
            "https://github.com/pop-os/cosmic-comp/issues/2626",
        ),
        examples=(
            "amdgpu 0000:08:00.0: amdgpu: GPU reset begin!",
            "amdgpu 0000:08:00.0: amdgpu: GPU reset(2) succeeded!",
        ),
        # The ASIC reset alone is also what APUs do at every driver load (amdgpu-asic-reset below).
        near_misses=("amdgpu 0000:03:00.0: amdgpu: reset via MES failed and try pipe reset -110",
                     "amdgpu 0000:05:00.0: amdgpu: MODE2 reset"),
    ),
    S(
        id="amdgpu-asic-reset", family="kernel", title="The driver reset the GPU's ASIC",
        severity="warning", tier=DRIVER,
        patterns=(r"(?:BACO|MODE1|MODE2) reset\b",),
        needles=("reset",),
        meaning=("The driver reset the chip (BACO, MODE1 or MODE2). APUs (Renoir, Lucienne, Cezanne ...) do a MODE2 "
                 "reset at every driver load; only when it follows a hang (a ring timeout, page fault or MES failure, "
                 "and the driver's \"GPU reset begin!\") is it a recovery that cost running work."),
        causes=(
            C(text="routine reset while the driver loads (APUs; the lines around it are initialisation)"),
            C(text="a recovery after a hang: the trigger is in the lines before it", check="RD-DRV-003"),
        ),
        fix="Nothing to do at driver load; otherwise find the hang before it (ring timeout, page fault).",
        sources=("https://github.com/NixOS/nixos-hardware/pull/755", "https://github.com/amd/node-scraper"),
        examples=("amdgpu 0000:0c:00.0: amdgpu: MODE2 reset", "amdgpu 0000:0a:00.0: amdgpu: MODE1 reset"),
        near_misses=("amdgpu 0000:08:00.0: amdgpu: GPU reset begin!",),
    ),
    S(
        id="amdgpu-ring-timeout", family="kernel", title="A GPU ring timed out",
        severity="fatal", tier=DRIVER,
        # The driver prints the fence numbers, or, when it reset only the hung job (soft recovery: the
        # process that owned the job lost its context), "but soft recovered" (yuzu#2559, TheRock on gfx1201).
        patterns=(r"ring (?P<ring>(?:gfx|comp|sdma|kiq|page)[\w.]{0,16}) timeout, (?:signaled seq=(?P<signaled>\d{1,12}), "
                  r"emitted seq=(?P<emitted>\d{1,12})|but soft recovered)",),
        needles=("timeout, signaled", "timeout, but soft recovered"),
        meaning=("A job submitted to the GPU did not finish within the scheduler timeout; a reset usually follows "
                 "(\"soft recovered\": only the hung job was reset, and the process that submitted it lost its work)."),
        causes=(
            C(text="a GPU kernel hung (a bug, or code built for another gfx under HSA_OVERRIDE_GFX_VERSION)", check="RD-ENV-001"),
            C(text="driver or firmware too old for this GPU or kernel", check="RD-DRV-003", fix="install the amdgpu driver that matches the running kernel and ROCm release"),
            C(text="power, thermals or overclocking make the GPU hang"),
        ),
        fix=("Collect the devcoredump (/sys/class/drm/card*/device/devcoredump/data), update kernel and "
             "firmware, and remove overclocks or power-limit changes."),
        sources=(
            "https://github.com/ROCm/ROCm/issues/6127",
            "https://github.com/ROCm/ROCm/issues/3580",
            "https://github.com/pop-os/cosmic-comp/issues/2626",
            "https://github.com/yuzu-emu/yuzu/issues/2559",
        ),
        examples=(
            "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=5000163, emitted seq=5000165",
            "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring sdma0 timeout, signaled seq=121570, emitted seq=121572",
            "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx timeout, but soft recovered",
        ),
        near_misses=("amdgpu 0000:33:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0",
                     "amdgpu 0000:45:00.0: amdgpu: Starting gfx_0.0.0 ring reset"),
        block=(
            "Process information: process",
            r"^\s{0,8}Process \S{1,64} pid \d{1,12}",
        ), block_lines=2,
    ),
    S(
        id="amdgpu-vram-lost", family="kernel", title="VRAM contents lost in a GPU reset",
        severity="fatal", tier=DRIVER,
        patterns=("VRAM is lost due to GPU reset",),
        needles=("vram is lost",),
        meaning="The reset wiped device memory: the training state on that GPU cannot be recovered.",
        causes=(C(text="a GPU reset (see the reset and its trigger above)"),),
        fix="Restart the job from its last checkpoint after fixing the reset's trigger.",
        sources=(
            "https://github.com/ROCm/ROCR-Runtime/issues/180",
            "https://github.com/pop-os/cosmic-comp/issues/2626",
        ),
        examples=("[drm] VRAM is lost due to GPU reset!",),
    ),
    S(
        id="amdgpu-page-fault", family="kernel", title="GPU page fault (VM protection fault)",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"\[(?:gfxhub|mmhub)\d{0,2}\] (?:no-)?retry page fault|\[(?:gfxhub|mmhub)\d{0,2}\] page fault",
            r"\[(?:gfxhub|mmhub)\d{0,2}\] VMC page fault",
            # the fault's status dump pasted without its header line (ROCm/legacy-rocm-build#4515): its fields print
            # only there (GCVM_L2_PROTECTION_FAULT_STATUS decoded, one field a line)
            r"\bamdgpu:?\s{1,8}(?:MORE_FAULTS|WALKER_ERROR|PERMISSION_FAULTS|MAPPING_ERROR):\s{0,4}0x[0-9a-fA-F]{1,8}\b",
            r"\b(?:GC)?VM_L2_PROTECTION_FAULT_STATUS:\s{0,4}0x[0-9a-fA-F]{8}\b",
        ),
        needles=("page fault", "walker_error", "permission_faults", "mapping_error", "more_faults",
                 "protection_fault_status"),
        meaning=("A GPU kernel touched memory that is not mapped for it; the HIP runtime then reports a memory "
                 "access fault and the process aborts."),
        causes=(
            C(text="code built for another GPU running under HSA_OVERRIDE_GFX_VERSION", check="RD-ENV-001", fix="unset HSA_OVERRIDE_GFX_VERSION or set it to this GPU's own family"),
            C(text="the IOMMU translates GPU DMA and peer-to-peer mappings fault", check="RD-IOMMU-001"),
            C(text="a use-after-free or out-of-bounds access in a GPU kernel (address page 0x0: null pointer)"),
        ),
        fix=("Rerun with AMD_SERIALIZE_KERNEL=3 HIP_LAUNCH_BLOCKING=1 to find the kernel; check the override "
             "and IOMMU."),
        sources=(
            "https://github.com/ROCm/amdgpu/issues/172",
            "https://github.com/ROCm/ROCm/issues/2480",
            "https://github.com/ROCm/TheRock/issues/3107",
        ),
        examples=(
            "amdgpu 0000:c6:00.0: amdgpu: [gfxhub0] no-retry page fault (src_id:0 ring:24 vmid:3 pasid:32769)",
            "amdgpu 0000:2b:00.0: amdgpu: [gfxhub] page fault (src_id:0 ring:24 vmid:7 pasid:32771, for process wezterm-gui pid 5044 thread wezterm-gu:cs0 pid 5072)",
            "[126908.873213] amdgpu 0000:c5:00.0: amdgpu:     WALKER_ERROR: 0x1",
            "amdgpu 0000:03:00.0: amdgpu: GCVM_L2_PROTECTION_FAULT_STATUS:0x00800932",
        ),
        near_misses=("Memory access fault by GPU node-1 (Agent handle: 0x1f829860) on address 0x7a8a4be00000.",
                     "PERMISSION_FAULTS: 0x5 (a register table in a test)"),
        block=(
            r"for process .{0,64}pid \d{1,12}",
            "in page starting at address",
            "(?:GC)?VM_L2_PROTECTION_FAULT_STATUS",
            "Faulty UTCL2 client ID",
            r"\b(?:MORE_FAULTS|WALKER_ERROR|PERMISSION_FAULTS|MAPPING_ERROR|RW):",
            r"^\s{0,8}Process \S{1,64} pid \d{1,12}",
        ), block_lines=10,
    ),
    S(
        id="amdgpu-init-failed", family="kernel", title="amdgpu failed to initialise a GPU",
        severity="fatal", tier=DRIVER,
        patterns=(
            "Fatal error during GPU init",
            r"hw_init of IP block <\w{1,32}> failed",
            "amdgpu_device_ip_init failed",
            # the driver's own init functions named as the subject, with or without the kernel's prefix
            # (LlamaFactory#10511 pasted the bare line); not libdrm's user-space amdgpu_device_initialize
            r"\bamdgpu_(?:discovery_init|device_init|device_ip_early_init|driver_load_kms)\b failed"
            r"(?: with error -(?P<errno3>\d{1,12}))?",
            r"amdgpu \S{1,16}: probe with driver amdgpu failed with error -(?P<errno>\d{1,12})",
            r"probe of (?P<bdf>\S{1,16}) failed with error -(?P<errno2>\d{1,12})",
        ),
        needles=(
            "fatal error during gpu init",
            "failed with error",
            "hw_init of ip block",
            "device_ip_init failed",
            "_init failed",
            "load_kms failed",
        ),
        meaning="The driver could not bring the GPU up; ROCm will not see it.",
        causes=(
            C(text="-12 (ENOMEM): not enough PCI BAR space: enable Above 4G decoding / Resizable BAR and disable CSM", check="RD-PCIE-003"),
            C(text="driver too old for this GPU or a mismatched DKMS build", check="RD-DRV-003"),
            C(text="an uncorrectable hardware error at init (see RAS lines): reseat, then RMA"),
        ),
        fix="Fix the BIOS setting or driver named by the error code, then reboot.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/2927",
            "https://github.com/ROCm/ROCm/issues/1552",
            "https://github.com/hiyouga/LlamaFactory/issues/10511",
            "https://github.com/ROCm/legacy-rocm-build/issues/1896",
            "https://github.com/freebsd/drm-kmod/issues/211",
        ),
        examples=(
            "amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
            "amdgpu: probe of 0000:03:00.0 failed with error -12",
            "amdgpu_discovery_init failed with error -22 (EINVAL)",
            "[drm:amdgpu_discovery_set_ip_blocks [amdgpu]] *ERROR* amdgpu_discovery_init failed",
            "drmn0: amdgpu_device_ip_init failed",
        ),
        # libdrm's user-space device open (anbox#1916, kmscube#14, k8s-device-plugin#65): not the driver's init
        near_misses=(
            "amdgpu_device_initialize: amdgpu_query_info(ACCEL_WORKING) failed (-13)",
            "amdgpu: amdgpu_device_initialize failed.",
            "amdgpu_device_initialize: amdgpu_get_auth (1) failed (-1)",
        ),
    ),
    # rocminfo's open of /dev/kfd failing with an errno that no group or mode causes: EFAULT or ENOMEM come from
    # KFD's own open/mmap path (a GPU it does not serve, /dev mounted noexec), so the driver is the place to look;
    # EACCES/EPERM stay kfd-permission-denied, ENOENT kfd-node-absent, EINVAL (LXC and permissions both) too.
    S(
        id="kfd-open-driver-error", family="kernel", title="KFD refused to open /dev/kfd (a driver error, not permissions)",
        # RUNTIME: the user-space view of the driver's failure; a kernel line that says why (KFD skipping the GPU,
        # "not supported in kfd") leads it (explain's driver root)
        severity="fatal", tier=RUNTIME,
        patterns=(r"Unable to open /dev/kfd read-write: (?P<why>Bad address|Cannot allocate memory)",),
        needles=("unable to open /dev/kfd",),
        meaning=("The device node exists and the user may open it, but the KFD driver failed the open itself "
                 "(EFAULT \"Bad address\" or ENOMEM \"Cannot allocate memory\"): it does not serve this GPU, or /dev "
                 "is mounted noexec so KFD cannot map its doorbells."),
        causes=(
            C(text="the kernel driver does not serve this GPU (an unsupported APU or old card; dmesg: 'not supported in kfd')",
              check="RD-DRV-001"),
            C(text="the GPU's gfx is not supported by this ROCm", check="RD-GFX-001"),
            C(text="/dev is mounted noexec (mount -o remount,exec /dev fixes it)"),
        ),
        fix="Check `dmesg | grep -i kfd` for the GPU being skipped; use a driver/ROCm that supports it, or remount /dev exec.",
        sources=(
            "https://github.com/ROCm/legacy-rocm-build/issues/1205",
            "https://github.com/ROCm/legacy-rocm-build/issues/1148",
            "https://github.com/ROCm/legacy-rocm-build/issues/1185",
            "https://github.com/ROCm/rocminfo/issues/41",
        ),
        examples=(
            "Unable to open /dev/kfd read-write: Bad address",
            "Unable to open /dev/kfd read-write: Cannot allocate memory",
        ),
        near_misses=(
            "Unable to open /dev/kfd read-write: Permission denied",
            "Unable to open /dev/kfd read-write: Invalid argument",
            "Unable to open /dev/kfd read-write: Operation not permitted",
        ),
        supersedes=("kfd-permission-denied",),
    ),
    S(
        id="amdgpu-ip-discovery", family="kernel", title="IP discovery table unreadable",
        severity="fatal", tier=DRIVER,
        patterns=("get invalid ip discovery binary (?:signature|checksum)",),
        needles=("ip discovery",),
        meaning=("The GPU's IP-discovery table could not be read: the driver and the GPU firmware (IFWI) disagree "
                 "or the firmware is corrupt."),
        causes=(C(text="amdgpu driver older than the GPU's firmware", check="RD-DRV-003", fix="update the amdgpu driver or the IFWI"),),
        fix="Update the amdgpu driver/IFWI, then cold power-cycle the machine.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/3856",
            "https://github.com/ROCm/ROCm/issues/4454",
            "https://github.com/ROCm/ROCm/issues/5008",
        ),
        examples=("amdgpu 0000:75:00.0: amdgpu: get invalid ip discovery binary signature",),
    ),
    S(
        id="amdgpu-psp-reinit", family="kernel", title="GPU firmware (PSP) failed to start after a hang",
        severity="fatal", tier=DRIVER,
        patterns=(
            "packed SOS count exceeds maximum limit",
            "early_init of IP block <psp> failed",
        ),
        needles=(
            "packed sos",
            "<psp>",
        ),
        meaning="After a hard hang the GPUs did not re-initialise on a warm reboot.",
        causes=(C(text="the GPU kept state across a warm reboot"),),
        fix="Power the machine fully off (AC off for a minute), then boot again.",
        sources=("https://github.com/ROCm/ROCm/issues/4021",),
        examples=("amdgpu 0000:05:00.0: amdgpu: early_init of IP block <psp> failed -22",),
    ),
    S(
        id="kfd-pci-atomics", family="kernel", title="KFD skipped a GPU: PCIe atomics rejected",
        severity="fatal", tier=DRIVER,
        patterns=("skipped device (?P<pciid>[0-9a-f]{4}:[0-9a-f]{4}), PCI rejects atomics",),
        needles=("pci rejects atomics",),
        meaning=("ROCm needs PCIe atomic operations between CPU and GPU; the path to this GPU does not route them,"
                 " so the GPU is invisible to ROCm."),
        causes=(C(text="a PCIe switch, riser or old CPU does not support atomics", check="RD-PCIE-004", fix="move the GPU to a CPU-attached slot or a platform with PCIe 3.0 atomics"),),
        fix="Put the GPU in a slot whose path supports PCIe atomics.",
        sources=(
            "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/install-faq.html",
            "https://github.com/RadeonOpenCompute/ROCm/issues/910",
        ),
        examples=(
            "kfd kfd: amdgpu: skipped device 1002:67e3, PCI rejects atomics 730<0",
            "kfd kfd: skipped device 1002:7340, PCI rejects atomics",
        ),
    ),
    S(
        id="amdgpu-bad-page-threshold", family="kernel", title="Retired VRAM pages reached the RMA threshold",
        severity="fatal", tier=HARDWARE,
        patterns=(r"Saved bad pages (?P<pages>\d{1,12}) reaches threshold value (?P<threshold>\d{1,12})",),
        needles=("bad pages",),
        meaning="The GPU retired so many bad memory pages that the driver considers it failing.",
        causes=(C(text="failing HBM on this GPU"),),
        fix="Take the GPU out of service and RMA it.",
        sources=(
            "https://github.com/amd/node-scraper",
            "https://docs.kernel.org/gpu/amdgpu/module-parameters.html",
        ),
        examples=("amdgpu 0000:05:00.0: amdgpu: Saved bad pages 128 reaches threshold value 128",),
    ),
    S(
        id="amdgpu-ras-ecc", family="kernel", title="RAS: hardware (ECC) errors detected",
        severity="error", tier=HARDWARE,
        patterns=(r"(?P<count>\d{1,12} )?(?P<kind>correctable|uncorrectable|deferred) hardware errors? detected in (?:total in )?(?P<block>\w{1,64}) block",),
        needles=("hardware error",),
        meaning=("The GPU's error counters recorded memory or fabric errors; uncorrectable ones cost a reset and "
                 "the job."),
        causes=(C(text="failing GPU memory or fabric (correctable errors that keep growing predict uncorrectable ones)"),),
        fix=("Uncorrectable: drain and test the GPU (RVS/AGFHC), RMA if it repeats. Correctable: watch the "
             "count."),
        sources=("https://github.com/amd/node-scraper",),
        examples=(
            "amdgpu 0000:05:00.0: amdgpu: 1 uncorrectable hardware errors detected in umc block",
            "amdgpu 0000:05:00.0: amdgpu: 12 correctable hardware errors detected in total in gfx block",
        ),
    ),
    # Windows' graphics stack removing the device under a DirectML or D3D12 program (a TDR: the GPU stopped answering, or
    # the driver reset it): the Windows counterpart of amdgpu's ring timeout and reset
    S(
        id="windows-gpu-device-removed", family="kernel", title="Windows removed the GPU device (TDR or driver reset)",
        severity="fatal", tier=DRIVER,
        patterns=(r"\bGetDeviceRemovedReason\(\)", r"\bDXGI_ERROR_DEVICE_(?:REMOVED|HUNG|RESET)\b",
                  r"\b0x887A000[56]\b"),
        needles=("getdeviceremovedreason", "dxgi_error_device_", "0x887a000"),
        meaning="Windows' graphics kernel reset the GPU or the driver removed the device while a DirectML/D3D12 program "
                "used it (a timeout detection and recovery after a kernel ran too long, or a driver crash).",
        causes=(C(text="a kernel ran longer than Windows' TDR delay, or the display driver crashed",
                  fix="update the Radeon driver; raise TdrDelay for long compute kernels; lower the batch so each kernel is shorter"),),
        fix="Read Windows' event log (Display, TDR events); update the GPU driver, and raise TdrDelay or make the "
            "work per kernel smaller.",
        sources=("https://github.com/microsoft/DirectML/issues/287",
                 "https://learn.microsoft.com/en-us/windows/win32/direct3ddxgi/dxgi-error"),
        examples=("[libprotobuf FATAL D:\\a\\_work\\1\\s\\pytorch-directml\\caffe2\\dml\\dml_command_recorder.cc:392] CHECK "
                  "failed: ((((HRESULT)((dml_device_->GetDeviceRemovedReason()))) >= 0)) == (true):",),
        near_misses=("DXGI_ERROR_NOT_FOUND",),
    ),
    # the same hardware error as the GPU runtime reports it to the program (HIP and CUDA share the wording)
    S(
        id="runtime-ecc-uncorrectable", family="kernel", title="The GPU runtime reported an uncorrectable ECC error",
        severity="fatal", tier=HARDWARE,
        patterns=(r"\buncorrectable ECC error encountered\b", r"\b(?:hip|cuda)ErrorECCNotCorrectable\b",
                  r"\bCUDA_ERROR_ECC_UNCORRECTABLE\b"),
        needles=("ecc error encountered", "eccnotcorrectable", "ecc_uncorrectable"),
        meaning="The GPU's memory returned data its ECC could not correct; the kernel that read it and the job stop.",
        causes=(C(text="failing GPU memory (RAS counters and retired pages say whether it repeats)",
                  check="RD-HEALTH-001"),),
        fix="Drain the GPU, read its RAS counters (amd-smi metric --ecc, rocm-smi --showrasinfo) and test it "
            "(RVS/AGFHC); RMA if uncorrectable errors repeat.",
        sources=("https://github.com/kohya-ss/sd-scripts/issues/1434",
                 "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/error_codes.html"),
        examples=("RuntimeError: CUDA error: uncorrectable ECC error encountered",
                  "[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with exception: CUDA error: "
                  "uncorrectable ECC error encountered"),
        near_misses=("ECC mode: enabled",),
    ),
    S(
        id="amdgpu-ras-poison", family="kernel", title="RAS: poisoned memory consumed",
        severity="fatal", tier=HARDWARE,
        patterns=(
            "poison is (?:consumed|created)",
            "kick off gpu reset flow",
        ),
        needles=(
            "poison",
            "kick off gpu reset",
        ),
        meaning="A client read memory marked poisoned by an uncorrectable error; a reset follows.",
        causes=(C(text="an uncorrectable memory error on this GPU"),),
        fix="Drain the GPU and test it; RMA if it repeats.",
        sources=("https://github.com/amd/node-scraper",),
        examples=("amdgpu 0000:05:00.0: amdgpu: Poison is consumed by client 12, kick off gpu reset flow",),
    ),
    S(
        id="amdgpu-aca-error", family="kernel", title="MI300 ACA (machine check) error record",
        severity="error", tier=HARDWARE,
        patterns=(
            "Accelerator Check Architecture",
            r"entry\[\d{1,3}\]\.(?:STATUS|ADDR|IPID|SYND)=0x",
        ),
        needles=(
            "accelerator check",
            "].status=",
            "].ipid=",
        ),
        meaning="The GPU logged a hardware error record (MCA/ACA bank dump).",
        causes=(C(text="a hardware error inside the GPU; keep the record for the vendor"),),
        fix="Save the dmesg block and open a case with the vendor; test the GPU.",
        sources=("https://github.com/amd/node-scraper",),
        examples=("amdgpu 0000:05:00.0: amdgpu: [Hardware error] Accelerator Check Architecture events logged",),
        block=(r"entry\[\d{1,3}\]\.",), block_lines=16,
    ),
    S(
        id="pcie-aer", family="kernel", title="PCIe AER error",
        severity="error", tier=HARDWARE,
        patterns=(
            r"PCIe Bus Error: severity=(?P<severity>Correct(?:ed|able)|Uncorrect(?:ed|able) \((?:Non-Fatal|Fatal)\))",
            r"AER: (?:Multiple )?(?P<aer>Correct(?:ed|able)|Uncorrect(?:ed|able))(?: \([\w-]{1,12}\))? error (?:message )?received",
        ),
        needles=(
            "pcie bus error",
            "aer:",
        ),
        meaning="The PCIe link reported errors; corrected floods cost replays and speed, fatal ones lose the GPU.",
        causes=(C(text="a marginal link: riser, cable, slot or a link trained above what it holds", check="RD-PCIE-002", fix="reseat the card, avoid risers, or lower the slot's PCIe generation in the BIOS"),),
        fix=("Reseat, remove risers, or force a lower PCIe generation; fatal errors need the GPU re-enumerated"
             " (reboot)."),
        sources=(
            "https://github.com/amd/node-scraper",
            "https://docs.kernel.org/PCI/pcieaer-howto.html",
        ),
        examples=(
            "pcieport 0000:00:01.1: AER: Corrected error received: 0000:01:00.0",
            "amdgpu 0000:01:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
            "pcieport 0000:00:1c.4: AER: Uncorrected (Fatal) error received: id=00e4",
            "pcieport 0000:80:1b.4: PCIe Bus Error: severity=Uncorrectable (Non-Fatal), type=Transaction Layer, (Receiver ID)",
        ),
        block=(
            "error status/mask=",
            "TLP Header",
            r":\s{1,8}\[\s?\d{1,2}\] [A-Za-z]",
            r"device \[[0-9a-f]{4}:[0-9a-f]{4}\]",
            "PCIe Bus Error: severity=",
            "broadcast error_detected",
            "has no AER-aware driver",
            "link has been reset",
            "AER: (?:Device recovery|device recovery|can't recover)",
        ), block_lines=12,
        block_same_device=False,
    ),
    S(
        id="pcie-link-down", family="kernel", title="A GPU fell off the bus",
        severity="fatal", tier=HARDWARE,
        patterns=(r"pcieport \S{1,16}: \w{1,16}: Slot\(\d{1,4}\): (?:Link Down|Card not present)",),
        needles=(
            "link down",
            "card not present",
        ),
        meaning="The slot's link went down: the GPU is gone until the machine is power-cycled.",
        causes=(C(text="power delivery, a riser or a hot-plug event"),),
        fix="Check power cables and risers, then power-cycle.",
        sources=("https://github.com/amd/node-scraper",),
        examples=("pcieport 0000:00:03.1: pciehp: Slot(3): Link Down",),
    ),
    S(
        id="amdgpu-cp-hang", family="kernel", title="Command processor / HW scheduler stuck",
        severity="fatal", tier=DRIVER,
        patterns=(
            "qcm fence wait loop timeout expired",
            "cp might be in an unrecoverable state",
            "Failed to evict process queues",
            "Queue preemption failed",
        ),
        needles=(
            "qcm fence",
            "unrecoverable state",
            "evict process queues",
            "preemption failed",
        ),
        meaning="The GPU's scheduler stopped answering; a reset usually follows.",
        causes=(
            C(text="a hung GPU kernel or firmware fault"),
            C(text="driver/firmware too old", check="RD-DRV-003"),
        ),
        fix="Update driver and firmware; collect the lines before it.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/6313",
            "https://github.com/ROCm/cvs",
        ),
        examples=(
            "amdgpu: qcm fence wait loop timeout expired",
            "amdgpu: Failed to evict process queues",
        ),
    ),
    S(
        id="amdgpu-mes-failed", family="kernel", title="MES (micro-engine scheduler) stopped responding",
        severity="fatal", tier=DRIVER,
        patterns=(r"MES(?:\(\d\))? failed to respon(?:d|se) (?:to )?msg=(?P<msg>\w{1,64})",),
        needles=("mes failed",),
        meaning="RDNA3/4 and APU GPUs schedule queues through MES firmware; it hung.",
        causes=(C(text="MES firmware with known hangs (0x83 on gfx11.5)", check="RD-DRV-003", fix="update linux-firmware / amdgpu"),),
        fix="Update linux-firmware and the amdgpu driver.",
        sources=(
            "https://github.com/ROCm/ROCm/issues/5724",
            "https://github.com/lamikr/rocm_sdk_builder/issues/141",
            "https://github.com/ValveSoftware/SteamOS/issues/2802",
        ),
        examples=(
            "amdgpu 0000:03:00.0: amdgpu: MES failed to respond to msg=RESET",
            "[drm ERROR :mes_v11_0_submit_pkt_and_poll_completion] MES failed to response msg=3",
        ),
    ),
    S(
        id="kfd-oversubscribed", family="kernel", title="Too many queues: runlist oversubscribed",
        severity="warning", tier=SETUP,
        patterns=(
            "Runlist is getting oversubscribed",
            "Expect reduced ROCm performance",
        ),
        needles=(
            "oversubscribed",
            "reduced rocm performance",
        ),
        meaning="More HIP processes/queues than the GPU schedules at once; performance collapses.",
        causes=(C(text="several processes share one GPU (ranks mapped to the same device)", check="RD-ENV-003"),),
        fix="Give each rank its own GPU; reduce processes per GPU.",
        sources=(
            "https://github.com/ROCm/cvs",
            "https://rocm.docs.amd.com/en/latest/how-to/gpu-performance/mi300x.html",
        ),
        examples=("amdgpu: Runlist is getting oversubscribed. Expect reduced ROCm performance.",),
    ),
    S(
        id="kfd-wptr-map-failed", family="kernel", title="KFD could not map a user queue into the GPU's address space",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"amdgpu: Failed to map wptr bo to GART",
            r"amdgpu: Failed to pin (?:wptr )?bo\. ret -?\d{1,6}",
        ),
        needles=(
            "wptr bo",
            "failed to pin",
        ),
        meaning=("Creating a HIP queue needs the kernel driver to pin the queue's write-pointer buffer into the GART; "
                 "it failed, so the process gets no queue and crashes (a segfault in libamdhip64)."),
        causes=(
            C(text="the kernel's amdgpu driver and the ROCm user space are out of step (MES user queues on RDNA3)",
              check="RD-ROCM-003", fix="use the amdgpu driver of the ROCm release installed, or a newer kernel"),
            C(text="a kernel amdgpu bug in queue creation, fixed in later kernels"),
        ),
        fix="Match the amdgpu driver to the ROCm release (amdgpu-dkms) or move to a newer kernel.",
        sources=("https://github.com/vladmandic/sdnext/issues/913",),
        examples=("kernel: amdgpu: Failed to map wptr bo to GART", "kernel: amdgpu: Failed to pin bo. ret -1"),
        near_misses=("amdgpu 0000:03:00.0: amdgpu: failed to pin userptr",),
    ),
    S(
        id="amdgpu-throttled", family="kernel", title="GPU throttled",
        severity="warning", tier=NOTE,
        patterns=("amdgpu: WARN: GPU is throttled",),
        needles=("throttled",),
        meaning="Thermal or power throttling; benchmark and step times are not representative.",
        causes=(C(text="cooling or power limits"),),
        fix="Check cooling and power caps.",
        sources=("https://github.com/amd/node-scraper",),
        examples=("amdgpu 0000:05:00.0: amdgpu: WARN: GPU is throttled",),
    ),
    S(
        id="amdgpu-firmware-load-failed", family="kernel", title="amdgpu could not load a firmware file",
        severity="error", tier=DRIVER,
        patterns=(
            r"Direct firmware load for (?P<firmware>amdgpu/[\w.-]{1,64}) failed with error -(?P<errno>\d{1,6})",
            r'Failed to load firmware \"(?P<firmware2>amdgpu/[\w.-]{1,64})\"',
        ),
        needles=(
            "firmware load for amdgpu/",
            "failed to load firmware",
        ),
        meaning=("The kernel did not find (error -2) or could not read a firmware file amdgpu asked for. Missing "
                 "PSP, MC or SMC firmware stops the GPU from initialising; an optional one (the TA "
                 "trusted-application file) costs only its feature."),
        causes=(C(text="linux-firmware (or the amdgpu-dkms firmware) older than the GPU or the driver", check="RD-DRV-003", fix=("install the firmware of the amdgpu driver you run (amdgpu-dkms-firmware, or a newer "
                       "linux-firmware) and rebuild the initramfs")),),
        fix=("Install the matching firmware package, rebuild the initramfs (update-initramfs -u / dracut -f) "
             "and reboot."),
        sources=(
            "https://github.com/ROCm/ROCm/issues/912",
            "https://github.com/geerlingguy/raspberry-pi-pcie-devices/issues/331",
        ),
        examples=(
            "amdgpu 0000:19:00.0: Direct firmware load for amdgpu/vega20_ta.bin failed with error -2",
            'amdgpu 0000:19:00.0: psp v11.0: Failed to load firmware "amdgpu/vega20_ta.bin"',
            "amdgpu 0000:01:00.0: Direct firmware load for amdgpu/polaris12_mc.bin failed with error -2",
        ),
        near_misses=("[drm] Loading firmware amdgpu/vega20_ta.bin",),
    ),
    S(
        id="amdgpu-devcoredump", family="kernel", title="amdgpu wrote a device coredump after a hang",
        severity="error", tier=DRIVER,
        patterns=(
            "AMDGPU device coredump file has been created",
            r"Check your (?P<path>/sys/class/drm/card\d{1,4}/device/devcoredump/data)",
        ),
        needles=(
            "device coredump",
            "devcoredump/data",
        ),
        meaning=("The driver captured the GPU's ring and IP state after a hang (a ring timeout follows in the "
                 "log). The kernel keeps the dump only for about five minutes."),
        causes=(C(text="a GPU hang (see the ring timeout and page fault around it)"),),
        fix=("Copy /sys/class/drm/cardN/device/devcoredump/data right away and attach it to the driver bug "
             "report."),
        sources=(
            "https://github.com/ROCm/ROCm/issues/5999",
            "https://github.com/ROCm/ROCm/issues/6127",
            "https://github.com/ROCm/amdgpu/issues/202",
        ),
        examples=(
            "amdgpu 0000:04:00.0: amdgpu: [drm] AMDGPU device coredump file has been created",
            "amdgpu 0000:45:00.0: amdgpu: [drm] Check your /sys/class/drm/card0/device/devcoredump/data",
        ),
        near_misses=("amdgpu 0000:04:00.0: amdgpu: Dumping IP State Completed",),
    ),
    S(
        id="smu-version-mismatch", family="kernel", title="SMU driver interface version not matched (benign)",
        severity="info", tier=NOTE,
        patterns=("SMU driver if version not matched",),
        needles=("smu driver if version",),
        meaning="Normal on consumer GPUs; not a cause of failures.",
        causes=(C(text="benign: present in working logs"),),
        fix="Nothing to do.",
        sources=("https://github.com/ROCm/amdgpu/issues/168",),
        examples=("amdgpu 0000:2b:00.0: amdgpu: SMU driver if version not matched",),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="amdgpu-ring-reset", family="kernel", title="A GPU ring was reset on its own",
        severity="fatal", tier=DRIVER,
        patterns=(r"Ring (?P<ring>[a-z]{2,6})[_\d.]{0,12} reset (?P<result>succeeded|failed)",
                  r"Starting (?P<ring2>[a-z]{2,6})[_\d.]{0,12} ring reset"),
        needles=(" reset failed", " reset succeeded", "ring reset"),
        meaning=("The driver reset one ring (queue) after a job on it hung (per-queue reset, newer kernels); if it "
                 "failed, a full GPU reset follows."),
        causes=(
            C(text="a shader/kernel hung on this ring (the process named above the reset)"),
            C(text="GPU resets, hangs or faults earlier in this boot's kernel log", check="RD-KERN-001"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Find the process the timeout line names; update amdgpu/firmware if resets repeat.",
        sources=("https://github.com/ROCm/amdgpu/issues/202",),
        examples=("amdgpu 0000:45:00.0: amdgpu: Ring gfx_0.0.0 reset failed",),
        near_misses=("amdgpu 0000:45:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0",),
    ),
    S(
        id="amdgpu-ring-test-failed", family="kernel", title="A GPU ring failed its self-test",
        severity="fatal", tier=DRIVER,
        patterns=(r"ring (?P<ring>[a-z][\w.]{1,24}) test failed \((?P<errno>-?\d{1,6})\)",),
        needles=("test failed",),
        meaning="During a reset or init the driver's ring test got no answer (-110: timeout): the engine is stuck.",
        causes=(
            C(text="the GPU is hung and the reset did not bring it back", check="RD-KERN-001"),
            C(text="firmware or VBIOS known to be bad", check="RD-HEALTH-008"),
        ),
        fix="Reboot to recover; update amdgpu and linux-firmware; if it recurs on one board, suspect the board.",
        sources=("https://github.com/rocm-arch/rocm-arch/issues/829",),
        examples=("amdgpu 0000:0c:00.0: [drm:amdgpu_ring_test_helper [amdgpu]] *ERROR* ring kiq_2.1.0 test failed (-110)",
                  "amdgpu 0000:03:00.0: [drm:amdgpu_ring_test_helper [amdgpu]] *ERROR* ring mes_kiq_3.1.0 test failed (-110)"),
    ),
    S(
        id="amdgpu-cp-halt-failed", family="kernel", title="The command processor would not stop",
        severity="error", tier=DRIVER,
        patterns=(r"\b(?P<queue>KGQ|KCQ) (?:enable|disable) failed", r"failed to halt cp (?P<engine>gfx|compute)"),
        needles=("able failed", "failed to halt cp"),
        meaning="While resetting, the driver could not disable the GFX/compute queues: the engine was hung hard.",
        causes=(
            C(text="a hung job on the GFX/compute engine (see the ring timeout before it)", check="RD-KERN-001"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Follows a ring timeout; fix what hung the engine. Reboot if the reset failed.",
        sources=("https://github.com/rocm-arch/rocm-arch/issues/829",),
        examples=("[drm:gfx_v10_0_hw_fini [amdgpu]] *ERROR* KGQ disable failed",
                  "[drm:gfx_v10_0_hw_fini [amdgpu]] *ERROR* failed to halt cp gfx"),
    ),
    S(
        id="amdgpu-psp-command-failed", family="kernel", title="The PSP (security processor) rejected a command",
        severity="error", tier=DRIVER,
        patterns=(r"psp gfx command (?P<cmd>\w{1,40})\((?P<id>0x[0-9a-f]{1,8})\) failed and response status is "
                  r"\((?P<status>0x[0-9a-f]{1,8})\)",
                  r"psp command failed and response status is \((?P<status2>-?\w{1,12})\)"),
        needles=("psp gfx command", "psp command failed"),
        meaning="The Platform Security Processor, which loads the GPU's firmware, refused or failed a command.",
        causes=(
            C(text="firmware files that do not match the driver (mixed linux-firmware and amdgpu-dkms)",
              check="RD-HEALTH-008"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
            C(text="a GPU reset left the PSP in a bad state", check="RD-KERN-001"),
        ),
        fix="Install the firmware that ships with the amdgpu driver in use; reboot.",
        sources=("https://github.com/ROCm/xformers/issues/14", "https://github.com/FreeBSDDesktop/kms-drm/pull/234"),
        examples=("amdgpu 0000:2b:00.0: amdgpu: psp gfx command UNLOAD_TA(0x2) failed and response status is (0x117)",
                  "[drm] psp command failed and response status is (-53233)"),
    ),
    S(
        id="amdgpu-psp-firmware", family="kernel", title="The PSP firmware could not be loaded",
        severity="fatal", tier=DRIVER,
        patterns=(r"PSP firmware loading failed", r"Failed to load psp firmware", r"failed to init sos firmware",
                  r"fail to request/validate toc microcode", r"(?:sw|hw)_init of IP block <psp> failed"),
        needles=("psp firmware", "sos firmware", "toc microcode", "block <psp>"),
        meaning="The GPU's security processor firmware (sos/toc/ta) is missing or rejected: the GPU cannot start.",
        causes=(
            C(text="the firmware file for this GPU is missing (linux-firmware older than the GPU)",
              check="RD-HEALTH-008"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Install a linux-firmware (or amdgpu-dkms-firmware) that has this GPU's psp_* files; update initramfs.",
        sources=("https://github.com/freebsd/drm-kmod-firmware/issues/27", "https://github.com/FreeBSDDesktop/kms-drm/issues/206"),
        examples=("May 15 22:34:16 Home kernel: [drm ERROR :psp_sw_init] Failed to load psp firmware!",
                  "[drm ERROR :psp_hw_init] PSP firmware loading failed"),
    ),
    S(
        id="amdgpu-ucode-load-failed", family="kernel", title="A firmware image (ucode) failed to load",
        severity="error", tier=DRIVER,
        patterns=(r"failed (?:to load|loading with status \(-?\d{1,8}\) and) ucode id \((?P<ucode>\d{1,4})\)",),
        needles=("ucode id",),
        meaning="The PSP could not load one of the GPU's microcode images.",
        causes=(
            C(text="firmware files that do not match the driver", check="RD-HEALTH-008"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Update linux-firmware together with the amdgpu driver.",
        sources=("https://github.com/FreeBSDDesktop/kms-drm/pull/234",),
        examples=("[drm ERROR :psp_cmd_submit_buf] failed loading with status (-53233) and ucode id (10)",),
    ),
    S(
        id="amdgpu-firmware-image-missing", family="kernel", title="A GPU firmware image is missing",
        severity="error", tier=DRIVER,
        patterns=(r"(?P<firmware>(?:amdgpu|radeon)/[\w.-]{1,64}): could not load firmware image",
                  r"could not load firmware image '(?P<firmware2>(?:amdgpu|radeon)/[\w.-]{1,64})'"),
        needles=("could not load firmware image",),
        meaning="The kernel could not find a firmware file the GPU needs (FreeBSD drm-kmod wording).",
        causes=(
            C(text="the firmware package for this GPU is not installed or too old", check="RD-HEALTH-008"),
        ),
        fix="Install the GPU firmware package (gpu-firmware-amd-kmod / linux-firmware) that has this file.",
        sources=("https://github.com/FreeBSDDesktop/kms-drm/issues/47",),
        examples=("Mar 22 06:36:07 marcopolo kernel: amdgpu/polaris11_mc.bin: could not load firmware image, error 2",),
    ),
    S(
        id="amdgpu-d3-inaccessible", family="kernel", title="The GPU fell off the bus (D3 to D0 failed)",
        severity="fatal", tier=HARDWARE,
        patterns=(r"Unable to change power state from D3(?:hot|cold) to D0, device inaccessible",),
        needles=("device inaccessible",),
        meaning="The GPU (or the bridge above it) did not wake from a low-power state: it no longer answers on PCIe.",
        causes=(
            C(text="PCIe errors or link problems on the GPU or the bridges above it", check="RD-HEALTH-003"),
            C(text="the PCIe link runs below the speed/width the slot allows", check="RD-PCIE-002"),
            C(text="runtime power management (ASPM/D3cold) on a board or BIOS that does not handle it"),
        ),
        fix="Disable PCIe ASPM/runtime PM for the GPU (amdgpu.runpm=0), reseat it, update the BIOS.",
        sources=("https://github.com/ROCm/ROCm/issues/4226",),
        examples=("[200584.544050] amdgpu 0000:0a:00.0: Unable to change power state from D3hot to D0, device inaccessible",),
    ),
    S(
        id="amdgpu-vm-flush-timeout", family="kernel", title="A GPU TLB flush timed out",
        severity="fatal", tier=DRIVER,
        patterns=(r"Timeout waiting for (?:sem acquire in )?VM flush",),
        needles=("vm flush",),
        meaning="The memory controller did not acknowledge a page-table flush: the GPU stopped answering.",
        causes=(
            C(text="the GPU became inaccessible on PCIe (see a D3/AER line before it)", check="RD-HEALTH-003"),
            C(text="GPU resets, hangs or faults in this boot's kernel log", check="RD-KERN-001"),
        ),
        fix="Usually follows the GPU dropping off the bus; fix that first (power management, slot, BIOS).",
        sources=("https://github.com/ROCm/ROCm/issues/4226",),
        examples=("[200588.950412] [drm:gmc_v11_0_flush_gpu_tlb [amdgpu]] *ERROR* Timeout waiting for sem acquire in VM flush!",),
    ),
    S(
        id="amdgpu-smu-message-failed", family="kernel", title="The SMU (power management) stopped answering",
        severity="error", tier=DRIVER,
        patterns=(r"Failed to send message (?P<msg>0x[0-9a-f]{1,4}), response (?P<resp>0x[0-9a-f]{1,8})",
                  r"\[powerplay\] (?:\[\w{1,40}\] )?Failed to (?P<what>[\w ]{3,60})",
                  # the SMU is still busy with the driver's previous message (swsmu's wording)
                  r"SMU: I'm not done with your previous command",
                  # swsmu's wording since 6.x: the mailbox gave no answer to message msg_reg (at init, resume or a
                  # metrics query); "SMU is resumed/initialized successfully" and the if-version note are no fault
                  r"SMU: No response msg_reg: (?P<msg_reg>\d{1,4}) resp_reg: (?P<resp_reg>\w{1,10})"),
        needles=("failed to send message", "[powerplay]", "not done with your previous command", "smu: no response"),
        meaning="The System Management Unit, which sets clocks and power, did not answer the driver.",
        causes=(
            C(text="an uncorrectable hardware error or hang just before it (RAS line above)", check="RD-HEALTH-001"),
            C(text="firmware or VBIOS known to be bad", check="RD-HEALTH-008"),
            C(text="power delivery: the board's power cap or PSU", check="RD-HEALTH-006"),
        ),
        fix="Reboot; if it recurs, update firmware and check the board's power; reseat the GPU.",
        sources=("https://github.com/ROCm/ROCm/issues/1886", "https://github.com/ROCm/legacy-rocm-build/issues/2196"),
        examples=("[Sat Jan  7 14:25:59 2023] amdgpu 0000:e3:00.0: amdgpu: Failed to send message 0x26, response 0x0",
                  "[Sat Jan  7 14:25:59 2023] amdgpu: [powerplay] Failed to set soft min gfxclk !",
                  "[31317.644104] amdgpu 0000:0d:00.0: amdgpu: SMU: I'm not done with your previous command: SMN_C2PMSG_66:0x00000012 SMN_C2PMSG_82:0x00000005",
                  # https://github.com/t2linux/T2-Ubuntu/issues/208 (Navi 14 at init, hw_init of <smu> failed -62)
                  "[   10.116367] amdgpu 0000:03:00.0: SMU: No response msg_reg: 6 resp_reg: 0"),
        near_misses=(
            # https://github.com/pop-os/pop/issues/1543 and https://github.com/hamadmarri/TT-CPU-Scheduler/issues/23
            "[12996.348163] amdgpu 0000:0c:00.0: amdgpu: SMU is resumed successfully!",
            "[    8.305616] amdgpu 0000:0b:00.0: amdgpu: SMU is initialized successfully!",
        ),
    ),
    S(
        id="amdgpu-mes-queue-failed", family="kernel", title="MES could not remove a hardware queue",
        severity="fatal", tier=DRIVER,
        patterns=(r"failed to remove hardware queue from MES", r"MES might be in unrecoverable state",
                  r"failed to unmap legacy queue", r"Failed to evict queue \d{1,6}"),
        needles=("from mes", "unrecoverable state", "unmap legacy queue", "evict queue"),
        meaning="The micro-engine scheduler (RDNA3/MI300 class) did not remove a queue: the GPU is hung.",
        causes=(
            C(text="a hung job (see the ring timeout before it)", check="RD-KERN-001"),
            C(text="MES firmware known to be bad with this driver", check="RD-HEALTH-008"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Update amdgpu and the MES firmware together; a GPU reset or reboot recovers.",
        sources=("https://github.com/ROCm/ROCm/issues/2533", "https://github.com/ROCm/amdgpu/issues/202"),
        examples=("Oct  7 12:58:23 Ubuntu-Desktop kernel: [ 2238.057611] amdgpu: failed to remove hardware queue from MES, doorbell=0x1002",
                  "[   92.344432] amdgpu 0000:45:00.0: amdgpu: failed to unmap legacy queue"),
    ),
    S(
        id="amdgpu-process-suspend-failed", family="kernel", title="KFD could not suspend a process for the reset",
        severity="warning", tier=CONSEQUENCE,
        patterns=(r"amdgpu: Failed to (?:suspend|quiesce) process (?P<pasid>0x[0-9a-f]{1,8})",),
        needles=("process 0x",),
        meaning="During a GPU reset the compute process could not be suspended cleanly; it loses its work.",
        causes=(C(text="a GPU reset is in progress (see the reset and its trigger)", check="RD-KERN-001"),),
        fix="A consequence of the reset; fix what triggered it.",
        sources=("https://github.com/rocm-arch/rocm-arch/issues/829",),
        examples=("[ 2679.300615] amdgpu: Failed to suspend process 0x800c",),
    ),
    S(
        id="amdgpu-display-fence-timeout", family="kernel", title="The display side waited for the GPU in vain",
        severity="warning", tier=CONSEQUENCE,
        patterns=(r"Waiting for fences timed out",),
        needles=("fences timed out",),
        meaning="The display code waited for rendering that never finished: the GPU was hung.",
        causes=(C(text="a GPU hang (see the ring timeout after it)", check="RD-KERN-001"),),
        fix="A consequence of the hang; fix what hung the GPU.",
        sources=("https://github.com/rocm-arch/rocm-arch/issues/829",),
        examples=("[ 2674.170431] [drm:amdgpu_dm_atomic_commit_tail [amdgpu]] *ERROR* Waiting for fences timed out!",),
    ),
    S(
        id="amdgpu-fence-fallback-timer", family="kernel", title="The GPU's completion interrupts did not arrive",
        severity="error", tier=DRIVER,
        # amdgpu's fallback timer fires when a ring's fence signalled no interrupt in time; the driver then polls.
        # Printed as "[drm] ..." by older kernels and "amdgpu 0000:..: ..." by newer ones, on any ring.
        patterns=(r"Fence fallback timer expired on ring (?P<ring>[\w.]{1,24})",),
        needles=("fence fallback timer expired",),
        meaning=("The driver waited for a job's completion interrupt on this ring and it never came: work on the "
                 "GPU stalls or crawls, and a ring timeout and reset often follow."),
        causes=(
            C(text="the GPU hung (a ring timeout follows if it does not recover)", check="RD-KERN-001"),
            C(text="interrupts lost between GPU and CPU (MSI/IOMMU, firmware or a driver that does not match the kernel)",
              check="RD-DRV-003", fix="install the amdgpu driver and firmware that match the running kernel"),
        ),
        fix=("Check dmesg for a ring timeout or reset after it; update kernel, amdgpu firmware and driver together; "
             "on a passthrough or IOMMU host check interrupt remapping."),
        sources=("https://github.com/ROCm/amdgpu/issues/229", "https://github.com/ggml-org/llama.cpp/issues/21724"),
        examples=("[drm] Fence fallback timer expired on ring gfx_0.0.0",
                  "[drm] Fence fallback timer expired on ring sdma0",
                  "maj 08 19:28:59 RX-78-FPC kernel: amdgpu 0000:c2:00.0: Fence fallback timer expired on ring gfx_0.0.0"),
        near_misses=("amdgpu 0000:33:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0",
                     "amdgpu 0000:45:00.0: amdgpu: Starting gfx_0.0.0 ring reset"),
    ),
    S(
        id="iommu-event-logged", family="kernel", title="The IOMMU blocked a device access",
        severity="error", tier=HARDWARE,
        patterns=(r"AMD-Vi: Event logged \[(?P<event>IO_PAGE_FAULT|INVALID_DEVICE_REQUEST|ILLEGAL_DEV_TABLE_ENTRY|"
                  r"PAGE_TAB_HARDWARE_ERROR)",
                  # Intel VT-d's form of the same event
                  r"DMAR: \[(?P<dma>DMA (?:Read|Write)|INTR-REMAP)\] Request device \[[0-9a-fA-F:.]{4,16}\]",
                  r"DMAR: DRHD: handling fault status reg \d{1,4}"),
        needles=("amd-vi: event logged", "dmar: [dma", "dmar: [intr-remap", "dmar: drhd: handling fault"),
        meaning="The IOMMU (AMD-Vi, Intel VT-d's DMAR) rejected a DMA from a device; with GPUs this breaks "
                "peer-to-peer and can hang them.",
        causes=(
            C(text="the IOMMU translates GPU DMA on this multi-GPU host (iommu=pt missing)", check="RD-IOMMU-001"),
            C(text="IOMMU kernel flags that are invalid or conflict", check="RD-IOMMU-002"),
        ),
        fix="Boot with iommu=pt (rocmdoctor fix --iommu).",
        sources=("https://github.com/ROCm/amdgpu/issues/202", "https://github.com/patmagauran/i915ovmfPkg/issues/23"),
        examples=("[   90.125450] iommu ivhd1: AMD-Vi: Event logged [INVALID_DEVICE_REQUEST device=0000:00:00.0 pasid=0x00000 address=0xfffffffdf8000000 flags=0x0a00]",
                  "[  144.480641] DMAR: [DMA Read] Request device [00:02.0] PASID ffffffff fault addr 9c000000 [fault "
                  "reason 06] PTE Read access is not set",
                  "[  139.513963] DMAR: DRHD: handling fault status reg 3"),
    ),
    S(
        id="amdgpu-queue-reset-failed", family="kernel", title="Resetting one hung queue failed",
        severity="error", tier=DRIVER,
        patterns=(r"failed to reset legacy queue", r"reset via MES failed and try pipe reset"),
        needles=("failed to reset legacy queue", "reset via mes failed"),
        meaning="The driver tried to reset only the hung queue (through MES, then the pipe) and could not; a full reset follows.",
        causes=(
            C(text="MES firmware known to be bad with this driver", check="RD-HEALTH-008"),
            C(text="GPU hangs earlier in this boot's kernel log", check="RD-KERN-001"),
        ),
        fix="Update amdgpu and the MES firmware together; find the job that hung the queue.",
        sources=("https://github.com/ValveSoftware/SteamOS/issues/2802",),
        examples=("[drm:amdgpu_mes_reset_legacy_queue [amdgpu]] *ERROR* failed to reset legacy queue",),
    ),
    S(
        id="amdgpu-cs-parser-failed", family="kernel", title="A process kept submitting work after the GPU reset",
        severity="warning", tier=CONSEQUENCE,
        patterns=(r"Failed to initialize parser (?P<errno>-\d{1,4})!",),
        needles=("failed to initialize parser",),
        meaning="Command submission was refused (-125: the context was lost in a reset); the process must recreate it.",
        causes=(C(text="a GPU reset just before (see the ring timeout and reset)", check="RD-KERN-001"),),
        fix="A consequence of the reset; restart the process.",
        sources=("https://github.com/pop-os/cosmic-comp/issues/2626",),
        examples=("[drm:amdgpu_cs_ioctl [amdgpu]] *ERROR* Failed to initialize parser -125!",),
    ),
    S(
        id="amdgpu-device-wedged", family="kernel", title="The GPU was wedged and recovered by a reset",
        severity="error", tier=DRIVER,
        patterns=(r"device wedged, but recovered through reset",),
        needles=("device wedged",),
        meaning="The driver declared the device wedged (a hung job) and a ring or GPU reset brought it back.",
        causes=(
            C(text="a job hung the GPU (the ring timeout before it names the process)", check="RD-KERN-001"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Find the job that hung the ring; update amdgpu/firmware if it recurs.",
        sources=("https://github.com/ROCm/ROCm/issues/5999",),
        examples=("amdgpu 0000:04:00.0: [drm] device wedged, but recovered through reset",),
    ),
    S(
        id="amdgpu-display-reg-wait", family="kernel", title="Display register wait timed out",
        severity="info", tier=NOTE,
        patterns=(r"REG_WAIT timeout \d{1,6}us \* \d{1,9} tries - (?P<where>\w{1,64})",),
        needles=("reg_wait timeout",),
        meaning="The display engine (DCN) waited for a register; around a GPU hang it is a side effect, alone it is harmless for compute.",
        causes=(C(text="the display side of a GPU hang (see ring timeouts nearby)"),),
        fix="Nothing for compute unless a ring timeout or reset is next to it.",
        sources=("https://github.com/yshui/picom/issues/1390",),
        examples=("Nov 14 10:46:51 leviathan kernel: [drm] REG_WAIT timeout 1us * 100000 tries - optc1_wait_for_state line:839",),
    ),
    S(
        id="amdgpu-psp-unknown-fw-type", family="kernel", title="The driver asked the PSP for a firmware type it does not know",
        severity="fatal", tier=DRIVER,
        patterns=(r"psp_v\d{1,2}_\d_prep_cmd_buf\] Unknown firmware type",),
        needles=("unknown firmware type",),
        meaning="The firmware package and the driver disagree about which microcode images exist for this GPU.",
        causes=(
            C(text="firmware files that do not match the driver", check="RD-HEALTH-008"),
            C(text="the amdgpu driver build does not match the running kernel", check="RD-DRV-003"),
        ),
        fix="Install the firmware release that goes with this driver (or a driver that knows the images).",
        sources=("https://github.com/FreeBSDDesktop/kms-drm/issues/206",),
        examples=("[drm ERROR :psp_v11_0_prep_cmd_buf] Unknown firmware type",),
    ),
    # KFD (the compute part of amdgpu) does not drive this ASIC at all (pre-GCN3 parts like PITCAIRN, some
    # Polaris/APU SKUs): /dev/kfd then has no GPU node, and rocminfo fails with OUT_OF_RESOURCES or ENOMEM.
    S(
        id="kfd-asic-unsupported", family="kernel", title="KFD does not support this GPU",
        severity="fatal", tier=DRIVER,
        patterns=(r"kfd not supported on this ASIC",
                  r"\bkfd: (?:amdgpu: )?(?P<asic>[A-Z][A-Z0-9_]{2,24})\s{1,3}not supported in kfd"),
        needles=("kfd not supported", "not supported in kfd"),
        meaning=("The kernel driver drives the display but its compute part (KFD) has no support for this GPU, so "
                 "ROCm sees no GPU agent whatever the user space."),
        causes=(
            C(text="the GPU is outside ROCm's (and KFD's) support", check="RD-GFX-001",
              fix="use a GPU that ROCm supports, or another backend (Vulkan, OpenCL via Mesa)"),
            C(text="the amdgpu/KFD driver in use is too old or too new for this GPU", check="RD-DRV-001"),
        ),
        fix="ROCm cannot use this GPU: use a supported one or a non-ROCm backend.",
        sources=("https://github.com/ROCm/rocminfo/issues/27", "https://github.com/ROCm/legacy-rocm-build/issues/2232"),
        examples=("[    2.721238] amdgpu 0000:02:00.0: kfd not supported on this ASIC",
                  "[    3.548555] kfd kfd: amdgpu: PITCAIRN  not supported in kfd"),
        near_misses=("[    2.720894] kfd kfd: Initialized module",),
    ),
    # The kernel's own report of a bug or warning inside amdgpu: a stack whose frames are amdgpu functions
    # ("dcn32_validate_bandwidth+0x10b/0x320 [amdgpu]"), RIP in amdgpu, or WARNING at drivers/gpu/drm/amd/.
    # Whatever the first line says (panic, oops, NULL dereference, WARN_ON), the driver is where it failed.
    S(
        id="amdgpu-kernel-stack", family="kernel", title="The kernel reported a bug or warning inside amdgpu",
        severity="error", tier=DRIVER, supersedes=("kernel-oops",),  # the oops's own lines, now with the module named
        patterns=(
            r"\b(?P<func>\w{2,80})\+0x[0-9a-f]{1,8}/0x[0-9a-f]{1,8} \[amdgpu\b",
            r"\bWARNING: CPU: \d{1,4} PID: \d{1,9} at drivers/gpu/drm/amd/(?P<file>[\w/.-]{1,120})",
        ),
        needles=("[amdgpu", "drivers/gpu/drm/amd/"),
        meaning=("The kernel printed a stack trace whose frames are in the amdgpu driver: a kernel bug, a WARN_ON "
                 "or a panic inside the driver (display, memory management or compute), often a regression of "
                 "one kernel release."),
        causes=(
            C(text="a regression of this kernel's amdgpu driver", check="RD-DRV-001",
              fix="boot the previous kernel (or the distribution's LTS kernel) and report the trace upstream"),
            C(text="the GPU's firmware (linux-firmware) is older or newer than this driver expects"),
        ),
        fix="Boot a kernel without the regression (the previous or an LTS one); keep the full trace for the bug report.",
        sources=("https://github.com/ollama/ollama/issues/11651",),
        examples=(
            "[ 5804.237339]  dcn32_validate_bandwidth+0x10b/0x320 [amdgpu 1c8ee10b17eefcbc699301d2ec79eb6f22974de5]",
            "[ 5804.238992]  ? dm_crtc_get_scanoutpos+0xad/0x130 [amdgpu 1c8ee10b17eefcbc699301d2ec79eb6f22974de5]",
        ),
        near_misses=(
            "[ 5804.236961]  ? __kmalloc_noprof+0x25f/0x4e0",
            "[    3.123456] [drm] amdgpu kernel modesetting enabled.",
        ),
    ),
    # The kernel's oops itself (a page fault or NULL dereference in kernel mode) where the excerpt stops before the
    # stack names a module: in a GPU log the process is a ROCm program (clinfo, rocm-bandwidth-test) and the driver is
    # where it failed (corpus: 5 of 5 such logs labelled driver). amdgpu-kernel-stack names it when frames show.
    S(
        id="kernel-oops", family="kernel", title="The kernel oopsed (a page fault or NULL dereference in kernel mode)",
        severity="error", tier=DRIVER,
        patterns=(r"\bBUG: (?:unable to handle (?:kernel )?(?:page fault|NULL pointer dereference|paging request)|"
                  r"kernel NULL pointer dereference)\b",
                  # the kernel's oops line goes on with its build's flags (PREEMPT SMP NOPTI ...): no prose does
                  r"\bOops: (?:0x)?[0-9a-f]{4,16} \[#\d{1,4}\] (?:PREEMPT|SMP|NOPTI|PTI|KASAN)\b"),
        needles=("bug: unable to handle", "bug: kernel null pointer", "oops: "),
        meaning=("The kernel itself crashed in kernel mode (an oops): a driver dereferenced a bad address. In a log "
                 "of a GPU program it is almost always the amdgpu/KFD driver, often a regression of one kernel "
                 "release or a GPU and host the driver does not support (an ARM PCIe host, an old GCN card)."),
        causes=(
            C(text="a bug of the driver its trace names (RIP: ... [module]); in a GPU program's log, amdgpu/KFD",
              check="RD-DRV-001", fix="boot another kernel (the previous or an LTS one, or the amdgpu-dkms release for "
                                      "this one) and report the full trace"),
            C(text="a host the driver does not support for compute (PCIe without atomics or with alignment faults)",
              check="RD-PCIE-004"),
        ),
        fix="Keep the whole trace (dmesg) for the report, and boot a kernel or driver release without the bug.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/2198", "https://github.com/justxi/rocm/issues/72"),
        examples=("[  110.623513] BUG: unable to handle page fault for address: ffffa92a3eaffff8",
                  "[  +0.001671] BUG: unable to handle kernel NULL pointer dereference at 0000000000000038",
                  "[    8.493203] Internal error: Oops: 0000000096000061 [#1] PREEMPT SMP",
                  "[  223.352812] Oops: 0000 [#1] SMP NOPTI"),
        near_misses=("[    0.000000] BUG: Bad page state in process swapper  pfn:00000",
                     "Oops: something went wrong, please try again", "worker.py: Oops: 0404 [#2] retrying"),
    ),
    # The legacy `radeon` driver holds the GPU (Southern/Sea Islands cards: FirePro S9150, R9 290, HD 7970): KFD and
    # ROCm run only on amdgpu, which takes these only with radeon.si_support=0 radeon.cik_support=0
    # amdgpu.si_support=1 amdgpu.cik_support=1 (legacy-rocm-build#95: hsa_init 0x1008 on an S9150 under radeon).
    S(
        id="radeon-driver-bound", family="kernel", title="The legacy radeon driver drives the GPU, not amdgpu",
        severity="error", tier=DRIVER,
        # (a device the driver set up, not the module's load line: radeon prints "kernel modesetting enabled" whenever
        # it loads, also where cik_support=0 leaves the card to amdgpu)
        patterns=(r"\bradeon (?P<pci>[0-9a-f]{4}:[0-9a-f]{2}:[0-9a-f]{2}\.\d): (?:VRAM: \d|WB enabled|fence driver on ring)",),
        needles=("radeon 0000:",),
        meaning=("The kernel's old radeon driver, not amdgpu, bound this GPU: there is no KFD for it, so rocminfo, "
                 "HIP and PyTorch find no GPU agent (hsa_init fails with HSA_STATUS_ERROR_OUT_OF_RESOURCES)."),
        causes=(
            C(text="a Southern or Sea Islands GPU that the kernel gives to radeon by default", check="RD-DRV-001",
              fix="boot with radeon.si_support=0 radeon.cik_support=0 amdgpu.si_support=1 amdgpu.cik_support=1 "
                  "(or blacklist radeon) so amdgpu takes the card"),
        ),
        fix="Give the card to amdgpu: radeon.si_support=0 radeon.cik_support=0 amdgpu.si_support=1 "
            "amdgpu.cik_support=1 on the kernel command line, then reboot.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/95",
                 "https://wiki.archlinux.org/title/AMDGPU#Enable_Southern_Islands_(SI)_and_Sea_Islands_(CIK)_support"),
        examples=("[    1.357109] radeon 0000:02:00.0: VRAM: 16384M 0x0000000000000000 - 0x00000003FFFFFFFF (16384M used)",
                  "[    1.378771] radeon 0000:02:00.0: WB enabled"),
        near_misses=("[    3.410000] [drm] amdgpu kernel modesetting enabled.",
                     "[    1.347605] [drm] radeon kernel modesetting enabled.",
                     "[    2.000000] amdgpu 0000:03:00.0: amdgpu: VRAM: 24560M 0x0000008000000000 - 0x00000085FEFFFFFF"),
    ),
    # An application saying the GPU kernel driver is not loaded at all (no /sys/module/amdgpu, no KFD):
    # Ollama's "kfd driver not loaded", "amdgpu kernel module is not loaded". The host kernel lacks the driver.
    S(
        id="amdgpu-driver-not-loaded", family="kernel", title="The amdgpu/KFD kernel driver is not loaded",
        severity="fatal", tier=DRIVER,
        patterns=(r"\b(?P<module>kfd|amdgpu)(?: kernel)? (?:driver|module) (?:is )?not loaded\b",
                  r"\bamdgpu not found in modules\b"),
        needles=("driver not loaded", "module not loaded", "driver is not loaded", "module is not loaded",
                 "amdgpu not found in modules"),
        meaning=("The host kernel has no amdgpu/KFD driver loaded: no /dev/kfd exists, so no ROCm application "
                 "(in a container or not) can see a GPU."),
        causes=(
            C(text="amdgpu is not loaded (blacklisted, not built for this kernel, or an appliance OS without it)",
              check="RD-DRV-001", fix="load amdgpu (modprobe amdgpu) or use a host kernel that ships it with KFD"),
            C(text="amdgpu is denylisted", check="RD-DRV-002"),
        ),
        fix="Use a host kernel with amdgpu and KFD (HSA_AMD) enabled, and load the module.",
        sources=("https://github.com/home-assistant/addons/issues/3608",),
        examples=('time=2024-10-02T08:34:23.718Z level=ERROR source=amd_linux.go:364 msg="amdgpu devices detected but '
                  'permission problems block access" error="kfd driver not loaded"',
                  "ERROR:root:Driver not initialized (amdgpu not found in modules)"),
        near_misses=("[    3.410000] [drm] amdgpu kernel modesetting enabled.",),
    ),
    # modprobe failing to load amdgpu or a DRM module it needs (a module tree without the distribution's inbox DRM
    # helpers, as AMD's GPU operator's KMM worker loads it; a module that does not fit the kernel): no driver, no GPU
    S(
        id="amdgpu-modprobe-failed", family="kernel", title="modprobe could not load amdgpu or a DRM module it needs",
        severity="fatal", tier=DRIVER,
        patterns=(r"modprobe: ERROR: could not insert '(?P<module>amdgpu|amdttm|amdkcl|amdxcp|amd_sched|drm\w{0,30}|"
                  r"gpu_sched)'",
                  # amdgpu's own modules and the DRM helpers it loads with (not nouveau's, i915's or radeon's)
                  r"modprobe: ERROR: [^\n]{0,200}/drivers/gpu/drm/(?P<path>(?:amd/|drm_|ttm/|scheduler/|display/drm_)"
                  r"\S{0,200}\.ko(?:\.\w{1,4})?)"),
        needles=("modprobe: error",),
        meaning="The kernel module loader stopped on amdgpu or on a DRM helper module it depends on (drm_exec, "
                "drm_buddy, gpu_sched ...): amdgpu is not loaded, so there is no /dev/kfd and ROCm sees no GPU.",
        causes=(
            C(text="the module tree lacks a DRM helper amdgpu depends on (a minimal or extracted tree, the kernel's "
                   "modules-extra package not installed)", check="RD-DRV-001",
              fix="install the kernel's full module set (linux-modules-extra-$(uname -r)) or ship the helpers beside amdgpu"),
            C(text="the amdgpu module was built for another kernel", check="RD-DRV-001"),
        ),
        fix="Load the module by hand (`sudo modprobe -v amdgpu`) and read dmesg; install the kernel's matching modules "
            "(or the amdgpu-dkms release for this kernel), then reboot or reload.",
        sources=("https://github.com/ROCm/gpu-operator/pull/333",),
        examples=('I0908 23:31:34.248939       1 cmdlog.go:70] "modprobe: ERROR: ctx=0x79e20a05eaa0 path=/tmp/opt/lib/'
                  'modules/6.14.0-29-generic/kernel/drivers/gpu/drm/drm_exec.ko.zst error=No such file or directory"',),
        near_misses=("modprobe: ERROR: could not insert 'nvidia': No such device",
                     "modprobe: ERROR: could not insert 'nouveau': /lib/modules/6.8/kernel/drivers/gpu/drm/nouveau/"
                     "nouveau.ko: Invalid argument"),
    ),
    # modprobe's refusal of a module built against another kernel: amdgpu-dkms compiled for a kernel whose symbols the
    # running one does not export (a RHEL minor release the driver release does not support; a kernel updated after
    # DKMS built the module). The driver never loads: no /dev/kfd. ROCm/amdgpu#155 (RHEL 9.3).
    S(
        id="amdgpu-module-unknown-symbol", family="kernel",
        title="The amdgpu module was built for another kernel (unknown symbols)",
        severity="fatal", tier=DRIVER,
        patterns=(r"\b(?P<module>amdgpu|amdkcl|amdttm|amdxcp|amd_sched|amddrm_\w{1,30}|hydcu|hycu)\w{0,12}: (?:Unknown symbol "
                  r"\S{1,160} \(err -?\d{1,4}\)|disagrees about version of symbol \S{1,160})",),
        needles=("unknown symbol", "disagrees about version of symbol"),
        meaning=("The kernel refused to load the amdgpu module (or one of its DKMS helpers): it calls kernel functions "
                 "the running kernel does not export, so the module was compiled for another kernel. amdgpu stays "
                 "unloaded and ROCm sees no GPU."),
        causes=(
            C(text="the amdgpu-dkms release does not support this kernel (a newer distribution release, e.g. RHEL 9.3 "
                   "under a driver built for 9.2), or the kernel was updated and DKMS did not rebuild",
              check="RD-DRV-001", fix="install the amdgpu-dkms release that lists this kernel, or boot the kernel it "
                                      "was built for; `dkms status` shows what was built for which kernel"),
        ),
        fix="Match the driver to the running kernel: the amdgpu-dkms release for this distribution release, or the "
            "kernel the module was built for (then `modprobe amdgpu`).",
        sources=("https://github.com/ROCm/amdgpu/issues/155",
                 "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/reference/system-requirements.html"),
        examples=("amdgpu: Unknown symbol acpi_video_register_backlight (err -2)",
                  "[   12.345678] amdgpu: disagrees about version of symbol drm_sched_job_init"),
        near_misses=("[    3.410000] [drm] amdgpu kernel modesetting enabled.",
                     "nvidia: Unknown symbol drm_gem_object_free (err -2)"),
    ),
    # `dkms status` after an amdgpu-dkms install whose build failed or never ran (a kernel the release does not
    # support, missing headers): the source is registered ("added") but no module was built or installed for any
    # kernel, so the distribution's own amdgpu (or none) runs. legacy-rocm-build#624 (kernel 4.4 under ROCm 1.9).
    S(
        id="amdgpu-dkms-not-built", family="kernel", title="The amdgpu DKMS module was added but never built",
        severity="error", tier=DRIVER,
        patterns=(r"\b(?P<module>amdgpu(?:-dkms)?)[,/] ?[\w.+~-]{1,60}(?:, [\w.+~-]{1,80}){0,2}: added\b",),
        needles=(": added",),
        meaning=("`dkms status` lists the amdgpu source as only added: DKMS built and installed no module from it, so "
                 "the ROCm driver is not what the kernel loads (the in-tree amdgpu, or no KFD at all)."),
        causes=(
            C(text="the amdgpu-dkms release does not support this kernel, or the kernel headers were missing when it "
                   "installed", check="RD-DRV-001",
              fix="install the headers of the running kernel (linux-headers-$(uname -r)) and run `dkms autoinstall`, "
                  "or use a kernel the release supports"),
        ),
        fix="Build it for the running kernel: install linux-headers-$(uname -r), then `sudo dkms autoinstall` and "
            "reboot; read /var/lib/dkms/amdgpu/*/build/make.log if the build fails.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/624",
                 "https://github.com/dell/dkms#dkms-status"),
        examples=("amdgpu, 1.9-307: added", "amdgpu/6.3.6-2044426.22.04: added"),
        near_misses=("amdgpu, 1.9-211, 4.15.0-34-generic, x86_64: installed",
                     "amdgpu/6.14.14-2193512.24.04, 6.14.0-29-generic, x86_64: installed",
                     "nvidia, 535.54.03: added"),
    ),
    # The user-space thunk (ROCT/libhsakmt, Hygon's hymgr) checks the KFD interface version of the loaded
    # amdgpu/hydcu module; ROCr prints the same refusal per GPU and disables it. The module is older than the
    # ROCm user space (legacy-rocm-build#1423, #1583; Paddle#73087 on a DCU): the driver family, not a package.
    S(
        id="kfd-userspace-version-mismatch", family="kernel",
        title="The kernel driver is older than the ROCm user space (KFD version mismatch)",
        severity="fatal", tier=DRIVER,
        patterns=(
            r"Incompatible kernel and userspace\b"
            r"|(?i:(?:ROCT|hsakmt|Thunk)[\w./-]{0,60}(?::\d{1,6})?,? ?(?:WARNING|ERROR)?\]?:? ?(?:KFD )?version mismatch)",
        ),
        needles=("incompatible kernel and userspace", "version mismatch"),
        meaning=("The ROCm user space (the thunk, libhsakmt) found a KFD interface version it does not support in the "
                 "loaded kernel module; the GPU is disabled, so the runtime reports no GPU after it."),
        causes=(
            C(text="the amdgpu (or Hygon hydcu) kernel module is older than the ROCm release installed over it",
              check="RD-DRV-003",
              fix="install the amdgpu-dkms (DCU driver) that matches the ROCm release, or use the ROCm release the "
                  "installed driver supports; reboot so the new module loads"),
        ),
        fix="Upgrade the kernel driver to the ROCm release's (amdgpu-dkms), or downgrade ROCm to the driver's.",
        sources=(
            "https://github.com/ROCm/legacy-rocm-build/issues/1423",
            "https://github.com/ROCm/legacy-rocm-build/issues/1583",
            "https://github.com/PaddlePaddle/Paddle/issues/73087",
        ),
        examples=(
            "HSA Error:  Incompatible kernel and userspace, Vega 20 [Radeon VII] disabled. Upgrade amdgpu.",
            "[ROCT-Thunk-Interface/src/hymgr.c:344, WARNING]: Version mismatch",
        ),
        # a package pin that does not match is a version refusal (packages), not the driver's interface
        near_misses=("ERROR: torch version mismatch: expected 2.3.0, found 2.4.1",
                     "WARNING: ROCm version mismatch between PyTorch (6.2) and system (6.1)"),
    ),
    S(
        # libhsakmt's line when the KFD refuses the NUMA memory policy of a GPU's node at open: the driver (or the
        # node's firmware/NUMA setup) is at fault, and every ROCm program on the machine stops the same way
        # (a faulty CI runner, pytorch#83539); rocminfo then reports HSA_STATUS_ERROR_OUT_OF_RESOURCES.
        id="kfd-mem-policy-failed", family="kernel", title="The driver refused a GPU's memory policy",
        severity="fatal", tier=DRIVER,
        patterns=(r"Failed to set mem policy for GPU \[0x[0-9a-fA-F]{1,8}\]",),
        needles=("failed to set mem policy",),
        meaning=("libhsakmt could not set the memory policy of a GPU's NUMA node through the KFD while opening the "
                 "device: the kernel driver or the node's NUMA/firmware setup is broken, not the program."),
        causes=(
            C(text="the amdgpu/KFD driver or the node's NUMA setup is broken (a faulty node)", check="RD-DRV-001",
              fix="reload amdgpu or reboot the node; take it out of the pool if it repeats, and check dmesg"),
            C(text="the kernel driver does not match the ROCm user space", check="RD-DRV-003"),
        ),
        fix="Check `dmesg` for amdgpu/KFD errors on that node; reboot or drain it.",
        sources=("https://github.com/pytorch/pytorch/issues/83539",),
        examples=("Failed to set mem policy for GPU [0x6b0d]",),
        near_misses=("numactl: set_mempolicy: Invalid argument",),
    ),
    S(
        # libhsakmt's line when a KFD ioctl the thunk relies on fails at open: a ROCm user space (thunk) that does
        # not speak the kernel driver's KFD interface (ROCm's own thunk on an upstream kernel of another era, or the
        # reverse), or a KFD that refuses the GPU.
        id="kfd-ioctl-failed", family="kernel", title="A KFD call of the ROCm thunk failed",
        severity="fatal", tier=DRIVER,
        patterns=(r"\bAMDKFD_IOC_(?P<ioctl>[A-Z_]{3,40}) failed",),
        needles=("amdkfd_ioc_",),
        meaning=("The ROCm thunk (libhsakmt) called the kernel driver's KFD and the call failed: the user space and "
                 "the kernel driver do not agree on the interface, or the driver refused the GPU; rocminfo then "
                 "reports HSA_STATUS_ERROR_OUT_OF_RESOURCES."),
        causes=(
            C(text="the kernel driver does not match the ROCm user space", check="RD-DRV-003",
              fix="install the amdgpu-dkms (or kernel) that this ROCm release supports, or the ROCm that matches it"),
            C(text="the amdgpu/KFD driver is broken or not loaded for this GPU", check="RD-DRV-001"),
        ),
        fix="Match the kernel driver to the ROCm release (amdgpu-dkms of the same release); check `dmesg` for KFD.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/438",),
        examples=("AMDKFD_IOC_ACQUIRE_VM failed",),
        near_misses=("kfd kfd: amdgpu: Allocated 3969056 bytes on gart",),
    ),
    # The kernel module loader ignoring a parameter the driver does not have (`amdgpu.gtt_size=` for gttsize, a
    # parameter a newer kernel removed): the setting the user relies on, an APU's GPU memory most often, is not
    # applied. (amdgpu's "Configuring gttsize via module parameter is deprecated" is printed when it IS applied.)
    S(
        id="driver-module-parameter-ignored", family="kernel",
        title="The GPU driver ignored a module parameter from the kernel command line",
        severity="error", tier=DRIVER,
        patterns=(r"\b(?P<module>amdgpu|amdkfd|amdttm|ttm|drm): unknown parameter '(?P<param>[\w.-]{1,60})' ignored",),
        needles=("unknown parameter",),
        meaning=("The kernel read a driver option from the command line (or modprobe.d) that this driver does not "
                 "have, or no longer honours, and went on without it: the setting it was meant to make, an APU's "
                 "GPU-visible memory (GTT/TTM) most often, is at its default."),
        causes=(
            C(text="a misspelt or removed parameter (amdgpu.gtt_size for amdgpu.gttsize; gttsize deprecated on "
                   "6.x kernels in favour of ttm.pages_limit)", check="RD-APU-001",
              fix="use ttm.pages_limit (and ttm.page_pool_size) for the GPU's share of RAM; check each name with "
                  "`modinfo -p amdgpu`"),
        ),
        fix=("Compare the option with `modinfo -p amdgpu` (or the module's parameters in "
             "/sys/module/amdgpu/parameters); on kernels 6.x give an APU its memory with ttm.pages_limit."),
        sources=("https://docs.kernel.org/gpu/amdgpu/module-parameters.html",
                 "https://github.com/ROCm/legacy-rocm-build/issues/5595"),
        examples=("[    3.636913] amdgpu: unknown parameter 'gtt_size' ignored",),
        near_misses=("[    3.637316] [drm] amdgpu kernel modesetting enabled.",
                     "usb_storage: unknown parameter 'quirk' ignored",
                     "[    3.646006] amdgpu 0000:c6:00.0: amdgpu: [drm] Configuring gttsize via module parameter is "
                     "deprecated, please use ttm.pages_limit"),
    ),
    # DKMS building a kernel module for the running kernel and failing (amdgpu-dkms from a ROCm release older than the
    # kernel's API: `too few arguments to function 'pci_resize_resource'` on Debian 13's 6.12, legacy-rocm-build#5111;
    # Ubuntu 26.04's 7.0, #6193). The compiler errors above it are the module's, so the cause is the driver package
    # against this kernel, not a Python package's build (FAMILIES.md: driver).
    S(
        id="dkms-module-build-failed", family="kernel", title="DKMS could not build the kernel module for this kernel",
        severity="fatal", tier=DRIVER,
        patterns=(r"Bad return status for module build on kernel: (?P<kernel>\S{1,80})",
                  r"Error! Build of (?P<module>[\w.-]{1,60}) failed for: (?P<kernel2>\S{1,80})",
                  r"dpkg: error processing package (?P<package>amdgpu-dkms) \(--configure\)",
                  # the module's own compiler and modpost errors, in DKMS's build tree (/var/lib/dkms/amdgpu/VER/build,
                  # where the sources are amd/amdgpu/..., amd/display/..., amd/amdkcl/...), printed above that line
                  r"/var/lib/dkms/[\w.+-]{1,60}/\S{1,300}: (?:fatal )?error:",
                  r"\bamd/(?:amdgpu|amdkfd|amdkcl|display|pm|include)/\S{1,200}\.[ch]:\d{1,6}:\d{1,4}: (?:fatal )?error:",
                  r"ERROR: modpost: \"\w{1,80}\" \[/var/lib/dkms/",
                  # Kbuild stopping on an object of the amdgpu driver (a kernel or module build with another compiler)
                  r"make(?:\[\d{1,3}\])?: \*\*\* \[\S{0,300}Makefile\.build:\d{1,6}: \S{0,200}drivers/gpu/drm/amd/\S{1,300}\] "
                  r"Error \d{1,4}"),
        needles=("bad return status for module build", "error! build of", "error processing package amdgpu-dkms",
                 "/var/lib/dkms/", "amd/amdgpu/", "amd/amdkfd/", "amd/amdkcl/", "amd/display/", "amd/pm/",
                 "amd/include/", "drivers/gpu/drm/amd/"),
        meaning=("DKMS compiles the module (amdgpu-dkms, another vendor's driver) against the running kernel's headers "
                 "at install time and after each kernel update; the build failed, so the kernel keeps its own driver "
                 "or none. A kernel newer than the driver release supports changes the APIs the module calls."),
        causes=(
            C(text="the amdgpu-dkms release does not support this kernel (a newer kernel or another distribution's)",
              check="RD-DRV-001", fix="install the ROCm/amdgpu release that lists this kernel, or boot a supported one"),
            C(text="the running kernel's headers are missing or another kernel's", check="RD-DRV-003"),
        ),
        fix=("Read /var/lib/dkms/<module>/<version>/build/make.log; install the amdgpu release made for this kernel "
             "(or boot a kernel the installed release supports), then `sudo dkms autoinstall`."),
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/5111",
                 "https://github.com/ROCm/legacy-rocm-build/issues/6193",
                 "https://github.com/ClangBuiltLinux/linux/issues/2156"),
        examples=("Error! Bad return status for module build on kernel: 6.12.100+deb13-amd64 (x86_64)",
                  "make[5]: *** [/mnt/host/source/src/third_party/kernel/v5.10/scripts/Makefile.build:286: "
                  "drivers/gpu/drm/amd/amdgpu/../display/dc/dml/display_mode_lib.o] Error 1",
                  "Error! Build of amdgpu.ko failed for: 7.0.0-10-generic (x86_64)",
                  "dpkg: error processing package amdgpu-dkms (--configure):",
                  # https://github.com/ROCm/legacy-rocm-build/issues/2451, https://github.com/ROCm/amdgpu/issues/187,
                  # https://github.com/ROCm/legacy-rocm-build/issues/1125
                  "/var/lib/dkms/amdgpu/6.1.5-1609671.20.04/build/amd/amdgpu/../display/amdgpu_dm/amdgpu_dm.c:3314:25: "
                  "error: implicit declaration of function ‘drm_dp_mst_hpd_irq’; did you mean ‘drm_dp_mst_dpcd_write’? "
                  "[-Werror=implicit-function-declaration]",
                  " amd/amdgpu/amdgpu_drv.c:3064:10: error: ‘struct drm_driver’ has no member named ‘date’",
                  'ERROR: modpost: "migrate_vma_pages" [/var/lib/dkms/amdgpu/5.11.19.98-1290604/build/amd/amdgpu/amdgpu.ko] '
                  "undefined!"),
        near_misses=("amdgpu.ko:\nRunning module version sanity check.", "dpkg: error processing package python3-pip (--configure):",
                     "csrc/flash_attn_ck/mha_fwd.cpp:12:10: fatal error: 'ck/ck.hpp' file not found",
                     "/var/lib/dkms/amdgpu/6.1.5/build/amd/amdgpu/amdgpu_drv.c:12:3: warning: unused variable"),
    ),
    # NVIDIA's user-space driver libraries (libnvidia-ml, libcuda) and the loaded kernel module of another release:
    # an upgrade that replaced the libraries while the old module stays loaded (no reboot), a DKMS module not rebuilt
    # for the running kernel, a container toolkit mounting the host's newer libraries. NVML refuses to start.
    S(
        id="nvidia-driver-library-mismatch", family="kernel",
        title="NVIDIA's driver libraries and its loaded kernel module are different releases",
        severity="fatal", tier=DRIVER,
        patterns=(r"Failed to initialize NVML: Driver/library version mismatch",
                  r"nvml error: driver/library version mismatch",
                  r"NVRM: API mismatch: the client\b"),
        needles=("driver/library version mismatch", "nvrm: api mismatch"),
        meaning=("The NVIDIA kernel module loaded now and the user-space driver libraries (NVML, libcuda) come from "
                 "different driver releases, so NVML and CUDA refuse to initialise: nvidia-smi, the container "
                 "toolkit and every CUDA program fail until both match."),
        causes=(
            C(text="the driver packages were upgraded (often unattended) while the old kernel module stays loaded",
              check="RD-DRV-001", fix="reboot, or unload and reload the nvidia modules"),
            C(text="the DKMS module was not rebuilt for the running kernel, so an older module loads",
              fix="rebuild the module (dkms autoinstall) for this kernel and reboot"),
        ),
        fix="Reboot (or reload the nvidia kernel modules) so the module and the libraries are one release; hold the "
            "driver packages against unattended upgrades on GPU nodes.",
        sources=("https://github.com/pop-os/nvidia-graphics-drivers-470/issues/18",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/1431",
                 "https://github.com/NVIDIA/nvidia-docker/issues/182"),
        examples=("Failed to initialize NVML: Driver/library version mismatch",
                  "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown",
                  "Aug 26 14:08:07 nyasara-linux kernel: NVRM: API mismatch: the client has the version 367.44, but"),
        near_misses=("NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.173.02  Tue Jun 23 08:38:17 UTC 2026",),
        supersedes=("nvidia-container-runtime-failed",),
    ),
    # NVIDIA's kernel driver (NVRM) reporting a GPU error: an Xid event (its number says what: 13/31 an engine
    # exception or MMU fault, 43/45 a channel stopped or cleaned up after one, 48/63/64/94/95 ECC, 74/145-149
    # NVLink, 79 the GPU fell off the bus, 119/120 the GSP firmware not answering), the adapter failing to
    # initialise, or the GSP firmware's RPC timeout and its dumps. The driver's family, as amdgpu's are.
    S(
        id="nvidia-kernel-driver-error", family="kernel", title="NVIDIA's kernel driver reported a GPU error (NVRM)",
        severity="error", tier=DRIVER,
        patterns=(r"NVRM: Xid \(PCI:(?P<pci>[0-9a-fA-F:.]{4,20})\): (?P<xid>\d{1,3})\b",
                  r"NVRM: (?:GPU (?P<gpu>[0-9a-fA-F:.]{4,20}): )?RmInitAdapter failed!",
                  r"NVRM: GPU at PCI:(?P<pci2>[0-9a-fA-F:.]{4,20}) has fallen off the bus",
                  r"NVRM: fallen off the bus and is not responding to commands",  # the wrapped form of the same
                  r"NVRM: The NVIDIA probe routine failed for \d{1,3} device",
                  r"NVRM: (?:_kgspRpcRecvPoll|_kgspLogXid119|kgspDumpGspLogs|kflcnCoreDumpNondestructive)\w{0,8}\b"
                  r"|NVRM: GPU\d{1,3} RPC (?:event )?history"),
        needles=("nvrm: xid", "rminitadapter failed", "fallen off the bus", "probe routine failed", "nvrm: _kgsp", "nvrm: kgsp",
                 "nvrm: kflcn", "rpc history", "rpc event history"),
        meaning=("NVIDIA's kernel driver logged a GPU error: an Xid event (the number says which: 13/31 an engine "
                 "exception or MMU fault, 45 a channel cleaned up after one, 48/63/64/94/95 ECC, 74/145-149 NVLink, "
                 "79 the GPU fell off the bus, 119/120 the GSP firmware stopped answering), the adapter failing to "
                 "initialise, or the GSP firmware's RPC timeout."),
        causes=(
            C(text="a GPU hardware fault (ECC, NVLink, PCIe) or a GPU that fell off the bus: reset or drain the node",
              check="RD-KERN-001"),
            C(text="the driver and its GSP firmware (a driver release with known GSP timeouts), or a driver the kernel "
                   "does not match", check="RD-DRV-001"),
            C(text="the application's own invalid access (Xid 13/31 after a kernel bug in the program)"),
        ),
        fix=("Read the Xid number against NVIDIA's Xid table; for ECC/NVLink/fell-off-the-bus events reset the GPU "
             "(nvidia-smi -r) or reboot and run the vendor diagnostics (dcgmi diag); for GSP timeouts update the "
             "driver or disable GSP firmware (NVreg_EnableGpuFirmware=0) where supported."),
        sources=("https://docs.nvidia.com/deploy/xid-errors/index.html",
                 "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"),
        examples=("[31543.449443] NVRM: Xid (PCI:0000:01:00): 31, Ch 0000003a, intr 10000000. MMU Fault: ENGINE GRAPHICS "
                  "GPCCLIENT_T1_3 faulted @ 0x17_00592000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
                  "kernel: NVRM: Xid (PCI:0000:dc:00): 45, pid=1818990, name=python3, Ch 00000001 caused by previous "
                  "Xid 149",
                  "[Sun Apr 14 12:48:42 2024] NVRM: GPU 0000:81:00.0: RmInitAdapter failed! (0x25:0x40:1470)",
                  "[   84.738339] NVRM: GPU6 RPC event history (CPU <- GSP):",
                  "               NVRM: fallen off the bus and is not responding to commands."),
        near_misses=("[    5.123456] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023",
                     "NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024"),
    ),
)
