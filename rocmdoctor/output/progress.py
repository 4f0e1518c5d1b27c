"""Progress of long work (bench, train) on stderr, so a run never looks frozen.

On a terminal: one live line (rich's spinner) with the current stage, the time so far
and, once nothing has moved for a while, how long it has been stuck. Piped or in a log:
one plain line per stage, at most one a second, the latest stage always printed once it
has held for a second, and a "still at ..." line every few seconds without progress, so
a hang shows as a hang in a CI log too.
"""
from __future__ import annotations

import os
import sys
import threading
import time
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # rich is imported only when a live line is drawn
    from rich.console import Console
    from rich.status import Status
    from rich.text import Text

TICK_S = 0.25
QUIET_AFTER_S = 5.0  # a stage older than this is shown as "no progress for N s"
STILL_EVERY_S = 10.0  # piped: a "still at" line this often while nothing moves


def live_terminal(stream: TextIO) -> bool:
    return (hasattr(stream, "isatty") and stream.isatty() and os.environ.get("TERM") != "dumb"
            and not os.environ.get("CI"))


class Progress:
    """``prog(stage)`` reports a stage; ``prog(text, force=True)`` prints a line now;
    ``prog.close(text)`` ends the live line and prints the last one."""

    def __init__(self, prefix: str, quiet: bool, stream: TextIO | None = None):
        self.prefix, self.quiet = prefix, quiet
        self.stream = stream or sys.stderr
        self.live = not quiet and live_terminal(self.stream)
        self.start = self.changed = time.monotonic()
        self.stage: str | None = None
        self.printed: str | None = None
        self.last_print = 0.0
        self.next_still = STILL_EVERY_S
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._status: Status | None = None
        self._console: Console | None = None

    # ------------------------------------------------------------------ public
    def __call__(self, stage: str, force: bool = False) -> None:
        if self.quiet:
            return
        now = time.monotonic()
        with self._lock:
            if force:
                self._line(stage)
                return
            if stage != self.stage:
                self.stage, self.changed, self.next_still = stage, now, STILL_EVERY_S
        self._ensure_running()
        if not self.live and self._due(now):
            with self._lock:
                self._print_stage(now)

    def close(self, text: str | None = None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)
            self._thread = None
        if self._status is not None:
            self._status.stop()
            self._status = None
        if text and not self.quiet:
            with self._lock:
                self._line(text)

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----------------------------------------------------------------- drawing
    def _ensure_running(self) -> None:
        if self._thread is not None or self._stop.is_set():
            return
        if self.live:
            from rich.console import Console

            console = Console(file=self.stream, highlight=False)
            if console.is_interactive:
                self._console = console
                self._status = console.status(self._status_text(time.monotonic()), spinner="dots")
                self._status.start()
            else:  # rich will not animate here (TTY_INTERACTIVE=0): a live line would show nothing
                self.live = False
        self._thread = threading.Thread(target=self._run, name="rocmdoctor-progress", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(TICK_S):
            now = time.monotonic()
            with self._lock:
                if self.live:
                    if self._status is not None:
                        self._status.update(self._status_text(now))
                elif self._due(now):
                    self._print_stage(now)
                elif self.stage is not None and now - self.changed >= self.next_still:
                    self._line(f"still at {self.stage}: no progress for {now - self.changed:.0f} s "
                               f"({now - self.start:.0f} s in all)")
                    self.next_still += STILL_EVERY_S
                    self.printed = self.stage

    def _due(self, now: float) -> bool:
        return self.stage is not None and self.stage != self.printed and now - self.last_print >= 1.0

    def _print_stage(self, now: float) -> None:
        self.printed = self.stage
        self._line(f"{self.stage} ({now - self.start:.0f} s)")

    def _status_text(self, now: float) -> Text:
        from rich.text import Text

        from .text import clean

        text = f"[{self.prefix}] {clean(self.stage or 'starting')} · {now - self.start:.0f} s"
        idle = now - self.changed
        if self.stage is not None and idle >= QUIET_AFTER_S:
            text += f" · no progress for {idle:.0f} s"
        return Text(text)  # not markup: "[train]" is text

    def _line(self, text: str) -> None:
        from .text import clean

        line = f"[{self.prefix}] {clean(text)}"
        self.last_print = time.monotonic()
        if self._console is not None and self._status is not None:
            self._console.print(line, markup=False, highlight=False)  # above the live line
        else:
            print(line, file=self.stream, flush=True)
