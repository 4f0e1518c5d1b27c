"""GPU-selection environment variables: HSA_OVERRIDE_GFX_VERSION checked against the GPUs actually
present, and the runtime variables' spelling and values (PYTORCH_ROCM_ARCH and the other GPU target
lists: checks/target_lists.py; *_VISIBLE_DEVICES: checks/visible_devices.py; ROCM_PATH and the other
install prefixes: checks/install_prefix.py)."""
from __future__ import annotations

import re

from rocmdoctor.artifacts.settings import EnvView, env_ev, env_evs, env_removals
from rocmdoctor.engine.check import Action, FixPlan, check, ev, fail, ok, skip, warn
from rocmdoctor.facts.rocm import version_tuple
from rocmdoctor.knowledge import env_names as names_kb
from rocmdoctor.knowledge.gpus import arch_base, officially_supported
from rocmdoctor.machine.parsers.kfd import gfx_version_tuple

THUNK = "https://github.com/ROCm/ROCR-Runtime/blob/amd-staging/libhsakmt/src/topology.c"
ROCM_3065 = "https://github.com/ROCm/ROCm/issues/3065"
HIP_ENV = "https://rocm.docs.amd.com/projects/HIP/en/latest/reference/env_variables.html"
ISOLATION = "https://rocm.docs.amd.com/en/latest/conceptual/gpu-isolation.html"
PARSL_3858 = "https://github.com/Parsl/parsl/issues/3858"


def unset_fix(*names: str, env=None) -> FixPlan:
    """Unset the variables; where a file given with --config sets one, show that line's
    deletion as a diff (`fix --config`)."""
    edits = env_removals(env, names)
    return FixPlan(f"Unset {', '.join(names)}", (
        Action("env", "remove it from the environment of the training job", env={n: None for n in names}),
        Action("note", "also delete it where it is set (shell rc files, /etc/environment, the launcher "
                       "script or the container definition), or it comes back"),
    ), fixer="config_edit" if edits else None, params={"edits": edits} if edits else {})


# ------------------------------------------------------------------ HSA override
@check("RD-ENV-001", area="env", title="HSA_OVERRIDE_GFX_VERSION matches the GPUs it applies to",
       sources=[THUNK, ROCM_3065])
def hsa_override(hsa_overrides, gpus, torch=None, rocm=None, env=None, settings=None):
    o = hsa_overrides
    if o.global_value is None and not o.per_node_vars:
        return ok("HSA_OVERRIDE_GFX_VERSION is not set")
    if gpus and isinstance(env, EnvView) and getattr(env.origins.get(GLOBAL), "guard", ""):
        # set in `case` arms keyed on the GPU (`*"Navi 2"*) export ...=10.3.0`): only the arm that
        # names this GPU runs here, whichever arm the file writes last
        o, env, other = _arm_for_gpu(o, env, settings, gpus)
        if o is None:
            return ok(f"HSA_OVERRIDE_GFX_VERSION is set only for other GPUs ({other})",
                      "The script picks the override by the GPU it finds; no arm names this machine's "
                      f"{', '.join(sorted({g.gfx for g in gpus}))}.", evidence=[v.evidence() for v in _set_in_arms(
                          settings, env)][:4])
    set_vars = ({"HSA_OVERRIDE_GFX_VERSION": o.global_value} if o.global_value is not None else {}) | o.per_node_vars
    set_ev = [env_ev(env or set_vars, k) for k in sorted(set_vars)]
    if not gpus:
        return skip("HSA_OVERRIDE_GFX_VERSION is set, but there is no AMD GPU to apply it to", evidence=set_ev)
    by_index = {g.index: g for g in gpus}
    arch_list = {arch_base(a) for a in torch.arch_list or ()} if torch is not None and torch.hip else set()
    rocm_v = version_tuple((rocm.default or rocm.all[0]).version) if rocm and (rocm.default or rocm.all) else None
    groups: dict[tuple, list] = {}
    for ov in o.per_gpu:
        groups.setdefault((ov.var, ov.value, by_index[ov.gpu_index].gfx), []).append(ov)
    out = []
    for (var, value, gfx), ovs in groups.items():
        gs = [by_index[x.gpu_index] for x in ovs]
        subject = f"GPU {', '.join(str(g.index) for g in gs)} ({gfx})"
        evidence = [*env_evs(env or {var: value}, var),
                    ev(gs[0].properties_path, f"gfx_target_version {gs[0].gfx_target_version}")]
        out.append(_judge(ovs[0], gs[0], subject, evidence, arch_list, rocm_v, env))
    used_global = [by_index[x.gpu_index] for x in o.per_gpu if x.var == "HSA_OVERRIDE_GFX_VERSION"]
    if len({g.gfx for g in used_global}) > 1:
        kinds = ", ".join(sorted({f"{g.gfx} (KFD node {g.node})" for g in used_global}))
        out.append(warn("one global HSA_OVERRIDE_GFX_VERSION over different GPUs",
                        f"HSA_OVERRIDE_GFX_VERSION={o.global_value} applies to every GPU: {kinds}. Use the "
                        "per-node form HSA_OVERRIDE_GFX_VERSION_<KFD node id> for only the GPU that needs it; "
                        "node ids are the directory numbers under /sys/class/kfd/kfd/topology/nodes (CPUs "
                        "count too, so the first GPU is usually node 1).",
                        evidence=[env_ev(env or {"HSA_OVERRIDE_GFX_VERSION": o.global_value}, "HSA_OVERRIDE_GFX_VERSION")],
                        fix=unset_fix("HSA_OVERRIDE_GFX_VERSION", env=env)))
    if o.stray:
        nodes = ", ".join(str(g.node) for g in gpus)
        out.append(warn(f"{', '.join(o.stray)} name(s) no GPU node",
                        f"Per-node overrides use KFD node ids, not GPU indexes; the GPU nodes here are {nodes}. "
                        "The variable(s) have no effect as written.",
                        evidence=[env_ev(env or o.per_node_vars, k) for k in o.stray],
                        fix=unset_fix(*o.stray, env=env)))
    return out


