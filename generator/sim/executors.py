"""Where games are played: in this process, in local worker processes, or (``generator.app.cluster``)
on a Dask cluster. The runner hands an executor every task of a command at once (a task: some
games of one table) and reads the results as they come; which executor plays a task never changes
its records (each game is fixed by the run seed and its index).
"""

from __future__ import annotations

import multiprocessing
import os
from typing import Callable, Iterator, Protocol, Sequence

from .jobs import Job, Played, play_chunk
from .workers import DEFAULT_START_METHOD, quiet_worker

Task = tuple[int, range]
"""A task: the number of its job (cell) and the indexes of the games to play."""


class Executor(Protocol):
    """Plays tasks and yields ``(job number, records)`` for each task as it finishes (any order)."""

    workers: int
    """How many tasks it plays at once (the runner sizes the tasks by it)."""

    def play(self, jobs: Sequence[Job], tasks: Sequence[Task],
             wanted: Callable[[Task], bool] | None = None) -> Iterator[tuple[int, Played]]:
        """``wanted``: asked before a task is started where tasks are started one at a time; a
        task it declines is left out (the runner declines what can no longer change the result)."""


class LocalExecutor:
    """This machine: ``workers`` processes (one pool for every task of the command), or this very
    process for one worker. (The command plays a designer's own code, a rules file, in processes
    that may fail without taking it along: ``generator.app.guarded``.)"""

    def __init__(self, workers: int = 1, start_method: str | None = None) -> None:
        self.workers = max(1, workers)
        self.start_method = start_method or DEFAULT_START_METHOD

    def play(self, jobs: Sequence[Job], tasks: Sequence[Task],
             wanted: Callable[[Task], bool] | None = None) -> Iterator[tuple[int, Played]]:
        if self.workers <= 1 or sum(len(indexes) for _, indexes in tasks) <= 1:
            for number, indexes in tasks:
                if wanted is None or wanted((number, indexes)):
                    yield number, play_chunk(jobs[number], indexes)
            return
        context = multiprocessing.get_context(self.start_method)
        processes = min(self.workers, len(tasks))
        with context.Pool(processes=processes, initializer=_init_worker,
                          initargs=(tuple(jobs), os.getpid())) as pool:
            yield from pool.imap_unordered(_play_task, tasks)


_WORKER_JOBS: tuple[Job, ...] = ()


def _init_worker(jobs: tuple[Job, ...], parent: int) -> None:
    """A pool worker receives the jobs once (forked workers inherit them without pickling)."""
    global _WORKER_JOBS
    quiet_worker(parent)
    _WORKER_JOBS = jobs




def _play_task(task: Task) -> tuple[int, Played]:
    number, indexes = task
    return number, play_chunk(_WORKER_JOBS[number], indexes)
