"""The log reader and matcher on real excerpts (tests/data/logs, source on each first line):
prefixes, ANSI, CRLF, interleaved ranks and GPUs, blocks, chunk boundaries, per-rank
directories, terminal signatures, and the two prefilter engines agreeing."""
from __future__ import annotations

import io
import os

import pytest

from rocmdoctor.logs.logscan import match_lines, parse, rank_from_path, scan_path, scan_text
from rocmdoctor.logs.logscan import reader
from rocmdoctor.logs.logscan.prefilter import Prefilter

DATA = os.path.join(os.path.dirname(__file__), "data", "logs")


def data(name):
    return os.path.join(DATA, name)


def ids(result):
    return list(result.occurrences)


def test_every_data_file_names_its_source():
    for f in os.listdir(DATA):
        with open(data(f), encoding="utf-8") as fh:
            assert fh.readline().startswith("# source: https://"), f


def test_journalctl_ring_timeout_then_reset_in_order():
    r = scan_path(data("kernel_ring_timeout_reset_journalctl.txt"))
    # The parser failures after the reset are the consequence the new signature names.
    # The recovery's "MODE1 reset" line also matches the ASIC-reset warning; explain folds it into the reset.
    assert ids(r) == ["amdgpu-ring-timeout", "amdgpu-gpu-reset", "amdgpu-asic-reset", "amdgpu-vram-lost",
                      "amdgpu-cs-parser-failed"]
    ring = r.occurrences["amdgpu-ring-timeout"].first
    assert ring.line.number == 2 and ring.fields["ring"] == "gfx_0.0.0"
    assert [b.number for b in ring.block] == [3]  # "Process information" belongs to it
    reset = r.occurrences["amdgpu-gpu-reset"].first
    assert reset.device == "0000:08:00.0"
    assert reset.line.text.startswith("amdgpu 0000:08:00.0")  # journalctl prefix removed


def test_page_fault_block_is_one_event_with_its_lines():
    r = scan_path(data("kernel_page_fault_block_dmesg.txt"))
    occ = r.occurrences["amdgpu-page-fault"]
    assert occ.count == 2
    first = occ.first
    assert [b.number for b in first.block] == list(range(3, 12))
    assert any("Faulty UTCL2 client ID: TCP" in b.text for b in first.block)
    assert r.unexplained == []  # WALKER_ERROR etc. were absorbed by the block


def test_interleaved_page_faults_of_two_gpus_keep_their_own_lines():
    r = scan_path(data("kernel_page_fault_two_gpus_interleaved_dmesg_T.txt"))
    a, b = r.occurrences["amdgpu-page-fault"].matches
    assert (a.device, b.device) == ("0000:83:00.0", "0000:03:00.0")
    assert all(x.device == "0000:83:00.0" for x in a.block)
    assert all(x.device == "0000:03:00.0" for x in b.block)
    assert len(b.block) >= 5


def test_watchdog_ranks_from_prefixes():
    r = scan_path(data("torch_watchdog_timeout_8ranks.txt"))
    occ = r.occurrences["nccl-watchdog-timeout"]
    assert occ.ranks == {0, 3, 4}
    assert occ.first.fields["seq"] == "1580" and occ.first.fields["op"] == "ALLREDUCE"


def test_barrier_warning_followed_by_progress_is_not_a_hang():
    r = scan_path(data("torch_barrier_warning_then_progress.txt"))
    assert "nccl-barrier-hang" not in r.occurrences


def test_barrier_warning_as_the_last_line_is_a_hang():
    with open(data("torch_barrier_warning_then_progress.txt"), encoding="utf-8") as fh:
        warning = fh.readlines()[1]
    r = scan_text(["[rank1]:[W207 22:21:40.1 ProcessGroupNCCL.cpp:4115] starting", warning])
    occ = r.occurrences["nccl-barrier-hang"]
    assert occ.ranks == {4} and occ.first.fields["gpu"] == "4"


def test_nan_with_loss_zero_and_healthy_lookalike():
    r = scan_path(data("numerics_nan_loss0_llamafactory.txt"))
    assert ids(r) == ["nan-grad-norm"] and r.occurrences["nan-grad-norm"].count == 2
    assert scan_path(data("numerics_healthy_llamafactory.txt")).occurrences == {}


def test_oom_fields():
    m = scan_path(data("hip_oom_comfyui.txt")).occurrences["hip-oom"].first
    assert m.fields["request"] == "432.00 MiB" and m.fields["total"] == "15.92 GiB"


