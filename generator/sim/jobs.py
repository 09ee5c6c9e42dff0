"""What a worker process plays: a job (everything needed to play any game of one table, picklable)
and the games of a task, with the table (simulator, engine) built once per process.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from .api import BotSpec, GameRecord, Simulator
from .errors import GameError
from .play import game_context, make_bots, play_game_state


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to play any game of one table (picklable: crosses process and
    machine boundaries); ``key`` names it in a worker's cache of built tables."""

    key: str
    simulator: Simulator
    """The game's simulator (a worker receives it pickled: its functions by their module and name)."""
    definition: GameDefinition
    players: int
    specs: tuple[BotSpec, ...]
    options: Mapping[str, OptionValue]
    extra: Mapping[str, Any]
    seed: int
    export: bool
    max_turns: int


Played = list[tuple[GameRecord, dict[str, Any] | None]]
"""The records of one task's games (and their exported files when asked), in index order."""


class FailedPart(list):  # type: ignore[type-arg]  # a Played that stopped at a game that cannot go on
    """The games of a task before the first one that raised GameError, and that error: the runner
    reports the error of the lowest game once every task is in, so the error reported is the same
    whatever the number of workers."""

    def __init__(self, played: Played, error: GameError) -> None:
        super().__init__(played)
        self.error = error


class Table:
    """A job made ready to play: the simulator and the engine, built once per process."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.simulator = job.simulator
        self.engine = self.simulator.make_engine(job.definition, job.players, dict(job.options), **job.extra)
        self.labels = tuple(str(spec) for spec in job.specs)

    def play(self, index: int) -> tuple[GameRecord, dict[str, Any] | None]:
        """Game ``index`` with fresh bots: its record and, when asked, its exported file. A game
        that cannot go on (GameError) is raised with the game that reproduces it."""
        bots = make_bots(self.simulator, self.engine, self.job.specs)
        try:
            record, state = play_game_state(
                self.engine, bots, self.job.seed, index,
                competitive=self.simulator.competitive, everyone_tied_wins=self.simulator.everyone_tied_wins,
                labels=self.labels, max_turns=self.job.max_turns,
            )
        except GameError as exc:
            raise exc.in_game(game_context(self.engine, self.job.seed, index, self.labels, exc.actions)) from None
        exported = None
        if self.job.export and self.simulator.export_game is not None:
            exported = self.simulator.export_game(state)
        elif self.job.export and self.simulator.trace_game is not None:
            exported = self.simulator.trace_game(self.engine, state, record)
        return record, exported

    def play_chunk(self, indexes: Sequence[int]) -> Played:
        """Several games, in index order (one task of a worker); a FailedPart at the first game
        that cannot go on."""
        played: Played = []
        for i in indexes:
            try:
                played.append(self.play(i))
            except GameError as exc:
                return FailedPart(played, exc)
        return played


_TABLES: "OrderedDict[str, Table]" = OrderedDict()
TABLE_CACHE = 8
"""Tables a worker process keeps built (a sweep's cells come one after another)."""


def table_of(job: Job) -> Table:
    """The table of ``job``, built once per process (a few are kept: a sweep's cells come one after
    another)."""
    table = _TABLES.get(job.key)
    if table is None:
        table = Table(job)
        _TABLES[job.key] = table
        while len(_TABLES) > TABLE_CACHE:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(job.key)
    return table


def play_chunk(job: Job, indexes: Sequence[int]) -> Played:
    """A worker's task: games ``indexes`` of ``job``, with the job's table built once per process."""
    return table_of(job).play_chunk(indexes)
