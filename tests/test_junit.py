"""JUnit XML: one suite per node, one case per finding, statuses mapped for CI."""
import xml.etree.ElementTree as ET

import rocmdoctor
from rocmdoctor.cluster import report
from rocmdoctor.output.junit import cluster_xml, report_xml

FINDINGS = [
    {"code": "RD-A-001", "status": "pass", "area": "gpu", "title": "8 GPUs"},
    {"code": "RD-A-002", "status": "warn", "area": "pcie", "title": "x8 link", "detail": "reseat"},
    {"code": "RD-A-003", "status": "fail", "area": "iommu", "title": "no iommu=pt", "subject": "GPU 0",
     "detail": "hangs", "evidence": [{"source": "/proc/cmdline", "text": "ro quiet\x1b[0m"}],
     "fix": {"title": "add iommu=pt", "actions": [{"kind": "command", "description": "x", "argv": ["update-grub"]}]},
     "sources": ["https://example.org/faq"]},
    {"code": "RD-A-004", "status": "error", "area": "gpu", "title": "check crashed", "detail": "KeyError"},
    {"code": "RD-A-005", "status": "skip", "area": "torch", "title": "not checked", "detail": "no torch"},
]


def test_single_report_maps_statuses():
    xml = report_xml({"findings": FINDINGS, "tool_version": "0.1.0", "level": "quick", "source": {"kind": "live"},
                      "duration_s": 0.25}, "host1")
    root = ET.fromstring(xml.split("\n", 1)[1])
    (suite,) = root.findall("testsuite")
    assert suite.get("name") == "host1"
    assert [suite.get(k) for k in ("tests", "failures", "errors", "skipped", "time")] == ["5", "1", "1", "1", "0.250"]
    assert root.get("failures") == "1" and root.get("tests") == "5"
    cases = suite.findall("testcase")
    assert cases[2].get("name") == "RD-A-003 no iommu=pt [GPU 0]"
    assert cases[2].get("classname") == "rocmdoctor.host1.iommu"
    fail = cases[2].find("failure")
    assert fail.get("message") == "no iommu=pt" and "$ update-grub" in fail.text
    assert "\x1b" not in fail.text and "see: https://example.org/faq" in fail.text
    assert cases[3].find("error") is not None and cases[4].find("skipped").get("message") == "no torch"
    assert cases[0].find("*") is None  # a pass is a bare testcase
    assert "WARNING" in cases[1].find("system-out").text and cases[1].find("failure") is None


def test_real_scan_serialises():
    rep = rocmdoctor.scan(example="mi50x2-xeon") if "mi50x2-xeon" in rocmdoctor.examples() else \
        rocmdoctor.scan(level="quick")
    root = ET.fromstring(report_xml(rep.to_dict(), "n").split("\n", 1)[1])
    assert int(root.get("tests")) == len(rep.findings)
    assert int(root.get("failures")) == rep.counts()["fail"]


def test_cluster_has_a_suite_per_node_and_one_for_drift():
    def payload(name, rank, torch):
        return {"node": name, "rank": rank, "error": None,
                "report": {"findings": FINDINGS[:1], "results": {"node_summary": {"torch": torch}}}}

    c = report.build([payload("a", 0, "2.4"), payload("b", 1, "2.4"), payload("c", 2, "2.5")],
                     [{"node": "d", "ranks": [3], "state": "hung", "detail": "no report in 600 s"}], level="default")
    root = ET.fromstring(cluster_xml(c).split("\n", 1)[1])
    suites = {s.get("name"): s for s in root.findall("testsuite")}
    assert list(suites) == ["a", "b", "c", "d", "cluster"]
    assert suites["a"].get("failures") == "0"
    hung = suites["d"].find("testcase/failure")
    assert hung is not None and "hung" in hung.get("message")
    drift = [tc for tc in suites["cluster"].findall("testcase") if tc.get("name").startswith("RD-CLU-010")]
    assert len(drift) == 1 and drift[0].find("failure") is not None
    assert suites["cluster"].find("properties/property[@name='exit_code']").get("value") == "4"


def test_suite_name_defaults_to_what_was_scanned():
    xml = report_xml({"findings": [], "source": {"kind": "snapshot", "snapshot": "example:rx7900xtx"}})
    assert ET.fromstring(xml.split("\n", 1)[1]).find("testsuite").get("name") == "example:rx7900xtx"
