"""`fix --config DIR --apply`: the user's own files fixed in place, one plan per file,
conflicts resolved and said, verified by scanning again, and undone byte for byte; a
SIGKILL at any point leaves every file old or new.

Data: the seeds' own files (tests/data/seeds, from /work/shared/seeds 000, 001, 003, 004),
and the mi50x2-xeon example for the machine facts (only the user's files change)."""
import json
import os
import random
import shutil

import pytest

import rocmdoctor
from rocmdoctor.cli import main
from rocmdoctor.engine.model import Action, FixPlan
from rocmdoctor.artifacts import yaml_edits
from rocmdoctor.fixes import config_edit
from rocmdoctor.remedy import atomic_edit

SEEDS = os.path.join(os.path.dirname(__file__), "data", "seeds")
# seed 000: Dockerfile, ds_config.json; 001: train_qwen_ddp_fp32.sh, qwen_lora_sft_ds2.yaml,
# ds_z2_config.json; 003: docker-compose.yml; 004: run_distributed.sh
SEED_FILES = ("Dockerfile", "ds_config.json", "train_qwen_ddp_fp32.sh", "qwen_lora_sft_ds2.yaml",
              "ds_z2_config.json", "docker-compose.yml", "run_distributed.sh")

pytestmark = pytest.mark.skipif("mi50x2-xeon" not in rocmdoctor.examples(), reason="example not built")


@pytest.fixture
def seeds(tmp_path):
    d = tmp_path / "cfg"
    d.mkdir()
    for n in SEED_FILES:
        shutil.copy(os.path.join(SEEDS, n), d / n)
    return d


def snapshot(d):
    return {p.name: p.read_bytes() for p in sorted(d.iterdir()) if p.is_file()}


def fix(capsys, d, *args):
    code = main(["fix", "--example", "mi50x2-xeon", "--config", str(d), *args])
    return code, capsys.readouterr()


def scan_bad(capsys, d):
    """origin -> status of the failing and warning findings for the files in d."""
    main(["scan", "--example", "mi50x2-xeon", "--config", str(d), "--format", "json"])
    out = json.loads(capsys.readouterr().out)
    return {f["code"] + (f" [{f['subject']}]" if f.get("subject") else ""): f["status"]
            for f in out["findings"] if f["status"] in ("fail", "warn")}


def test_seed_files_fixed_then_scanned_clean_for_what_was_fixed_then_undone(seeds, tmp_path, capsys):
    before = snapshot(seeds)
    bad_before = scan_bad(capsys, seeds)
    code, out = fix(capsys, seeds, "--format", "json")
    plans = json.loads(out.out)["plans"]
    files = [e["path"] for p in plans for e in p["edits"] if e["host"]]
    assert len(files) == len(set(files)) >= 5  # one plan per file
    fixed = {o for p in plans if p["applicability"] == "safe" and all(e["host"] for e in p["edits"]) and p["edits"]
             for o in p["origin"]}
    assert {"RD-LCH-001", "RD-PREC-010", "RD-PREC-011", "RD-RCCL-001", "RD-DS-008"} <= {o.split(" ")[0] for o in fixed}
    state = tmp_path / "state"
    code, out = fix(capsys, seeds, "--apply", "--yes", "--state-dir", str(state))
    assert "verified RD-PREC-011" in out.out and "fail -> pass" in out.out
    after = snapshot(seeds)
    assert after != before
    # comments survive every edit: each original comment line is still in its file
    for n in SEED_FILES:
        old, new = before[n].decode(), after[n].decode()
        assert [ln for ln in old.splitlines() if ln.lstrip().startswith("#") and "NCCL_DEBUG" not in ln
                and "HSA_OVERRIDE" not in ln] == \
               [ln for ln in new.splitlines() if ln.lstrip().startswith("#") and "NCCL_DEBUG" not in ln
                and "HSA_OVERRIDE" not in ln], n
    bad_after = scan_bad(capsys, seeds)
    for o in fixed & set(bad_before):
        # what a file plan fixed is clean now, unless the machine's own environment keeps it
        assert o not in bad_after or o.startswith("RD-ENV-001"), (o, bad_after.get(o))
    assert "RD-PREC-010 [" + str(seeds / "qwen_lora_sft_ds2.yaml") + "]" not in bad_after
    # the exit code: 0 unless a finding a plan applied here still fails
    assert code == 0, out.err
    assert main(["fix", "--undo", "--yes", "--state-dir", str(state)]) == 0
    assert snapshot(seeds) == before


