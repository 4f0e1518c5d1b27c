"""JUnit XML for CI systems and cluster acceptance pipelines (`scan --format junit`).

One <testsuite> per node, one <testcase> per finding: fail -> <failure>, error -> <error>,
skip -> <skipped>, pass and warn -> a passing case (a warning carries its text in
<system-out>, so a pipeline shows it without turning red). The layout follows the
common JUnit schema that Jenkins, GitLab and GitHub test reporters read.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Iterable

from ..base.redact import scrub_value
from ..base.untrusted import pick

_BAD_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _clean(text: str) -> str:
    return _BAD_XML.sub("", str(text))


def _body(f: dict) -> str:
    parts = [f.get("detail") or ""]
    for e in f.get("evidence") or []:
        parts.append(f"evidence: {e['source']}: {e['text']}")
    fix = f.get("fix")
    if fix:
        parts.append(f"fix: {fix['title']}")
        for a in fix.get("actions", []):
            parts.append("  $ " + " ".join(a["argv"]) if a.get("argv") else "  " + a["description"])
    if f.get("sources"):
        parts.append("see: " + ", ".join(f["sources"]))
    return _clean("\n".join(p for p in parts if p))


def suite(name: str, findings: Iterable[dict], *, time_s: float = 0.0,
          properties: dict[str, str] | None = None) -> ET.Element:
    """A <testsuite> from finding dicts (Finding.to_dict())."""
    findings = list(findings)
    el = ET.Element("testsuite", name=_clean(name), tests=str(len(findings)), time=f"{time_s:.3f}")
    counts = {"failures": 0, "errors": 0, "skipped": 0}
    if properties:
        props = ET.SubElement(el, "properties")
        for k, v in properties.items():
            ET.SubElement(props, "property", name=_clean(k), value=_clean(v))
    for f in findings:
        subject = f" [{f['subject']}]" if f.get("subject") else ""
        case = ET.SubElement(el, "testcase", classname=_clean(f"rocmdoctor.{name}.{f.get('area') or 'other'}"),
                             name=_clean(f"{f['code']} {f['title']}{subject}"), time="0")
        status = f["status"]
        if status == "fail":
            counts["failures"] += 1
            ET.SubElement(case, "failure", message=_clean(f["title"]), type=f["code"]).text = _body(f)
        elif status == "error":
            counts["errors"] += 1
            ET.SubElement(case, "error", message=_clean(f["title"]), type=f["code"]).text = _body(f)
        elif status == "skip":
            counts["skipped"] += 1
            ET.SubElement(case, "skipped", message=_clean(f.get("detail") or f["title"]))
        elif status == "warn":
            ET.SubElement(case, "system-out").text = "WARNING: " + _body(f)
    for key, count in counts.items():
        el.set(key, str(count))
    return el


def to_xml(suites: list[ET.Element], name: str = "rocmdoctor") -> str:
    root = ET.Element("testsuites", name=name)
    for key in ("tests", "failures", "errors", "skipped"):
        root.set(key, str(sum(int(s.get(key, "0")) for s in suites)))
    root.extend(suites)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def report_xml(report: dict, name: str | None = None) -> str:
    """One node's report (Report.to_dict()) as JUnit. The suite is named ``name``, else
    the snapshot or --root scanned, else this host."""
    report = scrub_value(report)
    if name is None:
        import socket

        src = report.get("source") or {}
        name = src.get("snapshot") or src.get("root") or socket.gethostname()
    return to_xml([_report_suite(report, name)])


def _report_suite(report: dict, name: str) -> ET.Element:
    props = {"tool_version": str(report.get("tool_version", "")), "level": str(report.get("level", "")),
             "source": str(pick(report, "source", "kind", default=""))}
    return suite(name, report.get("findings", []), time_s=float(report.get("duration_s") or 0.0), properties=props)


def cluster_xml(cluster: dict) -> str:
    """The cluster report: a suite per node (its findings plus anything about its
    membership), then a "cluster" suite with what differs between nodes."""
    cluster = scrub_value(cluster)
    about: dict[str, list[dict]] = {}
    rest: list[dict] = []
    for f in cluster.get("findings", []):
        node = pick(f, "data", "node")
        (about.setdefault(node, []) if node else rest).append(f)
    suites = []
    for n in cluster.get("nodes", []):
        own = about.pop(n["node"], [])
        if n.get("report"):
            s = _report_suite(n["report"], n["node"])
            if own:
                extra = suite(n["node"], own)
                s.extend(list(extra))
                for key in ("tests", "failures", "errors", "skipped"):
                    s.set(key, str(int(s.get(key, "0")) + int(extra.get(key, "0"))))
            suites.append(s)
        else:
            suites.append(suite(n["node"], own or [{
                "code": "RD-CLU-003", "status": "error", "area": "cluster", "title": f"{n['node']}: no report",
                "detail": n.get("detail") or n["state"]}]))
    rest += [f for fs in about.values() for f in fs]
    suites.append(suite("cluster", rest, properties={"nodes": str(len(cluster.get("nodes", []))),
                                                     "level": str(cluster.get("level", "")),
                                                     "exit_code": str(cluster.get("exit_code", ""))}))
    return to_xml(suites)
