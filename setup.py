"""Packaging that pyproject.toml cannot say.

* The example snapshots, child-probe scripts and data files are directories of files, not
  code packages, and setuptools ships files in subdirectories only as (namespace)
  packages: they are listed here, found on disk, so the build prints no "Package ... is
  absent from the `packages` configuration" warnings and a new example needs no edit.
* checks/, fixes/ and benchmarks/ live at the repository root (package-dir in
  pyproject.toml) and install as rocmdoctor.checks, rocmdoctor.fixes, rocmdoctor.benchmarks.
* The license is given here: setuptools >= 77 deprecates the TOML table form
  (`license = {text = ...}`) that older setuptools, still in many venvs, requires, and a
  plain string there is an error before 77.
"""
from setuptools import find_namespace_packages, find_packages, setup

MAPPED = ("checks", "fixes", "benchmarks")  # rocmdoctor.<name> from ./<name> (pyproject package-dir)

# Every directory under rocmdoctor/: code, child-probe scripts, examples, data.
inner = ["rocmdoctor"] + ["rocmdoctor." + p for p in find_namespace_packages("rocmdoctor", exclude=["*__pycache__*"])]
mapped = [f"rocmdoctor.{top}" for top in MAPPED] + [f"rocmdoctor.{top}.{p}" for top in MAPPED
                                                     for p in find_packages(top)]

setup(packages=sorted(set(inner + mapped)), license="Apache-2.0")
