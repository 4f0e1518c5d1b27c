"""RD-PIN-*: declared requirements and LLaMA-Factory's runtime version checks.

Distributions are real dist-info directories with METADATA in a temporary site
directory, read by the python probe's own ``distributions()`` through
importlib.metadata, so the pin logic meets packaging's real behaviour. LLaMA-Factory's
checks come from its real v0.9.3 / v0.9.4 sources (tests/data).
"""
import importlib.util
import os
from importlib import metadata

import pytest

import rocmdoctor
from rocmdoctor.facts.python_env import PythonEnv, sane_distribution
from rocmdoctor.facts.training_stack import requirement_violations
from rocmdoctor.knowledge import llamafactory as lf
from rocmdoctor.engine.model import Status
from rocmdoctor.testing import build_snapshot

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
PY = "/opt/venv/bin/python3"
LF_DIR = "/opt/venv/lib/python3.11/site-packages/llamafactory"
_REAL_DISTRIBUTIONS = metadata.distributions
PROBE = os.path.join(os.path.dirname(rocmdoctor.__file__), "machine", "childprobes", "python_env.py")

# LLaMA-Factory 0.9.4's pyproject.toml, as pip writes it into METADATA.
LF_094 = ["torch>=2.4.0", "transformers!=4.52.0,!=4.57.0,<=4.57.1,>=4.51.0", "datasets<=4.0.0,>=2.16.0",
          "accelerate<=1.11.0,>=1.3.0", "peft<=0.17.1,>=0.14.0", "trl<=0.24.0,>=0.18.0",
          'deepspeed<=0.16.9,>=0.10.0; extra == "deepspeed"', 'pytest; extra == "dev"']
GOOD = {"deepspeed": "0.16.9", "transformers": "4.57.1", "datasets": "3.6.0", "accelerate": "1.10.1",
        "peft": "0.17.1", "trl": "0.23.0", "torch": "2.4.1+rocm6.1", "numpy": "1.26.4"}


