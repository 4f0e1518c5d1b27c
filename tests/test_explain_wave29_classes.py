"""Classes the fresh batches of wave 29 (174-177) missed, each fixed as a class: real lines with their source URL, and
for each a look-alike that must stay as it was.

A. A driver option the kernel ignored (`amdgpu: unknown parameter 'gtt_size' ignored`): the setting is not applied,
   driver (amdgpu's note that gttsize is deprecated is printed when it is applied: not this).
B. Ollama 0.12+ finding no GPU: it no longer says "no compatible GPUs"; its one "inference compute" is the CPU and it
   enters low-VRAM mode with 0 B: runtime, as the older sentence was.
C. A model answering in one repeated character ("GGGG"): garbage logits, numerics.
D. A GPU result compared with its reference and found different (Triton's tutorials, torch.testing): numerics.
E. AutoGPTQ imported without its compiled kernels: packages.
F. Ascend's HCCL (NCCL's counterpart on NPUs) failing a collective call: distributed, as NCCL's words are (batch 182).
G. A package manager's resolver proving the requirements unsatisfiable (uv, libmamba, conda, pip): packages (batch 193).
H. A metric other than the loss gone NaN (an RL reward's mean, TRL's rewards/chosen): numerics (batch 191).
"""
from __future__ import annotations

from tests.explain_helpers import top

# A. https://github.com/ROCm/legacy-rocm-build/issues/5595 (Strix Halo, kernel 6.14)
GTT = ["[    0.070283] Kernel command line: BOOT_IMAGE=/boot/vmlinuz-6.14.0-1014-oem root=UUID=d55f0c3f ro quiet splash "
       "amdgpu.gtt_size=122880 vt.handoff=7",
       "[    3.636913] amdgpu: unknown parameter 'gtt_size' ignored",
       "[    3.646006] amdgpu 0000:c6:00.0: amdgpu: [drm] Configuring gttsize via module parameter is deprecated, please "
       "use ttm.pages_limit",
       "[    3.637316] [drm] amdgpu kernel modesetting enabled."]


def test_a_driver_parameter_the_kernel_ignored_is_the_driver():
    assert top(GTT) == ("driver", "driver-module-parameter-ignored")
    # look-alikes: another module's unknown parameter is not the GPU driver's; the boot lines alone say nothing; the
    # deprecation note is printed when amdgpu.gttsize IS applied (a working Strix Halo set up as guides say)
    assert top(["[    3.1] usb_storage: unknown parameter 'quirk' ignored"])[1] != "driver-module-parameter-ignored"
    assert top([GTT[0], GTT[3]]) == (None, None)
    assert top([GTT[0], GTT[2], GTT[3]])[1] != "driver-module-parameter-ignored"


# B. https://github.com/ollama/ollama/issues/12903 (Ollama 0.12.x, a Radeon that needs an override)
OLLAMA_CPU = ['time=2025-11-01T15:21:31.738-04:00 level=INFO source=server.go:400 msg="starting runner" '
              'cmd="/usr/local/bin/ollama runner --ollama-engine --port 33055"',
              'time=2025-11-01T15:21:35.202-04:00 level=INFO source=types.go:60 msg="inference compute" id=cpu '
              'library=cpu compute="" name=cpu description=cpu libdirs=ollama driver="" pci_id="" type="" '
              'total="7.7 GiB" available="4.8 GiB"',
              'time=2025-11-01T15:21:35.202-04:00 level=INFO source=routes.go:1618 msg="entering low vram mode" '
              '"total vram"="0 B" threshold="20.0 GiB"']


def test_ollama_listing_only_the_cpu_found_no_gpu():
    assert top(OLLAMA_CPU) == ("runtime", "app-no-compatible-gpu")
    assert top(OLLAMA_CPU[2:]) == ("runtime", "app-no-compatible-gpu")
    # look-alikes: a GPU listed, and low-VRAM mode on a GPU smaller than the threshold, are a working discovery
    gpu = OLLAMA_CPU[1].replace("id=cpu library=cpu", "id=0 library=ROCm").replace("name=cpu", "name=ROCm0")
    low = OLLAMA_CPU[2].replace('"0 B"', '"16.0 GiB"')
    assert top([OLLAMA_CPU[0], gpu, low]) == (None, None)


# C. https://github.com/ollama/ollama/issues/9021 (a Radeon server: every answer one repeated letter)
GGG = [">>> hi, 9.11 and 9.9 which one is bigger?", "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG", "",
       ">>> Why is the sky blue?", "GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG"]


