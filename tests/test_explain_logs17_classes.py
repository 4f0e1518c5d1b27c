"""Classes of the spent fresh batch 17 (issue 24 §2), each with real instances beyond the corpus log that showed it
and a real look-alike that must not match (source URL beside each).

A. rocminfo's open of /dev/kfd failing with EFAULT ("Bad address") or ENOMEM ("Cannot allocate memory") is KFD's own
   open failing: the driver, not the user's groups.
B. `ls -l` of a GPU device node whose group is a bare number: a host GID the container does not map (containers).
C. A Kubernetes node whose GPU resource (amd.com/gpu) is 0 in its capacity/allocatable: the device plugin (containers).
D. The amdgpu driver's init functions named failing without the kernel's prefix are the driver; libdrm's user-space
   amdgpu_device_initialize is not.
E. rocBLAS's list of the Tensile files it has (quoted paths) is rocBLAS finding none for this GPU (runtime).
F. Ray's worker-died sentence lists OOM among possible causes: no evidence of memory (runtime).
G. A printed tensor or array that holds nothing but NaN is numerics.
H. A GPU fault while a collective runs (the lines before it show the collective) is distributed.
I. A setup problem printed as a warning, after which the run reaches the GPU and goes on, is no failure.
"""
from __future__ import annotations

from rocmdoctor.logs.structure import collective_before, went_on
from rocmdoctor.logs.structure.numerics import nan_array
from tests.explain_helpers import corpus_lines, run, top


def test_a_kfd_failing_its_own_open_is_the_driver():
    assert top(corpus_lines("rb-rocminfo-kfd-bad-address", "fresh/logs")) == ("driver", "kfd-open-driver-error")
    # https://github.com/ROCm/legacy-rocm-build/issues/1148 (RX570, Arch; the user is in render)
    enomem = ["ROCk module is loaded",
              "Unable to open /dev/kfd read-write: Cannot allocate memory",
              "tolyprog is member of render group",
              "hsa api call failure at: /home/tolyprog/.cache/yay/rocminfo/src/rocminfo-rocm-3.5.0/rocminfo.cc:1142",
              "Call returned HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources."]
    assert top(enomem)[0] == "driver"
    # look-alikes: EACCES is permissions (https://github.com/ROCm/ROCm-docker/issues/116); EINVAL is not KFD's
    # open path here (https://github.com/ROCm/legacy-rocm-build/issues/6166)
    assert top(["ROCk module is loaded", "Unable to open /dev/kfd read-write: Permission denied",
                "Failed to get user name to check for video group membership"])[0] == "permissions"
    assert top(["ROCk module is loaded", "Unable to open /dev/kfd read-write: Invalid argument",
                "x1unix is member of render group"])[1] != "kfd-open-driver-error"


def test_b_a_device_node_owned_by_a_bare_gid_is_a_container_without_the_host_group():
    assert top(corpus_lines("tb-lemonade-2799-kfd-gid-unmapped", "fresh/logs"))[0] == "containers"
    # https://github.com/ROCm/k8s-device-plugin/issues/39 (inside a pod, gid 106 is the host's render)
    pod = ["root@alexnet-tf-gpu-pod:/# ls -l /dev/kfd",
           "crw-rw---- 1 root 106 242, 0 Apr 18 15:58 /dev/kfd"]
    assert top(pod) == ("containers", "device-node-group-unmapped")
    # https://github.com/linuxserver/docker-jellyfin/issues/284
    assert top(["crw-rw---- 1 root 105     226, 128 Mar 18 13:28 renderD128"])[0] == "containers"
    # look-alike: the group has its name (https://github.com/ROCm/ROCm-docker/pull/93): nothing wrong
    assert run(["crw-rw---- 1 root render 509, 0 Aug 22 21:34 /dev/kfd"]).exit_code() == 0


def test_c_a_node_advertising_zero_gpus_is_the_device_plugin():
    assert top(corpus_lines("pb-k8s-node-amd-gpu-capacity-zero", "fresh/logs"))[0] == "containers"
    # https://github.com/Project-HAMi/HAMi/issues/314 (the same shape for NVIDIA's resource)
    assert top(["nvidia.com/gpu: 0"])[1] == "k8s-node-no-amd-gpu"
    # look-alikes: https://github.com/kubermatic/kubermatic/issues/6400 (the GPU advertised) and
    # https://github.com/Deepomatic/shared-gpu-nvidia-k8s-device-plugin/issues/15 (a zero for hugepages)
    assert run(["Allocatable:", "  amd.com/gpu:                 1", "  hugepages-1Gi:               0"]).exit_code() == 0


def test_d_the_drivers_init_functions_failing_are_the_driver_but_libdrm_is_not():
    assert top(corpus_lines("tb-llamafactory-10511-r9700-vfio-discovery", "fresh/logs")) == ("driver", "amdgpu-init-failed")
    # https://github.com/ROCm/legacy-rocm-build/issues/1896
    assert top(["[drm:amdgpu_discovery_set_ip_blocks [amdgpu]] *ERROR* amdgpu_discovery_init failed"])[0] == "driver"
    # look-alike: libdrm's user-space open (https://github.com/robclark/kmscube/issues/14)
    assert top(["amdgpu_device_initialize: amdgpu_query_info(ACCEL_WORKING) failed (-13)",
                "amdgpu: amdgpu_device_initialize failed."])[1] != "amdgpu-init-failed"


