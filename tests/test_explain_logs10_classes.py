"""Classes the logs10 dev excerpts (a second cold sample of runtime/driver/app logs) showed, each fixed as a
class (issue 24, wave 6): real lines with their source URL, and for each a look-alike that must stay as it was.

A. Windows' loader naming the native module of a GPU package it could not load (WinError 126/127, or an app's
   "<path>.node. The specified module could not be found"): the build does not match the GPU runtime (packages).
B. A ROCm runtime library (libamdhip64, libhsa-runtime64, librocblas ...) without a symbol the binary asks for:
   the binary was built against a newer ROCm than the library on the path (packages).
C. A framework that picks its GPU backend by plugin or pip extra, with none installed: JAX's "Unknown backend
   rocm. Available backends are ['cpu']", pip's "does not provide the extra 'rocm'" (packages).
D. An amdgpu ring timeout keyed on its own fields (ring name, signaled and emitted sequence numbers), also in a
   journal whose prefix was scrubbed (no "amdgpu", no "*ERROR*"): the prefilter admits it by those fields.
E. Gtk's "Message"-level note that a desktop's optional Gtk module is absent is not an error, even pasted with
   the terminal's colour markup.
F. torch's c10/hip warning that hipGetDeviceCount() returned an error other than "no device" (Error 101:
   hipErrorInvalidDevice): a warning in form, the run's GPU unusable in fact (runtime), also when wrapped.
G. An app that ships its own ROCm backend and names it when its GPU survey fails (LM Studio's runtime manager,
   in two versions' wordings): the bundled backend does not fit this GPU or driver (packages).
H. rocminfo's own checks run blind in a container: "ROCk module is NOT loaded" right after the shell said lsmod is
   not there (rocminfo decides it with lsmod), and "Failed to get user name to check for video group membership"
   (no passwd entry for the UID) say nothing about the driver or access; the /dev/kfd line does.
I. CMake rejecting the installed ROCm package's version ("Could not find a configuration file for package "HIP"
   that is compatible with requested version", the config file "considered but not accepted"): packages.
   (Written from part 2's dev miss, after part 2 was scored on the rules above.)
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures import ANCHORS, by_id
from rocmdoctor.knowledge.signatures.benign import is_benign
from rocmdoctor.logs.reasoning import rock_check_blind
from rocmdoctor.logs.structure import analyze
from tests.explain_helpers import corpus_lines, run, top


def _ids(lines: list[str]) -> list[str]:
    return [d.signature.id for d in run(lines).diagnoses if d.is_problem]


def _admitted(line: str) -> bool:
    return any(a in line.lower() for a in ANCHORS)


# ------------------------------------------------------------------ A. Windows native module load
# https://github.com/CS1o/Stable-Diffusion-Info/issues/13 (Fooocus, ZLUDA's DLLs not in place: a CUDA torch)
CS1O_13 = ('OSError: [WinError 126] The specified module could not be found. Error loading "C:\\Ai\\Fooocus_win64_2-5-0'
           '\\Fooocus_win64_2-5-0\\python_embeded\\lib\\site-packages\\torch\\lib\\caffe2_nvrtc.dll" or one of its '
           'dependencies.')
# https://github.com/likelovewant/ROCmLibs-for-gfx1103-AMD780M-APU/issues/11 (LM Studio's ROCm engine, RX 6750 XT)
LMS_ENGINE = ("Failed to load LLM engine from path: C:\\Users\\Username\\.cache\\lm-studio\\extensions\\backends\\"
              "win-llama-rocm-0.2.31\\llm_engine_rocm.node. The specified module could not be found. \\\\?\\C:\\Users\\"
              "Username\\.cache\\lm-studio\\extensions\\backends\\win-llama-rocm-0.2.31\\llm_engine_rocm.node")


def test_a_a_gpu_package_module_windows_cannot_load_is_packages():
    assert top([CS1O_13]) == ("packages", "windows-native-module-load-failed")
    assert top([LMS_ENGINE]) == ("packages", "windows-native-module-load-failed")
    m = next(d for d in run([CS1O_13]).diagnoses if d.signature.id == "windows-native-module-load-failed")
    assert m.occurrence.first.fields.get("dll", "").endswith("caffe2_nvrtc.dll")
    assert top(corpus_lines("l10-cs1o-13-fooocus-zluda-caffe2-nvrtc-winerror-126"))[0] == "packages"
    assert top(corpus_lines("l10-rocmlibs780m-11-lmstudio-engine-module-not-found"))[0] == "packages"


def test_a_a_missing_path_is_not_a_module_that_failed_to_load():
    # https://github.com/OpenNMT/CTranslate2/issues/2005: WinError 3 is a directory that is not there
    sig = by_id("windows-native-module-load-failed")
    line = ("FileNotFoundError: [WinError 3] The system cannot find the path specified: 'C:\\\\Users\\\\anhtu\\\\"
            "miniconda3\\\\envs\\\\stt\\\\Lib\\\\site-packages\\\\ctranslate2/../_rocm_sdk_core/bin'")
    assert not any(r.search(line) for r in sig.regexes)
    assert "windows-native-module-load-failed" not in _ids([line])
    # the HIP runtime's own DLL keeps its rule (packages.py windows-hip-runtime)
    # https://github.com/ROCm/hip/issues/3910
    hip = "The code execution cannot proceed because amdhip64_6.dll was not found. This problem may be solved by reinstalling the program."
    assert _ids([hip])[0] == "windows-hip-runtime"


# ------------------------------------------------------------------ B. ROCm library older than the binary
# https://github.com/SYSTRAN/faster-whisper/issues/1370 (CTranslate2's wheel built on ROCm 7.2, ROCm 6.0 on the host)
HIP_SYMBOL = "libamdhip64.so.7: undefined symbol: hsa_amd_enable_logging, version ROCR_1"


def test_b_a_rocm_library_without_the_symbol_is_packages_and_is_admitted():
    assert _admitted(HIP_SYMBOL)  # the line has no error word: the anchor is the loader's phrase
    assert top([HIP_SYMBOL]) == ("packages", "rocm-library-symbol-missing")
    m = next(d for d in run([HIP_SYMBOL]).diagnoses if d.signature.id == "rocm-library-symbol-missing")
    assert m.occurrence.first.fields.get("symbol") == "hsa_amd_enable_logging"
    assert m.occurrence.first.fields.get("version") == "ROCR_1"


def test_b_a_package_extension_missing_a_torch_symbol_is_not_the_rocm_library():
    # the catalog's flash-attn example (packages.py, https://github.com/ROCm/flash-attention): the extension, not ROCm
    line = ("ImportError: /usr/lib/python3/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: "
            "undefined symbol: _ZN3c104cuda9SetDeviceEi")
    assert "rocm-library-symbol-missing" not in _ids([line])


# ------------------------------------------------------------------ C. framework without its ROCm backend
# https://github.com/ROCm/TheRock/issues/4578 (JAX nightly plugin on gfx1151)
JAX_BACKEND = ["gpu_device = jax.devices(backend='rocm')[0]",
               "RuntimeError: Unknown backend rocm. Available backends are ['cpu']"]
# https://github.com/jax-ml/jax/issues/25856 (2x MI210, ROCm 6.3.1)
JAX_EXTRA = ["WARNING: jax 0.4.31 does not provide the extra 'rocm'", ">>> import jax", ">>> jax.devices()",
             "[CpuDevice(id=0)]"]


def test_c_a_framework_with_only_the_cpu_backend_is_packages():
    assert top(JAX_BACKEND) == ("packages", "framework-gpu-backend-not-installed")
    assert top(JAX_EXTRA) == ("packages", "framework-gpu-backend-not-installed")
    m = next(d for d in run(JAX_EXTRA).diagnoses if d.signature.id == "framework-gpu-backend-not-installed")
    assert m.occurrence.first.fields.get("extra") == "rocm"


def test_c_pip_skipping_an_uninstall_and_a_gpu_backend_listed_are_not_missing_backends():
    # https://github.com/ROCm/rocm-install-on-linux/issues/685: pip's note while uninstalling
    assert _ids(["WARNING: Skipping jax-rocm7-pjrt as it is not installed."]) == []
    sig = by_id("framework-gpu-backend-not-installed")
    assert not any(r.search("RuntimeError: Unknown backend rocm. Available backends are ['cpu', 'rocm']")
                   for r in sig.regexes)


# ------------------------------------------------------------------ D. ring timeout by its fields
# https://github.com/ublue-os/bazzite/issues/5729 (RX 7900 XTX, a journal with the host and driver prefix scrubbed)
BAZZITE = ["Sep 03 21:38:54 HOSTNAME  ring gfx_0.0.0 timeout, signaled seq=9113028, emitted seq=9113031",
           "Sep 03 21:38:54 HOSTNAME   Process kwin_wayland pid 2483 thread kwin_wayla:cs0 pid 2522"]


def test_d_a_scrubbed_ring_timeout_is_the_driver():
    assert _admitted(BAZZITE[0])
    assert top(BAZZITE) == ("driver", "amdgpu-ring-timeout")
    assert top(corpus_lines("l10-bazzite-5729-navi31-scrubbed-ring-timeouts")) == ("driver", "amdgpu-ring-timeout")
    # the prefixed journal form keeps matching
    # https://github.com/M-Bab/linux-kernel-amdgpu-binaries/issues/90
    assert top(corpus_lines("l10-mbab-90-sdma0-ring-timeout-journal")) == ("driver", "amdgpu-ring-timeout")


def test_d_a_ring_set_up_at_init_is_not_a_timeout():
    # the catalog's near miss: every driver load prints the ring's VM invalidation engine
    assert _ids(["amdgpu 0000:33:00.0: amdgpu: ring gfx_0.0.0 uses VM inv eng 0 on hub 0"]) == []


# ------------------------------------------------------------------ E. Gtk module messages
# https://github.com/lllyasviel/Fooocus/issues/627 (Pop!_OS, pasted as the terminal's HTML)
GTK_HTML = ('Gtk-<font color="#4E9A06"><b>Message</b></font>: <font color="#3465A4">08:53:26.245</font>: '
            'Failed to load module &quot;xapp-gtk3-module&quot;')


def test_e_gtk_module_messages_are_benign():
    assert is_benign(GTK_HTML)
    assert is_benign('Gtk-Message: 08:53:26.291: Failed to load module "canberra-gtk-module"')
    lines = corpus_lines("l10-fooocus-627-popos-gtk-module-messages-healthy")
    assert run(lines).exit_code() == 0


def test_e_a_gtk_warning_or_another_module_failure_stays_error_like():
    # a Python extension module that fails to load is not Gtk's optional module (l10-rocmlibs780m-11's line)
    assert not is_benign(LMS_ENGINE)


# ------------------------------------------------------------------ F. torch's HIP initialization warning
# https://github.com/AUTOMATIC1111/stable-diffusion-webui/issues/1122 (RX 6900 XT; the web UI went on without the GPU)
A1111_1122 = corpus_lines("l10-a1111-1122-hipgetdevicecount-invalid-device")
# https://github.com/ROCm/ROCm/issues/1911 (the same warning wrapped over three lines)
WRAPPED = ["/opt/conda/lib/python3.7/site-packages/torch/cuda/__init__.py:82: ",
           "UserWarning: HIP initialization: Unexpected error from hipGetDeviceCount(). ",
           "Did you run some cuda functions before calling NumHipDevices() that might have already set an error? ",
           "Error 101: hipErrorInvalidDevice (Triggered internally at  /var/lib/jenkins/pytorch/c10/hip"]


def test_f_torch_hip_init_error_is_the_runtime_even_as_a_warning():
    assert top(A1111_1122) == ("runtime", "torch-hip-init-error")
    m = next(d for d in run(A1111_1122).diagnoses if d.signature.id == "torch-hip-init-error")
    assert m.occurrence.first.fields.get("status") == "hipErrorInvalidDevice"
    assert top(WRAPPED) == ("runtime", "torch-hip-init-error")


def test_f_no_device_stays_hip_no_gpus_and_a_successful_trace_is_nothing():
    # https://github.com/ROCm/legacy-rocm-build/issues/5461: the runtime's trace of the call returning no device
    assert top(corpus_lines("l10-legacyrocm-5461-wsl-hipgetdevicecount-no-device")) == ("runtime", "hip-no-gpus")
    # https://github.com/ROCm/pytorch/issues/2730: the same call returning hipSuccess (a working gfx1102)
    assert run(corpus_lines("l10-rocmpytorch-2730-gfx1102-rocdevice-init-trace-healthy")).exit_code() == 0


# ------------------------------------------------------------------ G. an app's bundled ROCm backend
# https://github.com/lmstudio-ai/lms/issues/625 (RX 6800, after a ROCm backend update)
LMS_625 = corpus_lines("l10-lms-625-rx6800-no-hip-devices-after-runtime-update")
# https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/2358 (RX 9070 XT; TheRock's HIP works outside the app)
LMS_2358 = corpus_lines("l10-lmstudio-2358-rx9070xt-survey-memory-info")


def test_g_a_bundled_rocm_backend_that_cannot_survey_the_gpu_is_packages():
    assert top(LMS_625) == ("packages", "app-rocm-backend-survey-failed")
    assert top(LMS_2358) == ("packages", "app-rocm-backend-survey-failed")
    m = next(d for d in run(LMS_625).diagnoses if d.signature.id == "app-rocm-backend-survey-failed")
    assert "rocm" in m.occurrence.first.fields.get("backend", "")


def test_g_the_apps_generic_load_error_is_not_a_backend_survey():
    # https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/1395
    lines = ["Failed to load last used model.", "", "Error loading model.", "",
             "(Exit code: 18446744072635812000). Unknown error. Try a different model and/or config."]
    assert "app-rocm-backend-survey-failed" not in _ids(lines)


# ------------------------------------------------------------------ H. rocminfo's blind checks in a container
# https://github.com/ROCm/ROCm-docker/issues/50 (rocminfo in a container image without kmod; it lists the agents)
ROCMDOCKER_50 = corpus_lines("l10-rocmdocker-50-rocminfo-lsmod-not-found-container-healthy")


def test_h_rocminfo_without_lsmod_or_a_user_name_is_not_a_failure():
    assert run(ROCMDOCKER_50).exit_code() == 0
    root = analyze(ROCMDOCKER_50, "job.log").driver_root
    assert root is not None and rock_check_blind(ROCMDOCKER_50, root)
    assert is_benign("Failed to get user name to check for video group membership")


def test_h_the_same_notes_next_to_a_kfd_failure_or_without_lsmod_missing_still_fail():
    # https://github.com/ROCm/legacy-rocm-build/issues/1798: the node is absent (containers)
    assert top(corpus_lines("legacyrocm-1798-kfd-missing"))[0] == "containers"
    # https://github.com/ROCm/ROCm-docker/issues/116: permission denied (permissions)
    assert top(corpus_lines("rocmdocker-116-kfd-perm", "fresh/logs"))[0] == "permissions"
    # https://github.com/ROCm/legacy-rocm-build/issues/1361: "NOT loaded" with lsmod present is the driver's line
    lines = corpus_lines("legacyrocm-1361-wsl2-rx580-no-kfd")
    root = analyze(lines, "job.log").driver_root
    assert root is not None and not rock_check_blind(lines, root)
    assert [d.signature.id for d in run(lines).diagnoses][:1] == ["driver-refuses-gpu"]


# ------------------------------------------------------------------ I. CMake rejects the ROCm package's version
# https://github.com/pytorch/pytorch/issues/128313 (Fedora 40's ROCm 6.0 packages, PyTorch's LoadHIP.cmake)
FEDORA_HIP = corpus_lines("l10-pytorch-128313-fedora-hip-config-version-not-accepted")


def test_i_a_rejected_rocm_cmake_config_is_packages_and_is_admitted():
    line = next(x for x in FEDORA_HIP if "configuration file for package" in x)
    assert _admitted(line)  # no error word on the line: CMake's phrase is the anchor
    assert top(FEDORA_HIP) == ("packages", "rocm-cmake-version-rejected")
    m = next(d for d in run(FEDORA_HIP).diagnoses if d.signature.id == "rocm-cmake-version-rejected")
    assert m.occurrence.first.fields.get("package") == "HIP"


def test_i_cmake_finding_hip_is_nothing():
    # the near miss the catalog keeps for rocm-install-not-found (packages.py), a CMake configure line
    assert _ids(['-- Found HIP: /opt/rocm (found version "6.2.41133")']) == []
