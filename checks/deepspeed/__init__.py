"""DeepSpeed on ROCm: does it import, can its training ops be built, were prebuilt ops
built against this torch, does it run CUDA-only checks on a ROCm torch, and which
ops cannot build on ROCm at all. The training files' DeepSpeed settings (ZeRO and memory,
DS_BUILD_OPS in Dockerfiles) are judged in config.py; the registry takes the package's
checks in code order, as it does a module's.

All answers come from DeepSpeed's own op-builder API, run in a child process by the
``deepspeed`` probe (facts/training_stack.py); nothing is compiled to find out.
"""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.platform import dtk_from_tag
from rocmdoctor.remedy.plans import das_wheel_plan

ADVANCED_INSTALL = "https://www.deepspeed.ai/tutorials/advanced-install/"
CUDA_CHECK_ISSUES = ("https://github.com/deepspeedai/DeepSpeed/issues/3091",
                     "https://github.com/deepspeedai/DeepSpeed/pull/3638",
                     "https://github.com/deepspeedai/DeepSpeed/pull/6909",
                     "https://github.com/deepspeedai/DeepSpeed/issues/7532")
INFERENCE_ISSUES = ("https://github.com/deepspeedai/DeepSpeed/issues/4989",
                    "https://github.com/deepspeedai/DeepSpeed/blob/master/op_builder/inference_cutlass_builder.py")

# Ops a fine-tuning run loads: the ZeRO optimizers. cpu_adam (offload) and fused_adam
# (on GPU) are what HF Trainer / LLaMA-Factory configs use by default.
TRAINING_OPS = ("cpu_adam", "fused_adam", "cpu_adagrad", "cpu_lion", "fused_lamb", "fused_lion")
ESSENTIAL_OPS = ("cpu_adam", "fused_adam")
# Ops that cannot build on ROCm although DeepSpeed's is_compatible() may say yes.
ROCM_UNBUILDABLE = {
    "cutlass_ops": "links the CUDA-only deepspeed-kernels package (`import dskernels`, -ldeepspeedft)",
    "ragged_device_ops": "links the CUDA-only deepspeed-kernels package (`import dskernels`)",
    "evoformer_attn": "needs NVIDIA CUTLASS",
    "sparse_attn": "DeepSpeed itself reports it incompatible with ROCm",
    "gds": "GPUDirect Storage (cuFile) exists only on CUDA",
}
# Inference kernels: not needed for training, and CUDA-only headers (mma.h) break them on ROCm.
INFERENCE_OPS = ("inference_core_ops", "transformer_inference", "spatial_inference", "ragged_ops",
                 "fp_quantizer")
DEFAULT_BUILD_VARS = {
    "cpu_adam": "DS_BUILD_CPU_ADAM", "fused_adam": "DS_BUILD_FUSED_ADAM", "cpu_adagrad": "DS_BUILD_CPU_ADAGRAD",
    "cpu_lion": "DS_BUILD_CPU_LION", "fused_lamb": "DS_BUILD_FUSED_LAMB", "fused_lion": "DS_BUILD_FUSED_LION",
    "cutlass_ops": "DS_BUILD_CUTLASS_OPS", "ragged_device_ops": "DS_BUILD_RAGGED_DEVICE_OPS",
    "evoformer_attn": "DS_BUILD_EVOFORMER_ATTN", "sparse_attn": "DS_BUILD_SPARSE_ATTN", "gds": "DS_BUILD_GDS",
    "inference_core_ops": "DS_BUILD_INFERENCE_CORE_OPS", "transformer_inference": "DS_BUILD_TRANSFORMER_INFERENCE",
    "spatial_inference": "DS_BUILD_SPATIAL_INFERENCE", "ragged_ops": "DS_BUILD_RAGGED_OPS",
    "fp_quantizer": "DS_BUILD_FP_QUANTIZER",
}


def _py(python) -> str:
    return python.exe if python is not None else "python"


def _probe_ev(ds, text: str):
    return ev("probe: deepspeed", text)


def build_env(ds) -> dict[str, str]:
    """DS_BUILD_* for a ROCm build of the training ops: optimizers on, the rest off."""
    names = {o.name: o.build_var for o in ds.ops if o.build_var}
    var = lambda op: names.get(op) or DEFAULT_BUILD_VARS[op]  # noqa: E731
    env = {var(op): "1" for op in TRAINING_OPS if op in names or op in ESSENTIAL_OPS}
    for op in (*ROCM_UNBUILDABLE, *INFERENCE_OPS):
        env[var(op)] = "0"
    env["DS_BUILD_OPS"] = "0"
    return env


