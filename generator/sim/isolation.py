"""What every run of a designer's own code (a rules file) needs, whatever process it runs in: what
the code prints captured and kept within a bound (``captured``), a game's end of any kind (an
exception, ``SystemExit``, a ``KeyboardInterrupt`` it raises, memory past its bound, a thread left
running) turned into that game's located ``GameError`` (``play_guarded``), and the memory bound a
rules file asks for (``MAX_MEMORY_MB``), applied by the process that plays it.

Playing such games in processes that may die without taking the command along (a crash of the
interpreter, ``os._exit``) is the application's: ``generator.app.guarded``.
"""

from __future__ import annotations

import io
import os
import sys
import threading
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Sequence

from .api import game_seed
from .errors import GameContext, GameError
from .jobs import FailedPart, Job, Played, play_chunk, table_of

DEFAULT_MEMORY_MB = 1024
"""How much memory a worker playing a rules file's games may take beyond what it had on starting
(``MAX_MEMORY_MB`` in the file changes it)."""
MAX_MEMORY_MB = 1024 * 1024
PRINTED_CHARS = 16_000
"""What a game's prints keep (the last characters; the rest is counted, not kept)."""

MemoryBound = Callable[[int], bool]
"""Bounds this process's memory to so many megabytes more than it had when it began to play."""
_memory_bound: MemoryBound | None = None


def set_memory_bound(bound: MemoryBound | None) -> None:
    """What ``ask_memory_bound`` calls in this process: set by a process that plays a designer's
    code (``generator.app.guarded``); never in the command's own process, which must survive to
    report."""
    global _memory_bound
    _memory_bound = bound


def ask_memory_bound(megabytes: int) -> bool:
    """Bound this process's memory, where it plays a designer's code (what a rules engine asks for
    its ``MAX_MEMORY_MB`` when it is built); False elsewhere."""
    return _memory_bound(megabytes) if _memory_bound is not None else False


class Printed(io.TextIOBase):
    """A text stream that keeps the last ``limit`` characters written to it and counts the rest
    (what led to a failure is at the end)."""

    def __init__(self, limit: int = PRINTED_CHARS) -> None:
        super().__init__()
        self.limit = limit
        self.parts: list[str] = []
        self.kept = 0
        """Characters held (at most twice ``limit`` between two trims)."""
        self.dropped = 0

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        text = str(text)
        self.parts.append(text[-self.limit:])
        self.kept += min(len(text), self.limit)
        self.dropped += max(0, len(text) - self.limit)
        if self.kept > 2 * self.limit:
            self._trim()
        return len(text)

    def _trim(self) -> None:
        joined = "".join(self.parts)
        self.dropped += max(0, len(joined) - self.limit)
        self.parts = [joined[-self.limit:]]
        self.kept = len(self.parts[0])

    def text(self) -> str:
        """What was kept, after a line saying how much came before it."""
        self._trim()
        kept = self.parts[0] if self.parts else ""
        if self.dropped:
            kept = f"... {self.dropped:,} characters before\n" + kept
        return kept


@contextmanager
def captured(limit: int = PRINTED_CHARS) -> Iterator[Printed]:
    """What the block prints (``print``, ``sys.stdout``, ``sys.stderr``) kept in a ``Printed``
    instead of reaching the terminal."""
    printed = Printed(limit)
    saved = sys.stdout, sys.stderr
    sys.stdout = sys.stderr = printed
    try:
        yield printed
    finally:
        sys.stdout, sys.stderr = saved


# ------------------------------------------------------------------------------ a game, guarded
def other_threads() -> list[threading.Thread]:
    """Threads running besides this process's main thread (a worker starts none of its own)."""
    main = threading.main_thread()
    return [thread for thread in threading.enumerate() if thread is not main and thread.is_alive()]


