"""Shell reader (rocmdoctor/artifacts/readers/shell/words.py): a heredoc a setup script writes to a shell
file (`cat > rocm_env.sh << 'EOF'`, `tee -a ~/.bashrc <<EOF`) is the environment the user sources
before the job, so its lines are read as the script's, at their own line numbers; a heredoc fed
to another program (python, a config file) is not. Real case: the fresh batch 3 set
tests/corpus/fresh/artifacts/ovi2020-granite-mi300x-setup (00_rocm_setup.sh:89-120)."""
import os

import pytest

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan

FRESH3 = os.path.join(os.path.dirname(__file__), "corpus", "fresh", "artifacts")


def _env(tmp_path, text):
    p = tmp_path / "setup.sh"
    p.write_text(text)
    return {(v.name, v.value, v.origin.line) for v in read_one(str(p)).values if v.kind == "env"}


@pytest.mark.parametrize("opener", [
    "cat > rocm_env.sh << 'ENVEOF'", "cat <<EOF > env.sh", "tee -a ~/.bashrc <<'EOF'", "cat >> $HOME/.profile <<EOF",
])
def test_a_heredoc_written_to_a_shell_file_is_read_as_the_scripts_environment(tmp_path, opener):
    end = opener.rsplit("<<", 1)[1].split()[0].strip("'\"") if "<<" in opener else "EOF"
    env = _env(tmp_path, f"#!/bin/bash\npip install x\n{opener}\nexport HSA_ENABLE_SDMA=0\n{end}\necho done\n")
    assert ("HSA_ENABLE_SDMA", "0", 4) in env


# Real setup scripts (fresh batches 14 and 21): the rc file named by a variable (Fadhly/artifice's
# `cat >> "$SHELL_RC" << 'EOF'`), one export echoed into it (himanshu's install_mi300x.sh, spent batch 14), a
# multi-line string of exports echoed into it (DeepaucksharmA/llm-platform's `echo "$ENV_VARS" >> ~/.bashrc`)
@pytest.mark.parametrize("text, line", [
    ("SHELL_RC=\"$HOME/.bashrc\"\ncat >> \"$SHELL_RC\" << 'EOF'\nexport HSA_ENABLE_SDMA=0\nEOF\n", 4),
    ("echo 'export HSA_ENABLE_SDMA=0' >> ~/.bashrc\n", 2),
    ("echo \"export HSA_ENABLE_SDMA=0\" | sudo tee -a /etc/profile.d/rocm.sh\n", 2),
    ("ENV_VARS=\"\n# GPU\nexport ROCM_PATH=/opt/rocm\nexport HSA_ENABLE_SDMA=0  # for my card\n\"\n"
     "echo \"$ENV_VARS\" >> ~/.bashrc\n", 5),
])
def test_settings_echoed_into_a_shell_startup_file_are_the_scripts_environment(tmp_path, text, line):
    assert ("HSA_ENABLE_SDMA", "0", line) in _env(tmp_path, "#!/bin/bash\n" + text)


@pytest.mark.parametrize("text", [
    "echo 'export HSA_ENABLE_SDMA=0'\n",  # printed, not written
    "echo 'export HSA_ENABLE_SDMA=0' >> notes.txt\n",  # written to a file nothing sources
    "ENV_VARS=\"\nexport HSA_ENABLE_SDMA=0\n\"\necho \"$OTHER\" >> ~/.bashrc\n",  # another variable echoed
])
def test_echoed_text_that_is_not_a_startup_files_is_not_read(tmp_path, text):
    assert not any(n == "HSA_ENABLE_SDMA" for n, _, _ in _env(tmp_path, "#!/bin/bash\n" + text))


def test_real_setup_scripts_that_write_gpu_settings_into_bashrc_are_judged():
    for name, example, code, lines in (("ja-fadhly-artifice-rx580-env", "rx7900xtx", "RD-ENV-001", {"33", "51"}),
                                       ("ja-deepaucksharma-llmplatform-wsl-rocm", "wsl2-radeon", "RD-ENV-002", {"86"})):
        p = os.path.join(FRESH3, name, "setup_rocm.sh")
        got = {e.source.rsplit(":", 1)[-1] for f in flagged(scan([p], code, example)) for e in f.evidence
               if e.source.startswith(p)}
        assert lines <= got, (name, got)


@pytest.mark.parametrize("opener", ["python3 - <<EOF", "cat > config.yaml <<EOF", "cat <<EOF"])
def test_a_heredoc_fed_elsewhere_is_not_read(tmp_path, opener):
    env = _env(tmp_path, f"#!/bin/bash\n{opener}\nexport HSA_ENABLE_SDMA=0\nEOF\n")
    assert not any(n == "HSA_ENABLE_SDMA" for n, _, _ in env)


