"""What a Dockerfile's build needs from its build context: `RUN pip install -r requirements.txt`
before any COPY/ADD (or a RUN that clones, downloads, mounts or writes files) has put that file
in the image fails the build ("Could not open requirements file: [Errno 2] No such file or
directory"), whatever the GPU. The Dockerfile reader marks such lines (BUILD
uncopied_requirements)."""
from __future__ import annotations

from rocmdoctor.engine.check import Action, FixPlan, check, fail, ok

DOCKER_COPY = "https://docs.docker.com/reference/dockerfile/#copy"


@check("RD-IMG-005", area="image", title="Files a Dockerfile's pip installs read are copied into the image first",
       option="config", sources=[DOCKER_COPY])
def requirements_copied(settings):
    bad = settings.values("build", "uncopied_requirements")
    if not settings.of_kind("dockerfile"):
        return ok("no Dockerfile in the files")
    if not bad:
        return ok("every requirements file a Dockerfile's pip reads is in the image by then")
    return [fail(f"`pip install -r {v.value}` runs before anything is copied into the image",
                 "A RUN sees only the image's files, not the build context: no COPY/ADD (nor a clone, download or "
                 "mount) has put this file there yet, so docker build stops with 'Could not open requirements file: "
                 "No such file or directory'.", subject=v.origin.label, evidence=[v.evidence()],
                 fix=FixPlan("Copy the requirements file first", (Action(
                     "note", f"in {v.origin.path}: add `COPY {v.value} .` before line {v.origin.line}",
                     path=v.origin.path),), params={"files": [v.origin.path]}))
            for v in bad]
