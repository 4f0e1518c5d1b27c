"""The cluster report: every node's report, what differs, who is missing, exit codes.

Pure and JSON-shaped (``build`` returns the documented dict), so rank 0's gather child
can compute it, post each node's exit code back to that node, and hand it to the parent
to print. Schema "rocmdoctor.cluster_report" (docs/cluster.md).
"""
from __future__ import annotations

import math

from typing import Any

from ..engine.model import Evidence, Finding, Status
from ..output.text import AREA_ORDER
from . import drift

SCHEMA, SCHEMA_VERSION = "rocmdoctor.cluster_report", 1
EXIT_OK, EXIT_FAIL, EXIT_INCOMPLETE = 0, 1, 4
MEMBERSHIP_CODE = {"never joined": "RD-CLU-001", "hung": "RD-CLU-002", "died": "RD-CLU-002",
                   "error": "RD-CLU-003", "gather": "RD-CLU-004"}


def build(payloads: list[dict], absent: list[dict] | None = None, *, level: str, strict: bool = False,
          world_size: int | None = None, launcher: str = "offline", extra: list[Finding] | None = None,
          results: dict | None = None, tool_version: str | None = None) -> dict:
    """payloads: [{"node", "rank", "report": dict|None, "error": str|None}] from the nodes
    that answered; absent: [{"node": name|None, "ranks": [...], "state": "never joined"|
    "hung"|"died", "detail": str}]; extra: cluster findings found elsewhere (the gather)."""
    from .. import __version__

    absent = absent or []
    payloads = _unique_names([_sane_payload(p, i) for i, p in enumerate(payloads)])
    reported = [p for p in payloads if p.get("report")]
    findings = drift.drift([(p["node"], p["report"], p["report"].get("results", {}).get("node_summary") or {})
                            for p in reported])
    findings = _membership(payloads, absent) + list(extra or []) + findings
    flagged = drift.nodes_flagged(findings)
    bad = {Status.FAIL, Status.ERROR} | ({Status.WARN} if strict else set())

    nodes = []
    for p in sorted(payloads, key=lambda p: p.get("rank", 0)):
        rep = p.get("report")
        worst = _worst(rep) if rep else Status.ERROR
        drift_st = flagged.get(p["node"])
        code = EXIT_FAIL if (worst in bad or (drift_st in bad)) else EXIT_OK
        nodes.append({"node": p["node"], "rank": p.get("rank"), "state": "reported" if rep else "error",
                      "status": worst.value, "drift": drift_st.value if drift_st else None,
                      "detail": p.get("error"), "exit_code": code, "report": rep})
    for a in absent:
        nodes.append({"node": a.get("node") or _ranks_label(a["ranks"]), "rank": min(a["ranks"]), "ranks": a["ranks"],
                      "state": a["state"], "status": Status.ERROR.value, "drift": None,
                      "detail": a.get("detail"), "exit_code": EXIT_INCOMPLETE, "report": None})

    if absent or any(f.code == MEMBERSHIP_CODE["gather"] and f.status == Status.FAIL for f in findings):
        exit_code = EXIT_INCOMPLETE
    elif any(n["exit_code"] for n in nodes) or any(f.status in bad for f in findings):
        exit_code = EXIT_FAIL
    else:
        exit_code = EXIT_OK
    areas = _areas([n["report"] for n in nodes if n["report"]])
    return {
        "schema": SCHEMA, "schema_version": SCHEMA_VERSION, "tool_version": tool_version or __version__,
        "level": level, "launcher": launcher, "world_size": world_size if world_size is not None else len(nodes),
        "strict": strict,
        "summary": _summary(nodes, findings),
        "table": {"areas": areas + ["drift"],
                  "rows": [{"node": n["node"], "rank": n["rank"], "state": n["state"], "status": n["status"],
                            "cells": _cells(n, areas)} for n in nodes]},
        "findings": [f.to_dict() for f in findings],
        "nodes": nodes,
        "results": results or {},
        "exit_code": exit_code,
    }


def _worst(report: dict) -> Status:
    st = [Status(f["status"]) for f in report.get("findings", [])]
    return max(st, key=lambda s: s.rank) if st else Status.SKIP


def _areas(reports: list[dict]) -> list[str]:
    seen = {f.get("area") or "other" for r in reports for f in r.get("findings", [])}
    return sorted(seen, key=lambda a: (AREA_ORDER.index(a) if a in AREA_ORDER else len(AREA_ORDER), a))


def _cells(node: dict, areas: list[str]) -> dict[str, str | None]:
    rep = node["report"]
    if not rep:
        return {a: None for a in areas + ["drift"]}
    cells: dict[str, str | None] = {}
    for a in areas:
        st = [Status(f["status"]) for f in rep.get("findings", []) if (f.get("area") or "other") == a]
        cells[a] = max(st, key=lambda s: s.rank).value if st else None
    cells["drift"] = node["drift"] or Status.PASS.value
    return cells


def _summary(nodes: list[dict], findings: list[Finding]) -> dict[str, Any]:
    states: dict[str, int] = {}
    for n in nodes:
        states[n["state"]] = states.get(n["state"], 0) + 1
    return {"nodes": len(nodes), "states": states,
            "nodes_failing": sorted(n["node"] for n in nodes if n["exit_code"]),
            "differences": sum(1 for f in findings if f.code.startswith("RD-CLU-01") or f.code == drift.CHECKS_CODE)}


