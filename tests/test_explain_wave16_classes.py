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
