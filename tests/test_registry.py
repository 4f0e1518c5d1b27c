"""Check discovery: built-ins, entry-point plugins, the autoload switch, select/ignore."""
import sys
import textwrap

import pytest

from rocmdoctor import registry


def test_builtin_checks_have_unique_wellformed_codes():
    reg = registry.load(plugins=False)
    codes = [c.code for c in reg.checks]
    assert codes and len(codes) == len(set(codes))
    for c in reg.checks:
        assert c.code.startswith("RD-") and c.code.rsplit("-", 1)[1].isdigit(), c.code
        assert c.func.__module__.startswith("rocmdoctor.checks."), c.name
        assert c.title and c.area and c.level in ("quick", "default", "bench", "train")


@pytest.mark.parametrize("code,patterns,expected", [
    ("RD-IOMMU-001", ["RD-IOMMU"], True),
    ("RD-IOMMU-001", ["rd-iommu-001"], True),
    ("RD-IOMMU-001", ["RD-IOM"], False),  # prefixes stop at a dash, no partial words
    ("RD-GFX-002", ["RD-GPU", "RD-GFX"], True),
    ("RD-GFX-002", ["ALL"], True),
])
def test_select_matching(code, patterns, expected):
    assert registry.matches(code, patterns) is expected


@pytest.fixture
def plugin_site(tmp_path, monkeypatch):
    """A fake installed distribution declaring a rocmdoctor.checks entry point."""
    site = tmp_path / "site"
    pkg = site / "acme_rocm_checks"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text(textwrap.dedent('''
        from rocmdoctor.check import check, ok

        @check("RD-ACME-001", area="env", title="Acme cluster policy")
        def acme(cmdline=None):
            return ok("acme policy satisfied")
    '''))
    dist = site / "acme_rocm_checks-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: acme-rocm-checks\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[rocmdoctor.checks]\nacme = acme_rocm_checks\n")
    broken = site / "broken_plugin-0.1.dist-info"
    broken.mkdir()
    (broken / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0.1\n")
    (broken / "entry_points.txt").write_text("[rocmdoctor.checks]\nbroken = does_not_exist_mod\n")
    monkeypatch.syspath_prepend(str(site))
    yield site
    sys.modules.pop("acme_rocm_checks", None)


def test_plugins_load_through_entry_points(plugin_site, monkeypatch):
    monkeypatch.delenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    reg = registry.load()
    spec = reg.by_code("RD-ACME-001")
    assert spec is not None and spec.plugin == "acme-rocm-checks"
    assert any("broken-plugin" in p and "failed to load" in p for p in reg.problems)


def test_autoload_switch_turns_plugins_off(plugin_site, monkeypatch):
    monkeypatch.setenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", "1")
    assert registry.load().by_code("RD-ACME-001") is None


def test_plugin_reusing_a_builtin_code_is_left_out(tmp_path, monkeypatch):
    builtin = registry.load(plugins=False).checks[0].code
    site = tmp_path / "site2"
    (site / "dup_checks").mkdir(parents=True)
    (site / "dup_checks" / "__init__.py").write_text(
        f"from rocmdoctor.check import check, ok\n@check({builtin!r}, area='os', title='dup')\n"
        "def dup(cmdline=None):\n    return ok('dup')\n")
    d = site / "dup_checks-1.0.dist-info"
    d.mkdir()
    (d / "METADATA").write_text("Metadata-Version: 2.1\nName: dup-checks\nVersion: 1.0\n")
    (d / "entry_points.txt").write_text("[rocmdoctor.checks]\ndup = dup_checks\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    reg = registry.load()
    assert reg.by_code(builtin).plugin == "rocmdoctor"
    assert any("reuses code" in p for p in reg.problems)
    sys.modules.pop("dup_checks", None)


def test_plugin_checks_appear_in_list(plugin_site, monkeypatch, capsys):
    from rocmdoctor.cli import main

    monkeypatch.delenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "RD-ACME-001" in out and "(acme-rocm-checks)" in out
