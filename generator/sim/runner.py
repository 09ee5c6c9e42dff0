"""Plays many games of one table with given bots and a seed, on an executor: this process, local
worker processes, or a Dask cluster (``executors``, ``cluster``). A sweep or a comparison plays
several tables (cells) on one executor at once (``run_cells``).

Reproducibility: game ``index`` of a run is dealt and played from ``game_seed(seed, index)`` only;
each seat's bot draws its choices from its own ``random.Random`` derived from that game seed and the
seat number (``bot_rng``), and bots are built fresh for every game (no memory carried from one game
to the next). So which worker plays a game, and in which order, never changes its record; records
are sorted by index, and a run gives identical results for any number of workers.

What a bot is given:

- ``choose(observation, legal, rng)``: the normal case; ``observation`` is ``state.observation(seat)``
  and ``legal`` is ``state.legal_actions()``. A Hanabi bot therefore never sees its own hand.
- Bots that must see the whole state (the Hanabi ``cheat`` bot, an upper bound on what is possible)
  say so explicitly, in one of two ways:

  * a class attribute ``needs_state = True`` and a method ``choose_with_state(state, legal, rng)``,
    which the runner calls *instead of* ``choose``;
  * a method ``bind_state(state)``, which the runner calls with the live state just before every
    ``choose(observation, legal, rng)`` of that bot.

  Both receive the live state: a bot must not change it (it may ``clone()`` it to look ahead).

A game that takes more than ``max_turns`` decisions stops the run with ``TurnLimitExceeded`` (a
broken engine or bot loop, never a normal ending).
"""

from __future__ import annotations

import random
import sys
import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Mapping, Sequence

from ..model import GameDefinition, OptionValue
from ..model.limits import MAX_GAMES
from .api import (
    Bot,
    BotSpec,
    Engine,
    GameRecord,
    GameState,
    Simulator,
    game_seed,
    resolve_options,
)
from .base import check_players
from .errors import GameContext, GameError
from .registry import is_registered, simulator_for

if TYPE_CHECKING:
    from .executors import Executor

DEFAULT_MAX_TURNS = 100_000
"""More decisions than any real game of the supported families takes, by orders of magnitude."""

DEFAULT_START_METHOD = "fork" if sys.platform.startswith("linux") else "spawn"
"""How worker processes start: fork where it is safe and fast (Linux; 0.1 s against 0.8 s for
spawn), spawn elsewhere. Everything a worker gets is picklable, so either gives the same records."""

ProgressCallback = Callable[[int], None]
"""Called with the number of games just finished (not a running total)."""


class TurnLimitExceeded(RuntimeError):
    """A game went on past the turn limit: an engine or bot that never ends a game."""


class BotSpecError(ValueError):
    """An unknown bot name, a bad bot parameter, or a number of --bot values that fits no table."""


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


def bot_rng(game_seed_value: int, seat: int) -> random.Random:
    """The random generator of the bot in ``seat`` for one game: independent of the deal and of the
    other seats, and fixed by the game's seed."""
    return random.Random(f"cardforge-bot:{game_seed_value}:{seat}")


def resolve_bots(simulator: Simulator, specs: Sequence[BotSpec], players: int) -> tuple[BotSpec, ...]:
    """One BotSpec per seat: N values for N seats or one for every seat; ``best`` is resolved.

    Raises BotSpecError for an unknown name or a count that matches neither rule."""
    if not specs:
        specs = (BotSpec("best"),)
    if len(specs) == 1:
        specs = tuple(specs) * players
    elif len(specs) != players:
        raise BotSpecError(
            f"{len(specs)} bots given for {players} players: give one --bot for every seat, "
            "or a single --bot for all of them"
        )
    resolved: list[BotSpec] = []
    for spec in specs:
        if spec.name == "best":
            best = BotSpec.parse(simulator.best_bot(players))
            spec = BotSpec(best.name, spec.param if spec.param is not None else best.param)
        if spec.name not in simulator.bots:
            known = ", ".join(sorted(simulator.bots)) + ", best"
            raise BotSpecError(f"unknown bot '{spec.name}' for {simulator.kind} (bots: {known})")
        resolved.append(spec)
    return tuple(resolved)


def check_table(
    simulator: Simulator,
    definition: GameDefinition,
    players: int,
    bots: Sequence[BotSpec],
    *,
    options: Mapping[str, OptionValue] | None = None,
    extra: Mapping[str, Any] | None = None,
) -> tuple[BotSpec, ...]:
    """Build the engine and the bots of a table once, so a table the rules or the engine refuse
    fails here (ValueError, KeyError) before any game; returns the bot of each seat."""
    check_players(definition, players)
    resolved = resolve_options(definition, options)
    specs = resolve_bots(simulator, bots, players)
    engine = simulator.make_engine(definition, players, resolved, **dict(extra or {}))
    make_bots(simulator, engine, specs)
    return specs


def make_bots(simulator: Simulator, engine: Engine, specs: Sequence[BotSpec]) -> list[Bot]:
    """Fresh bots for one game, seat by seat; a bad parameter raises BotSpecError."""
    bots: list[Bot] = []
    for seat, spec in enumerate(specs):
        try:
            bots.append(simulator.bots[spec.name](spec.param, seat, engine))
        except (ValueError, TypeError) as exc:
            raise BotSpecError(f"bot '{spec}': {exc}") from exc
    return bots


Decide = Callable[[GameState, int, Sequence[Any], random.Random], Any]


