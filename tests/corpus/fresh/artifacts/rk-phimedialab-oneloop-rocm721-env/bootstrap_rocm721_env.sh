#!/usr/bin/env bash
set -euo pipefail

install_root=${1:-/root/radeon-oneloop-env/rocm721-py312}
wheel_root=${2:-/root/radeon-oneloop-wheelhouse/rocm721-py312}
log_root=${3:-/root/radeon-oneloop-runs/environment}

mkdir -p "$install_root" "$wheel_root" "$log_root"
exec 9>/tmp/radeon-oneloop-gpu0.lock
if ! flock -n 9; then
  printf '%s\n' 'GPU0 is locked by another Radeon OneLoop job' >&2
  exit 75
fi

run_id="$(date -u +%Y%m%dT%H%M%SZ)_bootstrap_rocm721"
run_dir="$log_root/$run_id"
mkdir -p "$run_dir"
exec > >(tee "$run_dir/stdout.log") 2> >(tee "$run_dir/stderr.log" >&2)

mark_failure() {
  exit_code=$?
  if [[ $exit_code -ne 0 ]]; then
    touch "$run_dir/FAILED"
  fi
}
trap mark_failure EXIT

printf 'run_id=%s\n' "$run_id"
printf 'host=%s\n' "$(hostname -f 2>/dev/null || hostname)"
printf 'install_root=%s\n' "$install_root"
printf 'wheel_root=%s\n' "$wheel_root"

[[ "$(python3 -c 'import sys; print(f"{sys.version_info.major}.{sys.version_info.minor}")')" == "3.12" ]]
[[ "$(readlink -f /opt/rocm)" == "/opt/rocm-7.2.1" ]]
[[ "$(rocminfo 2>/dev/null | awk '/^[[:space:]]*Name:[[:space:]]*gfx/{print $2}' | sort -u)" == "gfx1100" ]]
[[ "$(rocminfo 2>/dev/null | awk '/^[[:space:]]*Name:[[:space:]]*gfx/{n++} END{print n+0}')" == "1" ]]

export DEBIAN_FRONTEND=noninteractive
apt-get update
apt-get install -y --no-install-recommends \
  build-essential \
  cmake \
  git \
  libegl1 \
  libgl1 \
  libglfw3 \
  libsm6 \
  libxext6 \
  libxrender1 \
  ninja-build \
  python3-dev \
  python3-venv \
  vulkan-tools

python3 -m venv "$install_root"
python_bin="$install_root/bin/python"
pip_bin="$install_root/bin/pip"

"$python_bin" -m pip install --upgrade pip wheel setuptools

cat > "$run_dir/constraints.txt" <<'EOF'
numpy==1.26.4
tifffile==2024.12.12
scikit-image==0.25.2
EOF

pip_index='https://pypi.tuna.tsinghua.edu.cn/simple'
pip_host='pypi.tuna.tsinghua.edu.cn'

download_artifact() {
  local output_name=$1
  local source_url=$2
  local expected_sha256=$3
  local output="$wheel_root/$output_name"
  if [[ -s "$output" ]] \
    && printf '%s  %s\n' "$expected_sha256" "$output" | sha256sum -c - >/dev/null; then
    return
  fi
  rm -f "$output" "$output.part"
  curl -fL --retry 5 --retry-delay 2 -o "$output.part" "$source_url"
  printf '%s  %s\n' "$expected_sha256" "$output.part" | sha256sum -c -
  mv "$output.part" "$output"
}

download_artifact \
  torch-2.9.1+rocm7.2.1.lw.gitff65f5bc-cp312-cp312-linux_x86_64.whl \
  'https://repo.radeon.com/rocm/manylinux/rocm-rel-7.2.1/torch-2.9.1%2Brocm7.2.1.lw.gitff65f5bc-cp312-cp312-linux_x86_64.whl' \
  fb45ace0a27e9f0d0e3c4c6efd8932162743f8376f2aa4752a4d31ef5a1bd3d7
download_artifact \
  torchvision-0.24.0+rocm7.2.1.gitb919bd0c-cp312-cp312-linux_x86_64.whl \
  'https://repo.radeon.com/rocm/manylinux/rocm-rel-7.2.1/torchvision-0.24.0%2Brocm7.2.1.gitb919bd0c-cp312-cp312-linux_x86_64.whl' \
  d5fca8cda173235a3b7434baeebe04c3ebffec3c6fc191e79aa8aa300633f2c9
download_artifact \
  torchaudio-2.9.0+rocm7.2.1.gite3c6ee2b-cp312-cp312-linux_x86_64.whl \
  'https://repo.radeon.com/rocm/manylinux/rocm-rel-7.2.1/torchaudio-2.9.0%2Brocm7.2.1.gite3c6ee2b-cp312-cp312-linux_x86_64.whl' \
  023d1ce5d847b2a0fbebacf52d35b4c7a233ca07b3dbd0f1cbde84362cbcf33d
download_artifact \
  triton-3.5.1+rocm7.2.1.gita272dfa8-cp312-cp312-linux_x86_64.whl \
  'https://repo.radeon.com/rocm/manylinux/rocm-rel-7.2.1/triton-3.5.1%2Brocm7.2.1.gita272dfa8-cp312-cp312-linux_x86_64.whl' \
  07787af1d28c273852f897bfeaa7bca29f2fa4a13ca0f28f535832b240ce7016

