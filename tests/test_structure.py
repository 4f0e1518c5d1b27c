"""The structural layer of `explain` (rocmdoctor/logs/structure/, reasoning.py): tracebacks by
exception class and frame packages, NCCL error classes with their Last error, kernel lines by
IP block, output that stops; and explain's answers on real logs no signature knows."""
from __future__ import annotations

import os

import pytest

from rocmdoctor.knowledge.signatures import by_id
from rocmdoctor.knowledge.signatures.benign import is_benign
from rocmdoctor.engine.machine import Machine
from rocmdoctor.logs.explain import explain, text_lines
from rocmdoctor.logs.logscan import looks_like_error, scan_path, scan_text
from rocmdoctor.logs.reasoning import reason, traceback_rule
from rocmdoctor.logs.structure import analyze, ip_block, package_of

CORPUS = os.path.join(os.path.dirname(__file__), "corpus", "logs")


def corpus_lines(name: str) -> list[str]:
    with open(os.path.join(CORPUS, name + ".log"), encoding="utf-8") as f:
        return f.read().splitlines()[2:]


def explain_file(path):
    """Explain a log file; a corpus file without its source and label lines."""
    if os.path.dirname(os.path.abspath(path)) == os.path.abspath(CORPUS):
        lines = corpus_lines(os.path.basename(path)[:-4])
        result = scan_text(lines, name=path)
        result.files = [path]
        return explain(result, Machine(None), inputs=[path], shape_lines=[(path, lines)])
    return explain(scan_path(path), Machine(None), inputs=[path])


def test_frame_packages_from_site_packages_and_source_checkouts():
    assert package_of("/x/lib/python3.10/site-packages/deepspeed/ops/op_builder/builder.py") == \
        "deepspeed/ops/op_builder"
    assert package_of("/work/LLaMA-Factory/src/llamafactory/extras/misc.py") == "llamafactory/extras/misc.py"
    assert package_of("/var/lib/jenkins/DeepSpeed_up/op_builder/builder.py").startswith("deepspeed/op_builder")
    assert package_of("/home/u/train.py") is None


def test_truncated_traceback_through_deepspeed_op_builder_is_an_op_build_failure():
    # ds_report cut off after its first frames (DeepSpeed #2772): no exception line at all.
    shape = analyze(corpus_lines("ds-2772-dsreport-cuda-home"))
    tb = shape.tracebacks[-1]
    assert tb.truncated and tb.packages() == ["deepspeed/bin"]
    assert traceback_rule(tb) == "tb-deepspeed-op-build"


def test_launcher_prefix_keeps_one_traceback_and_finds_the_version_check():
    # Every line prefixed "grpo_02:" (360-LLaMA-Factory #29); frames end in extras/misc.py.
    shape = analyze(corpus_lines("360lf-29-require-version"))
    assert len(shape.tracebacks) == 1 and len(shape.tracebacks[0].frames) == 5
    assert traceback_rule(shape.tracebacks[0]) == "tb-version-pin"


def test_exception_class_beats_frames_when_it_says_out_of_memory():
    lines = ["Traceback (most recent call last):",
             '  File "/usr/lib/python3/site-packages/deepspeed/runtime/engine.py", line 1, in step',
             "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 MiB."]
    tb = analyze(lines).tracebacks[0]
    assert tb.exc_type == "torch.OutOfMemoryError" and traceback_rule(tb) == "exc-memory"


def test_import_chain_cut_off_is_a_package_problem():
    lines = ["Traceback (most recent call last):"] + [
        f'  File "/env/lib/python3.11/site-packages/pkg/m{i}.py", line {i}, in <module>' for i in range(1, 4)]
    assert traceback_rule(analyze(lines).tracebacks[0]) == "exc-import"
    lines[-1] = lines[-1].replace("<module>", "run")
    assert traceback_rule(analyze(lines).tracebacks[0]) is None


