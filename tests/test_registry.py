"""Check discovery: built-ins, entry-point plugins, the autoload switch, select/ignore."""
import sys
import textwrap

import pytest

from rocmdoctor.engine import registry


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
        from rocmdoctor.engine.check import check, ok

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


def _dup_plugin(site, module: str, code: str, monkeypatch) -> None:
    """A plugin distribution whose one check reuses ``code``, on sys.path, autoload on."""
    (site / module).mkdir(parents=True)
    (site / module / "__init__.py").write_text(
        f"from rocmdoctor.engine.check import check, ok\n@check({code!r}, area='os', title='dup')\n"
        "def dup(cmdline=None):\n    return ok('dup')\n")
    d = site / f"{module}-1.0.dist-info"
    d.mkdir()
    (d / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {module.replace('_', '-')}\nVersion: 1.0\n")
    (d / "entry_points.txt").write_text(f"[rocmdoctor.checks]\ndup = {module}\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delenv("ROCMDOCTOR_DISABLE_PLUGIN_AUTOLOAD", raising=False)


def test_plugin_reusing_a_builtin_code_is_left_out(tmp_path, monkeypatch):
    builtin = registry.load(plugins=False).checks[0].code
    _dup_plugin(tmp_path / "site2", "dup_checks", builtin, monkeypatch)
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


def test_plugin_reusing_the_code_of_a_check_not_loaded_at_this_level_is_left_out(tmp_path, monkeypatch):
    """A quick scan does not import the benchmark checks, yet their codes stay taken."""
    _dup_plugin(tmp_path / "site3", "dup_bench", "RD-BENCH-001", monkeypatch)
    reg = registry.load(None, "quick", {})
    assert reg.by_code("RD-BENCH-001") is None and "RD-BENCH-001" in reg.reserved
    assert any("reuses code RD-BENCH-001" in p for p in reg.problems)
    sys.modules.pop("dup_bench", None)


def test_static_index_of_check_modules_matches_what_importing_them_registers():
    """The index a scan uses to leave modules unimported (registry.declared) must read every
    built-in module's codes, levels and options exactly as importing it does."""
    import importlib

    from rocmdoctor.base.modules import iter_modules

    full = registry.load(plugins=False)
    pkg = importlib.import_module(registry.BUILTIN_PACKAGE)
    seen = set()
    for info in iter_modules(pkg.__path__, registry.BUILTIN_PACKAGE + "."):
        declared = []
        for path in registry._sources(info):
            with open(path, encoding="utf-8") as fh:
                d = registry.declared(fh.read())
            assert d is not None, f"{path}: a @check decorator the index cannot read (use literal level/option)"
            declared += d
        real = sorted((s.code, s.level, s.option) for s in full.checks
                      if s.func.__module__ == info.name or s.func.__module__.startswith(info.name + "."))
        assert sorted(declared) == real, info.name
        seen.update(c for c, _, _ in declared)
    assert seen == {s.code for s in full.checks}


@pytest.mark.parametrize("level,options", [("quick", {}), ("default", {}), ("quick", {"config": ["x.yaml"]}),
                                           ("bench", {}), ("train", {"config": ["x.yaml"]})])
def test_a_scan_loads_every_check_it_can_run(level, options):
    from rocmdoctor.engine.run import applicable
    from rocmdoctor.facts import Context
    from rocmdoctor.machine.sources import Source

    ctx = Context(Source(), level, options)
    full = {s.code for s in applicable(registry.load(plugins=False).checks, ctx)}
    part = registry.load(False, level, options)
    assert {s.code for s in applicable(part.checks, ctx)} == full
    assert part.reserved.isdisjoint({s.code for s in part.checks})


@pytest.mark.parametrize("text,expected", [
    ('@check("RD-X-001", area="a", title="t (x)")\ndef f(a):\n    pass\n', [("RD-X-001", "quick", None)]),
    ('@check("RD-X-002", area="a", title="t",\n       level="bench", option=None)\n@wrap\ndef f(a):\n    pass\n',
     [("RD-X-002", "bench", None)]),
    ('@check("RD-X-003", area="a", title="t", option="config", level="default")\ndef f(a): ...\n',
     [("RD-X-003", "default", "config")]),
    ('@check("RD-X-004", area="a", title="t", level=LEVEL)\ndef f(a): ...\n', None),
    ('f = check("RD-X-005", area="a", title="t")(g)\n', None),
])
def test_static_index_reads_literal_decorators_and_gives_up_on_anything_else(text, expected):
    assert registry.declared(text) == expected


@pytest.mark.parametrize("package", ["rocmdoctor", "rocmdoctor.checks", "rocmdoctor.commands", "rocmdoctor.facts",
                                     "rocmdoctor.knowledge", "rocmdoctor.fixes", "json", "email"])
def test_module_listing_matches_pkgutil(package, tmp_path):
    """modules.iter_modules (which spares a scan pkgutil's import of inspect) lists what
    pkgutil.iter_modules lists: packages, modules, compiled extensions; not data or dotted names."""
    import importlib
    import pkgutil

    from rocmdoctor.base.modules import iter_modules

    for d in ("pkg_a", "not_a_pkg", "dotted.dir"):
        (tmp_path / d).mkdir()
    (tmp_path / "pkg_a" / "__init__.py").write_text("")
    (tmp_path / "dotted.dir" / "__init__.py").write_text("")
    for f in ("mod_b.py", "__init__.py", "ext.cpython-311-x86_64-linux-gnu.so", "data.txt", "a.b.py", "c.pyc"):
        (tmp_path / f).write_text("")
    paths = list(importlib.import_module(package).__path__) + [str(tmp_path)]
    want = [(m.name, m.ispkg) for m in pkgutil.iter_modules(paths, "p.")]
    assert [(m.name, m.ispkg) for m in iter_modules(paths, "p.")] == want
    assert ("p.pkg_a", True) in want and ("p.mod_b", False) in want


def test_a_helper_module_without_checks_is_not_imported_by_a_scan():
    # checks/image_torch.py and checks/image_stages.py hold helpers of checks/images.py: a default
    # scan (no --config, so images.py is left out) never imports them.
    import subprocess
    import sys

    code = ("import sys, rocmdoctor; rocmdoctor.scan(example='mi300x8', level='quick'); "
            "print(sorted(m for m in ('rocmdoctor.checks.image_torch', 'rocmdoctor.checks.image_stages', "
            "'rocmdoctor.checks.images') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.stdout.strip().splitlines()[-1] == "[]", out.stdout[-2000:] + out.stderr[-2000:]


def test_a_module_without_checks_is_skippable_and_one_with_checks_is_not(tmp_path):
    from types import SimpleNamespace

    (tmp_path / "helpers.py").write_text("import re\nPAT = re.compile('x')\ndef helper():\n    return 1\n")
    (tmp_path / "real.py").write_text('@check("RD-X-001", area="x", title="t")\ndef c():\n    return None\n')
    reg = registry.Registry()
    wanted = lambda lv, opt: True  # noqa: E731  (a scan that wants every check)
    assert registry._skippable(SimpleNamespace(path=str(tmp_path), name="pkg.helpers", ispkg=False), wanted, reg)
    assert not registry._skippable(SimpleNamespace(path=str(tmp_path), name="pkg.real", ispkg=False), wanted, reg)
