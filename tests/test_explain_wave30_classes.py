"""Classes the spent batches still missed at the start of wave 30, each fixed as a class: real lines with their
source URL, and for each a look-alike that must stay as it was.

A. Lines that are errors in their own format although no word of the old list is in them: glog's ERROR and FATAL
   levels ("F agent.cpp:1093] ..."), a failed system call as strace prints it, "Permission denied", "An error
   occurred/encountered", a kernel trap line for a process. Below them, explain reasons instead of saying "no
   error-like lines".
B. A Vulkan allocation failing (VK_ERROR_OUT_OF_DEVICE_MEMORY, Vulkan-Hpp's ErrorOutOfDeviceMemory): memory.
C. Native builds failing in the words of ninja 1.12 ("FAILED: [code=255] ..."), ninja itself ("ninja: error:") and
   LLVM's COFF linker ("lld-link: error:"), also under a super-build's "[project]" prefix: packages (build-failed).
D. A CUDA program's GPU error in a log that runs it through ZLUDA: ZLUDA's layer, packages; the same error
   without ZLUDA stays the runtime's.
E. SD.Next's "17:17:39-101689 WARNING" lines are warnings, as its INFO lines are; its ERROR lines stay errors.

From the first fresh group of wave 30 (batches 204-211), read for round 2:
F. The GPU runtime reporting an uncorrectable ECC error (HIP and CUDA share "uncorrectable ECC error encountered"):
   a hardware fault, driver (FAMILIES.md files RAS under driver), not the runtime.
G. llama.cpp older than the model file ("unknown model architecture: 'x'", "unrecognized tensor type 14"): packages.
H. An import-time "module 'x' has no attribute 'y'": packages whose versions do not match (exc-import), whatever
   words the names hold.

Healthy logs the spent batches flagged:
I. MIOpen's warning that its optional composable-kernel library for the gfx is absent (it uses its other solvers).
J. A JSON report's '"failed": 0' is a count of zero, as "failed: 0" is.

From the second fresh group of wave 30 (batches 212-219), read for round 3:
K. apt's resolver refusing an install ("The following packages have unmet dependencies", apt 3.0's "Unsatisfied
   dependencies:", the Depends lines): packages.
L. The amdgpu DKMS module's own compiler and modpost errors (its build tree, amd/amdgpu/...): the driver, as DKMS's
   "Bad return status" line is (FAMILIES.md), not a package's failed build.
M. NCCL asked for a rank outside the world size ("Invalid rank requested : 1/1"), and a traceback cut off while the
   model is wrapped in DDP (Lightning's configure_ddp, DDP's parameter broadcast): distributed.
N. pip's advice under a resolution conflict, when the lines above it were wrapped or cut: packages.
O. modprobe failing on amdgpu or a DRM module it needs: the driver.

From the third fresh group of wave 30 (batches 220-227), read for round 4:
P. torch's "unable to write to file </torch_...>" (a worker's tensor in a full /dev/shm): memory, as the bus error is.
Q. NCCL's out-of-memory with the runtime failures that follow it ('invalid resource handle'): memory, one event.
R. DirectML (Windows): its allocator out of memory is memory; Windows removing the device (TDR) is the driver.
S. A library's own check against its reference failing (MIOpenDriver's "Convolution Failed", Tensile's differing
   elements): numerics, as a test's "not close" is.

From the fourth fresh group (batches 228-233), read for round 5:
T. A server's access-log line for a request it failed (Gin's "| 500 |") is not the run going on; rocBLAS's Tensile
   host finding no devices is its own signature (runtime).
U. A process's abort is seen (it had no prefilter anchor, so Open MPI's "Signal: Aborted (6)" was skipped); git's
   "fatal:" lines and a config's CRITICAL log level stay unseen.
"""
from __future__ import annotations

from rocmdoctor.logs.logscan.matcher import looks_like_error
from tests.explain_helpers import run, top


