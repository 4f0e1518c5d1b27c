"""The fuzz targets: one entry per reader of outside input (see harness.py for the properties).

To add a reader, add one ``@target`` entry here (docs/reliability.md, "Adding a fuzz target").
"""
from __future__ import annotations

import functools
import json
import os
import shutil
import tempfile

from hypothesis import strategies as st

from harness import (DATA, as_bytes, example_dirs, example_texts, mutated_json, mutated_text, no_error_findings,
                     seed_files, target, texts)

from rocmdoctor.artifacts import configfiles as cf
from rocmdoctor.machine.sources import SourceError


# ---------------------------------------------------------------- rocmdoctor/machine/parsers
@target("parsers.cmdline", lambda: texts(seed_files("cmdline_*.txt") + example_texts("fs/proc", "cmdline")))
def _cmdline(text):
    from rocmdoctor.machine.parsers.cmdline import parse_cmdline

    c = parse_cmdline(text)
    c.get("iommu")


@target("parsers.cpuinfo", lambda: texts(seed_files("cpuinfo_*.txt")))
def _cpuinfo(text):
    from rocmdoctor.machine.parsers.cpuinfo import parse_cpuinfo

    parse_cpuinfo(text)


@target("parsers.dkms", lambda: texts(seed_files("dkms_status_*.txt")))
def _dkms(text):
    from rocmdoctor.machine.parsers.dkms import parse_dkms_status

    parse_dkms_status(text)


@target("parsers.os_release", lambda: texts(seed_files("os-release_*.txt")))
def _os_release(text):
    from rocmdoctor.machine.parsers.keyvalue import parse_os_release

    parse_os_release(text)


@target("parsers.kfd", lambda: texts(seed_files("kfd_properties_*.txt", "kfd_io_link_*.txt")))
def _kfd(text):
    from rocmdoctor.machine.parsers import kfd

    props = kfd.parse_properties(text)
    for key in ("gfx_target_version", "location_id", "domain"):
        v = props.get(key)
        if isinstance(v, int):
            kfd.gfx_name(v)
            kfd.gfx_version_tuple(v)
    if isinstance(props.get("domain"), int) and isinstance(props.get("location_id"), int):
        kfd.location_to_bdf(props["domain"], props["location_id"])


@target("parsers.lspci", lambda: texts(seed_files("lspci_*.txt")))
def _lspci(text):
    from rocmdoctor.machine.parsers.lspci import acs_redirects, normalise_bdf, parse_lspci

    for bdf, dev in parse_lspci(text).items():
        acs_redirects(dev)
        normalise_bdf(bdf)
    normalise_bdf(text[:200])


@target("parsers.modprobe", lambda: texts(example_texts("fs/etc/modprobe.d", "*") +
                                          ["options amdgpu ppfeaturemask=0xffffffff\nblacklist amdgpu\n"
                                           "install amdgpu /bin/false\nalias amdgpu off\n"]))
def _modprobe(text):
    from rocmdoctor.machine.parsers.modprobe import amdgpu_denials

    amdgpu_denials(text)


@target("parsers.mounts", lambda: texts(seed_files("proc_mounts_*.txt") + example_texts("fs/proc", "mounts")))
def _mounts(text):
    from rocmdoctor.machine.parsers.mounts import parse_mounts, size_option

    for m in parse_mounts(text):
        size_option(getattr(m, "options", {}).get("size") if isinstance(getattr(m, "options", None), dict) else None)
    size_option(text[:100])


@target("parsers.rocm_smi", lambda: texts(seed_files("rocm-smi_*.json")))
def _rocm_smi(text):
    from rocmdoctor.machine.parsers.rocm_smi import parse_productname_json

    parse_productname_json(text)


@target("parsers.rocminfo", lambda: texts(seed_files("rocminfo_*.txt")))
def _rocminfo(text):
    from rocmdoctor.machine.parsers.rocminfo import gpu_agents, parse_agents

    parse_agents(text)
    gpu_agents(text)


@target("parsers.health", lambda: texts(example_texts("fs/sys/bus/pci/devices/*", "**/*err_count") +
                                        example_texts("fs/sys/bus/pci/devices/*", "aer_dev_*") +
                                        example_texts("fs/sys/bus/pci/devices/*", "pp_dpm_*") +
                                        seed_files("aer_dev_*.txt")))
def _health(text):
    """amdgpu sysfs health files: RAS err_count, bad pages, AER counters, DPM levels."""
    from rocmdoctor.machine.parsers import health

    health.err_count(text)
    health.bad_pages(text)
    health.aer_total(health.aer_counts(text))
    health.dpm_levels(text)
    health.first_int(text)


# ---------------------------------------------------------------- redaction (runs on everything written)
_SECRETS_SEED = [
    "HTTPS_PROXY=http://alice:pw@proxy.corp.example:3128\nNO_PROXY=localhost,.corp,10.0.0.0/8\n",
    "python train.py --hub_token hf_QwErTyUiOpAsDfGhJkLzXcVbNm123456 --wandb_key=abc --token X\n",
    "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.abc.def\ngit remote https://u:p@github.com/o/r.git\n",
    '{"HF_TOKEN": "x", "password": "y", "argv": ["--hub_token", "z"]}\n',
]


