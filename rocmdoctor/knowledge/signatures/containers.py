"""Log signatures: containers: devices, runtimes and GPU requests.

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="docker-gpu-request-nvidia", family="containers", title="Docker cannot serve the GPU request (--gpus / runtime nvidia)",
        severity="fatal", tier=SETUP,
        patterns=(
            r'could not select device driver "(?P<driver>[\w.-]{0,32})" with capabilities: \[\[gpu\]\]',
            "unknown or invalid runtime name: nvidia",
            "Unknown runtime specified nvidia",
        ),
        needles=(
            "could not select device driver",
            "runtime name: nvidia",
            "unknown runtime specified nvidia",
        ),
        meaning=("The container asked for GPUs the NVIDIA way (`--gpus`, a compose GPU reservation, `runtime: "
                 "nvidia`); no installed runtime or CDI spec can serve that request on this machine."),
        causes=(
            C(text="NVIDIA-only GPU syntax in the run command or compose file on an AMD machine", check="RD-CTR-004", fix="pass --device /dev/kfd --device /dev/dri instead"),
            C(text=("no AMD CDI spec (amd-ctk cdi generate) or a Docker older than 29.3, which `--gpus` needs for AMD"
                         " GPUs"), check="RD-CTR-003", fix="generate the CDI spec and update Docker, or pass the device nodes"),
        ),
        fix="Pass /dev/kfd and /dev/dri as devices, or set up AMD's container toolkit with its CDI spec.",
        sources=(
            "https://instinct.docs.amd.com/projects/container-toolkit/en/latest/container-runtime/running-workloads.html",
            "https://rocm.docs.amd.com/projects/install-on-linux/en/latest/how-to/docker.html",
        ),
        examples=(
            'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',
            "docker: Error response from daemon: unknown or invalid runtime name: nvidia.",
        ),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="docker-gpu-driver-unknown", family="containers", title="Docker has no device driver for this GPU request",
        severity="fatal", tier=SETUP,
        patterns=(r'could not select device driver "(?P<driver>(?!nvidia")[\w.-]{1,32})" with capabilities: \[\[gpu',),
        needles=("could not select device driver",),
        meaning=("The compose/run GPU request (deploy.resources...devices, --gpus) names a driver Docker does not "
                 "have; AMD GPUs are passed as devices, not requested by capability."),
        causes=(
            C(text="NVIDIA-style GPU requests in the compose file or docker run on an AMD machine", check="RD-CTR-004"),
            C(text="compose services do not pass /dev/kfd and /dev/dri", check="RD-CTR-003"),
        ),
        fix="Replace the GPU request with devices: [/dev/kfd, /dev/dri] and group_add for the render/video GIDs.",
        sources=("https://github.com/facefusion/facefusion-docker/issues/29", "https://github.com/facefusion/facefusion-docker/pull/42"),
        examples=('Error response from daemon: could not select device driver "rocm" with capabilities: [[gpu video]]',),
        near_misses=('Error response from daemon: could not select device driver "nvidia" with capabilities: [[gpu]]',),
    ),
    S(
        id="nvidia-container-runtime-failed", family="containers", title="The NVIDIA container runtime could not start the container",
        severity="fatal", tier=SETUP,
        patterns=(r"nvidia-container-cli(?:\.real)?: initialization error: (?P<why>[\w :.,/-]{1,120})",),
        needles=("nvidia-container-cli",),
        meaning="Docker ran the NVIDIA prestart hook, which found no NVIDIA driver; on an AMD machine the image or compose file asks for the wrong runtime.",
        causes=(
            C(text="NVIDIA-only GPU syntax (--gpus, runtime: nvidia) on an AMD machine", check="RD-CTR-004"),
            C(text="the image is a CUDA build, not a ROCm build", check="RD-IMG-001"),
        ),
        fix="On AMD: no --gpus/runtime nvidia; pass --device=/dev/kfd --device=/dev/dri and use a ROCm image.",
        sources=("https://github.com/NVIDIA/nvidia-docker/issues/1252", "https://github.com/Atinoda/text-generation-webui-docker/issues/20"),
        examples=("docker: Error response from daemon: OCI runtime create failed: container_linux.go:349: starting container process caused \"process_linux.go:449: container init caused \\\"process_linux.go:432: running prestart hook 1 caused \\\\\\\"error running hook: exit status 1, stdout: , stderr: nvidia-container-cli: initialization error: driver error: failed to process request\\\\\\\\n\\\\\\\"\\\"\": unknown.",),
    ),
    S(
        id="container-nvml-missing", family="containers", title="The NVIDIA container hook cannot find NVML",
        severity="fatal", tier=SETUP,
        patterns=(r"load library failed: libnvidia-ml\.so\.1",),
        needles=("libnvidia-ml.so.1",),
        meaning="The NVIDIA hook needs the NVIDIA driver's NVML library on the host; there is none (no NVIDIA driver).",
        causes=(
            C(text="NVIDIA-only GPU syntax (--gpus, runtime: nvidia) on an AMD machine", check="RD-CTR-004"),
        ),
        fix="Remove the NVIDIA GPU request; pass the AMD devices instead.",
        # the hook's own words for the missing library: not a package's missing dependency (n8n-io/self-hosted-ai-
        # starter-kit#11 ranked that first)
        supersedes=("shared-library-missing",),
        sources=("https://github.com/Atinoda/text-generation-webui-docker/issues/20",),
        examples=("Cannot start Docker Compose application. Reason: compose [start] exit status 1. Container text-generation-webui-text-generation-webui-1 Starting Error response from daemon: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy' nvidia-container-cli: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown",),
    ),
    S(
        id="docker-device-node-missing", family="containers",
        title="Docker cannot pass a GPU device node that the Docker host does not have",
        severity="fatal", tier=SETUP,
        patterns=(r'error gathering device information while adding custom device "(?P<device>/dev/[\w/.-]{1,40})": '
                  r'no such file or directory',),
        needles=("error gathering device information",),
        meaning=("`docker run --device /dev/kfd` (or compose `devices:`) names a device node that does not exist "
                 "where the Docker daemon runs: the amdgpu driver is not loaded on the host, or the daemon runs in a "
                 "VM (Docker Desktop on Windows or macOS, a WSL distribution without ROCm) that has no KFD."),
        causes=(
            C(text="the amdgpu driver is not loaded (no /dev/kfd) on the host the daemon runs on", check="RD-DRV-001",
              fix="install/load amdgpu on the Docker host"),
            C(text="the Docker daemon runs in a VM without the GPU (Docker Desktop, WSL without ROCm)", check="RD-CTR-001",
              fix="run the container with a Linux Docker engine on the GPU host"),
        ),
        fix="Run the container where /dev/kfd exists: the Linux host with amdgpu loaded, not a desktop VM.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/1893",),
        examples=('docker: Error response from daemon: error gathering device information while adding custom device '
                  '"/dev/kfd": no such file or directory.',),
        near_misses=('docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].',),
    ),
    # rocminfo's membership note names the group that owns /dev/kfd as this process sees it. Inside a user
    # namespace (rootless Podman, distrobox, toolbox) a host group without a mapping shows as "nogroup"/"nobody"
    # or a bare number. Root refused the same way is left to kfd-permission-denied: the corpus files that case
    # under permissions twice and containers once (tests/corpus/logs/README.md). The mapping was fixed when the
    # container started, before any runtime call, hence the early tier.
    S(
        id="userns-device-group-unmapped", family="containers",
        title="A rootless container cannot map the GPU device's group",
        severity="fatal", tier=DRIVER,
        patterns=(r'^(?!root\b)\S{1,64} is not member of "?(?P<group>nogroup|nobody|\d{3,6})"? group, the default DRM access group',
                  # older rocminfo names the group that owns /dev/kfd as "<user> is member of <group> group": an
                  # unmapped group is that same overflow name (davincibox#238, a rootless distrobox)
                  r'^(?!root\b)\S{1,64} is member of (?P<group2>nogroup|nobody) group\s*$'),
        needles=("the default drm access group", "member of no"),
        meaning=("The container runs in a user namespace where the host group that owns /dev/kfd and the render nodes "
                 "is not mapped (it shows as nogroup, nobody or a bare number), so no user inside can open the GPU."),
        causes=(
            C(text="a rootless container runtime without the host's render/video GIDs mapped (subgid) or kept (--group-add keep-groups)",
              check="RD-CTR-001", fix="podman: --group-add keep-groups; docker rootless: map the render/video GIDs in /etc/subgid"),
            C(text="the host's render/video groups do not own /dev/kfd for this user", check="RD-PERM-002"),
        ),
        fix="Run the container rootful with --device /dev/kfd --device /dev/dri and the host's render/video GIDs, or keep the groups in a rootless runtime.",
        sources=("https://github.com/89luca89/distrobox/issues/1230", "https://github.com/zelikos/davincibox/issues/238"),
        examples=('wayne is not member of "nogroup" group, the default DRM access group. Users must be a member of the "nogroup" group or another DRM access group in order for ROCm applications to run successfully.',
                  "user_dan is member of nobody group"),
        near_misses=('igor is not member of "render" group, the default DRM access group. Users must be a member of the "render" group or another DRM access group in order for ROCm applications to run successfully.',
                     'root is not member of "nogroup" group, the default DRM access group. Users must be a member of the "nogroup" group or another DRM access group in order for ROCm applications to run successfully.',
                     # root refused is permissions by FAMILIES.md logs12 (legacy-rocm-build#4043); a named group is fine
                     "root is member of nogroup group",
                     "igor is member of render group"),
    ),
    # rocminfo cannot find /dev/kfd at all (not a permission): the node was not passed into the container,
    # or the host has none (WSL and Windows hosts, or amdgpu not loaded on bare metal). In the corpus every
    # such rocminfo excerpt was taken in a container or WSL; a bare-metal host's missing driver is the last cause.
    S(
        id="kfd-node-absent", family="containers", title="/dev/kfd does not exist where the program runs",
        severity="fatal", tier=RUNTIME,
        patterns=(r"Unable to open /dev/kfd read-write: No such file or directory",),
        needles=("unable to open /dev/kfd",),
        meaning=("The ROCm runtime found no /dev/kfd in this (container's) /dev: the device was not passed in, "
                 "or the machine it runs on has no KFD (WSL, a Windows or macOS Docker host, amdgpu not loaded)."),
        causes=(
            C(text="the container was started without --device /dev/kfd --device /dev/dri", check="RD-CTR-001",
              fix="docker run --device /dev/kfd --device /dev/dri (Apptainer: --bind /dev/kfd,/dev/dri or --rocm)"),
            C(text="the host is WSL or a Windows/macOS Docker VM, which has no /dev/kfd (WSL uses /dev/dxg and librocdxg)",
              check="RD-ENV"),
            C(text="the amdgpu driver is not loaded on this bare-metal host", check="RD-DRV-001"),
        ),
        fix="Pass /dev/kfd and /dev/dri into the container; on bare metal, load amdgpu; on WSL, use ROCm's WSL runtime.",
        sources=("https://github.com/ROCm/legacy-rocm-build/issues/1798", "https://github.com/ROCm/legacy-rocm-build/issues/1361"),
        examples=("Unable to open /dev/kfd read-write: No such file or directory",),
        near_misses=("Unable to open /dev/kfd read-write: Permission denied",),
    ),
    # Kubernetes cannot place a pod that asks for AMD GPUs: no node advertises free amd.com/gpu (the device
    # plugin is not running there, or every GPU is taken).
    S(
        id="k8s-amd-gpu-unschedulable", family="containers", title="No Kubernetes node offers the AMD GPUs the pod asks for",
        severity="fatal", tier=SETUP,
        # on an AMD cluster a pod that asks for another vendor's resource is never scheduled either
        patterns=(r"\d{1,5}/\d{1,5} nodes are available:[^\n]{0,400}?Insufficient (?P<resource>(?:amd|nvidia)\.com/gpu)",),
        needles=("insufficient amd.com/gpu", "insufficient nvidia.com/gpu"),
        meaning="The scheduler found no node with enough allocatable amd.com/gpu for the pod's request.",
        causes=(
            C(text="the AMD GPU device plugin (or GPU operator) is not running on the GPU nodes", check="RD-CTR-001",
              fix="deploy ROCm's k8s-device-plugin DaemonSet (or the AMD GPU operator) on the GPU nodes"),
            C(text="every GPU is allocated to other pods, or the request exceeds what one node has"),
        ),
        fix="Check `kubectl describe node` for amd.com/gpu capacity; deploy the device plugin or lower the request.",
        sources=("https://github.com/k3s-io/k3s/issues/8575", "https://github.com/NVIDIA/k8s-device-plugin/issues/36"),
        examples=("message:0/2 nodes are available: 1 PodToleratesNodeTaints, 2 Insufficient nvidia.com/gpu. reason:Unschedulable",
                  "  Warning  FailedScheduling  29m                  default-scheduler  0/1 nodes are available: 1 Insufficient amd.com/gpu. preemption: 0/1 nodes are available: 1 No preemption victims found for incoming pod..",),
        near_misses=("  Normal   Scheduled  12s   default-scheduler  Successfully assigned default/rocm-test to node-1",),
    ),
    # The kubelet refusing a pod because the device plugin marks every GPU it serves unhealthy (AMD's plugin after a
    # health check of /dev/kfd fails; TrueNAS SCALE apps, truecharts#19201), and NVIDIA's plugin that cannot load NVML
    # because the container runtime it runs in is not NVIDIA's (k8s-device-plugin#176): the plugin, not the GPU.
    S(
        id="k8s-device-plugin-no-healthy-gpu", family="containers",
        title="The Kubernetes GPU device plugin has no healthy GPU to give the pod",
        severity="fatal", tier=SETUP,
        patterns=(r"cannot allocate unhealthy devices (?P<resource>[\w.-]{1,60}/[\w.-]{1,40})",
                  r"Allocate failed due to no healthy devices present",
                  r"If this is a GPU node, did you set the docker default runtime to `?nvidia`?"),
        needles=("unhealthy devices", "no healthy devices present", "docker default runtime to"),
        meaning=("The node's GPU device plugin advertises the GPUs as unhealthy (or could not start its GPU library), "
                 "so the kubelet admits no pod that asks for them."),
        causes=(
            C(text="the device plugin cannot open /dev/kfd or /dev/dri on the node (the driver, or the plugin's "
                   "own container lacks the device nodes)", check="RD-CTR-001"),
            C(text="NVIDIA's plugin runs where Docker's or containerd's default runtime is not NVIDIA's, so it finds "
                   "no NVML"),
        ),
        fix=("Read the device plugin pod's log on that node; check /dev/kfd exists on the host and the plugin's "
             "DaemonSet mounts /dev; for NVIDIA set the default runtime to nvidia (or use the GPU operator)."),
        sources=("https://github.com/trueforge-org/truecharts/issues/19201",
                 "https://github.com/NVIDIA/k8s-device-plugin/issues/176"),
        examples=("Allocate failed due to no healthy devices present; cannot allocate unhealthy devices amd.com/gpu, "
                  "which is unexpected",
                  "2020/06/29 03:51:41 If this is a GPU node, did you set the docker default runtime to `nvidia`?"),
        near_misses=("Successfully assigned ix-homarr/homarr-54b6f78c78-qs7pw to ix-truenas",),
    ),
    # kubectl's node capacity with no amd.com/gpu: the device plugin advertised nothing on this node.
    S(
        id="k8s-node-no-amd-gpu", family="containers", title="The Kubernetes node advertises no AMD GPU",
        severity="error", tier=SETUP,
        # also the node's status with the GPU resource at zero: a dotted path ("status.capacity.amd.com/gpu: 0",
        # projectbluefin/lab#586) or `kubectl describe node`'s Capacity/Allocatable rows ("amd.com/gpu:  0"; the
        # same shape for NVIDIA's resource: HAMi#314). Its "Allocated resources" rows have no colon
        # ("amd.com/gpu  0  0": nothing requested, no fault), and zero of another resource (hugepages) is normal.
        patterns=(r"^\S{1,253}\s{1,40}<none>\s*$",
                  r"\b(?:status\.)?(?:capacity|allocatable)\.(?P<resource>(?:amd|nvidia)\.com/gpu)\s{0,4}[:=]\s{0,4}[\"']?0[\"']?\s*$",
                  r"^\s{0,8}(?P<resource2>(?:amd|nvidia)\.com/gpu):\s{1,40}[\"']?0[\"']?\s*$"),
        needles=("<none>", "com/gpu"),
        meaning=("The node's amd.com/gpu capacity is empty: the AMD device plugin is not running there, or found "
                 "no /dev/kfd and no GPU to advertise (WSL2, a host kernel without KFD)."),
        causes=(
            C(text="the device plugin is not deployed, or cannot see /dev/kfd on the node", check="RD-CTR-001"),
            C(text="the node's kernel has no amdgpu/KFD (or is a WSL2 VM without /dev/kfd)", check="RD-DRV-001"),
        ),
        fix="Check the device plugin pod on that node and that /dev/kfd exists on the host.",
        sources=("https://github.com/ROCm/k8s-device-plugin/issues/148",
                 "https://github.com/projectbluefin/lab/issues/586",
                 "https://github.com/Project-HAMi/HAMi/issues/314",
                 "https://github.com/kubernetes/kubernetes/issues/94926"),
        examples=("desktop-27f4uiq   <none>",
                  "status.capacity.amd.com/gpu: 0",
                  "status.allocatable.amd.com/gpu: 0",
                  "nvidia.com/gpu: 0"),
        # kubermatic#6400 and Deepomatic shared-gpu#15: a node that advertises its GPU, and a zero for another resource
        near_misses=("desktop-27f4uiq   1",
                     "  amd.com/gpu:                 1",
                     "  hugepages-1Gi:              0"),
    ),
    # `kubectl get pods` with a GPU device plugin's, labeller's or operator's pod restarting or not pulled: the node's
    # GPUs are not advertised while it is down (ROCm/k8s-device-plugin#34: an amd64-only DaemonSet on arm64 nodes)
    S(
        id="k8s-gpu-plugin-pod-down", family="containers",
        title="A GPU device plugin or operator pod is not running (CrashLoopBackOff)",
        severity="error", tier=SETUP,
        patterns=(r"^\s{0,4}(?:[\w.-]{1,63}\s{1,40})?(?P<pod>[\w.-]{0,120}(?:device-plugin|labeller|gpu-operator|"
                  r"node-labeller|dcgm-exporter|metrics-exporter|gpu-feature-discovery)[\w.-]{0,120})\s{1,40}\d{1,3}/\d{1,3}"
                  r"\s{1,40}(?P<state>(?:Init:)?(?:CrashLoopBackOff|Error|ImagePullBackOff|ErrImagePull|"
                  r"CreateContainerConfigError))\b",),
        needles=("crashloopbackoff", "imagepullbackoff", "errimagepull", "error", "createcontainerconfigerror"),
        meaning=("The pod that advertises the node's GPUs to Kubernetes (the device plugin, its labeller, the GPU "
                 "operator's parts) keeps failing or cannot pull its image, so the node offers no amd.com/gpu and GPU "
                 "pods stay Pending or start without a GPU."),
        causes=(
            C(text="the device plugin cannot see /dev/kfd on the node, or runs where no AMD GPU is", check="RD-CTR-001"),
            C(text="the node's kernel has no amdgpu/KFD (or is a WSL2 VM without /dev/kfd)", check="RD-DRV-001"),
            C(text="its image has no build for the node's architecture (an amd64-only image on arm64 nodes)"),
        ),
        fix=("Read the pod's log (`kubectl logs -n <ns> <pod> --previous`): schedule the DaemonSet only on AMD GPU nodes "
             "of its architecture (a nodeSelector), and check /dev/kfd and the amdgpu driver on the node."),
        sources=("https://github.com/ROCm/k8s-device-plugin/issues/34",
                 "https://kubernetes.io/docs/tasks/debug/debug-application/debug-pods/"),
        examples=("amdgpu-device-plugin-daemonset-zqk24      0/1     CrashLoopBackOff   248 (3m52s ago)   20h     "
                  "10.42.0.98    captain    <none>           <none>",
                  "amdgpu-labeller-daemonset-qh2sr           0/1     CrashLoopBackOff   245 (4m3s ago)    20h     "
                  "10.42.1.74    pirate1    <none>           <none>"),
        near_misses=("amdgpu-device-plugin-daemonset-zqk24      1/1     Running   0          20h",
                     "meta-llama-llama-3-2-3b-instruct-decode-69bbb879cd-45jwg    1/2     CrashLoopBackOff   5"),
    ),
    # `ls -l /dev/kfd /dev/dri` inside a container whose group column is a bare number: the host group that owns
    # the node (render, 105-110 on most distributions) has no entry in the container's /etc/group, so no user in
    # there is in it unless the GID is added by number (k8s-device-plugin#39, linuxserver docker-jellyfin#284,
    # docker-plex#207, lemonade#2799). The owner must be a name: `ls -ln` prints every ID as a number.
    S(
        id="device-node-group-unmapped", family="containers",
        title="The GPU device node's group has no name in this container (a host GID it does not map)",
        severity="error", tier=SETUP,
        patterns=(r"^\s{0,4}c[r-][w-][-rwxsS]{7}\.?\+?\s{1,4}\d{1,4}\s{1,4}(?!\d)\S{1,32}\s{1,4}[*`]{0,2}(?P<gid>[1-9]\d{1,5})"
                  r"[*`]{0,2}\s{1,8}\d{1,4},\s{0,4}\d{1,4}\s[^\n]{0,40}?(?:/dev/|/dev/dri/|\s)(?P<node>kfd|renderD\d{1,4}|card\d{1,3})\s*$",),
        needles=("kfd", "renderd", "card"),
        meaning=("The device node is owned by a group this container has no name for: the host's render/video GID was "
                 "passed through with the device but not added to the container user's groups, so only root inside "
                 "can open the GPU."),
        causes=(
            C(text="the container's user is not in the host's render/video GIDs (--group-add / group_add / "
                   "supplementalGroups by number)", check="RD-CTR-001",
              fix="add the host's GIDs by number: --group-add $(stat -c %g /dev/kfd)"),
            C(text="group names instead of the host's numeric GIDs in the container definition", check="RD-CTR-006"),
        ),
        fix="Add the host's numeric render/video GIDs to the container user (docker --group-add, compose group_add, "
            "Kubernetes securityContext.supplementalGroups).",
        sources=("https://github.com/ROCm/k8s-device-plugin/issues/39",
                 "https://github.com/linuxserver/docker-jellyfin/issues/284",
                 "https://github.com/linuxserver/docker-plex/issues/207",
                 "https://github.com/lemonade-sdk/lemonade/issues/2799"),
        examples=("crw-rw---- 1 root 106 242, 0 Apr 18 15:58 /dev/kfd",
                  "crw-rw---- 1 root 106 226, 128 Apr 18 15:58 /dev/dri/renderD128",
                  "crw-rw---- 1 root 105     226, 128 Mar 18 13:28 renderD128",
                  "crw-rw---- 1 nobody 108  226, 128 Apr 23 11:39 renderD128",
                  "crw-rw---- 1 root **148** 236, 0 Jul 23 18:21 /dev/kfd"),
        # ROCm-docker#93 and rocminfo#41: named groups; a host with the group's name is fine
        near_misses=("crw-rw---- 1 root render 509, 0 Aug 22 21:34 /dev/kfd",
                     "crw-rw---- 1 root render 226, 128 Aug 22 21:34 renderD128",
                     "crw-rw-rw- 1 root render 235, 0 Apr  8 16:46 /dev/kfd",
                     "crw-rw---- 1 root video  226,   0 Mar 18 14:28 card0"),
    ),
    S(
        id="docker-group-render", family="containers", title="Container names a group the image lacks",
        severity="fatal", tier=SETUP,
        patterns=("Unable to find group (?P<group>render|video): no matching entries in group file",),
        needles=("unable to find group",),
        # the container's definition names it (compose group_add, --group-add): containers, 2 of 2 corpus labels
        meaning="`group_add: render` names a group that does not exist inside the image.",
        causes=(C(text="group names instead of the host's numeric GIDs", check="RD-CTR-006", fix="use --group-add $(getent group render | cut -d: -f3)"),),
        fix="Pass the host's numeric render/video GIDs.",
        sources=("https://github.com/open-edge-platform/physical-ai-studio/issues/513",),
        examples=("Error response from daemon: Unable to find group render: no matching entries in group file",),
    ),
    # An SELinux AVC record: the policy refused a process access to a GPU device node. The source context's type
    # says who asked: a container domain (container_t, container_*_t) is the container policy, which gives device
    # nodes passed with --device no access to dri_device_t until container-selinux allows it (the
    # container_use_devices boolean, or --security-opt label=disable). A host domain asking is permissions.py's
    # selinux-denies-gpu-node. Keyed on the record's fields, not its wording: the node (name= or path=), the domain.
    S(
        id="selinux-denies-gpu-node-in-container", family="containers",
        title="SELinux's container policy denies the GPU device node",
        severity="fatal", tier=SETUP,
        patterns=(r"avc:\s{1,4}denied\s{1,4}\{[\w ]{1,80}\}\s{1,4}for\s[^\n]{0,160}?\b(?:name|path)=\"?(?:/dev/(?:dri/)?)?"
                  r"(?P<node>renderD\d{1,4}|card\d{1,3}|kfd)\"?\s[^\n]{0,200}?\bscontext=\w{1,40}:\w{1,40}:"
                  r"(?P<domain>container_\w{0,40}t)\b",),
        needles=("avc:",),
        meaning=("SELinux refused a containerised process the GPU device node: the container policy does not let "
                 "container domains use dri_device_t/kfd nodes, so the device is present in the container and still "
                 "cannot be opened (clinfo, vainfo and ROCm see no GPU)."),
        causes=(
            C(text="the container-selinux policy predates device access for GPU nodes, or container_use_devices is off",
              fix="setsebool -P container_use_devices 1, or update container-selinux; per container: --security-opt label=disable"),
            C(text="the device was passed without the runtime relabelling it for the container", check="RD-CTR-001"),
        ),
        fix="Allow the container domain to use the devices (setsebool -P container_use_devices 1, a newer container-selinux), "
            "or run the container with --security-opt label=disable.",
        sources=("https://github.com/containers/podman/issues/18497",
                 "https://github.com/containers/container-selinux/pull/268",
                 "https://github.com/containers/container-selinux/issues/269"),
        examples=('type=AVC msg=audit(1683468487.052:3337): avc:  denied  { map } for  pid=699282 comm="vainfo" '
                  'path="/dev/dri/renderD128" dev="devtmpfs" ino=947 scontext=system_u:system_r:container_t:s0:c260,c628 '
                  'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=0',),
        near_misses=(
            # a host daemon refused the node: permissions (fedora-selinux/selinux-policy#2816)
            'type=AVC msg=audit(1747877884.388:417): avc:  denied  { read write } for  pid=55883 comm="rpc-virtqemud" '
            'name="renderD128" dev="tmpfs" ino=10 scontext=system_u:system_r:virtqemud_t:s0 '
            'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=1',
            # a container denied something that is not a GPU node (containers/container-selinux#108)
            'type=AVC msg=audit(1601481071.991:128): avc:  denied  { write } for  pid=25901 comm="virtiofsd" name="/" '
            'dev="tmpfs" ino=14755 scontext=system_u:system_r:container_kvm_t:s0:c534,c983 '
            'tcontext=system_u:object_r:tmp_t:s0 tclass=dir permissive=0',
        ),
    ),
    S(
        # Any library path under /.singularity.d/libs/ is one that Apptainer/Singularity's --rocm (or --nv) bound
        # in from the host: the error is the host's ROCm meeting the container's (rocBLAS reading the host's
        # Tensile files, the host's libhsa needing a newer glibc). The same rocBLAS error on a host path
        # (rocBLAS#1339) or a Flatpak path (dsnote#107) stays the runtime's.
        id="apptainer-rocm-bound-host-library", family="containers",
        title="Apptainer --rocm bound the host's ROCm libraries into the container",
        severity="fatal", tier=DRIVER,
        patterns=(r"(?P<path>/\.singularity\.d/libs/[\w./+-]{1,200})",),
        needles=("/.singularity.d/libs/",),
        meaning=("The failing library or data file comes from /.singularity.d/libs, where `apptainer --rocm` "
                 "binds the host's ROCm libraries; they override the container's own ROCm and do not match it "
                 "(their data files, or the glibc they were built against)."),
        causes=(
            C(text="`--rocm` binds host ROCm libraries that the image already ships (apptainer#1621)",
              check="RD-CTR-001", fix="run without --rocm and bind only the devices: --bind /dev/kfd,/dev/dri (or upgrade Apptainer, PR #2606)"),
        ),
        fix="Drop --rocm and pass the GPU devices only (`--bind /dev/kfd,/dev/dri`), so the image's ROCm is used.",
        sources=(
            "https://github.com/apptainer/apptainer/issues/1621",
            "https://github.com/apptainer/apptainer/pull/1622",
            "https://github.com/apptainer/apptainer/pull/2606",
        ),
        examples=(
            "rocBLAS error: Cannot read /.singularity.d/libs/rocblas/library/TensileLibrary.dat: Illegal seek",
            "ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.29' not found (required by /.singularity.d/libs/libhsa-runtime64.so.1)",
            "/lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.33' not found (required by /.singularity.d/libs/libnuma.so.1)",
        ),
        near_misses=(
            "rocBLAS error: Cannot read /opt/rocm-5.4.0/lib/rocblas/library/TensileLibrary.dat: Illegal seek",
            "rocBLAS error: Cannot read /app/extensions/amd/rocm/lib/rocblas/library/TensileLibrary.dat: No such file or directory",
        ),
    ),
    S(
        # The Docker client cannot reach the daemon's socket as this user: not a GPU node, the container runtime's
        # own door (tests/corpus/FAMILIES.md: the runtime's errors are containers). Podman's rootless socket
        # says the same in its words.
        id="docker-socket-permission", family="containers",
        title="The user may not talk to the Docker daemon",
        severity="fatal", tier=SETUP,
        patterns=(r"permission denied while trying to connect to the Docker (?:daemon socket|API) at",
                  r"dial unix (?P<socket>/\S{1,80}docker\.sock): connect: permission denied",
                  r"Got permission denied while trying to connect to the (?:Docker|Podman) daemon"),
        needles=("docker daemon socket", "docker.sock: connect: permission denied", "podman daemon",
                 "connect to the docker api"),
        meaning=("The docker command runs as a user who may not open /var/run/docker.sock (root:docker, 0660): "
                 "nothing was started, no container and no GPU were reached."),
        causes=(
            C(text="the user is not in the docker group (or has not logged in again since being added)",
              fix="sudo usermod -aG docker $USER, then log out and in (or `newgrp docker`); or run docker with sudo"),
            C(text="rootless Docker's socket is not the one DOCKER_HOST points at",
              fix="export DOCKER_HOST=unix://$XDG_RUNTIME_DIR/docker.sock"),
        ),
        fix="Add the user to the docker group and log in again (or use sudo); then start the container.",
        sources=("https://docs.docker.com/engine/install/linux-postinstall/#manage-docker-as-a-non-root-user",
                 "https://github.com/YanWenKun/ComfyUI-Docker/issues/164"),
        examples=(
            'docker: permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Head "http://%2Fvar%2Frun%2Fdocker.sock/_ping": dial unix /var/run/docker.sock: connect: permission denied',
            "Got permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get http://%2Fvar%2Frun%2Fdocker.sock/v1.40/containers/json: dial unix /var/run/docker.sock: connect: permission denied",
            # Docker 29's wording
            "permission denied while trying to connect to the docker API at unix:///var/run/docker.sock",
        ),
        near_misses=(
            "Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?",
            "docker: Error response from daemon: error gathering device information while adding custom device \"/dev/kfd\": permission denied.",
        ),
    ),
)