def build_plan(ds, python, *, needs_ninja=False, needs_hipcc=False, needs_libaio=False) -> FixPlan:
    """Rebuild DeepSpeed's training ops against the installed torch (never touching torch)."""
    py = _py(python)
    actions = []
    if needs_ninja:
        actions.append(Action("command", "JIT and prebuilt op builds need ninja in this interpreter",
                              argv=(py, "-m", "pip", "install", "ninja")))
    if needs_hipcc:
        hip = ".".join((ds.torch_hip or "").split(".")[:2]) or "your"
        actions.append(Action("note", f"Install the ROCm HIP SDK (hipcc, package rocm-hip-sdk) matching torch's "
                                      f"HIP {hip} and set ROCM_HOME to it (usually /opt/rocm)"))
    if needs_libaio:
        actions.append(Action("note", "Only for NVMe offload (async_io): install libaio headers "
                                      "(apt install libaio-dev, or dnf install libaio-devel)"))
    env: dict[str, str | None] = dict(build_env(ds))
    actions.append(Action("env", "Build only the training ops; inference, CUTLASS, sparse-attention and "
                                 "evoformer ops cannot build on ROCm and are not needed for training", env=env))
    spec = f"deepspeed=={ds.version}" if ds.version else "deepspeed"
    actions.append(Action(
        "command", "Rebuild DeepSpeed in place against the installed torch (no build isolation, so pip does not "
                   "fetch another torch; --no-deps leaves torch and everything else untouched)",
        argv=(py, "-m", "pip", "install", "--no-build-isolation", "--no-cache-dir", "--force-reinstall",
              "--no-deps", spec)))
    return FixPlan("Prebuild DeepSpeed's training ops for ROCm", tuple(actions),
                   params={"env": env, "python": py, "requirement": spec})


# ---------------------------------------------------------------------- checks
@check("RD-DS-001", area="deepspeed", title="DeepSpeed imports and its op builders answer", level="default",
       sources=[ADVANCED_INSTALL])
def deepspeed_imports(deepspeed_ops, torch_runtime=None):
    ds = deepspeed_ops
    if ds.import_error:
        return fail("DeepSpeed does not import in the scanned interpreter", ds.import_error,
                    evidence=[_probe_ev(ds, ds.import_error)],
                    fix=FixPlan("Reinstall DeepSpeed", (Action("note", "Read the error above: a missing module "
                                "(e.g. dskernels) means DeepSpeed was built with ops that need CUDA-only "
                                "packages; rebuild with the DS_BUILD_* variables RD-DS-002 proposes"),)))
    if not ds.ops:
        return warn(f"DeepSpeed {ds.version} imports but lists no op builders",
                    evidence=[_probe_ev(ds, f"accelerator={ds.accelerator}")])
    text = f"deepspeed {ds.version}, accelerator {ds.accelerator}, {len(ds.ops)} op builders"
    if ds.accelerator == "cpu" and ds.rocm_torch:
        seen = torch_runtime.device_count if torch_runtime is not None else None
        return warn(f"DeepSpeed {ds.version} picked the CPU accelerator although torch is a ROCm build",
                    "DeepSpeed chooses 'cuda' (which drives HIP) only when torch sees a GPU, unless DS_ACCELERATOR "
                    f"forces it. torch sees {seen if seen is not None else 'an unknown number of'} GPU(s); "
                    "see RD-TORCH-004.", evidence=[_probe_ev(ds, text)])
    return ok(f"DeepSpeed {ds.version} imports (accelerator {ds.accelerator})", evidence=[_probe_ev(ds, text)],
              data={"ops": [o.name for o in ds.ops]})


@check("RD-DS-002", area="deepspeed", title="DeepSpeed's training ops are prebuilt or can be JIT-built",
       level="default", sources=[ADVANCED_INSTALL, "https://github.com/deepspeedai/DeepSpeed/issues/4768"])