def test_a_declined_or_unaskable_apply_changes_nothing_and_exits_1(seeds, tmp_path, capsys, monkeypatch):
    import io

    before = snapshot(seeds)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    code, out = fix(capsys, seeds, "--apply", "--state-dir", str(tmp_path / "s"), "--select", "RD-PREC")
    assert code == 1 and "--yes" in out.err and snapshot(seeds) == before


def test_closing_line_says_what_apply_would_do(seeds, capsys):
    code, out = fix(capsys, seeds)
    last = out.out.strip().splitlines()[-1]
    assert last.startswith("--apply would apply [1]")
    assert "only on the machine itself (snapshot is read-only)" in last
    code, out = fix(capsys, seeds, "--select", "RD-PREC-010")
    assert out.out.strip().splitlines()[-1] == "--apply would apply [1], [2]."  # two files, two plans


def test_identical_pip_commands_are_one_plan(capsys):
    assert main(["fix", "--example", "mi50x2-xeon", "--format", "json"]) == 0
    plans = json.loads(capsys.readouterr().out)["plans"]
    pip = [p for p in plans if any("pip" in c["argv"] for c in p["commands"])]
    assert len(pip) == 1 and {"RD-PIN-001", "RD-PIN-002"} <= set(pip[0]["origin"])
    [install] = [c["argv"] for c in pip[0]["commands"] if "--dry-run" not in c["argv"]]
    assert install.count("deepspeed<=0.16.9,>=0.10.0") == 1 and not any(a.startswith("torch") for a in install)


def _plan(title, path, ops, syntax="cli"):
    return FixPlan(title, (Action("edit", title, path=path),), fixer="config_edit",
                   params={"edits": [{"path": path, "syntax": syntax, "ops": ops}]})


def test_two_launches_in_one_script_give_one_plan_where_fp32_wins_and_says_why(tmp_path):
    # torchrun and llamafactory-cli in one script, fp16 for one, fp32 for the other
    script = tmp_path / "train.sh"
    script.write_text("#!/bin/bash\n# two launches\ntorchrun --nproc_per_node 2 train.py --bf16 True \\\n"
                      "    --output_dir out\nllamafactory-cli train --bf16 True --fp16 False\n")
    p = str(script)
    fp16 = _plan("Train in fp16", p, [{"op": "set", "key": "bf16", "value": False},
                                       {"op": "set", "key": "fp16", "value": True, "after": "bf16"}])
    fp32 = _plan("Train in fp32", p, [{"op": "set", "key": "bf16", "value": False},
                                       {"op": "set", "key": "fp16", "value": False, "after": "bf16"}])
    [(origins, merged)] = config_edit.regroup([("RD-PREC-010 [a]", fp16), ("RD-PREC-010 [b]", fp32)])
    assert origins == ["RD-PREC-010 [a]", "RD-PREC-010 [b]"]
    [conflict] = merged.params["conflicts"]
    assert conflict.startswith("fp16: false (RD-PREC-010 [b]) wins over true (RD-PREC-010 [a])")
    assert "fp32" in conflict
    # the order of the findings does not change the winner
    [(_, again)] = config_edit.regroup([("RD-PREC-010 [b]", fp32), ("RD-PREC-010 [a]", fp16)])
    assert again.params["edits"][0]["ops"] == merged.params["edits"][0]["ops"]
    # equal changes from two findings are one operation
    [(_, same)] = config_edit.regroup([("X", fp32), ("Y", fp32)])
    assert len(same.params["edits"][0]["ops"]) == 2 and same.params["conflicts"] == []


def test_a_failing_findings_change_wins_over_a_warning_one():
    a = _plan("A", "/f", [{"op": "set", "key": "nproc_per_node", "value": 2}])
    b = _plan("B", "/f", [{"op": "set", "key": "nproc_per_node", "value": 4}])
    ops, conflicts = config_edit.resolve([("FAIL-1", a.params["edits"][0]["ops"][0]),
                                          ("WARN-1", b.params["edits"][0]["ops"][0])])
    assert ops[0]["value"] == 2 and "earlier finding (failing findings first)" in conflicts[0]


