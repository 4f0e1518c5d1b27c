"""RD-IMG-001..003 (checks/images.py): container base images, pip lines and requirements files,
and the ROCm release of an image, a Singularity file or a `module load` against the host's; on the
seeds' files (tests/data/seeds) and real public files (tests/data/configs, source on each first line)."""
import os

import pytest
from tests.lintacc_helpers import corpus, flagged, scan, write
from rocmdoctor.knowledge.pip_names import not_on_pypi

FRESH_SETS = os.path.join(os.path.dirname(os.path.dirname(__file__)), "corpus", "fresh", "artifacts")

DATA = os.path.join(os.path.dirname(__file__), os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


def test_cuda_base_image_fails_on_an_amd_machine(lint):
    fs = lint([os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")], "RD-IMG-001")
    assert lint.statuses(fs) == ["fail"] and "cu124" in fs[0].title
    assert fs[0].evidence[0].source.endswith("llamafactory_docker-cuda.Dockerfile:4")  # FROM ${BASE_IMAGE}


def test_rocm_base_images_pass(lint):
    fs = lint([os.path.join(SEEDS, "Dockerfile"), os.path.join(CONFIGS, "llamafactory_docker-rocm.Dockerfile")],
              "RD-IMG-001")
    assert lint.statuses(fs) == ["pass"]


def test_cuda_image_not_judged_without_an_amd_gpu(lint):
    fs = lint([os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")], "RD-IMG-001", example="no-gpu")
    assert lint.statuses(fs) == ["skip"]


def test_real_cuda_dockerfile_is_judged_by_its_base_image_not_each_pip_line(lint):
    # One cause, one finding: the CUDA base image fails RD-IMG-001; its pip lines (flash-attn) are
    # not flagged again by RD-IMG-002, which would only repeat that the image is a CUDA build.
    path = os.path.join(CONFIGS, "llamafactory_docker-cuda.Dockerfile")
    assert lint.statuses(lint([path], "RD-IMG-001")) == ["fail"]
    assert lint.statuses(lint([path], "RD-IMG-002")) == ["pass"]


def test_floating_tag_warns_and_pinned_tag_passes(tmp_path, lint):
    p = lint.write("Dockerfile", "FROM rocm/pytorch:latest\n")
    fs = lint([p], "RD-IMG-003")
    assert lint.statuses(fs) == ["warn"] and "floats" in fs[0].title
    assert lint.statuses(lint([os.path.join(SEEDS, "Dockerfile")], "RD-IMG-003")) == ["pass"]  # rocm6.1 vs host 6.3


def test_image_rocm_far_from_the_host_fails(lint):
    # the seed compose file's rocm7.1 image on the MI50 example (system ROCm 6.3): 3 releases, another major
    fs = lint([os.path.join(SEEDS, "docker-compose.yml")], "RD-IMG-003")
    assert lint.statuses(fs) == ["fail"] and fs[0].data["release_gap"] == 3


REQS = """# training deps
transformers>=4.41.2,<=4.46.1
torch>=2.0.0   # the model code needs 2.x
-r extra.txt
deepspeed>=0.10.0,<=0.14.4 ; sys_platform == "linux"
peft==0.12.0 \\
    --hash=sha256:0123abcd
"""


def _reqs(tmp_path, torch_line="torch>=2.0.0   # the model code needs 2.x", **files):
    (tmp_path / "requirements.txt").write_text(REQS.replace("torch>=2.0.0   # the model code needs 2.x", torch_line))
    (tmp_path / "extra.txt").write_text("flash-attn==2.6.3\n")
    for name, text in files.items():
        (tmp_path / name.replace("_", ".")).write_text(text)
    return tmp_path


def _by_package(fs):
    return {f.subject.rsplit(" ", 1)[1]: (f.status.value, f.evidence[0].source) for f in fs}


def test_requirements_reader_reads_lines_options_and_references(tmp_path):
    from rocmdoctor.artifacts.readers import read_one
    from rocmdoctor.artifacts.readers import requirements

    p = _reqs(tmp_path) / "requirements.txt"
    art = read_one(str(p))
    assert art.kind == requirements.REQUIREMENTS and art.error is None
    assert art.data["requirements"] == ["transformers>=4.41.2,<=4.46.1", "torch>=2.0.0",
                                        'deepspeed>=0.10.0,<=0.14.4 ; sys_platform == "linux"', "peft==0.12.0"]
    assert [v.origin.line for v in art.values] == [2, 3, 5, 6] and art.refs == {"r:4": "extra.txt"}
    # by name only when the text is requirement lines: a script named requirements.txt is not one
    assert not requirements.looks_like("requirements.txt", "pip install torch\ntorchrun train.py\n")
    assert requirements.looks_like("requirements/base.txt", "-i https://x/simple\nnumpy\n")
    assert not requirements.looks_like("notes.txt", "numpy\n")


@pytest.mark.parametrize("image, bad", [
    ("rocm/dev-ubuntu-22.04:5.6.1", True),          # AMD's base images tag by the release: 5.6 vs the host's 6.2
    ("rocm/dev-ubuntu-22.04:6.4-complete", False),  # two releases away: inside the window
    ("rocm/pytorch:rocm6.2.4_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("lmsysorg/sglang:v0.5.5.post2-rocm700-mi30x", True),  # compact rocm700 = 7.0
])
def test_rocm_release_of_every_rocm_image_tag_against_the_host(tmp_path, image, bad, lint):
    path = lint.write("Dockerfile", "ARG V=22.04\nFROM " + image.replace("22.04", "${V}", 1) + "\nRUN true\n")
    assert bool(lint.flagged(lint([path], "RD-IMG-003", "rx7900xtx"))) == bad


def test_a_singularity_image_file_names_the_rocm_it_holds(tmp_path, lint):
    f = lint.write("job.sh", "#!/bin/bash\n#SBATCH --gpus-per-node=8\n"
                   "srun singularity exec /appl/sif/lumi-pytorch-rocm-5.6.1-python-3.10.sif torchrun train.py\n"
                   "apptainer run docker://rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0 python y.py\n"
                   "singularity exec my_env.sif python z.py\nsingularity exec $IMG python w.py\n")
    fs = lint([f], "RD-IMG-003", "mi300x8")  # the host has ROCm 6.2
    bad = lint.flagged(fs)
    assert len(bad) == 1 and "lumi-pytorch-rocm-5.6.1" in bad[0].title and "ROCm 5.6" in bad[0].title
    assert bad[0].evidence[0].source.endswith("job.sh:3")
    titles = " ".join(x.title for x in fs)
    assert "rocm6.2_ubuntu22.04" in titles and "my_env.sif: pinned" in titles  # a file is its own pin
    assert "$IMG" not in titles


def test_lumi_ai_factory_images_name_their_rocm_and_latest_is_a_link(tmp_path, lint):
    # LUMI AI Factory's multitorch files: u24r70 is Ubuntu 24.04 with ROCm 7.0 (fresh batch 93: iq-shanshanwangcsc-vlm),
    # u24r64 ROCm 6.4; lumi-multitorch-latest.sif is a link the site moves (iq-aniskhan25-urdu)
    d = "/appl/local/laifs/containers/"
    f = lint.write("job.sh", "#!/bin/bash\n#SBATCH --gpus-per-node=8\n"
                   f"export SIF={d}lumi-multitorch-u24r70f21m50t210-20260513_121430/"
                   "lumi-multitorch-plus-u24r70f21m50t210-20260513_121430.sif\n"
                   "srun singularity exec $SIF python train.py\n"
                   f"srun singularity exec {d}lumi-multitorch-full-u24r64f21m43t29-20260124_092648.sif python b.py\n"
                   f"srun singularity exec {d}lumi-multitorch-latest.sif python c.py\n"
                   "srun singularity exec /scratch/me/my-latest-run.sif python d.py\n")
    fs = lint([f], "RD-IMG-003", "mi300x8")  # the host has ROCm 6.2
    bad = {x.title.split(":")[0].rsplit("/", 1)[-1].split(" ")[0]: x for x in lint.flagged(fs)}
    assert set(bad) == {"lumi-multitorch-plus-u24r70f21m50t210-20260513_121430.sif", "lumi-multitorch-latest.sif"}
    assert "ROCm 7.0" in bad["lumi-multitorch-plus-u24r70f21m50t210-20260513_121430.sif"].title
    assert "the next job" in bad["lumi-multitorch-latest.sif"].title
    assert any("ROCm 6.4" in x.title for x in fs)  # within two releases of 6.2: passes


def test_a_rocm_module_is_judged_against_the_host_like_an_image(tmp_path, lint):
    f = lint.write("job.sh", "#!/bin/bash\n#SBATCH -N 1\nmodule load PrgEnv-gnu\nmodule load rocm/5.7.0\n"
                   "ml rocm/6.2.0\nsrun python train.py\n")
    fs = lint([f], "RD-IMG-003", "mi300x8")  # the host has ROCm 6.2
    bad = lint.flagged(fs)
    assert [b.title.split(":")[0] for b in bad] == ["rocm/5.7.0"] and "loaded by `module load`" in bad[0].title
    assert bad[0].evidence[0].source.endswith("job.sh:4")
    assert any(x.title.startswith("rocm/6.2.0: ROCm 6.2 loaded") and x.status.value == "pass" for x in fs)
    assert not any("PrgEnv" in x.title for x in fs)


# --- RD-IMG-002 on AMD's framework images (issue 24 §3: `pip install deepspeed` on an image whose torch is


# --- RD-IMG-004: pip names PyPI does not carry (issue 24 §3): an operating-system package name


@pytest.mark.parametrize("name", ["python3.10-venv", "python3-dev", "libgl1", "torch-audio-rocm", "torch-rocm",
                                  "torchvison", "transfomers", "bitsandbyte"])
def test_names_pypi_does_not_carry(name):
    assert not_on_pypi(name)


@pytest.mark.parametrize("name", ["torch", "torchvision", "gitpython", "dataset", "transformer", "hydra-colorlog",
                                  "opencv-python-headless", "sentence-transformers", "vllm", "torchmetrics", ""])
def test_real_names_pass(name):
    assert not_on_pypi(name) is None


def test_script_and_requirements_file(tmp_path):
    write(tmp_path, "requirements.txt", "transformers\ntorchvison==0.19.0\n")
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npip install -r requirements.txt\npip install python3-venv numpy\n")
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert sorted(f.subject.rsplit(" ", 1)[-1] for f in fs) == ["python3-venv", "torchvison"]


def test_private_index_or_local_wheels_are_not_judged(tmp_path):
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npip install --index-url https://pypi.internal.example/simple "
              "torch-rocm\npip install --no-index --find-links ./wheels torchvison\n")
    assert flagged(scan([p], "RD-IMG-004", "rx7900xtx")) == []


def test_real_bootstrap_script():
    fs = flagged(scan([corpus("xknex-sdwebui-rocm71")], "RD-IMG-004", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["bootstrap.sh:35"]


# --- fourth corpus batch (lintacc2)

@pytest.mark.parametrize("image,cuda", [("ollama/ollama:0.5.13", True), ("ollama/ollama", True),
                                        ("ollama/ollama:rocm", False), ("ollama/ollama:0.6.0-rocm", False),
                                        ("vllm/vllm-openai:latest", True), ("vllm/vllm-openai-rocm:v0.14.1", False),
                                        ("lmsysorg/sglang:latest", True),
                                        ("lmsysorg/sglang:v0.4.9.post1-rocm630-srt", False),
                                        # axolotl's CI builds CUDA images only, pinned by digest too (fresh batch 14,
                                        # qa-truefoundry-axolotl-cuda-ds); a name that only contains it is not one
                                        ("winglian/axolotl@sha256:" + "6" * 64, True),
                                        ("axolotlai/axolotl:main-latest", True), ("axolotlai/axolotl-cloud:main", True),
                                        ("myorg/axolotl-rocm:6.2", False),
                                        # Unsloth's image is CUDA on every tag (fresh batch 102, sq-liveaverage)
                                        ("unsloth/unsloth:latest", True), ("unsloth/unsloth", True),
                                        ("myorg/unsloth/unsloth-rocm:1", False),
                                        # verl's Hub images, Ray's -gpu tags, NVIDIA's JAX-Toolbox (fresh batch 156)
                                        ("verlai/verl:vllm011.latest", True), ("rocm/verl:verl-0.3.0", False),
                                        ("rayproject/ray-ml:2.7.1-gpu", True), ("rayproject/ray:2.9.0-cpu", False),
                                        ("rayproject/ray:2.9.0", False), ("ghcr.io/nvidia/jax:base", True),
                                        ("ghcr.io/nvidia-merlin/app:1", False)])
def test_serving_images_whose_rocm_build_is_its_own_tag(tmp_path, image, cuda):
    p = write(tmp_path, "docker-compose.yml", f"services:\n  s:\n    image: {image}\n"
                                              "    devices: [/dev/kfd, /dev/dri]\n")
    assert bool(flagged(scan([p], "RD-IMG-001", "rx7900xtx"))) is cuda


def test_real_ollama_default_image_on_radeon():
    fs = flagged(scan([corpus("vulturm-amdgpu-ai-ollama")], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.yaml:16"]


def test_compose_image_of_a_build_is_its_output_tag_not_a_pulled_image(tmp_path):
    d = tmp_path / "p"
    write(d, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    write(d, "docker-compose.yml", "services:\n  s:\n    build: .\n    image: sd-docker:rocm-5.4.2\n"
                                   "    devices: [/dev/kfd, /dev/dri]\n")
    assert flagged(scan([str(d)], "RD-IMG-003", "rx7900xtx")) == []
    write(d, "docker-compose.yml", "services:\n  s:\n    image: rocm/pytorch:rocm5.4_ubuntu20.04_py3.8_pytorch_staging\n")
    assert flagged(scan([str(d)], "RD-IMG-003", "rx7900xtx"))  # without build: it is pulled, and judged


def test_real_built_compose_service():
    fs = flagged(scan([corpus("perillamint-sdwebui-rocm54")], "RD-IMG-003", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile:1"]


RUN_NV = "docker run --rm -it {flags} \\\n  {image} python3 main.py\n"


@pytest.mark.parametrize("flags,image,cuda", [
    ("--runtime=nvidia", "someone/pytorch", True),
    ("-e NVIDIA_VISIBLE_DEVICES=0", "someone/pytorch:1.0", True),
    ("--gpus all", "someone/pytorch", False),                  # AMD's CDI spec serves --gpus too
    ("--runtime=nvidia", "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False),
    ("--runtime=nvidia", "$IMAGE", False),                     # unknown until the script runs
    ("--device /dev/kfd --device /dev/dri", "someone/pytorch", False),
])
def test_image_started_with_nvidias_runtime_is_a_cuda_build(tmp_path, flags, image, cuda):
    p = write(tmp_path, "run.sh", RUN_NV.format(flags=flags, image=image))
    fs = flagged(scan([p], "RD-IMG-001", "rx7900xtx"))
    assert bool(fs) is cuda
    if cuda:
        assert fs[0].evidence[0].source.endswith("run.sh:2")


def test_real_nvidia_runtime_script():
    fs = flagged(scan([corpus("taronegeorage-docker-nvidia-runtime")], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["start_pytorch_example.sh:7"]




# --- fresh batch 3 (artfix): a build channel tag (nightly, main, dev) floats like latest

@pytest.mark.parametrize("image,floats", [
    ("docker.io/rocm/vllm-dev:nightly", True),
    ("rocm/vllm-dev:main", True),
    ("rocm/pytorch:latest-release", True),
    ("rocm/vllm-dev:nightly_main_20250101", False),  # a dated build is a pin
    ("rocm/vllm:rocm6.3.1_vllm_0.8.5_20250513", False),
    ("ollama/ollama:rocm", True),  # a vendor's versionless ROCm variant tag floats: re-pushed with each release
    ("ollama/ollama:rocm-latest", True),  # ... but a variant that says latest floats
    ("ollama/ollama:0.6.5-rocm", False),
    # a name with no namespace is the user's own build (`docker build -t astraflow:rocm`), never pulled (fresh
    # rh-infiniailab-astraflow-amd, ub-bjoernellens1-gsoslam-rocm72); a namespaced one is a registry's
    ("astraflow:rocm", False), ("someuser/astraflow:rocm", True),
])
def test_build_channel_tags_float(tmp_path, image, floats):
    p = write(tmp_path, "run.sh", f"#!/bin/bash\npodman run -it --rm --device /dev/kfd --device /dev/dri {image} "
              "python3 -c 'import torch'\n")
    bad = [f.title for f in flagged(scan([p], "RD-IMG-003", "strix-halo-apu")) if "floats" in f.title]
    assert bool(bad) is floats


def test_real_podman_script_on_a_nightly_image():
    p = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts",
                     "shuawest-vllm-gfx1151-spoof", "run_nightly_spoof.sh")
    fs = [f for f in flagged(scan([p], "RD-IMG-003", "strix-halo-apu")) if "floats" in f.title]
    assert fs and fs[0].evidence[0].source.endswith("run_nightly_spoof.sh:22")


def test_requirements_short_options_take_attached_values(tmp_path):
    from rocmdoctor.artifacts.readers import requirements
    a = requirements.read("r.txt", "-rbase.txt\n-chints.txt\n-ihttps://download.pytorch.org/whl/rocm6.2\ntorch\n")
    assert a.refs == {"r:1": "base.txt", "c:2": "hints.txt"}
    assert a.values[0].value["options"]["index-url"] == ["https://download.pytorch.org/whl/rocm6.2"]


@pytest.mark.parametrize("image,cuda", [
    # https://github.com/ai-dock/stable-diffusion-webui (build/Dockerfile: ARG IMAGE_BASE default)
    ("ghcr.io/ai-dock/python:3.10-v2-cuda-12.1.1-base-22.04", True),
    ("myorg/app:cu121-py310", True),
    ("ghcr.io/ai-dock/python:3.10-v2-rocm-6.2-runtime-22.04", False),
    ("ghcr.io/ai-dock/python:3.10-v2-cpu-22.04", False),
    # TensorFlow's GPU tags (fresh batch 133, GKE's MNIST sample) and NVIDIA NIM images are CUDA builds
    ("tensorflow/tensorflow:latest-gpu", True), ("tensorflow/tensorflow:2.15.0-gpu-jupyter", True),
    ("tensorflow/tensorflow:latest", False), ("rocm/tensorflow:latest", False),
    ("nvcr.io/nim/meta/llama-3.1-8b-instruct:1.3.3", True),
    # a part of the name (fresh batch 292 alcorlab: DOCKER_IMAGE=docker.io/claudioschi21/thesis_alcor_cuda11.8:latest;
    # spent bl-saima: train_env_cuda118_ubuntu22_py10); look-alikes: a ROCm tag, a word starting with "cu"
    ("docker.io/claudioschi21/thesis_alcor_cuda11.8:latest", True),
    ("192.168.1.248:10010/platform/train_env_cuda118_ubuntu22_py10:v0.2", True),
    ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False), ("myorg/cu1x_tools:1", False),
    ("myorg/curl_1:latest", False),
])
def test_a_tag_naming_a_cuda_release_in_any_spelling(image, cuda):
    from rocmdoctor.knowledge.artifacts import CUDA_IMAGES
    assert any(p.matches(image) for p in CUDA_IMAGES) is cuda


def test_a_compose_build_reads_the_dockerfile_the_directory_search_skips(tmp_path):
    # a build/ folder is skipped as Python build output, but compose's build.context names it
    write(tmp_path, "build/Dockerfile", "FROM nvidia/cuda:12.1.0-runtime-ubuntu22.04\nRUN true\n")
    write(tmp_path, "docker-compose.yaml", "services:\n  app:\n    build:\n      context: ./build\n"
          "    devices: [/dev/kfd, /dev/dri]\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 2)[-2:] for f in fs] == [["build", "Dockerfile:1"]]


def test_a_requirements_file_whose_only_index_is_pytorchs_fails_once_at_the_option(tmp_path):
    # https://github.com/YazhRajeshAmd/rocm_monai_pathology/blob/29ba6e7eba594c12ce2f7e40e569ca8100cfc6f0/requirements-rocm.txt:11
    p = write(tmp_path, "requirements-rocm.txt", "fastapi>=0.100.0\nmonai>=1.5.0\n"
              "--index-url https://download.pytorch.org/whl/rocm6.0\ntorch\ntorchvision\nnumpy\n")
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert len(fs) == 1 and fs[0].evidence[0].source.endswith(":3") and "fastapi" in fs[0].title
    p = write(tmp_path, "requirements-rocm.txt", "fastapi>=0.100.0\nmonai>=1.5.0\n"
              "--extra-index-url https://download.pytorch.org/whl/rocm6.0\ntorch\n")
    assert flagged(scan([p], "RD-IMG-004", "rx7900xtx")) == []  # PyPI stays in play
    p = write(tmp_path, "install.sh", "#!/bin/bash\npip install torch torchvision --index-url "
              "https://download.pytorch.org/whl/rocm6.2\n")
    assert flagged(scan([p], "RD-IMG-004", "rx7900xtx")) == []  # everything it names is there


def test_a_vendors_versionless_rocm_variant_tag_floats(tmp_path, lint):
    # https://github.com/elgris/webui-ollama-docker/blob/1cba7526d0d1bb75190da914e16958c99ad9edf0/compose.yaml:3
    # ollama/ollama:rocm is re-pushed with every Ollama release, its bundled ROCm with it: the tag floats
    # (the independent fresh batches' labels 5 to 2; tests/corpus/artifacts/README.md, wave 8 lead)
    p = lint.write("compose.yml", "services:\n  ollama:\n    image: ollama/ollama:rocm\n    devices: [/dev/kfd, /dev/dri]\n")
    assert [f for f in lint.flagged(lint([p], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]
    # look-alikes: a pinned variant (a release in the tag) does not float; the other floating forms do
    q = lint.write("c1.yml", "services:\n  ollama:\n    image: ollama/ollama:0.6.8-rocm\n")
    assert not [f for f in lint.flagged(lint([q], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]
    for image in ("rocm/vllm-dev:base", "ghcr.io/lm-webui/lm-webui:rocm-latest"):
        r = lint.write("c2.yml", f"services:\n  s:\n    image: {image}\n")
        assert [f for f in lint.flagged(lint([r], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title], image


@pytest.mark.parametrize("image,cpu", [
    # https://github.com/dmitreshel-art/glm-ocr-webapp/blob/d7784c5c58507fa7d014a8324e9e45af29e96d0b/docker-compose.rocm.yml:8
    ("ghcr.io/ggml-org/llama.cpp:server", True),
    ("ghcr.io/ggml-org/llama.cpp:full", True),
    ("ghcr.io/ggml-org/llama.cpp:server-rocm", False),   # the ROCm build (dev redna-talos-llamacpp-rocm)
    ("ghcr.io/ggml-org/llama.cpp:full-vulkan", False),
])
def test_llama_cpps_backend_tags(tmp_path, image, cpu):
    p = write(tmp_path, "docker-compose.rocm.yml", f"services:\n  llama-server:\n    image: {image}\n"
              "    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    assert bool(flagged(scan([p], "RD-IMG-001", "strix-halo-apu"))) is cpu


# ds2qdu/kai-scheduler-examples 03-training.yaml (spent fresh batch 13): NGC's image in a Kubeflow TrainingRuntime's
# container (line 17 here) and again in the TrainJob's trainer override (line 27): one finding that cites both
def test_a_cuda_image_named_twice_in_one_file_is_cited_at_each_place(tmp_path):
    from tests.test_lint_kubernetes import TRAINER

    p = write(tmp_path, "03-training.yaml", TRAINER)
    [f] = flagged(scan([p], "RD-IMG-001", "mi300x8"))
    assert [e.source for e in f.evidence] == [p + ":17", p + ":27"]
    # look-alike: a ROCm image in the same places is not a CUDA build
    rocm = write(tmp_path, "r/03-training.yaml", TRAINER.replace("nvcr.io/nvidia/pytorch:25.12-py3",
                                                                 "rocm/pytorch:rocm6.4_ubuntu24.04_py3.12_pytorch_release_2.6.0"))
    assert not flagged(scan([rocm], "RD-IMG-001", "mi300x8"))


# tedyhabtegebrial launch_interactive.sh (spent fresh batch 13): Slurm's pyxis runs the job step in
# `--container-image=/netscratch/.../nvcr.io_nvidia_pytorch_23.08-py3.sqsh`, an enroot import of NGC's CUDA PyTorch;
# pyxis also takes a registry reference written REGISTRY#IMAGE:TAG (pyxis README)
PYXIS = ("srun \\\n-K \\\n--partition=RTX3090 \\\n--gpus 2 --ntasks 2 --nodes 1 \\\n"
         "--container-image=/netscratch/teddy/enroot/nvcr.io_nvidia_pytorch_23.08-py3.sqsh \\\n"
         "--container-workdir=\"`pwd`\" \\\n--mem-per-cpu=16G torchrun --nnodes=1 --nproc_per_node=gpu -m train\n")


def test_a_pyxis_container_image_is_judged(tmp_path):
    p = write(tmp_path, "launch_interactive.sh", PYXIS)
    [f] = flagged(scan([p], "RD-IMG-001", "mi300x8"))
    assert "NGC" in f.title and f.evidence[0].source == p + ":5"
    ref = write(tmp_path, "r/run.sh", PYXIS.replace("/netscratch/teddy/enroot/nvcr.io_nvidia_pytorch_23.08-py3.sqsh",
                                                    "nvcr.io#nvidia/pytorch:23.08-py3"))
    assert flagged(scan([ref], "RD-IMG-001", "mi300x8"))
    # look-alikes: hisohara/megatron's ROCm squashfs (rocm+megatron-lm+v25.9_gfx942-bnxt.sqsh) is no CUDA image and,
    # a file, never floats; an --container-image in an echo is no job step
    rocm = write(tmp_path, "m/RUN.slurm", PYXIS.replace(
        "/netscratch/teddy/enroot/nvcr.io_nvidia_pytorch_23.08-py3.sqsh",
        "/shared/amdgpu/Megatron/rocm+megatron-lm+v25.9_gfx942-bnxt.sqsh"))
    assert not flagged(scan([rocm], "RD-IMG-001", "mi300x8")) and not flagged(scan([rocm], "RD-IMG-003", "mi300x8"))
    # an image file named for a CUDA version or an NVIDIA GPU (fresh batch 283: NYU's Singularity images,
    # cuda11.7.99-cudnn8.5-devel-ubuntu22.04.2.sif; a pyxis squashfs vissl_A100.sqsh)
    for name in ("/scratch/u/cuda11.7.99-cudnn8.5-devel-ubuntu22.04.2.sif", "/netscratch/u/vissl_A100.sqsh",
                 "/p/images/vllm0.12_cu131_py3.12_custom.sif"):
        named = write(tmp_path, f"n{len(name)}/run.sh", PYXIS.replace(
            "/netscratch/teddy/enroot/nvcr.io_nvidia_pytorch_23.08-py3.sqsh", name))
        assert "named for a CUDA version" in flagged(scan([named], "RD-IMG-001", "mi300x8"))[0].title
    from rocmdoctor.knowledge.artifacts import CUDA_IMAGES
    sif = next(p for p in CUDA_IMAGES if "image file" in p.why)
    assert not sif.matches("/p/images/rocm6.2-a100-build.sif")  # an image file named for ROCm is ROCm's
    for name in ("/p/images/pytorch_rocm6.2_cu_compat.sif", "/p/images/a1000_notes.sif"):
        named = write(tmp_path, f"k{len(name)}/run.sh", PYXIS.replace(
            "/netscratch/teddy/enroot/nvcr.io_nvidia_pytorch_23.08-py3.sqsh", name))
        assert not flagged(scan([named], "RD-IMG-001", "mi300x8")), name
    said = write(tmp_path, "e/say.sh", "echo srun --container-image=nvcr.io#nvidia/pytorch:23.08-py3 python t.py\n")
    assert not flagged(scan([said], "RD-IMG-001", "mi300x8"))
    # OpenRLHF's train_nonrl_slurm.sh (fresh batch 119): `readonly IMAGE_NAME="nvcr.io/..."`, then
    # `srun --container-image="$IMAGE_NAME"`: the line that writes the name is cited too (where the fix goes)
    var = write(tmp_path, "v/job.sh", 'readonly IMAGE_NAME="nvcr.io#nvidia/pytorch:26.03-py3"\necho start\n'
                'srun --container-image="$IMAGE_NAME" \\\n    bash -c "torchrun train.py"\n')
    [f] = flagged(scan([var], "RD-IMG-001", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{var}:3", f"{var}:1"]


def test_an_ollama_server_is_judged_whatever_the_order_of_its_client(tmp_path):
    # https://github.com/2T0nnks/moriarty-v2/blob/a2d625c3b6c856f7ef553a4f6792bec1935d0ee5/docker-compose.ai.yml:15-45
    # (corpus fresh/moriarty-ollama-rocm-override): the server, then a pull-once client of the same image whose
    # OLLAMA_HOST names the server. The client runs no model; the server runs them on the CUDA/CPU build.
    server = ("  ollama:\n    image: ollama/ollama:latest\n    container_name: moriarty-ollama\n    ports:\n"
              "      - \"11434:11434\"\n    volumes:\n      - ollama_data:/root/.ollama\n    restart: unless-stopped\n")
    client = ("  ollama-pull:\n    image: ollama/ollama:latest\n    container_name: moriarty-ollama-pull\n"
              "    depends_on:\n      ollama:\n        condition: service_healthy\n"
              "    entrypoint: [\"ollama\", \"pull\", \"qwen2.5:1.5b\"]\n    environment:\n"
              "      - OLLAMA_HOST=http://ollama:11434\n    restart: \"no\"\n")
    as_written = write(tmp_path, "a/docker-compose.ai.yml", "services:\n" + server + client)
    assert [f.evidence[0].source for f in flagged(scan([as_written], "RD-IMG-001", "rx7900xtx"))] == \
        [as_written + ":3"]
    # the client first: the server (line 13) is still the one judged, and the client's line is no evidence
    swapped = write(tmp_path, "b/docker-compose.ai.yml", "services:\n" + client + server)
    [f] = flagged(scan([swapped], "RD-IMG-001", "rx7900xtx"))
    assert f.evidence[0].source == swapped + ":13"
    assert swapped + ":3" not in [e.source for e in f.evidence]
    # the client alone stays unjudged
    alone = write(tmp_path, "c/docker-compose.ai.yml", "services:\n" + client)
    assert flagged(scan([alone], "RD-IMG-001", "rx7900xtx")) == []


def test_an_ollama_server_on_its_vulkan_backend_needs_no_rocm_tag(tmp_path):
    # pesche012's RX 570 override (fresh batch 118): docker-compose.rx570.yml gives the standard image the device
    # nodes and OLLAMA_VULKAN=1; Ollama's docs: AMD GPUs beyond ROCm's list run on its Vulkan library
    base = write(tmp_path, "docker-compose.yml", "services:\n  ollama:\n    image: ollama/ollama:0.18.2\n")
    layer = write(tmp_path, "docker-compose.rx570.yml", "services:\n  ollama:\n    image: ollama/ollama\n"
                  "    devices: [/dev/kfd, /dev/dri]\n    environment:\n      OLLAMA_VULKAN: \"1\"\n")
    assert flagged(scan([base, layer], "RD-IMG-001", "rx7900xtx")) == []
    # look-alikes: the base alone, and the backend switched off, run the CUDA/CPU build
    assert flagged(scan([base], "RD-IMG-001", "rx7900xtx"))
    off = write(tmp_path, "o/docker-compose.yml", "services:\n  ollama:\n    image: ollama/ollama:0.18.2\n"
                "    environment:\n      - OLLAMA_VULKAN=0\n")
    assert flagged(scan([off], "RD-IMG-001", "rx7900xtx"))
    # review of wave 27: another project's Vulkan service says nothing of this one; a layer that turns it off may win
    other = write(tmp_path, "x/docker-compose.yml", "services:\n  ollama:\n    image: ollama/ollama\n"
                  "    devices: [/dev/kfd, /dev/dri]\n")
    assert flagged(scan([layer, other], "RD-IMG-001", "rx7900xtx"))
    undo = write(tmp_path, "docker-compose.override.yml", "services:\n  ollama:\n    environment:\n"
                 "      OLLAMA_VULKAN: \"0\"\n")
    assert flagged(scan([base, layer, undo], "RD-IMG-001", "rx7900xtx"))


@pytest.mark.parametrize("app,flag", [("nvidia/cuda:12.4.1-devel-ubuntu22.04", True),
                                      ("rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0", False)])
def test_an_unbuilt_stage_does_not_hide_a_built_stage_of_the_same_image(tmp_path, app, flag):
    # a test stage no build needs comes first; the app stage (the last, built) starts from the same CUDA image
    p = write(tmp_path, "Dockerfile", "FROM nvidia/cuda:12.4.1-devel-ubuntu22.04 AS test\nRUN pip install pytest\n"
              f"FROM {app} AS app\nRUN pip install numpy\n")
    assert [f.evidence[0].source for f in flagged(scan([p], "RD-IMG-001", "rx7900xtx"))] == ([p + ":3"] if flag else [])


def test_a_cuda_base_is_judged_at_its_from_and_cites_the_last_stage_built_on_it(tmp_path):
    # corpus fresh/sb-auralithai-jax-train-cuda-compose Dockerfile.train: FROM nvidia/cuda ... AS base, ..., FROM gpu AS
    # default; the finding is at the FROM that names the image, and cites the stage the container runs
    p = write(tmp_path, "Dockerfile", "FROM nvidia/cuda:12.1.0-cudnn8-devel-ubuntu22.04 AS base\nRUN pip install jax\n"
              "FROM base AS gpu\nRUN pip install flax\nFROM gpu AS default\n")
    [f] = flagged(scan([p], "RD-IMG-001", "rx7900xtx"))
    assert [e.source for e in f.evidence] == [p + ":1", p + ":5"]


# --- RD-IMG-004: a release of an AMD-built package that only AMD's wheel pages carry (knowledge/pip_names.py,
# AMD_INDEX_ONLY). AMD's install command, as its docs print it (the look-alike that names the page):
# https://rocm.docs.amd.com/projects/install-on-linux/en/docs-6.2.2/install/3rd-party/tensorflow-install.html
AMD_TF = "pip install tensorflow-rocm==2.16.1 -f https://repo.radeon.com/rocm/manylinux/rocm-rel-6.2/ --upgrade"


@pytest.mark.parametrize("line, bad", [
    (AMD_TF, False),
    (AMD_TF.replace(" -f https://repo.radeon.com/rocm/manylinux/rocm-rel-6.2/", ""), True),  # PyPI stops at 2.14.0.600
    ("pip install tensorflow-rocm", False),                 # PyPI's own (ROCm 6.0) build exists
    ("pip install onnxruntime-rocm", False),                # on PyPI since 2026-07 (1.22.2.post3)
    ("pip install onnxruntime-rocm==1.23.0", True),
    ("pip install onnxruntime-rocm==1.23.0 --extra-index-url https://repo.amd.com/rocm/whl/gfx1100/", False),
])
def test_a_release_only_amds_wheel_pages_carry(tmp_path, line, bad):
    p = write(tmp_path, "Dockerfile", f"FROM rocm/dev-ubuntu-22.04:6.2.4\nRUN {line}\n")
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert bool(fs) is bad, [f.title for f in fs]
    if bad:
        assert fs[0].evidence[0].source == f"{p}:2" and "rocm-rel-6.2/" in fs[0].detail  # the image's release


def test_an_image_named_by_a_build_arg_is_cited_where_the_arg_writes_it(tmp_path):
    # btbtyler09/vllm-mi100 Dockerfile.rocm_base_MI100 (fresh batch 22): `ARG BASE_IMAGE=rocm/dev-ubuntu-22.04:7.0.2-
    # complete` on line 1, `FROM ${BASE_IMAGE} AS base` on line 13: the finding names both lines
    from tests.lintacc_helpers import flagged, scan, write

    p = write(tmp_path, "Dockerfile", "ARG BASE_IMAGE=rocm/dev-ubuntu-22.04:7.0.2-complete\nARG X=1\n\n"
                                      "FROM ${BASE_IMAGE} AS base\nRUN echo hi\n")
    [f] = flagged(scan([p], "RD-IMG-003", "mi300x8"))
    assert [e.source for e in f.evidence][:2] == [p + ":4", p + ":1"]
    # the FROM line's own name cites no ARG
    q = write(tmp_path, "Dockerfile.plain", "ARG X=rocm\nFROM rocm/dev-ubuntu-22.04:7.0.2-complete\n")
    [g] = flagged(scan([q], "RD-IMG-003", "mi300x8"))
    assert not any(e.source == q + ":1" for e in g.evidence)


@pytest.mark.parametrize("image,want", [
    ("vllm/vllm-openai-rocm:v0.17.1", ((7, 0), "v0.17.1")), ("docker.io/vllm/vllm-openai-rocm:v0.20.1", ((7, 2), "v0.20.1")),
    ("vllm/vllm-openai-rocm:v0.10.2", None),  # before the line moved to ROCm 7: not known here
    ("vllm/vllm-openai-rocm:latest", None), ("vllm/vllm-openai:v0.17.1", None),
    # vLLM-Omni's image is built on vLLM's of the release its version names (spent fresh rd-umeshkhatiwada)
    ("vllm/vllm-omni-rocm:v0.12.0rc1", ((7, 0), "v0.12.0rc1")), ("vllm/vllm-omni:v0.12.0", None)])
def test_a_release_image_ships_at_least_the_rocm_of_its_release_line(image, want):
    from rocmdoctor.knowledge import artifacts as ka

    assert ka.release_rocm_floor(image) == want


def test_a_release_image_beyond_the_window_is_flagged_where_its_name_is_written(lint):
    # the name is written once in a default (`: "${VLLM_IMAGE:=...}"`) and run as "$VLLM_IMAGE": both lines cited
    p = lint.write("serve.sh", '#!/bin/bash\n: "${VLLM_IMAGE:=vllm/vllm-openai-rocm:v0.20.1}"\necho start\n'
                   'docker run -d --device /dev/kfd --device /dev/dri \\\n  "$VLLM_IMAGE" --model m\n')
    fs = lint.flagged(lint([p], "RD-IMG-003", "mi300x8"))
    assert len(fs) == 1 and "ships ROCm 7.2 or newer" in fs[0].title
    assert [e.source for e in fs[0].evidence][:2] == [p + ":4", p + ":2"]
    # look-alike: a release from before the line moved to ROCm 7 says nothing of its ROCm here
    lint.write("serve.sh", open(p).read().replace("v0.20.1", "v0.10.2"))
    assert not lint.flagged(lint([p], "RD-IMG-003", "mi300x8"))


def test_the_written_image_line_is_the_assignment_above_the_run_once(lint):
    p = lint.write("serve.sh", "#!/bin/bash\n# Usage: VLLM_IMAGE=vllm/vllm-openai-rocm:v0.17.1 ./serve.sh\n"
                   ': "${VLLM_IMAGE:=vllm/vllm-openai-rocm:v0.17.1}"\ndocker run --device /dev/kfd --device /dev/dri \\\n'
                   '  "$VLLM_IMAGE"\n')
    fs = lint.flagged(lint([p], "RD-IMG-003", "mi300x8"))
    assert [e.source for e in fs[0].evidence if e.source.startswith(p)] == [p + ":4", p + ":3"]
    # the image written on the run's own line is cited once
    lint.write("serve.sh", "#!/bin/bash\nIMAGE=vllm/vllm-openai-rocm:v0.19.0\ndocker run --device /dev/kfd \"$IMAGE\"\n")
    fs = lint.flagged(lint([p], "RD-IMG-003", "mi300x8"))
    sources = [e.source for e in fs[0].evidence]
    assert len(sources) == len(set(sources))


def test_a_release_floor_below_a_newer_host_says_nothing(lint):
    # the floor is a lower bound: on a host with a newer ROCm (7.13 from wheels) a v0.17 image may be anywhere above it
    p = lint.write("serve.sh", "#!/bin/bash\ndocker run --device /dev/kfd --device /dev/dri vllm/vllm-openai-rocm:v0.17.1\n")
    assert not [f for f in lint.flagged(lint([p], "RD-IMG-003", "strix-halo-apu")) if "ships ROCm" in f.title]
    assert [f for f in lint.flagged(lint([p], "RD-IMG-003", "mi300x8")) if "ships ROCm" in f.title]


def test_a_tag_pinned_by_digest_still_names_its_rocm(lint):
    # fresh yo-alexberardi: rocm/dev-ubuntu-22.04:7.2.4@sha256:... is ROCm 7.2.4 (the digest pins that tag), on a 6.2 host
    from rocmdoctor.knowledge import artifacts as ka
    digest = "sha256:a50a8547101ac9e7c35848ff609a56335214b789b468c9eb05dcd006a4a38c25"
    assert ka.image_rocm(f"rocm/dev-ubuntu-22.04:7.2.4@{digest}") == (7, 2, 4)
    assert ka.image_rocm(f"rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0@{digest}") == (6, 2)
    d = lint.write("Dockerfile", f"FROM rocm/dev-ubuntu-22.04:7.2.4@{digest} AS builder\nRUN make\n")
    [f] = lint.flagged(lint([d], "RD-IMG-003", "rx7900xtx"))
    assert "ROCm 7.2 in the image" in f.title


def test_an_editable_folder_named_python_is_no_requirement(tmp_path):
    # corpus sremes-rocm-docker-gfx1101: Triton's `pip install -e python` installs the folder python/
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:latest\nRUN cd triton && pip install -e python\n"
              "RUN pip install python\n")
    [f] = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert f.subject.endswith("Dockerfile:3 python")


def test_a_tag_that_names_rocm_with_a_v_and_an_arg_built_from_args(lint):
    # spent fresh iz-futursolo: ghcr.io/futursolo/pai-apps/base:pytorch-v2.9.1-rocm-v7.1.1-20251223 is ROCm 7.1.1;
    # spent fresh jz-hoangdao192: `ARG BASE=rocm/dev-ubuntu-${UBUNTU_VERSION}:${ROCM_VERSION}` then `FROM ${BASE}`
    # twice: both findings cite the ARG ROCM_VERSION line, the one place to change
    from rocmdoctor.knowledge import artifacts as ka
    assert ka.image_rocm("ghcr.io/futursolo/pai-apps/base:pytorch-v2.9.1-rocm-v7.1.1-20251223") == (7, 1, 1)
    d = lint.write("Dockerfile", "ARG UBUNTU_VERSION=22.04\nARG ROCM_VERSION=5.7.1\n"
                   "ARG DEV=rocm/dev-ubuntu-${UBUNTU_VERSION}:${ROCM_VERSION}-complete\n"
                   "ARG RUN=rocm/dev-ubuntu-${UBUNTU_VERSION}:${ROCM_VERSION}\n"
                   "FROM ${DEV} AS build\nRUN make\nFROM ${RUN} AS runtime\nCOPY --from=build /a /a\n")
    fs = lint.flagged(lint([d], "RD-IMG-003", "rx7900xtx"))
    assert len(fs) == 2 and all(any(e.source.endswith("Dockerfile:2") for e in f.evidence) for f in fs)


# Import names that are not PyPI projects, and requirements pip cannot parse (wave 16). Real lines from spent fresh
# sets: https://github.com/pagrossi91 (requirements.txt:3 `sklearn`), https://github.com/jackbismi
# (requirements.txt:2-3 `torch>=2.2.0+rocm5.7`), SillyTavern-extras' requirements-rocm.txt:10
# (`torch>=2.0.0+rocm5.4.2,<=2.1.0+rocm5.6`).
@pytest.mark.parametrize("line,what", [("sklearn", "import name"), ("sklearn>=1.0", "import name"),
                                       ("PIL==9.0", "import name"), ("cv2", "import name"),
                                       ("torch>=2.2.0+rocm5.7", "local version"),
                                       ("torch>=2.0.0+rocm5.4.2,<=2.1.0+rocm5.6", "local version"),
                                       ("torchvision ~= 0.15.0+cu118", "local version"),
                                       ("pip install torch==2.3.0+rocm6.0 --index-url "
                                        "https://download.pytorch.org/whl/rocm6.0", "shell command"),
                                       # spent fresh jz-safrailab: conda's interpreter line copied into requirements
                                       ("python>=3.10", "Python interpreter"), ("python3", "Python interpreter")])
def test_requirement_lines_pip_refuses(tmp_path, line, what):
    p = write(tmp_path, "requirements.txt", f"numpy\n{line}\n")
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert len(fs) == 1 and what in fs[0].title and fs[0].evidence[0].source.endswith("requirements.txt:2")


@pytest.mark.parametrize("line", ["sklearn==0.0", "scikit-learn", "pillow", "opencv-python", "torch==2.1.2+rocm5.6",
                                  "python-dotenv", "python-multipart>=0.0.9",
                                  "torch!=2.0.0+cu118", "torch>=2.0,<2.2", "torch==2.1.*",
                                  "torch @ https://example.org/torch-2.1.2+rocm5.6-cp310-cp310-linux_x86_64.whl"])
def test_requirement_lines_pip_reads(tmp_path, line):
    # sklearn==0.0 is the placeholder's one release that still installs (it only requires scikit-learn)
    p = write(tmp_path, "requirements.txt", f"numpy\n{line}\n")
    assert flagged(scan([p], "RD-IMG-004", "rx7900xtx")) == []


def test_a_local_version_range_on_the_command_line_is_refused_too(tmp_path):
    p = write(tmp_path, "setup.sh", '#!/bin/bash\npip install "torch>=2.0.0+rocm5.6"\npip install "pip install"\n')
    fs = flagged(scan([p], "RD-IMG-004", "rx7900xtx"))
    assert [f.title.split(": ", 1)[1] for f in fs] == ["a local version label (+...) in a range"]


@pytest.mark.parametrize("image, cuda", [("huggingface/transformers-pytorch-gpu:latest", True),
                                         ("huggingface/transformers-pytorch-deepspeed-latest-gpu:latest", True),
                                         ("huggingface/transformers-pytorch-amd-gpu:latest", False),
                                         ("huggingface/transformers-pytorch-deepspeed-amd-gpu", False),
                                         ("huggingface/transformers-pytorch-cpu", False)])
def test_hugging_faces_ci_images_by_name(tmp_path, image, cuda):
    # imokuri/mlde-ds and occasionallynlp's nanotron Dockerfiles (FROM huggingface/transformers-pytorch-*-gpu)
    p = write(tmp_path, "Dockerfile", f"FROM {image}\nRUN pip install deepspeed\n")
    assert bool(flagged(scan([p], "RD-IMG-001", "mi300x8"))) == cuda


# xsinxcos/gpurentaler (spent fresh batch 57): `FROM rocm/dev-ubuntu-22.04:5.8`, a ROCm release that never came out
@pytest.mark.parametrize("tag,never", [("5.8", True), ("6.5", True), ("5.7.1", False), ("6.4", False), ("7.9", False)])
def test_a_rocm_release_that_never_came_out(tmp_path, tag, never):
    p = write(tmp_path, "Dockerfile", f"FROM rocm/dev-ubuntu-22.04:{tag}\n")
    fs = flagged(scan([p], "RD-IMG-003", "rx7900xtx"))
    assert any("never released" in f.title for f in fs) is never
    if never:
        assert fs[0].status.value == "fail"


# Wan2GP's run-docker-cuda-deb.sh (spent fresh batch 58): the script builds the image from the set's Dockerfile and runs
# it with `--gpus all`; the Dockerfile's FROM says what the image is, and that line is the one to change
def test_an_image_the_set_builds_is_judged_by_its_dockerfile(tmp_path):
    write(tmp_path, "Dockerfile", "FROM nvidia/cuda:12.8.1-cudnn-devel-ubuntu22.04\nRUN pip install torch\n")
    s = write(tmp_path, "run.sh", "#!/bin/bash\ndocker build -t org/app .\n"
              "docker run --runtime nvidia --gpus all org/app python app.py\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile:1"] and s
    # a build whose FROM is no known CUDA image (fauxpilot's triton_with_ft): the run with NVIDIA's runtime is the sign
    d = tmp_path / "fp"
    d.mkdir()
    write(d, "Dockerfile", "FROM moyix/triton_with_ft:22.09\n")
    write(d, "setup.sh", "#!/bin/bash\ndocker build -t fauxpilot-triton .\n")
    write(d, "docker-compose.yml", "services:\n  triton:\n    image: fauxpilot-triton\n    runtime: nvidia\n")
    fs = flagged(scan([str(d)], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["docker-compose.yml:3"]
    # a pulled image run with NVIDIA's runtime is still judged at the line that runs it
    e = tmp_path / "pull"
    e.mkdir()
    write(e, "run.sh", "#!/bin/bash\ndocker run --runtime nvidia --gpus all org/app python app.py\n")
    fs = flagged(scan([str(e)], "RD-IMG-001", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["run.sh:2"]


@pytest.mark.parametrize("name, text, read", [
    # spent ox-internlm: requirements/torch.txt and runtime.txt, copied out of their folder
    ("torch.txt", "--extra-index-url https://download.pytorch.org/whl/cu118\ntorch==2.1.0+cu118\n", True),
    ("runtime.txt", "numpy==1.26.4\ntransformers==4.40.0\nboto3\n", True),  # two exact pins
    # look-alikes: one line; names with no pin or option (a word list); a CMake list; a hostfile; prose
    ("runtime.txt", "python-3.11.4\n", False),
    ("words.txt", "alpha\nbeta\ngamma\n", False),
    ("CMakeLists.txt", "cmake_minimum_required(VERSION 3.5)\nproject(x)\n", False),
    ("hosts.txt", "node1 slots=8\nnode2 slots=8\n", False),
    ("notes.txt", "torch==2.1 is what we used\nsee the README\n", False),
    ("mypkg.egg-info/requires.txt", "torch==2.1.0\ntransformers==4.31.0\n", False),  # setuptools' own record
])
def test_a_txt_written_for_pip_is_a_requirements_file_whatever_its_name(tmp_path, name, text, read):
    from rocmdoctor.artifacts.readers import expand, requirements

    p = tmp_path / name
    p.parent.mkdir(exist_ok=True)
    p.write_text(text)
    assert requirements.unnamed_requirements(str(p)) is read
    assert (str(p) in expand([str(tmp_path)])) is read
    assert requirements.looks_like(str(p), text) is read or "egg-info" in name


def test_a_requirements_files_rocm_wheel_in_an_image_of_that_rocm_is_the_images_finding():
    # spent zi-nascheme: rocm/dev-ubuntu-24.04:7.0-complete, torch.txt installed by the image build from whl/rocm7.0
    fs = flagged(scan([os.path.join(FRESH_SETS, "zi-nascheme-vllm-ft-rocm")], "RD-IMG-003", "rx7900xtx"))
    assert len(fs) == 1 and "7.0-complete" in fs[0].title
    assert any(e.source.endswith("torch.txt:1") for e in fs[0].evidence)


# --- Shifter (NERSC): the job's image is `#SBATCH --image=...` or `shifter --image=...` (spent ox-nersc-dlwandb-shifter)
@pytest.mark.parametrize("body", [
    "#!/bin/bash\n#SBATCH --image=nersc/pytorch:ngc-22.09-v0\n#SBATCH --module=gpu,nccl-2.15\nsrun shifter python t.py\n",
    "#!/bin/bash\nimage=nersc/pytorch:ngc-22.09-v0\nsrun shifter --image=docker:$image python t.py\n",
    "#!/bin/bash\nsrun shifter --image docker:nersc/pytorch:ngc-22.09-v0 python t.py\n",
    # a user's own build named for its NGC base (fresh batch 126: bhimbam/ngc-23.04-v0:pyarrow_timm)
    "#!/bin/bash\n#SBATCH --image=docker:bhimbam/ngc-22.09-v0:pyarrow_timm\nsrun shifter python t.py\n",
])
def test_a_shifter_image_built_on_nvidia_ngc_is_a_cuda_image(tmp_path, body):
    p = write(tmp_path, "job.sh", body)
    fs = flagged(scan([p], "RD-IMG-001", "mi300x8"))
    assert fs and "ngc-22.09" in fs[0].title
    # look-alikes: an image merely named with "ngc" and no NGC release in it
    q = write(tmp_path, "k/job.sh", "#!/bin/bash\n#SBATCH --image=docker:me/ngc-tools:1.0\nsrun shifter python t.py\n")
    assert not flagged(scan([q], "RD-IMG-001", "mi300x8"))


def test_a_shifter_image_of_rocm_is_no_cuda_image(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\n#SBATCH --image=docker:rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_"
              "release_2.3.0\nsrun shifter python t.py\n")
    assert not flagged(scan([p], "RD-IMG-001", "mi300x8"))


def test_a_programs_own_image_option_after_shifter_is_no_image(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\nsrun shifter --module=gpu python img2img.py --image inputs/cat.png\n")
    from rocmdoctor.artifacts.readers import read_one

    assert [v.value for v in read_one(p).values if v.name == "image"] == []


@pytest.mark.parametrize("path, ref", [
    ("/ceph/container/vllm-openai_latest.sif", "vllm/vllm-openai:latest"),  # fresh batch 87 cq-sw6-mintaka
    ("pytorch_25.01.sif", "nvcr.io/nvidia/x:25.01"), ("tensorflow_24.03-tf2-py3.simg", "nvcr.io/nvidia/x:24.03-tf2-py3"),
    ("cuda_12.1.0-devel-ubuntu22.04.sif", "nvidia/cuda:12.1.0-devel-ubuntu22.04"),
    ("cuda_12_custom.sif", ""), ("pytorch_23.08-py3_rocm.sif", ""), ("vllm-openai-rocm_latest.sif", ""),
    ("pytorch_2.1.sif", ""), ("lumi_pytorch_rocm_demo.sif", ""), ("nvidia+pytorch+23.08-py3.sqsh", "nvidia/pytorch/23.08-py3"),
])
def test_a_pulled_singularity_image_is_judged_by_the_image_its_name_states(path, ref):
    from rocmdoctor.knowledge.artifacts import imported_from

    assert imported_from(path) == ref


# Apptainer definition files (fresh ub-albertbuchard-apptainer-ngc-nv: `From: nvcr.io/nvidia/pytorch:23.06-py3`;
# iq-fernand0labra-raicluster: `From: pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime`; ry-rocm-iris: rocm/pytorch:latest-release)
@pytest.mark.parametrize("header, code, bad", [
    ("Bootstrap: docker\nFrom: pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime\n", "RD-IMG-001", True),
    ("BootStrap: docker\nFrom: docker://nvcr.io/nvidia/pytorch:23.06-py3\n", "RD-IMG-001", True),
    ("Bootstrap: docker\nFrom: rocm/pytorch:latest-release\n", "RD-IMG-003", True),
    ("Bootstrap: docker\nFrom: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n", "RD-IMG-001", False),
    ("Bootstrap: docker\nFrom: rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n", "RD-IMG-003", False),
    ("Bootstrap: localimage\nFrom: ./cuda-base.sif\n", "RD-IMG-001", False),
    # a From: line inside a section is a script's text, not the header
    ("Bootstrap: docker\nFrom: ubuntu:22.04\n%post\nFrom: nvidia/cuda:12.1.0-devel-ubuntu22.04\n", "RD-IMG-001", False),
    # CRLF, a comment after the agent, a localimage named like NGC's pull (the wave-25 review)
    ("Bootstrap: docker\r\nFrom: pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime\r\n", "RD-IMG-001", True),
    ("Bootstrap: docker # base\nFrom: pytorch/pytorch:2.1.2-cuda12.1-cudnn8-runtime\n", "RD-IMG-001", True),
    ("Bootstrap: localimage\nFrom: pytorch_23.08-py3.sif\n", "RD-IMG-001", False),
])
def test_an_apptainer_definition_is_judged_by_its_base_image(tmp_path, lint, header, code, bad):
    path = lint.write("image.def", header + "\n%post\n    pip install numpy\n")
    found = lint.flagged(lint([path], code, "mi300x8"))
    assert bool(found) == bad
    if bad:
        assert found[0].evidence[0].source.endswith("image.def:2")


def test_a_script_that_writes_a_definition_stays_a_script(tmp_path, lint):
    # fresh xg-lintangsutawika-tts-apptainer-rocm72 build.sh: `apptainer pull ... docker://rocm/pytorch:rocm7.2.4_...`
    # then `cat > "$DEF_FILE" <<EOF` / `Bootstrap: localimage`: the script's own image is still judged
    path = lint.write("build.sh", "#!/bin/bash\nset -e\n"
                      "apptainer pull base.sif docker://rocm/pytorch:rocm7.2.4_ubuntu24.04_py3.12_pytorch_release_2.10.0\n"
                      "cat > tts.def <<EOF\nBootstrap: localimage\nFrom: base.sif\n%post\n    pip install x\nEOF\n"
                      "apptainer build tts.sif tts.def\n")
    found = lint.flagged(lint([path], "RD-IMG-003", "mi300x8"))
    assert [f.evidence[0].source.rsplit(":", 1)[1] for f in found] == ["3"] and "ROCm 7.2" in found[0].title


def test_every_stage_of_an_apptainer_definition_is_judged(tmp_path, lint):
    path = lint.write("image.def", "Bootstrap: docker\nFrom: rocm/dev-ubuntu-22.04:6.2\nStage: build\n%post\n  make\n\n"
                      "Bootstrap: docker\nFrom: nvidia/cuda:12.1.0-runtime-ubuntu22.04\nStage: final\n%files from build\n"
                      "  /a /a\n")
    [f] = lint.flagged(lint([path], "RD-IMG-001", "mi300x8"))
    assert f.evidence[0].source.endswith("image.def:8")


def test_a_pulled_copy_named_latest_is_no_site_link(tmp_path, lint):
    # `singularity pull docker://rocm/rocm-terminal:latest` writes rocm-terminal_latest.sif: a copy, fixed once pulled
    f = lint.write("job.sh", "#!/bin/bash\nsingularity exec rocm-terminal_latest.sif rocminfo\n")
    assert not [x for x in lint.flagged(lint([f], "RD-IMG-003", "mi300x8")) if "floats" in x.title]


def test_an_apptainer_definitions_post_and_environment_are_read_as_scripts(tmp_path, lint):
    # CSC's LUMI PyTorch definition (fresh batch 131): %post builds DeepSpeed, CK flash-attention and bitsandbytes for
    # gfx90a, %environment keeps PYTORCH_ROCM_ARCH=gfx90a at run time; on gfx942 every one of them is a line to change
    path = lint.write("pytorch.def", "Bootstrap: docker\nFrom: rocm/dev-ubuntu-22.04:6.2\n\n%post\n"
                      "  export PYTORCH_ROCM_ARCH=gfx90a\n  pip install .\n"
                      "  cmake -DCOMPUTE_BACKEND=hip -DBNB_ROCM_ARCH=\"gfx90a\" -S .\n"
                      "  export NCCL_DEBUG=INFO\n\n%environment\n  export PYTORCH_ROCM_ARCH=gfx90a\n")
    [f] = lint.flagged(lint([path], "RD-ENV-002", "mi300x8"))
    assert sorted(int(e.source.rsplit(":", 1)[1]) for e in f.evidence) == [5, 7, 11]
    # a %post export lasts only the build: it is no setting of the container's jobs
    assert not lint.flagged(lint([path], "RD-RCCL-001", "mi300x8"))
    # look-alike: the same lists under %runscript's prose or a %help text are not read
    quiet = lint.write("quiet.def", "Bootstrap: docker\nFrom: rocm/dev-ubuntu-22.04:6.2\n\n%help\n"
                       "  export PYTORCH_ROCM_ARCH=gfx90a\n")
    assert not lint.flagged(lint([quiet], "RD-ENV-002", "mi300x8"))


def test_a_tag_naming_cuda_as_its_backend_and_tabbys_cuda_image_fail_and_their_rocm_builds_pass(tmp_path, lint):
    # spent fresh batch 181: llama.cpp's :server-cuda, Open WebUI's :cuda, TabbyML's default image (tabby-rocm is ROCm)
    bad = ["ghcr.io/ggml-org/llama.cpp:server-cuda", "ghcr.io/open-webui/open-webui:cuda", "tabbyml/tabby",
           "korewachino/koboldcpp:latest-nvidia", "example/llama:server-cuda-amd64", "index.docker.io/tabbyml/tabby"]
    good = ["ghcr.io/ggml-org/llama.cpp:server-rocm", "ghcr.io/ggml-org/llama.cpp:server-vulkan", "tabbyml/tabby-rocm",
            "ghcr.io/open-webui/open-webui:main", "example/app:cuda-rocm6.2", "example/cudagraph:1.0",
            "example/app:no-cuda", "example/app:cuda_disabled"]
    compose = "services:\n" + "".join(f"  s{i}:\n    image: {im}\n" for i, im in enumerate(bad + good))
    fs = lint([lint.write("compose.yaml", compose)], "RD-IMG-001", example="rx7900xtx")
    assert sorted(f.title.split(" ")[0] for f in lint.flagged(fs)) == sorted(bad)