def training_ops(deepspeed_ops, python=None, dcu=None):
    ds = deepspeed_ops
    if ds.import_error:
        return skip("DeepSpeed does not import (RD-DS-001)")
    rows, problems = [], {}
    for name in TRAINING_OPS:
        op = ds.op(name)
        if op is None:
            continue
        state, why = _op_state(ds, op)
        rows.append(f"{name}: {state}" + (f" ({why})" if why else ""))
        if state == "cannot build":
            problems[name] = why
    if not rows:
        return skip(f"DeepSpeed {ds.version} has none of the training op builders for accelerator {ds.accelerator}")
    evidence = [_probe_ev(ds, "\n".join(rows))]
    data = {"ops": rows, "ninja": ds.ninja, "hipcc": ds.hipcc}
    if not problems:
        return ok("DeepSpeed's training ops are prebuilt or JIT-buildable", evidence=evidence, data=data)
    needs_hipcc = ds.rocm_torch and not ds.hipcc
    plan = build_plan(ds, python, needs_ninja=not ds.ninja, needs_hipcc=needs_hipcc)
    if dcu is not None:  # on a DCU, DeepSpeed comes prebuilt from DAS; PyPI's would only fail again
        plan = das_wheel_plan("deepspeed", _dtk(ds, dcu))
    names = ", ".join(problems)
    detail = "; ".join(f"{n}: {w}" for n, w in problems.items())
    if any(n in ESSENTIAL_OPS for n in problems):
        return fail(f"DeepSpeed cannot build {names}", detail + ". ZeRO with DeepSpeed's Adam stops at start-up "
                    "when it has to JIT-build them.", evidence=evidence, fix=plan, data=data)
    return warn(f"DeepSpeed cannot build {names}", detail, evidence=evidence, fix=plan, data=data)


def _op_state(ds, op) -> tuple[str, str]:
    if op.installed:
        return "prebuilt", ""
    if op.flag_error:
        return "cannot build", f"its build-flag code fails: {op.flag_error} (RD-DS-004)"
    if op.error:
        return "cannot build", f"is_compatible() raised {op.error}"
    if not op.compatible:
        return "cannot build", "; ".join(op.reasons) or "DeepSpeed says incompatible, without a reason"
    if ds.ninja is False:
        return "cannot build", "JIT builds need ninja, which is not installed"
    if ds.rocm_torch and op.kind == "cuda" and not ds.hipcc:
        return "cannot build", f"JIT on ROCm needs hipcc; none under ROCM_HOME={ds.rocm_home} or on PATH"
    return "JIT-buildable", ""


@check("RD-DS-003", area="deepspeed", title="Prebuilt DeepSpeed ops match the installed torch and HIP",
       level="default", sources=[ADVANCED_INSTALL])
def prebuilt_match(deepspeed_ops, python=None):
    ds = deepspeed_ops
    if ds.import_error:
        return skip("DeepSpeed does not import (RD-DS-001)")
    prebuilt = [o.name for o in ds.ops if o.installed]
    if not prebuilt:
        return ok("no DeepSpeed op is prebuilt; ops are JIT-built against the running torch",
                  evidence=[_probe_ev(ds, f"installed ops: none; compiled with {ds.compiled_with}")])
    cw = ds.compiled_with
    built = f"torch {cw.get('version')}, hip {cw.get('hip_version')}, cuda {cw.get('cuda_version')}"
    now = f"torch {ds.torch_version}, hip {ds.torch_hip}, cuda {ds.torch_cuda}"
    evidence = [_probe_ev(ds, f"prebuilt: {', '.join(prebuilt)}\nbuilt with: {built}\nrunning: {now}")]
    errors = [v for v in ds.validate.values() if isinstance(v, str) and v != "ok" and not v.startswith("skipped")]
    if not ds.validate:  # an older probe without DeepSpeed's own answer: compare ourselves
        errors = _compare_versions(ds)
    if errors:
        return fail("prebuilt DeepSpeed ops were built for another torch/HIP", " ".join(errors) +
                    " DeepSpeed refuses to load them; rebuild it against this torch.",
                    evidence=evidence, fix=build_plan(ds, python, needs_ninja=not ds.ninja))
    return ok(f"prebuilt ops ({', '.join(prebuilt)}) match the running torch", evidence=evidence)


def _mm(v) -> str:
    return ".".join(str(v or "").split(".")[:2])


