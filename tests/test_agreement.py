"""benchmarks/agreement.py: a second blind labelling scored against the first with the accuracy judge's rules."""
import os

from benchmarks import agreement


def _lab(code, file, lo, hi=None):
    return {"code": code, "file": file, "lo": lo, "hi": hi or lo}


def test_read_labels_keeps_label_lines_and_the_clean_mark(tmp_path):
    p = tmp_path / "x.LABELS"
    p.write_text("machine: rx7900xtx\n# why\nRD-IMG-003 Dockerfile:1-2  # the tag\nwords:odd-thing compose.yml:7\n"
                 "garbage line here\nRD-CTR-004 compose.yml:x\nclean\n")
    labels, clean = agreement.read_labels(str(p))
    assert clean and labels == [_lab("RD-IMG-003", "Dockerfile", 1, 2), _lab("words:odd-thing", "compose.yml", 7)]


def test_one_problem_is_one_file_near_lines_and_one_code_or_both_in_words():
    a = _lab("RD-CTR-006", "compose.yml", 31)
    assert agreement.same_problem(a, _lab("RD-CTR-006", "compose.yml", 31 + agreement.acc.SLACK))
    assert not agreement.same_problem(a, _lab("RD-CTR-006", "compose.yml", 32 + agreement.acc.SLACK))
    assert not agreement.same_problem(a, _lab("RD-CTR-006", "other.yml", 31))
    assert not agreement.same_problem(a, _lab("RD-CTR-003", "compose.yml", 31))
    assert agreement.same_problem(_lab("words:a", "f", 3), _lab("words:b", "f", 3))
    # a words slug the accuracy judge maps onto a code is that code
    assert agreement.same_problem(_lab("words:torch-pin-not-on-rocm-index", "r.txt", 2), _lab("RD-IMG-002", "r.txt", 2))


def test_compare_counts_found_missed_and_added():
    first = [_lab("RD-IMG-003", "Dockerfile", 1), _lab("RD-ENV-001", "compose.yml", 9)]
    second = [_lab("RD-IMG-003", "Dockerfile", 2), _lab("RD-IMG-003", "Dockerfile", 1), _lab("RD-CTR-005", "compose.yml", 4)]
    assert agreement.compare(first, second) == (1, 1, 1)  # both IMG-003 lines are the one problem the first named
    assert agreement.compare([], []) == (0, 0, 0)


def test_the_tool_is_scored_against_adjudicated_labels_where_a_set_has_them(tmp_path, monkeypatch):
    # one real twice-labelled set (fresh batch 61); its adjudicated reading replaced by its first labels, then by a
    # reading that adds a problem nothing flags: the first agrees with the one and not the other, and the tool is
    # right by the adjudicated labels only where it is right by the first
    name = "qy-alirzeanoroozi-boltzgen-array"
    fresh = os.path.join(os.path.dirname(agreement.acc.FRESH), "agreement", name + ".LABELS")
    second, adjudicated = tmp_path / "second", tmp_path / "adjudicated"
    second.mkdir(), adjudicated.mkdir()
    (second / (name + ".LABELS")).write_text(open(fresh, encoding="utf-8").read())
    first = open(os.path.join(agreement.acc.FRESH, name, "LABELS"), encoding="utf-8").read()
    monkeypatch.setattr(agreement, "SECOND", str(second))
    monkeypatch.setattr(agreement, "ADJUDICATED", str(adjudicated))
    (adjudicated / (name + ".LABELS")).write_text(first)
    r = agreement.evaluate()
    assert (r["sets"], r["adjudicated"], r["first_agrees_adj"]) == (1, 1, 1)
    assert r["tool_right_adj"] == r["tool_right"]
    (adjudicated / (name + ".LABELS")).write_text(first.replace("clean", "") + "\nwords:made-up-problem SOURCES:1\n")
    r = agreement.evaluate()
    assert (r["first_agrees_adj"], r["tool_right_adj"]) == (0, 0)