def _ranks_label(ranks: list[int]) -> str:
    ranks = sorted(ranks)
    if len(ranks) > 2 and ranks == list(range(ranks[0], ranks[-1] + 1)):
        return f"ranks {ranks[0]}-{ranks[-1]}"
    return ("rank " if len(ranks) == 1 else "ranks ") + ", ".join(map(str, ranks))


def _membership(payloads: list[dict], absent: list[dict]) -> list[Finding]:
    out = []
    for a in absent:
        who = a.get("node") or _ranks_label(a["ranks"])
        state = a["state"]
        title = {"never joined": f"{who} never joined the rendezvous",
                 "hung": f"{who} joined but sent no report (hung)",
                 "died": f"{who} joined, then died before sending its report"}[state]
        out.append(Finding(
            code=MEMBERSHIP_CODE[state], status=Status.FAIL, area="cluster", subject=who, title=title,
            detail=a.get("detail") or "",
            evidence=(Evidence("rendezvous", f"{state}: {_ranks_label(a['ranks'])}"),),
            data={"node": a.get("node"), "ranks": a["ranks"], "state": state, "outliers": [who]}))
    for p in payloads:
        if not p.get("report"):
            out.append(Finding(
                code=MEMBERSHIP_CODE["error"], status=Status.ERROR, area="cluster", subject=p["node"],
                title=f"{p['node']}: no scan report", detail=p.get("error") or "the node sent no report",
                data={"node": p["node"], "ranks": [p.get("rank")], "state": "error", "outliers": [p["node"]]}))
    return out


def _sane_payload(p: Any, i: int) -> dict:
    """A payload as build() reads it. Payloads come from other nodes over the rendezvous store
    (or from --from snapshots): a field of the wrong type makes that node's report unusable, it
    never crashes the cluster report."""
    if not isinstance(p, dict):
        return {"node": f"rank {i}", "rank": i, "report": None, "error": "the node sent something that is not a payload"}
    rank = p.get("rank") if isinstance(p.get("rank"), int) and not isinstance(p.get("rank"), bool) else i
    node = p.get("node") if isinstance(p.get("node"), str) and p.get("node") else f"rank {rank}"
    error = p.get("error") if isinstance(p.get("error"), str) else None
    rep = p.get("report")
    if rep is not None and not isinstance(rep, dict):
        rep, error = None, error or f"its report is a {type(rep).__name__}, not an object"
    if rep:
        findings = rep.get("findings")
        findings = [_sane_finding(f) for f in findings if isinstance(f, dict) and isinstance(f.get("status"), str)
                    and f["status"] in _STATUSES
                    and isinstance(f.get("code"), str) and isinstance(f.get("area") or "", str)] \
            if isinstance(findings, list) else []
        results = rep.get("results")
        if not isinstance(results, dict):
            results = {}
        summary = results.get("node_summary")
        took = rep.get("duration_s")
        rep = dict(rep, findings=findings, results=dict(results, node_summary=summary if isinstance(summary, dict)
                                                        else {}),
                   source=rep.get("source") if isinstance(rep.get("source"), dict) else {},
                   duration_s=took if isinstance(took, (int, float)) and not isinstance(took, bool)
                   and math.isfinite(took) else 0.0)
    return dict(p, node=node, rank=rank, report=rep, error=error)


_STATUSES = {s.value for s in Status}
_TEXT_FIELDS = ("title", "detail", "subject")


def _sane_finding(f: dict) -> dict:
    """A peer's finding with its text fields as text (absent or of another type: empty; a
    subject may be null), so every output can render it."""
    out = dict(f)
    for k in _TEXT_FIELDS:
        v = out.get(k)
        if not isinstance(v, str) and not (k == "subject" and v is None):
            out[k] = "" if v is None or isinstance(v, (dict, list)) else str(v)
    out["sources"] = [s for s in out.get("sources") or [] if isinstance(s, str)] \
        if isinstance(out.get("sources"), list) else []
    out["evidence"] = [{"source": str(e.get("source", "")), "text": str(e.get("text", ""))}
                       for e in out.get("evidence") or [] if isinstance(e, dict)] \
        if isinstance(out.get("evidence"), list) else []
    fix = out.get("fix")
    if fix is not None:
        acts = fix.get("actions") if isinstance(fix, dict) else None
        out["fix"] = None if not isinstance(fix, dict) else dict(fix, title=str(fix.get("title", "")), actions=[
            dict(a, description=str(a.get("description", "")),
                 argv=[str(x) for x in a["argv"]] if isinstance(a.get("argv"), list) else None)
            for a in (acts if isinstance(acts, list) else []) if isinstance(a, dict)])
    return out


def _unique_names(payloads: list[dict]) -> list[dict]:
    """Containers often share a host name; "name#rank" keeps their values apart."""
    count: dict[str, int] = {}
    for p in payloads:
        count[p["node"]] = count.get(p["node"], 0) + 1
    return [dict(p, node=f"{p['node']}#{p.get('rank')}") if count[p["node"]] > 1 else p for p in payloads]