def test_yaml_edit_of_a_nested_key_uses_the_round_trip_parser_and_keeps_comments(tmp_path):
    pytest.importorskip("ruamel.yaml")
    text = "# top comment\nmodel:  # the model\n  name: qwen   # keep me\nflow: {a: 1, b: 2}\nbf16: true\n"
    new = yaml_edits.edit_text(text, "yaml", [{"op": "set", "key": "flow", "value": {"a": 1, "b": 3}},
                                               {"op": "set", "key": "bf16", "value": False}])
    assert "# top comment" in new and "# the model" in new and "# keep me" in new
    from ruamel.yaml import YAML

    assert YAML(typ="safe", pure=True).load(new) == {"model": {"name": "qwen"}, "flow": {"a": 1, "b": 3},
                                                      "bf16": False}


def test_line_edits_of_one_file_from_several_findings_keep_their_line_numbers(tmp_path):
    # a deletion near the top and in-line changes further down, planned on the original lines
    text = open(os.path.join(SEEDS, "run_distributed.sh"), encoding="utf-8").read()
    lines = text.splitlines()
    n_debug = next(i for i, ln in enumerate(lines, 1) if ln.startswith("export NCCL_DEBUG"))
    launches = [i for i, ln in enumerate(lines, 1) if "--nproc_per_node=4" in ln]
    ops = [{"op": "replace_line", "line": n_debug, "text": None, "expect": "NCCL_DEBUG"}] + [
        {"op": "set_in_line", "line": n, "pattern": r"(--nproc_per_node)(=)(\d+)", "value": "2"} for n in launches]
    new = yaml_edits.edit_text(text, "shell", ops)
    assert "NCCL_DEBUG" not in new.split("\n# ")[0] and new.count("--nproc_per_node=2") == len(launches)
    assert "--nproc_per_node=4" not in new


def run_killed_at(args, n):
    pid = os.fork()
    if pid == 0:
        try:
            os.environ[atomic_edit.FAULT_ENV] = str(n)
            os.environ[atomic_edit.CHUNK_ENV] = "256"
            atomic_edit._step_count = 0
            fd = os.open(os.devnull, os.O_WRONLY)
            os.dup2(fd, 1)
            os.dup2(fd, 2)
            main(args)
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == 9


@pytest.mark.slow
def test_sigkill_at_random_points_leaves_every_user_file_old_or_new(seeds, tmp_path, capsys):
    names = ("qwen_lora_sft_ds2.yaml", "ds_z2_config.json", "run_distributed.sh")
    for n in SEED_FILES:
        if n not in names:
            os.unlink(seeds / n)
    old = snapshot(seeds)
    state = tmp_path / "full"
    args = ["fix", "--example", "mi50x2-xeon", "--config", str(seeds), "--select", "RD-PREC,RD-LCH,RD-RCCL",
            "--apply", "--yes", "--state-dir", str(state)]
    atomic_edit._step_count = 0
    assert main(args) == 0
    capsys.readouterr()
    new = snapshot(seeds)
    assert all(new[n] != old[n] for n in names)
    total = atomic_edit.steps_taken()
    rng = random.Random(25)
    points = sorted(rng.sample(range(1, total + 1), min(8, total)))
    kills = 0
    for k in points:
        for n, data in old.items():
            (seeds / n).write_bytes(data)
        st = tmp_path / f"s{k}"
        killed = run_killed_at(args[:-1] + [str(st)], k)
        now = snapshot(seeds)
        for n in names:
            assert now[n] in (old[n], new[n]), (k, n)
        assert not [p for p in os.listdir(seeds) if ".rocmdoctor-" in p] or killed
        kills += killed
        if killed:
            assert main(["fix", "--undo", "--yes", "--state-dir", str(st)]) in (0, 1)
            capsys.readouterr()
            assert snapshot(seeds) == {n: old[n] for n in names}, k
    assert kills >= 4  # the points are inside the apply, not after it


def test_env_file_of_the_user_is_written_with_an_example_and_undone(tmp_path, capsys):
    # the example's own environment sets PYTORCH_HIP_ALLOC_CONF (ignored by its torch): with --env-file
    # the unset goes to the user's file on this machine, which the launcher sources. Its
    # HSA_OVERRIDE_GFX_VERSION=9.0.6 names the GPU's own target, a no-op that stays.
    env = tmp_path / "train-env.sh"
    env.write_text("# my launcher settings\nexport NCCL_SOCKET_IFNAME=eth0\n")
    before = env.read_bytes()
    state = tmp_path / "state"
    code = main(["fix", "--example", "mi50x2-xeon", "--env-file", str(env), "--select", "RD-ENV,RD-PREC",
                 "--apply", "--yes", "--state-dir", str(state)])
    out = capsys.readouterr().out
    text = env.read_text()
    assert text.startswith("# my launcher settings\nexport NCCL_SOCKET_IFNAME=eth0\n")
    assert "unset PYTORCH_HIP_ALLOC_CONF\n" in text and "HSA_OVERRIDE_GFX_VERSION" not in text
    # it takes effect when the launcher reads the file: the next scan of that run verifies it
    assert f"verified RD-PREC-006: warn -> pending (still warn until then; the next scan " \
           f"after the launcher reads {env} confirms it)" in " ".join(out.split()) and code == 0
    # repeating the same options with --undo works too (only the user's files were edited)
    assert main(["fix", "--example", "mi50x2-xeon", "--undo", "--yes", "--state-dir", str(state)]) == 0
    assert env.read_bytes() == before


