"""The public import path for check authors (plugins write ``from rocmdoctor.check import ...``);
the vocabulary itself lives in rocmdoctor/engine/check.py."""
from .engine.check import *  # noqa: F401,F403
from .engine.check import __all__  # noqa: F401
