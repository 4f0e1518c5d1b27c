"""Launch-file classes of wave 5 (track artb), each with real text (source on the comment) and a look-alike
that must not match: GPU counts from nvidia-smi, compiler and Cray target lists, `uv add`, one-word-short variable
names, TORCH_DISTRIBUTED_DEBUG, containers started in $(...) (RD-LCH-006..008 are in tests/checks/test_launch.py)."""
from __future__ import annotations


from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import flagged, scan, write


def _build(path, name):
    return [(v.value, v.origin.line) for v in read_one(path).values if v.kind == "build" and v.name == name]


# Vpragadeesh/Tiny-GPT train_deepspeed.sh: NUM_GPUS=$(nvidia-smi --list-gpus 2>/dev/null | wc -l), then a fallback
# to 1 and `deepspeed --num_gpus $NUM_GPUS main_deepspeed.py`: on an AMD node one rank, the other GPUs idle
def test_ranks_counted_with_nvidia_smi_are_cited_where_they_are_counted(tmp_path):
    p = write(tmp_path, "train.sh", "#!/bin/bash\nNUM_GPUS=$(nvidia-smi --list-gpus 2>/dev/null | wc -l)\n"
              "if [ \"$NUM_GPUS\" -eq 0 ]; then\n    NUM_GPUS=1\nfi\ndeepspeed --num_gpus $NUM_GPUS main.py\n")
    fs = [f for f in flagged(scan([p], "RD-LCH-001", "mi300x8")) if "nvidia-smi" in f.title]
    assert len(fs) == 1 and fs[0].evidence[0].source == p + ":2"
    inline = write(tmp_path, "t2.sh", "#!/bin/bash\ntorchrun --nproc_per_node=$(nvidia-smi -L | wc -l) train.py\n")
    assert any("nvidia-smi" in f.title for f in flagged(scan([inline], "RD-LCH-001", "mi300x8")))
    # look-alikes: nvidia-smi only printed, and a count from torch
    ok = write(tmp_path, "t3.sh", "#!/bin/bash\nnvidia-smi\nN=$(python -c 'import torch; print(torch.cuda.device_count())')\n"
               "torchrun --nproc_per_node=$N train.py\n")
    assert not any("nvidia-smi" in f.title for f in flagged(scan([ok], "RD-LCH-001", "mi300x8")))


# CuzImAram/offloading run_amd.sh: OMP_FLAGS="-O3 -fopenmp --offload-arch=gfx1201 ..." then `clang $OMP_FLAGS ...`
def test_a_compiler_offload_arch_is_a_target_list_cited_where_the_flags_are_written(tmp_path):
    p = write(tmp_path, "run_amd.sh", "#!/bin/bash\nset -e\nOMP_FLAGS=\"-O3 -fopenmp --offload-arch=gfx1201 \\\n"
              "-L/usr/lib64/amdgcn-amd-amdhsa\"\nclang $OMP_FLAGS main.c -o main -lm\n./main\n")
    assert _build(p, "arch:--offload-arch") == [("gfx1201", 3)]
    [f] = flagged(scan([p], "RD-ENV-002", "rx7900xtx"))
    assert "gfx1100" in f.title
    good = write(tmp_path, "ok.sh", "#!/bin/bash\nhipcc --offload-arch=gfx1100 k.hip -o k\n")
    assert not flagged(scan([good], "RD-ENV-002", "rx7900xtx"))
    # look-alike: the flag in an echo is not a build
    said = write(tmp_path, "say.sh", "#!/bin/bash\necho use --offload-arch=gfx1201 on RDNA4\n")
    assert _build(said, "arch:--offload-arch") == []