def data(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return fh.read()


def make_site(root, versions, requires=None):
    """One dist-info per distribution; requires: name -> Requires-Dist lines."""
    requires = requires or {}
    for name, version in versions.items():
        d = root / f"{name.replace('-', '_')}-{version}.dist-info"
        d.mkdir(parents=True)
        lines = ["Metadata-Version: 2.1", f"Name: {name}", f"Version: {version}"]
        lines += [f"Requires-Dist: {r}" for r in requires.get(name, [])]
        (d / "METADATA").write_text("\n".join(lines) + "\n")
    return root


def read_dists(monkeypatch, site):
    """The python probe's distributions(), over the temporary site only."""
    spec = importlib.util.spec_from_file_location("rd_python_env_probe", PROBE)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    monkeypatch.setattr(metadata, "distributions", lambda: _REAL_DISTRIBUTIONS(path=[str(site)]))
    return mod.distributions()


def scan(tmp_path, monkeypatch, versions, *, lf_version="0.9.4", sources=("v0.9.4",), env=None,
         extra_requires=None, codes=("RD-PIN",)):
    reqs = {"llamafactory": LF_094, **(extra_requires or {})}
    site = make_site(tmp_path / "site", {"llamafactory": lf_version, **versions}, reqs)
    dists = read_dists(monkeypatch, site)
    files = {}
    for tag in sources:
        files[f"{LF_DIR}/extras/misc.py"] = data(f"llamafactory_{tag}_extras_misc.py.txt")
        files[f"{LF_DIR}/hparams/parser.py"] = data(f"llamafactory_{tag}_hparams_parser.py.txt")
    probes = {"python": {"python": {"executable": PY, "version": "3.11.9"}, "distributions": dists},
              "deepspeed": {"llamafactory": {"origin": f"{LF_DIR}/__init__.py", "dirs": [LF_DIR] if sources else []}},
              "env": env or {}}
    s = build_snapshot(tmp_path / "snap", files=files, probes=probes)
    return {f.code: f for f in rocmdoctor.scan(snapshot=s, select=list(codes), level="default").findings}


def test_parser_reads_real_sources_and_matches_table():
    v3 = lf.parse_runtime_checks(data("llamafactory_v0.9.3_hparams_parser.py.txt"), "hparams/parser.py")
    assert [(c.requirement, c.mandatory, c.only_with_deepspeed) for c in v3] == [
        ("deepspeed>=0.10.0,<=0.16.9", True, True)]
    v4 = lf.parse_runtime_checks(data("llamafactory_v0.9.4_hparams_parser.py.txt"), "hparams/parser.py")
    assert [(c.requirement, c.mandatory) for c in v4] == [("deepspeed", True), ("deepspeed>=0.10.0,<=0.16.9", False)]
    for tag in ("0.9.3", "0.9.4"):
        parsed = lf.parse_runtime_checks(data(f"llamafactory_v{tag}_extras_misc.py.txt"), "extras/misc.py")
        parsed += lf.parse_runtime_checks(data(f"llamafactory_v{tag}_hparams_parser.py.txt"), "hparams/parser.py")
        table = lf.KNOWN_CHECKS[tag]
        assert sorted((c.requirement, c.mandatory) for c in parsed) == sorted((c.requirement, c.mandatory)
                                                                               for c in table)
    assert lf.known_checks("0.9.4.dev0")[0] == "0.9.4" and lf.known_checks("0.7.0") is None


def test_stack_within_pins_passes(tmp_path, monkeypatch):
    f = scan(tmp_path, monkeypatch, GOOD)
    assert f["RD-PIN-001"].status is Status.PASS
    assert f["RD-PIN-002"].status is Status.PASS


def test_deepspeed_018_refused_then_hidden_by_disable_version_check(tmp_path, monkeypatch):
    versions = dict(GOOD, deepspeed="0.18.3")
    f = scan(tmp_path / "a", monkeypatch, versions)
    one = f["RD-PIN-001"]
    assert one.status is Status.FAIL and "deepspeed 0.18.3 fails deepspeed>=0.10.0,<=0.16.9" in one.title
    assert one.data["source"].endswith("parser.py")  # read from the installed source
    argv = one.fix.actions[-1].argv
    assert argv[:4] == (PY, "-m", "pip", "install") and "deepspeed<=0.16.9,>=0.10.0" in argv
    assert not any(a.startswith("torch") for a in argv)
    # pip metadata sees the same pin through the `deepspeed` extra.
    two = f["RD-PIN-002"]
    assert two.status is Status.WARN and "deepspeed" in two.title

    f = scan(tmp_path / "b", monkeypatch, versions, env={"DISABLE_VERSION_CHECK": "1"})
    one = f["RD-PIN-001"]
    assert one.status is Status.WARN and "DISABLE_VERSION_CHECK=1 is hiding 1" in one.title
    assert any(e.source == "environment" for e in one.evidence)


def test_mandatory_pin_ignores_disable_version_check(tmp_path, monkeypatch):
    f = scan(tmp_path, monkeypatch, dict(GOOD, deepspeed="0.17.1", transformers="4.52.4", accelerate="1.7.0",
                                         peft="0.15.2", trl="0.9.6"),
             lf_version="0.9.3", sources=("v0.9.3",), env={"DISABLE_VERSION_CHECK": "true"})
    one = f["RD-PIN-001"]
    assert one.status is Status.FAIL and "(mandatory)" in one.title
    assert "ignore DISABLE_VERSION_CHECK" in one.detail


def test_fallback_table_when_source_unreadable(tmp_path, monkeypatch):
    f = scan(tmp_path, monkeypatch, dict(GOOD, peft="0.18.0"), sources=())
    one = f["RD-PIN-001"]
    assert one.status is Status.FAIL and "peft 0.18.0 fails peft>=0.14.0,<=0.17.1" in one.title
    assert "table" in one.detail and one.data["source"] == "table v0.9.4"


def test_metadata_pin_stricter_than_runtime_check(tmp_path, monkeypatch):
    # 4.57.0 passes LLaMA-Factory 0.9.4's runtime check but its metadata excludes it.
    f = scan(tmp_path, monkeypatch, dict(GOOD, transformers="4.57.0"))
    assert f["RD-PIN-001"].status is Status.PASS
    two = f["RD-PIN-002"]
    assert two.status is Status.WARN and "transformers" in two.title
    assert any("!=4.57.0" in a for a in two.fix.actions[-1].argv)


def test_requirement_violations_markers_and_missing(tmp_path, monkeypatch):
    site = make_site(tmp_path, {"tool": "1.0", "numpy": "2.1.0", "llamafactory": "0.9.4"},
                     {"tool": ["numpy<2", "colorama; sys_platform == 'win32'", "tomli; python_version < '3.11'",
                               "absent-pkg>=1"], "llamafactory": LF_094})
    dists = {k: sane_distribution(k, d) for k, d in read_dists(monkeypatch, site).items()}  # as the fact gives them
    got = {(v.requirer, v.package, v.installed) for v in requirement_violations(dists, PythonEnv(version="3.11.9"))}
    # colorama (win32) and tomli (python<3.11) do not apply; llamafactory's deepspeed extra is not
    # installed, so it is not a violation; the torch/transformers... it requires are missing.
    assert ("tool", "numpy", "2.1.0") in got and ("tool", "absent-pkg", None) in got
    assert not any(p in ("colorama", "tomli", "deepspeed", "pytest") for _, p, _ in got)
    got_310 = {v.package for v in requirement_violations(dists, PythonEnv(version="3.10.14"))}
    assert "tomli" in got_310


@pytest.mark.parametrize("value,hidden", [("1", True), ("y", True), ("0", False)])
def test_disable_version_check_values(tmp_path, monkeypatch, value, hidden):
    f = scan(tmp_path, monkeypatch, dict(GOOD, trl="0.25.0"), env={"DISABLE_VERSION_CHECK": value})
    assert (f["RD-PIN-001"].status is Status.WARN) is hidden


def test_pin_fix_pins_the_installed_torch_and_builds_deepspeed_against_it():
    # The seed machine: LLaMA-Factory 0.9.3 with deepspeed 0.18.3 and a rocm6.1 torch.
    [f] = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-PIN-001"]).findings
    assert f.status is Status.FAIL and "with a DeepSpeed config" in f.title  # plain torchrun still starts
    install = f.fix.actions[-1].argv
    assert "torch==2.3.0+rocm6.1" in install  # pip must refuse rather than replace torch
    assert "--no-build-isolation" in install and any(a.startswith("deepspeed<=0.16.9") for a in install)


def test_llamafactory_mandatory_deepspeed_pin_fails_for_a_deepspeed_run(tmp_path, lint):
    # MI50 example: LLaMA-Factory 0.9.3 (mandatory deepspeed<=0.16.9), deepspeed 0.18.3 installed
    yaml_path, _, script = lint.seeds("qwen_lora_sft_ds2.yaml", "ds_z2_config.json", "train_qwen_ddp_fp32.sh")
    fs = lint([yaml_path, script], "RD-PIN-003")
    assert lint.statuses(fs) == ["fail"] and "mandatory" in fs[0].title
    assert any(e.source.endswith("train_qwen_ddp_fp32.sh:9") for e in fs[0].evidence)  # DISABLE_VERSION_CHECK=1


def test_llamafactory_pin_not_involved_without_deepspeed(lint):
    assert lint.statuses(lint([os.path.join(SEEDS, "train_qwen_ddp_fp32.sh")], "RD-PIN-003")) == ["pass"]


def test_llamafactory_deepspeed_check_fails_when_deepspeed_is_not_installed():
    # The check function on its inputs: LLaMA-Factory 0.9.4's checks read from its real source
    # (tests/data), a DeepSpeed run from the seeds, and an environment without DeepSpeed.
    from rocmdoctor.checks.pins import llamafactory_deepspeed_pin
    from rocmdoctor.facts.python_env import Distribution
    from rocmdoctor.facts.training_stack import LlamaFactory
    from rocmdoctor.knowledge import llamafactory as lf
    from rocmdoctor.artifacts.readers import read_all

    checks = []
    for name, where in (("llamafactory_v0.9.4_extras_misc.py.txt", "extras/misc.py"),
                        ("llamafactory_v0.9.4_hparams_parser.py.txt", "hparams/parser.py")):
        with open(os.path.join(DATA, name), encoding="utf-8") as fh:
            checks += lf.parse_runtime_checks(fh.read(), where)
    lfv = LlamaFactory("0.9.4", tuple(checks), "tests/data", False)
    setups = read_all([os.path.join(SEEDS, "qwen_lora_sft_ds2.yaml")]).setups
    out = llamafactory_deepspeed_pin(setups, lfv, {"transformers": Distribution(name="transformers", version="4.51.0")},
                                     env={"DISABLE_VERSION_CHECK": "1"})
    assert out.status == Status.FAIL and "not installed" in out.title and "mandatory" in out.title
    ok_ = llamafactory_deepspeed_pin(setups, lfv, {"deepspeed": Distribution(name="deepspeed", version="0.16.9")})
    assert ok_.status == Status.PASS


def test_llamafactory_deepspeed_pin_only_for_llamafactory_runs(tmp_path, lint):
    ds = lint.write("ds.json", '{"zero_optimization": {"stage": 2}, "train_batch_size": "auto"}\n')
    plain = lint.write("plain.sh", f"deepspeed --num_gpus 2 train.py --deepspeed {ds}\n")
    assert lint.flagged(lint([plain, ds], "RD-PIN-003", "mi50x2-xeon")) == []
    lf = lint.write("lf.sh", f"FORCE_TORCHRUN=1 llamafactory-cli train --deepspeed {ds} --stage sft\n")
    fs = lint.flagged(lint([lf, ds], "RD-PIN-003", "mi50x2-xeon"))
    assert fs and fs[0].evidence[0].source == f"{lf}:1"  # the line that makes the run use DeepSpeed


# --- fresh batch 3 (artfix): LLaMA-Factory's src/train.py run with its own arguments is a LLaMA-Factory
# run (RD-PIN-003 at the line naming the DeepSpeed config), and RD-PIN-001 does not repeat that cause

FRESH3 = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")
LF_RUN = ("#!/bin/bash\nexport DISABLE_VERSION_CHECK=1\ndeepspeed --num_gpus 2 src/train.py \\\n"
          "    --deepspeed ds.json \\\n    --stage sft {more}\\\n    --output_dir out\n")


def _pins(tmp_path, more):
    (tmp_path / "ds.json").write_text('{"zero_optimization": {"stage": 2}, "train_micro_batch_size_per_gpu": 1}\n')
    (tmp_path / "train.sh").write_text(LF_RUN.format(more=more))
    r = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-PIN-001", "RD-PIN-003"],
                        options={"config": [str(tmp_path)]})
    return {c: [f for f in r.by_code(c) if f.status.value in ("warn", "fail")] for c in ("RD-PIN-001", "RD-PIN-003")}


