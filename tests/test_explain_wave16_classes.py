"""Log classes of wave 16, each with the real lines it was written from (source at the case) and look-alikes."""
from __future__ import annotations

from tests.explain_helpers import top


def test_a_loss_no_objective_reaches_is_numerics():
    # https://github.com/ROCm/legacy-rocm-build/issues/2100 (RX 6600 XT under an override: the GPU's loss is garbage)
    lines = ["CPU model weights: Parameter containing:", "tensor([[0.9534, 1.0810]], requires_grad=True)",
             "GPU model weights: Parameter containing:", "tensor([[0.9534, 1.0810]], requires_grad=True)",
             "CPU loss: 20.36042022705078", "GPU loss: -1.7142915703512032e+38", "",
             "Weight difference: tensor([[0.0000e+00, 1.1921e-07]], grad_fn=<AbsBackward0>)",
             "Loss difference: 1.7142915703512032e+38"]
    assert top(lines)[0] == "numerics"
    assert top(["step 10 loss: 3.1e+21"])[0] == "numerics"
    # look-alikes: large but real losses (an unnormalised regression), small exponents, a negative log-likelihood
    for ok in (["epoch 1 loss: 2.5e+12", "epoch 2 loss: 1.9e+12"], ["step 3 loss: 1.2e-05"],
               ["step 1 loss: -3.2e+02", "step 2 loss: -3.4e+02"]):
        assert top(ok) == (None, None), ok


def test_apex_halving_its_loss_scale_to_256_is_numerics():
    # https://github.com/NVIDIA/apex/issues/289: "Grad overflow on iteration N" / "Using dynamic loss scale of X"
    lines = ["Epoch 1/20"]
    scale = 65536.0
    for it in (0, 1, 2, 8, 14, 15, 16, 17, 18):
        lines += [f"Grad overflow on iteration {it}", f"Using dynamic loss scale of {scale}",
                  f"  9% {it + 1}/184 [00:06<01:10,  2.38it/s, loss=3.418]"]
        scale /= 2
    assert top(lines)[0] == "numerics"
    # a warm-up: four halvings from 2**16, then steady (the scale stays in the thousands)
    warm = [x for it, s in zip(range(4), (65536.0, 32768.0, 16384.0, 8192.0))
            for x in (f"Grad overflow on iteration {it}", f"Using dynamic loss scale of {s}")]
    assert top(warm + [f"  {i}% {i}/184 [00:06<01:10, loss=3.{i}]" for i in range(5, 40)]) == (None, None)


def test_hipblaslt_without_code_objects_for_the_gpu_is_runtime():
    # https://github.com/ROCm/hipBLASLt/issues/251 (Radeon VII, gfx906: the bench runs on, with bogus numbers)
    line = ("rocblaslt warning: No paths matched /opt/hipBLASLt/build/release/library/../Tensile/library/*gfx906*co. "
            "Make sure that HIPBLASLT_TENSILE_LIBPATH is set correctly.")
    assert top([line]) == ("runtime", "rocblas-tensile-missing")
    # the same message for a gfx the library does hold never prints; a path listing is no finding
    assert top(["ls /opt/hipBLASLt/library/*gfx906*co"]) == (None, None)


def test_megatrons_nan_check_and_a_module_built_for_another_kernel():
    # https://github.com/alibaba/Pai-Megatron-Patch/issues/366; https://github.com/ROCm/amdgpu/issues/155 (RHEL 9.3)
    assert top(["AssertionError: Rank 11: found NaN in local grad norm in backward pass before data-parallel "
                "communication collective. Device: 3"]) == ("numerics", "nan-check-failed")
    assert top(["amdgpu: Unknown symbol acpi_video_register_backlight (err -2)",
                "amdgpu: Unknown symbol __acpi_video_get_backlight_type (err -2)"]) == ("driver", "amdgpu-module-unknown-symbol")
    assert top(["nvidia: Unknown symbol drm_gem_object_free (err -2)"])[1] != "amdgpu-module-unknown-symbol"


def test_deepspeeds_source_location_is_not_a_loss_scale():
    # DeepSpeed's real prefix "[loss_scaler.py:183:update_scale]": the scale is after "reducing to", not 183
    lines = [f"[2024-01-01 10:00:{i:02d},000] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 "
             f"Skipping step. Attempted loss scale: {2.0 ** (16 - i):g}, reducing to {2.0 ** (15 - i):g}" for i in range(16)]
    assert top(lines)[0] == "numerics"  # down to 1 in a row: every step overflows
