"""Signals held back while a C library calls back into Python.

cairo writes a PNG through a Python callback; Ctrl-C or SIGTERM arriving inside it made the
command's handler raise there, where cffi can only print "Exception ignored" with a traceback and
tell cairo that writing failed, so the command reported a broken picture instead of the
interruption. Inside ``uninterrupted()`` the signals wait (blocked for this thread); they are
delivered as the block ends, and the interruption is raised there, at a point that can take it.
"""

from __future__ import annotations

import signal
import threading
from contextlib import contextmanager
from typing import Iterator

HELD = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


@contextmanager
def uninterrupted() -> Iterator[None]:
    """Hold back SIGINT, SIGTERM and SIGHUP for the block (main thread, where a system can)."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