def test_real_setup_script_that_writes_its_rccl_environment_to_a_file():
    p = os.path.join(FRESH3, "ovi2020-granite-mi300x-setup", "00_rocm_setup.sh")
    rccl = sorted(s for f in flagged(scan([p], "RD-RCCL-001", "mi300x8")) for e in f.evidence
                  for s in [e.source.rsplit(":", 1)[-1]])
    assert "98" in rccl and "109" in rccl
    net = [e.source for f in flagged(scan([p], "RD-NET-001", "mi300x8")) for e in f.evidence]
    assert any(s.endswith("00_rocm_setup.sh:108") for s in net)


def test_heredocs_nested_thousands_deep_are_read_without_recursing_into_each(tmp_path):
    text = "#!/bin/bash\n" + "".join(f"cat > a{i}.sh <<E{i}\n" for i in range(2000)) + "export HSA_ENABLE_SDMA=0\n"
    p = tmp_path / "deep.sh"
    p.write_text(text)
    a = read_one(str(p))  # no RecursionError
    assert a.error is None and not any(v.name == "HSA_ENABLE_SDMA" for v in a.values)  # 2000 levels down: not read


# Real setup scripts of the spent fresh batches: an environment file named by a variable or sourced later
# (th3cavalry's `cat > "$env_file" << 'EOF'` into /etc/profile.d, piotrgorczyca's `cat > "$HOME/.rocm_env"`),
# systemd drop-ins whose Environment= lines are the service's environment (neophukubye's
# `cat <<SVCEOF | sudo tee /etc/systemd/system/ollama.service.d/gpu.conf`), and launchers written without a shell
# suffix (th3cavalry's `cat > /usr/local/bin/textgen-webui << 'EOF'` starting `#!/bin/bash`).
@pytest.mark.parametrize("opener, body, line", [
    ("cat > \"$env_file\" << 'EOF'", "# strix halo\nexport HSA_ENABLE_SDMA=0", 5),
    ("cat > \"$ROCM_ENV_FILE\" << 'EOF'", "export HSA_ENABLE_SDMA=0", 4),
    ("cat > \"$HOME/.rocm_env\" << 'EOF'", "export HSA_ENABLE_SDMA=0", 4),
    ("cat >> /etc/environment <<EOF", "HSA_ENABLE_SDMA=0", 4),
    ("cat <<SVCEOF | sudo tee /etc/systemd/system/ollama.service.d/gpu.conf",
     "[Service]\nEnvironment=\"HSA_ENABLE_SDMA=0\"", 5),
    ("cat > \"$OLLAMA_ENV_FILE\" << 'EOF'", "[Service]\n# gfx1100\nEnvironment=\"HIP_VISIBLE_DEVICES=0\" \"HSA_ENABLE_SDMA=0\"", 6),
    ("cat > /usr/local/bin/textgen-webui << 'EOF'", "#!/bin/bash\nexport HSA_ENABLE_SDMA=0\npython server.py", 5),
])
def test_environment_files_units_and_launchers_a_script_writes_are_read(tmp_path, opener, body, line):
    end = opener.split("<<", 1)[1].split()[0].strip("'\"")
    env = _env(tmp_path, f"#!/bin/bash\nenv_file=/etc/profile.d/x.sh\n{opener}\n{body}\n{end}\necho done\n")
    assert ("HSA_ENABLE_SDMA", "0", line) in env


@pytest.mark.parametrize("opener, body", [
    ("cat > /etc/systemd/system/train.service <<EOF", "[Unit]\nDescription=x\n# Environment=HSA_ENABLE_SDMA=0"),  # no [Service]
    ("cat > run.py <<EOF", "#!/usr/bin/env python3\nimport os\nHSA_ENABLE_SDMA=0"),  # a Python program, not a shell one
    ("python3 - <<EOF", "#!/bin/bash\nexport HSA_ENABLE_SDMA=0"),  # fed to a program, not written
])
def test_text_that_is_no_unit_or_script_is_not_read(tmp_path, opener, body):
    env = _env(tmp_path, f"#!/bin/bash\n{opener}\n{body}\nEOF\n")
    assert not any(n == "HSA_ENABLE_SDMA" for n, _, _ in env)