def test_nccl_class_and_its_last_error_line():
    shape = analyze(corpus_lines("diffusionpipe-10-cuda-999"))
    assert [(e.cls, e.last_error) for e in shape.nccl] == [("ncclUnhandledCudaError", "Cuda failure 999 'unknown error'")]
    sig, line, fields = reason(shape, [])[0]
    assert sig.id == "nccl-class-cuda" and fields["last_error"].startswith("Cuda failure 999")


def test_torch_words_for_an_nccl_class_count_once_with_the_class_line():
    shape = analyze(["RuntimeError: NCCL error in: x.cpp:1, unhandled system error, NCCL version 2.7.8",
                     "ncclSystemError: System call (socket, malloc, munmap, etc) failed."])
    assert [e.cls for e in shape.nccl] == ["ncclSystemError"]


@pytest.mark.parametrize("text,block", [
    ("amdgpu 0000:0a:00.0: amdgpu: ring sdma0 timeout, signaled seq=16060, emitted seq=16062", "SDMA"),
    ("amdgpu 0000:04:00.0: amdgpu: ring comp_1.0.1 timeout, signaled seq=45, emitted seq=47", "GFX (compute)"),
    ("amdgpu: \t Faulty UTCL2 client ID: CPC (0x5)", "GFX (UTCL2)"),
    ("[drm ERROR :psp_hw_init] PSP firmware loading failed", "PSP"),
    ("amdgpu 0000:e3:00.0: amdgpu: uncorrectable hardware error(ERREVENT_ATHUB_INTERRUPT) detected!", "ATHUB"),
    ("amdgpu: [powerplay] Failed to set soft min gfxclk !", "SMU"),
])
def test_kernel_lines_by_ip_block(text, block):
    assert ip_block(text) == block


HEADER = "# nThread 1 nGpus 4 minBytes 8 maxBytes 268435456 step: 2(factor) warmup iters: 5 iters: 20 validation: 1"
ROW = "     1048576        262144     float     sum      -1    47.38   11.06   11.06      0    46.84   11.19   11.19      0"


def test_collective_test_without_rows_is_a_hang_and_with_rows_is_not():
    assert analyze([HEADER, "#  Rank  0 Pid 1 on h device 0 [0x02] GPU", "h:1:1 [0] NCCL INFO Bootstrap : Using eth0"]).stop.kind \
        == "collective-test"
    assert analyze([HEADER, ROW, "# Avg bus bandwidth    : 6.6972"]).stop is None
    # The second test of a run printed its header and nothing after it (NVIDIA/nccl #340).
    assert analyze([HEADER, ROW, "# Avg bus bandwidth    : 6.6972", HEADER]).stop.kind == "collective-test"


def test_progress_that_stops_short_is_a_hang_and_a_finished_bar_is_not():
    bar = " 999/1000 [============================>.] - ETA: 1s - loss: 0.2676"
    assert analyze(["Epoch 1/30", bar]).stop.kind == "progress"
    assert analyze(["Epoch 1/30", bar.replace("999/1000", "1000/1000")]).stop is None
    # Healthy step logs that simply end are not hangs.
    assert analyze(corpus_lines("llamafactory-4850-train-healthy")).stop is None


def test_benign_lines_are_not_error_like_and_match_no_signature():
    line = "ip-172-31-0-137:14605:14673 [0] misc/ibvwrap.cc:63 NCCL WARN Failed to open libibverbs.so[.1]"
    assert is_benign(line) and not looks_like_error(line)
    r = scan_text([line, "NCCL INFO NET/Plugin : Plugin load (librccl-net.so) returned 2 : librccl-net.so: cannot "
                         "open shared object file: No such file or directory"])
    assert r.unexplained_count == 0 and not r.occurrences
    # A look-alike that is a real failure still is one.
    assert looks_like_error("NCCL WARN Failed to open /dev/shm/nccl-abc")


