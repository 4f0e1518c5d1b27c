"""`bench --format html` and `train --format html`: one self-contained HTML file (inline
CSS and SVG, no script, nothing fetched) with the plots people would rather look at than
read:

- matmul TFLOPS per dtype against the GPU's vendor peak (the knowledge base's SKU peaks),
- the peer-to-peer bandwidth matrix as a heat map,
- all-reduce bus bandwidth against message size, beside the expected curve,
- the reference fine-tune's loss curve against its golden curve (rocmdoctor/data).

The expected all-reduce curve is a latency-bandwidth model, not a vendor figure: a ring
all-reduce of s bytes on n ranks moves f*s bytes over its slowest link, f = 2(n-1)/n
(nccl-tests' busbw factor), so t(s) = a + f*s/B with a the smallest message's time (the
latency) and B the slowest measured P2P link, and busbw(s) = f*s/t(s), which tends to B for
large messages. Without a P2P measurement there is no B and no expected curve, and the page
says so.

Every plotted point carries its value in data-* attributes, and the figures are also
embedded as JSON (<script type="application/json" id="rocmdoctor-data">), so a test or a
script can read back exactly what was drawn. Text is escaped and redacted like every output.
"""
from __future__ import annotations

import html
import json
import math
from typing import TYPE_CHECKING, Callable, Sequence

if TYPE_CHECKING:  # Python 3.9 has no typing.TypeGuard; annotations are not evaluated at run time
    from typing import TypeGuard

W, H, PAD = 640, 300, 48
STATUS_COLOR = {"fail": "#c62828", "error": "#8e24aa", "warn": "#ef8f00", "pass": "#2e7d32", "skip": "#9e9e9e"}


def _e(s: object) -> str:
    from .text import clean

    return html.escape(clean(str(s)), quote=True)


def _num(v: object) -> TypeGuard[float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _obj(v: object) -> dict:
    return v if isinstance(v, dict) else {}


def _fmt(v: float) -> str:
    # An axis tick: 1,000 rather than 1e+03 for the numbers benchmarks print (TFLOPS, GB/s)
    return f"{v:,.0f}" if 1000 <= abs(v) < 1e7 else f"{v:.3g}"


# ------------------------------------------------------------------ figures from results
def matmul_series(results: dict) -> list[dict]:
    res = _obj(_obj(results.get("bench_matmul")).get("result"))
    peak = _obj(_obj(res.get("peak")).get("per_device_tflops"))
    return [{"dtype": d, "tflops": t, "peak": peak.get(d) if _num(peak.get(d)) else None}
            for d, t in _obj(res.get("best_tflops")).items() if _num(t)]


def p2p_matrix(results: dict) -> list[list[float | None]]:
    res = _obj(_obj(results.get("bench_p2p")).get("result"))
    rows = res.get("unidirectional_gbps")
    if not isinstance(rows, list):
        return []
    return [[v if _num(v) else None for v in (r if isinstance(r, list) else [])] for r in rows]


def allreduce_points(results: dict) -> list[dict]:
    res = _obj(_obj(results.get("bench_allreduce")).get("result"))
    return [{"bytes": r["bytes"], "busbw_gbps": r["busbw_gbps"]} for r in res.get("sizes") or []
            if isinstance(r, dict) and _num(r.get("bytes")) and r["bytes"] > 0 and _num(r.get("busbw_gbps"))]


def expected_busbw(points: list[dict], results: dict, sizes: list[float]) -> list[dict]:
    """busbw(s) = f*s / (a + f*s/B): B the slowest measured P2P link, a the smallest message's
    time, f the run's busbw factor 2(n-1)/n. Empty without a P2P measurement."""
    links = [v for row in p2p_matrix(results) for v in row if v is not None and v > 0]
    res = _obj(_obj(results.get("bench_allreduce")).get("result"))
    first = min((r for r in res.get("sizes") or [] if isinstance(r, dict) and _num(r.get("time_us"))
                 and _num(r.get("bytes"))), key=lambda r: r["bytes"], default=None)
    if not links or first is None or not points:
        return []
    b, a = min(links) * 1e9, first["time_us"] * 1e-6
    n, factor = res.get("world_size"), res.get("busbw_factor")
    f = factor if _num(factor) and factor > 0 else (2 * (n - 1) / n if _num(n) and n > 1 else 1.0)
    return [{"bytes": s, "busbw_gbps": f * s / (a + f * s / b) / 1e9} for s in sizes]


def loss_series(results: dict) -> tuple[list[tuple[int, float]], list[float], str]:
    out = _obj(results.get("train_run"))
    res = _obj(out.get("result"))
    # (step, loss) for the finite steps: a NaN step leaves a gap where it happened
    losses = [(i, float(x)) for i, x in enumerate(res.get("losses") or []) if _num(x)]
    golden: list[float] = []
    why = ""
    if res.get("model"):
        why = "a user model has no golden curve"
    else:
        from ..benchmarks.suite import load_reference  # the same curve RD-TRAIN-001 judges by

        ref = load_reference() or {}
        golden = [float(x) for x in _obj(ref.get("curves")).get(res.get("variant"), []) if _num(x)]
        if not golden:
            why = f"no golden curve for variant {res.get('variant')!r}"
    return losses, golden, why


# ------------------------------------------------------------------ SVG drawing
def _axes(x0: float, x1: float, y0: float, y1: float, xlabel: str, ylabel: str, xticks: list[tuple[float, str]],
          yticks: list[tuple[float, str]]) -> list[str]:
    out = [f'<line class="axis" x1="{PAD}" y1="{H - PAD}" x2="{W - 10}" y2="{H - PAD}"/>',
           f'<line class="axis" x1="{PAD}" y1="10" x2="{PAD}" y2="{H - PAD}"/>',
           f'<text class="label" x="{(W + PAD) / 2}" y="{H - 8}" text-anchor="middle">{_e(xlabel)}</text>',
           f'<text class="label" x="12" y="{H / 2}" transform="rotate(-90 12 {H / 2})" '
           f'text-anchor="middle">{_e(ylabel)}</text>']
    for x, t in xticks:
        out.append(f'<text class="tick" x="{x:.1f}" y="{H - PAD + 14}" text-anchor="middle">{_e(t)}</text>')
    for y, t in yticks:
        out.append(f'<text class="tick" x="{PAD - 4}" y="{y + 4:.1f}" text-anchor="end">{_e(t)}</text>')
    return out


def _svg(name: str, body: list[str], title: str) -> str:
    return (f'<svg class="plot" data-plot="{name}" viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" '
            f'aria-label="{_e(title)}">' + "".join(body) + "</svg>")


def _scale(lo: float, hi: float, a: float, b: float) -> Callable[[float], float]:
    span = (hi - lo) or 1.0
    return lambda v: a + (v - lo) / span * (b - a)


def nice_top(hi: float) -> tuple[float, float]:
    """(axis top, tick step): a 1-2-5 step, about four ticks, the top a whole number of steps."""
    if not hi > 0:
        return 1.0, 0.25
    raw = hi / 4
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw)
    return step * math.ceil(hi / step), step


