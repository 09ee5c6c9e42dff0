"""Games on a Dask cluster: ``--scheduler tcp://HOST:PORT`` (dask.distributed, the optional extra
``pip install 'cardforge[dask]'``).

Every machine of the cluster runs a worker of the same cardforge (``dask worker tcp://HOST:PORT
--nthreads 1``: the engines are pure Python, so one thread per process). Each job (a table) is
sent once to every worker; a task is a batch of games of one job, played there with the job's
table built once per worker process, and its records come back as soon as it is done. The records
are the same as on one process: each game depends on the run seed and its index only.
"""

from __future__ import annotations

import asyncio
import re
from contextlib import suppress
from typing import Any, Callable, Iterator, Sequence

from ..sim.errors import GameError
from ..sim.executors import Task
from ..sim.isolation import context_of, play_guarded, rules_place
from ..sim.jobs import FailedPart, Job, Played, play_chunk

CONNECT_TIMEOUT_S = 5.0
"""How long to try reaching the scheduler before giving up with a clear error."""
WORKERS_TIMEOUT_S = 20.0
"""How long to wait for a first worker when the scheduler has none."""


class ClusterError(RuntimeError):
    """The cluster cannot be used: dask is not installed, the scheduler cannot be reached, or it
    has no workers (the message says which and what to do)."""


_ADDRESS = re.compile(r"(?:(?:tcp|tls)://)?(?P<host>\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9.-]*):(?P<port>[0-9]{1,5})")


def check_address(address: str) -> str:
    """``address`` if it is a scheduler's address (``tcp://HOST:PORT``, ``tls://`` or no scheme),
    else ValueError saying what is wrong; checked before anything connects."""
    match = _ADDRESS.fullmatch(address.strip())
    if match is None:
        raise ValueError(f"{address!r} is not a scheduler address: expected tcp://HOST:PORT (tcp://10.0.0.5:8786)")
    if not 1 <= int(match["port"]) <= 65535:
        raise ValueError(f"{address!r}: the port must be 1 to 65535, not {match['port']}")
    return address.strip()


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        raise ClusterError("running on a Dask cluster needs dask.distributed: pip install 'cardforge[dask]'") from None
    return distributed


class DaskExecutor:
    """An executor on a Dask cluster, through a connected ``distributed.Client``."""

    def __init__(self, client: Any, *, owned: bool = False) -> None:
        self.client = client
        self.owned = owned
        self.workers = max(1, sum(client.nthreads().values()))

    @classmethod
    def connect(cls, address: str, *, timeout_s: float = CONNECT_TIMEOUT_S,
                workers_timeout_s: float = WORKERS_TIMEOUT_S) -> "DaskExecutor":
        """Connect to the scheduler at ``address`` (``tcp://HOST:PORT``) and wait for a worker;
        ClusterError within ``timeout_s`` when it cannot be reached."""
        distributed = _distributed()
        client = distributed.Client.__new__(distributed.Client)  # kept, to be discarded if it fails
        try:
            asyncio.run(_handshake(distributed, address, timeout_s))
            client.__init__(address, timeout=timeout_s, set_as_default=False)
        except Exception as exc:  # OSError, TimeoutError, or whatever a server that is no scheduler sends
            _discard(client)
            raise ClusterError(f"cannot reach the Dask scheduler at {address} within {timeout_s:g} s "
                               f"({_reason(exc)}); is `dask scheduler` running there, and the port open?") from None
        try:
            client.wait_for_workers(1, timeout=workers_timeout_s)
        except (OSError, TimeoutError) as exc:
            client.close()
            raise ClusterError(f"the Dask scheduler at {address} has no workers after {workers_timeout_s:g} s "
                               f"({exc}); start some with `dask worker {address} --nthreads 1`") from None
        return cls(client, owned=True)

    def play(self, jobs: Sequence[Job], tasks: Sequence[Task],
             wanted: Callable[[Task], bool] | None = None) -> Iterator[tuple[int, Played]]:
        distributed = _distributed()
        sent = self.client.scatter(list(jobs), broadcast=True, hash=False)
        futures = [
            self.client.submit(_play_task, sent[number], number, indexes, pure=False,
                               key=f"cardforge-{jobs[number].key[:12]}-{indexes.start}")
            for number, indexes in tasks
        ]
        lost: tuple[type[BaseException], ...] = tuple(
            kind for kind in (getattr(distributed, "KilledWorker", None),
                              getattr(distributed.client, "FutureCancelledError", None), asyncio.CancelledError)
            if isinstance(kind, type) and issubclass(kind, BaseException))
        try:
            for future in distributed.as_completed(futures, loop=self.client.loop):
                try:
                    yield future.result()
                except lost:  # its workers died, or the one holding the job did
                    number, indexes = tasks[futures.index(future)]
                    yield number, FailedPart([], _worker_lost(jobs[number], indexes))
        finally:
            unfinished = [f for f in futures if not f.done()]
            if unfinished:
                self.client.cancel(unfinished)

    def close(self) -> None:
        """Disconnect (only a client this executor opened itself)."""
        if self.owned:
            self.client.close()


def _reason(exc: Exception) -> str:
    """Why a connection failed, in a few words."""
    if isinstance(exc, TimeoutError) and not str(exc):
        return "no answer"
    if isinstance(exc, (OSError, TimeoutError, ValueError)):
        return str(exc) or type(exc).__name__
    return f"what answered is not a Dask scheduler: {type(exc).__name__}"


async def _handshake(distributed: Any, address: str, timeout_s: float) -> None:
    """Connect to ``address`` and exchange the opening handshake within ``timeout_s`` in all: Dask
    bounds the connection but not the handshake, so a server that accepts and never answers would
    hold ``Client`` forever."""
    comm = await asyncio.wait_for(distributed.comm.connect(address, timeout=timeout_s), timeout_s)
    await comm.close()


def _discard(client: Any) -> None:
    """Forget a client whose connection failed: marked closed, its event loop thread stopped.
    Left alone, its ``__del__`` would try to close the connection for another 10 s and print
    "Exception ignored in Client.__del__" with a TimeoutError's traceback."""
    with suppress(Exception):
        client.status = "closed"
        client._loop_runner.stop()


def _play_task(job: Job, number: int, indexes: range) -> tuple[int, Played]:
    """A task on a worker: the games ``indexes`` of ``job`` (the job's table built once there). A
    rules file's games are played one by one with their prints captured, and whatever ends one is
    its located error (``generator.sim.isolation``); its calls are bounded in time there too."""
    if job.simulator.runs_designer_code:  # a Dask worker has threads of its own: not alone
        return number, play_guarded(job, indexes)
    return number, play_chunk(job, indexes)


def _worker_lost(job: Job, indexes: range) -> GameError:
    """A task whose workers died every time the scheduler gave it out (a rules file that crashes the
    interpreter, exits or takes the worker's memory): its first game is named, the one to try."""
    games = f"game {indexes.start}" if len(indexes) == 1 else f"games {indexes.start} to {indexes.stop - 1}"
    error = GameError(f"the Dask worker playing {games} died (a crash of the interpreter, an exit or memory "
                      "running out in the game's code?); play them with --workers 1 on this machine to see "
                      "which game and why", where=rules_place(job), code="exception", during="the game")
    return error.in_game(context_of(job, indexes.start))
