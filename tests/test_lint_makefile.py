"""Makefiles read as the shell script make runs (rocmdoctor/artifacts/readers/makefile.py): recipes and variable
assignments line for line, so the launch-script rules apply and cite the Makefile's own lines."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import detect, read_one
from rocmdoctor.artifacts.readers.makefile import as_script
from tests.lintacc_helpers import flagged, scan, write


def test_recipes_and_assignments_keep_their_lines():
    text = ("ROCM ?= /opt/rocm\nHIPCC := $(ROCM)/bin/hipcc\nFLAGS += -O3\n.PHONY: all\nall: gpu_burn\n"
            "\t@$(HIPCC) $(FLAGS) -o $@ $< $$(pwd)\n# a comment\n")
    assert as_script(text).splitlines() == [
        'ROCM="${ROCM:-/opt/rocm}"', 'HIPCC="${ROCM}/bin/hipcc"', 'FLAGS="${FLAGS} -O3"', "", "",
        "/opt/rocm/bin/hipcc ${FLAGS} -o   $(pwd)", ""]


# gpu-burn's HIP port (spent fresh batch 25, kerwenwwer): `COMPUTE ?= gfx90a` (line 2), `HIPCCFLAGS +=
# --offload-arch=$(COMPUTE)`, `$(HIPCC) $(HIPCCFLAGS) --genco`; MI250X work of ashesh2512 (`ARCH = gfx90a`):
# on the MI300X node the target list leaves gfx942 out, cited where the gfx is written
def test_a_makefile_hipcc_target_list_is_judged_where_the_gfx_is_written(tmp_path):
    p = write(tmp_path, "Makefile", "HIPCC := /opt/rocm/bin/hipcc\nCOMPUTE ?= gfx90a\n"
              "override HIPCCFLAGS += --offload-arch=${COMPUTE}\n\ndrv.hsaco: compare.hip\n"
              "\t${HIPCC} ${HIPCCFLAGS} --genco $< -o $@\n")
    [f] = flagged(scan([p], "RD-ENV-002", "mi300x8"))
    assert f.evidence[0].source == f"{p}:2"


def test_a_makefile_docker_run_is_a_container_launch(tmp_path):
    # HardAndHeavy's transformers-rocm Makefile (fresh batch 38): `docker run -it --rm \ --device=/dev/kfd ...`
    p = write(tmp_path, "Makefile", "IMAGE = me/transformers-rocm:7.2\n\nrun:\n\tdocker run -it --rm \\\n"
              "\t\t--device=/dev/kfd --device=/dev/dri \\\n\t\t$(IMAGE) python3 train.py\n")
    assert detect(p, open(p).read()) == "makefile"
    a = read_one(p)
    assert [(v.name, v.origin.line) for v in a.values if v.kind == "container" and v.name == "image"] == [("image", 1)]
    assert [f.evidence[0].source.rsplit(":", 1)[-1] for f in flagged(scan([p], "RD-CTR-005", "mi300x8"))] == ["4"]


def test_a_makefile_without_launches_reads_as_nothing(tmp_path):
    p = write(tmp_path, "Makefile", "CC = gcc\nall:\n\t$(CC) -o app main.c\nclean:\n\trm -f app\n")
    a = read_one(p)
    assert a.error is None and not a.values


# rezaamd's BERT/Horovod launcher (fresh batch 38): `mpirun -np ${NUM_GPUS} -H localhost:8 -bind-to none -x
# NCCL_DEBUG=INFO -mca pml ob1 python3 run_pretraining.py`: Open MPI's options are single-dash words (-np was read
# as -n with the value "p", ending the option list before -x), and -mca takes a key and a value
def test_open_mpi_single_dash_options_and_exported_variables(tmp_path):
    p = write(tmp_path, "run.sh", "#!/bin/bash\nNUM_GPUS=8\nmpirun -np ${NUM_GPUS} \\\n    -H localhost:${NUM_GPUS} \\\n"
              "    -bind-to none -map-by slot \\\n    -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH \\\n"
              "    -mca pml ob1 -mca btl ^openib \\\n    python3 run_pretraining.py --do_train\n")
    [f] = flagged(scan([p], "RD-RCCL-001", "mi300x8"))
    assert f.evidence[0].source == f"{p}:6"
    a = read_one(p)
    [cmd] = a.data["commands"]
    assert cmd["script"] == "run_pretraining.py" and cmd["args"] == {"do_train": "True"}


def test_a_build_tagged_at_run_time_still_names_its_repository(tmp_path):
    # the same Makefile: `docker build -t transformers-rocm:$(tag)` (tag given on make's command line), then
    # `docker image tag transformers-rocm:$(tag) hardandheavy/transformers-rocm:latest` and a `docker run` of it:
    # the project's own image, built here, never a floating pull
    d = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n")
    m = write(tmp_path, "Makefile", "build:\n\tdocker build \\\n\t-t transformers-rocm:$(tag) \\\n\t-f Dockerfile .\n"
              "publish:\n\tdocker image tag transformers-rocm:$(tag) hardandheavy/transformers-rocm:latest\n"
              "bash:\n\tdocker run -it --device=/dev/kfd --device=/dev/dri hardandheavy/transformers-rocm:latest bash\n")
    assert as_script(open(m).read()).splitlines()[2] == "-t transformers-rocm:${tag} \\"
    assert not [f for f in flagged(scan([d, m], "RD-IMG-003", "rx7900xtx")) if "floats" in f.title]


# A review's cases: a continued assignment, make's `export`, a tab-led assignment before the first rule (inside a
# conditional), the quiet-prefix idiom `$(Q)$(HIPCC)` with `Q ?= @`
def test_continued_exported_conditional_and_quiet_forms(tmp_path):
    cont = write(tmp_path / "a", "Makefile", "FLAGS = --device /dev/kfd \\\n         --device /dev/dri --ipc=host\nrun:\n"
                 "\tdocker run $(FLAGS) rocm/pytorch:latest python train.py\n")
    assert not flagged(scan([cont], "RD-CTR-003", "rx7900xtx"))
    exp = write(tmp_path / "b", "Makefile", "export HSA_OVERRIDE_GFX_VERSION = 10.3.0\nrun:\n\tpython train.py\n")
    assert [f.status.value for f in flagged(scan([exp], "RD-ENV-001", "rx7900xtx"))] == ["fail"]
    cond = write(tmp_path / "c", "Makefile", "ifneq ($(wildcard /opt/rocm),)\n\tHIPFLAGS = --offload-arch=gfx906\nendif\n"
                 "all:\n\thipcc $(HIPFLAGS) -o x x.cpp\n")
    assert [f.evidence[0].source for f in flagged(scan([cond], "RD-ENV-002", "rx7900xtx"))] == [f"{cond}:2"]
    quiet = write(tmp_path / "d", "Makefile", "Q ?= @\nHIPCC := hipcc\nall:\n\t$(Q)$(HIPCC) --offload-arch=gfx906 -o x x.cpp\n")
    assert flagged(scan([quiet], "RD-ENV-002", "rx7900xtx"))


def test_a_makefile_named_for_a_variant_is_read_and_hipccs_comma_list_is_judged(tmp_path):
    # fresh yv-bcumming: makefile.rocm runs `hipcc ... --amdgpu-target=gfx906,gfx908` (the option's older name, a list)
    from rocmdoctor.artifacts.readers import detect, makefile
    p = tmp_path / "makefile.rocm"
    p.write_text("ROCM_ROOT=/opt/rocm\nall:\n\thipcc -O3 bench.cpp -o bench --amdgpu-target=gfx906,gfx908:xnack- -I$(ROCM_ROOT)/include\n")
    assert makefile.looks_like(str(p)) and detect(str(p), p.read_text()) == makefile.MAKEFILE
    assert not makefile.looks_like("Makefile.am") and not makefile.looks_like("Makefile.in")
    [f] = flagged(scan([str(tmp_path)], "RD-ENV-002", "mi300x8"))
    assert "gfx906;gfx908" in f.title and "gfx942" in f.title and f.evidence[0].source.endswith("makefile.rocm:3")
