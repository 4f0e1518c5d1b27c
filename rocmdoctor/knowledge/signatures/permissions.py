"""Log signatures: device-node permissions and groups (/dev/kfd, /dev/dri).

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="kfd-permission-denied", family="permissions", title="Cannot open /dev/kfd",
        severity="fatal", tier=RUNTIME,
        patterns=(
            # "No such file or directory" is a node that is not there at all: kfd-node-absent (containers.py)
            # "Bad address"/"Cannot allocate memory" are KFD's own open failing: kfd-open-driver-error (kernel.py)
            r"Unable to open /dev/kfd read-write: (?P<why>(?!No such file|Bad address|Cannot allocate memory)[\w ]{1,40})",
            r'is not member of \"(?P<group>\w{1,32})\" group',
        ),
        needles=(
            "/dev/kfd",
            "is not member of",
        ),
        meaning="The process may not use the GPU device node.",
        causes=(
            C(text="the user is not in the render/video groups (or not in this session)", check="RD-PERM-002", fix="sudo usermod -aG render,video $USER, then log in again"),
            C(text="the container was started without the host's numeric render/video GIDs", check="RD-CTR-001"),
            C(text="device node permissions", check="RD-PERM-001"),
        ),
        fix="Add the user to render and video (containers: --group-add with the host's GIDs).",
        sources=(
            "https://github.com/ROCm/ROCm/issues/1549",
            "https://github.com/ROCm/ROCm-docker/issues/116",
        ),
        examples=("Unable to open /dev/kfd read-write: Permission denied",),
    ),
    # `ls -l /dev/kfd /dev/dri` pasted into a report: the node's mode and group say who may open it. Only the
    # owner (crw-------), or rw for the group root only, shuts every ordinary user out; the udev rule that
    # gives kfd and renderD* to render (or video) with mode 0660/0666 is missing.
    S(
        id="gpu-node-mode-root-only", family="permissions", title="The GPU device node is for root only",
        severity="error", tier=SETUP,
        patterns=(
            r"^\s{0,4}crw-{7}\.?\+?\s{1,4}\d{1,4}\s{1,4}\S{1,32}\s{1,4}\S{1,32}\s{1,4}\d{1,4},\s{0,4}\d{1,4}\s"
            r"[^\n]{0,40}?(?:/dev/|/dev/dri/|\s)(?P<node>kfd|renderD\d{1,4})\s*$",
            r"^\s{0,4}crw-rw-{4}\.?\+?\s{1,4}\d{1,4}\s{1,4}\S{1,32}\s{1,4}root\s{1,4}\d{1,4},\s{0,4}\d{1,4}\s"
            r"[^\n]{0,40}?(?:/dev/|/dev/dri/|\s)(?P<node2>kfd|renderD\d{1,4})\s*$",
        ),
        needles=("kfd", "renderd"),
        meaning=("The device node's mode lets only root (or the group root) open it, so every other user's ROCm "
                 "sees no GPU: the udev rule that gives /dev/kfd and /dev/dri/renderD* to the render group is "
                 "missing or was overridden."),
        causes=(
            C(text="device node permissions: no udev rule for kfd/render nodes", check="RD-PERM-001",
              fix='add a udev rule: SUBSYSTEM=="kfd", GROUP="render", MODE="0660" (and the same for renderD*)'),
            C(text="the user is not in the group that owns the node", check="RD-PERM-002"),
        ),
        fix="Give /dev/kfd and /dev/dri/renderD* to the render group with mode 0660 (udev rule), and add users to render.",
        sources=("https://github.com/ROCm/ROCT-Thunk-Interface/issues/36",),
        examples=(
            "crw-------   1 root    root    234,   0 Mai 21 05:13 kfd",
            "crw-rw----  1 root root  226, 128 Jan  2 10:00 /dev/dri/renderD128",
        ),
        near_misses=(
            "crw-rw----  1 root render 226, 128 Jan  2 10:00 /dev/dri/renderD128",
            "crw-rw-rw-  1 root render 235,   0 Jan  2 10:00 /dev/kfd",
            "crw-------  1 root root  226,   0 Jan  2 10:00 card0",
        ),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="dri-permission-denied", family="permissions", title="The GPU render node cannot be opened",
        severity="fatal", tier=SETUP,
        patterns=(r"(?P<node>/dev/dri/(?:card|renderD)\d{1,4}): Permission denied",
                  r"Permission denied: '(?P<node2>/dev/(?:dri/\w{1,16}|kfd))'",
                  r"cannot access '(?P<node3>/dev/(?:kfd|dri\S{0,16}))': Permission denied"),
        needles=("permission denied",),
        meaning="This user may not open the GPU device nodes; ROCm needs /dev/kfd and /dev/dri/renderD* read-write.",
        causes=(
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
            C(text="the user is not in the render and video groups (in this session)", check="RD-PERM-002"),
            C(text="in a container, the host's render/video GIDs are not added", check="RD-CTR-001"),
        ),
        fix="sudo usermod -aG render,video $USER and log in again; containers: --group-add the host's GIDs.",
        sources=("https://github.com/ROCm/amdsmi/issues/184", "https://github.com/ROCm/ROCm/issues/1549"),
        examples=("/dev/dri/card1: Permission denied; owner=root(0):video(39);",
                  "ls: cannot access '/dev/kfd': Permission denied"),
    ),
    S(
        id="render-group-missing", family="permissions", title="The render group does not exist",
        severity="fatal", tier=SETUP,
        patterns=(r"group '(?P<group>render|video)' does not exist",),
        needles=("does not exist",),
        meaning="The distribution has no 'render' group (older releases give /dev/kfd to 'video'); adding the user fails.",
        causes=(
            C(text="the user is not in the group that owns /dev/kfd", check="RD-PERM-002"),
            C(text="this user cannot open /dev/kfd and the render nodes", check="RD-PERM-001"),
        ),
        fix="Add the user to the group that owns /dev/kfd (`ls -l /dev/kfd`), usually video on older releases.",
        sources=("https://github.com/RadeonOpenCompute/ROCm_Documentation/issues/97",),
        examples=("usermod: group 'render' does not exist",),
    ),
    # A tool that checks the groups itself and names the ones missing (amd-smi, rocm-smi wrappers, installers).
    S(
        id="user-missing-gpu-groups", family="permissions", title="The user is not in the GPU groups",
        severity="error", tier=SETUP,
        patterns=(r"\bmissing the following required groups?:?\s{0,2}(?P<groups>(?:render|video)[\w, ]{0,20})",
                  r"\b(?:user|you) (?:is|are) not (?:a )?(?:member|in) (?:of )?(?:the )?['\"]?(?P<group>render|video)['\"]? group"),
        needles=("required group", "render group", "video group", "'render' group", "'video' group"),
        meaning="The user is not in the render/video groups that own /dev/kfd and /dev/dri/renderD*, so ROCm sees no GPU.",
        causes=(
            C(text="the user is not in render/video (or the session predates adding them)", check="RD-PERM-002",
              fix="sudo usermod -aG render,video $USER, then log in again"),
            C(text="device node permissions", check="RD-PERM-001"),
        ),
        fix="Add the user to render and video and start a new login session.",
        sources=("https://github.com/ROCm/amdsmi/issues/125",),
        examples=("RuntimeError: WARNING: User is missing the following required groups: render, video. Please add user to these groups.",),
        near_misses=("xeon is member of video group",),
    ),
    # An SELinux AVC record refusing a host process (a domain that is not a container's) a GPU device node: the
    # policy, not the mode bits, keeps this program from the GPU. The container case is containers.py's
    # selinux-denies-gpu-node-in-container, told apart by the source context's type.
    S(
        id="selinux-denies-gpu-node", family="permissions", title="SELinux denies a program the GPU device node",
        severity="error", tier=SETUP,
        patterns=(r"avc:\s{1,4}denied\s{1,4}\{[\w ]{1,80}\}\s{1,4}for\s[^\n]{0,160}?\b(?:name|path)=\"?(?:/dev/(?:dri/)?)?"
                  r"(?P<node>renderD\d{1,4}|card\d{1,3}|kfd|nvidia[\w-]{0,20})\"?\s[^\n]{0,200}?\bscontext=\w{1,40}:\w{1,40}:"
                  r"(?!container_)(?P<domain>\w{1,40}_t)\b",),
        needles=("avc:",),
        meaning=("SELinux refused this program (its domain is named in scontext) read/write or map on the GPU device "
                 "node; the node's mode and groups allow it, the policy does not."),
        causes=(
            C(text="the SELinux policy has no rule letting this program's domain use dri_device_t/kfd nodes",
              fix="update selinux-policy, or add a local module (ausearch -m avc -ts recent | audit2allow -M gpu)"),
            C(text="the device node carries the wrong SELinux label (restorecon -v /dev/dri/* /dev/kfd)", check="RD-PERM-001"),
        ),
        fix="Update the SELinux policy or add a local module for the domain; relabel the node with restorecon.",
        sources=("https://github.com/fedora-selinux/selinux-policy/pull/2816",
                 "https://github.com/fedora-selinux/selinux-policy/pull/2417"),
        examples=('type=AVC msg=audit(1747877884.388:417): avc:  denied  { read write } for  pid=55883 comm="rpc-virtqemud" '
                  'name="renderD128" dev="tmpfs" ino=10 scontext=system_u:system_r:virtqemud_t:s0 '
                  'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=1',
                  'type=AVC msg=audit(1730072197.189:290): avc:  denied  { read write } for  pid=2287 comm="kwin_wayland" '
                  'name="nvidia-modeset" dev="devtmpfs" ino=1313 scontext=system_u:system_r:xdm_t:s0-s0:c0.c1023 '
                  'tcontext=system_u:object_r:device_t:s0 tclass=chr_file permissive=0'),
        near_misses=(
            # a container domain: containers (containers/podman#18497)
            'type=AVC msg=audit(1683468487.052:3337): avc:  denied  { map } for  pid=699282 comm="vainfo" '
            'path="/dev/dri/renderD128" dev="devtmpfs" ino=947 scontext=system_u:system_r:container_t:s0:c260,c628 '
            'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=0',
            # a host domain refused a pipe, not a GPU node (containers/container-selinux#197)
            'Nov 21 16:22:09 localhost.localdomain audit[704]: AVC avc:  denied  { read } for  pid=704 comm="dbus-broker" '
            'path="pipe:[141146]" dev="pipefs" ino=141146 scontext=system_u:system_r:system_dbusd_t:s0-s0:c0.c1023 '
            'tcontext=unconfined_u:system_r:spc_t:s0 tclass=fifo_file permissive=0',
        ),
    ),
    S(
        id="gpu-tool-needs-root", family="permissions", title="A GPU tool cannot reach the device without root",
        severity="fatal", tier=RUNTIME,
        # radeontop maps the GPU's registers through the DRM node (root or a render-node grant); other monitors say so
        # the same way. Not pip's "Running pip as the 'root' user" nor an app's "running as root" notes.
        patterns=(r"(?:GPU|device|registers|/dev/\S{1,40})[^\n]{0,60}, are you root\?",),
        needles=("are you root",),
        meaning=("The tool could not open or map the GPU's device node as this user: it needs root, or the user a "
                 "grant on the node (the render/video groups, or the DRM master node)."),
        causes=(
            C(text="the user is not in the render/video groups (or not in this session)", check="RD-PERM-002",
              fix="sudo usermod -aG render,video $USER, then log in again"),
            C(text="device node permissions", check="RD-PERM-001"),
        ),
        fix="Run it with sudo, or add the user to render and video (a container: --group-add with the host's GIDs).",
        sources=("https://github.com/clbr/radeontop/issues/61",),
        examples=("Cannot access GPU registers, are you root?",),
        near_misses=("WARNING: Running pip as the 'root' user can result in broken permissions",
                     "are you sure you want to continue? [y/N]"),
    ),
    S(
        # rocprofiler-sdk's line when it may not take the device for system-wide counters (likwid-perfctr, rocprofv3
        # as a user without CAP_SYS_PERFMON / CAP_SYS_ADMIN): the run goes on, its counters are not trustworthy.
        id="profiler-needs-sys-perfmon", family="permissions", title="The profiler may not lock the GPU for its counters",
        severity="warning", tier=SETUP,
        patterns=(r"could not be locked for profiling due to lack of permissions \(capability SYS_PERFMON\)",),
        needles=("capability sys_perfmon",),
        meaning=("rocprofiler-sdk could not lock the device for profiling: the process lacks CAP_SYS_PERFMON, so "
                 "hardware counters may be wrong and system-wide counter collection is off."),
        causes=(C(text="the profiler runs as a user without CAP_SYS_PERFMON (or CAP_SYS_ADMIN)",
                  fix="run it as root, or grant the capability (setcap cap_perfmon+ep on the tool, or "
                      "--cap-add PERFMON in a container)"),),
        fix="Grant CAP_SYS_PERFMON to the profiler (or run it as root) for trustworthy counters.",
        sources=("https://github.com/RRZE-HPC/likwid/pull/716",),
        examples=("W20260112 16:56:23.465165 17098584899456 ioctl.cpp:68] Device 5998 could not be locked for profiling "
                  "due to lack of permissions (capability SYS_PERFMON). PMC Counters may be inaccurate and System "
                  "Counter Collection will not be available",),
        near_misses=("rocprofv3: profiling started with 4 counters",),
    ),
)
