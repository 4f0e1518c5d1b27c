"""The engine: fact injection, skips naming missing facts, crashes as error findings."""
import types

import pytest

from rocmdoctor.engine import run as engine
from rocmdoctor.engine.check import check, ev, fail, ok
from rocmdoctor.facts import Context, Missing
from rocmdoctor.engine.model import Finding, Status
from rocmdoctor.engine.registry import specs_in
from rocmdoctor.testing import build_snapshot
from rocmdoctor.machine.sources import SnapshotSource


def _ctx(tmp_path, level="quick", **kw):
    return Context(SnapshotSource(build_snapshot(tmp_path / "snap", **kw)), level)


def _spec(fn):
    mod = types.ModuleType("rocmdoctor.checks.fake")
    fn.__module__ = mod.__name__
    setattr(mod, fn.__name__, fn)
    return specs_in(mod)[0]


def test_facts_are_injected_by_parameter_name(tmp_path):
    @check("RD-T-001", area="os", title="cmdline has quiet")
    def has_quiet(cmdline):
        return ok("quiet") if cmdline.has("quiet") else fail("no quiet", evidence=[ev("/proc/cmdline", cmdline.text)])

    ctx = _ctx(tmp_path, files={"/proc/cmdline": "BOOT_IMAGE=/vmlinuz ro quiet splash\n"})
    [f] = engine.run_check(_spec(has_quiet), ctx)
    assert (f.code, f.status, f.area, f.title) == ("RD-T-001", Status.PASS, "os", "quiet")
    assert f.check.endswith("has_quiet")


def test_missing_fact_gives_skip_naming_it(tmp_path):
    @check("RD-T-002", area="os", title="needs cmdline")
    def needs(cmdline):
        raise AssertionError("must not be called")

    [f] = engine.run_check(_spec(needs), _ctx(tmp_path))
    assert f.status is Status.SKIP
    assert f.missing == ("cmdline",)
    assert "/proc/cmdline" in f.detail and "not recorded in snapshot" in f.detail


def test_optional_parameter_receives_default(tmp_path):
    @check("RD-T-003", area="os", title="optional cmdline")
    def opt(cmdline=None):
        return ok("none" if cmdline is None else "some")

    [f] = engine.run_check(_spec(opt), _ctx(tmp_path))
    assert f.title == "none"


def test_raising_check_becomes_error_and_scan_goes_on(tmp_path):
    @check("RD-T-004", area="os", title="crashes")
    def boom(cmdline=None):
        return {}["nope"]

    @check("RD-T-005", area="os", title="fine")
    def fine(cmdline=None):
        return ok("fine")

    findings, _ = engine.run([_spec(boom), _spec(fine)], _ctx(tmp_path))
    assert [f.status for f in findings] == [Status.ERROR, Status.PASS]
    assert "KeyError" in findings[0].detail


@pytest.mark.parametrize("bad", [None, [], "text", [ok("x"), 3]])
def test_bad_return_values_are_errors(tmp_path, bad):
    @check("RD-T-006", area="os", title="bad return")
    def bad_return(cmdline=None):
        return bad

    [f] = engine.run_check(_spec(bad_return), _ctx(tmp_path))
    assert f.status is Status.ERROR


def test_checks_above_the_scan_level_do_not_run(tmp_path):
    calls = []

    @check("RD-T-007", area="os", title="bench only", level="bench")
    def bench_only(cmdline=None):
        calls.append(1)
        return ok("ran")

    findings, _ = engine.run([_spec(bench_only)], _ctx(tmp_path, level="default"))
    assert findings == [] and calls == []


def test_python_fact_is_missing_at_quick_level(tmp_path):
    ctx = _ctx(tmp_path, probes={"python": {"torch": None}})
    with pytest.raises(Missing, match="--level default"):
        ctx.get("python")
    ctx = Context(ctx.source, "default")
    assert ctx.get("python_static").torch is None and ctx.get("python").executable is None


def test_findings_compare_by_value():
    a = Finding(code="RD-X-001", status=Status.PASS, title="t")
    assert a == Finding(code="RD-X-001", status=Status.PASS, title="t")
    assert a.to_dict()["status"] == "pass"