def test_two_launches_in_one_script_each_get_their_own_dtype(tmp_path, capsys):
    # One plan for the file; each launch keeps its own recommendation
    # (Baichuan2 trains in fp16 on gfx906, Qwen2.5 overflows there: fp32), verified by scanning again
    script = tmp_path / "train.sh"
    script.write_text("#!/bin/bash\n# two launches in one script\n"
                      "torchrun --nproc_per_node 2 train.py --model_name_or_path baichuan-inc/Baichuan2-7B-Base "
                      "--bf16 True --output_dir o1\n"
                      "torchrun --nproc_per_node 2 train.py --model_name_or_path Qwen/Qwen2.5-7B \\\n"
                      "    --bf16 True --output_dir o2\n")
    before = script.read_bytes()
    state = tmp_path / "s"
    args = ["fix", "--example", "mi50x2-xeon", "--config", str(script), "--select", "RD-PREC-010"]
    assert main(args + ["--format", "json"]) == 0
    plans = json.loads(capsys.readouterr().out)["plans"]
    assert len(plans) == 1 and len(plans[0]["edits"]) == 1 and plans[0]["conflicts"] == []
    assert main(args + ["--apply", "--yes", "--state-dir", str(state)]) == 0
    out = capsys.readouterr().out
    lines = script.read_text().splitlines()
    assert lines[2].endswith("--bf16 False --fp16 True --output_dir o1")
    assert lines[4] == "    --bf16 False --fp16 False --output_dir o2"
    assert "fail -> pass" in out and "still" not in out
    assert main(["fix", "--undo", "--yes", "--state-dir", str(state)]) == 0
    assert script.read_bytes() == before


def test_the_file_editor_refuses_any_text_it_cannot_edit_and_never_crashes():
    from hypothesis import given, settings, strategies as st

    ops = {"yaml": [{"op": "set", "key": "bf16", "value": False}, {"op": "remove", "key": "tf32"}],
           "cli": [{"op": "set", "key": "bf16", "value": False, "line": 1}, {"op": "remove", "key": "tf32"}],
           "deepspeed": [{"op": "set", "key": "bf16", "value": {"enabled": False}}],
           "shell": [{"op": "replace_line", "line": 1, "text": None, "expect": "NCCL_DEBUG"}],
           "yaml nested": [{"op": "append", "path": ["services", "t", "devices"], "value": "/dev/kfd"},
                           {"op": "remove", "path": ["services", "t", "deploy", "resources"]}]}

    chars = st.sampled_from(list("ab:-{}[]\"'#\\ \n\t,=01"))

    @settings(max_examples=150, deadline=None)
    @given(st.sampled_from(sorted(ops)), st.text(alphabet=chars, max_size=60))
    def run(syntax, text):
        try:
            out = yaml_edits.edit_text(text, syntax.split()[0], ops[syntax])
        except ValueError:  # EditError and JSON errors are ValueErrors
            return
        assert isinstance(out, str)

    run()


def test_nested_compose_keys_are_edited_in_place_with_comments_and_order_kept():
    pytest.importorskip("ruamel.yaml")
    text = open(os.path.join(SEEDS, "docker-compose.yml"), encoding="utf-8").read()
    ops = [{"op": "append", "path": ["services", "gpt-train", "devices"], "value": "/dev/kfd"},
           {"op": "set", "path": ["services", "gpt-train", "group_add"], "value": ["110"]},
           {"op": "append", "path": ["services", "gpt-train", "devices"], "value": "/dev/kfd"}]
    new = yaml_edits.edit_text(text, "yaml", ops)
    import yaml

    svc = yaml.safe_load(new)["services"]["gpt-train"]
    assert svc["group_add"] == ["110"] and svc["devices"].count("/dev/kfd") == 1
    comments = [ln.strip() for ln in text.splitlines() if ln.strip().startswith("#")]
    assert comments and all(c in new for c in comments)
    old_keys = [ln.split(":")[0] for ln in text.splitlines() if ln and not ln[0].isspace()]
    assert [ln.split(":")[0] for ln in new.splitlines() if ln and not ln[0].isspace()] == old_keys
    ops2, _ = config_edit.resolve([("A", ops[0]), ("B", ops[2])])
    assert len(ops2) == 1  # the same item from two findings is one change


