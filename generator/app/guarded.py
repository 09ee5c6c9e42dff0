"""Games of a designer's own code (a rules file) played where that code cannot take the command
down with it.

A rules file is a program: it may exit (``os._exit``), crash the interpreter, leave threads
running or fill memory. Its games are therefore played in worker processes (``GuardedPool``, even
for one worker; ``call_guarded`` for one call such as a replay), each with its memory bound and
the interpreter's fault handler on; a worker that dies is reported as the located ``GameError`` of
the game it was playing, with its number and seed, as a mistake in the rules is: the command
survives to say what happened and never reports a run that did not finish as a success. What each
game prints and how it ends otherwise is ``generator.sim.isolation``'s.
"""

from __future__ import annotations

import faulthandler
import multiprocessing
import os
import re
import signal
import sys
import tempfile
from collections import deque
from contextlib import suppress
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Iterator, Sequence, TypeVar

from ..sim.errors import GameError
from ..sim.executors import LocalExecutor, Task
from ..sim.isolation import (
    DEFAULT_MEMORY_MB,
    is_designer_code,
    other_threads,
    captured,
    context_of,
    play_guarded,
    rules_place,
    set_memory_bound,
    thread_error,
)
from ..sim.jobs import FailedPart, Job, Played
from ..sim.workers import DEFAULT_START_METHOD, quiet_worker

R = TypeVar("R")


def _address_space() -> int | None:
    """This process's address space in bytes (Linux), None where it cannot be read."""
    try:
        with open("/proc/self/statm", "rb") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _become_guarded(parent: int, fault_fd: int | None) -> None:
    """This process is a worker of the command ``parent`` that plays a designer's code: it ends
    with the command, says where it crashed, and bounds its memory as the rules ask."""
    quiet_worker(parent)
    if fault_fd is not None:
        faulthandler.enable(file=fault_fd, all_threads=False)
    base = _address_space()
    set_memory_bound(lambda megabytes: bound_memory(megabytes, base))
    bound_memory(DEFAULT_MEMORY_MB, base)


def bound_memory(megabytes: int, base: int | None = None) -> bool:
    """Let this process take at most ``megabytes`` more memory than ``base`` bytes (its address space
    now, by default): past it an allocation raises MemoryError. False where the system gives no
    such bound."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not on a Unix
        return False
    base = base if base is not None else _address_space()
    if base is None:
        return False
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    limit = base + megabytes * 1024 * 1024
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    try:
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ValueError, OSError):  # pragma: no cover - a limit the system refuses
        return False
    return True


# ------------------------------------------------------------------------------ the worker side
def _show(index: int, text: str) -> None:
    """A game's prints on the command's error stream, each line marked with the game."""
    lines = "".join(f"game {index}| {line}\n" for line in text.rstrip("\n").splitlines())
    with suppress(OSError):
        os.write(2, lines.encode("utf-8", "replace"))


def _serve(conn: Connection, jobs: tuple[Job, ...], parent: int, current: Any, fault_fd: int | None,
           show_prints: bool) -> None:
    """A worker: plays the tasks it is sent until told to stop, then ends at once (threads a rules
    file left running do not hold it)."""
    _become_guarded(parent, fault_fd)
    while True:
        try:
            task = conn.recv()
        except (EOFError, OSError):
            break
        if task is None:
            break
        number, indexes = task
        job = jobs[number]
        result: Any
        try:
            result = (number, play_guarded(job, indexes, current, _show if show_prints else None, alone=True))
        except Exception as exc:  # noqa: BLE001 - raised again in the command (TurnLimitExceeded...)
            result = exc
        try:
            conn.send(result)
        except Exception as exc:  # noqa: BLE001 - an exception that does not pickle
            conn.send(RuntimeError(f"{type(result).__name__}: {result}; {exc}"))
    sys.stdout.flush()
    os._exit(0)


def _call(conn: Connection, func: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any],
          parent: int, fault_fd: int | None, where: str) -> None:
    """``call_guarded``'s worker: one call, its result or its exception sent back, then the end."""
    _become_guarded(parent, fault_fd)
    outcome: tuple[str, Any]
    with captured() as printed:
        try:
            outcome = ("value", func(*args, **kwargs))
            threads = other_threads()
            if threads:
                outcome = ("raise", thread_error(threads, where))
        except GameError as exc:
            exc.printed = printed.text()
            outcome = ("raise", exc)
        except MemoryError:
            outcome = ("raise", GameError("MemoryError: the game took more than its memory bound; a rules file "
                                          "may allow more with MAX_MEMORY_MB = ...", where=where, during="the game"))
        except BaseException as exc:  # noqa: BLE001 - raised again in the command (ReplayError...)
            outcome = ("raise", exc)
    try:
        conn.send(outcome)
    except Exception as exc:  # noqa: BLE001 - an exception that does not pickle
        conn.send(("raise", RuntimeError(f"{outcome[1]!r}; {exc}")))
    os._exit(0)