def test_a_errors_in_their_own_format_are_error_like():
    # https://github.com/ROCm/rocprofiler-sdk (a torch wheel's bundled profiler aborting on WSL, unsloth#11212)
    assert looks_like_error("F agent.cpp:1093] Found 0 rocprofiler agents and 2 HSA agents.")
    assert looks_like_error("E1122 10:01:02.345678 4242 ProcessGroupNCCL.cpp:1234] watchdog caught collective")
    assert looks_like_error("[E socket.cpp:957] [c10d] The client socket has timed out after 900s")
    # https://github.com/clbr/radeontop/issues/72 (strace of a user without access to the render node)
    assert looks_like_error("ioctl(4, DRM_IOCTL_SET_VERSION, 0x7ffe605d5110) = -1 EACCES (Permission denied)")
    assert looks_like_error("bash: /dev/kfd: Permission denied")
    # https://github.com/ROCm/rocm-examples (a Spack build run on an MI300A)
    assert looks_like_error('An error encountered: "invalid device function" at .../bitonic_sort/main.hip:204')
    assert looks_like_error("An error occurred during the execution of TVM.")
    # https://github.com/iree-org/iree (a Vulkan matmul test crashing in the driver library)
    assert looks_like_error("[497363.032294] traps: iree-e2e-matmul[2158766] general protection fault "
                            "ip:74f917453420 sp:7fffb4a6d860 error:0 in amdvlk64.so[74f9167dc000+2951000]")
    # look-alikes: glog's INFO and WARNING levels, a system call that worked, a metric, prose about permissions
    assert not looks_like_error("I1122 10:01:02.345678 4242 ProcessGroupNCCL.cpp:1234] NCCL initialized")
    assert not looks_like_error("W1122 10:01:02.345678 4242 socket.cpp:464] retrying")
    assert not looks_like_error("ioctl(4, DRM_IOCTL_GET_UNIQUE, 0x7ffe605d5100) = 0")
    assert not looks_like_error("F1 score: 0.913")
    assert not looks_like_error("Fetched 4 files in 2s")
    # a failed call strace pads to column 40, with an errno that is a failure (not the ENOENT every probe prints)
    assert looks_like_error("ioctl(3, AMDKFD_IOC_GET_VERSION, 0x7ffd)  = -1 ENODEV (No such device)")
    assert not looks_like_error('openat(AT_FDCWD, "/dev/dri/renderD129", O_RDWR|O_CLOEXEC) = -1 ENOENT (No such file or '
                                'directory)')
    assert not looks_like_error('access("/etc/ld.so.preload", R_OK)      = -1 ENOENT (No such file or directory)')
    # prose about permissions and a retry that goes on are no errors; docker's own refusal is
    assert not looks_like_error("Adding user to render group to avoid permission denied on /dev/kfd")
    assert not looks_like_error("Retrying: an error occurred while fetching, attempt 2/5")
    assert looks_like_error("Got permission denied while trying to connect to the Docker daemon socket at "
                            "unix:///var/run/docker.sock")


def test_a_a_strace_refusal_on_the_render_node_is_permissions():
    lines = ['stat("/dev/dri/card0", {st_mode=S_IFCHR|0660, st_rdev=makedev(226, 0), ...}) = 0',
             'openat(AT_FDCWD, "/dev/dri/card0", O_RDWR|O_CLOEXEC) = 4',
             "ioctl(4, DRM_IOCTL_SET_VERSION, 0x7ffe605d5110) = -1 EACCES (Permission denied)",
             "close(4)                                = 0"]
    assert top(lines)[0] == "permissions"
    assert top([lines[0], lines[1], lines[3]]) == (None, None)


# B. https://github.com/mlc-ai/mlc-llm/issues/38 and https://github.com/ggml-org/llama.cpp/issues/14698
TVM = ["An error occurred during the execution of TVM.",
       "For more information, please see: https://tvm.apache.org/docs/errors.html",
       "  Check failed: (__e == VK_SUCCESS) is false: Vulkan Error, code=-2: VK_ERROR_OUT_OF_DEVICE_MEMORY"]
GGML = ["ggml_vulkan: 0 = AMD Radeon Graphics (RADV GFX1150) (radv) | uma: 1 | fp16: 1 | warp size: 64",
        "ggml_vulkan: Requested buffer size exceeds device memory allocation limit: ErrorOutOfDeviceMemory"]