def test_prefixes_ansi_crlf():
    assert parse("\x1b[31m[rank3]:RuntimeError: HIP error: invalid device function\x1b[0m\r", 7).rank == 3
    line = parse("[default2]:hipErrorNoBinaryForGpu: Unable to find code object for all current devices!", 1)
    assert line.rank == 2 and line.text.startswith("hipErrorNoBinaryForGpu")
    assert parse("[1,5]<stderr>:boom", 1).rank == 5
    nccl = parse("node01:1234:1250 [0] NCCL WARN Call to connect returned Connection refused, retrying", 1)
    assert nccl.host == "node01"
    assert parse("  7%|▋   | 7/100\r 8%|▋   | 8/100\rRuntimeError: No HIP GPUs are available", 1).text \
        == "RuntimeError: No HIP GPUs are available"


def test_rank_from_file_names():
    assert rank_from_path("logs/rank3.log") == 3
    assert rank_from_path("logs/rank_12.txt") == 12
    assert rank_from_path("run/attempt_0/5/stderr.log") == 5
    assert rank_from_path("train.log") is None


def test_directory_of_rank_logs(tmp_path):
    (tmp_path / "rank0.log").write_text("step 1\nstep 2\n")
    (tmp_path / "rank1.log").write_bytes(b"step 1\r\nRuntimeError: HIP error: invalid device ordinal\r\n")
    r = scan_path(str(tmp_path))
    occ = r.occurrences["invalid-device-ordinal"]
    assert occ.ranks == {1} and occ.first.line.file == "rank1.log" and occ.first.line.number == 2


def test_unexplained_error_lines_are_kept():
    r = scan_text(["all fine", "ValueError: something nobody catalogued", "RuntimeError: another", "0 errors"])
    assert [u.number for u in r.unexplained] == [2, 3] and r.occurrences == {}


def test_block_across_chunk_boundary(monkeypatch):
    monkeypatch.setattr(reader, "CHUNK", 64)
    with open(data("kernel_page_fault_block_dmesg.txt"), "rb") as fh:
        raw = fh.read()
    r = reader.ScanResult()
    reader.scan_stream(io.BytesIO(raw), r)
    first = r.occurrences["amdgpu-page-fault"].first
    assert [b.number for b in first.block] == list(range(3, 12))
    assert r.lines == raw.count(b"\n")


def test_line_numbers_stay_right_in_big_chunks(monkeypatch):
    monkeypatch.setattr(reader, "CHUNK", 4096)
    lines = [f"{{'loss': 1.{i}, 'grad_norm': 0.5}}" for i in range(5000)]
    lines[3333] = "{'loss': 0.0, 'grad_norm': nan}"
    r = scan_text(lines)
    assert r.occurrences["nan-grad-norm"].first.line.number == 3334


def test_prefilter_engines_agree():
    pytest.importorskip("re2")
    with open(data("kernel_mes_ring_reset_dmesg_T.txt"), "rb") as fh:
        raw = fh.read() * 3
    assert Prefilter(engine="re2").line_starts(raw) == Prefilter(engine="stdlib").line_starts(raw)


def test_match_lines_api_for_kernel_logs():
    with open(data("kernel_mes_ring_reset_dmesg_T.txt"), encoding="utf-8") as fh:
        ms = match_lines(fh.read().splitlines())
    # The per-ring resets the driver tried before the full reset are their own events.
    assert [m.id for m in ms] == ["amdgpu-devcoredump", "amdgpu-ring-timeout", "amdgpu-ring-reset", "amdgpu-mes-failed",
                                  "amdgpu-queue-reset-failed", "amdgpu-queue-reset-failed", "amdgpu-ring-reset",
                                  "amdgpu-gpu-reset", "amdgpu-mes-failed"]
    ring = ms[1]
    assert ring.line.number == 5 and ring.device == "0000:03:00.0" and ring.signature.tier == 2


def test_gzip(tmp_path):
    import gzip

    p = tmp_path / "train.log.gz"
    with gzip.open(p, "wt") as fh:
        fh.write("ok\nModuleNotFoundError: No module named 'dskernels'\n")
    assert ids(scan_path(str(p))) == ["deepspeed-dskernels"]


def test_aer_header_with_its_tlp_is_one_event_across_port_and_endpoint():
    r = scan_path(data("kernel_aer_fatal_amdgpu_dmesg.txt"))
    occ = r.occurrences["pcie-aer"]
    assert occ.count == 1 and occ.first.fields["aer"] == "Uncorrected"
    texts = [b.text for b in occ.first.block]
    assert any("TLP Header: 6c000002" in t for t in texts)
    assert any("Malformed TLP" in t for t in texts)
    assert any(t.startswith("amdgpu 0000:06:00.0: device has no AER-aware driver") for t in texts)
    assert r.unexplained == []


def test_corrected_aer_then_gpu_init_failure():
    r = scan_path(data("kernel_aer_corrected_then_init_failure.txt"))
    # The MES KIQ ring test and the KCQ enable that fail during init are their own events now.
    assert ids(r) == ["pcie-aer", "amdgpu-ring-test-failed", "amdgpu-cp-halt-failed", "amdgpu-init-failed"]
    assert r.occurrences["pcie-aer"].count == 2


