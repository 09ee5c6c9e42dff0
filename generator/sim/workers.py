"""Worker processes of this machine: the simulator's pool and the renderers of many images use
both cores, and end quietly with the command that started them."""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
from typing import Callable, Sequence, TypeVar

DEFAULT_START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"
_PR_SET_PDEATHSIG = 1

T = TypeVar("T")
R = TypeVar("R")


def quiet_worker(parent: int) -> None:
    """A worker ends with its parent, and without a traceback. Ctrl-C reaches every process of the
    terminal's group: workers ignore it and the parent, which handles it, stops the pool with
    SIGTERM, whose default action ends a worker at once (a forked worker would otherwise inherit
    the parent's handler and raise in the middle of its work). On Linux the system also sends a
    worker SIGTERM when its parent dies, however it dies, so no worker is left working or blocked
    writing results nobody reads."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)
    if sys.platform.startswith("linux"):
        try:
            ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)
        except (OSError, AttributeError):  # pragma: no cover - a C library without prctl
            pass
    if os.getppid() != parent:  # the parent died before the line above took effect
        os._exit(0)


def cores() -> int:
    """The cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)


def map_in_order(func: Callable[[T], R], items: Sequence[T], *, workers: int | None = None,
                 at_least: int = 8) -> list[R]:
    """``[func(item) for item in items]``, on every core when there are at least ``at_least``
    items (each item is independent: the results are the same in any process). ``func`` must be
    a module-level function and ``items`` picklable."""
    count = min(workers or cores(), len(items))
    if count <= 1 or len(items) < at_least:
        return [func(item) for item in items]
    context = multiprocessing.get_context(DEFAULT_START_METHOD)
    with context.Pool(processes=count, initializer=quiet_worker, initargs=(os.getpid(),)) as pool:
        return pool.map(func, items, chunksize=max(1, len(items) // (count * 4)))