@pytest.mark.parametrize("name,rule,family", [
    ("ds-2772-dsreport-cuda-home", "tb-deepspeed-op-build", "deepspeed"),
    ("nccl-257-allreduce-hang", "stop-collective-test", "distributed"),
    ("mmdet-7976-hang-reducer", "stop-progress", "distributed"),
    ("vllmgfx906-5-unhandled", "tb-distributed", "distributed"),
    ("legacyrocm-4864-wsl-collect-env", "tb-torch-no-gpu", "runtime"),
])
def test_explain_answers_at_the_level_the_structure_knows(name, rule, family):
    expl = explain_file(os.path.join(CORPUS, name + ".log"))
    top = [d for d in expl.diagnoses if d.is_problem][0]
    assert (top.signature.id, top.signature.family, top.structural) == (rule, family, True)
    assert expl.exit_code() == 1
    verdict = expl.verdict()
    assert verdict.startswith(top.signature.title) and "no signature matched" in verdict
    # The verdict names the checks that confirm a cause, and they exist.
    assert any(c.cause.check and c.cause.check in verdict for c in top.causes[:1]) or not top.causes[0].cause.check


def test_deepspeed_op_build_answer_names_its_checks():
    expl = explain_file(os.path.join(CORPUS, "minimind-48-fp-quantizer-cuda-home.log"))
    out = "\n".join(t for t, _ in text_lines(expl))
    assert "DeepSpeed op build failed" in out
    for code in ("RD-DS-004", "RD-DS-005", "RD-DS-002"):
        assert code in out


def test_healthy_nccl_info_log_exits_0_and_says_so():
    # libibverbs INFO/WARN lines are harmless.
    expl = explain_file(os.path.join(CORPUS, "pytorch-68893-libibverbs-healthy.log"))
    assert expl.exit_code() == 0 and not [d for d in expl.diagnoses if d.is_problem]


def test_verdict_names_the_first_listed_cause_never_a_warning_below_it(tmp_path):
    # A warning signature (RCCL iommu) before a failure (the watchdog): the list starts with the
    # failure the verdict names, and the verdict points at the warning.
    log = tmp_path / "r.log"
    log.write_text(
        'h:1:1 [0] /src/init.cc:179 NCCL WARN Missing "iommu=pt" from kernel command line which can lead to system '
        "instablity or hang!\n"
        "[rank0]:[E321 02:07:08.408271257 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=3, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600060 "
        "milliseconds before timing out.\n")
    expl = explain_file(str(log))
    lines = [t for t, _ in text_lines(expl)]
    first = next(t for t in lines if t.startswith("1. "))
    assert expl.verdict().startswith(expl.diagnoses[0].signature.title)
    assert expl.diagnoses[0].signature.title in first
    assert "see also:" in expl.verdict() and "iommu" in expl.verdict().lower()


def test_warnings_only_verdict_does_not_say_nothing_matched(tmp_path):
    log = tmp_path / "w.log"
    log.write_text('h:1:1 [0] /src/init.cc:179 NCCL WARN Missing "iommu=pt" from kernel command line which can '
                   "lead to system instablity or hang!\n")
    v = explain_file(str(log)).verdict()
    assert v.startswith("no failure found; warning") and "iommu" in v.lower()


def test_aperture_violation_gets_the_memory_fault_causes():
    # A1111 #9283: the same family of causes as "Memory access fault by GPU".
    fault = {c.check for c in by_id("hsa-memory-access-fault").causes if c.check}
    aperture = {c.check for c in by_id("hsa-aperture-violation").causes if c.check}
    assert fault <= aperture
    expl = explain_file(os.path.join(CORPUS, "a1111-9283-aperture-5500xt.log"))
    assert expl.diagnoses[0].signature.id == "hsa-aperture-violation"
    assert "hsa-status-error" not in [d.signature.id for d in expl.diagnoses]


def test_structure_reads_only_the_tail_of_a_big_file(tmp_path, monkeypatch):
    from rocmdoctor.logs import structure

    monkeypatch.setattr(structure, "TAIL_BYTES", 4096)
    log = tmp_path / "big.log"
    log.write_text("x" * 100 + "\n" + ("{'loss': 1.0}\n" * 2000) + HEADER + "\n")
    assert structure.tail_lines(str(log), 4096)[-1] == HEADER
    assert len("\n".join(structure.tail_lines(str(log), 4096))) <= 4096
    expl = explain_file(str(log))
    assert expl.diagnoses[0].signature.id == "stop-collective-test"


