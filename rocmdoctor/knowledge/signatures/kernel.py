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
            r"(?:BACO|MODE1|MODE2) reset\b",
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
            "amdgpu 0000:0c:00.0: amdgpu: MODE2 reset",
        ),
        near_misses=("amdgpu 0000:03:00.0: amdgpu: reset via MES failed and try pipe reset -110",),
    ),
    S(
        id="amdgpu-ring-timeout", family="kernel", title="A GPU ring timed out",
        severity="fatal", tier=DRIVER,
        patterns=(r"ring (?P<ring>(?:gfx|comp|sdma|kiq|page)[\w.]{0,16}) timeout, signaled seq=(?P<signaled>\d{1,12}), emitted seq=(?P<emitted>\d{1,12})",),
        needles=("timeout, signaled",),
        meaning="A job submitted to the GPU did not finish within the scheduler timeout; a reset usually follows.",
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
        ),
        examples=(
            "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring gfx_0.0.0 timeout, signaled seq=5000163, emitted seq=5000165",
            "[drm:amdgpu_job_timedout [amdgpu]] *ERROR* ring sdma0 timeout, signaled seq=121570, emitted seq=121572",
        ),
        near_misses=("amdgpu 0000:33:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0",),
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
        ),
        needles=("page fault",),
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
        ),
        near_misses=("Memory access fault by GPU node-1 (Agent handle: 0x1f829860) on address 0x7a8a4be00000.",),
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
            r"amdgpu \S{1,16}: probe with driver amdgpu failed with error -(?P<errno>\d{1,12})",
            r"probe of (?P<bdf>\S{1,16}) failed with error -(?P<errno2>\d{1,12})",
        ),
        needles=(
            "fatal error during gpu init",
            "failed with error",
            "hw_init of ip block",
            "device_ip_init failed",
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
        ),
        examples=(
            "amdgpu 0000:03:00.0: amdgpu: Fatal error during GPU init",
            "amdgpu: probe of 0000:03:00.0 failed with error -12",
        ),
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
        patterns=(r"MES failed to respon(?:d|se) (?:to )?msg=(?P<msg>\w{1,64})",),
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
            # The trusted-application firmware (*_ta.bin) is optional: benign.py.
            r"Direct firmware load for (?P<firmware>amdgpu/(?!\w{1,40}_ta\.bin)[\w.-]{1,64}) failed with error -(?P<errno>\d{1,6})",
            r'Failed to load firmware \"(?P<firmware2>amdgpu/(?!\w{1,40}_ta\.bin)[\w.-]{1,64})\"',
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
)
