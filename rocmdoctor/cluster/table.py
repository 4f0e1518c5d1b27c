"""The cluster report as text: a nodes x areas table of worst statuses, then what differs
between nodes, then each node's problems. Words, not only colours, so CI logs read the same."""
from __future__ import annotations

from typing import TextIO

from ..engine.model import Status
from ..output.text import STYLE, lines as report_lines, plural, print_lines
from . import drift
from .hostlist import compress as hostlist
from ..base.untrusted import pick

CELL = {"pass": "ok", "warn": "WARN", "fail": "FAIL", "error": "ERROR", "skip": "skip", None: "·"}
STATE = {"never joined": "NEVER JOINED", "hung": "HUNG", "died": "DIED", "error": "NO REPORT"}


GROUP_ABOVE = 16  # more nodes than this: identical rows (and identical node sections) print once
NAME_MAX = 48


def _groups(items, key):
    """[(key, [items])] in first-seen order."""
    out: dict = {}
    for it in items:
        out.setdefault(key(it), []).append(it)
    return list(out.items())


def table_lines(cluster: dict, areas: list[str] | None = None) -> list[tuple[str, str]]:
    t = cluster["table"]
    areas = t["areas"] if areas is None else areas
    rows = t["rows"]
    grouped = len(rows) > GROUP_ABOVE
    if grouped:  # a thousand nodes: one row per distinct result, named as a Slurm host list
        rows = [dict(members[0], node=_cut(hostlist([r["node"] for r in members])), rank=len(members))
                for _, members in _groups(rows, lambda r: (r["state"], r["status"],
                                                           tuple(sorted(r["cells"].items(), key=str))))]
    name_w = max([len("NODE")] + [len(r["node"]) for r in rows])
    widths = [max(len(a), 5) for a in areas]
    col = "NODES" if grouped else "RANK"
    head = f"{'NODE':<{name_w}}  {col:>5}  {'RESULT':<6}  " + "  ".join(f"{a:<{w}}" for a, w in zip(areas, widths))
    out = [(head.rstrip(), "bold")]
    for r in rows:
        lead = f"{r['node']:<{name_w}}  {r['rank'] if r['rank'] is not None else '?':>5}  "
        if r["state"] in STATE and r["state"] != "error":
            out.append((lead + STATE[r["state"]], STYLE[Status.FAIL]))
            continue
        worst = Status(r["status"])
        cells = "  ".join(f"{CELL[r['cells'].get(a)]:<{w}}" for a, w in zip(areas, widths))
        result = CELL[worst.value] if r["state"] == "reported" else STATE["error"]
        style = STYLE[worst] if worst in (Status.FAIL, Status.ERROR, Status.WARN) else ""
        out.append(((lead + f"{result:<6}  " + cells).rstrip(), style))
    return out


def _cut(text: str) -> str:
    return text if len(text) <= NAME_MAX else text[:NAME_MAX - 3] + "..."


def quiet_areas(cluster: dict) -> list[str]:
    """Areas in which every node passed or skipped: the columns a narrow terminal leaves out."""
    rows = [r for r in cluster["table"]["rows"] if r["state"] not in STATE or r["state"] == "error"]
    return [a for a in cluster["table"]["areas"] if all(r["cells"].get(a) in ("pass", "skip", None) for r in rows)]


def lines(cluster: dict, verbose: bool = False, areas: list[str] | None = None) -> list[tuple[str, str]]:
    s = cluster["summary"]
    out = [(f"rocmdoctor {cluster['tool_version']} · cluster of {plural(s['nodes'], 'node')} "
            f"({cluster['launcher']}, {plural(cluster['world_size'], 'rank')}) · level {cluster['level']}", "bold"),
           ("", "")]
    out += table_lines(cluster, areas)
    if areas is not None:
        left = [a for a in cluster["table"]["areas"] if a not in areas]
        out.append((f"ok or skipped on every node: {', '.join(left)}", "dim"))
    allreduce = pick(cluster, "results", "allreduce")
    if allreduce:
        from .bench import text_lines

        out += [("", ""), ("ALL-REDUCE ACROSS NODES", "bold cyan")] + [(t, "") for t in text_lines(allreduce)]
    cluster_findings = [f for f in cluster["findings"] if f["status"] != "pass"]
    if cluster_findings:
        out += [("", ""), ("BETWEEN NODES", "bold cyan")]
        explained = set()
        for f in cluster_findings:
            st = Status(f["status"])
            out.append((f" {st.value.upper():5} {f['code']}  {f['title']}", STYLE[st]))
            paras = (f.get("detail") or "").splitlines()
            if f["code"] in drift.WHY:  # drift: say why once per code, list values unless the title did
                paras = ([] if f["code"] in explained else paras[:1]) + \
                        ([] if pick(f, "data", "listed") else paras[1:])
                explained.add(f["code"])
            for para in paras:
                out.append(("     " + para, ""))
    reported = [n for n in cluster["nodes"] if n.get("report")]
    if verbose:
        from ..engine.model import Report

        for n in reported:
            out += [("", ""), (f"NODE {n['node']} (rank {n['rank']})", "bold cyan")]
            out += report_lines(_as_report(n["report"], Report), verbose=True)[1:]
    else:
        out += _node_sections(reported)
    out.append(("", ""))
    out.append(verdict_line(cluster))
    if not verbose:
        out.append(("Use -v for every node's full report, --format json or junit for machines.", "dim"))
    return out