def _compare_versions(ds) -> list[str]:
    cw, out = ds.compiled_with, []
    if cw.get("version") not in (None, "0.0") and cw.get("version") != _mm(ds.torch_version):
        out.append(f"PyTorch version mismatch: built with {cw.get('version')}, running {_mm(ds.torch_version)}.")
    if ds.torch_hip and cw.get("hip_version") not in (None, "0.0") and cw.get("hip_version") != _mm(ds.torch_hip):
        out.append(f"HIP version mismatch: built with {cw.get('hip_version')}, running {_mm(ds.torch_hip)}.")
    return out


def _dtk(ds, dcu) -> str | None:
    tag = dtk_from_tag(str(ds.torch_version or ""))
    return tag or (dcu.default_dtk.version if dcu.default_dtk else None)


@check("RD-DS-004", area="deepspeed", title="DeepSpeed does not run CUDA-only checks on the ROCm torch",
       level="default", sources=CUDA_CHECK_ISSUES)
def cuda_check_on_rocm(deepspeed_ops, python=None, dcu=None):
    ds = deepspeed_ops
    if ds.import_error:
        return skip("DeepSpeed does not import (RD-DS-001)")
    if not ds.rocm_torch:
        return skip(f"torch {ds.torch_version} is not a ROCm build")
    evidence = [_probe_ev(ds, f"torch.version.hip={ds.torch_hip} torch.version.cuda={ds.torch_cuda} "
                              f"ROCM_HOME={ds.rocm_home} is_rocm_pytorch()={ds.is_rocm_pytorch}")]
    py = _py(python)
    if ds.is_rocm_pytorch is False:
        return fail("DeepSpeed treats this ROCm torch as a CUDA build",
                    "DeepSpeed's is_rocm_pytorch() needs torch.version.hip and torch.utils.cpp_extension.ROCM_HOME; "
                    "ROCM_HOME is not found, so it runs the CUDA checks (nvcc, CUDA_HOME, torch.version.cuda) "
                    "and the op builds fail.", evidence=evidence,
                    fix=FixPlan("Let torch find ROCm", (
                        Action("env", "Point torch and DeepSpeed at the ROCm installation",
                               env={"ROCM_HOME": "/opt/rocm"}),
                        Action("note", "If /opt/rocm is absent, install the ROCm HIP SDK matching torch's HIP "
                                       "version (hipcc must exist under $ROCM_HOME/bin)"))))
    broken = [(o.name, o.flag_error) for o in ds.ops if o.flag_error]
    if broken and dcu is not None:
        lines = "\n".join(f"{n}: {e}" for n, e in broken)
        return fail(f"DeepSpeed {ds.version} crashes computing op build flags on this Hygon DCU torch",
                    "Upstream DeepSpeed runs its CUDA checks (CUDA_HOME, torch.version.cuda) on DTK's torch, where "
                    "torch.version.cuda is None — the crash of DeepSpeed#3091 and seed 002. Editing builder.py to skip "
                    "the check works around it; the vendor DAS DeepSpeed, built for this torch and DTK, avoids it.",
                    evidence=evidence + [_probe_ev(ds, lines)], fix=das_wheel_plan("deepspeed", _dtk(ds, dcu)))
    if broken:
        lines = "\n".join(f"{n}: {e}" for n, e in broken)
        return fail(f"DeepSpeed {ds.version} crashes computing op build flags on this ROCm torch",
                    "This is the CUDA version check older DeepSpeed releases run unconditionally "
                    "(torch.version.cuda is None on ROCm wheels). Upgrade DeepSpeed; DS_SKIP_CUDA_CHECK=1 only "
                    "skips the nvcc comparison, not this crash. Keep within LLaMA-Factory's pin (RD-PIN-001).",
                    evidence=evidence + [_probe_ev(ds, lines)],
                    fix=FixPlan("Upgrade DeepSpeed past the ROCm CUDA-check bug", (
                        Action("command", "Install a newer DeepSpeed built against the installed torch",
                               argv=(py, "-m", "pip", "install", "--no-build-isolation", "--no-deps",
                                     f"deepspeed>{ds.version}")),), params={"python": py}))
    if not ds.flag_dry_run:
        return ok("DeepSpeed recognises the ROCm torch (build flags were not exercised by this probe)",
                  evidence=evidence)
    return ok("DeepSpeed recognises the ROCm torch and computes the training ops' build flags without "
              "CUDA checks", evidence=evidence)