download_artifact \
  genesis_world-1.3.1-py3-none-any.whl \
  'https://pypi.tuna.tsinghua.edu.cn/packages/1a/7c/052b166d8140a2ba67c6acffa5818ddc1cc87d632007486337097546a96c/genesis_world-1.3.1-py3-none-any.whl' \
  8cbc9c0d7985092b3b19749039b32b399ffd07f512e6ce050ce6b714271bb895

sha256sum \
  "$wheel_root/torch-2.9.1+rocm7.2.1.lw.gitff65f5bc-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/torchvision-0.24.0+rocm7.2.1.gitb919bd0c-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/torchaudio-2.9.0+rocm7.2.1.gite3c6ee2b-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/triton-3.5.1+rocm7.2.1.gita272dfa8-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/genesis_world-1.3.1-py3-none-any.whl" \
  | tee "$run_dir/bootstrap_artifacts.sha256"

"$pip_bin" install -c "$run_dir/constraints.txt" \
  -i "$pip_index" --trusted-host "$pip_host" \
  "$wheel_root/torch-2.9.1+rocm7.2.1.lw.gitff65f5bc-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/torchvision-0.24.0+rocm7.2.1.gitb919bd0c-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/torchaudio-2.9.0+rocm7.2.1.gite3c6ee2b-cp312-cp312-linux_x86_64.whl" \
  "$wheel_root/triton-3.5.1+rocm7.2.1.gita272dfa8-cp312-cp312-linux_x86_64.whl"

"$pip_bin" install -c "$run_dir/constraints.txt" \
  -i "$pip_index" --trusted-host "$pip_host" \
  'Cython==3.2.4' \
  'quadrants==1.2.0' \
  'psutil==7.2.2' \
  'py-cpuinfo==9.0.0' \
  'frozendict==2.4.7' \
  'trimesh==5.0.0' \
  'xacro==2.1.1' \
  'pyglet==2.1.16' \
  'freetype-py==2.5.1' \
  'PyOpenGL==3.1.10' \
  'numba==0.66.0' \
  'opencv-python-headless==4.11.0.86' \
  'scikit-image==0.25.2' \
  'coacd==1.0.11' \
  'rtree==1.4.1' \
  'z3-solver==4.15.4.0' \
  'OpenEXR==3.4.13' \
  'fast_simplification==0.1.13' \
  'mujoco==3.11.0' \
  'PyGEL3D==0.6.1' \
  'libigl==2.6.1' \
  'pycollada==0.9.3' \
  'pygltflib==1.16.0' \
  'DracoPy==2.0.0' \
  'tetgen==0.8.2' \
  'pysplashsurf==0.14.1.0' \
  'av==15.1.0' \
  'moviepy==2.2.1' \
  'matplotlib==3.11.1' \
  'tifffile==2024.12.12'

"$pip_bin" install -c "$run_dir/constraints.txt" --no-deps --no-build-isolation \
  "$wheel_root/genesis_world-1.3.1-py3-none-any.whl"

if "$pip_bin" list --format=freeze | grep -Eq '^(nvidia-|gs-madrona==)'; then
  printf '%s\n' 'prohibited NVIDIA/Madrona dependency detected in Radeon environment' >&2
  exit 70
fi

export TORCH_ROCM_AOTRITON_ENABLE_EXPERIMENTAL=1
"$python_bin" - "$run_dir/torch_smoke.json" <<'PY'
import json
import sys
import torch

assert torch.version.hip is not None, torch.__version__
assert torch.cuda.is_available()
assert torch.cuda.device_count() == 1
a = torch.randn((1024, 1024), device="cuda")
b = torch.randn((1024, 1024), device="cuda")
c = a @ b
torch.cuda.synchronize()
assert torch.isfinite(c).all().item()
payload = {
    "torch": torch.__version__,
    "hip": torch.version.hip,
    "device_count": torch.cuda.device_count(),
    "device_0": torch.cuda.get_device_name(0),
    "matmul_shape": list(c.shape),
    "matmul_finite": True,
}
open(sys.argv[1], "w").write(json.dumps(payload, sort_keys=True) + "\n")
print(json.dumps(payload, sort_keys=True))
PY

"$python_bin" - "$run_dir/genesis_smoke.json" <<'PY'
import json
import sys
import genesis as gs

gs.init(backend=gs.amdgpu, seed=20260803)
assert gs.backend == gs.amdgpu
payload = {
    "genesis": getattr(gs, "__version__", "unknown"),
    "backend": str(gs.backend),
    "device": str(gs.device),
}
open(sys.argv[1], "w").write(json.dumps(payload, sort_keys=True) + "\n")
print(json.dumps(payload, sort_keys=True))
PY

xdg_runtime="$run_dir/xdg-runtime"
mkdir -p "$xdg_runtime"
chmod 700 "$xdg_runtime"
XDG_RUNTIME_DIR="$xdg_runtime" vulkaninfo --summary | tee "$run_dir/vulkaninfo_summary.txt"

"$python_bin" -m json.tool "$run_dir/torch_smoke.json" >/dev/null
"$python_bin" -m json.tool "$run_dir/genesis_smoke.json" >/dev/null
"$pip_bin" freeze | sort > "$run_dir/pip_freeze.txt"
/opt/rocm/bin/rocminfo > "$run_dir/rocminfo.txt"
rocm-smi --showproductname --showuniqueid --showmeminfo vram > "$run_dir/rocm_smi.txt"
sha256sum "$run_dir"/*.txt "$run_dir"/*.json > "$run_dir/hashes.sha256"
touch "$run_dir/DONE"
trap - EXIT
printf 'environment bootstrap passed: %s\n' "$run_dir"
