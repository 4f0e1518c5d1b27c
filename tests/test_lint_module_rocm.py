"""`module load` of a module whose name states the ROCm release it is built on (LUMI's
PyTorch/2.2.2-rocm-5.6.1-python-3.10-singularity-..., a container of that ROCm) is a ROCm user space
on the host's driver, judged by RD-IMG-003 like `module load rocm/X` (issue 24 §3)."""
from __future__ import annotations

from rocmdoctor.artifacts.readers import read_one
from tests.lintacc_helpers import corpus, flagged, scan, write


def test_reader_records_modules_naming_a_rocm_release(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\nmodule load LUMI\nmodule load PyTorch/2.2.2-rocm-5.6.1-python-3.10\n"
              "ml rocm/6.2.4 cray-python\nmodule load aws-ofi-rccl/sam-rocm-5.3.3.lua\nmodule load gcc/12.2.0\n")
    mods = [v.value for v in read_one(p).values if v.name == "rocm_module"]
    assert mods == ["PyTorch/2.2.2-rocm-5.6.1-python-3.10", "rocm/6.2.4", "aws-ofi-rccl/sam-rocm-5.3.3.lua"]


def test_far_release_flagged_near_release_not(tmp_path):
    far = write(tmp_path / "a", "job.sh", "#!/bin/bash\nmodule load PyTorch/2.2.2-rocm-5.6.1-python-3.10\n")
    near = write(tmp_path / "b", "job.sh", "#!/bin/bash\nmodule load PyTorch/2.6.0-rocm-6.2.4-python-3.12\n")
    assert flagged(scan([far], "RD-IMG-003", "mi300x8"))
    assert flagged(scan([near], "RD-IMG-003", "mi300x8")) == []


def test_real_lumi_job():
    fs = flagged(scan([corpus("eleutherai-neox-lumi-fork")], "RD-IMG-003", "mi300x8"))
    assert [f.evidence[0].source.rsplit("/", 1)[-1] for f in fs] == ["lumi_train.sh:20"]


def test_module_names_are_paths_and_only_loads_count(tmp_path):
    # Sugon/Hygon clusters name modules by category (compiler/rocm/3.9.1); unload/rm load nothing,
    # `swap A B` loads B only, Lmod's `ml -NAME` unloads
    p = write(tmp_path, "env.sh", "module rm compiler/rocm/2.9\nmodule unload compiler/rocm/2.9\n"
              "module load compiler/rocm/3.9.1\nml -rocm/5.2.3\nmodule swap rocm/5.2.3 rocm/6.2.4\n"
              "module purge\nml unload rocm/5.7.0\n")
    mods = [(v.value, v.origin.line) for v in read_one(p).values if v.name == "rocm_module"]
    assert mods == [("compiler/rocm/3.9.1", 3), ("rocm/6.2.4", 5)]


def test_unloaded_old_rocm_is_not_judged(tmp_path):
    p = write(tmp_path, "job.sh", "#!/bin/bash\nmodule unload rocm/5.2.3\nmodule load rocm/6.2.4\npython t.py\n")
    assert flagged(scan([p], "RD-IMG-003", "mi300x8")) == []
    far = write(tmp_path / "b", "job.sh", "#!/bin/bash\nmodule load compiler/rocm/5.2.3\npython t.py\n")
    assert flagged(scan([far], "RD-IMG-003", "mi300x8"))


def test_real_dcu_env_records_the_loaded_module_only():
    # ksoan-taisu-dcu-mpirun: removes compiler/rocm/2.9, loads compiler/rocm/3.9.1 (its DTK host records no
    # ROCm release, so RD-IMG-003 cannot place it there: the reader's part is what this asserts)
    mods = [(v.value, v.origin.line) for v in read_one(corpus("ksoan-taisu-dcu-mpirun") + "/env_hc.sh").values
            if v.name == "rocm_module"]
    assert mods == [("compiler/rocm/3.9.1", 5)]


def test_a_sites_python_with_its_cuda_ml_stack_is_a_cuda_framework_module(tmp_path):
    # benekeneb: `module load python/3.8-cuda-ml` on a node with AMD GPUs
    from rocmdoctor.artifacts.readers import read_one

    p = tmp_path / "slurm.sh"
    p.write_text("#!/bin/bash\n#SBATCH --gres=gpu:1\nmodule load python/3.8-cuda-ml\nmodule load python/3.10\n"
                 "module load cuda/12.1\npython train.py\n")
    mods = [v.value for v in read_one(str(p)).values if v.name == "cuda_module"]
    assert mods == ["python/3.8-cuda-ml"]


def test_cray_pes_amd_modules_load_their_rocm_release(tmp_path):
    # fresh ys-merthidayetoglu (Frontier): `module load amd-mixed/5.4.3` is HPE Cray PE's ROCm 5.4.3, as `amd/5.4.3`;
    # a module that only names AMD (craype-accel-amd-gfx90a, amd-uenv) states no release
    p = write(tmp_path, "job.sh", "#!/bin/bash\nmodule load craype-accel-amd-gfx90a\nmodule load amd-mixed/5.4.3\n"
              "module load amd/6.2.4\nmodule load amdgpu-tools\nsrun ./bench\n")
    assert [v.value for v in read_one(p).values if v.name == "rocm_module"] == ["amd-mixed/5.4.3", "amd/6.2.4"]
    [f] = flagged(scan([p], "RD-IMG-003", "mi300x8"))
    assert "amd-mixed/5.4.3" in f.title and "5.4" in f.title and f.evidence[0].source.endswith("job.sh:3")