def test_an_answer_of_one_repeated_character_is_numerics():
    assert top(GGG) == ("numerics", "repeated-token-output")
    # look-alikes: a download's progress bar, a short emphasis, a word with G's in it, a banner of `!` (torch's
    # extension-build warning blocks print one)
    assert top(["!" * 80, "Your compiler (c++) is not compatible with the compiler Pytorch was built with", "!" * 80]) \
        [1] != "repeated-token-output"
    assert top(["######################################################################## 100.0%"]) == (None, None)
    assert top(["GGML_CUDA_FORCE_MMQ:    no", "Hello!!!"]) == (None, None)


# D. https://github.com/ROCm/triton/issues/250 (the matmul tutorial on an RX 7900 XTX)
TRITON = ["       device='cuda:0', dtype=torch.float16)", "❌ Triton and Torch differ"]


def test_a_result_that_differs_from_its_reference_is_numerics():
    assert top(TRITON) == ("numerics", "result-differs-from-reference")
    assert top(["AssertionError: Tensor-likes are not close!", "Mismatched elements: 3 / 1024 (0.3%)"]) == \
        ("numerics", "result-differs-from-reference")
    assert top(["✅ Triton and Torch match"]) == (None, None)


# E. https://github.com/AutoGPTQ/AutoGPTQ/issues/249
GPTQ = ["CUDA kernels for auto_gptq are not installed, this will result in very slow inference speed. This may because:",
        "1. You disabled CUDA extensions compilation by setting BUILD_CUDA_EXT=0 when install auto_gptq from source.",
        "2. You are using pytorch without CUDA support.", "CUDA extension not installed."]


def test_autogptq_without_its_kernels_is_packages():
    assert top(GPTQ) == ("packages", "autogptq-kernels-missing")
    assert top(GPTQ[3:]) == ("packages", "autogptq-kernels-missing")
    assert top(["WARNING:auto_gptq.nn_modules.qlinear.qlinear_cuda:CUDA extension not installed."]) == \
        ("packages", "autogptq-kernels-missing")
    assert top(["INFO - The layer lm_head is not quantized."]) == (None, None)


# F. https://github.com/vllm-project/vllm-ascend/issues/5135 (batch 182: vLLM on two Ascend 300I cards, tensor parallel 2)
HCCL = ["ERROR 12-17 09:31:58 [engine.py:458] [ERROR] 2025-12-17-09:31:53 (PID:53769, Device:0, RankID:-1) ERR02200 DIST "
        "call hccl api failed."]


def test_a_failed_hccl_call_is_distributed():
    assert top(HCCL)[0] == "distributed"
    assert top([HCCL[0].replace("hccl api", "xccl api")])[0] != "distributed"


# G. https://github.com/xming521/WeClone/pull/198 and https://github.com/conda-forge/pytorch-cpu-feedstock/issues/390
# (batch 193): uv on a torch+cu126 pin beside a triton built for CUDA 12.9; libmamba with a pytorch cuda129 build pin
UV = ["(.venv) root@7a780b37eb00:/workspaces/weclone/WeClone# uv pip install --group main -e . ",
      "  × No solution found when resolving dependencies:",
      "  ╰─▶ Because only the following versions of torch{sys_platform == 'linux'} are available:"]
MAMBA = ["error    libmamba Could not solve for environment specs", "    The following packages are incompatible",
         "    ├─ pytorch =2.7.1 cuda129_mkl_py311_hb55e5d5_301 is requested and can be installed;"]


def test_a_resolver_that_finds_no_solution_is_packages():
    assert top(UV) == ("packages", "dependency-resolution-failed")
    assert top(MAMBA) == ("packages", "dependency-resolution-failed")
    assert top(["ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/"]) \
        == ("packages", "dependency-resolution-failed")
    # look-alikes: a resolver that succeeded, pip backtracking before it finds a set
    assert top(["Resolved 42 packages in 1.2s", "Installed 42 packages in 3.1s"]) == (None, None)
    assert top(["INFO: pip is looking at multiple versions of torch to determine which version is compatible with "
                "other requirements. This could take a while."]) == (None, None)


# H. https://github.com/akanazawa/fpo/issues/4 (batch 191): an RL run's evaluation summary once the policy diverged
REWARD = ["Eval metrics at step 0:", "  Reward: mean=3.06, min=1.92, max=10.06, std=1.38",
          "Eval metrics at step 6:", "  Reward: mean=nan, min=nan, max=nan, std=nan"]


def test_a_metric_that_turns_nan_is_numerics():
    assert top(REWARD) == ("numerics", "nan-metric")
    assert top(REWARD[:2]) == (None, None)  # the same summary while it is finite
