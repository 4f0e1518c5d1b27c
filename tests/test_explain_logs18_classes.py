"""Classes of the spent fresh batches 17 and 18 (issue 24 §2), each with real instances beyond the corpus log that
showed it and a real look-alike that must not match (source URL beside each).

A. amdgpu's SMU not answering a message (`SMU: No response msg_reg: N resp_reg: M`) is the driver; the SMU's
   resume/init successes are not.
B. An SELinux AVC denial on a GPU device node is containers when the source domain is a container's, permissions
   when it is a host program's; a denial on anything that is not a GPU node is neither.
C. hipcc that cannot exec the compiler it chose (nvcc: it took the NVIDIA platform; clang/hcc: ROCm's compiler is not
   where it looks) is packages.
D. Cray MPICH's GPU support requested without the GTL linked is packages.
E. Older rocminfo's "<user> is member of nobody group": the device group is unmapped in a user namespace
   (containers); root so refused stays permissions (FAMILIES.md logs12).
F. CTest's summary with every test passed is healthy, whatever skipped tests it lists; another percentage is not.
G. ROCr's GPU core dump lines mean a GPU kernel raised an exception (runtime).
"""
from __future__ import annotations

from tests.explain_helpers import corpus_lines, run, top


def test_a_the_smu_not_answering_is_the_driver():
    assert top(corpus_lines("va-t2arch-247-smu-no-response", "fresh/logs")) == ("driver", "amdgpu-smu-message-failed")
    # https://github.com/t2linux/T2-Ubuntu/issues/208 (Navi 14, at init): the line alone
    assert top(["[   10.116367] amdgpu 0000:03:00.0: SMU: No response msg_reg: 6 resp_reg: 0"]) == (
        "driver", "amdgpu-smu-message-failed")
    # look-alikes: the SMU resumed/initialized (https://github.com/pop-os/pop/issues/1543,
    # https://github.com/hamadmarri/TT-CPU-Scheduler/issues/23): no fault
    ok = ["[12996.345981] amdgpu 0000:0c:00.0: amdgpu: SMU driver if version not matched",
          "[12996.348163] amdgpu 0000:0c:00.0: amdgpu: SMU is resumed successfully!",
          "[    8.305616] amdgpu 0000:0b:00.0: amdgpu: SMU is initialized successfully!"]
    assert run(ok).exit_code() == 0


_PODMAN = ('type=AVC msg=audit(1683468487.052:3337): avc:  denied  { map } for  pid=699282 comm="vainfo" '
           'path="/dev/dri/renderD128" dev="devtmpfs" ino=947 scontext=system_u:system_r:container_t:s0:c260,c628 '
           'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=0')


def test_b_selinux_denying_a_gpu_node_is_told_apart_by_the_source_domain():
    for name in ("xb-containerselinux-269-pod-dri-avc-denied", "ma-podman-18497-selinux-avc-render"):
        assert top(corpus_lines(name, "fresh/logs")) == ("containers", "selinux-denies-gpu-node-in-container")
    # https://github.com/containers/podman/issues/18497 (vainfo in a container, map denied on renderD128)
    assert top([_PODMAN]) == ("containers", "selinux-denies-gpu-node-in-container")
    # host domains: https://github.com/fedora-selinux/selinux-policy/pull/2816 (virtqemud on renderD128) and
    # https://github.com/fedora-selinux/selinux-policy/pull/2417 (kwin on nvidia-modeset)
    virtqemud = ('type=AVC msg=audit(1747877884.388:417): avc:  denied  { read write } for  pid=55883 '
                 'comm="rpc-virtqemud" name="renderD128" dev="tmpfs" ino=10 scontext=system_u:system_r:virtqemud_t:s0 '
                 'tcontext=system_u:object_r:dri_device_t:s0 tclass=chr_file permissive=1')
    kwin = ('type=AVC msg=audit(1730072197.189:290): avc:  denied  { read write } for  pid=2287 comm="kwin_wayland" '
            'name="nvidia-modeset" dev="devtmpfs" ino=1313 scontext=system_u:system_r:xdm_t:s0-s0:c0.c1023 '
            'tcontext=system_u:object_r:device_t:s0 tclass=chr_file permissive=0')
    assert top([virtqemud]) == ("permissions", "selinux-denies-gpu-node")
    assert top([kwin]) == ("permissions", "selinux-denies-gpu-node")
    # look-alikes: denials on a tmp dir in a container (https://github.com/containers/container-selinux/pull/108)
    # and on a pipe for a host daemon (https://github.com/containers/container-selinux/issues/197): no GPU node
    tmp = ('type=AVC msg=audit(1601481071.991:128): avc:  denied  { write } for  pid=25901 comm="virtiofsd" name="/" '
           'dev="tmpfs" ino=14755 scontext=system_u:system_r:container_kvm_t:s0:c534,c983 '
           'tcontext=system_u:object_r:tmp_t:s0 tclass=dir permissive=0')
    pipe = ('Nov 21 16:22:09 localhost.localdomain audit[704]: AVC avc:  denied  { read } for  pid=704 '
            'comm="dbus-broker" path="pipe:[141146]" dev="pipefs" ino=141146 '
            'scontext=system_u:system_r:system_dbusd_t:s0-s0:c0.c1023 tcontext=unconfined_u:system_r:spc_t:s0 '
            'tclass=fifo_file permissive=0')
    for line in (tmp, pipe):
        assert top([line])[1] not in ("selinux-denies-gpu-node", "selinux-denies-gpu-node-in-container")


