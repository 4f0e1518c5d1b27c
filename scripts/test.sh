#!/usr/bin/env bash
# The test suite, from a fresh machine: makes a venv, installs a CPU torch and
# deepspeed (so the probe paths run for real), rocmdoctor itself, then runs pytest.
# Usage: bash scripts/test.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${ROCMDOCTOR_TEST_VENV:-.venv-test}
PY=${PYTHON:-python3}

if [ ! -x "$VENV/bin/python" ]; then
  "$PY" -m venv "$VENV"
fi
pip() { "$VENV/bin/python" -m pip --disable-pip-version-check -q "$@"; }
pip install -U "pip>=23" "setuptools>=68" wheel
# torch==2.13.0 resolves to the CPU build on the project's registry. Refuse anything
# else: a CUDA torch is gigabytes and is not what the tests exercise.
pip install "torch==2.13.0"
"$VENV/bin/python" - <<'PY'
import torch, sys
if torch.version.cuda is not None or torch.version.hip is not None:
    sys.exit(f"expected a CPU torch, got {torch.__version__} (cuda={torch.version.cuda}, hip={torch.version.hip})")
PY
# DeepSpeed builds no ops at install time (DS_BUILD_OPS unset) and needs torch first.
pip install --no-build-isolation deepspeed
pip install -e ".[test]"
exec "$VENV/bin/python" -m pytest -q "$@"
