"""`bench --compare` judges medians of repeated measurements against a
noise band, and says when a run is too noisy to judge instead of calling noise a regression."""
import copy

from rocmdoctor.commands.bench import compare


def _run(samples_s, kind="cuda", n=1024):
    flops = 2.0 * n ** 3
    best = flops / min(samples_s) / 1e12
    row = {"dtype": "fp32", "n": n, "iters": 3, "repeats": len(samples_s), "samples_s": samples_s,
           "best_s": min(samples_s), "tflops": best}
    return {"bench_matmul": {"outcome": "completed", "result": {
        "device": {"kind": kind, "name": "GPU" if kind == "cuda" else "CPU"}, "results": [row],
        "best_tflops": {"fp32": best}}}}


def _row(c):
    return next(r for r in c["rows"] if r["metric"] == "matmul fp32 TFLOPS")


def test_cpu_noise_seen_between_runs_is_not_a_regression():
    # The numbers: one CPU run measured 0.183 TFLOPS at best, the next 0.018.
    flops = 2.0 * 1024 ** 3
    before = _run([flops / 0.183e12, flops / 0.05e12, flops / 0.12e12], kind="cpu")
    now = _run([flops / 0.018e12, flops / 0.02e12, flops / 0.019e12], kind="cpu")
    c = compare(now, {"results": before})
    assert c["regressions"] == [] and c["too_noisy"] == ["matmul fp32 TFLOPS"]
    assert _row(c)["verdict"] == "baseline too noisy to judge"


def test_a_real_drop_beyond_the_band_with_no_overlap_regresses():
    before = _run([0.010, 0.0101, 0.0102])
    now = _run([0.020, 0.0201, 0.0199])
    c = compare(now, {"results": before})
    assert c["regressions"] == ["matmul fp32 TFLOPS"]
    r = _row(c)
    assert r["verdict"] == "regressed" and abs(r["change"] + 0.5) < 0.02 and r["band"] < 0.15


def test_a_drop_inside_the_band_is_within_noise():
    before = _run([0.010, 0.0108, 0.0104])  # 8% spread: band 16%
    now = _run([0.0112, 0.0113, 0.0114])  # about 10% slower
    c = compare(now, {"results": before})
    assert c["regressions"] == [] and _row(c)["verdict"].startswith("within noise")


def test_medians_not_best_values_are_compared():
    before = _run([0.010, 0.0102, 0.0101])
    now = copy.deepcopy(before)
    now["bench_matmul"]["result"]["results"][0]["samples_s"] = [0.005, 0.0102, 0.0101]  # one lucky loop
    assert abs(_row(compare(now, {"results": before}))["change"]) < 0.02


def test_text_output_names_the_noise(capsys):
    from rocmdoctor.commands.bench import print_comparison

    flops = 2.0 * 1024 ** 3
    print_comparison(compare(_run([flops / 0.018e12] * 3, "cpu"),
                             {"results": _run([flops / 0.183e12, flops / 0.05e12, flops / 0.1e12], "cpu")}))
    out = capsys.readouterr().out
    assert "baseline too noisy to judge" in out and "REGRESSED" not in out and "1 figure could not be judged" in out