def call_guarded(func: Callable[..., R], *args: Any, where: str = "", **kwargs: Any) -> R:
    """``func(*args, **kwargs)`` in a guarded worker process (what ``replay`` does with a rules
    file's game): its value, or what it raised raised again here; a process that dies (a crash, an
    exit) is a GameError located at ``where`` or at the line the fault handler names. ``func`` and
    its arguments must pickle where processes are spawned rather than forked."""
    context: Any = multiprocessing.get_context(DEFAULT_START_METHOD)
    ours, theirs = context.Pipe(duplex=False)
    faults = tempfile.TemporaryFile() if context.get_start_method() == "fork" else None
    process = context.Process(target=_call, name="cardforge-rules-call", daemon=True,
                              args=(theirs, func, args, kwargs, os.getpid(), faults.fileno() if faults else None, where))
    _start(process)
    theirs.close()
    worker = _Worker(process, ours, None, faults)
    try:
        wait([ours, process.sentinel])
        outcome: Any = None
        with suppress(EOFError, OSError):
            if ours.poll():
                outcome = ours.recv()
        if outcome is None:
            process.join(5)
            place, trace = GuardedPool._fault_place(worker)
            raise GameError(_how_it_died(process.exitcode), where=place or where, detail=trace, during="the game")
        kind, value = outcome
        if kind == "raise":
            raise value
        return value  # type: ignore[no-any-return]
    finally:
        process.join(1)
        if process.is_alive():
            process.terminate()
            process.join(2)
        GuardedPool._close(worker)


def _start(process: Any) -> None:
    """Start a worker; an OSError that says what could not be done when the system refuses."""
    try:
        process.start()
    except OSError as exc:
        raise OSError(exc.errno, f"cannot start a process to play the rules file's games: {exc.strerror or exc} "
                      "(a limit on processes, such as ulimit -u?)") from None


def _how_it_died(code: int | None) -> str:
    """What ended a worker, in words (its exit status, or the signal that ended it)."""
    if code is not None and code < 0:
        try:
            name = signal.Signals(-code).name
        except ValueError:
            name = f"signal {-code}"
        how = {"SIGSEGV": "crashed the interpreter (SIGSEGV, a segmentation fault)",
               "SIGKILL": "was killed (SIGKILL; the system does so when memory runs out)",
               "SIGABRT": "aborted the interpreter (SIGABRT)",
               "SIGBUS": "crashed the interpreter (SIGBUS)",
               "SIGFPE": "crashed the interpreter (SIGFPE)"}.get(name, f"was ended by {name}")
        return f"the process playing the game {how}"
    return (f"the process playing the game ended in the middle of it, with exit status {code} "
            "(os._exit or a C library's exit in the rules file?)")


# ------------------------------------------------------------------------------ the command side
@dataclass
class _Worker:
    process: Any
    conn: Connection
    current: Any
    faults: Any
    task: Task | None = None


_FRAME = re.compile(r'^\s*File "(?P<file>[^"]+)", line (?P<line>\d+) in (?P<name>\S+)', re.M)


