"""`rocmdoctor snapshot -o DIR`: record what the checks read, redacted by default."""
from __future__ import annotations

from ..cli import EXIT_OK, add_source_args

NAME = "snapshot"
HELP = "record what the checks read into DIR (redacted) for bug reports and replay"


def add_arguments(p) -> None:
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="directory to write the snapshot into (created; replay with `scan --snapshot DIR`)")
    add_source_args(p)
    p.add_argument("--level", choices=("quick", "default"), default="default",
                   help="quick: files and commands only; default: also the Python-environment probe")
    p.add_argument("--no-redact", action="store_true", help="keep host names, addresses and secrets")


def run(a) -> int:
    from .. import __version__
    from ..machine import snapshot
    from ..api import make_source, scan
    from ..machine.sources import RecordingSource

    rec = RecordingSource(make_source(root=a.root, snapshot=a.snapshot, example=a.example, python=a.python))
    report = scan(level=a.level, source=rec, plugins=False)
    _record_option_facts(report.context, a.level)
    out = snapshot.write(rec, a.output, redact=not a.no_redact, level=a.level, tool_version=__version__)
    c = report.counts()
    from ..output.text import print_text

    print_text(f"snapshot written to {out} ({'redacted' if not a.no_redact else 'NOT redacted'}; "
          f"{len(rec.files)} files, {len(rec.commands)} commands, {len(rec.probes)} probes; "
          f"scan: {c['fail']} failed, {c['warn']} warnings)")
    print_text(f"replay it anywhere with: rocmdoctor scan --snapshot {out}")
    return EXIT_OK


def _record_option_facts(ctx, level: str) -> None:
    """Read, into the recording, the machine facts that checks run only with an option use
    (`scan --config`: the CDI specs, the host's groups and network interfaces...), so that
    `scan --snapshot DIR --config FILES` judges the files against the recorded machine."""
    from ..engine import registry
    from ..facts import LEVELS, level_rank

    for spec in registry.load(plugins=False).checks:
        if spec.option and (spec.level not in LEVELS or level_rank(spec.level) <= level_rank(level)):
            for name in spec.facts:
                try:
                    ctx.optional(name)
                except Exception:  # a fact that needs the option's input (the files): nothing to record
                    pass
