"""`rocmdoctor list`: the checks (code, level, purpose, supplier) or the examples."""
from __future__ import annotations

import json
import sys

from ..cli import EXIT_OK

NAME = "list"
HELP = "list the checks (or the embedded examples)"


def add_arguments(p) -> None:
    p.add_argument("--examples", action="store_true",
                   help="list the embedded example machines (for --example NAME) instead of the checks")
    p.add_argument("--format", choices=("text", "json"), default="text", help="text (default) or json")
    p.add_argument("--no-plugins", action="store_true", help="list only the built-in checks, no third-party ones")


def run(a) -> int:
    from ..engine import registry
    from ..api import examples

    if a.examples:
        ex = examples()
        if a.format == "json":
            print(json.dumps(sorted(ex), indent=2))
        else:
            from ..machine.sources import SnapshotSource

            from ..output.text import print_table

            print_table([(name, SnapshotSource(path).manifest.get("description", "")) for name, path in ex.items()])
        return EXIT_OK
    reg = registry.load(False if a.no_plugins else None)
    rows = [{"code": c.code, "area": c.area, "level": c.level, "title": c.title, "plugin": c.plugin}
            for c in sorted(reg.checks, key=lambda c: c.code)]
    if a.format == "json":
        print(json.dumps({"checks": rows, "problems": reg.problems}, indent=2))
    else:
        from ..output.text import print_table

        print_table([(r["code"], r["level"], f"{r['title']}  ({r['plugin']})") for r in rows])
        for prob in reg.problems:
            print(f"note: {prob}", file=sys.stderr)
    return EXIT_OK
