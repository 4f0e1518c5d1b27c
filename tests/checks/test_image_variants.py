"""Requirements files in per-vendor variants (checks/image_variants.py) and `-r` files read with their
includer's index (rocmdoctor/artifacts/readers): real text, each with its source and a look-alike."""
from rocmdoctor.artifacts.readers import read_all
from tests.lintacc_helpers import flagged, scan, write

from checks.image_variants import amd_variant

# https://github.com/Fengyuan-Miao/EAGLE/blob/047eb7c9fbaac393d08b8030fbcff12a7bd2dc19/requirements.txt (and -rocm.txt)
EAGLE_PLAIN = "torch==2.6.0\ntransformers>=4.53.1,<5\naccelerate==0.26.0\n"
EAGLE_ROCM = ("--extra-index-url https://download.pytorch.org/whl/rocm6.3\ntorch==2.6.0+rocm6.3\n"
              "transformers>=4.53.1,<5\naccelerate==0.26.0\n")
# https://github.com/TripleHeadedMonkey/tail-tagger/blob/b52e0b51f7fb69a7111f045ee07f1ff83c071b4b/requirements-rocm.txt
TAIL_ROCM = ("# ROCm 6.4 (Linux only)\n--extra-index-url https://download.pytorch.org/whl/rocm7.1\ntorch==2.10.0\n"
             "torchvision==0.25.0\ntorchaudio==2.10.0\n\n# Install remaining dependencies from requirements.txt\n"
             "-r requirements.txt\n")
TAIL_PLAIN = "PySide6>=6.9.0\ntorch>=2.8.0,<2.11\ntorchvision>=0.23.0,<0.26\ntimm>=1.0.19,<=1.0.22\n"


def _flags(tmp_path, files, code, example="rx7900xtx"):
    return flagged(scan([write(tmp_path, n, t) for n, t in files], code, example))


def test_names_that_mark_the_amd_variant():
    for name in ("requirements-rocm.txt", "requirements_rocm.txt", "rocm_requirements.txt", "requirements-amd.txt",
                 "requirements-hipblas.txt", "requirements/rocm.txt", "requirements-rocm6.txt"):
        assert amd_variant(name), name
    for name in ("requirements.txt", "requirements-cu128.txt", "requirements-base.txt", "requirements-chip.txt",
                 "requirements-framework.txt", "docs/requirements.txt"):
        assert not amd_variant(name), name


def test_the_plain_file_beside_a_rocm_variant_is_the_other_vendors_path(tmp_path):
    files = [("requirements.txt", EAGLE_PLAIN), ("requirements-rocm.txt", EAGLE_ROCM)]
    assert _flags(tmp_path, files, "RD-IMG-002") == []
    # look-alike: the same plain file with no ROCm variant beside it is judged as this machine's install
    assert len(_flags(tmp_path / "alone", [("requirements.txt", EAGLE_PLAIN)], "RD-IMG-002")) == 1


def test_a_plain_file_a_dockerfile_installs_is_judged_though_a_variant_exists(tmp_path):
    docker = "FROM python:3.11-slim\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\n"
    files = [("requirements.txt", EAGLE_PLAIN), ("requirements-rocm.txt", EAGLE_ROCM), ("Dockerfile", docker)]
    assert len(_flags(tmp_path, files, "RD-IMG-002")) == 1


def test_a_file_included_with_r_reads_its_includers_index(tmp_path):
    paths = [write(tmp_path, "requirements-rocm.txt", TAIL_ROCM), write(tmp_path, "requirements.txt", TAIL_PLAIN)]
    plain = next(a for a in read_all(paths).artifacts if a.path.endswith("/requirements.txt"))
    assert plain.data["included_by"] == [paths[0]]
    opts = [v.value["options"] for v in plain.values if v.name == "pip"][0]
    assert opts["extra-index-url"] == ["https://download.pytorch.org/whl/rocm7.1"]
    # the torch range is the ROCm 7.1 wheel's install: no CUDA torch, and one RD-IMG-003 (the includer's line)
    found = flagged(scan(paths, "RD-IMG-002", "rx7900xtx"))
    assert found == []
    wheels = flagged(scan(paths, "RD-IMG-003", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[1] for f in wheels] == ["requirements-rocm.txt:3"]


def test_look_alike_a_file_included_from_a_plain_file_gets_no_rocm_index(tmp_path):
    base = "-r requirements.txt\n"  # an includer with no index: PyPI's CUDA torch for the included range
    paths = [write(tmp_path, "requirements-dev.txt", base), write(tmp_path, "requirements.txt", TAIL_PLAIN)]
    assert len(flagged(scan(paths, "RD-IMG-002", "rx7900xtx"))) >= 1


def test_a_file_included_with_r_is_one_install_with_its_includers_torch(tmp_path):
    # tests/corpus/fresh/artifacts/disty0-diffusion-trainer-reqs: requirements_rocm.txt pins the ROCm torch
    # and includes requirements.txt, whose accelerate needs torch: the same pip install brings the ROCm one
    rocm = ("torch==2.5.1+rocm6.2\ntorchvision==0.20.1+rocm6.2\n--extra-index-url https://download.pytorch.org/whl/rocm6.2\n"
            "-r requirements.txt\n")
    plain = "accelerate==1.5.2\ndiffusers==0.32.2\ntransformers==4.50.1\n"
    paths = [write(tmp_path, "requirements_rocm.txt", rocm), write(tmp_path, "requirements.txt", plain)]
    assert flagged(scan(paths, "RD-IMG-002", "rx7900xtx")) == []
    # look-alike: the includer names no torch, so accelerate's torch comes from PyPI (the ROCm index is only extra)
    lone = [write(tmp_path / "b", "requirements_rocm.txt", rocm.split("--extra", 1)[0].replace("torch==2.5.1+rocm6.2\n", "")
                  .replace("torchvision==0.20.1+rocm6.2\n", "") + "--extra-index-url https://download.pytorch.org/whl/rocm6.2\n"
                  "-r requirements.txt\n"), write(tmp_path / "b", "requirements.txt", plain)]
    assert len(flagged(scan(lone, "RD-IMG-002", "rx7900xtx"))) == 1
