"""checks/image_args.py (read by RD-IMG-001/003): the image a compose build really uses when its build.args fill a
Dockerfile's `FROM ${ARG}`, cited at the compose arg line; a Dockerfile built only for NVIDIA's runtime. Real text
from the corpus (source URL on each case) and look-alikes."""
import pytest
from tests.lintacc_helpers import flagged, scan, write


# https://github.com/pigeek/speaches-rocm/blob/44a52de9fc4ed2dc53f8cbf454b65dc490722661/compose.rocm.yaml:6-9 and
# Dockerfile.rocm:1-3 (ARG BASE_IMAGE=... / FROM ${BASE_IMAGE})
PIGEEK_COMPOSE = ("services:\n  speaches:\n    build:\n      dockerfile: Dockerfile.rocm\n      args:\n"
                  "        BASE_IMAGE: {image}\n    devices:\n      - /dev/kfd:/dev/kfd\n      - /dev/dri:/dev/dri\n")
PIGEEK_DOCKERFILE = ("ARG BASE_IMAGE=rocm/pytorch:rocm7.0_ubuntu24.04_py3.12_pytorch_release_2.7.1\n"
                     "# hadolint ignore=DL3006\nFROM ${BASE_IMAGE}\n")


def test_a_compose_build_arg_is_the_image_the_build_uses_and_the_line_that_causes_it(tmp_path):
    write(tmp_path, "Dockerfile.rocm", PIGEEK_DOCKERFILE)
    write(tmp_path, "compose.rocm.yaml", PIGEEK_COMPOSE.format(
        image="rocm/pytorch:rocm7.0_ubuntu24.04_py3.12_pytorch_release_2.7.1"))
    fs = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))
    assert len(fs) == 1 and "ROCm 7.0" in fs[0].title
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence[:2]] == ["compose.rocm.yaml:6", "Dockerfile.rocm:3"]
    # the arg picks an image near the host's ROCm: the Dockerfile's 7.0 default is never built
    write(tmp_path, "compose.rocm.yaml", PIGEEK_COMPOSE.format(
        image="rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"))
    assert flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) == []