def _yticks(top: float, sy: Callable[[float], float], step: float) -> list[tuple[float, str]]:
    return [(sy(k * step), _fmt(k * step)) for k in range(int(round(top / step)) + 1)]


def plot_matmul(series: list[dict]) -> str:
    top, step = nice_top(max([s["tflops"] for s in series] + [s["peak"] for s in series if s["peak"]]))
    sy = _scale(0, top, H - PAD, 10)
    bw = (W - PAD - 20) / max(1, len(series))
    body = _axes(0, 1, 0, top, "dtype", "TFLOPS", [(PAD + bw * (i + 0.5), s["dtype"]) for i, s in enumerate(series)],
                 _yticks(top, sy, step))
    for i, s in enumerate(series):
        x = PAD + bw * i + bw * 0.2
        y = sy(s["tflops"])
        pct = f" ({100 * s['tflops'] / s['peak']:.0f}% of peak)" if s["peak"] else ""
        body.append(f'<rect class="bar" data-dtype="{_e(s["dtype"])}" data-value="{s["tflops"]}" x="{x:.1f}" '
                    f'y="{y:.1f}" width="{bw * 0.6:.1f}" height="{H - PAD - y:.1f}"><title>{_e(s["dtype"])}: '
                    f'{_fmt(s["tflops"])} TFLOPS{pct}</title></rect>')
        if s["peak"]:
            py = sy(s["peak"])
            body.append(f'<line class="peak" data-dtype="{_e(s["dtype"])}" data-value="{s["peak"]}" x1="{x - 6:.1f}" '
                        f'y1="{py:.1f}" x2="{x + bw * 0.6 + 6:.1f}" y2="{py:.1f}"><title>vendor peak '
                        f'{_fmt(s["peak"])} TFLOPS</title></line>')
    return _svg("matmul", body, "matmul TFLOPS against peak")