@check("RD-DS-005", area="deepspeed", title="No DeepSpeed op that cannot build on ROCm is switched on",
       level="default", sources=(ADVANCED_INSTALL, *INFERENCE_ISSUES))
def rocm_unbuildable_ops(deepspeed_ops, python=None):
    ds = deepspeed_ops
    if ds.import_error:
        return skip("DeepSpeed does not import (RD-DS-001)")
    if not ds.rocm_torch:
        return skip(f"torch {ds.torch_version} is not a ROCm build")
    present = [o for o in ds.ops if o.name in ROCM_UNBUILDABLE]
    claimed = [o.name for o in present if o.compatible]
    env = ds.env
    build_all = env.get("DS_BUILD_OPS") == "1"
    var = lambda o: o.build_var or DEFAULT_BUILD_VARS.get(o.name, "")  # noqa: E731
    switched_on = [o.name for o in present
                   if env.get(var(o)) == "1" or (build_all and env.get(var(o)) != "0")]
    evidence = [_probe_ev(ds, "\n".join(f"{o.name}: DeepSpeed says {'compatible' if o.compatible else 'incompatible'}"
                                        f"; {ROCM_UNBUILDABLE[o.name]}" for o in present) or "none present")]
    if switched_on:
        set_vars = {k: v for k, v in env.items() if k.startswith("DS_BUILD_")}
        evidence.append(ev("environment", " ".join(f"{k}={v}" for k, v in sorted(set_vars.items()))))
        return fail(f"DS_BUILD_* asks DeepSpeed to build {', '.join(switched_on)}, which cannot build on ROCm",
                    "A `pip install deepspeed` in this environment stops (e.g. ModuleNotFoundError: No module named "
                    "'dskernels'). Switch them off and build only the training ops.",
                    evidence=evidence, fix=build_plan(ds, python, needs_ninja=not ds.ninja))
    note = (f"DeepSpeed reports {', '.join(claimed)} as compatible, but they cannot build on ROCm; "
            "leave them off (DS_BUILD_OPS=1 would try)." if claimed else "")
    return ok("no ROCm-unbuildable DeepSpeed op is switched on", note, evidence=evidence,
              data={"claimed_compatible": claimed})


# setup.py's own switches besides the per-builder DS_BUILD_<OP> variables.
SETUP_BUILD_VARS = {"DS_BUILD_OPS", "DS_BUILD_STRING"}


@check("RD-DS-007", area="deepspeed", title="DS_BUILD_* variables name real DeepSpeed op builders",
       level="default", sources=(ADVANCED_INSTALL,))
def unknown_build_vars(deepspeed_ops):
    import difflib

    ds = deepspeed_ops
    set_vars = {k: v for k, v in ds.env.items() if k.startswith("DS_BUILD_")}
    if not set_vars:
        return ok("no DS_BUILD_* variable set")
    if ds.import_error or not ds.ops:
        return skip("DeepSpeed's op list is not available to compare with (RD-DS-001)")
    # Each builder reads BUILD_VAR, by convention DS_BUILD_<NAME>; the probe reports the real one.
    known = {o.build_var or DEFAULT_BUILD_VARS.get(o.name) or f"DS_BUILD_{o.name.upper()}" for o in ds.ops}
    known |= SETUP_BUILD_VARS
    unknown = sorted(set(set_vars) - known)
    evidence = [ev("environment", " ".join(f"{k}={v}" for k, v in sorted(set_vars.items())))]
    if not unknown:
        return ok(f"{len(set_vars)} DS_BUILD_* variable(s), each read by DeepSpeed", evidence=evidence)
    hints = []
    for u in unknown:
        near = difflib.get_close_matches(u, sorted(known), n=2, cutoff=0.6)
        if near:
            hints.append(f"{u}: did you mean {' or '.join(near)}?")
    evidence.append(_probe_ev(ds, "op builders read: " + " ".join(sorted(known))))
    return warn(f"DeepSpeed ignores {', '.join(unknown)}",
                "No op builder of this DeepSpeed reads these names, so they switch nothing on or off and the "
                "build does what it would do without them. " + " ".join(hints),
                evidence=evidence,
                fix=FixPlan("Unset the DS_BUILD_* variables DeepSpeed does not read",
                            (Action("env", "unset", env={u: None for u in unknown}),)))