@target("redact.scrub_text", lambda: texts(_SECRETS_SEED + seed_files("dmesg_*.txt", "cmdline_*.txt")))
def _scrub(text):
    from rocmdoctor.base.redact import scrub_text

    out = scrub_text(text)
    if scrub_text(out) != out:
        raise AssertionError("scrub_text is not idempotent")


@target("redact.snapshot", lambda: st.tuples(texts(_SECRETS_SEED + seed_files("dmesg_*.txt", "lspci_vvv_nn_*.txt")),
                                            mutated_json([_example_probe("env")])))
def _redactor(value):
    from rocmdoctor.base.redact import Redactor

    text, env = value
    r = Redactor(hostnames=["gpu-node-17", "x"], users=["jdoe42"])
    r.text(text)
    if isinstance(env, dict):
        r.env(env)
    r.value(env)


def _corpus(name):
    with open(os.path.join(DATA, "redaction", name)) as fh:
        return json.load(fh)


@st.composite
def _meaning_cases(draw):
    """A look-alike line and a secret form from the corpora, joined, the pair repeated (inputs up
    to about a megabyte, to hold redaction to its time budget)."""
    look = draw(st.sampled_from([c for c in _corpus("lookalikes.json") if c.get("share") != "masked"]))
    secret = draw(st.sampled_from(_corpus("secrets.json")))
    join = draw(st.sampled_from(["\n", "\r\n", "\n\n", " \n"]))
    times = draw(st.sampled_from([1, 1, 2, 50, 2000]))
    return look["text"], secret, join, times


@target("redact.keeps_meaning", _meaning_cases, budget_s=2.0)
def _keeps_meaning(value):
    """Redaction keeps meaning: next to any secret form, a look-alike line (version, PCI id, hash,
    sysctl name, common word) comes out unchanged in both audiences (the SHARE redactor knowing the
    user names ubuntu/debian/rocm/root/user/amd and host names vm/node1/gpu), and the secret
    never does."""
    from rocmdoctor.base.redact import SHARE, TERMINAL, Redactor

    look, secret, join, times = value
    text = (look + join + secret["text"] + "\n") * times
    for red in (Redactor(TERMINAL), Redactor(SHARE, hostnames=["vm", "node1", "gpu"],
                                             users=["ubuntu", "debian", "rocm", "root", "user", "amd"])):
        out = red.text(text)
        if not out.startswith(look + join):
            raise AssertionError(f"{red.audience}: the look-alike {look!r} was changed: {out[:200]!r}")
        for s in secret["secrets"]:
            if s in out:
                raise AssertionError(f"{red.audience}: {secret['rule']} secret {s!r} survived next to {look!r}")


# ---------------------------------------------------------------- the user's files (scan --config) + every check
_TMP = tempfile.mkdtemp(prefix="rocmdoctor-fuzz-")
EXAMPLES = ("mi50x2-xeon", "mi300x8", "rx7900xtx")


@functools.lru_cache(maxsize=None)
def _config_base(example: str):
    """The example machine's facts that do not depend on --config files, computed once: which
    facts depend on them is traced by scanning once with a seed config."""
    from incremental import _Tracer, _TracingContext

    from rocmdoctor.engine import run as engine
    from rocmdoctor.api import make_source
    from rocmdoctor.facts import Context

    src = make_source(example=example)
    seed = os.path.join(DATA, "seeds")
    tracer = _Tracer()  # which facts each fact used: those that use the config files' settings
    engine.run(_all_specs(), _TracingContext(src, tracer, "default", {"config": [seed]}))
    dependent = {"settings", "setups", "training_config"}
    changed = True
    while changed:
        changed = False
        for fact_name, used in tracer.fact_deps.items():
            if fact_name not in dependent and used & dependent:
                dependent.add(fact_name)
                changed = True
    base = Context(src, "default", {})
    engine.run(_all_specs(), base)
    cache = {k: v for k, v in base._cache.items() if k not in dependent}
    missing = {k: v for k, v in base._missing.items() if k not in dependent}
    return src, cache, missing


def _warm_config():
    for ex in EXAMPLES:
        _config_base(ex)


def _run_config_file(data: bytes, name: str, example: str) -> None:
    """Write the user's file, then scan the example machine with --config naming it: every
    check (those that read the files, and those whose facts merge their settings)."""
    from rocmdoctor.engine import run as engine
    from rocmdoctor.facts import Context

    path = os.path.join(_TMP, name)
    with open(path, "wb") as fh:
        fh.write(data)
    src, cache, missing = _config_base(example)
    ctx = Context(src, "default", {"config": [path]})
    ctx._cache.update(cache)
    ctx._missing.update(missing)
    findings, _ = engine.run(_all_specs(), ctx)
    no_error_findings(findings)
    # Not rendered here (unlike the machine targets): a 20,000-stage Dockerfile makes findings
    # whose JSON takes minutes to build (asdict + scrub of every value); open, see docs/reliability.md.