def plot_heatmap(m: list[list[float | None]]) -> str:
    n = len(m)
    vals = [v for r in m for v in r if v is not None]
    hi = max(vals) if vals else 1.0
    cell = min((W - PAD - 20) / max(n, 1), (H - PAD - 20) / max(n, 1))
    body = [f'<text class="label" x="{PAD + cell * n / 2:.1f}" y="{H - 8}" text-anchor="middle">to GPU</text>',
            f'<text class="label" x="12" y="{10 + cell * n / 2:.1f}" transform="rotate(-90 12 {10 + cell * n / 2:.1f})" '
            f'text-anchor="middle">from GPU</text>']
    for i, row in enumerate(m):
        body.append(f'<text class="tick" x="{PAD - 6}" y="{10 + cell * (i + 0.5) + 4:.1f}" text-anchor="end">{i}</text>')
        body.append(f'<text class="tick" x="{PAD + cell * (i + 0.5):.1f}" y="{10 + cell * n + 14:.1f}" '
                    f'text-anchor="middle">{i}</text>')
        for j, v in enumerate(row):
            x, y = PAD + cell * j, 10 + cell * i
            if v is None:
                body.append(f'<rect class="cell empty" data-from="{i}" data-to="{j}" x="{x:.1f}" y="{y:.1f}" '
                            f'width="{cell:.1f}" height="{cell:.1f}"/>')
                continue
            t = v / hi if hi else 0.0
            color = f"rgb({int(255 - 200 * t)},{int(245 - 120 * t)},{int(255 - 60 * t)})"
            body.append(f'<rect class="cell" data-from="{i}" data-to="{j}" data-value="{v}" x="{x:.1f}" y="{y:.1f}" '
                        f'width="{cell:.1f}" height="{cell:.1f}" fill="{color}"><title>GPU {i} to GPU {j}: '
                        f'{_fmt(v)} GB/s</title></rect>')
            if cell >= 28:
                body.append(f'<text class="cellval" x="{x + cell / 2:.1f}" y="{y + cell / 2 + 4:.1f}" '
                            f'text-anchor="middle">{_fmt(v)}</text>')
    return _svg("p2p", body, "peer-to-peer bandwidth, GB/s")


