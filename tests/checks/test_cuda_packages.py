"""RD-IMG-009 (checks/cuda_packages.py): pip installs no package built only for CUDA for the AMD GPU."""
import os

import pytest

from rocmdoctor.knowledge import pip_names as pip_kb
from tests.lintacc_helpers import flagged, scan, write

FRESH = os.path.join(os.path.dirname(__file__), os.pardir, "corpus", "fresh", "artifacts")


@pytest.mark.parametrize("req,cuda_only", [
    ("onnxruntime-gpu==1.18.0", True),
    ("onnxruntime==1.18.0", False),
    ("cupy-cuda12x", True),
    ("cupy", False),  # the source distribution builds for ROCm with CUPY_INSTALL_USE_HIP
    ("faiss-gpu-cu12>=1.8", True),
    ("faiss-cpu", False),
    ("tensorflow-gpu", True),
    ("tensorflow[and-cuda]==2.16", True),
    ("tensorflow==2.20.0", False),  # CPU+CUDA, and often only a dependency: not judged
    ("jax[cuda12]", True),
    ("jax[rocm]", False),
    ("nvidia-cublas-cu12==12.4.5.8", False),  # pulled by a CUDA torch: RD-IMG-002's finding
    ("tensorrt-cu12", True),
    ("'pycuda'", True),
    # https://github.com/Sakura-Byte/Faster-Whisper-TransWithAI-ChickenRice/blob/33744e685abaed245507f25a7e4aed227b0a510f/requirements-webapi.txt
    ("ctranslate2>=4.5.0", True),
    ("faster-whisper>=1.0.0", False),  # only its dependency: often run on the CPU on purpose, not judged
    # a direct reference to a HIP build (the wheel URL the same Dockerfile's CTRANSLATE2_WHEEL_URL asks for)
    ("ctranslate2 @ https://github.com/OpenNMT/CTranslate2/releases/download/v4.6.0/"
     "ctranslate2-4.6.0+rocm6.4-cp310-cp310-linux_x86_64.whl", False),
    ("onnxruntime-gpu @ https://repo.radeon.com/rocm/manylinux/rocm-rel-6.4/onnxruntime_rocm-1.21.0-cp310.whl", False),
    # wheels whose +cuXXX version is their CUDA build (fresh batches 118, 121: AlongWY's LLaMA-Factory image, a TRL env
    # script): a package RD-IMG-002 names keeps that finding (vllm, flash-attn); any other is this check's
    ("https://github.com/flashinfer-ai/flashinfer/releases/download/v0.1.6/flashinfer-0.1.6+cu121torch2.4-cp311-"
     "cp311-linux_x86_64.whl", True),
    ("https://github.com/vllm-project/vllm/releases/download/v0.7.2/vllm-0.7.2+cu118-cp38-abi3-manylinux1_x86_64.whl",
     False),
    ("https://example.org/wheels/flashinfer-0.1.6+rocm6.2-cp311-cp311-linux_x86_64.whl", False),
    # NVIDIA's own libraries and kernels (spent fresh sets: kekwak-dockerlab, mmkhan-gemma3-ft, aq-ugiugi0823-unsloth,
    # tq-linskybing-llm, horizonrobotics-embodiedgen): RAPIDS' -cuXX names, CUDA Python, CUTLASS, FA3, Paddle's GPU build
    ("rmm-cu12==24.8.2", True), ("pynvjitlink-cu12==0.3.0", True), ("cugraph-dgl-cu12", True),
    ("cuda-python==12.6.0", True), ("cuda_bindings", True), ("nvidia-cutlass-dsl==4.3.3", True),
    ("deepspeed-kernels", True), ("flash_attn_3==3.0.0b1", True), ("paddlepaddle-gpu==2.6.1", True),
    ("spconv-cu126==2.3.7", True),
    # look-alikes: the CPU or vendor-neutral names beside them
    ("spconv==2.3.6", False), ("paddlepaddle==2.6.1", False), ("flash-attn==2.7.4", False), ("cuda-toolbox", False),
])
def test_cuda_only_names(req, cuda_only):
    assert (pip_kb.cuda_only(req) is not None) is cuda_only