def _load_config_bytes(data: bytes, name: str, example: str) -> None:
    path = os.path.join(_TMP, name)
    with open(path, "wb") as fh:
        fh.write(data)
    try:
        cf.load(path)
    except cf.ConfigError as exc:
        if "\n" in str(exc).strip():
            raise AssertionError(f"ConfigError message is not one line: {str(exc)[:200]!r}") from exc
    _run_config_file(data, name, example)


def _ds_seeds():
    base = json.loads(seed_files("deepspeed_ds_z2_config_llamafactory.json")[0])
    z3 = {"train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 4, "bf16": {"enabled": True},
          "fp16": {"enabled": False, "loss_scale": 0}, "zero_optimization": {
              "stage": 3, "offload_optimizer": {"device": "cpu", "pin_memory": True},
              "offload_param": {"device": "nvme"}}}
    seeds = [json.loads(t) for t in seed_files("seeds/ds_*.json")]
    return [base, z3, {"fp16": {"enabled": "auto", "loss_scale": 128}, "zero_optimization": {"stage": 1}}] + seeds


def _json_config_text():
    def dump(doc):
        try:
            return json.dumps(doc)
        except (ValueError, TypeError):  # an int too long for str(): json.dumps cannot write it
            return "{}"
    docs = mutated_json(_ds_seeds()).map(dump)
    raw = [json.dumps(d, indent=2) for d in _ds_seeds()]
    return st.one_of(docs, docs, mutated_text(raw))


@target("config.deepspeed_json", lambda: st.tuples(as_bytes(_json_config_text()), st.sampled_from(EXAMPLES)),
        setup=lambda: _warm_config())
def _ds_json(value):
    data, example = value
    _load_config_bytes(data, "ds.json", example)


BILLION_LAUGHS = ("a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
                  "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
                  "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: &f [*e, *e, *e, *e, *e, *e, *e, *e, *e]\n"
                  "stage: sft\nbf16: true\n")
YAML_GRAMMAR = [
    BILLION_LAUGHS,
    "stage: sft\nbf16: &t true\nfp16: *t\nbase: &b {flash_attn: fa2}\nmerged:\n  <<: *b\n",
    "stage: &s [*s]\n",
    "stage: sft\nwhen: 2024-01-01\nblob: !!binary aGk=\nset: !!set {a, b}\n1: one\n? [complex, key]\n: v\n",
    "stage: sft\nobj: !!python/object:os.system {}\n",
    "stage: sft\nflash_attn: fa2\nattn_implementation: [1, 2]\ndeepspeed: /nonexistent/ds.json\n",
    "output_dir: o\nbf16: true\ntf32: yes\nfp16: {enabled: auto}\nmodel_name_or_path: Qwen/Qwen2.5-7B\n",
    "%YAML 1.1\n---\nstage: sft\n...\n---\nsecond: doc\n",
    "stage: sft\nfp16: true\nbf16: false\nloss_scale: .inf\ntrain_batch_size: -.NaN\nzero_optimization: /\n",
]


@target("config.yaml", lambda: st.tuples(as_bytes(texts(seed_files("llamafactory_*.yaml", "seeds/*.yaml")
                                                           + YAML_GRAMMAR)),
                                         st.sampled_from(EXAMPLES)), setup=lambda: _warm_config())
def _yaml(value):
    data, example = value
    _load_config_bytes(data, "train.yaml", example)


SHELL_GRAMMAR = [
    "#!/bin/bash\n#SBATCH --nodes=2\n#SBATCH --gres=gpu:8\nexport HSA_OVERRIDE_GFX_VERSION=9.0.6\n"
    "srun torchrun --nproc_per_node 8 train.py --bf16 --deepspeed ds.json\n",
    "export NCCL_SOCKET_IFNAME=ib0 HF_TOKEN=hf_x\nPY=${PYTHON:-python}\n$PY -m torch.distributed.run \\\n"
    "  --nnodes=$N train.py --fp16 \"$@\" <<EOF\nx\nEOF\n",
    "deepspeed --num_gpus 2 train.py --deepspeed_config ds.json --hub_token abc\n"
    "llamafactory-cli train qwen.yaml; accelerate launch --mixed_precision bf16 t.py &\n",
    "a=$(b \"$(c)\"); [[ $x == y ]] && { f() { :; }; }\ncase $1 in a) ;; esac\nfor i in 1 2; do echo $i; done\n",
    # container runners (readers/containers.py): options with and without values, then the command
    "sudo -u u docker --context c run -itd --rm --gpus=all --device /dev/kfd --device=/dev/dri/renderD128 "
    "--shm-size 8g -eHIP_VISIBLE_DEVICES=1 --env=A=1 --group-add render --ipc=host img torchrun "
    "--nproc_per_node 1 t.py\npodman create --privileged -- img\nnerdctl run --runtime amd -e\ndocker run\n",
]


@target("artifacts.shell", lambda: st.tuples(as_bytes(texts(seed_files("seeds/*.sh") + SHELL_GRAMMAR)),
                                             st.sampled_from(("train.sh", "job.sbatch")), st.sampled_from(EXAMPLES)), setup=_warm_config)
def _shell(value):
    """Launch and Slurm scripts (rocmdoctor/artifacts/readers/shell/), through every check."""
    data, name, example = value
    _run_config_file(data, name, example)


