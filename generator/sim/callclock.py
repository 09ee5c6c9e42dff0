"""A time bound on each call into a game's own code (a rules file's ``actions``, ``play``...): a
call still running after its limit is stopped with ``CallTimeout``, which the rules report as any
other mistake, located at the line the call was running.

Cheap where it counts: a call only counts itself (``CLOCK.enter``/``leave``: two additions); a
timer armed once per game (``armed``) ticks every ``TICK`` seconds, and a tick that finds the same
call still running for the limit raises in it. The timer is a signal (``SIGALRM``), so the bound
holds in the main thread of the process that plays (the command itself with ``--workers 1``, each
worker process otherwise); elsewhere (a thread, a system without ``setitimer``) ``armed`` does
nothing. A call stuck inside one C function (``10 ** 10 ** 10``) is not interrupted by it.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

TICK = 0.25
"""Seconds between two looks of the timer."""
DEFAULT_CALL_SECONDS = 5.0
"""How long one call into a rules file may run (``MAX_CALL_SECONDS`` in the file changes it)."""
MAX_CALL_SECONDS = 3600.0


class CallTimeout(Exception):
    """A call into a game's own code ran past its time bound."""


class CallClock:
    """Which call is running in this process (a counter, so the timer sees one that goes on)."""

    __slots__ = ("depth", "calls", "seen", "still", "limit")

    def __init__(self) -> None:
        self.depth = 0
        self.calls = 0
        self.seen = -1
        self.still = 0.0
        self.limit = DEFAULT_CALL_SECONDS


CLOCK = CallClock()
"""The one clock of this process."""


def _tick(signum: int, frame: FrameType | None) -> None:
    clock = CLOCK
    if clock.depth <= 0 or clock.calls != clock.seen:
        clock.seen = clock.calls
        clock.still = 0.0
        return
    clock.still += TICK
    if clock.still >= clock.limit:
        clock.still = 0.0
        raise CallTimeout(f"the call was still running after {clock.limit:g} s (an endless loop?); "
                          "a rules file may allow more with MAX_CALL_SECONDS = ...")


@contextmanager
def armed(limit: float | None) -> Iterator[None]:
    """The timer running for the block (``limit``: seconds a call may take; None: no bound)."""
    if limit is None or not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous_limit = CLOCK.limit
    CLOCK.limit = limit
    CLOCK.seen, CLOCK.still = -1, 0.0
    previous = signal.signal(signal.SIGALRM, _tick)
    remaining = signal.setitimer(signal.ITIMER_REAL, TICK, TICK)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, *remaining)
        signal.signal(signal.SIGALRM, previous)
        CLOCK.limit = previous_limit