def test_b_a_vulkan_allocation_failure_is_memory():
    assert top(TVM) == ("memory", "vulkan-out-of-device-memory")
    assert top(GGML) == ("memory", "vulkan-out-of-device-memory")
    assert top(["ggml_vulkan: Device memory allocation of size 4294967296 failed."]) == \
        ("memory", "vulkan-out-of-device-memory")
    # look-alike: a swapchain out of date is no allocation (a window resized)
    assert top(["vkQueuePresentKHR returned VK_ERROR_OUT_OF_DATE_KHR"])[1] != "vulkan-out-of-device-memory"


# C. https://github.com/ROCm/rocBLAS/issues/1674 (Gentoo), TheRock's Windows notes, https://github.com/ollama/ollama
NINJA_CODE = ["[2/483] cd /tmp/portage/sci-libs/rocBLAS-6.4.3-r1/work/rocBLAS-rocm-6.4.3_build/library/src && "
              "TensileCreateLibrary --merge-files --separate-architectures --lazy-library-loading",
              "FAILED: [code=255] library/src/CMakeFiles/TENSILE_LIBRARY_TARGET /tmp/portage/sci-libs/rocBLAS-6.4.3-r1/"
              "work/rocBLAS-rocm-6.4.3_build/library/src/CMakeFiles/TENSILE_LIBRARY_TARGET"]
LLD = ["[rocBLAS] lld-link: error: duplicate symbol: rocblas_stbsv_batched",
       "[rocBLAS] >>> defined at library/src/CMakeFiles/rocblas.dir/blas2/rocblas_tbsv_batched.cpp.obj"]
NINJA = ["-- Build files have been written to: D:/Downloads/PortableGit/repos/ollama/build",
         "ninja: error: unknown target 'ggml-hip', did you mean 'ggml-cpu'?"]


def test_c_build_tools_failing_in_their_own_words_are_a_failed_build():
    for lines in (NINJA_CODE, LLD, NINJA):
        assert top(lines) == ("packages", "build-failed"), lines
    # look-alikes: a test runner's FAILED line is no build; ninja's progress line is not a failure
    assert top(["FAILED: test_allreduce (tests.test_dist.TestDist)"])[1] != "build-failed"
    assert top([NINJA_CODE[0]]) == (None, None)


# D. https://github.com/Nerogar/OneTrainer/issues/911, https://github.com/vosen/ZLUDA/issues/604 (its ggml paths), the
# error of https://github.com/likelovewant/ROCmLibs-for-gfx1103-AMD780M-APU/issues/9
ZLUDA_DLL = ["Starting UI...",
             "Failed to load ZLUDA: Could not find module 'C:\\Program Files\\AMD\\ROCm\\6.2\\bin\\hiprtc0507.dll' "
             "(or one of its dependencies). Try using the full path with constructor syntax."]
ZLUDA_GGML = ["CUDA error: named symbol not found",
              "  current device: 0, in function ggml_cuda_op_mul_mat_cublas at C:\\llamaZLUDA\\llama.cpp\\ggml\\src\\"
              "ggml-cuda\\ggml-cuda.cu:1333",
              "C:\\llamaZLUDA\\llama.cpp\\ggml\\src\\ggml-cuda\\ggml-cuda.cu:96: CUDA error"]


def test_d_a_gpu_error_under_zluda_is_its_layer():
    assert top(ZLUDA_DLL) == ("packages", "zluda-layer")
    assert top(ZLUDA_GGML) == ("packages", "zluda-layer")
    # look-alikes: the same CUDA error with no ZLUDA in the log is the runtime's, and so is it where the log says
    # ZLUDA is not used
    plain = [ln.replace("llamaZLUDA", "llama") for ln in ZLUDA_GGML]
    assert top(plain) == ("runtime", "exc-gpu-runtime")
    assert top(["ROCm: ZLUDA is not installed, using native ROCm torch"] + plain) == ("runtime", "exc-gpu-runtime")
    # a one-line paste under ZLUDA is its layer too
    assert top(["CUDA error: named symbol not found (C:\\ZLUDA\\zluda.exe)"])[0] == "packages"