def test_a_cuda_only_package_in_a_requirements_file_warns_at_its_line(lint):
    # sihunc/hallo: onnxruntime-gpu for the face models, on a Radeon
    d = os.path.join(FRESH, "sihunc-hallo-accel-ds-reqs")
    fs = lint.flagged(lint([os.path.join(d, "requirements.txt")], "RD-IMG-009", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["requirements.txt:19"]
    assert "onnxruntime-rocm" in fs[0].detail


def test_pip_lines_without_cuda_only_packages_pass(lint):
    p = lint.write("requirements.txt", "torch\ntransformers\nonnxruntime\n")
    assert lint.statuses(lint([p], "RD-IMG-009", "rx7900xtx")) == ["pass"]


def test_a_conda_install_of_nvidias_stack_warns_at_its_line(lint):
    # sidosidonie/cocktail: mamba installs pytorch-cuda and conda-forge's cupy on an MI300X node
    d = os.path.join(FRESH, "sidosidonie-cocktail-mamba-cuda")
    fs = lint.flagged(lint([os.path.join(d, "install.sh")], "RD-IMG-009", "mi300x8"))
    lines = sorted(f.evidence[0].source.rsplit("/", 1)[-1] for f in fs)
    assert "install.sh:2" in lines and "install.sh:3" in lines
    assert not any(ln == "install.sh:4" for ln in lines)  # `pip install -r requirements.txt`: not conda


def test_inside_an_image_built_on_nvidias_cuda_base_conda_is_the_images_but_a_cuda_only_pip_package_is_named(lint):
    # conda's CUDA stack is the CUDA image's own (RD-IMG-001 names it); a port of the FROM still leaves
    # onnxruntime-gpu to replace, so it is named at its line
    p = lint.write("Dockerfile", "FROM nvidia/cuda:11.7.1-cudnn8-runtime-ubuntu20.04\n"
                   "RUN conda install pytorch pytorch-cuda=11.7 -c pytorch -c nvidia\nRUN pip install onnxruntime-gpu\n")
    fs = lint.flagged(lint([p], "RD-IMG-009", "rx7900xtx"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["Dockerfile:3"]
    q = lint.write("Dockerfile.rocm", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
                   "RUN pip install onnxruntime-gpu\n")
    assert lint.statuses(lint([q], "RD-IMG-009", "rx7900xtx")) == ["warn"]


# https://github.com/01-ai/Yi/blob/f73194cc16e82df438bc01240b8e4b622209f3eb/conda-lock.yml (conda-lock's format: each
# package an entry with its manager and URL; pytorch 2.0.1 from the pytorch channel, build py3.10_cuda11.8_cudnn8.7.0_0)
_LOCK = """version: 1
metadata:
  channels:
  - url: pytorch
    used_env_vars: []
package:
- name: {name}
  version: 2.0.1
  manager: conda
  platform: linux-64
  dependencies:
    pytorch-cuda: '>=11.8,<11.9'
    pytorch-mutex: '1.0'
  url: https://conda.anaconda.org/pytorch/linux-64/{name}-2.0.1-{build}.tar.bz2
  hash:
    md5: e8dd4a234ce193267c4cbc981c042429
  category: main
  optional: false
"""


def test_the_real_conda_lock_s_cuda_pytorch_is_flagged_at_its_entry(lint):
    fs = lint([os.path.join(FRESH, "yi-cuda-micromamba-image", "conda-lock.yml")], "RD-IMG-009", example="mi300x8")
    assert [(f.status.value, f.evidence[0].source.rsplit(":", 1)[1]) for f in fs] == [("warn", "2136")]


@pytest.mark.parametrize("name,build,flagged", [
    ("pytorch", "py3.10_cuda11.8_cudnn8.7.0_0", True),
    ("pytorch", "py3.10_cpu_0", False),  # look-alike: the same lock with the CPU build (its dependency line names
    # pytorch-cuda, but only the package's own URL says which build is installed)
])
def test_a_conda_lock_is_judged_by_its_packages_builds(lint, name, build, flagged):
    p = lint.write("conda-lock.yml", _LOCK.format(name=name, build=build))
    assert (lint.statuses(lint([p], "RD-IMG-009", example="mi300x8")) == ["warn"]) is flagged


def test_a_broken_conda_lock_reads_without_error():
    from rocmdoctor.artifacts.readers import requirements

    for text in ("version: 1\nmetadata:\npackage:\n- name:\n  manager: conda\n", "version: 1\nmetadata: {}\npackage:\n"
                 "- name: x\n  manager: conda\n  url: '\n", "- name: pytorch\n" * 50):
        art = requirements.read_conda_lock("conda-lock.yml", text)
        assert art.error is None and all(v.name == "conda" for v in art.values)


# ketsapiwiq/speaches requirements.txt (spent fresh batch 12, aa-ketsapiwiq): `ctranslate2==4.5.0` pinned at line 24 of
# a pip-compile freeze and named again, bare, in the hand-written block at its end: one package, one finding
def test_a_cuda_only_package_listed_twice_in_a_file_is_one_finding(tmp_path):
    from tests.lintacc_helpers import flagged, scan, write

    p = write(tmp_path, "requirements.txt", "csvw==3.5.1\nctranslate2==4.5.0\ndeprecated==1.2.14\n\n"
              "#ctranslate2 @ git+https://github.com/arlo-phoenix/CTranslate2-rocm.git\nopenai-whisper\nctranslate2\n"
              "faster-whisper\nonnxruntime-gpu==1.22.0\n")
    fs = flagged(scan([p], "RD-IMG-009", "rx7900xtx"))
    ct2 = [f for f in fs if "ctranslate2" in f.title]
    assert len(fs) == 2 and [e.source for e in ct2[0].evidence] == [p + ":2", p + ":7"]
    # look-alike: the same package in two files is two installs, two findings
    q = write(tmp_path, "b/requirements.txt", "ctranslate2==4.5.0\n")
    r = write(tmp_path, "c/requirements.txt", "ctranslate2\n")
    assert len(flagged(scan([q, r], "RD-IMG-009", "rx7900xtx"))) == 2


def test_pypis_triton_beside_pypis_cuda_torch_is_one_cuda_stack(lint):
    # fresh batch 14 qb-yourslewis-hstu-cuda-conda-runs (and yerongli-chatglm): `torch==2.2.1` and `triton==2.2.0` in
    # one pip list: RD-IMG-002 names the CUDA torch, the triton that comes with it is not a second cause
    p = lint.write("requirements.txt", "numpy\ntorch==2.2.1\ntriton==2.2.0\nfaiss-gpu==1.7.2\n")
    assert [f.title.split("`")[1] for f in lint.flagged(lint([p], "RD-IMG-009"))] == ["faiss-gpu==1.7.2"]
    # beside a ROCm torch (its index) or with no torch in the file, PyPI's triton replaces ROCm's own: flagged
    for text in ("--index-url https://download.pytorch.org/whl/rocm6.2\ntorch==2.5.1\ntriton==2.2.0\n",
                 "numpy\ntriton==2.2.0\n"):
        q = lint.write("requirements.txt", text)
        assert [f.title.split("`")[1] for f in lint.flagged(lint([q], "RD-IMG-009"))] == ["triton==2.2.0"], text


# A freeze of a ROCm environment that lists both the ROCm torch's own Triton and PyPI's (fresh batch 37, a MI300X
# requirements.txt: pytorch-triton-rocm==3.1.0 ... triton==3.2.0): two distributions of one `triton` module
# (state-spaces/mamba#595)
@pytest.mark.parametrize("text, flagged", [
    ("pytorch-triton-rocm==3.1.0\ntorch==2.5.1+rocm6.2\ntriton==3.2.0\n", ["triton==3.2.0"]),
    # look-alikes: triton 3.x beside a ROCm torch without pytorch-triton-rocm named (PyPI's 3.x has an AMD backend;
    # not judged), a wheel built here, every package from a ROCm index (that index's own build)
    ("torch==2.7.0+rocm6.3\ntriton==3.3.0\n", []),
    ("pytorch-triton-rocm==3.1.0\ntriton @ file:///src/triton/dist/triton-3.1.0-cp310-linux_x86_64.whl\n", []),
    ("--index-url https://download.pytorch.org/whl/rocm6.4\npytorch-triton-rocm==3.4.0\ntriton==3.4.0\n", []),
])
def test_pypis_triton_over_the_rocm_torchs_own(lint, text, flagged):
    p = lint.write("requirements.txt", text)
    assert [f.title.split("`")[1] for f in lint.flagged(lint([p], "RD-IMG-009", "mi300x8"))] == flagged


def test_a_second_triton_in_a_multi_line_pip_command_is_cited_at_its_own_line(lint):
    p = lint.write("setup.sh", "#!/bin/bash\npip install \\\n  pytorch-triton-rocm==3.4.0 \\\n  numpy \\\n  triton==3.4.0\n")
    [f] = lint.flagged(lint([p], "RD-IMG-009", "mi300x8"))
    assert [e.source for e in f.evidence] == [f"{p}:5"]
    assert "pytorch-triton-rocm" in f.detail


def test_a_constraints_file_installs_nothing_and_its_zero_pins_forbid(lint):
    # fresh yo-amdeco-brax: amd-constraints.txt pins jax-cuda12-plugin==0 so no install can pull it; the Dockerfile
    # reads it with -c. The same file installed with -r is an install and is judged.
    c = lint.write("amd-constraints.txt", "# forbid the CUDA plugins\njax-cuda12-plugin==0\njax-cuda12-pjrt==0\n")
    d = lint.write("Dockerfile", "FROM rocm/dev-ubuntu-24.04:7.2\nCOPY amd-constraints.txt ./\n"
                   "RUN pip install -c amd-constraints.txt 'jax>=0.6' 'jaxlib>=0.6'\n")
    assert lint.statuses(lint([c, d], "RD-IMG-009", "mi300x8")) == ["pass"]
    r = lint.write("Dockerfile", "FROM rocm/dev-ubuntu-24.04:7.2\nCOPY amd-constraints.txt ./\n"
                   "RUN pip install -r amd-constraints.txt\n")
    assert len(lint.flagged(lint([c, r], "RD-IMG-009", "mi300x8"))) == 2


def test_a_package_installed_twice_into_one_image_is_one_finding(tmp_path):
    # fresh batch 45 zq-steffenhebestreit-ttsstt-rocm: requirements.txt's ctranslate2, then the Dockerfile's
    # `pip install --upgrade "ctranslate2>=4.0.0"` into the same image: one finding citing both lines
    docker = ("FROM python:3.11-slim\nRUN pip3 install torch --index-url https://download.pytorch.org/whl/rocm6.2\n"
              "COPY requirements.txt .\nRUN pip3 install -r requirements.txt\n"
              "RUN pip3 install --upgrade \"ctranslate2>=4.0.0\" || echo keep\n")
    paths = [write(tmp_path, "Dockerfile.rocm", docker), write(tmp_path, "requirements.txt", "ctranslate2>=3.8.0\n")]
    [f] = flagged(scan(paths, "RD-IMG-009", "rx7900xtx"))
    assert sorted(e.source.rsplit("/", 1)[1] for e in f.evidence) == ["Dockerfile.rocm:5", "requirements.txt:1"]
    # a script's two installs are two environments as far as the files say: two findings
    script = write(tmp_path, "setup.sh", "pip install ctranslate2\npython -m venv v2\nv2/bin/pip install ctranslate2\n")
    assert len(flagged(scan([script], "RD-IMG-009", "rx7900xtx"))) == 2


def test_a_sed_copy_of_the_requirements_without_the_cuda_package_is_what_pip_reads(tmp_path):
    # fresh batch 45 zq-rvcboss-gptsovits-rocm-pr (Dockerfile.rocm): onnxruntime-gpu swapped for MIGraphX's build in
    # the copy `sed 's/onnxruntime-gpu.*/onnxruntime_migraphx/' requirements.txt > /tmp/requirements-rocm.txt`
    docker = ("FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\nCOPY requirements.txt .\n"
              "RUN sed 's/onnxruntime-gpu.*/onnxruntime_migraphx/' requirements.txt > /tmp/requirements-rocm.txt && \\\n"
              "    pip install -r /tmp/requirements-rocm.txt\n")
    reqs = "numpy\nonnxruntime-gpu; platform_machine == \"x86_64\"\n"
    paths = [write(tmp_path, "Dockerfile.rocm", docker), write(tmp_path, "requirements.txt", reqs)]
    assert flagged(scan(paths, "RD-IMG-009", "rx7900xtx")) == []
    # installing the file itself keeps the line (sed wrote another file)
    paths[0] = write(tmp_path, "Dockerfile.rocm", docker.replace("-r /tmp/requirements-rocm.txt", "-r requirements.txt"))
    assert len(flagged(scan(paths, "RD-IMG-009", "rx7900xtx"))) == 1


def test_a_cuda_package_in_the_nvidia_branch_of_a_per_vendor_chain_is_not_this_machines(tmp_path):
    # fresh batch 45 zq-valtora-nojoin-rocm (Dockerfile.worker): onnxruntime-gpu only where WORKER_GPU_BACKEND=cuda
    docker = ("FROM python:3.12-slim\nARG WORKER_GPU_BACKEND\nRUN pip install numpy \\\n"
              "    && if [ \"${WORKER_GPU_BACKEND}\" = \"cuda\" ]; then \\\n"
              "         pip install --no-cache-dir onnxruntime-gpu==1.20.2; \\\n"
              "       elif [ \"${WORKER_GPU_BACKEND}\" = \"rocm\" ]; then \\\n"
              "         pip uninstall -y onnxruntime-gpu || true; \\\n"
              "       fi\n")
    assert flagged(scan([write(tmp_path, "Dockerfile.worker", docker)], "RD-IMG-009", "rx7900xtx")) == []
    # with no ROCm branch beside it the chain is not per vendor: still judged; nor is a package in the ROCm branch
    only = docker.replace('= "rocm" ]', '= "cpu" ]')
    assert only != docker and len(flagged(scan([write(tmp_path, "Dockerfile.worker", only)], "RD-IMG-009", "rx7900xtx"))) == 1
    amd = docker.replace("         pip uninstall -y onnxruntime-gpu || true;", "         pip install cupy-cuda12x;")
    assert len(flagged(scan([write(tmp_path, "Dockerfile.worker", amd)], "RD-IMG-009", "rx7900xtx"))) == 1


def test_a_wheel_built_for_cuda_is_named_by_its_file():
    assert pip_kb.cuda_wheel("vllm @ https://x.org/vllm-0.7.2+cu118-cp38-abi3-manylinux1_x86_64.whl") == "vllm"
    assert pip_kb.cuda_wheel("./dist/flash_attn-2.6.3+cu123torch2.4cxx11abiFALSE-cp311-cp311-linux_x86_64.whl") \
        == "flash-attn"
    assert pip_kb.cuda_wheel("deepspeed-0.15.3+rocm6.2-cp311-cp311-linux_x86_64.whl") is None
    assert pip_kb.cuda_wheel("torch==2.4.0+cu121") is None  # a pin, not a wheel file: RD-IMG-002 reads pins



_ENV = ("name: gnn\nchannels:\n  - pyg\n  - nvidia\n  - conda-forge\ndependencies:\n  - python=3.9\n"
        "  - pyg=2.3.0=py39_torch_2.0.0_cu118\n  - pytorch=2.0.0=py3.9_cuda11.8_cudnn8.7.0_0\n"
        "  - torchvision=0.15.0=py39_cu118\n  - faiss-gpu=1.7.2\n  - numpy=1.24.3=py39h14f4228_0\n")


def test_a_conda_environment_is_one_finding_citing_every_line_a_port_changes(lint):
    # fresh sets nq-sooph-aifs-atos, mw-together-openchatkit-ft: the nvidia channel, CUDA builds of pyg/torchvision
    fs = lint.flagged(lint([lint.write("environment.yml", _ENV)], "RD-IMG-009", example="mi300x8"))
    assert len(fs) == 1 and fs[0].subject.endswith("environment.yml:9")  # the torch line leads
    assert [e.source.rsplit(":", 1)[1] for e in fs[0].evidence] == ["9", "4", "8", "10", "11"]
    # look-alikes: a conda-forge build string that names no CUDA, the channel list's other channels
    assert not lint.flagged(lint([lint.write("environment.yml", _ENV.replace("  - nvidia\n", "").replace(
        "_cu118", "_cpu").replace("cuda11.8_cudnn8.7.0_0", "cpu_0").replace("  - faiss-gpu=1.7.2\n", ""))],
        "RD-IMG-009", example="mi300x8"))


@pytest.mark.parametrize("channels, line", [
    ("channels:\n- pytorch\n- nvidia\n# conda-forge last\n- conda-forge\n", 3),  # items at column 0, a comment
    ("channels: [pytorch, nvidia]\n", 1),                                      # a flow list
])
def test_the_nvidia_channel_is_cited_in_each_layout(lint, channels, line):
    text = channels + "dependencies:\n  - pytorch-cuda=12.1\n"
    fs = lint.flagged(lint([lint.write("environment.yml", text)], "RD-IMG-009", example="mi300x8"))
    assert str(line) in [e.source.rsplit(":", 1)[1] for e in fs[0].evidence]
    assert pip_kb.cuda_only("cuda-python[all]==12.6.0") is not None


# llama.cpp built for its CUDA backend on an AMD machine (spent fresh batches 181 and 196: home-lab setup scripts)
LLAMA_SETUP = ("#!/bin/bash\nset -e\ngit clone https://github.com/ggml-org/llama.cpp\ncd llama.cpp\n"
               "cmake -B build -DGGML_CUDA=ON -DCMAKE_BUILD_TYPE=Release\ncmake --build build -j\n"
               "CMAKE_ARGS=\"-DGGML_CUDA=on\" pip install llama-cpp-python\n")


def test_a_llama_cpp_build_for_cuda_warns_at_each_line_that_asks_for_it(tmp_path, lint):
    p = lint.write("setup.sh", LLAMA_SETUP)
    fs = lint.flagged(lint([p], "RD-IMG-009", example="rx7900xtx"))
    assert sorted(f.evidence[0].source for f in fs) == [p + ":5", p + ":7"]
    assert "GGML_HIP" in fs[0].detail
    d = lint.write("Dockerfile", "FROM ubuntu:22.04\nRUN cmake -B build -DGGML_CUDA=ON && cmake --build build\n"
                   "RUN LLAMA_CUBLAS=1 make -j\n")
    assert len(lint.flagged(lint([d], "RD-IMG-009", example="rx7900xtx"))) == 2


def test_a_llama_cpp_build_a_vendor_choice_a_cuda_image_or_a_define_in_a_variable_picks_is_not_judged(tmp_path, lint):
    # the script builds the HIP backend too: it picks per machine (a case arm, a flag)
    both = lint.write("build.sh", 'case "$GPU" in\n  cuda) cmake -B build -DGGML_CUDA=ON ;;\n'
                      '  rocm) cmake -B build -DGGML_HIP=ON ;;\nesac\n')
    assert not lint.flagged(lint([both], "RD-IMG-009", example="rx7900xtx"))
    # inside NVIDIA's CUDA image RD-IMG-001 names the one cause
    img = lint.write("Dockerfile", "FROM nvidia/cuda:12.4.1-devel-ubuntu22.04\nRUN cmake -B build -DGGML_CUDA=ON\n")
    assert not lint.flagged(lint([img], "RD-IMG-009", example="rx7900xtx"))
    # another switch of the CUDA backend (its flash-attention kernels) and -DGGML_CUDA=OFF are not a CUDA build
    off = lint.write("off.sh", "cmake -B build -DGGML_CUDA=OFF -DGGML_CUDA_FA=ON -DGGML_CUDA_F16=on\n")
    assert not lint.flagged(lint([off], "RD-IMG-009", example="rx7900xtx"))


def test_cmake_args_from_a_variable_cite_where_the_variable_is_written_once(tmp_path, lint):
    # spent fresh batch av-ezenitac-vllmserv: a detected-or-fallback CMAKE_ARGS used by three source builds
    p = lint.write("setup.sh", 'ARGS=$(detect || echo "-DGGML_CUDA=ON -DGGML_NATIVE=OFF")\n'
                   'CMAKE_ARGS="$ARGS" pip install llama-cpp-python --no-binary llama-cpp-python\n'
                   'CMAKE_ARGS="$ARGS" pip install --force-reinstall llama-cpp-python\n')
    [f] = lint.flagged(lint([p], "RD-IMG-009", example="rx7900xtx"))
    assert f.evidence[0].source == p + ":1"


def test_a_llama_cpp_cuda_switch_that_is_text_a_vendor_branch_or_a_sibling_variant_is_not_judged(tmp_path, lint):
    # echoed advice, a branch on the vendor, a `docker run` of a CUDA container, a CUDA file beside its ROCm twin
    quiet = {"echo.sh": 'echo "On NVIDIA rebuild with -DGGML_CUDA=ON"\n',
             "branch.sh": 'if [ "$GPU" = "nvidia" ]; then\n  cmake -B build -DGGML_CUDA=ON\nelse\n  cmake -B build\nfi\n',
             "docker.sh": 'docker run --rm nvidia/cuda:12.4.1-devel-ubuntu22.04 bash -c "cmake -B b -DGGML_CUDA=ON"\n'}
    for name, text in quiet.items():
        p = lint.write(name, text)
        assert not [f for f in lint.flagged(lint([p], "RD-IMG-009", example="rx7900xtx")) if "ggml" in f.title], name
    (tmp_path / "v").mkdir()
    cuda = lint.write("v/build-cuda.sh", "cmake -B build -DGGML_CUDA=ON\n")
    rocm = lint.write("v/build-rocm.sh", "cmake -B build -DGGML_HIP=ON -DAMDGPU_TARGETS=gfx1100\n")
    assert not lint.flagged(lint([cuda, rocm], "RD-IMG-009", example="rx7900xtx"))


def test_the_line_cited_is_the_one_that_turns_the_cuda_backend_on(tmp_path, lint):
    p = lint.write("build.sh", "cmake -B cpu -DGGML_CUDA=OFF && \\\n    cmake --build cpu && \\\n"
                   "    cmake -B gpu \\\n    -DGGML_CUDA=ON\n")
    [f] = lint.flagged(lint([p], "RD-IMG-009", example="rx7900xtx"))
    assert f.evidence[0].source == p + ":4"


def test_a_case_arm_or_branch_for_nvidia_encloses_the_build_and_an_abort_above_it_does_not(tmp_path, lint):
    arm = lint.write("arm.sh", 'case "$1" in\n  nvidia)\n    cmake -B build -DGGML_CUDA=ON\n    ;;\n  cpu)\n'
                     '    cmake -B build\n    ;;\nesac\n')
    assert not lint.flagged(lint([arm], "RD-IMG-009", example="rx7900xtx"))
    # spent av-ezenitac-vllmserv: the script aborts without nvidia-smi, then builds for CUDA unconditionally
    abort = lint.write("abort.sh", "if ! command -v nvidia-smi &> /dev/null; then\n  exit 1\nfi\n"
                       "cmake -B build -DGGML_CUDA=ON\n")
    [f] = lint.flagged(lint([abort], "RD-IMG-009", example="rx7900xtx"))
    assert f.evidence[0].source == abort + ":4"


def test_a_comment_that_mentions_rocm_is_not_files_for_an_amd_machine():
    from types import SimpleNamespace

    from checks.machine_target import for_amd_elsewhere

    note = "image:\n  tag: latest\n# If set to 'amd', this adds the 'rocm' suffix to the image tag\n"
    assert for_amd_elsewhere(SimpleNamespace(artifacts=[SimpleNamespace(text=note)])) is False
    assert for_amd_elsewhere(SimpleNamespace(artifacts=[SimpleNamespace(text=note + "  suffix: rocm\n")])) is True


@pytest.mark.parametrize("req,cuda", [
    # spent fresh labels (kc-neelectric setup.bash: `uv pip install flashinfer-python`; flashinfer.ai's wheel index)
    ("flashinfer-python", True), ("flashinfer-python==0.2.5", True), ("flashinfer-cubin==0.6.6", True),
    ("flashinfer", True), ("flashinfer-jit-cache", True),
    ("flashinfer-rocm", False), ("flash-infer-notes", False),
])
def test_flashinfer_is_cuda_only(req, cuda):
    from rocmdoctor.knowledge import pip_names
    assert (pip_names.cuda_only(req) is not None) is cuda
