"""checks/pip_places.py (through RD-IMG-002): a finding cites the line a fix changes beside the pip value's own: the
continuation line of a multi-line pip command that names the package, a uv project's [tool.uv.sources] route."""
from __future__ import annotations

from tests.lintacc_helpers import flagged, scan, write


# --- a pin no index carries installs no torch (the build stops there): a later flash-attn install is still judged,
# and a command continued over lines is cited at the line naming the package too (fresh py-indrarg8899)

def test_a_package_after_a_pin_off_its_index_is_judged_at_its_own_line(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.3\n"
              "RUN pip3 install \\\n    torch==2.3.0 \\\n    --index-url https://download.pytorch.org/whl/rocm6.3\n"
              "RUN pip3 install --no-cache-dir \\\n    numpy \\\n    flash_attn \\\n    triton\n")
    fs = flagged(scan([p], "RD-IMG-002", "mi300x8"))
    lines = {f.subject.rsplit(" ", 1)[1]: [e.source.rsplit(":", 1)[1] for e in f.evidence] for f in fs}
    assert lines == {"torch": ["2", "3"], "flash-attn": ["5", "7"]}, lines
    # after PyPI's CUDA torch, a later package has no ROCm torch to replace (deepspeed adds nothing), but flash-attn's
    # sdist is a CUDA build of its own, with a fix of its own (wave 31: the spent labels named 83 such lines)
    q = write(tmp_path, "Dockerfile", "FROM rocm/dev-ubuntu-22.04:6.3\nRUN pip3 install torch\n"
              "RUN pip3 install \\\n    flash-attn deepspeed\n")
    assert [f.subject.rsplit(" ", 1)[1] for f in flagged(scan([q], "RD-IMG-002", "mi300x8"))] == ["torch", "flash-attn"]


def test_a_comment_line_inside_a_continued_run_is_skipped_not_cited(tmp_path):
    p = write(tmp_path, "Dockerfile", "FROM rocm/pytorch:rocm6.2_ubuntu22.04_py3.10_pytorch_release_2.3.0\n"
              "RUN pip install --no-cache-dir \\\n      numpy \\\n      # flash-attn needs a ROCm build\n"
              "      transformers \\\n      flash-attn\n")
    fs = [f for f in flagged(scan([p], "RD-IMG-002", "mi300x8")) if f.subject.endswith("flash-attn")]
    assert [e.source.rsplit(":", 1)[1] for e in fs[0].evidence] == ["2", "6"]


UV_PROJECT = """[project]
name = "app"
dependencies = ["torch>=2.4", "numpy"]

[[tool.uv.index]]
name = "pytorch-cu124"
url = "https://download.pytorch.org/whl/cu124"
explicit = true

[tool.uv.sources]
torch = { index = "pytorch-cu124" }
"""


def test_a_uv_projects_route_to_a_cuda_index_is_cited_beside_the_dependency(tmp_path):
    p = write(tmp_path, "pyproject.toml", UV_PROJECT)
    [f] = [f for f in flagged(scan([p], "RD-IMG-002", "mi300x8")) if f.subject.endswith("torch")]
    # the dependency, its route, and the index's url (h2oai's llmstudio pyproject, fresh batch 127: labelled there)
    assert [e.source.rsplit(":", 1)[1] for e in f.evidence] == ["3", "11", "7"]
