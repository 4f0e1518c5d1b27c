"""Classes of the twenty-sixth wave (issue 24 §2), read from fresh batch 100 and the spent corpus, each with its real
instance and a look-alike (source URL beside each).

A. ROCR_VISIBLE_DEVICES and HIP/CUDA_VISIBLE_DEVICES set to the same index in the log, then torch sees no GPU: ROCr
   filters first and renumbers from 0, so HIP's index selects nothing (runtime, RD-ENV-003), with or without an error
   signature; the same lists numbered within ROCR's (HIP=0), or one list alone, are not this class.
B. torch 2.0's nvFuser warning at import ("Loading nvfuser library failed ... cannot open shared object file") is
   benign: the error after it is the cause.
C. DeepSpeed's launcher stopping the ranks ("Killing subprocess") when no line before it is an error: the rank died
   silently, killed from outside (host OOM killer): memory; a rank's own error above it stays the cause.
D. The HF Trainer's summary `train_loss = 0.0` (the mean over every step): no step had a loss: numerics.
E. pip indents a failed build's output: its last exception line ("      FileNotFoundError: ...") is an error line, and
   one raised inside pip's build tree (/tmp/pip-install-x/pkg_y/...) is that package's build failing (packages).
"""
from __future__ import annotations

from rocmdoctor.knowledge.signatures.benign import is_benign
from tests.explain_helpers import run, top

# https://github.com/mcmonkeyprojects/SwarmUI/issues/566 (no error line: torch only says False)
SWARM = ["$ export ROCR_VISIBLE_DEVICES=1", "$ export HIP_VISIBLE_DEVICES=1", "$ python", ">>> import torch",
         ">>> torch.cuda.is_available()", "False"]
# https://github.com/Parsl/parsl/issues/3858 (inline lists, one command each)
PARSL = ['> CUDA_VISIBLE_DEVICES=1 python -c "import torch; print(torch.cuda.device_count()); torch.zeros(4).to(\'cuda\')"',
         "1",
         '> ROCR_VISIBLE_DEVICES=1 CUDA_VISIBLE_DEVICES=1 python -c "import torch; print(torch.cuda.device_count()); '
         'torch.zeros(4).to(\'cuda\')"',
         "0", "Traceback (most recent call last):", '  File "<string>", line 1, in <module>',
         '  File "/env/lib/python3.10/site-packages/torch/cuda/__init__.py", line 372, in _lazy_init',
         "    torch._C._cuda_init()", "RuntimeError: No HIP GPUs are available"]


def _lead(lines):
    return next(d for d in run(lines).diagnoses if d.is_problem)


def test_two_visible_lists_that_select_no_gpu_lead():
    assert top(SWARM) == ("runtime", "visible-devices-select-none")
    d = _lead(SWARM)
    assert d.occurrence.matches[0].line.text == "$ export HIP_VISIBLE_DEVICES=1"  # the line that made it select none
    assert d.causes[0].cause.check == "RD-ENV-003" and d.causes[0].status == "likely"
    assert any("selects none" in f for f in d.facts) or "selects none" in str(d.occurrence.first.fields)
    # with an error signature ("No HIP GPUs are available") the lists still lead it, cited at their command
    assert top(PARSL) == ("runtime", "visible-devices-select-none")
    assert _lead(PARSL).occurrence.matches[0].line.number == 3