def test_a_unit_s_other_lines_are_not_commands(tmp_path):
    p = tmp_path / "setup.sh"
    p.write_text("#!/bin/bash\ncat <<EOF | sudo tee /etc/systemd/system/vllm.service\n[Service]\n"
                 "ExecStart=/usr/bin/docker run --gpus all vllm/vllm-openai\nEnvironment=HSA_ENABLE_SDMA=0\nEOF\n")
    a = read_one(str(p))
    assert ("HSA_ENABLE_SDMA", "0", 5) in {(v.name, v.value, v.origin.line) for v in a.values if v.kind == "env"}
    assert not [v for v in a.values if v.kind == "container"]  # ExecStart is not read as a docker run here


def test_a_heredoc_fed_to_a_program_whose_output_is_redirected_is_not_a_written_script(tmp_path):
    # review of this wave: `> out.log` is the program's output, the heredoc its input
    env = _env(tmp_path, "#!/bin/bash\npython3 gen.py > out.log 2>&1 <<EOF\n#!/bin/sh\nexport HSA_ENABLE_SDMA=0\nEOF\n")
    assert not any(n == "HSA_ENABLE_SDMA" for n, _, _ in env)


@pytest.mark.parametrize("quote", ["'", '"'])
def test_a_heredoc_inside_a_quoted_string_ends_at_its_terminator_and_quote(tmp_path, quote):
    # a host setup script of fresh batch 33 (IJenia001/rocm7_ai_kubuntu2510): `sudo bash -c 'cat > modprobe.conf <<EOF`
    # ... `EOF'` then a heredoc to ~/.bashrc; the first heredoc must not swallow the second
    text = (f"#!/bin/bash\nsudo bash -c {quote}cat >/etc/modprobe.d/amdgpu-ai.conf <<EOF\noptions amdgpu enable_mes=1\n"
            f"EOF{quote}\n\ncat >> ~/.bashrc <<EOF\nexport HSA_OVERRIDE_GFX_VERSION=12.0.1\nEOF\n")
    assert ("HSA_OVERRIDE_GFX_VERSION", "12.0.1", 7) in _env(tmp_path, text)
    # an unquoted heredoc whose body has a line that merely starts with its terminator and a quote runs on
    plain = "#!/bin/bash\ncat >> ~/.bashrc <<EOF\nEOF'\nexport HIP_VISIBLE_DEVICES=0\nEOF\n"
    assert ("HIP_VISIBLE_DEVICES", "0", 4) in _env(tmp_path, plain)


@pytest.mark.parametrize("opener, read", [
    ("ssh -o StrictHostKeyChecking=no root@\"$IP\" << 'SETUP'", True),   # fresh yr-itziklerner: the droplet's setup
    ("bash -s << 'SETUP'", True),
    ("docker exec -i trainer bash << 'SETUP'", True),
    ("python3 - << 'SETUP'", False),                                     # Python, not shell lines
    ("cat << 'SETUP' > notes.txt", False),                               # a file no shell runs
])
def test_a_heredoc_a_shell_runs_is_read_as_commands(tmp_path, opener, read):
    p = tmp_path / "deploy.sh"
    p.write_text(f"#!/bin/bash\nset -e\n{opener}\nexport HF_HOME=/mnt/hf\npip install vllm requests\nSETUP\necho done\n")
    fs = flagged(scan([str(p)], "RD-IMG-002", "mi300x8"))
    assert bool(fs) is read
    if read:
        assert fs[0].evidence[0].source.endswith("deploy.sh:5")


def test_what_a_heredoc_run_by_another_shell_exports_stays_in_that_shell(tmp_path):
    # wave 14 review: `ssh node2 << 'R'` with `export HIP_VISIBLE_DEVICES=7` sets it on node2, not for the torchrun after
    p = tmp_path / "run.sh"
    p.write_text("#!/bin/bash\nssh root@node2 << 'R'\nexport HIP_VISIBLE_DEVICES=7\nexport HSA_OVERRIDE_GFX_VERSION=9.4.2\n"
                 "pip install vllm\nR\ntorchrun --nproc_per_node 1 train.py\n")
    a = read_one(str(p))
    assert [v.name for v in a.values if v.kind == "env"] == []
    assert [v.origin.line for v in a.values if v.name == "pip"] == [5]
    assert not flagged(scan([str(p)], "RD-ENV-003", "mi300x8"))


