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
# A CPU torch, explicitly. ROCMDOCTOR_TORCH_INDEX names an index that serves CPU wheels
# (for PyPI users: https://download.pytorch.org/whl/cpu); without it the default index is
# asked first, with a dry run, and used only if it resolves torch==2.13.0 to a +cpu build
# (as the project's registry does): a CUDA torch is gigabytes and is not what the tests
# exercise, so it is refused before anything is downloaded.
TORCH_SPEC="torch==2.13.0"
have=$("$VENV/bin/python" -m pip show torch 2>/dev/null | sed -n 's/^Version: //p' || true)
if [ "$have" != "2.13.0+cpu" ]; then
  if [ -n "${ROCMDOCTOR_TORCH_INDEX:-}" ]; then
    pip install --index-url "$ROCMDOCTOR_TORCH_INDEX" "$TORCH_SPEC"
  else
    want=$(pip install --dry-run --ignore-installed --no-deps --report - "$TORCH_SPEC" | "$VENV/bin/python" -c \
      'import json, sys; print(" ".join(i["metadata"]["version"] for i in json.load(sys.stdin)["install"]))')
    case "$want" in
      *+cpu) pip install "$TORCH_SPEC" ;;
      *) echo "scripts/test.sh: the default package index offers torch $want, not a CPU build." >&2
         echo "Set ROCMDOCTOR_TORCH_INDEX to an index with CPU wheels, for example:" >&2
         echo "  ROCMDOCTOR_TORCH_INDEX=https://download.pytorch.org/whl/cpu bash scripts/test.sh" >&2
         exit 1 ;;
    esac
  fi
fi
"$VENV/bin/python" - <<'PY'
import torch, sys
if torch.version.cuda is not None or torch.version.hip is not None:
    sys.exit(f"expected a CPU torch, got {torch.__version__} (cuda={torch.version.cuda}, hip={torch.version.hip})")
PY
# DeepSpeed builds no ops at install time (DS_BUILD_OPS unset) and needs torch first.
pip install --no-build-isolation deepspeed
pip install -e ".[test]"
# tests/test_html_report.py opens the HTML report in Debian's chromium, driven by Playwright
# (whose own browser download is not used); without it those tests skip and say why.
if ! command -v chromium >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  (apt-get update -qq && apt-get install -y -qq chromium >/dev/null) \
    || echo "scripts/test.sh: could not install chromium; the HTML report tests will skip" >&2
fi
exec "$VENV/bin/python" -m pytest -q "$@"