# hiperbio/epistasis-supercomputers mpi-epi4tensor/run_lumi_4N.sh: `module load craype-accel-amd-gfx90a`, then
# `make -f Makefile_mi250x`; alexk101/sc24-dl-tutorial loads the same module for a Python job that builds nothing
def test_cray_accelerator_target_counts_once_the_script_builds(tmp_path):
    p = write(tmp_path, "run_lumi.sh", "#!/bin/bash\n#SBATCH --nodes=4\nmodule load craype-accel-amd-gfx90a\n"
              "module load rocm/6.0.3\nmake -f Makefile_mi250x\nsrun ./bin/app data.txt\n")
    assert _build(p, "arch:craype-accel") == [("gfx90a", 3)]
    assert flagged(scan([p], "RD-ENV-002", "mi300x8"))
    py = write(tmp_path, "py.sh", "#!/bin/bash\nmodule load craype-accel-amd-gfx90a\nsrun python train.py\n")
    assert _build(py, "arch:craype-accel") == []
    # OLCF's hipBLAS example (spent fresh batch 56): the job step runs the binary the module's target built
    run = write(tmp_path, "submit.sbatch", "#!/bin/bash\n#SBATCH -N 1\nmodule load craype-accel-amd-gfx90a\n"
                "srun -N1 -n4 -c4 --gpus-per-task=1 ./cmake_build_dir/cpu_gpu_dgemm\n")
    assert _build(run, "arch:craype-accel") == [("gfx90a", 3)]
    # an environment script alone (Cholla's setup.frontier.cce.sh, spent fresh batch 57) builds nothing itself: what is
    # built after it is not in the file (the review found env.sh sourced by a Python job flagged): not judged
    env = write(tmp_path, "setup.frontier.cce.sh", "#!/bin/bash\nmodule load rocm\nmodule load craype-accel-amd-gfx90a\n"
                "export MPI_HOME=${CRAY_MPICH_DIR}\n")
    assert _build(env, "arch:craype-accel") == []
    for other in ("srun ./run_job.sh", "srun ./venv/bin/python train.py", "srun apptainer exec x.sif ./app"):
        q = write(tmp_path, "q.sbatch", f"#!/bin/bash\nmodule load craype-accel-amd-gfx90a\n{other}\n")
        assert _build(q, "arch:craype-accel") == [], other
    # the OLCF/AMD HIP examples (spent fresh ex-olcf): hipcc reads HCC_AMDGPU_TARGET, which the job exports from
    # rocminfo after the module: the Cray wrappers' target does not decide that `make` of a hipcc Makefile
    own = "export HCC_AMDGPU_TARGET=`rocminfo | grep -m 1 -E gfx[^0]{1}`"
    q = write(tmp_path, "lumi.sh", f"#!/bin/bash\nmodule load craype-accel-amd-gfx90a\n{own}\nmake vectoradd\n"
                                   "srun ./vectoradd\n")
    assert _build(q, "arch:craype-accel") == []
    # ... but a Cray wrapper build takes the module's target whatever the environment says, and a CMake variable
    # exported in the shell reaches no CMake build (the review's cases)
    for other in (f"{own}\nCC -xhip -o app app.cpp", "export AMDGPU_TARGETS=gfx942\nmake app",
                  "HCC_AMDGPU_TARGET=gfx942\nmake app"):
        q = write(tmp_path, "lumi.sh", f"#!/bin/bash\nmodule load craype-accel-amd-gfx90a\n{other}\n")
        assert _build(q, "arch:craype-accel") == [("gfx90a", 2)], other


# Zhi0467/pretrain-zero-rl start.sh: `uv add torch==2.6.0 transformers==4.51.3 ...` installs into the project venv
def test_uv_add_is_an_install(tmp_path):
    p = write(tmp_path, "start.sh", "#!/bin/bash\nuv init\nuv add torch==2.6.0 \\\n    transformers==4.51.3\nuv sync\n")
    [(value, line)] = _build(p, "pip")
    assert value["requirements"] == ["torch==2.6.0", "transformers==4.51.3"] and line == 3
    assert _build(write(tmp_path, "s2.sh", "#!/bin/bash\nuv venv\nuv run train.py\n"), "pip") == []


# axonn-ai/vllm benchmarking_frontier.sh: `export NCCL_NET_GDR=3` (NCCL_NET_GDR_LEVEL meant); SalesforceAIResearch/CoDA
# run_sft.sh and davyuan/nanoGPT: `export NCCL_TIMEOUT=1800`, a timeout in seconds, not NCCL_IB_TIMEOUT's exponent
def test_one_word_short_and_out_of_range_suggestions():
    from rocmdoctor.knowledge.env_names import meant as _meant

    assert _meant("NCCL_NET_GDR", "3") == "NCCL_NET_GDR_LEVEL"
    assert _meant("NCCL_TIMEOUT", "1800") is None
    assert _meant("NCCL_TIMEOUT", "22") == "NCCL_IB_TIMEOUT"
    assert _meant("NCCL_NET_GDR_LEVEL", "3") is None  # a known name
    assert _meant("HSA_OVERRIDE", "11.0.0") is None  # two words short: not judged