# E. https://github.com/vladmandic/automatic (SD.Next's log format)
def test_e_sdnext_warning_lines_are_warnings():
    assert not looks_like_error("17:17:39-101689 WARNING  ROCm: hsa version detect failed")
    assert looks_like_error("16:55:17-306180 ERROR    Error loading the model with llama.cpp: Server process "
                            "terminated unexpectedly with exit code: 127")
    assert top(["17:17:39-099689 INFO     Using ZLUDA in G:\\automatic-dev.zluda",
                "17:17:39-101689 WARNING  ROCm: hsa version detect failed"]) == (None, None)


# F. https://github.com/kohya-ss/sd-scripts/issues/1434
def test_f_an_uncorrectable_ecc_error_from_the_runtime_is_the_hardware():
    lines = ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
             "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
             "might be incorrect.",
             "[E ProcessGroupNCCL.cpp:916] [Rank 1] NCCL watchdog thread terminated with exception: CUDA error: "
             "uncorrectable ECC error encountered"]
    assert top(lines) == ("driver", "runtime-ecc-uncorrectable")
    assert top(["hipErrorECCNotCorrectable"]) == ("driver", "runtime-ecc-uncorrectable")
    # look-alikes: the ECC mode printed by a tool, and a correctable count, are no failure of the run
    assert top(["ECC mode: enabled"]) == (None, None)
    assert top(["Volatile Uncorr. ECC: 0"])[1] != "runtime-ecc-uncorrectable"


# G. https://github.com/evshiron/rocm_lab/issues/13, https://github.com/ollama/ollama/issues/12984
def test_g_a_llama_cpp_older_than_the_model_file_is_packages():
    tensor = ["llama.cpp: loading model from models/TheBloke_Llama-2-13B-chat-GGML/llama-2-13b-chat.ggmlv3.q6_K.bin",
              "error loading model: unrecognized tensor type 14",
              "llama_init_from_file: failed to load model"]
    assert top(tensor) == ("packages", "llama-cpp-model-format-unsupported")
    arch = ["ollama  | llama_model_load: error loading model: error loading model architecture: unknown model "
            "architecture: 'pangu-embedded'", "ollama  | llama_model_load_from_file_impl: failed to load model"]
    assert top(arch) == ("packages", "llama-cpp-model-format-unsupported")
    # look-alike: the loader's metadata dump names the architecture of a model it reads
    assert top(["llama_model_loader: - kv   0:                       general.architecture str              = "
                "gemma3"]) == (None, None)


# H. https://github.com/sgl-project/sglang/issues/22279 (an image's bundled aiter older than sglang expects)
def test_h_a_module_without_the_attribute_another_package_imports_is_packages():
    lines = ['File "sglang/srt/layers/quantization/quark/schemes/quark_w4a4_mxfp4.py", line 13, in <module>',
             "    from aiter.ops.triton.gemm.fused.fused_gemm_afp4wfp4_split_cat import (",
             'File "aiter/ops/triton/quant/fused_fp8_quant.py", line 21, in <module>',
             "    fp8_dtype = aiter.dtypes.fp8",
             "AttributeError: module 'aiter' has no attribute 'dtypes'"]
    tb = ["Traceback (most recent call last):"] + ["  " + ln if ln.startswith("File") else ln for ln in lines]
    assert top(tb) == ("packages", "exc-import")
    # look-alikes: an object's missing attribute, and a module of the user's own, are the program's bug
    other = tb[:-1] + ["AttributeError: 'NoneType' object has no attribute 'dtypes'"]
    assert top(other)[1] != "exc-import"
    own = ["Traceback (most recent call last):", '  File "/home/u/train.py", line 12, in <module>',
           "    lr = config.lr", "AttributeError: module 'config' has no attribute 'lr'"]
    assert top(own)[1] != "exc-import"


