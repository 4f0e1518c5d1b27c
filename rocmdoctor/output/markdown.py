"""`scan --format markdown`: a report to paste into an issue, the way projects ask for
`python -m torch.utils.collect_env` output today.

The verdict and a table of the problems stay visible; evidence, fix plans and what passed
or could not run fold into `<details>` blocks. Redacted like every output (host names,
addresses, secrets: base/redact.py), control characters escaped, table cells escaped, and
kept under LIMIT characters (GitHub refuses issue bodies over 65,536): past it, the
details of the remaining findings are left out with a line that says how many and how to
get them.
"""
from __future__ import annotations

LIMIT = 60_000
ICON = {"fail": "❌ fail", "error": "💥 error", "warn": "⚠️ warn", "pass": "✅ pass", "skip": "➖ skip"}
ORDER = {"fail": 0, "error": 1, "warn": 2}


def _cell(s: str) -> str:
    """Text safe inside a table cell: no line breaks, pipes escaped, HTML tags disarmed."""
    return " ".join(_text(s).split()).replace("|", "\\|")


def _text(s: object) -> str:
    from .text import clean

    return clean(str(s)).replace("<", "&lt;").replace(">", "&gt;")


def _code(s: str) -> str:
    """Inline code that survives backticks in the text."""
    from .text import clean

    s = " ".join(clean(str(s)).split())
    fence = "``" if "`" in s else "`"
    return f"{fence} {s} {fence}" if fence == "``" else f"`{s}`"


def to_markdown(report: dict, verdict: str, exit_code: int, hint: str | None = None) -> str:
    from ..base.redact import scrub_text, scrub_value

    report = scrub_value(report)
    src = report.get("source") or {}
    where = src.get("snapshot") or src.get("root") or "this machine"
    out = [f"### rocmdoctor: {_text(verdict)}", "",
           f"rocmdoctor {_text(report.get('tool_version', ''))} · {_text(where)} · level "
           f"{_text(report.get('level', ''))} · exit code {exit_code}", ""]
    for w in report.get("warnings") or []:
        out.append(f"> **warning:** {_text(w)}")
    findings = report.get("findings") or []
    problems = sorted((f for f in findings if f.get("status") in ORDER), key=lambda f: ORDER[f["status"]])
    if problems:
        out += ["| status | code | finding |", "|---|---|---|"]
        for f in problems:
            subject = f" [{f['subject']}]" if f.get("subject") and f["subject"] not in f["title"] else ""
            out.append(f"| {ICON[f['status']]} | {f['code']} | {_cell(f['title'] + subject)} |")
        out.append("")
        details: list[str] = []
        left = 0
        for f in problems:
            block = _details(f)
            if sum(map(len, out)) + sum(map(len, details)) + len(block) > LIMIT:
                left += 1
                continue
            details.append(block)
        out += ["<details><summary>Evidence and fixes</summary>", "", *details]
        if left:
            out.append(f"*{left} more findings left out to keep this short: "
                       f"`rocmdoctor scan --format json` has them all.*")
        out += ["", "</details>", ""]
    passed = [f["code"] for f in findings if f.get("status") == "pass"]
    skipped = [f for f in findings if f.get("status") == "skip"]
    if passed or skipped:
        out.append(f"<details><summary>{len(passed)} passed, {len(skipped)} not checked</summary>")
        out.append("")
        if passed:
            out.append("Passed: " + ", ".join(passed))
            out.append("")
        for f in skipped:
            out.append(f"- {f['code']}: {_text((f.get('detail') or f['title']).splitlines()[0][:200])}")
        out += ["", "</details>", ""]
    if hint:
        out.append(_text(hint))
    return scrub_text("\n".join(out).rstrip("\n") + "\n")


def _details(f: dict) -> str:
    lines = [f"**{f['code']}** {_text(f['title'])}", ""]
    if f.get("detail") and f["detail"] != f["title"]:
        lines += [_text(f["detail"]), ""]
    for e in (f.get("evidence") or [])[:5]:
        lines.append(f"- evidence: {_code(e['source'])}: {_code(e['text'][:300])}")
    fix = f.get("fix")
    if fix:
        lines.append(f"- fix: {_text(fix['title'])} ({_text(fix.get('applicability', ''))})")
        for a in (fix.get("actions") or [])[:5]:
            if a.get("argv"):
                import shlex

                lines.append(f"  - {_code(' '.join(shlex.quote(x) for x in a['argv']))}")
            else:
                lines.append(f"  - {_text(a.get('description', ''))}")
    if f.get("sources"):
        lines.append("- see: " + ", ".join(f["sources"][:3]))
    return "\n".join(lines) + "\n"