def test_lists_that_still_select_a_gpu_are_not_this_class():
    # HIP numbered within ROCR's filter: GPU 0 of what ROCr kept
    assert top(SWARM[:1] + ["$ export HIP_VISIBLE_DEVICES=0"] + SWARM[2:])[1] != "visible-devices-select-none"
    # one list alone
    assert top(SWARM[1:])[1] != "visible-devices-select-none"
    # ROCR keeps two GPUs: HIP's 1 is the second of them
    assert top(["$ export ROCR_VISIBLE_DEVICES=2,3"] + SWARM[1:])[1] != "visible-devices-select-none"
    # the inline lists were for an earlier command; a later command without them sees no GPU for another reason
    later = ['> ROCR_VISIBLE_DEVICES=1 CUDA_VISIBLE_DEVICES=1 python -c "print(1)"', "1", "$ python train.py",
             "RuntimeError: No HIP GPUs are available"]
    assert top(later)[1] != "visible-devices-select-none"
    # the lists, and torch seeing its GPU
    assert top(SWARM[:-1] + ["True"])[1] != "visible-devices-select-none"


def test_torch_2_0_nvfuser_warning_is_benign():
    # https://github.com/deepspeedai/DeepSpeed/issues/3715: the assertion after the warning is the cause
    warning = ("[W interface.cpp:47] Warning: Loading nvfuser library failed with: Error in dlopen: "
               "libnvfuser_codegen.so: cannot open shared object file: No such file or directory "
               "(function LoadingNvfuserLibrary)")
    assert is_benign(warning)
    assert not is_benign("ImportError: libnvfuser_codegen.so: cannot open shared object file: No such file or directory")
    log = ["Preparing metadata (setup.py) ... error", "  " + warning, "  Traceback (most recent call last):",
           '    File "/tmp/pip-install-7ixqakoi/deepspeed_9438/op_builder/builder.py", line 198, in installed_rocm_version',
           '      assert False, "Could not detect ROCm version"', "  AssertionError: Could not detect ROCm version"]
    assert top(log) == ("deepspeed", "deepspeed-rocm-version")


# https://github.com/OptimalScale/LMFlow/issues/265 (every rank's output is INFO, then the launcher kills them)
LMFLOW = ["04/21/2023 22:17:12 - WARNING - lmflow.pipeline.finetuner - Process rank: 0, device: cuda:0, n_gpu: 1",
          "Loading checkpoint shards: 100%|##########| 2/2 [00:12<00:00,  6.24s/it]",
          "trainable params: 4194304 || all params: 6742609920 || trainable%: 0.06220594176090199",
          "[2023-04-21 22:20:31,527] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 19501",
          "[2023-04-21 22:20:31,528] [INFO] [launch.py:318:sigkill_handler] Killing subprocess 19502"]


def test_a_rank_that_died_without_an_error_is_memory():
    assert top(LMFLOW) == ("memory", "launcher-rank-died-silently")
    d = _lead(LMFLOW)
    assert d.occurrence.matches[0].line.number == 4  # the first kill
    assert any("trainable params" in f for f in d.facts)
    # a rank's own error above the kill is the cause, not a silent death
    raised = LMFLOW[:3] + ["ValueError: the tokenizer returned an empty batch"] + LMFLOW[3:]
    assert top(raised)[1] != "launcher-rank-died-silently"
    # the kill alone, with nothing before it, shows nothing of what ran
    assert top(LMFLOW[3:])[1] != "launcher-rank-died-silently"


def test_a_trainer_run_whose_mean_loss_is_zero_is_numerics():
    # https://github.com/hiyouga/LlamaFactory/issues/4278 (Qwen2-1.5B LoRA, fp16)
    summary = ["***** train metrics *****", "  epoch                    =     2.9268",
               "  train_loss               =        0.0", "  train_runtime            = 0:02:59.80"]
    assert top(summary)[0] == "numerics"
    assert top([summary[0], summary[1], "  train_loss               =     0.0063", summary[3]])[0] != "numerics"
    assert top(["{'train_runtime': 179.8, 'train_samples_per_second': 16.367, 'train_loss': 0.0, 'epoch': 2.93}"])[0] \
        == "numerics"
    assert top(["{'train_runtime': 179.8, 'train_loss': 0.05, 'epoch': 2.93}"])[0] != "numerics"