# I. https://github.com/ROCm/TheRock/issues/4681 (a working gfx1103 run of PyTorch's tests)
def test_i_miopen_missing_its_optional_ck_library_is_a_warning():
    lines = ['MIOpen(HIP): Warning [ParseAndLoadDb] File is unreadable: "/home/u/.venv/lib/python3.12/site-packages/'
             '_rocm_sdk_libraries_gfx110X_all/share/miopen/db/gfx1103_6.HIP.fdb.txt"',
             "MIOpen(HIP): Warning [OpenRuntimeLibraryForDevice] CK grouped conv library not found for device gfx1103: "
             "libMIOpenCKGroupedConv_gfx1103.so: cannot open shared object file: No such file or directory"]
    assert top(lines) == (None, None)
    # look-alike: a library the program itself links, missing, is still the failure
    assert top(["ImportError: libMIOpen.so.1: cannot open shared object file: No such file or directory"]) == \
        ("packages", "shared-library-missing")


# J. https://github.com/NVIDIA/NVSentinel/pull/772 (a passing DCGM diagnostic's JSON summary)
def test_j_a_json_count_of_zero_failures_is_no_error():
    assert not looks_like_error('  "failed": 0,')
    assert not looks_like_error("  'errors': 0")
    assert looks_like_error('  "failed": 2,')
    assert looks_like_error('{"failed": 0, "errors": 3}')  # a non-zero count beside a zero one
    assert top(['  "event": "Diagnostic summary",', '  "passed": 6,', '  "failed": 0,', '  "total": 6,']) == (None, None)


# K. https://github.com/ROCm/legacy-rocm-build/issues/1730, #4323, #6367
def test_k_apt_unmet_dependencies_are_packages():
    jammy = ["The following packages have unmet dependencies:",
             " rocm-llvm : Depends: python but it is not installable",
             "             Depends: libstdc++-5-dev but it is not installable or",
             "E: Unable to correct problems, you have held broken packages."]
    assert top(jammy) == ("packages", "apt-unmet-dependencies")
    assert top(["Unsatisfied dependencies:", " rocm-llvm : Depends: libstdc++-5-dev but it is not installable or"]) == \
        ("packages", "apt-unmet-dependencies")
    assert top([" rocm-hip-runtime-dev : Depends: rocm-cmake (= 0.14.0.70204-93~24.04) but 6.0.0-1 is to be installed"]) \
        == ("packages", "apt-unmet-dependencies")
    # behind BuildKit's and compose's prefixes, where apt fails most often
    assert top(["#8 5.124  rocm-llvm : Depends: python but it is not installable"]) == ("packages", "apt-unmet-dependencies")
    assert top(["api-1  | E: Unable to correct problems, you have held broken packages."]) == \
        ("packages", "apt-unmet-dependencies")
    # look-alikes: apt's plan for an install that goes ahead, and a package's Depends field shown by apt show
    ok = ["The following NEW packages will be installed:", "  rocm-hip-runtime rocm-llvm",
          "0 upgraded, 2 newly installed, 0 to remove and 0 not upgraded.", "Depends: libc6 (>= 2.34), python3"]
    assert top(ok) == (None, None)


# L. https://github.com/ROCm/legacy-rocm-build/issues/2451, https://github.com/ROCm/amdgpu/issues/187, #1125
def test_l_the_amdgpu_dkms_module_failing_to_compile_is_the_driver():
    mst = ["  CC [M]  /var/lib/dkms/amdgpu/6.1.5-1609671.20.04/build/amd/amdgpu/../display/dc/basics/vector.o",
           "/var/lib/dkms/amdgpu/6.1.5-1609671.20.04/build/amd/amdgpu/../display/amdgpu_dm/amdgpu_dm.c:3314:25: error: "
           "implicit declaration of function ‘drm_dp_mst_hpd_irq’; did you mean ‘drm_dp_mst_dpcd_write’? "
           "[-Werror=implicit-function-declaration]"]
    date = [" amd/amdgpu/amdgpu_drv.c: At top level:",
            " amd/amdgpu/amdgpu_drv.c:3064:10: error: ‘struct drm_driver’ has no member named ‘date’"]
    modpost = ['  MODPOST /var/lib/dkms/amdgpu/5.11.19.98-1290604/build/Module.symvers',
               'ERROR: modpost: "migrate_vma_finalize" [/var/lib/dkms/amdgpu/5.11.19.98-1290604/build/amd/amdgpu/amdgpu.ko] '
               'undefined!']
    for lines in (mst, date, modpost):
        assert top(lines) == ("driver", "dkms-module-build-failed"), lines
    # look-alike: an extension's own compile error is a package's failed build
    assert top(["csrc/flash_attn_ck/mha_fwd.cpp:12:10: error: use of undeclared identifier 'ck'"])[0] == "packages"