# Fresh batch 208 (dl-haozhx23-smtj-llamafactory, Dockerfile.nvcr:63): AWS/NGC images write NCCL settings into
# /etc/nccl.conf, which NCCL and RCCL read as the environment of every process.
def test_settings_echoed_into_nccl_conf_are_the_environment(tmp_path):
    env = _env(tmp_path, '#!/bin/bash\necho "NCCL_P2P_DISABLE=1" > ~/.nccl.conf\necho NCCL_DEBUG=INFO\n'
                         'echo NCCL_IB_DISABLE=1 >> notes.txt\n')
    assert ("NCCL_P2P_DISABLE", "1", 2) in env
    # printed to the terminal or to another file, the words set nothing
    assert not {n for n, _, _ in env} & {"NCCL_DEBUG", "NCCL_IB_DISABLE"}
    p = tmp_path / "Dockerfile"
    p.write_text("FROM nvcr.io/nvidia/pytorch:24.01-py3\nRUN apt-get update \\\n"
                 " && echo NCCL_DEBUG=INFO >> /etc/nccl.conf \\\n && echo NCCL_ALGO=Ring\n")
    denv = {(v.name, v.value, v.origin.line) for v in read_one(str(p)).values if v.kind == "env"}
    assert ("NCCL_DEBUG", "INFO", 3) in denv and not any(n == "NCCL_ALGO" for n, _, _ in denv)
    fs = flagged(scan([str(p)], "RD-RCCL-001", "mi300x8"))
    assert fs and "NCCL_DEBUG=INFO" in fs[0].title


# Fresh batch 218 (fd-thudm-visualglm-finetune, finetune_visualglm.sh:17/54/56): THUDM's and Megatron's scripts build
# the command line in a variable and `eval` it, so the assignments at its head are the launch's environment.
def test_eval_of_a_command_held_in_a_variable_is_that_command(tmp_path):
    p = tmp_path / "run.sh"
    p.write_text('#!/bin/bash\nOPTIONS_NCCL="NCCL_DEBUG=info NCCL_IB_DISABLE=0"\n'
                 'run_cmd="${OPTIONS_NCCL} deepspeed --master_port 16666 train.py --lr 1"\n'
                 'echo ${run_cmd}\neval ${run_cmd}\n')
    a = read_one(str(p))
    env = {(v.name, v.value, v.origin.line) for v in a.values if v.kind == "env"}
    assert ("NCCL_DEBUG", "info", 2) in env  # cited where it is written
    assert [c["launcher"] for c in a.data["commands"]] == ["deepspeed"]
    fs = flagged(scan([str(p)], "RD-RCCL-001", "mi300x8"))
    assert fs and "NCCL_DEBUG=info" in fs[0].title
    # an eval that evaluates itself stops (three levels), and echo alone runs nothing
    q = tmp_path / "loop.sh"
    q.write_text("#!/bin/bash\nx='eval $x'\neval $x\necho NCCL_DEBUG=INFO deepspeed t.py\n")
    b = read_one(str(q))
    assert not b.data["commands"] and not [v for v in b.values if v.kind == "env"]


def test_eval_cites_the_expanded_assignment_and_keeps_the_shell_rules(tmp_path):
    p = tmp_path / "t.sh"
    p.write_text("#!/bin/bash\nNCCL_DEBUG=WARN\ncmd=\"NCCL_DEBUG=INFO torchrun train.py\"\neval $cmd\n"
                 "c2=\"torchrun t2.py\"\nNCCL_P2P_DISABLE=1 eval $c2\neval \"NCCL_IB_DISABLE=1\"\n"
                 "a='eval $b'; b='eval $a'; eval $a\n")
    a = read_one(str(p))
    env = {(v.name, v.value, v.origin.line) for v in a.values if v.kind == "env"}
    # the variable eval expands (line 3), not an earlier line that writes the same name; the prefix of eval itself
    assert ("NCCL_DEBUG", "INFO", 3) in env and ("NCCL_P2P_DISABLE", "1", 6) in env
    # an eval of assignments alone sets shell variables, not the environment; two evals naming each other stop
    assert not any(n == "NCCL_IB_DISABLE" for n, _, _ in env)
    assert [c["script"] for c in a.data["commands"]] == ["train.py", "t2.py"]


def test_a_functions_positional_parameters_are_its_calls_arguments(tmp_path):
    p = tmp_path / "f.sh"
    p.write_text("#!/bin/bash\nrun() {\n  torchrun --nproc_per_node ${1:-2} train.py --x $2\n}\nrun 8 y\n"
                 "torchrun --nproc_per_node ${1:-4} t2.py\n")
    got = {c["script"]: ({v.name: v.value for v in c["launcher_values"]}, c["args"]) for c in read_one(str(p)).data["commands"]}
    assert got["train.py"] == ({"nproc_per_node": "8"}, {"x": "y"})
    assert got["t2.py"][0] == {"nproc_per_node": "4"}  # outside the call: run without arguments