def test_an_exception_inside_pips_build_tree_is_that_packages_build():
    # https://github.com/state-spaces/mamba/issues/412 (pip indents the build's output by six)
    pip = ["      FileNotFoundError: [Errno 2] No such file or directory: '/tmp/pip-install-iy9acbtt/mamba-ssm_aae2c1df8bb5"
           "4f62a59b41fd74fafbe0/csrc/selective_scan/selective_scan.cpp'", "      ", "      torch.__version__  = 2.3.1+rocm6.0"]
    assert top(pip) == ("packages", "build-failed")
    # a frame's source line at the same depth is code, not an error line
    assert top(["    raise FileNotFoundError(path)", "    x = open(fin_path)"]) == (None, None)


def test_a_silent_death_needs_the_kill_itself_and_nothing_that_stopped_the_ranks_on_purpose():
    # review: a short earlier line ("2") inside the kill line's timestamp is not the kill line; the error after it counts
    tb = ["Traceback (most recent call last):", '  File "train.py", line 3, in <module>',
          "ValueError: the tokenizer returned an empty batch"]
    assert top(["$ deepspeed train.py", "world size:", "2"] + LMFLOW[:3] + tb + LMFLOW[3:])[1] != \
        "launcher-rank-died-silently"
    for after in ("^C", "KeyboardInterrupt",
                  "[2023-04-21 22:20:32,000] [INFO] [launch.py:335:sigkill_handler] Main process received SIGTERM, exiting",
                  "slurmstepd: error: *** JOB 4242 ON n1 CANCELLED AT 2023-04-21T22:20:32 DUE TO TIME LIMIT ***",
                  "[2023-04-21 22:20:33,000] [ERROR] [launch.py:321:sigkill_handler] ['python', 'train.py'] exits with "
                  "return code = 1"):
        assert top(LMFLOW + [after])[1] != "launcher-rank-died-silently", after
    sigkill = ("[2023-04-21 22:20:33,000] [ERROR] [launch.py:321:sigkill_handler] ['python', 'train.py'] exits with "
               "return code = -9")
    assert top(LMFLOW + [sigkill])[0] == "memory"


def test_a_zero_mean_loss_counts_only_where_no_step_logged_a_loss():
    # review: the metrics table rounds to 4 decimals; steps that logged a loss above 0 say the run had one
    steps = ["{'loss': 0.0001, 'grad_norm': 0.02, 'learning_rate': 1e-05, 'epoch': 0.5}",
             "{'loss': 0.0, 'grad_norm': 0.5, 'learning_rate': 1e-05, 'epoch': 1.0}",
             "***** train metrics *****", "  train_loss               =        0.0"]
    assert top(steps)[0] != "numerics"
    assert top(steps[1:])[0] == "numerics"
    assert top(['{"train_runtime": 179.8, "train_loss": 0.0, "epoch": 2.93}'])[0] == "numerics"


def test_lists_that_were_unset_emptied_or_named_by_uuid_no_longer_count():
    for change in ("$ unset HIP_VISIBLE_DEVICES", "$ export HIP_VISIBLE_DEVICES=",
                   "$ export HIP_VISIBLE_DEVICES=GPU-4d2a8c1e5f6b7a90"):
        assert top(SWARM[:2] + [change] + SWARM[2:])[1] != "visible-devices-select-none", change
    # a command named export_onnx.py is no export: its inline lists end with it
    inline = ["$ ROCR_VISIBLE_DEVICES=1 HIP_VISIBLE_DEVICES=1 python export_onnx.py", "done",
              "$ python -c 'import torch; print(torch.cuda.is_available())'", "False"]
    assert top(inline)[1] != "visible-devices-select-none"


def test_a_full_disk_under_pips_build_tree_is_not_a_build_failure():
    line = ("ERROR: Could not install packages due to an OSError: [Errno 28] No space left on device: "
            "'/tmp/pip-install-abc12345/torch/lib/libtorch_hip.so'")
    assert top([line])[1] != "build-failed"