def test_c_hipcc_that_cannot_exec_its_compiler_is_a_package():
    assert top(corpus_lines("xb-nixpkgs-265095-hipcc-no-clr-wrapper", "fresh/logs")) == (
        "packages", "hipcc-compiler-missing")
    # https://github.com/ROCm/legacy-rocm-build/issues/296 (hipconfig took the nvcc platform; a zh_CN errno)
    assert top(['Can\'t exec "nvcc": 没有那个文件或目录 at /opt/rocm/hip/bin/hipconfig line 144.']) == (
        "packages", "hipcc-compiler-missing")
    # https://github.com/rocm-arch/rocm-arch/issues/266 and https://github.com/ROCm/legacy-rocm-build/issues/1137:
    # hipcc looking for the old hcc compiler
    hcc = ['Can\'t exec "/opt/rocm/hcc/bin/hcc": No such file or directory at /usr/bin/hipcc line 245.',
           "Use of uninitialized value $HCC_VERSION in pattern match (m//) at /usr/bin/hipcc line 246.",
           'Can\'t exec "/opt/rocm/bin/rocm_agent_enumerator": No such file or directory at /usr/bin/hipcc line 686.',
           "failed to execute: No such file or directory"]
    assert top(hcc) == ("packages", "hipcc-compiler-missing")
    # look-alike: a CUDA extension's setuptools build that wants nvcc is not hipcc
    # (https://github.com/MVIG-SJTU/AlphaPose/issues/765)
    assert top(['unable to execute "\'/usr/local/cuda\'/bin/nvcc": No such file or directory'])[1] != "hipcc-compiler-missing"


def test_d_cray_mpich_without_its_gtl_is_a_package():
    assert top(corpus_lines("xb-fluxcore-6924-frontier-mpich-gtl-not-linked", "fresh/logs")) == (
        "packages", "cray-mpich-gtl-not-linked")
    # https://github.com/sstsimulator/sst-core/issues/895 (Perlmutter; fixed by rebuilding with the Cray wrappers)
    sst = ["MPICH ERROR [Rank 0] [job id ] [Thu Dec 29 08:08:13 2022] [login31] - Abort(-1) (rank 0 in comm 0): "
           "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked",
           " (Other MPI error)", "", "aborting job:",
           "MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked"]
    assert top(sst) == ("packages", "cray-mpich-gtl-not-linked")
    # https://github.com/BLAST-WarpX/warpx/pull/2736 (the bare sentence)
    assert top(["MPIDI_CRAY_init: GPU_SUPPORT_ENABLED is requested, but GTL library is not linked"])[0] == "packages"


def test_e_a_nobody_device_group_for_a_user_is_an_unmapped_container_group():
    assert top(corpus_lines("vb-davincibox-kfd-nobody", "fresh/logs")) == ("containers", "userns-device-group-unmapped")
    # look-alikes: root so refused is permissions (https://github.com/ROCm/legacy-rocm-build/issues/4043, FAMILIES.md
    # logs12), and a named group is the host's own (https://github.com/ROCm/legacy-rocm-build/issues/2232)
    assert top(["ROCk module is loaded", "Unable to open /dev/kfd read-write: Permission denied",
                "root is member of nogroup group"])[0] == "permissions"
    assert top(["ROCk module is loaded", "Unable to open /dev/kfd read-write: Permission denied",
                "igor is member of render group"])[0] == "permissions"


def test_f_a_ctest_run_with_every_test_passed_is_healthy():
    assert run(corpus_lines("xb-rocmsystems-3222-hip-catch-tests-gfx1151-healthy", "fresh/logs")).exit_code() == 0
    # https://github.com/ROCm/composable_kernel/pull/752 and https://github.com/ROCm/hip/pull/444
    assert run(["100% tests passed, 0 tests failed out of 184", "", "[100%] Built target check"]).exit_code() == 0
    assert run(["100% tests passed, 0 tests failed out of 99", "",
                "Total Test time (real) = 152.39 sec"]).exit_code() == 0
    # https://github.com/uxlfoundation/oneMath/pull/311: skipped tests listed after the summary
    assert run(["100% tests passed, 0 tests failed out of 977", "", "Total Test time (real) = 260.39 sec", "",
                "The following tests did not run:",
                "\t140 - DFT/RT/ComputeTestSuite/ComputeTests_real_real_in_place (Skipped)"]).exit_code() == 0
    # look-alike: a CTest run with a failed test stays error-like (https://github.com/ROCm/hip/issues/3)
    assert run([" 1/31 Test  #1: hip_ballot.tst .........................***Failed  Required regular expression not "
                "found.Regex=[PASSED", "]  0.03 sec",
                " 3/31 Test  #3: hip_popc.tst ...........................   Passed    0.03 sec"]).exit_code() != 0


def test_g_rocr_dumping_the_gpu_core_is_a_kernel_exception():
    assert top(corpus_lines("va-rocmjax-453-concat-fusion-coredump", "fresh/logs")) == ("runtime", "rocr-gpu-coredump")
    # https://github.com/ROCm/rocm-systems/issues/6206 and https://github.com/vllm-project/vllm/pull/47222: the dump
    # handler failing in a container after a GPU exception
    assert top(["GPU coredump: execvp failed: No such file or directory"]) == ("runtime", "rocr-gpu-coredump")
    # look-alikes: an issue title (https://github.com/ollama/ollama/issues/11348) and the variable that sets the path
    assert top(["ROCm GPU core dump with big enough context"])[1] != "rocr-gpu-coredump"
    assert top(['export HSA_COREDUMP_PATTERN="/tmp/gpucore.%p"'])[1] != "rocr-gpu-coredump"