def test_a_dockerfile_default_is_judged_where_a_build_leaves_the_arg_out(tmp_path):
    # https://github.com/Antony90/deep-polygon/blob/88df014020a6d08293795bf72f4d0ea058880354/docker-compose.rocm.yml:1-5
    # and core/Dockerfile:1-2: the base file's service builds the Dockerfile without args
    write(tmp_path, "Dockerfile", 'ARG BASE_IMAGE="pytorch/pytorch"\nFROM $BASE_IMAGE\n')
    write(tmp_path, "docker-compose.yml", "services:\n  rl_backend:\n    build:\n      context: .\n"
          "      dockerfile:\n        core/Dockerfile\n  playground:\n    build:\n      args:\n"
          "        BASE_IMAGE: 'rocm/pytorch'\n    devices: [/dev/kfd, /dev/dri]\n")
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))] \
        == ["Dockerfile:2"]
    fs = [f for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.yml:10"]


def test_compose_naming_its_build_after_the_base_image_is_cited_with_the_from(tmp_path):
    # https://github.com/ilmal/ai-training/blob/0c474ebc063cfdf162cad99270fbf28a375409c8/docker-compose.yaml:3-7:
    # build + image: rocm/tensorflow:latest, the Dockerfile's own base;
    # Compose pulls that public image when it is missing instead of building
    write(tmp_path, "Dockerfile", "FROM rocm/tensorflow:latest\n\nWORKDIR /app\n")
    write(tmp_path, "docker-compose.yaml", "services:\n  tensorflow-app_amd:\n    build:\n      context: .\n"
          "      dockerfile: Dockerfile\n    image: rocm/tensorflow:latest\n    devices:\n      - /dev/dri\n      - /dev/kfd\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))
    assert len(fs) == 1 and [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence] == ["Dockerfile:1", "docker-compose.yaml:6"]
    write(tmp_path, "docker-compose.yaml", "services:\n  app:\n    build: .\n    image: myapp:latest\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))
    assert [e.source.rsplit("/", 1)[-1] for e in fs[0].evidence] == ["Dockerfile:1"]  # its own tag: not cited


# https://github.com/fauxpilot/fauxpilot/blob/788edd44f29b3a3c33136f956c8c20d055604438/docker-compose.yaml:3-22
# and triton.Dockerfile:1 (FROM moyix/triton_with_ft:22.09: NVIDIA's Triton with the FasterTransformer CUDA backend)
FAUX = ("services:\n  triton:\n    build:\n      context: .\n      dockerfile: triton.Dockerfile\n{extra}"
        "    deploy:\n      resources:\n        reservations:\n          devices:\n            - driver: nvidia\n"
        "              count: all\n              capabilities: [gpu]\n")


@pytest.mark.parametrize("base,extra,cuda", [
    ("moyix/triton_with_ft:22.09", "", True),
    ("moyix/triton_with_ft:22.09", "    devices: [/dev/kfd, /dev/dri]\n", False),  # passed to the AMD GPU too
    ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", "", False),
    # a plain Python, OS or toolchain base holds no CUDA: what the build installs is the finding (RD-IMG-002; fresh
    # batch 121's qlora-pipeline trainer.Dockerfile, FROM python:3.10-slim)
    ("python:3.10-slim", "", False), ("debian:bookworm-slim", "", False), ("ghcr.io/astral-sh/uv:0.8.15", "", False),
])
def test_a_dockerfile_built_only_for_nvidias_runtime_is_a_cuda_image(tmp_path, base, extra, cuda):
    write(tmp_path, "triton.Dockerfile", f"FROM {base}\n\nRUN python3 -m pip install -U transformers\n")
    write(tmp_path, "docker-compose.yaml", FAUX.format(extra=extra))
    fs = flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == (["triton.Dockerfile:1"] if cuda else [])


def test_a_build_is_matched_by_name_where_the_files_lack_the_path_it_names_whatever_this_disk_holds(tmp_path):
    # a set copied flat (or a snapshot): the compose file names docker/Dockerfile.rocm, the set holds
    # Dockerfile.rocm beside it. Whether this machine happens to have a file at docker/Dockerfile.rocm does
    # not matter: the question is which file of the set the build uses.
    from checks.image_args import _builders
    from rocmdoctor.artifacts.settings import Artifact, Settings

    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "Dockerfile.rocm").write_text("FROM rocm/pytorch:latest\n")  # on disk, not among the files
    compose = Artifact(str(tmp_path / "compose.yaml"), "compose",
                       data={"services": {"app": {"build": {"dockerfile": "docker/Dockerfile.rocm"}}}},
                       refs={"build:app": "docker/Dockerfile.rocm"})
    flat = Artifact(str(tmp_path / "Dockerfile.rocm"), "dockerfile")
    other = Artifact(str(tmp_path / "Dockerfile"), "dockerfile")
    s = Settings(artifacts=[compose, flat, other])
    assert [svc for _a, svc, _args in _builders(s, flat.path)] == [compose.data["services"]["app"]]
    assert _builders(s, other.path) == []
    # once the set holds the named file, the build is that file's alone
    named = Artifact(str(tmp_path / "docker" / "Dockerfile.rocm"), "dockerfile")
    s = Settings(artifacts=[compose, flat, named])
    assert _builders(s, flat.path) == [] and len(_builders(s, named.path)) == 1


def test_a_build_naming_a_missing_path_is_no_build_of_either_of_two_same_named_dockerfiles(tmp_path):
    # the name fallback is for a set copied flat, where one Dockerfile of the set has the name the build gives:
    # with two (a/Dockerfile.rocm, b/Dockerfile.rocm) the files do not say which the build uses, so its args
    # fill neither one's FROM (settings.builds_of, as built_from answers for the service's image)
    from checks.image_args import _builders
    from rocmdoctor.artifacts.settings import Artifact, Settings

    compose = Artifact(str(tmp_path / "compose.yaml"), "compose",
                       data={"services": {"app": {"build": {"dockerfile": "docker/Dockerfile.rocm",
                                                            "args": {"BASE": "rocm/pytorch:latest"}}}}},
                       refs={"build:app": "docker/Dockerfile.rocm"})
    a = Artifact(str(tmp_path / "a" / "Dockerfile.rocm"), "dockerfile")
    b = Artifact(str(tmp_path / "b" / "Dockerfile.rocm"), "dockerfile")
    s = Settings(artifacts=[compose, a, b])
    assert _builders(s, a.path) == [] and _builders(s, b.path) == []
    s = Settings(artifacts=[compose, a])  # one of that name: the set copied flat
    assert [args for _c, _svc, args in _builders(s, a.path)] == [{"BASE": "rocm/pytorch:latest"}]


def test_args_of_a_list_and_the_services_that_never_build_here(tmp_path):
    # `args: [NAME=value]` as well as a mapping; NVIDIA's variant of an AMD compose file and a template service
    # (only reached through `extends`) build nothing on this machine
    from checks.image_args import _builders
    from rocmdoctor.artifacts.settings import Artifact, Settings

    d = Artifact(str(tmp_path / "Dockerfile"), "dockerfile")
    svc = {"build": {"context": ".", "args": ["BASE=rocm/pytorch:latest", "NOVALUE"]}}
    compose = Artifact(str(tmp_path / "compose.yaml"), "compose", data={"services": {"app": svc}},
                       refs={"build:app": "Dockerfile"})
    assert [args for _c, _s, args in _builders(Settings(artifacts=[compose, d]), d.path)] == [
        {"BASE": "rocm/pytorch:latest"}]
    variant = Artifact(str(tmp_path / "compose.nvidia.yaml"), "compose",
                       data={"services": {"app": dict(svc)}, "vendor_variant": "NVIDIA's variant of compose.amd.yaml"},
                       refs={"build:app": "Dockerfile"})
    template = Artifact(str(tmp_path / "base.yaml"), "compose", data={"services": {"app": dict(svc, template=True)}},
                        refs={"build:app": "Dockerfile"})
    assert _builders(Settings(artifacts=[variant, template, d]), d.path) == []


def test_a_scripts_build_arg_is_the_image_the_build_pulls(tmp_path):
    # selcarpa/comfyui-rocm build.sh (spent fresh batch 20): `docker build --build-arg BASE_IMAGE_TAG=...` into a
    # Dockerfile's `FROM rocm/pytorch:${BASE_IMAGE_TAG}`: the image judged is the one the script's arg names, cited
    # at the script's --build-arg line and at the FROM it goes into
    from tests.lintacc_helpers import flagged, scan, write

    write(tmp_path, "Dockerfile", "ARG BASE_IMAGE=rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                                  "FROM ${BASE_IMAGE}\nRUN pip install numpy\n")
    b = write(tmp_path, "build.sh", "#!/bin/bash\ndocker build \\\n  --build-arg BASE_IMAGE=rocm/pytorch:rocm7.0_ubuntu22.04_"
                                    "py3.10_pytorch_release_2.6.0 \\\n  -t app .\n")
    [f] = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))
    assert "rocm7.0" in f.title and [e.source for e in f.evidence][:2] == [b + ":3", str(tmp_path / "Dockerfile") + ":2"]
    # without the arg the Dockerfile's own default (the host's ROCm) is what is built: nothing to say
    write(tmp_path, "build.sh", "#!/bin/bash\ndocker build -t app .\n")
    assert not flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))


def test_a_build_args_image_cites_where_the_script_and_the_dockerfile_write_it(tmp_path):
    # fresh batch 160 (av-eddierichter): BASE_IMAGE written in the build script, passed as a build arg, and the
    # Dockerfile's own ARG default naming the same image: a fix changes each line
    image = "rocm/pytorch:rocm7.2_ubuntu24.04_py3.12_pytorch_release_2.9.1"
    sh = write(tmp_path, "build.sh", f'#!/bin/bash\nBASE="${{BASE:-{image}}}"\n\ndocker build \\\n'
                                     '  --build-arg BASE_IMAGE="${BASE}" \\\n  -f Dockerfile -t app .\n')
    df = write(tmp_path, "Dockerfile", f'ARG BASE_IMAGE="{image}"\nFROM $BASE_IMAGE\nRUN echo hi\n')
    fs = flagged(scan([sh, df], "RD-IMG-003", "mi300x8"))
    cited = {e.source for f in fs for e in f.evidence}
    assert {sh + ":2", df + ":1", df + ":2"} <= cited, cited