GLOBAL = "HSA_OVERRIDE_GFX_VERSION"
# What case-arm patterns call a GPU (lspci's code names, marketing names, gfx targets), as the
# gfx prefixes they mean. A pattern naming none of these is not a GPU test: its arm is judged.
_GPU_NAMES = (
    (r"navi\s*1\d?\b|navi1[0-4]|rx\s*5\d00", "gfx101"), (r"navi\s*2\d?\b|rx\s*6\d{2,3}", "gfx103"),
    (r"navi\s*3\d?\b|rx\s*7\d{2,3}", "gfx110"), (r"navi\s*4\d?\b|rx\s*9\d70", "gfx120"),
    (r"renoir|cezanne|lucienne|barcelo", "gfx90c"), (r"vega\s*20|radeon\s*vii|mi50|mi60", "gfx906"),
    (r"vega(?!\s*20)", "gfx900"), (r"polaris|ellesmere|baffin|rx\s*[45][78]0", "gfx803"),
    (r"phoenix|hawk\s*point|780m", "gfx1103"), (r"strix\s*halo|8060s", "gfx1151"), (r"strix(?!\s*halo)|890m", "gfx1150"),
    (r"mi100", "gfx908"), (r"mi2[15]0", "gfx90a"), (r"mi300|mi325", "gfx942"), (r"mi35[05]", "gfx950"),
)


def _guard_gfx(guard: str) -> set[str]:
    low = guard.lower()
    found = {p for rx, p in _GPU_NAMES if re.search(rx, low)}
    return found | set(re.findall(r"gfx[0-9a-f]{3,4}", low))


def _set_in_arms(settings, env):
    vs = settings.values("env", GLOBAL) if settings is not None else []
    return vs or [env.origins[GLOBAL]]


def _arm_for_gpu(o, env, settings, gpus):
    """(overrides, env) as the arm that matches this machine's GPUs sets them, or (None, env, the
    arms' patterns) when every arm names other GPUs. An arm whose pattern names no GPU counts as
    matching (the script's own test, judged as written)."""
    from rocmdoctor.facts.platform_overrides import Override, Overrides, parse_override

    gfxs = {g.gfx for g in gpus if g.gfx}
    matching = []
    for v in _set_in_arms(settings, env):
        names = _guard_gfx(v.guard) if v.guard else set()
        if not names or any(x.startswith(n) for x in gfxs for n in names):
            matching.append(v)
    if not matching:
        return None, env, "; ".join(sorted({v.guard for v in _set_in_arms(settings, env)}))[:200]
    v = matching[-1]
    if v is env.origins.get(GLOBAL):
        return o, env, ""
    val = str(v.value)
    env = EnvView({**env, GLOBAL: val}, {**env.origins, GLOBAL: v}, env.same)
    per = tuple(Override(g.index, g.node, GLOBAL, val, parse_override(val)) for g in gpus
                if f"{GLOBAL}_{g.node}" not in o.per_node_vars)
    keep = tuple(x for x in o.per_gpu if x.var != GLOBAL)
    return Overrides(keep + per, val, o.per_node_vars, o.stray), env, ""


_GFX_STRIPPED = re.compile(r"^\$\{[A-Za-z_]\w*(?:##?gfx|//?gfx/)\}$")


