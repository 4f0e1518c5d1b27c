"""docs/architecture.md draws the package tree; the tree and the package agree."""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _tree() -> str:
    text = open(os.path.join(ROOT, "docs", "architecture.md"), encoding="utf-8").read()
    block = text.split("## The house", 1)[1].split("```", 2)[1]
    return block


def _names_in(block: str) -> set[str]:
    # an entry of rocmdoctor/ is a line indented by two spaces: "  name/", "  a.py, b.py" (commas
    # join names); deeper lines continue the description of the entry above
    names = set()
    for line in block.splitlines():
        if not re.match(r"  \S", line):
            continue
        first = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
        for part in first.split(","):
            part = part.strip().split()[0] if part.strip() else ""
            if part:
                names.add(part.rstrip("/"))
    return names


def test_every_wing_and_top_level_module_of_the_package_is_in_the_drawn_tree():
    drawn = _names_in(_tree())
    pkg = os.path.join(ROOT, "rocmdoctor")
    here = {n[:-3] if n.endswith(".py") else n for n in os.listdir(pkg)
            if not n.startswith((".", "_")) or n == "__main__.py"}
    here = {n for n in here if n != "__pycache__" and (n.endswith(".py") or os.path.isdir(os.path.join(pkg, n))
                                                       or os.path.exists(os.path.join(pkg, n + ".py")))}
    drawn_bare = {d[:-3] if d.endswith(".py") else d for d in drawn}
    missing = sorted(here - drawn_bare)
    assert not missing, f"docs/architecture.md's tree does not show: {missing}"


def test_the_drawn_tree_names_nothing_the_package_lacks():
    pkg = os.path.join(ROOT, "rocmdoctor")
    for name in _names_in(_tree()):
        path = os.path.join(pkg, name)
        assert os.path.exists(path) or os.path.exists(path + ".py"), f"the tree draws {name}, which is gone"


def test_the_tree_reader_sees_a_wing_that_is_missing():
    block = "rocmdoctor/\n  cli.py, __main__.py     entry\n  engine/    the engine,\n                 registry\n"
    assert _names_in(block) == {"cli.py", "__main__.py", "engine"}