def is_designer_code(filename: str) -> bool:
    """Whether code of ``filename`` is the designer's: neither cardforge's nor Python's nor an
    installed package's (a rules file's code is named by its path in the project)."""
    if filename.startswith("<"):
        return False
    absolute = os.path.abspath(filename)
    ours = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    system = tuple({sys.prefix, sys.base_prefix, sys.exec_prefix})
    return not (absolute.startswith(ours) or absolute.startswith(system))


def _thread_place(thread: threading.Thread) -> str:
    """``path:line`` of the function ``thread`` runs when it is the designer's code, else empty."""
    target = getattr(thread, "_target", None) or getattr(type(thread), "run", None)
    code = getattr(target, "__code__", None)
    return f"{code.co_filename}:{code.co_firstlineno}" if code is not None and is_designer_code(code.co_filename) \
        else ""


def designer_threads() -> list[threading.Thread]:
    """Threads still running that a designer's code started (their function is a rules file's):
    what would keep the command from ending."""
    return [thread for thread in other_threads() if not thread.daemon and _thread_place(thread)]


def thread_error(threads: Sequence[threading.Thread], where: str = "", during: str = "the game") -> GameError:
    """The error of a rules file that left ``threads`` running, at the function the first of them
    runs (``where`` when none is the file's)."""
    place = next((found for found in map(_thread_place, threads) if found), where)
    names = ", ".join(thread.name for thread in threads[:3])
    return GameError(f"the rules file left {len(threads)} thread{'s' if len(threads) != 1 else ''} running "
                     f"({names}); a rules file must not start threads", where=place, code="exception", during=during)


def rules_place(job: Job) -> str:
    """``path:1`` of the rules file a job's game is played by (empty for a game of ours)."""
    path = getattr(getattr(job.definition, "engine", None), "path", None)
    return f"{path}:1" if isinstance(path, str) else ""


def _escaped(exc: BaseException, engine: Any) -> GameError:
    """A located GameError for what escaped a game: a MemoryError past the bound, a
    KeyboardInterrupt the rules file raised (a worker ignores the user's Ctrl-C), ..."""
    failure = getattr(engine, "escaped", None)
    if failure is not None:
        error: GameError = failure(exc)
        return error
    return GameError(f"{type(exc).__name__}: {exc}", code="exception")


def play_guarded(job: Job, indexes: range, current: Any = None, on_prints: Callable[[int, str], None] | None = None,
                 alone: bool = False) -> Played:
    """Games ``indexes`` of ``job`` one by one, each with its prints captured; the first that fails,
    however it fails, ends the task as a FailedPart. ``current.value`` is set to the game being
    played (what a worker that dies was playing); ``on_prints(index, text)`` is given each game's
    prints; ``alone``: the process has no threads of its own, so a thread running after a game is
    one the rules file left."""
    table = table_of(job)
    played: Played = []
    for index in indexes:
        if current is not None:
            current.value = index
        error: GameError | None = None
        with captured() as printed:
            try:
                part = play_chunk(job, range(index, index + 1))
                if isinstance(part, FailedPart):
                    error = part.error
                elif alone and other_threads():
                    error = thread_error(other_threads(), rules_place(job))
            except Exception as exc:  # noqa: BLE001 - MemoryError, or a bug of ours: located at the game
                if not isinstance(exc, MemoryError) and getattr(table.engine, "escaped", None) is None:
                    raise
                error = _escaped(exc, table.engine)
            except (KeyboardInterrupt, SystemExit) as exc:  # raised by the rules file: SIGINT is ignored here
                error = _escaped(exc, table.engine)
        if on_prints is not None and printed.kept:
            on_prints(index, printed.text())
        if error is not None:
            if error.context is None:
                error = error.in_game(context_of(job, index))
            error.printed = printed.text()
            return FailedPart(played, error)
        played.extend(part)
    return played


def context_of(job: Job, index: int) -> GameContext:
    """Game ``index`` of ``job``, as an error names it."""
    return GameContext(job.seed, index, game_seed(job.seed, index), job.players,
                       tuple(str(spec) for spec in job.specs))


