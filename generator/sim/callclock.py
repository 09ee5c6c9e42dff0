"""A time bound on each call into a game's own code (a rules file's ``actions``, ``play``...): a
call still running after its limit is stopped with ``CallTimeout``, which the rules report as any
other mistake, located at the line the call was running.

Cheap where it counts: a call only counts itself (``CLOCK.enter``/``leave``: two additions); a
timer armed once per game (``armed``) ticks every ``TICK`` seconds, and a tick that finds the same
call still running for the limit raises in it. In the main thread the timer is a signal (``SIGALRM``,
which also wakes a call asleep in ``time.sleep``); in another thread (the table of ``cardforge
play``, a Dask worker's task) it is a watchdog thread that raises ``CallTimeout`` in the thread it
watches through the interpreter's ``PyThreadState_SetAsyncExc``, which takes effect at the call's
next Python instruction. A call stuck inside one C function (``10 ** 10 ** 10``, a long sleep in a
thread) is not interrupted by either.
"""

from __future__ import annotations

import ctypes
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


MISTAKES = (Exception, SystemExit, KeyboardInterrupt)
"""What a call into a game's own code may raise that is that code's mistake, reported at its line:
any exception, ``sys.exit()`` (not ours to obey) and a ``KeyboardInterrupt`` it raises itself. The
user's Ctrl-C is a KeyboardInterrupt too; the command's signal handler gives it the signal's
number (``signum``), and ``from_a_signal`` tells it apart, to be raised again."""


def from_a_signal(exc: BaseException) -> bool:
    """Whether ``exc`` is the user's interruption (a signal), not something a game's code raised."""
    return isinstance(exc, KeyboardInterrupt) and isinstance(getattr(exc, "signum", None), int)


class CallTimeout(Exception):
    """A call into a game's own code ran past its time bound."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else _timeout_text(CLOCK.limit)


def _timeout_text(limit: float) -> str:
    return (f"the call was still running after {limit:g} s (an endless loop?); "
            "a rules file may allow more with MAX_CALL_SECONDS = ...")


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
        raise CallTimeout(_timeout_text(clock.limit))


def _watch(thread: int, stop: threading.Event) -> None:
    """The watchdog of a thread: what ``_tick`` does, from outside the thread."""
    clock = CLOCK
    seen, still = -1, 0.0
    while not stop.wait(TICK):
        if clock.depth <= 0 or clock.calls != seen:
            seen, still = clock.calls, 0.0
            continue
        still += TICK
        if still >= clock.limit:
            still = 0.0
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(CallTimeout))


@contextmanager
def _watched(limit: float) -> Iterator[None]:
    previous_limit = CLOCK.limit
    CLOCK.limit = limit
    stop = threading.Event()
    watchdog = threading.Thread(target=_watch, args=(threading.get_ident(), stop), daemon=True,
                                name="cardforge-call-clock")
    watchdog.start()
    try:
        yield
    finally:
        stop.set()
        watchdog.join()
        CLOCK.limit = previous_limit


@contextmanager
def armed(limit: float | None) -> Iterator[None]:
    """The timer running for the block (``limit``: seconds a call may take; None: no bound)."""
    if limit is None:
        yield
        return
    if threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        with _watched(limit):
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