def _judge(ov, g, subject, evidence, arch_list, rocm_v, env=None):
    fix = unset_fix(ov.var, env=env)
    if ov.version is None and not str(ov.value).strip():
        return fail(f"{subject}: {ov.var} is set but empty",
                    "libhsakmt reads the variable whenever it is set, and an empty value fails its "
                    "major.minor.stepping parse like any malformed one: GPU discovery fails and ROCm reports no "
                    "GPU. Unset it instead of setting it empty (compose's `${VAR:-}` and Docker's ENV VAR=\"\" set it "
                    "empty). ROCm's runtime ignores an empty value only since the fix for ROCR-Runtime#354 "
                    "(rocm-systems#5686, 2026).", subject=subject, evidence=evidence, fix=fix,
                    sources=["https://github.com/ROCm/ROCR-Runtime/issues/354",
                             "https://github.com/ROCm/rocm-systems/pull/5686"])
    if ov.version is None and _GFX_STRIPPED.match(str(ov.value).strip("\"'")):
        # `${GPU_ARCH#gfx}` with GPU_ARCH taken from rocminfo: whatever the GPU, "gfx1100" becomes "1100", never
        # major.minor.stepping (spent fresh cz-manpreet's setup_rocm.sh)
        return fail(f"{subject}: {ov.var}={ov.value} gives the gfx name's digits (1100, 90a), not a version",
                    "Stripping `gfx` from the GPU's name leaves `1100` for gfx1100, while libhsakmt accepts only "
                    "major.minor.stepping (11.0.0): GPU discovery fails and ROCm reports no GPU. Leave it unset on "
                    "a GPU ROCm supports, or write the version itself.", subject=subject, evidence=evidence, fix=fix)
    if ov.version is None and re.search(r"\$\{?[A-Za-z_]|`|\$\(", str(ov.value)):
        # `docker run -e HSA_OVERRIDE_GFX_VERSION=$HSA_OVERRIDE_GFX_VERSION`, a Makefile's $(VAR) from an included
        # file: the caller's environment fills it in at launch, a value the files do not hold
        return ok(f"{subject}: {ov.var} is passed through from the launching environment ({ov.value})",
                  "Its value is whatever the shell that starts the job has; set there, it is judged there.",
                  subject=subject, evidence=evidence)
    if ov.version is None:
        return fail(f"{subject}: {ov.var}={ov.value!r} is malformed",
                    "libhsakmt accepts only major.minor.stepping (for example 10.3.0); anything else makes "
                    "GPU discovery fail, so ROCm reports no GPU at all.",
                    subject=subject, evidence=evidence, fix=fix)
    native = gfx_version_tuple(g.gfx_target_version)
    value_txt = ".".join(str(x) for x in ov.version)
    if ov.version[0] != native[0]:
        return fail(f"{subject}: {ov.var}={ov.value} crosses GPU generations",
                    f"The GPU is {g.gfx} (major version {native[0]}); the override makes the runtime load "
                    f"{ov.gfx or value_txt} code (major {ov.version[0]}), built for a different instruction "
                    "set. Expect crashes, hangs or wrong results. Overrides only ever work within one "
                    "generation (for example gfx1031 as 10.3.0).",
                    subject=subject, evidence=evidence, fix=fix)
    if ov.version == native:
        native_code = f" torch has native {g.gfx} code, and" if g.gfx in arch_list else ""
        # Harmless here (the runtime reports the same target either way): a pass with the note, not a warning.
        return ok(f"{subject}: {ov.var}={ov.value} is the GPU's own version (no effect here)",
                  f"It changes nothing for this GPU:{native_code} the runtime reports {g.gfx} anyway. "
                  "Left in place it would apply to any other GPU added later.",
                  subject=subject, evidence=evidence)
    if ov.version[:2] != native[:2] or native[0] == 9:
        # Within a major version the ISA still differs between minors (gfx1010 RDNA1 vs
        # gfx1030 RDNA2 crashed, legacy-rocm-build#887), and every gfx9 target is its own
        # ISA (gfx908/90a/942 code uses MFMA instructions a gfx906 lacks).
        hard = native[0] in (9, 10)
        return (fail if hard else warn)(
            f"{subject}: {ov.var}={ov.value} runs {ov.gfx or value_txt} code on a different ISA",
            f"The GPU is {g.gfx}; {ov.gfx or value_txt} kernels use instructions it "
            f"{'does not have' if hard else 'may not have'}. Overrides are only safe within one ISA "
            "family, for example gfx1031/gfx1032 as 10.3.0 or gfx1101/gfx1102 as 11.0.0.",
            subject=subject, evidence=evidence, fix=fix,
            sources=("https://github.com/ROCm/ROCm/issues/887",))
    if arch_list and g.gfx in arch_list:
        return warn(f"{subject}: override not needed, torch has native {g.gfx} code",
                    f"The wheel was built for {g.gfx}; the override makes it run {ov.gfx} kernels instead, "
                    "which at best loses tuned paths (hipBLASLt falls back) and at worst misbehaves.",
                    subject=subject, evidence=evidence, fix=fix)
    if not arch_list and officially_supported(g.gfx, rocm_v):
        return warn(f"{subject}: override not needed, {g.gfx} is officially supported",
                    f"ROCm supports {g.gfx} natively; the override makes it run {ov.gfx} kernels instead.",
                    subject=subject, evidence=evidence, fix=fix)
    return ok(f"{subject}: {ov.var}={ov.value} runs this {g.gfx} as {ov.gfx}",
              "Same ISA family, so this is the usual community workaround for a GPU without official "
              "kernels. AMD does not support it; remove it once a wheel ships native code.",
              subject=subject, evidence=evidence)


