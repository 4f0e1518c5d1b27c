"""`bench --format html` / `train --format html`: one self-contained page, opened in a real
headless Chromium (Debian's `chromium`, driven by Playwright through executable_path, since
browser downloads are not reachable): it renders without a console error, every plot is
there with the data it was given, and it fetches nothing. The figures are real recorded
runs (tests/data/bench_cpu_*.json, SOURCES.md) plus a P2P matrix and GPU peaks written here
to exercise the GPU-only plots."""
import copy
import json
import os
import shutil

import pytest

from rocmdoctor.output import html as page

DATA = os.path.join(os.path.dirname(__file__), "data")
CHROMIUM = next((p for p in (os.environ.get("ROCMDOCTOR_CHROMIUM"), shutil.which("chromium"),
                             shutil.which("chromium-browser"), shutil.which("google-chrome")) if p), None)


def _load(name):
    with open(os.path.join(DATA, name), encoding="utf-8") as fh:
        return json.load(fh)


def bench_report():
    mm = _load("bench_cpu_matmul.json")
    gpu_mm = copy.deepcopy(mm)  # as on an MI50: the knowledge base's peaks attached by benchmarks/suite.py
    gpu_mm["result"]["peak"] = {"product": "Instinct MI50", "per_device_tflops": {"fp32": 13.3, "fp16": 26.5,
                                                                                  "bf16": 26.5}}
    gpu_mm["result"]["best_tflops"] = {"fp32": 11.9, "fp16": 22.4, "bf16": 3.1}
    p2p = {"outcome": "completed", "result": {"unidirectional_gbps": [[None, 9.8, 9.6], [9.9, None, 4.1],
                                                                      [9.7, 4.0, None]]}}
    return {"tool_version": "0", "level": "bench", "source": {"kind": "live"},
            "findings": [{"code": "RD-BENCH-004", "status": "warn", "title": "P2P <1→2> slow"}],
            "results": {"bench_matmul": gpu_mm, "bench_allreduce": _load("bench_cpu_allreduce_2ranks_64MiB.json"),
                        "bench_p2p": p2p}}


def train_report(losses):
    return {"tool_version": "0", "level": "train", "source": {"kind": "live"}, "findings": [],
            "results": {"train_run": {"outcome": "completed", "result": {"variant": "lora", "losses": losses}}}}


def test_expected_busbw_follows_the_latency_bandwidth_model():
    r = bench_report()["results"]
    sizes = [1 << 10, 1 << 20, 1 << 30]
    exp = page.expected_busbw(page.allreduce_points(r), r, sizes)
    a = r["bench_allreduce"]["result"]["sizes"][0]["time_us"] * 1e-6  # the smallest message's time
    b, f = 4.0e9, 1.0  # the slowest link; 2 ranks: 2(n-1)/n = 1
    for e, s in zip(exp, sizes):
        assert e["busbw_gbps"] == pytest.approx(f * s / (a + f * s / b) / 1e9)
    assert exp[-1]["busbw_gbps"] < 4.0 and exp[-1]["busbw_gbps"] > 3.9  # tends to the link
    assert page.expected_busbw(page.allreduce_points(r), {"bench_allreduce": r["bench_allreduce"]}, sizes) == []


def test_the_page_is_self_contained_and_escaped():
    out = page.to_html(bench_report(), "Problems found: <b>1</b>")
    assert "<b>1</b>" not in out and "&lt;b&gt;1&lt;/b&gt;" in out and "P2P &lt;1→2&gt; slow" in out
    assert "http://" not in out.replace("http://www.w3.org", "") and "https://" not in out and "src=" not in out


@pytest.fixture(scope="module")
def browser():
    if CHROMIUM is None:
        pytest.skip("no chromium binary (Debian: apt-get install -y chromium)")
    sync = pytest.importorskip("playwright.sync_api")
    with sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def _open(browser, tmp_path, html):
    f = tmp_path / "report.html"
    f.write_text(html, encoding="utf-8")
    pg = browser.new_page()
    problems, requests = [], []
    pg.on("console", lambda m: problems.append(m.text) if m.type in ("error", "warning") else None)
    pg.on("pageerror", lambda e: problems.append(str(e)))
    pg.on("request", lambda r: requests.append(r.url) if not r.url.startswith(("file:", "data:")) else None)
    pg.goto(f.as_uri())
    return pg, problems, requests