def _node_sections(nodes: list[dict]) -> list[tuple[str, str]]:
    """Each node's failures and warnings; past GROUP_ABOVE nodes, nodes with the same ones
    share a section ("NODES node[001-996] (996)")."""
    def loud(n):
        fs = [f for f in n["report"]["findings"] if f["status"] in ("fail", "error", "warn")]
        return tuple((f["status"], f["code"], f["title"], f.get("subject") or "")
                     for f in sorted(fs, key=lambda f: (-Status(f["status"]).rank, f["code"])))

    grouped = len(nodes) > GROUP_ABOVE
    out: list[tuple[str, str]] = []
    for key, members in _groups(nodes, loud if grouped else (lambda n: id(n))):
        items = key if grouped else loud(members[0])
        notes = [] if grouped else members[0]["report"].get("notes", [])
        if items:
            names = [m["node"] for m in members]
            head = f"NODES {hostlist(names)} ({len(names)})" if len(names) > 1 else f"NODE {names[0]}"
            out += [("", ""), (head, "bold cyan")]
            for st, code, title, subject in items:
                sub = f" [{subject}]" if subject else ""
                out.append((f" {st.upper():5} {code}  {title}{sub}", STYLE[Status(st)]))
        for note in notes:
            out.append((f" note: {note}", "dim"))
    return out


def verdict_line(cluster: dict) -> tuple[str, str]:
    """The closing line. It never says "healthy and alike" while a node warns or the nodes
    differ (issue 29 item 10): exit 0 only means nothing *failed*."""
    s = cluster["summary"]
    code = cluster["exit_code"]
    diffs = plural(s["differences"], "difference")
    if code:
        failing = s["nodes_failing"]
        verdict = "cluster incomplete" if code == 4 else "problems found"
        needs = "needs" if len(failing) == 1 else "need"
        return (f"{verdict}: {len(failing)} of {plural(s['nodes'], 'node')} {needs} attention"
                + (f" ({hostlist(failing)})" if failing else "") + f"; {diffs} between nodes", "bold red")
    warning = sorted(n["node"] for n in cluster["nodes"] if n["status"] == Status.WARN.value or n.get("drift"))
    if warning or s["differences"]:
        return (f"no failures, with warnings: {len(warning)} of {plural(s['nodes'], 'node')} warn"
                + (f" ({hostlist(warning)})" if warning else "") + f"; {diffs} between nodes", "yellow")
    return f"all nodes healthy and alike: 0 of {plural(s['nodes'], 'node')} need attention; {diffs} between nodes", "green"


def _as_report(d: dict, Report):
    """Rebuild enough of a Report for the single-node renderer (findings stay dicts → Finding)."""
    from ..engine.model import Action, Applicability, Evidence, Finding, FixPlan

    def fix(x):
        if not x:
            return None
        return FixPlan(x["title"], tuple(Action(a["kind"], a["description"], tuple(a.get("argv", ())), a.get("path"),
                                                a.get("env")) for a in x.get("actions", [])),
                       Applicability(x["applicability"]), x.get("needs_root", False), x.get("needs_reboot", False),
                       x.get("fixer"), x.get("params") or {})

    findings = [Finding(code=f["code"], status=Status(f["status"]), title=f["title"], detail=f.get("detail", ""),
                        area=f.get("area", ""), subject=f.get("subject"),
                        evidence=tuple(Evidence(e["source"], e["text"]) for e in f.get("evidence", [])),
                        sources=tuple(f.get("sources", [])), fix=fix(f.get("fix")), missing=tuple(f.get("missing", [])),
                        check=f.get("check", ""), data=f.get("data") or {}) for f in d.get("findings", [])]
    return Report(findings=findings, source=d.get("source", {}), level=d.get("level", ""),
                  tool_version=d.get("tool_version", ""), duration_s=d.get("duration_s", 0.0),
                  results=d.get("results", {}), notes=list(d.get("notes", [])))


def print_cluster(cluster: dict, stream: TextIO | None = None, verbose: bool = False) -> None:
    import sys

    from ..output.text import terminal_width

    width = terminal_width(stream or sys.stdout)
    areas = None
    if width and max(len(t) for t, _ in table_lines(cluster)) > width:
        # too wide for the terminal: only the areas where some node did not pass get a column
        quiet = set(quiet_areas(cluster))
        areas = [a for a in cluster["table"]["areas"] if a not in quiet]
    out = lines(cluster, verbose, areas)
    n = 2 + len(table_lines(cluster, areas))  # the header and the nodes x areas table keep their columns
    print_lines(out[:n], stream, wrap_lines=False)
    print_lines(out[n:], stream)