def _decider(bot: Bot) -> Decide:
    """How the runner asks ``bot`` for a decision, through the channel it declared (see the module
    docstring); chosen once per game so the per-move cost stays one call."""
    if getattr(bot, "needs_state", False):
        choose_with_state = bot.choose_with_state  # type: ignore[attr-defined]
        return lambda state, seat, legal, rng: choose_with_state(state, legal, rng)
    choose = bot.choose
    bind = getattr(bot, "bind_state", None)
    if bind is not None:
        def bound(state: GameState, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
            bind(state)
            return choose(state.observation(seat), legal, rng)
        return bound
    return lambda state, seat, legal, rng: choose(state.observation(seat), legal, rng)


def _winners(outcome: Mapping[str, Any], scores: Sequence[float], competitive: bool | None,
             everyone_tied_wins: bool = False) -> tuple[int, ...]:
    """Competitive: the seats with the top score (several on a tie, or the whole winning team of a
    team game, whose members share the team's score); when every seat has the top score the game is
    a draw and nobody wins, unless ``everyone_tied_wins`` (``Simulator.everyone_tied_wins``): then
    every seat wins, as any other tie. Cooperative: every seat when
    ``outcome()["won"]`` is true (or, failing that key, when the score reaches ``outcome()["max_score"]``).
    ``competitive=None`` (a caller without the Simulator) treats a game whose outcome has a ``won``
    key as cooperative."""
    if not scores:
        return ()
    if competitive is None:
        competitive = "won" not in outcome
    if competitive:
        top = max(scores)
        winners = tuple(seat for seat, score in enumerate(scores) if score == top)
        return winners if everyone_tied_wins or len(winners) < len(scores) or len(scores) == 1 else ()
    if "won" in outcome:
        won = bool(outcome["won"])
    else:
        won = "max_score" in outcome and scores[0] >= outcome["max_score"]
    return tuple(range(len(scores))) if won else ()


def play_game_state(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    index: int,
    *,
    competitive: bool | None = None,
    everyone_tied_wins: bool = False,
    labels: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> tuple[GameRecord, GameState]:
    """Play game ``index`` of run ``seed`` to the end; the record and the final state (for export)."""
    value = game_seed(seed, index)
    state = engine.new_game(random.Random(value))
    rngs = [bot_rng(value, seat) for seat in range(len(bots))]
    deciders = [_decider(bot) for bot in bots]
    decisions = 0
    while not state.is_terminal():
        if decisions >= max_turns:
            raise TurnLimitExceeded(f"game {index} of seed {seed} did not end within {max_turns} decisions")
        seat = state.current_player()
        legal = state.legal_actions()
        state.apply(deciders[seat](state, seat, legal, rngs[seat]))
        decisions += 1
    scores = tuple(float(s) for s in state.scores())
    outcome = dict(state.outcome())
    names = tuple(labels) if labels is not None else tuple(getattr(b, "name", type(b).__name__) for b in bots)
    record = GameRecord(
        index=index,
        seed=value,
        scores=scores,
        turns=state.turns,
        decisions=decisions,
        winners=_winners(outcome, scores, competitive, everyone_tied_wins),
        bots=names,
        outcome=outcome,
    )
    return record, state


def game_context(engine: Engine, seed: int, index: int, labels: Sequence[str],
                 actions: Sequence[Any] = ()) -> GameContext:
    """Which game of a run an error happened in, with the decisions before it in words when the
    engine can say them (``engine.words(seed, actions)``)."""
    value = game_seed(seed, index)
    words = getattr(engine, "words", None)
    steps = tuple(words(value, actions)) if words is not None and actions else ()
    return GameContext(seed, index, value, engine.players, tuple(labels), steps)


def play_game(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    index: int,
    *,
    competitive: bool | None = None,
    everyone_tied_wins: bool = False,
    labels: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> GameRecord:
    """Play game ``index`` of run ``seed`` with one bot per seat and return its record.

    Pass ``competitive=simulator.competitive`` and ``everyone_tied_wins=simulator.everyone_tied_wins``
    (the winners depend on them; see ``_winners``) and ``labels`` to name the bots in the record
    (default: each bot's ``name``)."""
    return play_game_state(engine, bots, seed, index, competitive=competitive, everyone_tied_wins=everyone_tied_wins,
                           labels=labels, max_turns=max_turns)[0]


@dataclass(frozen=True, slots=True)
class Job:
    """Everything a worker needs to play any game of one table (picklable: crosses process and
    machine boundaries); ``key`` names it in a worker's cache of built tables."""

    key: str
    simulator: Simulator | str
    """The registered kind (looked up again in the worker), or the Simulator itself for others."""
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
        self.simulator = simulator_for(job.simulator) if isinstance(job.simulator, str) else job.simulator
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


def play_chunk(job: Job, indexes: Sequence[int]) -> Played:
    """A worker's task: games ``indexes`` of ``job``, with the job's table built once per process."""
    table = _TABLES.get(job.key)
    if table is None:
        table = Table(job)
        _TABLES[job.key] = table
        while len(_TABLES) > TABLE_CACHE:
            _TABLES.popitem(last=False)
    else:
        _TABLES.move_to_end(job.key)
    return table.play_chunk(indexes)


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
        simulator=cell.simulator.kind if is_registered(cell.simulator) else cell.simulator,
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
    executor: "Executor | None" = None,
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
    from .executors import LocalExecutor

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
    for number, part in executor.play(jobs, tasks):
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
    executor: "Executor | None" = None,
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