MAKEFILE_GRAMMAR = [
    "ROCM ?= /opt/rocm\nHIPCC := $(ROCM)/bin/hipcc\nFLAGS += --offload-arch=gfx90a \\\n  -O3\nexport HSA_OVERRIDE_GFX_VERSION = 9.0.6\n"
    ".PHONY: run\nrun: build\n\t@$(Q)$(HIPCC) $(FLAGS) -o $@ $<\n\tdocker run --device=/dev/kfd $(IMAGE) \\\n\t\t-t x $$HOME\n",
    "ifneq ($(wildcard /x),)\n\tA = $(shell id -u)\nendif\nB != echo\ndefine X\n\tpip install torch\nendef\n"
    "t: ; echo\n\t-$(patsubst %,%,$(wildcard *))\n$(\n${\n\\\n",
]


@target("artifacts.makefile", lambda: st.tuples(as_bytes(texts(MAKEFILE_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _makefile(value):
    """Makefiles read as the shell script make runs (rocmdoctor/artifacts/readers/makefile.py), through every check."""
    data, example = value
    _run_config_file(data, "Makefile", example)


PYPROJECT_GRAMMAR = [
    '[project]\nname = "x"\ndependencies = [\n    "torch>=2.4",\n    "vllm==0.7.2",\n    "flash-attn",\n]\n'
    '[project.optional-dependencies]\ngpu = ["xformers"]\n',
    '[tool.poetry.dependencies]\npython = "^3.10"\ntorch = {version = "^2.4.0", source = "rocm"}\nfa = {git = "x"}\n'
    'y = "2.0 || 2.1"\nz = "2.5.*"\nw = ["a", 1]\n[[tool.poetry.source]]\nname = "rocm"\npriority = "primary"\n'
    'url = "https://download.pytorch.org/whl/rocm6.2"\n',
    '[tool.poetry]\ndependencies = 3\nsource = "x"\n[project]\ndependencies = "torch"\n[project\n',
]


@target("artifacts.pyproject", lambda: st.tuples(as_bytes(texts(PYPROJECT_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _pyproject(value):
    """A project's pyproject.toml named by itself (rocmdoctor/artifacts/readers/pyproject.py), through every check."""
    data, example = value
    _run_config_file(data, "pyproject.toml", example)


TASK_GRAMMAR = [
    "resources:\n  accelerators: H100:8\n  image_id: docker:nvcr.io/nvidia/pytorch:26.02-py3\nenvs:\n  NCCL_DEBUG: INFO\n"
    "setup: |\n  set -ex\n  pip install -r requirements.txt\nrun: |\n  torchrun --nproc-per-node 8 \\\n    train.py\n",
    "type: task\nimage: rocm/pytorch:latest\nenv:\n  - HIP_VISIBLE_DEVICES=0\n  - TOKEN\nresources:\n  gpu: MI300X:8\n"
    "commands:\n  - pip install x\n  - |\n    cd /app\n    python run.py\n  - python a.py\n    --flag\n",
    "run: python x.py\nnum_nodes: {\nenvs: {A: 1, B: \"2\"}\nsetup: >\n\t- \n",
    "resources:\n  preset: gpu-l4\nimage: quay.io/x/torch:2.3.1-cuda12.1\nrun:\n  - command: |-\n      pip install x\n"
    "      python a.py \\\n      --b 1\n    workdir: /w\n  - name: y\n",
]


@target("artifacts.task", lambda: st.tuples(as_bytes(texts(TASK_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _task(value):
    """SkyPilot tasks and dstack configurations (rocmdoctor/artifacts/readers/tasks.py), through every check."""
    data, example = value
    _run_config_file(data, ".dstack.yml" if b"commands" in data else "sky.yaml", example)


HOSTFILE_GRAMMAR = [
    "worker-1 slots=8\nworker-2 slots=8\n# comment\n10.0.0.7:4\nnode3 slots=2 max_slots=4\n",
    "n1 slots=\nslots=2\n\t\n:8\nlocalhost slots=99999999999999999999\n",
]


@target("artifacts.hostfile", lambda: st.tuples(as_bytes(texts(HOSTFILE_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _hostfile(value):
    """DeepSpeed/MPI hostfiles (rocmdoctor/artifacts/readers/hostfile.py), through every check."""
    data, example = value
    _run_config_file(data, "hostfile", example)


APPTAINER_GRAMMAR = [
    "Bootstrap: docker\nFrom: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n\n%post\n    pip install x\n",
    "bootstrap:oras\nFROM: oras://ghcr.io/a/b:latest # c\n%environment\nexport A=1\nFrom: nvidia/cuda:12.1\n",
    "Bootstrap: localimage\nFrom: ./base.sif\nFrom:\n%\nBootstrap: library\n",
]


@target("artifacts.apptainer", lambda: st.tuples(as_bytes(texts(APPTAINER_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _apptainer(value):
    """Apptainer/Singularity definition files (rocmdoctor/artifacts/readers/apptainer.py), through every check."""
    data, example = value
    _run_config_file(data, "image.def", example)


HELM_VALUES_GRAMMAR = [
    "image:\n  repository: vllm/vllm-openai\n  tag: v0.6.0\nresources:\n  limits:\n    nvidia.com/gpu: 1\n",
    "images:\n  vllm:\n    registry: ghcr.io\n    repository: a/b\n    tag: \"\"\nnodeSelector:\n  nvidia.com/gpu.product: A100\n",
    "worker:\n  affinity:\n    nodeAffinity:\n      requiredDuringSchedulingIgnoredDuringExecution:\n        nodeSelectorTerms:\n"
    "        - matchExpressions:\n          - key: nvidia.com/gpu.count\n            operator: In\n            values: [1]\n",
    "servingEngineSpec:\n  modelSpec:\n  - repository: rocm/vllm\n    tag: {{ .Values.x }}\n    requestGPUType: amd.com/gpu\n",
]


@target("artifacts.helm_values", lambda: st.tuples(as_bytes(texts(HELM_VALUES_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _helm_values(value):
    """A Helm chart's values file (rocmdoctor/artifacts/readers/helm_values.py), through every check."""
    data, example = value
    _run_config_file(data, "values.yaml", example)


REQUIREMENTS_GRAMMAR = [
    "# deps\ntorch>=2.0  # x\n-r other.txt\n--extra-index-url https://u:p@download.pytorch.org/whl/rocm6.2\n"
    "deepspeed>=0.10 ; python_version >= \"3.9\"\npeft==0.12 \\\n    --hash=sha256:ab\n-e ./pkg\n",
    "-i\n-r\n--index-url=\n-c c.txt\ntorch[x]==2.1.2+rocm6.0\nflash_attn @ https://h/f.whl\n\\\n",
]


@target("artifacts.requirements", lambda: st.tuples(as_bytes(texts(REQUIREMENTS_GRAMMAR)),
                                                    st.sampled_from(EXAMPLES)), setup=_warm_config)
def _requirements(value):
    """pip requirements files (rocmdoctor/artifacts/readers/requirements.py), through every check."""
    data, example = value
    _run_config_file(data, "requirements.txt", example)


DOCKER_GRAMMAR = [
    "FROM rocm/pytorch:latest\nENV HSA_OVERRIDE_GFX_VERSION=11.0.0 A=b\nENV OLD value with spaces\n"
    "RUN pip install torch==2.3 --index-url https://u:p@h/x && \\\n    pip install -r req.txt\nCMD [\"python\"]\n",
    "# syntax=docker/dockerfile:1\nARG X=1\nFROM a AS b\nRUN <<EOF\nset -e\nEOF\nENTRYPOINT torchrun t.py\n",
]


@target("artifacts.dockerfile", lambda: st.tuples(as_bytes(texts(seed_files("seeds/Dockerfile") + DOCKER_GRAMMAR)),
                                                  st.sampled_from(EXAMPLES)), setup=_warm_config)
def _dockerfile(value):
    """Dockerfiles (rocmdoctor/artifacts/readers/dockerfile.py), through every check."""
    data, example = value
    _run_config_file(data, "Dockerfile", example)


COMPOSE_GRAMMAR = [
    "services:\n  train:\n    image: rocm/pytorch\n    devices: [/dev/kfd, /dev/dri]\n    shm_size: 64g\n"
    "    environment:\n      - HSA_OVERRIDE_GFX_VERSION=9.0.6\n      - A\n    group_add: [video, render]\n",
    "services:\n  t: &t\n    environment: {A: 1, B: null}\n    ipc: host\n  u: *t\n  v: [1]\n  w:\n",
]


@target("artifacts.compose", lambda: st.tuples(as_bytes(texts(seed_files("seeds/docker-compose.yml") +
                                                              COMPOSE_GRAMMAR)), st.sampled_from(EXAMPLES)), setup=_warm_config)
def _compose(value):
    """Compose files (rocmdoctor/artifacts/readers/compose.py), through every check."""
    data, example = value
    _run_config_file(data, "docker-compose.yml", example)


KUBERNETES_GRAMMAR = [
    "apiVersion: v1\nkind: Pod\nmetadata:\n  name: train\nspec:\n  securityContext:\n    runAsUser: 1000\n"
    "    supplementalGroups: [44, 109]\n  containers:\n  - name: t\n    image: rocm/pytorch:latest\n"
    "    resources:\n      limits:\n        amd.com/gpu: 8\n    env:\n    - {name: HSA_OVERRIDE_GFX_VERSION, value: '9.0.6'}\n"
    "    volumeMounts:\n    - {name: dshm, mountPath: /dev/shm}\n  volumes:\n  - name: dshm\n    emptyDir: {medium: Memory}\n",
    "apiVersion: batch/v1\nkind: Job\nspec:\n  template:\n    spec:\n      containers: [{image: x, env: [1, {name: A}]}]\n"
    "---\napiVersion: kubeflow.org/v1\nkind: PyTorchJob\nspec: {pytorchReplicaSpecs: {Worker: {replicas: -1}}}\n",
    # Dynamic Resource Allocation: a claim template and a pod that claims from it (names missing, nested oddly)
    "apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata: {name: g}\nspec:\n  spec:\n    devices:\n"
    "      requests: [{name: gpu, exactly: {deviceClassName: gpu.amd.com}}, 1, {exactly: [deviceClassName]}]\n"
    "---\napiVersion: v1\nkind: Pod\nspec:\n  resourceClaims: [{name: gpu, resourceClaimTemplateName: g}, {source: 1}, x]\n"
    "  containers:\n  - {name: c, image: rocm/pytorch, command: [sh, -c], args: ['rocm-smi; exit 0'],"
    " resources: {claims: [{name: gpu}, {}, null]}}\n",
]


@target("artifacts.kubernetes", lambda: st.tuples(as_bytes(texts(KUBERNETES_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _kubernetes(value):
    """Kubernetes manifests (rocmdoctor/artifacts/readers/kubernetes.py), through every check."""
    data, example = value
    _run_config_file(data, "pod.yaml", example)


DEVCONTAINER_GRAMMAR = [
    '// comment\n{\n "name": "rocm",\n "image": "rocm/pytorch:latest", /* pinned? */\n "runArgs": ["--device=/dev/kfd",'
    ' "--device", "/dev/dri", "--group-add=video", "--ipc=host", // trailing\n ],\n'
    ' "containerEnv": {"HSA_OVERRIDE_GFX_VERSION": "10.3.0", "URL": "http://a//b", "1X": "y"},\n "remoteUser": "vscode",\n}\n',
    '{"build": {"dockerfile": "../Dockerfile", "context": "..", "args": [1]}, "runArgs": "--privileged",'
    ' "containerEnv": [], "privileged": true, "containerUser": 7}',
    '{"dockerComposeFile": ["a.yml", "b.yml"], "service": null}',
]


@target("artifacts.devcontainer", lambda: st.tuples(as_bytes(texts(DEVCONTAINER_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _devcontainer(value):
    """Dev Containers (rocmdoctor/artifacts/readers/devcontainer.py, JSON with comments), through every check."""
    data, example = value
    _run_config_file(data, "devcontainer.json", example)


CONDA_GRAMMAR = [
    "name: train\nchannels: [conda-forge]\ndependencies:\n  - python=3.11\n  - pip\n  - pip:\n"
    "    - --extra-index-url https://u:p@download.pytorch.org/whl/rocm6.2\n    - torch==2.5.1+rocm6.2\n"
    "    - deepspeed>=0.14\n",
    "dependencies:\n  - pip: [torch --index-url x, {a: 1}, null]\n  - [nested]\n",
    # a conda-lock file (read line by line: requirements.read_conda_lock)
    "version: 1\nmetadata:\n  channels: []\npackage:\n- name: pytorch\n  version: 2.0.1\n  manager: conda\n"
    "  url: https://conda.anaconda.org/pytorch/linux-64/pytorch-2.0.1-py3.10_cuda11.8_cudnn8.7.0_0.tar.bz2\n",
]


@target("artifacts.conda_env", lambda: st.tuples(as_bytes(texts(CONDA_GRAMMAR)), st.sampled_from(EXAMPLES)),
        setup=_warm_config)
def _conda_env(value):
    """conda environment files (rocmdoctor/artifacts/readers/requirements.py), through every check."""
    data, example = value
    _run_config_file(data, "environment.yml", example)


# ---------------------------------------------------------------- probe data, files and command output, through every check
@functools.lru_cache(maxsize=None)
def _example_probe(name: str, example: str = "mi300x8"):
    path = os.path.join(example_dirs()[example], "probes", name + ".json")
    with open(path, encoding="utf-8") as fh:
        return json.load(fh)["data"]


@functools.lru_cache(maxsize=None)
def _all_specs():
    from rocmdoctor.engine import registry

    return registry.load(False).select()


def _scan(src) -> None:
    from rocmdoctor.engine import run as engine
    from rocmdoctor.facts import Context

    findings, _ = engine.run(_all_specs(), Context(src, "default", {}))
    no_error_findings(findings)
    _outputs(findings)


def _outputs(findings) -> None:
    """Every output format renders what the checks found (text, JSON, JUnit, Prometheus)."""
    from rocmdoctor.output import junit
    from rocmdoctor.output import text as render
    from rocmdoctor.engine.model import Report

    report = Report(findings=findings, source={"kind": "fuzz"}, level="default", tool_version="fuzz")
    render.lines(report, verbose=True)
    d = report.to_dict()
    json.dumps(d, default=str)
    junit.report_xml(d, name="fuzz")
    try:
        from rocmdoctor.output import prometheus
    except ImportError:
        return
    prometheus.render(report)


@functools.lru_cache(maxsize=None)
def _incremental(example: str):
    """The example's base scan, traced (tests/fuzz/incremental.py): a changed input re-runs
    only the facts and checks that read it."""
    from incremental import Incremental

    from rocmdoctor.machine.sources import SnapshotSource

    return Incremental.of(SnapshotSource(example_dirs()[example]), _all_specs())


def _scan_changed(example: str, *, probe=None, file=None, command=None) -> None:
    """Every check that the one replaced input can affect, on the example machine with it."""
    from rocmdoctor.machine.sources import _norm

    key = (("probe", probe[0]) if probe is not None else ("read", _norm(file[0])) if file is not None
           else ("run", tuple(command[0])))
    findings = _incremental(example).run(_fuzz_source(example, probe=probe, file=file, command=command), key)
    no_error_findings(findings)
    _outputs(findings)


def _fuzz_source(example: str, *, probe=None, file=None, command=None):
    """The example machine with one probe's data, one file or one command's output replaced."""
    from rocmdoctor.machine.proc import CommandResult
    from rocmdoctor.machine.sources import FileRead, ProbeResult, SnapshotSource

    class FuzzSource(SnapshotSource):
        def probe(self, name):
            if probe is not None and name == probe[0]:
                return ProbeResult(name, data=probe[1])
            return super().probe(name)

        def read(self, path):
            if file is not None and path == file[0]:
                return FileRead(path, file[1], None)
            return super().read(path)

        def run(self, argv, timeout=10.0):
            if command is not None and tuple(argv) == command[0]:
                return CommandResult(tuple(argv), 0, command[1], "")
            return super().run(argv, timeout)

    return FuzzSource(example_dirs()[example])


def _probe_cases():
    cases = []
    for ex in EXAMPLES + ("no-gpu",):
        d = os.path.join(example_dirs()[ex], "probes")
        for fn in sorted(os.listdir(d)):
            if fn.endswith(".json"):
                cases.append((ex, fn[:-5]))
    return st.sampled_from(cases).flatmap(
        lambda c: st.tuples(st.just(c[0]), st.just(c[1]), mutated_json([_example_probe(c[1], c[0])])))


def _warm_incremental():
    for ex in EXAMPLES + ("no-gpu",):
        _incremental(ex)


@target("probes.data", _probe_cases, setup=_warm_incremental)
def _probe(value):
    """Each probe's JSON (env, identity, devnodes, fsstats, python, amdsmi, system...), through every check."""
    example, name, data = value
    _scan_changed(example, probe=(name, data))


def _files():
    cases = []
    for ex in EXAMPLES:
        fs = os.path.join(example_dirs()[ex], "fs")
        for root, _, names in os.walk(fs):
            for n in names:
                p = os.path.join(root, n)
                with open(p, encoding="utf-8", errors="replace") as fh:
                    cases.append((ex, "/" + os.path.relpath(p, fs), fh.read()))
    return st.sampled_from(cases).flatmap(
        lambda c: st.tuples(st.just(c[0]), st.just(c[1]), mutated_text([c[2]])))


@target("machine.files", _files, setup=_warm_incremental)
def _file(value):
    """Each recorded file (/proc, /sys, /etc, /opt/rocm ...), mutated, through every check."""
    example, path, text = value
    _scan_changed(example, file=(path, text))


def _commands():
    cases = []
    for ex in EXAMPLES + ("no-gpu",):
        cmd = os.path.join(example_dirs()[ex], "cmd")
        for slug in sorted(os.listdir(cmd)):
            with open(os.path.join(cmd, slug, "argv.json")) as fh:
                argv = tuple(json.load(fh))
            with open(os.path.join(cmd, slug, "stdout"), encoding="utf-8", errors="replace") as fh:
                cases.append((ex, argv, fh.read()))
    extra = seed_files("dmesg_*.txt")
    return st.sampled_from(cases).flatmap(
        lambda c: st.tuples(st.just(c[0]), st.just(c[1]), mutated_text([c[2]] + (extra if c[1] == ("dmesg",) else []))))


@target("machine.commands", _commands, setup=_warm_incremental)
def _command(value):
    """Each recorded command's output (lspci, dmesg, dkms, systemd-detect-virt), through every check."""
    example, argv, out = value
    _scan_changed(example, command=(argv, out))


# ---------------------------------------------------------------- the snapshot loader
@functools.lru_cache(maxsize=None)
def _snapshot_copy() -> str:
    d = os.path.join(_TMP, "snap")
    shutil.copytree(example_dirs()["mi50x2-xeon"], d)
    return d


def _snapshot_parts():
    d = example_dirs()["mi50x2-xeon"]
    with open(os.path.join(d, "manifest.json")) as fh:
        manifest = json.load(fh)
    probes = sorted(fn for fn in os.listdir(os.path.join(d, "probes")) if fn.endswith(".json"))

    def dump(doc):
        try:
            return json.dumps(doc, indent=1).encode()
        except (ValueError, TypeError):
            return b"{}"
    manifest_bytes = st.one_of(mutated_json([manifest]).map(dump),
                               as_bytes(mutated_text([json.dumps(manifest, indent=1)])))
    probe_bytes = st.sampled_from(probes).flatmap(lambda fn: st.tuples(st.just(fn), as_bytes(mutated_text(
        [open(os.path.join(d, "probes", fn), encoding="utf-8").read()]))))
    return st.tuples(manifest_bytes, st.one_of(st.none(), probe_bytes))


@target("snapshot.load", _snapshot_parts)
def _snapshot(value):
    """manifest.json (with its fs_index) and a probe file as bytes; load and scan the snapshot."""
    from rocmdoctor.machine.sources import SnapshotSource

    manifest, probe = value
    d = _snapshot_copy()
    originals = {}
    targets = [("manifest.json", manifest)] + ([(os.path.join("probes", probe[0]), probe[1])] if probe else [])
    for rel, data in targets:
        p = os.path.join(d, rel)
        with open(p, "rb") as fh:
            originals[p] = fh.read()
        with open(p, "wb") as fh:
            fh.write(data)
    try:
        try:
            src = SnapshotSource(d)
        except SourceError as exc:
            if "\n" in str(exc).strip():
                raise AssertionError(f"SourceError message is not one line: {str(exc)[:200]!r}") from exc
            return
        src.describe()
        _scan(src)
    finally:
        for p, data in originals.items():
            with open(p, "wb") as fh:
                fh.write(data)


# ---------------------------------------------------------------- what other nodes and earlier runs send
@functools.lru_cache(maxsize=None)
def _payloads():
    import rocmdoctor

    out = []
    for i, ex in enumerate(("mi300x8", "mi50x2-xeon")):
        rep = rocmdoctor.scan(example=ex).to_dict()
        rep.setdefault("results", {})["node_summary"] = {"gpus": 2, "gfx": ["gfx906"], "env": {"NCCL_DEBUG": "INFO"}}
        out.append({"node": f"node{i}", "rank": i, "report": rep, "error": None})
    return out


@target("cluster.payloads", lambda: mutated_json([_payloads()]))
def _cluster(payloads):
    """Node reports arriving over the rendezvous store (or --from), judged into the cluster report."""
    from rocmdoctor.cluster import report as creport
    from rocmdoctor.output.junit import cluster_xml

    if not isinstance(payloads, list) or not all(isinstance(p, dict) for p in payloads):
        return  # the protocol only hands build() a list of objects
    cluster = creport.build(payloads, level="default", world_size=len(payloads))
    json.dumps(cluster, default=str)
    cluster_xml(cluster)


@target("bench.compare", lambda: mutated_json([{"results": {"bench_matmul": json.loads(
        seed_files("bench_cpu_matmul.json")[0])}}, json.loads(seed_files("bench_cpu_membw.json")[0])]))
def _bench_compare(baseline):
    """`rocmdoctor bench --compare FILE`: the baseline is any JSON the user passes."""
    from rocmdoctor.commands.bench import compare

    now = {"bench_matmul": json.loads(seed_files("bench_cpu_matmul.json")[0])}
    compare(now, baseline)


@target("llamafactory.source", lambda: texts(seed_files("llamafactory_v*_*.py.txt")))
def _lf_source(text):
    """LLaMA-Factory's own source, read from the target environment for its version pins."""
    from rocmdoctor.knowledge import llamafactory as lf

    lf.parse_runtime_checks(text, "extras/misc.py")


# ---------------------------------------------------------------- logs (explain, run, kernel-log health)
@target("logs.scan", lambda: as_bytes(texts(seed_files("logs/*.txt", "dmesg_*.txt"))))
def _logs(data):
    """The streaming log reader and signature matcher (rocmdoctor.logs.logscan) on log bytes."""
    import io

    from rocmdoctor.logs.logscan.reader import ScanResult, scan_stream

    result = ScanResult()
    scan_stream(io.BytesIO(data), result, name="train.log")


@target("logs.shape", lambda: texts(seed_files("logs/*.txt", "dmesg_*.txt")))
def _log_shape(text):
    """The shape readers `explain` falls back on (rocmdoctor.logs.structure: tracebacks, NCCL classes, kernel lines,
    stops, the terminal's commands and *_VISIBLE_DEVICES) on a log's lines."""
    from rocmdoctor.logs.structure import analyze

    analyze(text.splitlines(), "train.log")


# ---------------------------------------------------------------- bootloader files (fix --iommu)
def _refused():
    from rocmdoctor.remedy.fixplan import Refused

    return Refused


@target("fixes.grub_default", lambda: texts(seed_files("boot/*/etc/default/grub", "boot/*/etc/default/grub.d/*.cfg")),
        allowed=(_refused(),))
def _grub_default(text):
    """/etc/default/grub is shell: what cannot be read is refused; an edit reads back with iommu=pt."""
    from rocmdoctor.fixes import grub_default as gd

    new = gd.edit([("/etc/default/grub", text)], gd.DEFAULT, ["iommu=pt"], ["iommu=soft", "amd_iommu=off"])
    out = [("/etc/default/grub", new.get("/etc/default/grub", text))]
    assert not gd.missing(gd.tokens_of(gd.effective(out)), ["iommu=pt"])


@target("fixes.loader_entries", lambda: texts(seed_files("boot/*/boot/loader/entries/*.conf",
                                                          "boot/*/efi/loader/entries/*.conf",
                                                          "boot/*/boot/efi/loader/entries/*.conf",
                                                          "boot/*/etc/kernel/cmdline")), allowed=(_refused(),))
def _loader_entries(text):
    """Boot Loader Specification entries and /etc/kernel/cmdline: an edit reads back with iommu=pt."""
    from rocmdoctor.fixes import loader_entries as le

    assert ("iommu", "pt") in le.args(le.edit_entry(text, ["iommu=pt"], ["iommu=soft"]))
    le.edit_plain(text, ["iommu=pt"], ["iommu=soft"])
