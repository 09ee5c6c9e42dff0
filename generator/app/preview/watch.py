"""Waiting for the project to change: the folders the preview read from are watched (not their
sub-folders) with watchfiles (the ``preview`` extra: the system's file notifications), or, where
watchfiles is not installed, polled ten times a second. Each change starts one pass of the
session, which finds out from the files themselves what changed."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Callable, Iterable, Iterator

from .session import PassReport, PreviewSession, stamp

STEP_MS = 10
"""How long watchfiles waits for more changes after one (an editor's save writes, then renames)."""
POLL_SECONDS = 0.1


def _listing(folders: Iterable[Path]) -> dict[Path, object]:
    """What the folders hold, file by file, as seen from outside."""
    found: dict[Path, object] = {}
    for folder in folders:
        try:
            entries = sorted(folder.iterdir())
        except OSError:
            found[folder] = None
            continue
        for entry in entries:
            found[entry] = stamp(entry)
    return found


def poll_changes(folders: Iterable[Path], stop: threading.Event, interval: float = POLL_SECONDS) -> Iterator[None]:
    """Yields after each look at the folders that finds something added, removed or changed."""
    watched = sorted(set(folders))
    before = _listing(watched)
    while not stop.wait(interval):
        now = _listing(watched)
        if now != before:
            before = now
            yield None


def changes(folders: Iterable[Path], stop: threading.Event, *, poll: bool = False) -> Iterator[None]:
    """Yields each time something in ``folders`` changes, until ``stop`` is set (Ctrl-C raises
    KeyboardInterrupt in the thread that waits)."""
    watched = sorted({f for f in folders if f.is_dir()})
    try:
        import watchfiles
    except ImportError:  # the preview extra is not installed: look ten times a second
        poll = True
    if poll:
        yield from poll_changes(watched, stop)
        return
    for _ in watchfiles.watch(*watched, recursive=False, step=STEP_MS, stop_event=stop, rust_timeout=1000,
                              raise_interrupt=True):
        yield None


def watch_project(session: PreviewSession, on_pass: Callable[[PassReport], None], stop: threading.Event,
                  *, poll: bool = False) -> None:
    """Run a pass of ``session`` after every change until ``stop`` is set; ``on_pass`` hears of
    each pass that changed the page. The folders watched follow what the project reads."""
    while not stop.is_set():
        folders = session.watched_folders()
        for _ in changes(folders, stop, poll=poll):
            report = session.rebuild()
            if report is not None:
                on_pass(report)
            if session.watched_folders() != folders:
                break