# ------------------------------------------------------------------ misspelt runtime variables
@check("RD-ENV-004", area="env", title="ROCm, HIP and RCCL variables are spelt as the runtime reads them",
       level="quick", sources=list(names_kb.SOURCES))
def env_spelling(env, settings=None):
    # Only names one or two edits from a known setting are judged (knowledge/env_names.py): a
    # misspelt setting does nothing, silently, and its evidence line is all the user needs.
    names = dict(env) if env else {}
    hits = [(name, names_kb.meant(name, value)) for name, value in sorted(names.items())]
    hits = [(name, meant) for name, meant in hits if meant]
    out = [warn(f"{name} is not a variable the runtime reads; {meant} is",
                f"As written it has no effect: {meant} stays at its default. Rename it to {meant} "
                "(names are case-sensitive).", subject=name, evidence=env_evs(env, name))
           for name, meant in hits]
    # Every place that sets an allocator config is judged (two launch scripts may set it
    # differently), not only the value that wins the overlay.
    places = [(n, v.value, v.evidence(), v.origin.label) for n in ALLOC_CONF_VARS
              for v in (settings.values("env", n) if settings is not None else [])]
    places += [(n, env[n], env_ev(env, n), n) for n in ALLOC_CONF_VARS
               if env and env.get(n) and not (isinstance(env, EnvView) and n in env.origins)]
    if places:
        # a chart's template value (`{{ .Values.allocConf }}`, read as TEMPLATED): set at install, not written here
        # (imported here: a scan without --config must not load the launch-file readers, tests/test_registry.py)
        from rocmdoctor.artifacts.readers.kubernetes import TEMPLATED
    for name, value, evidence, where in places:
        bad = [k for k in _alloc_keys(value) if k not in ALLOC_OPTIONS and k != TEMPLATED]
        for key in bad:
            import difflib  # only for a misspelt option: a quick scan does not pay for it

            near = difflib.get_close_matches(key, ALLOC_OPTIONS, n=1, cutoff=0.8)
            out.append(fail(f"{name}: {key!r} is no caching-allocator option" + (f" ({near[0]} is)" if near else ""),
                "PyTorch parses this variable when the GPU allocator starts and stops with 'Unrecognized "
                f"CachingAllocator option: {key}' (a RuntimeError at the first allocation). Options: "
                f"{', '.join(ALLOC_OPTIONS)}.", subject=f"{where} {key}", evidence=[evidence],
                sources=[ALLOC_CONF_DOCS]))
    return out or ok("no misspelt ROCm, HIP or RCCL variable")


# PYTORCH_HIP_ALLOC_CONF / PYTORCH_CUDA_ALLOC_CONF / PYTORCH_ALLOC_CONF: `key:value,key:value`; an
# unknown key is a hard error in c10's allocator config parser, not an ignored setting.
ALLOC_CONF_DOCS = "https://docs.pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf"
ALLOC_CONF_VARS = ("PYTORCH_HIP_ALLOC_CONF", "PYTORCH_CUDA_ALLOC_CONF", "PYTORCH_ALLOC_CONF")
ALLOC_OPTIONS = ("backend", "max_split_size_mb", "max_non_split_rounding_mb", "roundup_power2_divisions",
                 "roundup_bypass_threshold_mb", "garbage_collection_threshold", "expandable_segments",
                 "release_lock_on_cudamalloc", "release_lock_on_hipmalloc", "pinned_use_cuda_host_register",
                 "pinned_use_hip_host_register", "pinned_num_register_threads", "pinned_use_background_threads",
                 "pinned_reserve_segment_size_mb", "per_process_memory_fraction", "graph_capture_record_stream_reuse")


def _alloc_keys(value) -> list[str]:
    """The option names of an allocator config value; none when the shell fills it in at run time. A part with no
    `:value` is an option name too (PyTorch's parser reads each comma-separated token as one, and stops at one it
    does not know: `...,max_split_size_m` pasted cut short)."""
    if not value or "$" in str(value) or "`" in str(value):
        return []
    flat = re.sub(r"\[[^\]]*\]", "", str(value))  # roundup_power2_divisions:[256:1,512:2,>:8]: one option's list
    return [part.split(":", 1)[0].strip() for part in flat.split(",") if part.strip()]
