"""Plans for a Hygon DCU: vendor (DAS) wheels instead of PyPI's. Display-only advice:
rocmdoctor never installs torch or its extensions, and DAS wheels are downloaded by hand."""
from __future__ import annotations

from rocmdoctor.knowledge.platforms import DAS_DOWNLOADS
from rocmdoctor.engine.model import Action, FixPlan


def das_wheel_plan(what: str, dtk: str | None) -> FixPlan:
    tag = f"dtk{dtk.replace('.', '')}" if dtk else "dtkNNNN"
    return FixPlan(f"Install the DAS {what} built for this DTK", (
        Action("note", f"Download the {what} wheel whose version ends in `{tag}` (and, for extensions, names "
                       f"the installed torch) from Hygon's DAS repository ({DAS_DOWNLOADS}) and install it "
                       "with `pip install --no-deps <wheel>`; PyPI builds target CUDA or AMD's ROCm, not DTK."),),
        params={"manual": "vendor download", "why": "DAS wheels are downloaded from Hygon's site after a login"})