CONFIGS = os.path.join(os.path.dirname(__file__), "data", "configs")


def test_an_nvidia_compose_file_gets_the_rocm_device_nodes_in_its_own_layout(tmp_path, capsys):
    # LLaMA-Factory's docker-cuda compose file (source URL on its first line): flow style
    # `[ gpu ]` and two sequence indentations that no YAML writer reproduces; only the lines
    # of the change move, the rest stays byte for byte
    f = tmp_path / "docker-compose.yml"
    shutil.copy(os.path.join(CONFIGS, "llamafactory_docker-cuda_docker-compose.yml"), f)
    before = f.read_bytes()
    state = tmp_path / "s"
    args = ["fix", "--example", "mi50x2-xeon", "--config", str(f), "--select", "RD-CTR"]
    assert main(args + ["--apply", "--yes", "--state-dir", str(state)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "RD-CTR-003 [" in out and "RD-CTR-004 [" in out and "still" not in out
    new = f.read_text()
    old_lines, new_lines = before.decode().splitlines(), new.splitlines()
    assert [ln for ln in old_lines if ln not in new_lines] == [
        "    deploy:", "      resources:", "        reservations:", "          devices:",
        "          - driver: nvidia", '            count: "all"', "            capabilities: [ gpu ]"]
    assert [ln for ln in new_lines if ln not in old_lines] == ["    devices:", "      - /dev/kfd", "      - /dev/dri"]
    assert main(["fix", "--undo", "--yes", "--state-dir", str(state)]) == 0
    assert f.read_bytes() == before


def test_group_add_by_number_in_the_seed_compose_file(tmp_path, capsys):
    f = tmp_path / "docker-compose.yml"
    shutil.copy(os.path.join(SEEDS, "docker-compose.yml"), f)
    # the seed's rocm/pytorch image defines render (GID 109); Ollama's ROCm image (plain Ubuntu) does not
    f.write_text(f.read_text().replace("rocm/pytorch:rocm7.1_ubuntu22.04_py3.10_pytorch_release_2.8.0", "ollama/ollama:rocm"))
    assert main(["fix", "--example", "mi50x2-xeon", "--config", str(f), "--select", "RD-CTR-006", "--apply",
                 "--yes", "--state-dir", str(tmp_path / "s")]) == 0
    assert "      - 110\n" in f.read_text() and "      - render\n" not in f.read_text()
    out = " ".join(capsys.readouterr().out.split())
    assert "verified RD-CTR-006 [" in out and ": warn -> pass" in out


def test_a_compose_list_emptied_by_the_edits_goes_with_its_key():
    # `environment:` with nothing under it is null, which compose rejects as a service's environment
    text = "services:\n  t:\n    environment:\n      - A=1\n    command: bash\n"
    new = yaml_edits.drop_emptied(text, "services:\n  t:\n    environment:\n    command: bash\n")
    assert new == "services:\n  t:\n    command: bash\n"
    kept = "services:\n  t:\n    environment:\n      - B=2\n    command: bash\n"
    assert yaml_edits.drop_emptied(text, kept) == kept


def test_an_unset_plan_deletes_a_line_only_when_it_holds_nothing_else():
    # review of wave 27: `NCCL_DEBUG=INFO torchrun ...` is the launch itself, `X=1; cd /data` does more, `export A B`
    # exports another name: no deletion; a line that only sets the variable is deleted
    from rocmdoctor.artifacts.settings import Origin, Value, removal_edit

    def edit(text):
        return removal_edit(Value("env", "NCCL_DEBUG", "INFO", Origin("/p/run.sh", 3, text)))

    assert all(edit(t) is not None for t in ("export NCCL_DEBUG=INFO", "  - NCCL_DEBUG=INFO", "ENV NCCL_DEBUG=INFO"))
    for text in ("NCCL_DEBUG=INFO torchrun --nproc_per_node 8 train.py", "export NCCL_DEBUG=INFO; cd /data",
                 "export NCCL_DEBUG MASTER_PORT"):
        assert edit(text) is None, text
