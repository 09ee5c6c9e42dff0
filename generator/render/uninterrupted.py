"""Signals held back while a C library calls back into Python.

cairo writes a PNG through a Python callback; Ctrl-C or SIGTERM arriving inside it made the
command's handler raise there, where cffi can only print "Exception ignored" with a traceback and
tell cairo that writing failed, so the command reported a broken picture instead of the
interruption. Inside ``uninterrupted()`` a signal is only noted (Python runs every signal's
handler in the main thread, whichever thread the system gave it to); the handlers are put back
as the block ends and the signal is raised again there, at a point that can take it.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from types import FrameType
from typing import Iterator

HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP for the block (in the main thread: elsewhere no
    handler runs anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    arrived: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        arrived.append(signum)

    previous = {signum: signal.signal(signum, note) for signum in HELD}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        if arrived:
            signal.raise_signal(arrived[0])  # to the handler the command had: Interrupted, or the default