@pytest.mark.parametrize("more,lf", [
    ("--finetuning_type lora ", True),
    ("--template qwen ", True),
    ("", False),                       # --stage alone: another trainer's argument may share the name
])
def test_src_train_py_with_llamafactory_arguments_is_a_llamafactory_run(tmp_path, more, lf):
    got = _pins(tmp_path, more)
    assert bool(got["RD-PIN-003"]) is lf
    if lf:  # the DeepSpeed pin is named once, at the run's --deepspeed line, not again at DISABLE_VERSION_CHECK
        assert got["RD-PIN-001"] == [] and got["RD-PIN-003"][0].evidence[0].source.endswith("train.sh:4")


def test_without_a_config_pin_001_still_names_the_deepspeed_check():
    fs = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-PIN-001"]).by_code("RD-PIN-001")
    assert [f.status.value for f in fs] == ["fail"] and "deepspeed" in fs[0].title


def test_real_llamafactory_dual_mi50_script():
    got = _pins_real(os.path.join(FRESH3, "chkaos-lf-mi50-dualgpu"))
    assert [e.source.rsplit(":", 1)[-1] for f in got["RD-PIN-003"] for e in f.evidence[:1]] == ["33"]
    assert got["RD-PIN-001"] == []


def _pins_real(d):
    r = rocmdoctor.scan(example="mi50x2-xeon", select=["RD-PIN-001", "RD-PIN-003"], options={"config": [d]})
    return {c: [f for f in r.by_code(c) if f.status.value in ("warn", "fail")] for c in ("RD-PIN-001", "RD-PIN-003")}
