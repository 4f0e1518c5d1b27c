"""base/versions.py: the one parser of release versions (ROCm, HIP, DTK, kernels, OS releases)."""
from rocmdoctor.base.versions import major_minor, version_tuple


def test_width_pads_so_a_bare_major_equals_its_dot_zero():
    # gpu support rows say since="7" or "7.0"; a ROCm 7.0.2 install must compare equal to both
    assert version_tuple("7", 2) == version_tuple("7.0", 2) == (7, 0)
    assert version_tuple("6.4.1", 2) == (6, 4)
    assert version_tuple("junk", 2) == ()


def test_major_minor_keeps_only_the_release_numbers():
    assert major_minor("6.2.41133-dd7f95766") == "6.2"  # HIP's version -> the wheel index rocm6.2
    assert major_minor("6.8.0-45-generic") == "6.8"  # a kernel's series
    assert major_minor("3.11.4") == "3.11"
    assert major_minor("6") == "6"
    assert major_minor(None) == major_minor("") == major_minor("unknown") == ""


def test_dtk_releases_match_on_year_and_month_whatever_the_zero_padding():
    from rocmdoctor.facts.platform import same_dtk

    assert same_dtk("24.04.1", "24.04") is True
    assert same_dtk("24.04", "25.04") is False
    assert same_dtk(None, "24.04") is None
