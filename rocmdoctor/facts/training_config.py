"""The training configuration the user asked to lint (`rocmdoctor scan --config FILE`).

Unlike every other fact this one is not machine state: it is the user's own file, read
from the local file system even when the machine comes from --root or a snapshot, so a
config can be checked against a recorded machine.
"""
from __future__ import annotations

from .. import configfiles
from . import Missing, fact


@fact("training_config")
def training_config(ctx) -> configfiles.TrainingConfig:
    path = ctx.options.get("config")
    if not path:
        raise Missing("no training config given (use `rocmdoctor scan --config FILE`)")
    try:
        return configfiles.load(str(path))
    except configfiles.ConfigError as exc:
        raise Missing(str(exc)) from None