class GuardedPool:
    """Worker processes that play tasks of ``jobs`` and report a worker that died, with the game it
    was playing, as that game's located error (see the module docstring)."""

    def __init__(self, jobs: Sequence[Job], workers: int, start_method: str | None = None,
                 show_prints: bool = False) -> None:
        self.jobs = tuple(jobs)
        self.workers = max(1, workers)
        self.context: Any = multiprocessing.get_context(start_method or DEFAULT_START_METHOD)
        self.show_prints = show_prints

    def _start(self) -> _Worker:
        ours, theirs = self.context.Pipe()
        current = self.context.Value("q", -1, lock=False)
        forked = self.context.get_start_method() == "fork"
        faults = tempfile.TemporaryFile() if forked else None  # unlinked: nothing is left behind
        process = self.context.Process(
            target=_serve, name="cardforge-rules-worker", daemon=True,
            args=(theirs, self.jobs, os.getpid(), current, faults.fileno() if faults else None, self.show_prints))
        _start(process)
        theirs.close()
        return _Worker(process, ours, current, faults)

    def play(self, tasks: Sequence[Task], wanted: Callable[[Task], bool] | None = None
             ) -> Iterator[tuple[int, Played]]:
        pending = deque(tasks)
        idle: list[_Worker] = []
        busy: list[_Worker] = []
        everyone: list[_Worker] = []
        try:
            while pending or busy:
                while pending and len(busy) < self.workers:
                    task = pending.popleft()
                    if wanted is not None and not wanted(task):
                        continue
                    worker = idle.pop() if idle else self._start()
                    if worker not in everyone:
                        everyone.append(worker)
                    worker.current.value = -1
                    worker.task = task
                    worker.conn.send(task)
                    busy.append(worker)
                if not busy:
                    break
                ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy])
                for worker in list(busy):
                    if worker.conn not in ready and worker.process.sentinel not in ready:
                        continue
                    if worker.task is None:
                        continue
                    task = worker.task
                    result: Any = None
                    try:
                        if worker.conn.poll():
                            result = worker.conn.recv()
                    except (EOFError, OSError):
                        result = None
                    busy.remove(worker)
                    worker.task = None
                    if result is None:  # the worker died in the middle of its task
                        worker.process.join(5)
                        everyone.remove(worker)
                        error = self._death(worker, task)
                        self._close(worker)
                        yield task[0], FailedPart([], error)
                        continue
                    idle.append(worker)
                    if isinstance(result, BaseException):
                        raise result
                    yield result
        finally:
            for worker in everyone:
                with suppress(OSError, ValueError):
                    worker.conn.send(None)
            for worker in everyone:
                worker.process.join(1)
                if worker.process.is_alive():
                    worker.process.terminate()
                    worker.process.join(2)
                if worker.process.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
                    worker.process.kill()
                    worker.process.join()
                self._close(worker)

    @staticmethod
    def _close(worker: _Worker) -> None:
        with suppress(OSError):
            worker.conn.close()
        if worker.faults is not None:
            with suppress(OSError):
                worker.faults.close()
            worker.faults = None

    def _death(self, worker: _Worker, task: Task) -> GameError:
        """The error of a worker that died while playing ``task``: how it ended, and where when
        the interpreter's fault handler could say."""
        number, indexes = task
        job = self.jobs[number]
        index = worker.current.value if worker.current.value >= 0 else indexes.start
        message = _how_it_died(worker.process.exitcode)
        where, trace = self._fault_place(worker)
        if not where:
            where = rules_place(job)
        error = GameError(message, where=where, code="exception", detail=trace, during="the game")
        return error.in_game(context_of(job, index))

    @staticmethod
    def _fault_place(worker: _Worker) -> tuple[str, str]:
        """The designer's line the fault handler names (its deepest frame outside cardforge and
        Python), and the handler's whole text; empty where there is none."""
        if worker.faults is None:
            return "", ""
        try:
            worker.faults.seek(0)
            text = worker.faults.read(64_000).decode("utf-8", "replace")
        except OSError:
            return "", ""
        for match in _FRAME.finditer(text):  # the most recent call first
            if is_designer_code(match["file"]):
                return f"{match['file']}:{match['line']}", text
        return "", text


class GuardedExecutor(LocalExecutor):
    """This machine's executor, with the games of a designer's own code played in a
    ``GuardedPool`` (even for one worker); ``show_prints`` shows what that code prints, game by
    game. Other games are played as ``LocalExecutor`` plays them."""

    def __init__(self, workers: int = 1, start_method: str | None = None, show_prints: bool = False) -> None:
        super().__init__(workers, start_method)
        self.show_prints = show_prints

    def play(self, jobs: Sequence[Job], tasks: Sequence[Task],
             wanted: Callable[[Task], bool] | None = None) -> Iterator[tuple[int, Played]]:
        if not any(job.simulator.runs_designer_code for job in jobs):
            yield from super().play(jobs, tasks, wanted)
            return
        pool = GuardedPool(jobs, min(self.workers, max(1, len(tasks))), self.start_method, self.show_prints)
        yield from pool.play(tasks, wanted)