# M. https://github.com/Lightning-AI/pytorch-lightning/issues/3029
def test_m_a_rank_outside_the_world_and_a_cut_ddp_setup_are_distributed():
    assert top(["mnist12-worker-0:70:70 [0] init.cc:981 NCCL WARN Invalid rank requested : 1/1"]) == \
        ("distributed", "nccl-invalid-rank")
    cut = ["Traceback (most recent call last):",
           '  File "/workspace/script.py", line 211, in main',
           "    trainer.fit(model)",
           '  File "/opt/conda/lib/python3.7/site-packages/pytorch_lightning/trainer/distrib_data_parallel.py", line 557, '
           "in ddp_train",
           "    model = model.configure_ddp(model, device_ids)",
           '  File "/opt/conda/lib/python3.7/site-packages/pytorch_lightning/core/lightning.py", line 899, in configure_ddp',
           "    find_unused_parameters=True"]
    assert top(cut)[0] == "distributed"
    # look-alike: the same traceback cut in the model's own code says nothing about the collectives
    own = cut[:3] + ['  File "/workspace/model.py", line 40, in forward', "    x = self.proj(x)"]
    assert top(own)[0] != "distributed"


# N. https://github.com/vladmandic/sdnext/issues/4404 (pip's box, wrapped by the terminal)
def test_n_pips_advice_under_a_conflict_is_a_failed_resolution():
    lines = ["                         To fix this you could try to:                         ",
             "                         1. loosen the range of package versions you've        ",
             "                         specified                                             ",
             "                         2. remove package versions to allow pip to attempt to ",
             "                         solve the dependency conflict                         "]
    assert top(lines) == ("packages", "dependency-resolution-failed")


# O. https://github.com/ROCm/gpu-operator/pull/333 (the operator's KMM worker loading amdgpu)
def test_o_modprobe_failing_on_amdgpu_or_its_drm_helper_is_the_driver():
    line = ('I0908 23:31:34.248939       1 cmdlog.go:70] "modprobe: ERROR: ctx=0x79e20a05eaa0 path=/tmp/opt/lib/modules/'
            '6.14.0-29-generic/kernel/drivers/gpu/drm/drm_exec.ko.zst error=No such file or directory" logger="kmm-worker"')
    assert top([line]) == ("driver", "amdgpu-modprobe-failed")
    # look-alike: another vendor's module
    assert top(["modprobe: ERROR: could not insert 'nvidia': No such device"])[1] != "amdgpu-modprobe-failed"


# P. https://github.com/MVIG-SJTU/AlphaPose/issues/564
def test_p_a_tensor_file_that_shm_cannot_take_is_memory():
    assert top(["RuntimeError: unable to write to file </torch_995_2167858072>"]) == ("memory", "dataloader-shm-bus-error")
    # look-alike: the descriptor-limit error of the same sharing is not a full /dev/shm
    assert top(["RuntimeError: unable to open shared memory object </torch_1_2> in read-write mode: Too many open "
                "files (24)"])[1] != "dataloader-shm-bus-error"


# Q. https://github.com/NVIDIA/TensorRT-LLM/issues/1670
def test_q_nccls_out_of_memory_outranks_the_failures_that_follow_it():
    lines = ["VM-0-16-ubuntu:392:494 [2] enqueue.cc:43 NCCL WARN Cuda failure 'out of memory'",
             "VM-0-16-ubuntu:392:494 [2] enqueue.cc:54 NCCL WARN Cuda failure 'invalid resource handle'"]
    assert top(lines) == ("memory", "nccl-cuda-oom")
    assert top(lines[1:]) == ("distributed", "nccl-device-call-failed")


