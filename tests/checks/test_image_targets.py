"""RD-IMG-011 (checks/image_targets.py): the image keeps GPU code for this GPU. Real text (source at each
case) and look-alikes: a strip that keeps this GPU's target, an Instinct-only image on an Instinct node."""
from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan, write

# tests/corpus/fresh/artifacts/aladac-tensors-comfy-gfx1030-slim (Dockerfile.rocm, "keep only gfx1030")
STRIP = ("# slim image\nFROM saiden/sd-rocm\nRUN rm -rf /opt/rocm*/lib/hipblaslt/library/* && \\\n"
         "    find /opt/rocm*/lib/rocblas/library/ -type f \\\n        ! -name '*gfx1030*' \\\n"
         "        ! -name 'TensileLibrary.dat' \\\n        -delete\n")


def _img11(tmp_path, name, text, example):
    return flagged(scan([write(tmp_path, name, text)], "RD-IMG-011", example))


def test_rocblas_kernels_stripped_to_another_gpu(tmp_path):
    found = _img11(tmp_path, "Dockerfile.rocm", STRIP, "rx7900xtx")
    assert len(found) == 1 and "gfx1100" in found[0].title and found[0].evidence[0].source.endswith(":4")
    # the same strip keeping this GPU's target; and hipBLASLt gone matters only where torch uses it by default
    kept = STRIP.replace("*gfx1030*", "*gfx1100*")
    assert _img11(tmp_path, "Dockerfile.rocm", kept, "rx7900xtx") == []
    mi300 = STRIP.replace("*gfx1030*", "*gfx942*")
    [f] = _img11(tmp_path, "Dockerfile.rocm", mi300, "mi300x8")
    assert "hipblaslt" in f.title


def test_an_instinct_only_framework_image_on_another_gpu(tmp_path):
    # tests/corpus/fresh/artifacts/celdrick-sglang-rocm-gfx906: ARG BASE_IMAGE="rocm/sgl-dev:vllm20250114" on MI50
    docker = 'ARG BASE_IMAGE="rocm/sgl-dev:vllm20250114"\n\nFROM $BASE_IMAGE AS base\nUSER root\n'
    found = _img11(tmp_path, "Dockerfile.rocm", docker, "mi50x2-xeon")
    assert len(found) == 1 and "gfx906" in found[0].title
    assert _img11(tmp_path, "Dockerfile.rocm", docker, "mi300x8") == []
    # rocm/pytorch is built for the consumer targets too: not judged here
    assert _img11(tmp_path, "Dockerfile.rocm", docker.replace("rocm/sgl-dev:vllm20250114",
                  "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"), "mi50x2-xeon") == []


def test_a_dockerfile_by_name_and_first_instruction_is_one_whatever_its_heredocs_hold(tmp_path):
    # aladac's Dockerfile.rocm writes `export HSA_OVERRIDE_GFX_VERSION=10.3.0` into start.sh with a heredoc
    text = STRIP + "RUN cat > /workspace/start.sh << 'EOF'\n#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\nEOF\n"
    assert read_one(write(tmp_path, "Dockerfile.rocm", text)).kind == "dockerfile"
    # a script named like one is still a script when it does not start with FROM/ARG
    script = "#!/bin/bash\nexport HSA_OVERRIDE_GFX_VERSION=10.3.0\ndocker build -f Dockerfile.rocm .\n"
    assert read_one(write(tmp_path, "dockerfile-build.sh", script)).kind == "shell"


def test_a_strip_that_keeps_a_gpu_family_keeps_its_targets(tmp_path):
    # tests/corpus/fresh/artifacts/zn-muslimpribadi-docling-strixhalo (Dockerfile.gfx1151): `-not -name '*gfx11*'`
    # keeps every gfx11 target's file, gfx1151's too; a family that is not this GPU's still fails
    strip = ("FROM python:3.12\nRUN find /opt/venv/lib/python3.12/site-packages/torch/lib/rocblas/library/ \\\n"
             "    -type f -name '*.dat' -not -name '*gfx11*' -delete\n")
    assert _img11(tmp_path, "Dockerfile.gfx1151", strip, "strix-halo-apu") == []
    [f] = _img11(tmp_path, "Dockerfile.gfx1151", strip.replace("*gfx11*", "*gfx10*"), "strix-halo-apu")
    assert "gfx10*" in f.title and "gfx1151" in f.title
    # a named target is not a family: keeping gfx110 (no star) keeps nothing of gfx1100
    assert _img11(tmp_path, "Dockerfile", strip.replace("*gfx11*", "gfx110"), "rx7900xtx")


def test_a_negated_group_of_names_keeps_each_of_them(tmp_path):
    # fresh batch 45 zq-moustaphadev-kdenlive-face-rocm (Containerfile.rocm): `! \( -name '*gfx1100*' -o ... \)`
    strip = ("FROM ubuntu:24.04\nRUN find /opt/rocm/lib/rocblas/library -type f -name '*gfx*' \\\n"
             "        ! \\( -name '*gfx1100*' -o -name '*gfx1101*' \\) -delete\n")
    assert _img11(tmp_path, "Containerfile.rocm", strip, "rx7900xtx") == []
    [f] = _img11(tmp_path, "Containerfile.rocm", strip.replace("gfx1100", "gfx1030"), "rx7900xtx")
    assert "gfx1100" in f.title


