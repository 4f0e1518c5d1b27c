#!/usr/bin/env bash
# The GPU half of the tests and the measured figures, on a machine with a GPU (docs/benchmarks.md):
# installs this tree without dependencies into the machine's Python (its torch is used, never
# replaced), runs `pytest -m gpu`, bench, train and scan, and keeps every output under $OUT.
# Usage: OUT=/tmp/out bash scripts/gpu_check.sh
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$(mktemp -d)}
PY=${PYTHON:-python3}
"$PY" -m pip install -q --no-deps --no-build-isolation -e . >"$OUT/install.txt" 2>&1 \
  || "$PY" -m pip install -q --no-deps -e . >>"$OUT/install.txt" 2>&1
{ nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null || true
  "$PY" -c 'import sys, torch; print(sys.version.split()[0], torch.__version__, torch.cuda.is_available())'
} | tee "$OUT/machine.txt"
step() { local name=$1 limit=$2; shift 2; local t0=$SECONDS
  timeout "$limit" "$@" >"$OUT/$name.txt" 2>&1; local rc=$?
  echo "== $name: exit $rc, $((SECONDS - t0)) s"; tail -n "${TAIL:-6}" "$OUT/$name.txt"; }
TAIL=8 step pytest-gpu 240 "$PY" -m pytest -m gpu -q -p no:cacheprovider tests
step bench 150 "$PY" -m rocmdoctor bench --format json -o "$OUT/bench.json"
step train 150 "$PY" -m rocmdoctor train --format json -o "$OUT/train.json"
step scan 60 "$PY" -m rocmdoctor scan
step npd 30 "$PY" -m rocmdoctor scan --level quick --format npd
"$PY" - "$OUT" <<'PY'
import json, os, sys
out = sys.argv[1]
for name in ("bench.json", "train.json"):
    try:
        r = json.load(open(os.path.join(out, name)))
    except Exception as exc:  # noqa: BLE001 - a summary line, never a crash
        print(name, "unreadable:", exc); continue
    for k, v in (r.get("results") or {}).items():
        print(name, k, json.dumps(v.get("result") if isinstance(v, dict) else v)[:600])
    print(name, "findings:", [(f["code"], f["status"]) for f in r.get("findings", []) if f.get("status") != "skip"])
PY