def test_bench_page_renders_in_chromium_with_its_data(browser, tmp_path):
    rep = bench_report()
    pg, problems, requests = _open(browser, tmp_path, page.to_html(rep, "Problems found: 1 warning"))
    assert problems == [] and requests == []
    plots = pg.eval_on_selector_all("svg.plot", "els => els.map(e => e.dataset.plot)")
    assert plots == ["matmul", "p2p", "allreduce"]
    for plot in plots:  # laid out, not collapsed to nothing
        box = pg.locator(f'svg[data-plot="{plot}"]').bounding_box()
        assert box["width"] > 300 and box["height"] > 200
    bars = pg.eval_on_selector_all("rect.bar", "els => els.map(e => [e.dataset.dtype, +e.dataset.value])")
    assert bars == [["fp32", 11.9], ["fp16", 22.4], ["bf16", 3.1]]
    peaks = pg.eval_on_selector_all("line.peak", "els => els.map(e => +e.dataset.value)")
    assert peaks == [13.3, 26.5, 26.5]
    # a taller bar is drawn taller: the plot reflects the data, not just carries it
    h = pg.eval_on_selector_all("rect.bar", "els => els.map(e => e.getBBox().height)")
    assert h[1] > h[0] > h[2] > 0
    cells = pg.eval_on_selector_all("rect.cell:not(.empty)", "els => els.map(e => [+e.dataset.from, +e.dataset.to, "
                                                             "+e.dataset.value])")
    assert sorted(cells) == sorted([i, j, v] for i, row in enumerate(rep["results"]["bench_p2p"]["result"]
                                                                     ["unidirectional_gbps"])
                                   for j, v in enumerate(row) if v is not None)
    pts = pg.eval_on_selector_all('svg[data-plot="allreduce"] circle.pt', "els => els.map(e => +e.dataset.value)")
    want = [s["busbw_gbps"] for s in rep["results"]["bench_allreduce"]["result"]["sizes"]]
    assert pts == want
    assert pg.locator('svg[data-plot="allreduce"] polyline.expected').count() == 1
    data = json.loads(pg.locator("#rocmdoctor-data").text_content())
    assert [p["busbw_gbps"] for p in data["allreduce"]] == want and data["p2p_gbps"][1][2] == 4.1


def test_train_page_draws_the_loss_against_the_golden_curve(browser, tmp_path):
    from rocmdoctor.benchmarks.suite import load_reference

    golden = load_reference()["curves"]["lora"]
    losses = [x + 0.05 for x in golden[:60]] + [float("nan")] + [x + 0.05 for x in golden[61:]]
    pg, problems, _ = _open(browser, tmp_path, page.to_html(train_report(losses), "No problems found"))
    assert problems == []
    assert pg.eval_on_selector_all("svg.plot", "els => els.map(e => e.dataset.plot)") == ["loss"]
    pts = pg.eval_on_selector_all("circle.pt", "els => els.map(e => [+e.dataset.x, +e.dataset.value])")
    assert len(pts) == len(losses) - 1 and 60 not in [x for x, _ in pts]  # the NaN step is a gap, not a zero
    series = pg.eval_on_selector_all("polyline", "els => els.map(e => [e.dataset.series, e.points.numberOfItems])")
    assert ["golden curve", len(golden)] in series


def test_the_cli_writes_an_html_bench_report(tmp_path, capsys):
    pytest.importorskip("torch")
    from rocmdoctor.cli import main

    out = tmp_path / "bench.html"
    assert main(["bench", "matmul", "--device", "cpu", "--format", "html", "-o", str(out), "-q"]) in (0, 1)
    text = out.read_text()
    assert text.startswith("<!DOCTYPE html>") and 'data-plot="matmul"' in text and capsys.readouterr().out == ""
