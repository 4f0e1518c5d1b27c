"""`scan --format sarif`: the findings as one SARIF 2.1.0 run, for code-scanning dashboards
(GitHub's upload-sarif, GitLab, Azure DevOps), as ruff and hadolint write it.

One rule per check code that has a result (its title, the first source URL as helpUri); one
result per failing, erroring or warning finding. A finding whose evidence names a file and
line (`scan --config`: `train.sh:7`) gets that as its physical location, relative to the
working directory when the file is under it (uriBaseId %SRCROOT%), so an upload places it
on the line; a finding about the machine (/proc/cmdline, a probe) has no file of the user's
to point at and carries none. Passes and skips are left out: a dashboard lists problems.
Validated against the published schema in tests/test_output_formats.py.
"""
from __future__ import annotations

import os
import re

SCHEMA_URI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
LEVEL = {"fail": "error", "error": "error", "warn": "warning"}
_FILE_LINE = re.compile(r"^(?P<path>.+?):(?P<line>[1-9][0-9]{0,8})$")


def file_line(source: str) -> tuple[str, int] | None:
    """'/repo/train.sh:7' -> ('/repo/train.sh', 7); machine evidence ('/proc/cmdline',
    'cmd: lspci', 'probe: python') -> None."""
    m = _FILE_LINE.match(source or "")
    if not m or m.group("path").startswith(("cmd:", "probe:")):
        return None
    return m.group("path"), int(m.group("line"))


def location(finding: dict) -> tuple[str, int] | None:
    """The first evidence line that names a file and line."""
    for e in finding.get("evidence") or []:
        hit = file_line(e.get("source", ""))
        if hit:
            return hit
    return None


def _artifact(path: str, cwd: str) -> dict:
    ab = os.path.abspath(path)
    rel = os.path.relpath(ab, cwd)
    if not rel.startswith(".." + os.sep) and rel != "..":
        return {"uri": _uri_path(rel), "uriBaseId": "%SRCROOT%"}
    return {"uri": "file://" + _uri_path(ab)}


def _uri_path(p: str) -> str:
    from urllib.parse import quote

    return quote(p.replace(os.sep, "/"), safe="/-._~")


def _message(f: dict) -> str:
    parts = [f["title"] + (f" [{f['subject']}]" if f.get("subject") and f["subject"] not in f["title"] else "")]
    if f.get("detail") and f["detail"] != f["title"]:
        parts.append(f["detail"])
    for e in (f.get("evidence") or [])[:3]:
        parts.append(f"evidence: {e['source']}: {e['text'][:300]}")
    fix = f.get("fix")
    if fix:
        parts.append(f"fix: {fix['title']} (`rocmdoctor fix` shows the plan)")
    return "\n".join(parts)


def _titles(codes: set[str]) -> dict[str, str]:
    try:
        from ..engine import registry

        return {c.code: c.title for c in registry.load(False).checks if c.code in codes}
    except Exception:  # a title is a nicety; the results stand without it
        return {}


def to_sarif(report: dict, cwd: str | None = None) -> dict:
    """A SARIF log (dict) from a report dict (Report.to_dict(), already redacted)."""
    cwd = os.path.abspath(cwd or os.getcwd())
    shown = [f for f in report.get("findings", []) if f.get("status") in LEVEL]
    codes = sorted({f["code"] for f in shown})
    titles = _titles(set(codes))
    rules: list[dict] = []
    index: dict[str, int] = {}
    for code in codes:
        first = next(f for f in shown if f["code"] == code)
        rule = {"id": code, "name": code.replace("-", ""),
                "shortDescription": {"text": titles.get(code) or first["title"]},
                "properties": {"area": first.get("area") or "other"}}
        url = next((u for f in shown if f["code"] == code for u in f.get("sources") or []
                    if u.startswith(("https://", "http://"))), None)
        if url:
            rule["helpUri"] = url
        index[code] = len(rules)
        rules.append(rule)
    results = []
    for f in shown:
        r = {"ruleId": f["code"], "ruleIndex": index[f["code"]], "level": LEVEL[f["status"]],
             "message": {"text": _message(f)}}
        loc = location(f)
        if loc:
            r["locations"] = [{"physicalLocation": {"artifactLocation": _artifact(loc[0], cwd),
                                                    "region": {"startLine": loc[1]}}}]
        if f["status"] == "error":
            r["properties"] = {"rocmdoctorStatus": "error"}  # the check itself crashed
        results.append(r)
    run = {"tool": {"driver": {"name": "rocmdoctor", "version": str(report.get("tool_version", "")),
                                "rules": rules}},
           "originalUriBaseIds": {"%SRCROOT%": {"uri": "file://" + _uri_path(cwd.rstrip(os.sep) + os.sep)}},
           "invocations": [{"executionSuccessful": True, "toolExecutionNotifications": [
               *({"level": "warning", "message": {"text": w}} for w in report.get("warnings") or []),
               *({"level": "note", "message": {"text": n}} for n in report.get("notes") or [])]}],
           "results": results}
    return {"$schema": SCHEMA_URI, "version": "2.1.0", "runs": [run]}