def test_e_rocblas_listing_its_tensile_files_found_none_for_this_gpu():
    assert top(corpus_lines("pb-ollama-rx5700xt-tensile-gfx1010-missing", "fresh/logs")) == (
        "runtime", "rocblas-tensile-missing")
    # https://github.com/ROCm/AMDMIGraphX/pull/3517: the list without its header line (gfx1201 not in it)
    listed = ['"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx908.dat"',
              '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx1102.dat"',
              '"/opt/rocm/lib/rocblas/library/TensileLibrary_lazy_gfx906.dat"']
    assert top(listed) == ("runtime", "rocblas-tensile-missing")
    # look-alike: a user naming the library folder's contents in prose (https://github.com/ROCm/rocBLAS/issues/1331)
    assert run(["In the /opt/rocm/lib/rocblas/library/,  I find that the devices are gfx90x, gfx1030, gfx110x and "
                "fallback"]).exit_code() == 0


def test_f_rays_worker_died_sentence_is_no_out_of_memory():
    assert top(corpus_lines("ra-ray-train-worker-died-amd", "fresh/logs")) == ("runtime", "ray-worker-died")
    # https://github.com/Unakar/Logic-RL/issues/18 (not an OOM in the thread)
    died = ["The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit detail: "
            "Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root "
            "causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force "
            "is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors."]
    assert top(died)[0] == "runtime"
    # look-alike: Ray's memory monitor saying it killed the task is an OOM
    # (https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html)
    assert top(["Traceback (most recent call last):", '  File "train.py", line 9, in <module>',
                "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory."])[0] == "memory"


def test_g_a_printed_tensor_of_nothing_but_nan_is_numerics():
    assert top(corpus_lines("pa-rocmlab-4-clip-all-nan", "fresh/logs"))[0] == "numerics"
    # https://github.com/pytorch/pytorch/issues/136310: rows of a Conv2d output
    assert nan_array("          [        nan,         nan,         nan,  ...,         nan,") == "row"
    # look-alikes from the same output: a row mixing numbers, and two nan that are too few for a bare row
    assert nan_array("          [        nan,  4.1562e+01,  1.4117e+01,  ...,  3.6992e+00,") is None
    assert nan_array("[nan, nan]") is None
    # https://github.com/turboderp/exllama/issues/173: a tensor of numbers
    assert nan_array("tensor([[[-0.0197753906, -0.0042114258,  0.0005874634,  ...,") is None


def test_h_a_gpu_fault_inside_a_collective_is_distributed():
    lines = corpus_lines("pa-rccl-59-gfx803-allgather-memory-fault", "fresh/logs")
    assert top(lines) == ("distributed", "gpu-fault-in-collective")
    # the mutant: the same fault with no collective running before it stays the runtime's
    alone = [x for x in lines if "[ RUN" not in x and "[----------]" not in x]
    assert top(alone)[0] == "runtime"
    # look-alike: a fault in a training step (https://github.com/verl-project/verl/issues/1485) is no collective
    assert collective_before(["Memory access fault by GPU node-4 (Agent handle: 0xb26d7b0) on address 0x7f2900ffc000. "
                              "Reason: Unknown"], 0) == ""
    # NCCL_DEBUG's launch record right before it is one (https://github.com/mxxm-t/mx-llama.cpp/issues/7)
    rec = ["NCCL INFO AllReduce: opCount 0 sendbuff 0x7cb27a400000 recvbuff 0x7cb23a200000 count 2 datatype 7 op 0 "
           "root 0 comm 0x5a3ea68dbe40 [nranks=2]", "Memory access fault by GPU node-1"]
    assert collective_before(rec, 1).startswith("NCCL INFO AllReduce")


def test_i_a_setup_warning_the_run_went_on_after_is_no_failure():
    assert run(corpus_lines("pa-vllm-2942-mi210-single-gpu-start", "fresh/logs")).exit_code() == 0
    assert run(corpus_lines("ta-invokeai-rocm-docker-gpu-ok", "fresh/logs")).exit_code() == 0
    # look-alike: the same xFormers words raised as an exception (https://github.com/vllm-project/vllm/issues/13279)
    raised = ["xformers._cpp_lib.xFormersInvalidLibException: xFormers can't load C++/CUDA extensions. xFormers was built for:",
              "    PyTorch 2.6.0+cu124 with CUDA 1201 (you have 2.5.1+cu124)",
              "Traceback (most recent call last):"]
    assert run(raised).exit_code() == 1
    # look-alike: the warning with nothing after it (https://github.com/facebookresearch/xformers/issues/1070)
    assert top(corpus_lines("pb-xformers-cu121-wheel-on-rocm6", "fresh/logs"))[0] == "packages"
    # a CPU device is not the run reaching the GPU
    assert not went_on("[2026-08-12 08:54:28,009]::[InvokeAI]::INFO --> Using torch device: CPU")
    assert went_on("INFO 02-20 08:40:38 llm_engine.py:337] # GPU blocks: 2658, # CPU blocks: 327")