# XiongDaowen/Integrated-Design-Diffusion-Model start.sh and davyuan/nanoGPT: TORCH_DISTRIBUTED_DEBUG=DETAIL left on
def test_torch_distributed_debug_detail_is_a_debugging_switch_left_on(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nexport TORCH_DISTRIBUTED_DEBUG=DETAIL\ntorchrun --nproc_per_node 2 t.py\n")
    assert flagged(scan([p], "RD-RCCL-001", "mi300x8"))
    q = write(tmp_path, "q.sh", "#!/bin/bash\nexport TORCH_DISTRIBUTED_DEBUG=OFF\ntorchrun --nproc_per_node 2 t.py\n")
    assert not flagged(scan([q], "RD-RCCL-001", "mi300x8"))


# micmelesse/transformers docker_run_amd.sh (spent fresh batch 2): alias drun='sudo docker run ...', IMAGE_NAME=...rocm4.0...,
# CONTAINER_ID=$(drun -d $WORK_DIR $VOLUMES $IMAGE_NAME) with VOLUMES commented out
def test_a_container_started_inside_a_command_substitution_is_read(tmp_path):
    p = write(tmp_path, "docker_run.sh", "alias drun='sudo docker run -it --device=/dev/kfd --device=/dev/dri'\n"
              "WORK_DIR='-w /dockerx'\nIMAGE_NAME=rocm/pytorch:rocm4.0_ubuntu18.04_py3.6_pytorch\n"
              "CONTAINER_ID=$(drun -d $WORK_DIR $VOLUMES $IMAGE_NAME)\ndocker attach $CONTAINER_ID\n")
    images = [(v.value, v.origin.line) for v in read_one(p).values if v.kind == "container" and v.name == "image"]
    assert images == [("rocm/pytorch:rocm4.0_ubuntu18.04_py3.6_pytorch", 3)]
    # look-alike: a command substitution that only queries
    q = write(tmp_path, "q.sh", "#!/bin/bash\nCID=$(docker ps -q)\nN=$(hostname)\n")
    assert [v for v in read_one(q).values if v.kind == "container"] == []


# Luce-Org/lucebox (fresh batch 33): `ARG DFLASH_HIP_ARCHES="gfx1151"` then `cmake ... -DDFLASH27B_HIP_ARCHITECTURES=
# "${DFLASH_HIP_ARCHES}"`: a project's own CMake target list, named after CMAKE_HIP_ARCHITECTURES, judged like it
def test_a_projects_own_cmake_target_list_is_judged(tmp_path):
    p = write(tmp_path, "Dockerfile", 'FROM rocm/dev-ubuntu-22.04:6.2\nARG MY_HIP_ARCHES="gfx1151"\n'
              'RUN cmake -S . -B build -DMYLIB_HIP_ARCHITECTURES="${MY_HIP_ARCHES}" && cmake --build build\n')
    [f] = flagged(scan([p], "RD-ENV-002", "rx7900xtx"))
    assert "MYLIB_HIP_ARCHITECTURES=gfx1151 leaves out gfx1100" in f.title
    typed = write(tmp_path / "t", "build.sh", "#!/bin/bash\ncmake -S . -B b -DGPU_TARGETS:STRING=gfx942\n")
    assert flagged(scan([typed], "RD-ENV-002", "rx7900xtx"))
    # look-alikes: the GPU's own target, and a project variable that is no target list
    good = write(tmp_path / "g", "build.sh", "#!/bin/bash\ncmake -S . -B b -DMYLIB_HIP_ARCHITECTURES=gfx1100\n")
    assert not flagged(scan([good], "RD-ENV-002", "rx7900xtx"))
    other = write(tmp_path / "o", "build.sh", "#!/bin/bash\ncmake -S . -B b -DMYLIB_HIP_BACKEND=gfx1151\n")
    assert not flagged(scan([other], "RD-ENV-002", "rx7900xtx"))


# jc1122/pytorch-gfx1010 install.sh (fresh batch 33): `WHEEL_URL=".../releases/download/v2.9.1/torch-...whl"` on line 3
# here, `pip install "$WHEEL_URL"` below: a build for one target, cited where the wheel is named (where to change it)
def test_a_one_target_wheel_held_in_a_variable_is_cited_where_it_is_written(tmp_path):
    p = write(tmp_path, "install.sh", "#!/bin/bash\nVENV=$HOME/.venv/gfx1010\n"
              'WHEEL_URL="https://github.com/x/pytorch-gfx1010/releases/download/v2.9.1/torch-2.9.1a0-cp312-cp312-'
              'linux_x86_64.whl"\npython3 -m venv "$VENV"\n"$VENV/bin/pip" install "$WHEEL_URL"\n')
    fs = [f for f in flagged(scan([p], "RD-ENV-002", "rx7900xtx")) if "torch built for gfx1010" in f.title]
    assert [e.source.rsplit("/", 1)[-1] for f in fs for e in f.evidence][:1] == ["install.sh:3"]


# valeoai/VideoActionModel's Adastra env script (fresh batch 33): `pip install --pre torch --index-url
# .../whl/nightly/rocm5.7`: the retired channel serves nothing (RD-IMG-010, one finding); no wheel to judge its targets
def test_a_wheel_from_a_retired_nightly_channel_is_not_judged_for_its_targets(tmp_path):
    p = write(tmp_path, "env.sh", "#!/bin/bash\npip install --pre torch torchvision --index-url "
              "https://download.pytorch.org/whl/nightly/rocm5.7\n")
    assert flagged(scan([p], "RD-IMG-010", "mi300x8"))
    assert not [f for f in flagged(scan([p], "RD-ENV-002", "mi300x8")) if "wheel" in f.title]
    # the stable rocm5.7 channel still serves its wheels, and those carry no gfx942 kernels
    stable = write(tmp_path / "s", "env.sh", "#!/bin/bash\npip install torch==2.2.0 --index-url "
                   "https://download.pytorch.org/whl/rocm5.7\n")
    assert flagged(scan([stable], "RD-ENV-002", "mi300x8"))


# A compose build's args replace the Dockerfile's ARG defaults, as docker build does (jaguardev's 780M stack of fresh
# batch 34: `args: GPU_ARCH: ${GPU_ARCH:-gfx1103}` over `ARG GPU_ARCH=gfx1103`, `-DAMDGPU_TARGETS=${GPU_ARCH}`)
def _compose_build(tmp_path, default, given):
    write(tmp_path, "Dockerfile", f"FROM rocm/dev-ubuntu-24.04:6.4\nARG GPU_ARCH={default}\n"
          "RUN cmake -S . -B b -DAMDGPU_TARGETS=${GPU_ARCH} && cmake --build b\n")
    write(tmp_path, "docker-compose.yml", "services:\n  app:\n    build:\n      context: .\n      args:\n"
          f"        GPU_ARCH: {given}\n    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    return str(tmp_path)


def test_a_compose_build_arg_replaces_the_args_default(tmp_path):
    assert not flagged(scan([_compose_build(tmp_path / "a", "gfx1103", "gfx1151")], "RD-ENV-002", "strix-halo-apu"))
    [f] = flagged(scan([_compose_build(tmp_path / "b", "gfx1151", "gfx1103")], "RD-ENV-002", "strix-halo-apu"))
    assert "AMDGPU_TARGETS=gfx1103" in f.title
    assert "docker-compose.yml:6" in [e.source.rsplit("/", 1)[-1] for e in f.evidence]  # where the value is given
    # Compose's own default in `${GPU_ARCH:-gfx1103}` is the value where nothing sets GPU_ARCH
    assert flagged(scan([_compose_build(tmp_path / "c", "gfx1151", "${GPU_ARCH:-gfx1103}")], "RD-ENV-002",
                        "strix-halo-apu"))
    # a value left to the shell (`${GPU_ARCH}`, no default) keeps the Dockerfile's default
    assert not flagged(scan([_compose_build(tmp_path / "d", "gfx1151", "${GPU_ARCH}")], "RD-ENV-002", "strix-halo-apu"))


def test_two_builds_giving_one_arg_two_values_keep_the_default(tmp_path):
    d = _compose_build(tmp_path, "gfx1151", "gfx1103")
    write(tmp_path, "docker-compose.yml", "services:\n  a:\n    build:\n      context: .\n      args:\n"
          "        GPU_ARCH: gfx1103\n  b:\n    build:\n      context: .\n      args:\n        GPU_ARCH: gfx1151\n")
    assert not flagged(scan([d], "RD-ENV-002", "strix-halo-apu"))


# vinniefranco's 2x R9700 vLLM build (spent fresh): `ARG ROCM_IMAGE` (no default), `FROM ${ROCM_IMAGE}`, the compose
# build giving `ROCM_IMAGE: docker.io/rocm/dev-ubuntu-24.04:7.14.0-full` and `TORCH_VERSION: 2.13.0+rocm7.14.0`
def test_an_image_only_a_build_arg_names_is_judged_and_its_own_rocms_wheel_is_cited_in_it(tmp_path):
    write(tmp_path, "build/Containerfile", "ARG ROCM_IMAGE\nFROM ${ROCM_IMAGE} AS base\nARG TORCH_VERSION\n"
          "RUN pip install torch==${TORCH_VERSION} --index-url https://repo.radeon.com/rocm/manylinux/rocm-rel-7.14/\n")
    write(tmp_path, "compose.yaml", "services:\n  vllm:\n    build:\n      context: ./build\n      dockerfile: Containerfile\n"
          "      args:\n        ROCM_IMAGE: docker.io/rocm/dev-ubuntu-24.04:7.14.0-full\n"
          "        TORCH_VERSION: 2.13.0+rocm7.14.0\n    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    fs = flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx"))
    assert [f.title.split(":")[0] + ":" + f.title.split(":")[1] for f in fs] == ["docker.io/rocm/dev-ubuntu-24.04:7.14.0-full"]
    assert fs[0].evidence[0].source.endswith("compose.yaml:7")
    # one user space, one finding: the wheel of the image's own ROCm is cited in it, a line to change with the image
    assert any(e.source.endswith("Containerfile:4") for e in fs[0].evidence)
    # a wheel of another ROCm than the image's stays judged on its own
    write(tmp_path, "compose.yaml", "services:\n  vllm:\n    build:\n      context: ./build\n      dockerfile: Containerfile\n"
          "      args:\n        ROCM_IMAGE: docker.io/rocm/dev-ubuntu-24.04:6.2\n"
          "        TORCH_VERSION: 2.13.0+rocm7.14.0\n    devices:\n      - /dev/kfd\n      - /dev/dri\n")
    assert any("torch for ROCm 7.14" in f.title for f in flagged(scan([str(tmp_path)], "RD-IMG-003", "rx7900xtx")))


# sarthakyadav's MI250X training image (spent fresh batch 35): every RUN is `/bin/bash -c '... pip install torch ...
# --index-url .../whl/rocm5.6'`: the script a RUN's shell starts is read as the RUN's own commands
def test_a_run_through_bash_c_is_read_as_its_script(tmp_path):
    for run in ("RUN /bin/bash -c '/opt/conda/bin/pip install torch --index-url https://download.pytorch.org/whl/rocm5.6'",
                'RUN ["/bin/bash", "-c", "pip install torch --index-url https://download.pytorch.org/whl/rocm5.6"]',
                "RUN sh -e -c 'pip install torch --index-url https://download.pytorch.org/whl/rocm5.6'"):
        p = write(tmp_path / str(abs(hash(run))), "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\n" + run + "\n")
        fs = flagged(scan([p], "RD-ENV-002", "mi300x8"))
        assert any("rocm5.6 wheels has no kernels for gfx942" in f.title for f in fs), run
    # look-alike: a shell running a script file is no inline script
    q = write(tmp_path / "q", "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nRUN bash install.sh -c rocm5.6\n")
    assert not flagged(scan([q], "RD-ENV-002", "mi300x8"))


def test_a_dockerfile_read_with_build_args_keeps_its_projects_dependencies(tmp_path):
    # the review's case: `RUN pip install .` of a pyproject with torch from PyPI, in a Dockerfile a compose build gives
    # args: the project's dependencies are judged as before (the re-read comes before they are added)
    write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.2\nARG GPU_ARCH=gfx1030\nCOPY . /app\nWORKDIR /app\n"
          "RUN pip install .\n")
    write(tmp_path, "pyproject.toml", '[project]\nname = "app"\nversion = "0.1"\ndependencies = ["torch==2.3.0", "numpy"]\n')
    write(tmp_path, "compose.yaml", "services:\n  app:\n    build:\n      context: .\n      args:\n        GPU_ARCH: gfx1100\n"
          "    devices: [/dev/kfd, /dev/dri]\n")
    assert any("torch==2.3.0" in f.title for f in flagged(scan([str(tmp_path)], "RD-IMG-002", "rx7900xtx")))


def test_a_host_venvs_wheel_is_not_merged_into_an_images_finding(tmp_path):
    # one script that starts a ROCm 7.2 container and also installs a rocm7.2 torch on the host: two findings
    p = write(tmp_path, "setup.sh", "#!/bin/bash\npython3 -m venv v\nv/bin/pip install torch --index-url "
              "https://download.pytorch.org/whl/rocm7.2\ndocker run --device /dev/kfd --device /dev/dri "
              "rocm/dev-ubuntu-24.04:7.2.4 python t.py\n")
    titles = [f.title for f in flagged(scan([p], "RD-IMG-003", "rx7900xtx"))]
    assert any(t.startswith("torch for ROCm 7.2") for t in titles) and any(t.startswith("rocm/dev-ubuntu-24.04") for t in titles)