@pytest.mark.parametrize("text,errorish", [
    ("after error", False),  # a program's own prose is not an error line
    ("the error rate dropped to 0.1", False),
    ("ValueError: the tokenizer has no pad token", True),
    ("HIP error: invalid argument", True),
    ("amdgpu/polaris11_mc.bin: could not load firmware image, error 2", True),
    ("[drm:gfx_v10_0_hw_fini [amdgpu]] *ERROR* KGQ disable failed", True),
    ("2023-02-29 18:32:01,224 - lmdeploy - ERROR - something", True),
])
def test_error_like_lines_need_an_error_form_not_the_word(text, errorish):
    assert looks_like_error(text) is errorish


def test_readme_states_no_signature_count():
    # The count is generated (`explain --list`), never written by hand.
    import re

    with open(os.path.join(os.path.dirname(os.path.dirname(__file__)), "README.md"), encoding="utf-8") as f:
        assert not re.search(r"\b\d{2,4} (?:known )?(?:error )?signatures\b", f.read())


def test_hostile_lines_cost_linear_time_and_never_raise():
    import time

    hostile = ['File "' + "a" * 20000, "Traceback (most recent call last):" * 500, "x" * 50000 + "Error: " + "y" * 50000,
               "\x00\xff" * 10000, "# nThread 1 nGpus 1 " + " 1" * 10000, "ncclSystemError " * 3000,
               "Last error:" * 3000, "amdgpu " + "ring " * 5000 + " timeout", " 9/10 [" * 4000,
               'File "/x/site-packages/' + "d/" * 5000 + 'x.py", line 1, in <module>']
    t = time.perf_counter()
    shape = analyze(hostile * 3)
    reason(shape, [])
    assert time.perf_counter() - t < 5.0


def test_run_command_line_is_not_read_as_a_log(tmp_path):
    # `rocmdoctor run` names its command as the input; a script on that line is not a log.
    script = tmp_path / "train.sh"
    script.write_text(HEADER + "\n")  # would read as a hung collective test if it were a log
    result = scan_text(["step 1"], name="<output>")
    result.files = ["<output>"]
    expl = explain(result, Machine(None), inputs=[str(script)])
    assert not expl.diagnoses and expl.exit_code() == 0


def test_a_directory_of_logs_is_read_file_by_file_for_its_shape(tmp_path):
    from rocmdoctor.logs.structure import windows

    (tmp_path / "rank0.log").write_text(
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/site-packages/deepspeed/ops/op_builder/builder.py", line 1, in load\n'
        "RuntimeError: Error building extension 'fused_adam'\n")
    (tmp_path / "rank1.log").write_text("step 1/10 loss 2.0\n")
    names = dict(windows([str(tmp_path)]))
    assert set(names) == {"rank0.log", "rank1.log"}
    assert any("fused_adam" in line for line in names["rank0.log"])
    assert windows(["-", str(tmp_path / "missing.log")]) == []


def test_an_ipython_traceback_keeps_its_frames_after_the_notebook_cells_own():
    # rusty1s/pytorch_scatter#247: the cell's frame `<ipython-input-...> in <module>` came first and cut the traceback,
    # so the library frame below it (the innermost) was lost
    lines = ["RuntimeError                              Traceback (most recent call last)",
             "<ipython-input-7-b8d392e33e9f> in <module>", "----> 1 c = scatter_max(a, b)", "",
             "~/anaconda3/envs/env/lib/python3.8/site-packages/torch_scatter/scatter.py in scatter_max(src, index, dim)",
             "---> 72     return torch.ops.torch_scatter.scatter_max(src, index, dim, out, dim_size)", "",
             "RuntimeError: CUDA error: no kernel image is available for execution on the device"]
    [tb] = analyze(lines).tracebacks
    assert [f.path for f in tb.frames] == ["<ipython-input-7-b8d392e33e9f>",
                                           "~/anaconda3/envs/env/lib/python3.8/site-packages/torch_scatter/scatter.py"]
    assert tb.exc_type == "RuntimeError" and tb.packages() == ["torch_scatter/scatter.py"]
