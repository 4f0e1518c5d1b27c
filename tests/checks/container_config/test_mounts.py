"""RD-CTR-008 (checks/container_config/mounts.py): a host Python environment mounted into a
container runs with the container's Python."""
import os


from tests.lintacc_helpers import flagged, scan, write

DATA = os.path.join(os.path.dirname(__file__), os.pardir, os.pardir, "data")
SEEDS = os.path.join(DATA, "seeds")
CONFIGS = os.path.join(DATA, "configs")


IMAGE = "rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0"


def _run(tmp_path, mount, command):
    return write(tmp_path, "run.sh", f"#!/bin/bash\ndocker run -it --device=/dev/kfd --device=/dev/dri "
                 f"--group-add video -v {mount} {IMAGE} {command}\n")


def test_venv_of_another_python_activated_inside(tmp_path):
    p = _run(tmp_path, "$HOME/venv312:/venv", 'bash -c "source /venv/bin/activate && python train.py"')
    fs = flagged(scan([p], "RD-CTR-008", "rx7900xtx"))
    assert fs and "3.12" in fs[0].title and "3.10" in fs[0].title


def test_same_python_or_unused_mount_is_fine(tmp_path):
    assert flagged(scan([_run(tmp_path, "$HOME/venv310:/venv", "/venv/bin/python train.py")], "RD-CTR-008",
                        "rx7900xtx")) == []
    assert flagged(scan([_run(tmp_path, "$HOME/venv312:/venv", "python train.py")], "RD-CTR-008", "rx7900xtx")) == []
    assert flagged(scan([_run(tmp_path, "$HOME/data:/data", "python /data/train.py")], "RD-CTR-008",
                        "rx7900xtx")) == []


def test_compose_site_packages_on_pythonpath(tmp_path):
    p = write(tmp_path, "docker-compose.yml", f"services:\n  train:\n    image: {IMAGE}\n    ipc: host\n"
              "    devices: [/dev/kfd, /dev/dri]\n    volumes:\n      - ./.venv/lib/python3.11/site-packages:/pylib\n"
              "    environment:\n      PYTHONPATH: /pylib\n    command: python train.py\n")
    fs = flagged(scan([p], "RD-CTR-008", "rx7900xtx"))
    assert fs and "3.11" in fs[0].title


RUN_VENV = """#!/bin/bash
docker run -it \\
  --device=/dev/kfd \\
  --device=/dev/dri \\
  --ipc=host \\
  -v "$(pwd)":/app \\
  rocm/pytorch:rocm6.1.3_ubuntu22.04_py3.10_pytorch_release-2.1.2 \\
  bash -c "
    cd /app &&
    source ./{venv}/bin/activate &&
    python main.py $*
  "
"""


def test_a_venv_of_the_mounted_folder_activated_inside_is_judged_by_its_python(lint):
    # fresh pryzmatpl-phi4-docker: `source ./venv312/bin/activate` in /app, the bind-mounted host folder, on a py3.10 image
    fs = lint.flagged(lint([lint.write("run.sh", RUN_VENV.format(venv="venv312"))], "RD-CTR-008", "rx7900xtx"))
    assert len(fs) == 1 and fs[0].evidence[0].source.endswith("run.sh:10") and "3.12" in fs[0].title
    # look-alikes: a venv of the image's own Python, and one made inside the container (not under the mount)
    assert not lint.flagged(lint([lint.write("run.sh", RUN_VENV.format(venv="venv310"))], "RD-CTR-008", "rx7900xtx"))
    inside = RUN_VENV.format(venv="venv312").replace("cd /app", "cd /opt")
    assert not lint.flagged(lint([lint.write("run.sh", inside)], "RD-CTR-008", "rx7900xtx"))


def test_an_image_the_script_builds_holds_its_dockerfiles_python_not_what_its_tag_says(lint):
    # `docker build -t app:py3.12 .` then `docker run ... app:py3.12` with the host's venv312: the image is FROM a
    # py3.10 ROCm PyTorch image whatever its tag says, so the host's Python 3.12 environment does not run in it
    lint.write("Dockerfile", "FROM rocm/pytorch:rocm6.1.3_ubuntu22.04_py3.10_pytorch_release-2.1.2\nWORKDIR /app\n")
    lint.write("build.sh", "#!/bin/bash\ndocker build -t app:py3.12 .\n")
    run = lint.write("run.sh", RUN_VENV.replace("rocm/pytorch:rocm6.1.3_ubuntu22.04_py3.10_pytorch_release-2.1.2",
                                                "app:py3.12").format(venv="venv312"))
    fs = lint.flagged(lint([lint.tmp_path], "RD-CTR-008", "rx7900xtx"))
    assert len(fs) == 1 and "3.12" in fs[0].title and "3.10" in fs[0].title and "FROM rocm/pytorch" in fs[0].title
    assert fs[0].subject.startswith(run)
    # the look-alike: the same run with a venv of the base's Python is fine
    lint.write("run.sh", RUN_VENV.replace("rocm/pytorch:rocm6.1.3_ubuntu22.04_py3.10_pytorch_release-2.1.2",
                                          "app:py3.12").format(venv="venv310"))
    assert lint.flagged(lint([lint.tmp_path], "RD-CTR-008", "rx7900xtx")) == []