def test_an_image_whose_tag_names_another_gpu_target(tmp_path):
    # tests/corpus/fresh/artifacts/sc-arist12-sglang-mi35x-image-mi300x (start_container.sh): AMD's -mi35x
    # SGLang dev image is built for gfx950; the -mi30x one is the MI300X build
    run = ('#!/bin/bash\nTAG="${TAG:-rocm/sgl-dev:v0.5.18-rocm724-mi35x-20260826}"\n'
           'docker run -d --device=/dev/kfd --device=/dev/dri --group-add video "$TAG" sleep infinity\n')
    [f] = _img11(tmp_path, "start_container.sh", run, "mi300x8")
    assert "gfx950" in f.title and "gfx942" in f.title and f.evidence[0].source.endswith(":2")
    assert _img11(tmp_path, "start_container.sh", run.replace("-mi35x-", "-mi30x-"), "mi300x8") == []
    # no target in the name: not judged here (rocm/pytorch carries the consumer targets too)
    assert _img11(tmp_path, "start_container.sh", run.replace("rocm/sgl-dev:v0.5.18-rocm724-mi35x-20260826",
                                                              "rocm/pytorch:latest"), "mi300x8") == []


def test_a_named_target_in_a_from_cites_the_arg_that_wrote_it(tmp_path):
    # tests/corpus/fresh/artifacts/qy-schaka-audiomuse-rocm (Dockerfile-rocm): a gfx1201 builder image on an RX 7900
    docker = ("ARG BASE_IMAGE=ghcr.io/schaka/rocm-migraphx-ort-torch-builder:20260721-gfx1201\n"
              "FROM ${BASE_IMAGE} AS base\nRUN pip install onnxruntime\n")
    [f] = _img11(tmp_path, "Dockerfile", docker, "rx7900xtx")
    assert "gfx1201" in f.title and "gfx1100" in f.title
    assert sorted(e.source.rsplit(":", 1)[1] for e in f.evidence) == ["1", "2"]
    # a family word: rdna4 is gfx120*, not this RDNA3 GPU; rdna3 holds gfx1100
    assert _img11(tmp_path, "Dockerfile", docker.replace("20260721-gfx1201", "rdna4"), "rx7900xtx")
    assert _img11(tmp_path, "Dockerfile", docker.replace("20260721-gfx1201", "rdna3"), "rx7900xtx") == []
    # a registry's port or host is no target: only the tag and the image's own name are read
    assert _img11(tmp_path, "Dockerfile", docker.replace("ghcr.io/schaka/rocm-migraphx-ort-torch-builder:20260721-gfx1201",
                                                          "gfx1201.example:5000/team/builder:1.0"), "rx7900xtx") == []


def test_an_override_that_poses_as_the_images_target_passes(tmp_path):
    # the GPU reports the image's target under HSA_OVERRIDE_GFX_VERSION (RD-ENV-001 judges that override)
    compose = ("services:\n  sd:\n    image: rocm/pytorch:rocm5.2_ubuntu20.04_py3.7_pytorch_1.11.0_navi21\n"
               "    devices: [/dev/kfd, /dev/dri]\n    environment:\n      HSA_OVERRIDE_GFX_VERSION: \"10.3.0\"\n")
    assert _img11(tmp_path, "docker-compose.yml", compose, "rx7900xtx") == []
    [f] = _img11(tmp_path, "docker-compose.yml", compose.replace("10.3.0", "11.0.0"), "rx7900xtx")
    assert "gfx1030" in f.title


def test_the_names_targets_read_by_gfxs_own_spelling():
    from rocmdoctor.knowledge.gpus import targets_named

    assert targets_named("foo/vllm:gfx90a-gfx942") == ["gfx90a", "gfx942"]  # two-digit targets with their letter
    assert targets_named("quay.io/cnuland/vllm-gfx1151:rocm71_gfx115x") == ["gfx1151", "gfx115*"]
    assert targets_named("foo/vllm:rdna3.5") == ["gfx115*"]  # RDNA 3.5 (Strix) is not RDNA 3
    assert targets_named("team/builder:MI300X-nightly") == ["gfx942"]
    assert targets_named("foo:gfx120") == [] and targets_named("foo:gfx12") == []  # no such target
    assert targets_named("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_2.3.0") == []


def test_another_services_override_is_not_this_containers(tmp_path):
    # one compose file: service a runs a gfx1030 image with no override; service b's override is its own
    compose = ("services:\n  a:\n    image: foo/vllm:gfx1030\n    devices: [/dev/kfd, /dev/dri]\n"
               "  b:\n    image: rocm/pytorch:latest\n    devices: [/dev/kfd, /dev/dri]\n    environment:\n"
               "      HSA_OVERRIDE_GFX_VERSION: \"10.3.0\"\n")
    [f] = _img11(tmp_path, "docker-compose.yml", compose, "rx7900xtx")
    assert "foo/vllm:gfx1030" in f.title and f.evidence[0].source.endswith(":3")
    # the APU: an image named for its own target passes, and one for the discrete RDNA 3 GPUs does not
    assert _img11(tmp_path, "docker-compose.yml", compose.replace("gfx1030", "gfx1151"), "strix-halo-apu") == []
    assert _img11(tmp_path, "docker-compose.yml", compose.replace("gfx1030", "rdna3"), "strix-halo-apu")
