"""A one-line progress bar with rate and ETA, drawn only on a terminal.

In a pipe, a file or CI (``CI`` set in the environment) it writes nothing at all, so logs stay clean.
"""

from __future__ import annotations

import os
import sys
import time
from typing import TextIO


def _clock(seconds: float) -> str:
    seconds = int(round(seconds))
    h, rest = divmod(seconds, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"


class Progress:
    """``done/total`` with a bar, results per second and the estimated time left.

    ``enabled`` defaults to: ``stream`` is a TTY and ``CI`` is not set. Redraws at most ``per_second``
    times a second (and always on the last result).
    """

    def __init__(self, total: int, stream: TextIO | None = None, enabled: bool | None = None,
                 width: int = 30, per_second: float = 10.0) -> None:
        self.stream = stream if stream is not None else sys.stderr
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty()) and not os.environ.get("CI")
        self.enabled = enabled
        self.total, self.done, self.width = total, 0, width
        self.start = time.monotonic()
        self._interval, self._last = 1.0 / per_second, 0.0
        self._drawn = False

    def set_total(self, total: int) -> None:
        self.total = total
        self._draw(force=True)

    def update(self, n: int = 1, note: str = "") -> None:
        self.done += n
        self._draw(note, force=self.done >= self.total)

    def line(self, note: str = "") -> str:
        """The text of the bar now."""
        elapsed = time.monotonic() - self.start
        frac = min(1.0, self.done / self.total) if self.total else 1.0
        filled = int(frac * self.width)
        rate = self.done / elapsed if elapsed > 0 else 0.0
        left = (self.total - self.done) / rate if rate > 0 else None
        eta = _clock(left) if left is not None else "--:--"
        text = (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.done}/{self.total} "
                f"{rate:.2f}/s ETA {eta}")
        return f"{text} {note}" if note else text

    def _draw(self, note: str = "", force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if not force and now - self._last < self._interval:
            return
        self._last = now
        self.stream.write("\r\x1b[K" + self.line(note))
        self.stream.flush()
        self._drawn = True

    def close(self) -> None:
        """End the bar's line (nothing when nothing was drawn)."""
        if self.enabled and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