# R. https://github.com/lshqqytiger/stable-diffusion-webui-amdgpu/issues/174, https://github.com/microsoft/DirectML/issues/287
def test_r_directml_out_of_memory_and_device_removed():
    oom = ["[W D:\\a\\_work\\1\\s\\pytorch-directml-plugin\\torch_directml\\csrc\\engine\\dml_heap_allocator.cc:120] "
           "DML allocator out of memory!", "Error completing request"]
    assert top(oom) == ("memory", "directml-oom")
    removed = ["[libprotobuf FATAL D:\\a\\_work\\1\\s\\pytorch-directml\\caffe2\\dml\\dml_command_recorder.cc:392] CHECK "
               "failed: ((((HRESULT)((dml_device_->GetDeviceRemovedReason()))) >= 0)) == (true):"]
    assert top(removed) == ("driver", "windows-gpu-device-removed")
    assert top(["Applying optimization: InvokeAI... done."]) == (None, None)


# S. https://github.com/ROCm/MIOpen/issues/11, https://github.com/ROCm/Tensile/issues/2071
def test_s_a_librarys_check_against_its_reference_failing_is_numerics():
    assert top(["MIOpenDriver: conv", "Forward Convolution Verifies on CPU and GPU",
                "Backward Convolution Weights Failed: 0.993599"]) == ("numerics", "result-differs-from-reference")
    assert top(["Index:  Device | Reference", "[0]  elem=0 idx=0: 0!=17", "[1]  elem=131101 idx=131101: 0!=72"]) == \
        ("numerics", "result-differs-from-reference")
    # look-alike: the driver's checks passing
    assert top(["MIOpenDriver: conv", "Forward Convolution Verifies on CPU and GPU",
                "Backward Convolution Data Verifies on CPU and GPU (1.35201e-07)"]) == (None, None)


# T. https://github.com/ollama/ollama/issues/3243 (Ollama in Docker on a Steam Deck)
def test_t_a_failed_request_is_not_the_run_going_on():
    from rocmdoctor.logs.structure.progress import went_on
    assert not went_on('[GIN] 2024/10/26 - 17:52:47 | 500 |  2.264259318s |       127.0.0.1 | POST     "/api/generate"')
    assert went_on('[GIN] 2024/10/26 - 17:52:47 | 200 |  2.264259318s |       127.0.0.1 | POST     "/api/generate"')
    lines = ['time=2024-10-26T17:52:47.041Z level=ERROR source=sched.go:455 msg="error loading llama server" '
             'error="llama runner process has terminated: error:Could not initialize Tensile host: No devices found"',
             '[GIN] 2024/10/26 - 17:52:47 | 500 |  2.264259318s |       127.0.0.1 | POST     "/api/generate"']
    assert run(lines).exit_code() != 0
    assert top(lines[:1]) == ("runtime", "rocblas-tensile-no-devices")
    assert top(["rocBLAS error: Could not initialize Tensile host: No devices found"]) == \
        ("runtime", "rocblas-tensile-no-devices")


# U. https://github.com/ComputationalRadiationPhysics/picongpu/issues/4728, https://github.com/patientx/ComfyUI-Zluda/issues/117
def test_u_an_abort_without_other_error_words_is_seen_and_gits_fatal_lines_are_not():
    lines = ["Your job will now abort.", "[QUASAR:42021] *** Process received signal ***",
             "[QUASAR:42021] Signal: Aborted (6)", "[QUASAR:42021] Signal code:  (-6)"]
    assert run(lines).exit_code() != 0 and any("Aborted" in u.text for u in run(lines).result.unexplained)
    # look-alikes that healthy installs and config dumps print: only "abort" became an anchor, not fatal/critical
    for healthy in (["Cloning into 'ComfyUI-Manager'...",
                     "fatal: destination path 'ComfyUI-Manager' already exists and is not an empty directory.",
                     "Installing requirements... done"],
                    ["fatal: not a git repository (or any of the parent directories): .git", "Successfully built x"],
                    ["Namespace(lr=0.0001, log_level='CRITICAL', seed=42)", "  log_level: CRITICAL"],
                    ["Download aborted, retrying from mirror", "Downloaded 4.2 GB"]):
        assert top(healthy) == (None, None), healthy
