"""Log signatures: NaN, inf and fp16 overflow in training.

Data only (docs/explain.md, "Adding a signature"); every entry's examples are real lines from its sources."""
from __future__ import annotations

from .model import (CONSEQUENCE, DRIVER, HARDWARE, MEMORY, NOTE, NUMERICS, RUNTIME, SETUP,  # noqa: F401
                    Cause as C, Signature as S)

SIGNATURES: tuple[S, ...] = (
    S(
        id="nan-grad-norm", family="numerics", title="Gradient norm is NaN/inf (loss 0.0)",
        severity="error", tier=NUMERICS,
        patterns=(
            '[\'\\"]?grad_norm[\'\\"]?\\s{0,2}[:=]\\s{0,2}[\'\\"]?(?P<value>nan|inf|-inf)\\b',
            r"returned (?P<value2>nan) values in its \d{1,3}(?:st|nd|rd|th) output",
            "non-finite gradient norm",
            # torch's clip_grad_norm_ in its own words: the FutureWarning of torch 1.9-1.x ("continuing anyway") and
            # the RuntimeError of error_if_nonfinite=True. The loss printed beside it can still look finite.
            r"Non-finite norm encountered in (?:torch\.nn\.utils\.)?clip_grad_norm_",
            r"total norm of order \S{1,12} for gradients from .{0,3}parameters.{0,3} is non-finite",
        ),
        needles=(
            "nan",
            "inf",
            "non-finite gradient",
            "non-finite norm",
            "is non-finite",
        ),
        meaning=("The gradients overflowed; the optimizer skips or corrupts steps and the reported loss often "
                 "becomes 0.0."),
        causes=(
            C(text="fp16 without (working) loss scaling overflows", check="RD-PREC-012", fix="use bf16 where native, or fp32"),
            C(text="bf16 requested on a GPU that emulates it (gfx906, RDNA2)", check="RD-PREC-001"),
            C(text="the training config's dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="a broken flash-attention path for this GPU", check="RD-PREC-004", fix="set flash_attn: disabled / attn_implementation=eager"),
        ),
        fix=("Switch precision as `rocmdoctor recommend` says; disable flash attention; lower the learning "
             "rate."),
        sources=(
            "https://github.com/hiyouga/LlamaFactory/issues/8088",
            "https://github.com/hiyouga/LlamaFactory/issues/7263",
            "https://github.com/hiyouga/LlamaFactory/issues/6286",
        ),
        examples=(
            "{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 4.998452110450943e-05, 'epoch': 0.03}",
            "{'loss': 1.4596, 'grad_norm': nan, 'learning_rate': 4.552255167404752e-06, 'epoch': 0.66}",
            "RuntimeError: Function 'MulBackward0' returned nan values in its 0th output.",
            ("/home/shrey/Documents/naveeen_amrita/my_env/lib/python3.8/site-packages/mmcv/runner/hooks/optimizer.py:31: "
             "FutureWarning: Non-finite norm encountered in torch.nn.utils.clip_grad_norm_; continuing anyway."),
            ("RuntimeError: The total norm of order 2.0 for gradients from `parameters` is non-finite, so it cannot be "
             "clipped. To disable this error and scale the gradients by the non-finite norm anyway, set "
             "`error_if_nonfinite=False`"),
        ),
        near_misses=(
            "{'loss': 0.9088, 'grad_norm': 0.1640101671218872, 'learning_rate': 2.2566995768688293e-06, 'epoch': 0.5}",
            "{'loss': 1.2, 'grad_norm': 2.0, 'learning_rate': 1e-05, 'epoch': 0.01}  # financial nano",
            "  return clip_grad.clip_grad_norm_(params, **self.grad_clip)",
            "torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0, error_if_nonfinite=False)",
        ),
    ),
    S(
        id="nan-loss", family="numerics", title="Loss is NaN/inf",
        severity="error", tier=NUMERICS,
        patterns=(
            '[\'\\"]?(?:train_)?loss[\'\\"]?\\s{0,2}[:=]\\s{0,2}[\'\\"]?(?P<value>nan|inf|-inf)\\b',
            "Loss is (?:nan|inf)",
            r"\bloss=(?:nan|inf)\b",
            "loss became (?P<value2>nan|inf)",
            # A metrics table or progress line: "loss     nan", "| loss nan |", "val loss nan" (llm.c, nanoGPT).
            r"\bloss\s{1,16}(?P<value3>[-+]?nan|[-+]?inf)\b",
        ),
        needles=(
            "nan",
            "inf",
        ),
        meaning="The loss itself became NaN or infinite: training diverged or overflowed.",
        causes=(
            C(text="fp16 overflow without loss scaling", check="RD-PREC-012"),
            C(text="emulated bf16 or a dtype the GPU does not run natively", check="RD-PREC-010"),
            C(text="learning rate too high or a bad batch"),
        ),
        fix="Use the precision `rocmdoctor recommend` gives; lower the learning rate; check the data.",
        sources=("https://github.com/hiyouga/LlamaFactory/issues/5627",),
        examples=(
            "{'loss': nan, 'grad_norm': nan, 'learning_rate': 1e-05, 'epoch': 0.1}",
            "     loss became nan at step 3 (+3 more)",
            "step  190/190 | loss     nan (+nanz)| norm    nan (+nanz)| lr 3.00e-04 | 357.61 ms | 15.0% bf16 MFU | 1450148 tok/s",
            "val loss nan",
        ),
        near_misses=("{'loss': 0.0, 'grad_norm': 1.5, 'learning_rate': 1e-05, 'epoch': 0.1}",
                     "loss nan_to_num applied to logits", "step 10 | loss 2.31 | norm 0.98"),
    ),
    S(
        id="fp16-loss-scale-min", family="numerics", title="fp16 loss scale at its minimum",
        severity="error", tier=NUMERICS,
        patterns=(
            "Current loss scale already at minimum - cannot decrease scale anymore",
            # DeepSpeed prints the scale as an int in old releases and as a float ("64.0") in newer ones
            r"OVERFLOW! Rank \d{1,12} Skipping step\. Attempted loss scale: (?P<scale>[1-9]\d?(?:\.0{1,8})?|\d\.\d{1,8}|"
            r"0\.\d{1,8})(?![.\d])",
            # DeepSpeed's fused fp16 optimizer (no ZeRO): its scaler at min_loss_scale (1) overflows on every step
            r"Overflow detected\. Skipping step\. Attempted loss scale: (?P<scale>[1-9](?:\.0{1,8})?|0\.\d{1,8}), "
            r"reducing to",
            r"Reducing dynamic loss scale from (?P<scale>1(?:\.0{1,8})?) to 1(?:\.0{1,8})?(?![.\d])",
            # Paddle's AMP scaler halving a scale already below 1 (it starts at 2**15): every step overflows
            r"Found inf or nan, current scale is: (?P<scale>0\.\d{1,20}|\d(?:\.\d{1,20})?e-\d{1,3}), decrease to",
        ),
        needles=(
            "loss scale already at minimum",
            "overflow!",
            "overflow detected. skipping step",
            "reducing dynamic loss scale from 1",
            "found inf or nan, current scale is",
        ),
        meaning=("DeepSpeed's dynamic loss scaler keeps overflowing; at the minimum scale fp16 training cannot "
                 "continue."),
        causes=(
            C(text="fp16 is too narrow for this model", check="RD-PREC-012", fix="use bf16 where native, or fp32"),
            C(text="bf16 is not native so fp16 was chosen", check="RD-PREC-001"),
        ),
        fix="Switch to bf16 (native GPUs) or fp32; lower the learning rate.",
        sources=("https://github.com/deepspeedai/DeepSpeed/issues/1341", "https://github.com/CarperAI/trlx/issues/342",
                 "https://github.com/deepspeedai/DeepSpeed/issues/697",
                 "https://github.com/PaddlePaddle/PaddleOCR/issues/6848"),
        examples=(
            "Found inf or nan, current scale is: 2.842170943040401e-14, decrease to: 2.842170943040401e-14*0.5",
            "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
            "[2021-01-26 22:05:35,108] [INFO] [logging.py:60:log_dist] [Rank 0] Overflow detected. Skipping step. "
            "Attempted loss scale: 1, reducing to 1",
            "[2021-01-26 22:05:16,472] [INFO] [fused_optimizer.py:316:_update_scale] Reducing dynamic loss scale from 1 to 1",
            "[INFO] [fused_optimizer.py:316:_update_scale] Reducing dynamic loss scale from 1.0 to 1.0",  # a float minimum
            "[2023-02-28 20:08:24,338] [INFO] [stage_1_and_2.py:1769:step] [deepspeed] OVERFLOW! Rank 0 Skipping step. "
            "Attempted loss scale: 64.0, reducing to 32.0",
        ),
        near_misses=(
            "Found inf or nan, current scale is: 32768.0, decrease to: 32768.0*0.5",
            "[2022-07-13 21:06:50,825] [INFO] [stage3.py:2281:_overflow_clean_up] [deepspeed] OVERFLOW! Rank 0 Skipping "
            "step. Attempted loss scale: 65536.0, reducing to 32768.0",
            "[INFO] [logging.py:60:log_dist] [Rank 0] Overflow detected. Skipping step. Attempted loss scale: 4294967296, "
            "reducing to 2147483648",  # the warm-up every fp16 DeepSpeed run starts with
            "[INFO] [fused_optimizer.py:316:_update_scale] Reducing dynamic loss scale from 16 to 8",
        ),
    ),
    # ---------------------------------------------------------------- grown from the real-world corpus (issue 24)
    S(
        id="loss-scale-collapse", family="numerics", title="fp16 loss scale collapsed toward zero",
        severity="error", tier=NUMERICS,
        patterns=(r"reducing loss scale to (?P<scale>\d(?:\.\d{1,20})?e-\d{1,4})",
                  # fairseq's scaler: "NOTE: overflow detected, setting loss scale to: 0.00048828125" (below 1/1000; a
                  # run of halvings to just under 1 is the structural fallback's, with its count), and the error it
                  # stops with at its floor
                  r"overflow detected, setting loss scale to: (?P<scale2>0\.000\d{1,17}|\d(?:\.\d{1,20})?e-\d{1,4})",
                  r"Minimum loss scale reached \((?P<floor>[\d.e-]{1,24})\)",
                  # fairseq's progress line printing the scale as zero (`| loss_scale 0.000 |`): halved below what its
                  # format shows, every step skipped. Not a config's `"loss_scale": 0` (DeepSpeed's dynamic scaling)
                  r"\| ?loss_scale (?P<zero>0(?:\.0{1,8})?) ?(?:\||$)",
                  # and its per-update line (`... gnorm=1.2, loss_scale=0, train_wall=30, ...`); DeepSpeed's config
                  # print (`loss_scale=0.0 initial_scale_power=16`) has no train_wall/wall after it
                  r"\bloss_scale=(?P<zero2>0(?:\.0{1,8})?), (?:train_wall|gb_free|wall)="),
        needles=("reducing loss scale to", "setting loss scale to", "minimum loss scale reached", "loss_scale"),
        meaning=("The dynamic loss scaler keeps halving the scale far below 1: every step overflows, so no step is "
                 "taken; the gradients are inf/NaN at any scale."),
        causes=(
            C(text="fp16 on a model or GPU that needs bf16 or fp32", check="RD-PREC-012"),
            C(text="the requested dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="NaN in the data or a learning rate that diverges"),
        ),
        fix="Train in bf16 where the GPUs run it natively; otherwise find the op that overflows (fp32 for it).",
        sources=("https://github.com/NVIDIA/apex/issues/318", "https://github.com/facebookresearch/fairseq/issues/1895"),
        examples=("Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 8.165126103939127e-202",
                  "2020-03-23 11:39:44 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: "
                  "0.00048828125",
                  "FloatingPointError: Minimum loss scale reached (0.0001). Your loss is probably exploding.",
                  "| epoch 028 | loss 3.976 | nll_loss 2.204 | ppl 4.61 | gnorm 0.635 | clip 0.000 | oom 0.000 | "
                  "loss_scale 0.000 | wall 4043",
                  "epoch 003:  41%|| 410/1000 loss=9.1, nll_loss=8.2, ppl=294.1, wps=100, ups=1, gnorm=1.2, "
                  "loss_scale=0, train_wall=30, gb_free=10, wall=400"),
        near_misses=("Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 32768.0",
                     "2021-01-05 | INFO | fairseq.trainer | NOTE: overflow detected, setting loss scale to: 64.0",
                     "| epoch 001 | loss 9.1 | loss_scale 128.000 | wall 40", "| loss_scale 0.0625 | gnorm 1.2",
                     # DeepSpeed's config dump: 0 asks for dynamic loss scaling
                     '        "loss_scale": 0,', '{"fp16": {"enabled": true, "loss_scale": 0, "loss_scale_window": 1000}}',
                     '"fp16":{"enabled":true,"loss_scale":0,"initial_scale_power":16}',
                     "fp16_config .................. enabled=True auto_cast=False loss_scale=0.0 initial_scale_power=16",
                     "loss=2.1, gnorm=0.9, loss_scale=128, train_wall=30"),
    ),
    S(
        id="fp16-overflow-skip", family="numerics", title="fp16 overflow: a step skipped while the loss scale settles",
        severity="info", tier=NOTE,
        patterns=(r"OVERFLOW! Rank \d{1,12} Skipping step\. Attempted loss scale: (?P<scale>\d{3,12})\b",
                  r"Gradient overflow\. {1,2}Skipping step, loss scaler \d{1,3} reducing loss scale to (?P<scale2>\d{3,12})(?:\.0)?\b"),
        needles=("skipping step",),
        meaning=("Normal with dynamic loss scaling: the scaler starts high and halves it on overflow during the "
                 "first steps. A problem only when it never stops (see fp16-loss-scale-min, loss-scale-collapse)."),
        causes=(C(text="none: expected at the start of fp16 training"),),
        fix="Nothing to do unless the scale keeps falling.",
        sources=("https://github.com/NVIDIA/apex/issues/318", "https://github.com/LEEYOONHYUNG/BVAE-TTS/issues/3"),
        examples=("[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768",
                  "Gradient overflow. Skipping step, loss scaler 0 reducing loss scale to 32768.0"),
    ),
    # torch's GradScaler refuses gradients that are fp16 themselves: the trainable parameters were loaded in fp16
    # (from_pretrained(torch_dtype=float16), model.half()) and trained with fp16 mixed precision, which keeps fp32
    # master weights and scales fp16 activations only. LoRA/PEFT fine-tunes hit it when the adapter is cast to fp16.
    S(
        id="fp16-grads-unscale", family="numerics", title="fp16 mixed precision over parameters that are fp16 themselves",
        severity="fatal", tier=NUMERICS,
        patterns=(r"Attempting to unscale FP16 gradients",),
        needles=("unscale fp16 gradients",),
        meaning=("torch's GradScaler (used by --fp16, accelerate's mixed_precision=fp16) found gradients in fp16: the "
                 "parameters being trained are fp16, not the fp32 master weights mixed precision expects."),
        causes=(
            C(text="the model (or its LoRA adapters) was loaded or cast to float16 and trained with fp16 mixed precision",
              check="RD-PREC-012", fix="load the model in float32 (or keep trainable adapters in fp32), or train in bf16"),
        ),
        fix="Keep the trainable parameters in fp32 under fp16 AMP (or use bf16, native on MI200/MI300 and RDNA3+).",
        sources=("https://github.com/huggingface/peft/issues/341", "https://discuss.pytorch.org/t/valueerror-attempting-to-"
                 "unscale-fp16-gradients/81372"),
        examples=('    raise ValueError("Attempting to unscale FP16 gradients.")',
                  "ValueError: Attempting to unscale FP16 gradients."),
    ),
    S(
        id="probability-nan", family="numerics", title="Sampling got NaN/inf probabilities",
        severity="fatal", tier=NUMERICS,
        patterns=(r"probability tensor contains either `?inf`?, `?nan`? or element < 0",),
        needles=("probability tensor contains",),
        meaning="generate() sampled from logits that hold NaN/inf: the model's forward pass overflowed (fp16) or its weights are broken.",
        causes=(
            C(text="fp16 on a model that needs bf16 (activations overflow)", check="RD-PREC-012"),
            C(text="the requested dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="fine-tuned weights diverged (NaN in the checkpoint)"),
        ),
        fix="Load the model in bf16 (or fp32); check the checkpoint for NaN.",
        sources=("https://github.com/OpenBMB/MiniCPM-V/issues/549", "https://github.com/joydeb28/llm-lab/issues/3"),
        examples=("RuntimeError: probability tensor contains either `inf`, `nan` or element < 0",),
    ),
    # ---------------------------------------------------------------- wave 5: NaN found by a check, not in a loss
    S(
        id="nan-check-failed", family="numerics", title="A NaN/Inf check found non-finite values",
        severity="fatal", tier=NUMERICS,
        # The user's or the framework's own check: an assert on isnan/isinf/isfinite in a traceback's source
        # line, or a per-tensor flag printed True ("layer_1_nan: True", "has_nan: True", "contains_inf=True").
        patterns=(r"\bassert\b.{0,160}\b(?:isnan|isinf|isfinite|isneginf|isposinf)\(",
                  r"(?:^|[\s{,'\"])(?:(?:layer|tensor|output|outputs|logits|loss|grad|grads|activation|hidden|weight|param)s?_?"
                  r"\w{0,24}_|is_?|has_?|any_?|contains_?)(?:nan|inf)s?['\"]?\s{0,2}[:=]\s{0,2}True\b",
                  # the checking tool's own words: PyTorch's anomaly mode, MIOPEN_CHECK_NUMERICS, NumPy casting NaN
                  # pixels to integers (a black image), MIGraphX's trace, a NaN counter above zero
                  r"\bError detected in (?P<op>\w{1,60}Backward\d{0,3})\b",
                  r"\[checkNumerics\w{0,12}\][^\n]{0,200}?\b(?:nans=[1-9]\d{0,12}|infs=[1-9]\d{0,12})",
                  r"RuntimeWarning: invalid value encountered in cast\b",
                  r"^Output has (?:[a-z, ]{0,30})?\b(?P<what>inf|nan)\b",
                  r"\b(?:logits?|loss(?:es)?|grads?|gradients?|outputs?|activations?|weights?)\s{1,2}(?:nan|inf)s?\s{0,2}"
                  r"[:=]\s{0,2}[1-9]\d{0,12}\b",
                  # Megatron-core's own check before the data-parallel reduce (and its rerun machine's on the loss)
                  r"\bfound (?:NaN|Inf|nan|inf) in local (?:grad norm|forward loss)"),
        needles=("isnan(", "isinf(", "isfinite(", "isneginf(", "isposinf(", "nan: true", "nan=true", "nans: true",
                 "inf: true", "inf=true", "nan': true", "nan\": true", "error detected in", "checknumerics",
                 "invalid value encountered in cast", "output has", "nan:", "nan=", "nans:", "nan =", "inf:", "infs:",
                 "nan in local", "inf in local"),
        meaning=("Code that checks tensors for NaN/Inf (an assertion, or a debugging print per layer) found them: "
                 "the forward or backward pass produced non-finite values."),
        causes=(
            C(text="the requested dtype is not native on these GPUs (bf16/fp16 kernels that overflow)", check="RD-PREC-010"),
            C(text="fp16 on a model that needs bf16 (activations overflow)", check="RD-PREC-012"),
            C(text="an attention or matmul kernel path broken for this GPU (try the math/eager attention path)"),
            C(text="learning rate too high or bad samples"),
        ),
        fix=("Find the first layer that turns non-finite; rerun it in fp32 or with another attention "
             "implementation (attn_implementation='eager') to tell a kernel fault from a diverging model."),
        sources=("https://github.com/layer6ai-labs/CMLMC/issues/3", "https://github.com/unslothai/unsloth/issues/3385",
                 "https://github.com/pytorch/pytorch/issues/156015", "https://github.com/ROCm/MIOpen/issues/248",
                 "https://github.com/huggingface/diffusers/issues/2758", "https://github.com/ROCm/AMDMIGraphX/issues/2555",
                 "https://github.com/turboderp/exllamav2/issues/510", "https://github.com/alibaba/Pai-Megatron-Patch/issues/366"),
        examples=("    assert torch.sum(torch.isnan(outputs)).item() == 0",
                  "layer_1_nan: True dtype: torch.bfloat16 shape: (2, 3, 2560)",
                  r"D:\anaconda3\Lib\site-packages\torch\autograd\graph.py:824: UserWarning: Error detected in MmBackward0. "
                  "Traceback of forward call that caused the error:",
                  "MIOpen(HIP): Warning [checkNumericsImpl] OUTPUT ptr=0x7fbb90a21000 zeros=1 nans=1 infs=0  {64, 512, 1, 1}",
                  "pipelines/pipeline_utils.py:1023: RuntimeWarning: invalid value encountered in cast",
                  "Output has inf, normal",
                  "logits nan: 32016",
                  "AssertionError: Rank 11: found NaN in local grad norm in backward pass before data-parallel "
                  "communication collective. Device: 3"),
        near_misses=("layer_0_nan: False dtype: torch.bfloat16 shape: (2, 3, 2560)",
                     "nan_to_num: True", "allow_nan: True", "if torch.isnan(loss): continue",
                     "assert_close(out, ref)",
                     "MIOpen(HIP): Info [checkNumericsImpl] INPUT  ptr=0x7fbb90a00000 zeros=0 nans=0 infs=0  {64, 512, 1, 1}",
                     "sklearn/metrics/_classification.py:1344: RuntimeWarning: invalid value encountered in divide",
                     "Output has normal", "logits nan: 0"),
    ),
    S(
        id="loss-and-grad-norm-zero", family="numerics", title="The loss and the gradient norm are both exactly zero",
        severity="fatal", tier=NUMERICS,
        # A trainer's step record ({'loss': 0.0, 'grad_norm': 0.0, ...}): nothing is learned. A loss of 0 alone can be a
        # converged toy task; with no gradient at all the forward pass produced nothing to learn from.
        patterns=(r"['\"]?loss['\"]?\s{0,2}[:=]\s{0,2}['\"]?0(?:\.0{1,8})?['\"]?,\s{0,2}['\"]?grad_norm['\"]?\s{0,2}[:=]\s{0,2}['\"]?0(?:\.0{1,8})?\b(?![.\d])",),
        needles=("grad_norm",),
        meaning=("The logged loss is 0 and no gradient flows: the model's outputs or the loss went non-finite and "
                 "were zeroed, or every label of the batch is masked."),
        causes=(
            C(text="bf16/fp16 kernels on this GPU produce NaN/inf that the trainer zeroes (try fp32 or another attention path)",
              check="RD-PREC-010"),
            C(text="fp16 on a model that needs bf16", check="RD-PREC-012"),
            C(text="the dataset's labels are all masked (-100) for the template or cutoff length"),
        ),
        fix="Run a few steps in fp32 (or eager attention): a non-zero loss there points at the precision path; otherwise check the labels.",
        sources=("https://github.com/huggingface/accelerate/issues/3043", "https://github.com/xzuyn/ROCm-Guides/pull/15"),
        examples=("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 7.402891482320154e-07, 'epoch': 0.09}",),
        near_misses=("{'loss': 0.0012, 'grad_norm': 0.0, 'learning_rate': 1e-05, 'epoch': 3.0}",
                     "{'loss': 0.0, 'grad_norm': 0.0421, 'learning_rate': 1e-05, 'epoch': 3.0}",
                     "{'loss': 1.2, 'grad_norm': 0.05, 'learning_rate': 1e-05}"),
    ),
    # JAX with jax_debug_nans / jax_debug_infs: a jitted function produced a NaN or inf, JAX reran it de-optimised
    # and raised at the first operation that made it
    S(
        id="jax-debug-nans", family="numerics", title="JAX found a NaN or inf in a compiled function (debug_nans)",
        severity="fatal", tier=NUMERICS,
        patterns=(r"invalid value \((?:nan|inf)\) encountered in \w{1,60}",),
        needles=("invalid value (nan) encountered in", "invalid value (inf) encountered in"),
        meaning=("JAX's NaN checker (jax_debug_nans / jax_debug_infs) saw a non-finite value come out of a compiled "
                 "step: the loss or gradients overflowed or divided by zero in that function."),
        causes=(C(text="fp16/bf16 overflow in the step (loss scale, softmax, log of 0)", check="RD-PREC-012",
                  fix="run the step in float32 to confirm, then scale or clip"),
                C(text="a learning rate or initialisation that diverges", fix="lower the learning rate, clip gradients")),
        fix="Rerun with the jit decorator removed at the reported function to see the operation, then fix its input "
            "range or precision.",
        sources=("https://github.com/jax-ml/jax/issues/19595",
                 "https://docs.jax.dev/en/latest/debugging/flags.html"),
        examples=('\t"message": "invalid value (nan) encountered in jit(compiled_train_step). Because '
                  'jax_config.debug_nans.value and/or config.jax_debug_infs is set, the de-optimized function',
                  "FloatingPointError: invalid value (nan) encountered in mul"),
        near_misses=("jax.config.update('jax_debug_nans', True)",),
    ),
    # kohya's sd-scripts (and the trainers built on them) show the running mean loss in the progress bar; a diffusion
    # model's noise-prediction loss is never exactly 0 while it learns: 0 is a NaN/inf step zeroed, as nan is shown
    S(
        id="average-loss-zero", family="numerics", title="The running average loss is exactly zero",
        severity="fatal", tier=NUMERICS,
        patterns=(r"\bavr_loss=0(?:\.0{1,8})?(?=[,\]\s]|$)",),
        needles=("avr_loss=0",),
        meaning=("The trainer's running mean of the loss is exactly 0: the steps' losses are non-finite values the "
                 "precision path zeroed, or nothing is learned; a denoising loss never reaches 0 in a working run."),
        causes=(C(text="fp16 (or a VAE/text encoder in fp16) overflows on this model and GPU", check="RD-PREC-012",
                  fix="train in bf16 where the GPU has it, or with the VAE in fp32 (--no_half_vae)"),
                C(text="bf16/fp16 kernels on this GPU produce NaN/inf", check="RD-PREC-010")),
        fix="Rerun a few steps in fp32 (mixed_precision=no, --no_half_vae); a non-zero loss there points at the "
            "precision path.",
        sources=("https://github.com/LarryJane491/Lora-Training-in-Comfy/issues/107",
                 "https://github.com/kohya-ss/sd-scripts/issues/2137"),
        examples=("steps:  62%|######     | 496/800 [02:08<01:18,  3.86it/s, avr_loss=0]",),
        near_misses=("steps:  62%|######     | 496/800 [02:08<01:18,  3.86it/s, avr_loss=0.0934]",),
    ),
    # A framework refusing bf16 on this GPU before the first step, in its own words: accelerate ("bf16 mixed
    # precision requires PyTorch >= 1.10 and a supported device"), transformers' TrainingArguments ("Your setup
    # doesn't support bf16/gpu"), torch's autocast ("Current CUDA Device does not support bfloat16") and vLLM
    # ("Bfloat16 is only supported on GPUs with compute capability of at least 8.0"). A help text that says where
    # bf16 runs ("BF16 training is only supported on Nvidia Ampere GPUs") is no refusal.
    # A kernel compiler (Triton, a JIT) emitting a bf16 instruction the GPU has no encoding for: LLVM's instruction
    # selection stops. RDNA2 (gfx103x) and gfx906/gfx908 lack the bf16 dot/convert instructions.
    S(
        id="llvm-amdgcn-bf16-cannot-select", family="numerics",
        title="A GPU kernel was compiled with a bf16 instruction this GPU lacks",
        severity="fatal", tier=SETUP,
        patterns=(r"LLVM ERROR: Cannot select:[^\n]{0,200}?\bllvm\.amdgcn\.[\w.]{0,60}\bbf16\b",),
        needles=("cannot select",),
        meaning=("LLVM's AMDGPU backend could not turn a bf16 operation (a dot product, a conversion) into an "
                 "instruction of this GPU: a kernel compiler (Triton, torch.compile, a JIT kernel library) chose a bf16 "
                 "path the GPU does not have. RDNA2 (gfx103x) and gfx906/gfx908 lack native bf16 instructions."),
        causes=(
            C(text="bf16 requested on a GPU without native bf16 (gfx906, gfx908, RDNA2)", check="RD-PREC-001",
              fix="train in fp16 with loss scaling, or fp32"),
            C(text="the training config's dtype is not native on these GPUs", check="RD-PREC-010"),
        ),
        fix="Use fp16 (with loss scaling) or fp32 on this GPU, or a kernel library release that checks the GPU first.",
        sources=("https://github.com/unslothai/unsloth/issues/5337",
                 "https://llvm.org/docs/AMDGPUUsage.html#processors"),
        examples=("[Bug] LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.fdot2.bf16.bf16",),
        near_misses=("LLVM ERROR: Cannot select: intrinsic %llvm.amdgcn.fdot2",
                     "LLVM ERROR: Cannot select: 0x55d1e8: i64 = FrameIndex<0>"),
    ),
    S(
        id="bf16-unsupported-device", family="numerics", title="bf16 was asked of a GPU the framework will not run it on",
        severity="fatal", tier=SETUP,
        patterns=(
            r"\b(?:bf16|bfloat16)\b[^\n]{0,80}\brequires\b[^\n]{0,80}\bsupported (?:device|gpu)",
            r"\b(?:does(?:n't| not)|do not|cannot) support (?:bf16|bfloat16)\b",
            r"\b(?:bf16|bfloat16) is only supported on GPUs with compute capability",
        ),
        needles=("bf16", "bfloat16"),
        meaning=("The training framework checked the GPU before the first step and refused bf16 (mixed precision "
                 "or the model's dtype): on AMD, bf16 runs natively from gfx90a/MI200 and RDNA3 on; gfx906/gfx908 "
                 "and RDNA2 emulate it or lack it, and an old torch or a CUDA-only check can refuse it too."),
        causes=(
            C(text="bf16 requested on a GPU without native bf16 (gfx906, gfx908, RDNA2)", check="RD-PREC-001",
              fix="train in fp16 with loss scaling, or fp32"),
            C(text="the training config's dtype is not native on these GPUs", check="RD-PREC-010"),
            C(text="torch is not the ROCm build, so the framework's GPU check fails", check="RD-TORCH-001"),
        ),
        fix="Use fp16 (with loss scaling) or fp32 on this GPU; keep bf16 for GPUs that run it natively.",
        sources=(
            "https://github.com/Linaqruf/kohya-trainer/issues/246",
            "https://github.com/huggingface/accelerate/issues/1693",
            "https://github.com/karpathy/nanoGPT/pull/277",
            "https://github.com/vllm-project/vllm/issues/1157",
            "https://github.com/substratusai/vllm-docker/issues/37",
        ),
        examples=(
            "bf16 mixed precision requires PyTorch >= 1.10 and a supported device.",
            "ValueError: Your setup doesn't support bf16/gpu. You need torch>=1.10, using Ampere GPU with cuda>=11.0",
            "RuntimeError: Current CUDA Device does not support bfloat16. Please switch dtype to float16.",
            "ValueError: Bfloat16 is only supported on GPUs with compute capability of at least 8.0. Your Tesla T4 "
            "GPU has compute capability 7.5. You can use float16 instead by explicitly setting the`dtype` flag in "
            "CLI, for example: --dtype=half.",
        ),
        near_misses=(
            '"BF16 training is only supported on Nvidia Ampere GPUs and PyTorch 1.10 or later.",',
            "[INFO] [logging.py:96:log_dist] [Rank 0] Creating torch.bfloat16 ZeRO stage 2 optimizer",
            "Instantiating Qwen2VLForConditionalGeneration model under default dtype torch.bfloat16.",
        ),
    ),
    S(
        # An eval that scores near zero is a silently wrong result (FAMILIES: numerics without NaN/inf): the
        # kernels compute garbage that does not crash. Keyed on the eval's own verdict, not on a number alone:
        # sglang's GSM8K bench prints the share of answers it could not parse ("Invalid:"), and an eval gate
        # prints FAIL with the threshold it missed. A low but parseable accuracy (0.755 with DP) is left alone.
        id="eval-accuracy-collapse", family="numerics",
        title="An accuracy eval failed: the model's outputs are wrong or unparseable",
        severity="error", tier=NUMERICS,
        patterns=(
            r"^Invalid: (?P<invalid>0?\.[5-9]\d{0,5}|1(?:\.0{1,6})?)\s*$",
            r"\bFAIL: (?P<task>\w{1,40}) [\w,.-]{1,60} = (?P<value>\d?\.\d{1,6}) \(< (?P<threshold>\d?\.\d{1,6})\b",
        ),
        needles=("invalid: ", "fail: "),
        meaning=("An accuracy eval (GSM8K and the like) says the answers are wrong: most of them cannot even be "
                 "parsed, or the score is under the gate's threshold. Nothing crashed, so a kernel or a "
                 "library on this GPU computes wrong values."),
        causes=(
            C(text="a GPU kernel library (aiter, CK, hipBLASLt) too old or wrong for this GPU/model",
              check="RD-TORCH", fix="upgrade the kernel library (sglang#12819: aiter with ROCm/aiter#684) or switch the backend (attention/GEMM) to compare"),
            C(text="precision or quantisation path numerically wrong on this gfx", check="RD-PREC-005"),
        ),
        fix=("Rerun the eval with the suspect backend switched off (e.g. SGLANG_USE_AITER=0, another attention "
             "backend); if the score comes back, upgrade or pin that kernel library."),
        sources=(
            "https://github.com/sgl-project/sglang/issues/12819",
            "https://github.com/sgl-project/sglang/issues/28851",
        ),
        examples=(
            "Invalid: 1.000",
            "FAIL: gsm8k exact_match,strict-match = 0.0356 (< 0.91 from models.dsv4)",
        ),
        near_misses=(
            "Invalid: 0.000",  # a healthy run (sglang PR #13975)
            "Invalid: 0.008",  # sglang#7692: lower accuracy with DP, the answers parse
            "PASS: gsm8k exact_match,strict-match = 0.9591 (>= 0.91 from models.dsv4)",
        ),
    ),
    # A model that answers in one token repeated ("GGGGGGGG", llama.cpp's and Ollama's best-known wrong-output symptom on
    # ROCm and Vulkan): the GEMM or attention kernels return garbage without crashing (FAMILIES: numerics, no NaN word).
    S(
        id="repeated-token-output", family="numerics", title="The model answers with one character repeated",
        severity="error", tier=NUMERICS,
        # only G: a line of `!` is also a banner (torch's extension-build warnings, scripts' separators)
        patterns=(r"^\s{0,8}(?:>>>\s{0,4})?(?P<run>G{16,})\s*$",),
        needles=("gggggggggggggggg",),
        meaning=("The model's output is one character repeated ('GGGG'): its logits are garbage (NaN or "
                 "wrong values turned into the same token), so a kernel on this GPU computes wrong results "
                 "without crashing."),
        causes=(
            C(text="a GEMM/attention kernel wrong for this gfx (a library build or an HSA_OVERRIDE_GFX_VERSION that "
                   "maps the GPU to another architecture)", check="RD-ENV-001"),
            C(text="fp16 overflow in a model that needs bf16 or fp32 (the output turns into the padding token)",
              check="RD-PREC-005"),
        ),
        fix=("Rerun with flash attention off and with another backend (Vulkan/ROCm, or the CPU for one prompt); drop "
             "an HSA_OVERRIDE_GFX_VERSION that maps the GPU to another architecture; update the runtime."),
        sources=("https://github.com/ollama/ollama/issues/9021", "https://github.com/ggml-org/llama.cpp/issues/6031"),
        examples=("GGGGGGGGGGGGGGGGGGGGGGGGGGGGGGG",),
        near_misses=("GGML_CUDA_FORCE_MMQ:    no", "########################################################## 100.0%",
                     "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"),
    ),
    # A check that compares a GPU result with a reference and says they differ: Triton's tutorials ("❌ Triton and
    # Torch differ") and torch.testing's assert_close ("Tensor-likes are not close!"). Wrong values, no crash.
    S(
        id="result-differs-from-reference", family="numerics",
        title="A GPU result differs from its reference computation",
        severity="error", tier=NUMERICS,
        patterns=(r"\bTriton and Torch differ\b", r"\bTensor-likes are not (?:close|equal)!",
                  # MIOpenDriver's check of a convolution against its CPU reference (MIOpen#11, #55)
                  r"\b(?:Forward|Backward) Convolution(?: Data| Weights)? Failed: [\d.]{1,20}",
                  # Tensile's and rocBLAS's clients listing the elements that differ (Tensile#2071)
                  r"^\s{0,4}\[\d{1,9}\]\s{1,4}elem=\d{1,12} idx=\d{1,12}: \S{1,40}!=\S{1,40}"),
        needles=("and torch differ", "not close!", "not equal!", "convolution failed:", "convolution data failed:",
                 "convolution weights failed:", " idx="),
        meaning=("A test computed the same thing twice (a GPU kernel and a reference such as torch or the CPU) and "
                 "the results are not within tolerance: the kernel computes wrong values on this GPU, or the "
                 "tolerance is too tight for the precision used."),
        causes=(
            C(text="a kernel (Triton, a compiler, a BLAS library) computes wrong results for this gfx",
              check="RD-GFX-001"),
            C(text="reduced precision (fp16/TF32 or a fast-math path) outside the test's tolerance",
              check="RD-PREC-005"),
        ),
        fix=("Rerun the failing case in fp32 and on another backend; if only this GPU's kernel differs, update the "
             "compiler/library or report it with the shapes and dtype."),
        sources=("https://github.com/ROCm/triton/issues/250",
                 "https://docs.pytorch.org/docs/stable/testing.html#torch.testing.assert_close",
                 "https://github.com/ROCm/MIOpen/issues/11", "https://github.com/ROCm/Tensile/issues/2071"),
        examples=("❌ Triton and Torch differ", "AssertionError: Tensor-likes are not close!",
                  "Backward Convolution Weights Failed: 0.993599", "Forward Convolution Failed: 0.625378",
                  "[0]  elem=0 idx=0: 0!=17"),
        near_misses=("✅ Triton and Torch match", "Forward Convolution Verifies on CPU and GPU",
                     "[0]  elem=0 idx=0: 17==17"),
    ),
    # A metric other than the loss gone NaN in a trainer's or evaluator's summary: RL rewards ("Reward: mean=nan",
    # TRL's 'rewards/chosen': nan), a validation cross-entropy, a KL or an accuracy (FAMILIES: numerics).
    S(
        id="nan-metric", family="numerics", title="A training or evaluation metric is NaN/inf",
        severity="error", tier=NUMERICS,
        patterns=(r"\b(?:rewards?|scores?|returns?|kl|entropy|advantages?|perplexity|ppl|accurac(?:y|ies)|cross-entropy)"
                  r"(?:/\w{1,30})?['\"]?\s{0,2}[:=]\s{0,2}(?:mean\s{0,2}[:=]\s{0,2})?['\"]?(?P<value>[-+]?nan|[-+]?inf)\b",),
        needles=("nan", "inf"),
        meaning=("A metric the run computes from the model's outputs (a reward, a KL, a cross-entropy, an accuracy) is "
                 "NaN or infinite: the forward pass or the policy produced non-finite values."),
        causes=(
            C(text="fp16 overflow or a dtype the GPU does not run natively", check="RD-PREC-010"),
            C(text="the policy or the model diverged (learning rate, a bad batch, a reward with no variance)"),
        ),
        fix=("Find the first step where the metric turns NaN; rerun that step in fp32/bf16 and with a lower learning "
             "rate; check the reward function for divisions by a zero standard deviation."),
        sources=("https://github.com/huggingface/trl/issues/1473", "https://pytorch.org/docs/stable/notes/faq.html"),
        examples=("  Reward: mean=nan, min=nan, max=nan, std=nan",
                  "{'loss': 0.0, 'grad_norm': 1.0, 'rewards/chosen': nan, 'rewards/rejected': nan}",
                  "2016-10-10 01:47:30,915 Epoch[0] Validation-cross-entropy=nan"),
        near_misses=("  Reward: mean=3.06, min=1.92, max=10.06, std=1.38", "'rewards/accuracies': 0.0",
                     "ppl: 12.31", "x = torch.nan_to_num(scores)"),
    ),
)
