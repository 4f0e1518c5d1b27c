#!/usr/bin/env bash
# Runs import-linter (.importlinter) over the package as it installs: checks/, fixes/ and
# benchmarks/ live at the repository root and install as rocmdoctor.checks, .fixes, .benchmarks
# (pyproject's package-dir), which grimp cannot see through an editable install; so the
# installed tree is mirrored with symlinks in a temporary directory first.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-python3}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/rocmdoctor"
for entry in "$repo"/rocmdoctor/*; do ln -s "$entry" "$tmp/rocmdoctor/"; done
for top in checks fixes benchmarks; do ln -s "$repo/$top" "$tmp/rocmdoctor/$top"; done
cd "$tmp"
PYTHONPATH="$tmp" "$PY" -c 'import sys; from importlinter.cli import lint_imports_command; sys.argv = ["lint-imports", "--no-cache", sys.argv[1]]; lint_imports_command()' "${IMPORTLINTER_CONFIG:-$repo/.importlinter}"
