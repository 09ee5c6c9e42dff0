"""Plays many games of one table with given bots and a seed, on an executor: this process, local
worker processes, or a Dask cluster (``generator.app.cluster``). A sweep or a comparison plays
several tables (cells) on one executor at once (``run_cells``).

Reproducibility: game ``index`` of a run is dealt and played from ``game_seed(seed, index)`` only;
each seat's bot draws its choices from its own ``random.Random`` derived from that game seed and the
seat number (``bot_rng``), and bots are built fresh for every game (no memory carried from one game
to the next). So which worker plays a game, and in which order, never changes its record; records
are sorted by index, and a run gives identical results for any number of workers.

Playing one game is ``play``'s; what a worker process runs, ``jobs``'s; where the tasks run,
``executors``' (this process or local worker processes; a Dask cluster is an application service,
``generator.app.cluster``).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from ..model.limits import MAX_GAMES
from .api import BotSpec, Engine, GameRecord, Simulator, resolve_options
from .base import check_players
from .errors import GameError
from .executors import Executor, LocalExecutor
from .jobs import FailedPart, Job, Played, Table
from .play import (
    DEFAULT_MAX_TURNS,
    BotSpecError,
    TurnLimitExceeded,
    bot_rng,
    check_table,
    game_context,
    make_bots,
    play_game,
    play_game_state,
    resolve_bots,
)

__all__ = [  # (what a run needs; one game's play is ``play``'s, re-exported here where it always was)
    "DEFAULT_MAX_TURNS", "BotSpecError", "Cell", "ProgressCallback", "RunResult", "TurnLimitExceeded", "bot_rng",
    "check_table", "chunk_size", "describe_cell", "game_context", "make_bots", "play_game", "play_game_state",
    "prepare", "resolve_bots", "result_of", "run", "run_cells",
]

ProgressCallback = Callable[[int], None]
"""Called with the number of games just finished (not a running total)."""


@dataclass(frozen=True, slots=True)
class RunResult:
    """Every record of a run (sorted by index) and the settings that produced them."""

    kind: str
    game_id: str
    players: int
    seed: int
    bots: tuple[str, ...]
    """The bot of each seat as resolved (``best`` replaced by the bot it names)."""
    options: Mapping[str, OptionValue]
    records: tuple[GameRecord, ...]
    competitive: bool
    exports: tuple[dict[str, Any], ...] = ()
    """With ``export=True``: each game in its community file format (or as a JSON trace), in index order."""
    extra: Mapping[str, str] = field(default_factory=dict)
    """Extra engine settings, as text for reports (``expansion``, ``scoreworks``)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One table and run to play: what ``run`` takes, as a value (a sweep or a comparison plays
    several cells on one executor)."""

    simulator: Simulator
    definition: GameDefinition
    players: int
    bots: tuple[BotSpec, ...]
    games: int
    seed: int
    options: Mapping[str, OptionValue] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    export: bool = False
    max_turns: int = DEFAULT_MAX_TURNS


def prepare(cell: Cell) -> Job:
    """The job of a cell, after building its engine and bots once: a table the rules or the engine
    refuse fails here (BotSpecError, OptionError, ValueError), before any game is played."""
    if cell.games < 0:
        raise ValueError("the number of games cannot be negative")
    if cell.games > MAX_GAMES:
        raise ValueError(f"{cell.games:,} games; a run plays at most {MAX_GAMES:,}")
    resolved_options = resolve_options(cell.definition, cell.options)
    specs = resolve_bots(cell.simulator, cell.bots, cell.players)
    check_players(cell.definition, cell.players)
    job = Job(
        key=uuid.uuid4().hex,
        simulator=cell.simulator,
        definition=cell.definition,
        players=cell.players,
        specs=specs,
        options=resolved_options,
        extra=dict(cell.extra),
        seed=cell.seed,
        export=cell.export,
        max_turns=cell.max_turns,
    )
    table = Table(job)  # builds the engine now: a table the engine refuses fails before any game
    make_bots(table.simulator, table.engine, specs)  # and bad bot parameters
    return job


def chunk_size(total_games: int, workers: int) -> int:
    """Games per task: small enough to balance the workers and to move the progress bar smoothly,
    large enough that a task's overhead (a few milliseconds on a cluster) is small against its games."""
    return max(1, min(200, total_games // (max(1, workers) * 8) or 1))


def _chunks(games: int, size: int) -> list[range]:
    """``games`` cut into tasks of at most ``size`` games, all of about the same size (no small
    remainder task to wait for at the end)."""
    if games <= 0:
        return []
    count = -(-games // max(1, size))
    bounds = [games * i // count for i in range(count + 1)]
    return [range(bounds[i], bounds[i + 1]) for i in range(count)]


def run_cells(
    cells: Sequence[Cell],
    *,
    executor: Executor | None = None,
    workers: int = 1,
    progress: ProgressCallback | None = None,
    on_export: Callable[[GameRecord, dict[str, Any]], None] | None = None,
    on_result: Callable[[int, RunResult], None] | None = None,
    start_method: str | None = None,
) -> list[RunResult]:
    """Play every cell on one executor (default: ``workers`` local processes, created once for all
    the cells) and return each cell's result, identical for any executor and number of workers.

    Results stream in as tasks finish: ``progress`` gets the games of each finished task,
    ``on_export`` each game's community file (the results then keep none), and ``on_result`` each
    cell's result as soon as its last game is in (cell number, result)."""
    jobs = [prepare(cell) for cell in cells]
    total = sum(cell.games for cell in cells)
    executor = executor or LocalExecutor(workers, start_method)
    size = chunk_size(total, executor.workers)
    tasks = [(number, chunk) for number, cell in enumerate(cells) for chunk in _chunks(cell.games, size)]
    tasks.sort(key=lambda task: -len(task[1]))  # the longest first: the last to finish are the shortest
    remaining = [len(_chunks(cell.games, size)) for cell in cells]
    played: list[Played] = [[] for _ in cells]
    results: list[RunResult | None] = [None] * len(cells)

    def finish(number: int) -> None:
        cell = cells[number]
        part = sorted(played[number], key=lambda pair: pair[0].index)
        played[number] = []
        results[number] = _result(cell, jobs[number], part)
        if on_result is not None:
            on_result(number, results[number])  # type: ignore[arg-type]

    for number, cell in enumerate(cells):
        if remaining[number] == 0:
            finish(number)
    failures: list[tuple[int, int, GameError]] = []

    def wanted(task: tuple[int, range]) -> bool:
        """Once a game cannot go on, only a task that may hold an earlier one is still played (a
        rules file stuck in a loop costs its bound once, not once per task)."""
        return not failures or (task[0], task[1].start) < min(failure[:2] for failure in failures)

    for number, part in executor.play(jobs, tasks, wanted):
        if isinstance(part, FailedPart):
            context = part.error.context
            failures.append((number, context.index if context is not None else -1, part.error))
            continue
        if failures:  # a game cannot go on: the other tasks only finish, to find the first such game
            continue
        if on_export is not None:
            for record, data in part:
                if data is not None:
                    on_export(record, data)
            part = [(record, None) for record, _ in part]
        played[number].extend(part)
        if progress is not None:
            progress(len(part))
        remaining[number] -= 1
        if remaining[number] == 0:
            finish(number)
    if failures:
        raise min(failures, key=lambda failure: failure[:2])[2]
    return [r for r in results if r is not None]


def _result(cell: Cell, job: Job, part: Played) -> RunResult:
    return _make_result(cell, job.specs, _played(job), tuple(record for record, _ in part), part)


def describe_cell(cell: Cell) -> dict[str, Any]:
    """What fixes a cell's records, as JSON-ready data (resolved bots and rules): two cells with
    the same description and the same deck play the same games."""
    return {
        "kind": cell.simulator.kind,
        "game_id": cell.definition.info.id,
        "players": cell.players,
        "bots": [str(spec) for spec in resolve_bots(cell.simulator, cell.bots, cell.players)],
        "rules": dict(resolve_options(cell.definition, cell.options)),
        "extra": {key: _describe(value) for key, value in cell.extra.items()},
        "seed": cell.seed,
        "games": cell.games,
        "max_turns": cell.max_turns,
    }


def result_of(cell: Cell, records: Sequence[GameRecord]) -> RunResult:
    """The result of a cell from records played earlier (a resumed sweep)."""
    job = prepare(cell)
    ordered = tuple(sorted(records, key=lambda r: r.index))
    return _make_result(cell, job.specs, _played(job), ordered, [])


def _make_result(cell: Cell, specs: Sequence[BotSpec], options: Mapping[str, OptionValue],
                 records: tuple[GameRecord, ...], part: Played) -> RunResult:
    return RunResult(
        kind=cell.simulator.kind,
        game_id=cell.definition.info.id,
        players=cell.players,
        seed=cell.seed,
        bots=tuple(str(spec) for spec in specs),
        options=options,
        records=records,
        competitive=cell.simulator.competitive,
        exports=tuple(data for _, data in part if data is not None) if cell.export else (),
        extra={key: _describe(value) for key, value in cell.extra.items()},
    )


def run(
    simulator: Simulator,
    definition: GameDefinition,
    players: int,
    bots: Sequence[BotSpec],
    games: int,
    seed: int,
    *,
    workers: int = 1,
    options: Mapping[str, OptionValue] | None = None,
    extra: Mapping[str, Any] | None = None,
    progress: ProgressCallback | None = None,
    export: bool = False,
    on_export: Callable[[GameRecord, dict[str, Any]], None] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
    start_method: str | None = None,
    executor: Executor | None = None,
) -> RunResult:
    """Play ``games`` games of one table and return every record, identical for any ``workers``
    or ``executor``.

    ``options`` are rule overrides (checked against the definition); ``extra`` goes to
    ``make_engine`` as keyword settings; ``start_method`` picks how workers start (default:
    ``DEFAULT_START_METHOD``). ``export`` keeps each game's community file in the result;
    ``on_export`` instead receives each one as soon as it is played (in no set order) and the
    result keeps none, so a long run's files need not fit in memory. Raises BotSpecError,
    OptionError or the engine's own ValueError for a table it refuses, before any game is played."""
    cell = Cell(simulator, definition, players, tuple(bots), games, seed, dict(options or {}), dict(extra or {}),
                export or on_export is not None, max_turns)
    return run_cells([cell], executor=executor, workers=workers, progress=progress, on_export=on_export,
                     start_method=start_method)[0]


def _played(job: Job) -> dict[str, OptionValue]:
    """The job's rule options as its engine plays them."""
    return _played_options(Table(job).engine, job.options)


def _played_options(engine: Engine, resolved: Mapping[str, OptionValue]) -> dict[str, OptionValue]:
    """The rule options as the engine plays them (an engine may turn off an option that has nothing
    to act on, such as expansion rules without the expansion), for the run's settings."""
    played = getattr(engine, "options", None)
    return {**resolved, **played} if isinstance(played, Mapping) else dict(resolved)


def _describe(value: Any) -> str:
    """A short text for an extra engine setting (a definition is named by its id)."""
    info = getattr(value, "info", None)
    return str(info.id) if info is not None and hasattr(info, "id") else str(value)
