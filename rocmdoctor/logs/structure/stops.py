"""Output that stops where it should go on: a collective test with no rows, progress that ends
mid-run, ranks whose last words are collective set-up; and the lines that say the job hung or was
stopped there (a timeout, a cancel or kill, the user's own words, a bar counting time at one step)."""
from __future__ import annotations

import re

from ..logscan.lines import LogLine
from .collectives import _COLLECTIVE_LAUNCH, _COLLECTIVE_WAIT, _CT_END, _CT_HEADER, _CT_ROW
from .progress import _BAR, _STEP
from .shape import Stop
from .tracebacks import _EXC


# Lines that say a job hung or was stopped where its output ends: a watchdog or timeout, the
# scheduler cancelling it, a kill, Ctrl-C. Only these make a progress stop a hang; a log the
# user pasted while the job ran stops mid-progress just the same.
_HANG_SIGNAL = re.compile(r"Watchdog caught collective operation timeout|\btimed out\b|\bTimeout\(ms\)|"
                          r"DUE TO TIME LIMIT|\bCANCELLED AT\b|slurmstepd: error|\bKeyboardInterrupt\b|^\s{0,4}\^C|"
                          r"^(?:\S{1,40}: )?(?:Killed|Terminated)\b|srun: (?:error: .{0,80})?(?:Terminated|Killed)|"
                          r"Timeout \(\d{1,3}:\d\d:\d\d\)!|\bSIGTERM\b|Sending process \d{1,9} closing signal", re.I)
# After the last progress line, only the signal and what a kill or Ctrl-C prints.
_AFTER_STOP = re.compile(r"^\s{0,8}(?:Traceback \(most recent call last\)|File \"|\^C|\[\d{4}-\d\d-\d\d[ T]|"
                         r"W\d{4} |\[(?:W|E)\d{3,4} )")

# The user's own words beside the log ("<- stuck here", "hangs at this step"), not negated.
_USER_HANG = re.compile(r"(?<!nothing is )(?<!not )(?<!n't )\b(?:hangs?|hung|stuck|freez(?:es|ing)|frozen)\b|卡住|卡死",
                        re.I)
_ELAPSED = re.compile(r"\[(?:(?P<h>\d{1,4}):)?(?P<m>\d{1,2}):(?P<s>\d\d)<")


# Every hang signal has one of these words (lower case): the full patterns run only on such lines.
_HANG_KEYS = re.compile("|".join(re.escape(k) for k in (
    "timeout", "timed out", "time limit", "cancelled", "slurmstepd", "keyboardinterrupt", "^c", "killed", "terminated",
    "sigterm", "closing signal", "hang", "hung", "stuck", "freez", "frozen", "卡")))


def _hang_words(text: str) -> bool:
    return bool(_HANG_KEYS.search(text.lower())) and bool(_HANG_SIGNAL.search(text) or _USER_HANG.search(text))


def _seconds(text: str) -> int | None:
    m = _ELAPSED.search(text)
    return None if m is None else int(m.group("h") or 0) * 3600 + int(m.group("m")) * 60 + int(m.group("s"))


def _signal(body: list[LogLine], last: LogLine | None = None) -> LogLine | None:
    """The last line that says the job hung or was stopped (only read once a stop is found): a
    timeout, a cancel or kill, the user's own words, or the bar itself counting time at one step."""
    hit = next((ln for ln in reversed(body) if _hang_words(ln.text)), None)
    if hit is not None or last is None:
        return hit
    m = _BAR.search(last.text)
    t = _seconds(last.text)
    if m is None or t is None:
        return None
    # tqdm redraws the same step with its elapsed time growing: the step did not finish.
    for ln in reversed(body[-50:]):
        if ln is last:
            continue
        b = _BAR.search(ln.text)
        if b and b.group("n") == m.group("n") and b.group("m") == m.group("m"):
            t0 = _seconds(ln.text)
            if t0 is not None and t - t0 >= 60:
                return last
        elif b:
            break
    return None


def _stop(lines: list[LogLine]) -> Stop | None:
    """Output that stops where it should go on."""
    body = [ln for ln in lines if ln.text.strip()]
    if not body:
        return None
    # A collective test whose last header has no data rows after it.
    header = None
    rows = 0
    ended = False
    for ln in body:
        if _CT_HEADER.match(ln.text):
            header, rows, ended = ln, 0, False
        elif header is not None and _CT_ROW.match(ln.text):
            rows += 1
        elif header is not None and _CT_END.match(ln.text):
            ended = True
    if header is not None and rows == 0 and not ended:
        return Stop("collective-test", header, "the collective test printed its header and no result rows")
    if header is not None:
        return None
    # The last progress line, when nothing but a hang signal (and what a kill or Ctrl-C prints) follows it.
    i = len(body) - 1
    while i > 0 and len(body) - i < 200 and not _BAR.search(body[i].text) and (
            _AFTER_STOP.match(body[i].text) or _hang_words(body[i].text)):
        i -= 1
    if i < len(body) - 1 and not any(_hang_words(x.text) for x in body[i + 1:]):
        i = len(body) - 1  # what follows the bar is not a kill or a timeout: judge the last line
    last = body[i]
    m = _BAR.search(last.text)
    if m and int(m.group("n")) < int(m.group("m")) and not _EXC.search(last.text.strip()):
        return Stop("progress", last, f"progress stops at {m.group('n')}/{m.group('m')} with nothing after it",
                    signal=_signal(body, last))
    last = body[-1]
    if _COLLECTIVE_WAIT.search(last.text) or _COLLECTIVE_LAUNCH.search(last.text):
        progress = any(_BAR.search(x.text) or _STEP.search(x.text) for x in body[:-1])
        if progress or "Reducer buckets" in last.text or "CollectiveFingerPrint" in last.text or \
                _COLLECTIVE_LAUNCH.search(last.text):
            return Stop("collective-wait", last, "the last lines are collective set-up and nothing follows",
                        signal=_signal(body))
    return None