def test_deepspeed_ninja_failure_with_rank_prefixed_traceback():
    r = scan_path(data("deepspeed_ninja_fused_adam_rank0.txt"))
    occ = r.occurrences["deepspeed-ninja-failed"]
    assert occ.count == 2 and occ.ranks == {0}
    # Traceback frames and source lines are not reported as unexplained errors.
    assert [u.number for u in r.unexplained] == [11]


def test_bitsandbytes_built_for_another_rocm():
    r = scan_path(data("packages_bitsandbytes_rocm_mismatch.txt"))
    assert ids(r) == ["bitsandbytes-wrong-build"] and r.unexplained == []


def test_match_lines_skips_unanchored_lines_without_changing_what_it_finds(monkeypatch):
    """match_lines (the kernel-log checks) feeds the scanner only lines with an anchor, and an
    open block's continuations; the matches must be those of feeding every line."""
    import glob

    from rocmdoctor.logs.logscan import matcher

    tests_data = os.path.dirname(DATA)
    texts = [open(p, encoding="utf-8", errors="replace").read()
             for p in sorted(glob.glob(os.path.join(tests_data, "dmesg_*.txt")) + glob.glob(os.path.join(DATA, "*")))]
    noise = [f"[ {i}.000001] EXT4-fs (nvme0n1p2): re-mounted. Quota mode: none." for i in range(50)]
    lines = [line for t in texts for line in (t.splitlines() + noise)]

    def key(ms):
        return [(m.signature.id, m.line.number, m.device, tuple(x.number for x in m.block)) for m in ms]

    fast = match_lines(lines)
    monkeypatch.setattr(matcher, "_anchored", lambda: None)
    assert len(fast) > 30
    assert key(fast) == key(match_lines(lines))


def test_a_line_pasted_in_markdown_inline_code_loses_the_unpaired_backtick_at_its_edge():
    # https://github.com/ROCm/AMDMIGraphX/issues/2723: the user's paste ends "Killed`" (an inline code span)
    assert parse("Killed`", 4).text == "Killed"
    assert parse("`Load mgx model", 1).text == "Load mgx model"
    # paired backticks, fences and backticks inside the line are what the program printed: kept
    for text in ("run `ls` now", "```", "```bash", "echo `date`", "`--fp16` and `--bf16`"):
        assert parse(text, 1).text == text, text
    killed = scan_text(["Parsing from onnx file...", "Killed`"])
    assert list(killed.occurrences) == ["shell-killed"]


# https://github.com/axolotl-ai-cloud/axolotl/issues/138: the user pasted the exception's message without its
# `AttributeError:` type, so the line holds none of the catalog's anchor words; deepspeed-jit-op-load-failed matches it.
AXOLOTL_138 = " 'DeepSpeedCPUAdam' object has no attribute 'ds_opt_adam'\n"


@pytest.mark.parametrize("engine", ["stdlib", "re2"])
def test_a_small_paste_is_read_with_every_signatures_needles_as_anchors(tmp_path, engine):
    if engine == "re2" and Prefilter(engine="re2").engine != "re2":
        pytest.skip("google-re2 is not installed")
    p = tmp_path / "paste.log"
    p.write_text(AXOLOTL_138)
    assert list(scan_path(str(p), engine=engine).occurrences) == ["deepspeed-jit-op-load-failed"]


def test_text_in_memory_and_live_output_are_read_like_a_file():
    # scan_text (the accuracy benchmark, tests) and `rocmdoctor run`'s live scan once used the narrow anchors
    # only, so the same paste matched from a file and not from memory
    assert list(scan_text([AXOLOTL_138.rstrip("\n")]).occurrences) == ["deepspeed-jit-op-load-failed"]
    from rocmdoctor.logs.watch import LiveScan

    live = LiveScan()
    live.feed("stdout", AXOLOTL_138.encode())
    assert list(live.result.occurrences) == ["deepspeed-jit-op-load-failed"]


@pytest.mark.parametrize("engine", ["stdlib", "re2"])
def test_the_needles_widen_only_the_first_small_chunks_of_an_input(engine):
    pf = Prefilter(anchors=("error",), engine=engine, needles=("ds_opt_",))
    line = b"x has no attribute 'ds_opt_adam'\n"
    assert pf.line_starts(line) == [0]
    # past the first SMALL bytes (a log of gigabytes) the catalog's few anchors alone decide, as before
    big = b"a" * 100 + b"\n" + line
    pf = Prefilter(anchors=("error",), engine=engine, needles=("ds_opt_",))
    pf.budget = 10
    assert pf.line_starts(big) == []
    assert Prefilter(anchors=("error",), engine=engine).line_starts(line) == []  # no needles given: narrow