def _line_plot(name: str, series: Sequence[tuple[str, str, Sequence[tuple[float, float]]]], xlabel: str, ylabel: str,
               logx: bool, xfmt: Callable[[float], str], legend_left: bool) -> str:
    xs = [x for _, _, pts in series for x, _ in pts]
    ys = [y for _, _, pts in series for _, y in pts]
    tx = (lambda v: math.log2(v)) if logx else (lambda v: v)
    lo, hi = tx(min(xs)), tx(max(xs))
    top, ystep = nice_top(max(ys) if ys else 0.0)
    sx, sy = _scale(lo, hi, PAD, W - 20), _scale(0, top, H - PAD, 10)
    ticks = sorted({x for x, _ in series[0][2]})  # at the measured points, not along the model curve
    step = max(1, len(ticks) // 8)
    body = _axes(lo, hi, 0, top, xlabel, ylabel, [(sx(tx(x)), xfmt(x)) for x in ticks[::step]],
                 _yticks(top, sy, ystep))
    for label, cls, pts in series:
        path = " ".join(f"{sx(tx(x)):.1f},{sy(y):.1f}" for x, y in pts)
        body.append(f'<polyline class="{cls}" data-series="{_e(label)}" points="{path}"/>')
        if cls == "measured":
            r = 3 if len(pts) <= 40 else 1.5
            for x, y in pts:
                body.append(f'<circle class="pt" data-x="{x}" data-value="{y}" cx="{sx(tx(x)):.1f}" '
                            f'cy="{sy(y):.1f}" r="{r}"><title>{_e(xfmt(x))}: {_fmt(y)}</title></circle>')
    legend_y, lx = 22, (PAD + 12 if legend_left else W - 200)
    for label, cls, _ in series:
        body.append(f'<line class="{cls}" x1="{lx}" y1="{legend_y - 4}" x2="{lx + 20}" y2="{legend_y - 4}"/>'
                    f'<text class="tick" x="{lx + 25}" y="{legend_y}">{_e(label)}</text>')
        legend_y += 16
    return _svg(name, body, f"{ylabel} by {xlabel}")


def _bytes(v: float) -> str:
    for unit, k in (("GiB", 2 ** 30), ("MiB", 2 ** 20), ("KiB", 2 ** 10)):
        if v >= k:
            return f"{v / k:g} {unit}"
    return f"{v:g} B"


def plot_allreduce(points: list[dict], expected: list[dict]) -> str:
    series = [("measured busbw", "measured", [(p["bytes"], p["busbw_gbps"]) for p in points])]
    if expected:
        series.append(("expected (slowest P2P link)", "expected", [(p["bytes"], p["busbw_gbps"]) for p in expected]))
    return _line_plot("allreduce", series, "message size", "bus bandwidth, GB/s", True, _bytes, True)


def plot_loss(losses: list[tuple[int, float]], golden: list[float]) -> str:
    series = [("this run", "measured", losses)]
    if golden:
        series.append(("golden curve", "expected", list(enumerate(golden))))
    return _line_plot("loss", series, "step", "loss", False, lambda v: f"{v:g}", False)


# ------------------------------------------------------------------ the page
CSS = """body{font-family:system-ui,sans-serif;margin:24px;color:#222;max-width:760px}
h1{font-size:20px}h2{font-size:16px;margin-top:28px}.verdict{font-weight:bold}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:3px 8px;font-size:13px;text-align:left}
.plot{background:#fff;border:1px solid #eee}.axis{stroke:#444}.tick,.label{font-size:11px;fill:#333}
.bar{fill:#1e88e5}.peak{stroke:#c62828;stroke-width:2}.measured{fill:none;stroke:#1e88e5;stroke-width:2}
.expected{fill:none;stroke:#c62828;stroke-width:1.5;stroke-dasharray:5 4}.pt{fill:#1e88e5}
.cell{stroke:#fff}.empty{fill:#eee}.cellval{font-size:11px;fill:#111}.none{color:#777;font-style:italic}"""


def to_html(report: dict, verdict: str) -> str:
    """The page, from a report dict (Report.to_dict()) whose results hold bench_* or train_run."""
    from ..base.redact import scrub_value

    report = scrub_value(report)
    results = _obj(report.get("results"))
    src = _obj(report.get("source"))
    parts = [f"<h1>rocmdoctor {_e(report.get('level', ''))} report</h1>",
             f'<p class="verdict">{_e(verdict)}</p>',
             f"<p>rocmdoctor {_e(report.get('tool_version', ''))} · "
             f"{_e(src.get('snapshot') or src.get('root') or 'this machine')}</p>"]
    data: dict = {}
    mm = matmul_series(results)
    if "bench_matmul" in results:
        data["matmul"] = mm
        parts.append("<h2>Matmul TFLOPS against the vendor peak</h2>")
        parts.append(plot_matmul(mm) if mm else '<p class="none">no matmul figures (the benchmark did not complete)</p>')
        if mm and not any(s["peak"] for s in mm):
            parts.append('<p class="none">no vendor peak for this device (a CPU run, or a GPU the knowledge base '
                         'does not know)</p>')
    p2p = p2p_matrix(results)
    if "bench_p2p" in results:
        data["p2p_gbps"] = p2p
        parts.append("<h2>Peer-to-peer bandwidth (GB/s, one direction)</h2>")
        parts.append(plot_heatmap(p2p) if any(v is not None for r in p2p for v in r)
                     else '<p class="none">no peer-to-peer figures (needs two GPUs)</p>')
    pts = allreduce_points(results)
    if "bench_allreduce" in results:
        lo, hi = (min(p["bytes"] for p in pts), max(p["bytes"] for p in pts)) if pts else (1, 1)
        sizes = [lo * (hi / lo) ** (k / 24) for k in range(25)] if hi > lo else [lo]  # a smooth curve
        exp = expected_busbw(pts, results, sizes)
        data["allreduce"] = pts
        data["allreduce_expected"] = exp
        parts.append("<h2>All-reduce bus bandwidth by message size</h2>")
        parts.append(plot_allreduce(pts, exp) if pts else '<p class="none">no all-reduce figures</p>')
        if pts and not exp:
            parts.append('<p class="none">no expected curve: it needs a peer-to-peer measurement (run '
                         '<code>rocmdoctor bench</code> on GPUs)</p>')
    if "train_run" in results:
        losses, golden, why = loss_series(results)
        data["loss"], data["golden"] = losses, golden
        parts.append("<h2>Loss by step against the golden curve</h2>")
        parts.append(plot_loss(losses, golden) if losses else '<p class="none">no loss recorded</p>')
        if why:
            parts.append(f'<p class="none">{_e(why)}</p>')
    rows = "".join(f'<tr><td style="color:{STATUS_COLOR.get(f["status"], "#222")}">{_e(f["status"])}</td>'
                   f'<td>{_e(f["code"])}</td><td>{_e(f["title"])}</td></tr>'
                   for f in report.get("findings") or [])
    parts.append(f"<h2>Findings</h2><table><tr><th>status</th><th>code</th><th>finding</th></tr>{rows}</table>")
    blob = json.dumps(data).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>rocmdoctor report</title><style>{CSS}</style></head><body>" + "\n".join(parts)
            + f'<script type="application/json" id="rocmdoctor-data">{blob}</script></body></html>\n')
