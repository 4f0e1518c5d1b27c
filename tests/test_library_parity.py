"""Hand-written copies of library behaviour must agree with the library: the static
probe's METADATA reader with importlib.metadata (both now the stdlib email parser), its name
normaliser with packaging's canonicalize_name."""
import importlib.metadata as md

from hypothesis import given, strategies as st
from packaging.utils import canonicalize_name

from rocmdoctor.machine.childprobes import python_static as ps


@given(st.text(alphabet="abcXYZ019-_.", min_size=1, max_size=20))
def test_name_normalisers_are_canonicalize_name(name):
    from rocmdoctor.base.names import canonical_name
    from rocmdoctor.knowledge.llamafactory import normalise

    assert ps._norm(name) == canonical_name(name) == normalise(name) == canonicalize_name(name)


def test_metadata_headers_match_importlib_metadata_for_every_installed_distribution():
    seen = 0
    for dist in md.distributions():
        text = dist.read_text("METADATA") or dist.read_text("PKG-INFO")
        if not text:
            continue
        name, version, requires = ps._headers(text)
        meta = dist.metadata
        assert name == meta["Name"] and version == meta["Version"], dist
        assert requires == [" ".join(r.split()) for r in meta.get_all("Requires-Dist") or []], name
        seen += 1
    assert seen > 20  # torch, deepspeed, pytest, ...: a real sample


def test_a_folded_requires_dist_with_a_blank_continuation_is_kept():
    text = ("Metadata-Version: 2.1\nName: demo\nVersion: 1.0\nRequires-Dist: torch\n  \n"
            "Requires-Dist: numpy (>=1.0,\n    <2)\n\nlong description\nRequires-Dist: not-a-header\n")
    assert ps._headers(text) == ("demo", "1.0", ["torch", "numpy (>=1.0, <2)"])


def test_one_version_prefix_rule_everywhere():
    from rocmdoctor.base.versions import version_tuple
    from rocmdoctor.facts import rocm
    from rocmdoctor.knowledge import precision

    assert rocm.version_tuple is precision.version_tuple is version_tuple
    for text, want in (("6.1.2-119", (6, 1, 2)), (" 6.1.40091-a8dbc0c19", (6, 1, 40091)),
                       ("2.6.0.dev20240918+rocm6.2", (2, 6, 0)), ("", ()), (None, ()), ("rocm", ())):
        assert version_tuple(text) == want
    # where a version is PEP 440 (a torch wheel's), the prefix orders as packaging does
    from packaging.version import Version

    for a, b in (("2.3.0+rocm6.0", "2.10.1"), ("2.12.0", "2.4.1+rocm6.1")):
        assert (version_tuple(a) < version_tuple(b)) == (Version(a).release < Version(b).release)
