"""Plays many games of one table with given bots and a seed, over one or several processes.

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

import ctypes
import multiprocessing
import os
import random
import signal
import sys
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

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
from .registry import is_registered, simulator_for

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
    """With ``export=True``: each game in its community file format, in index order."""
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
            best = BotSpec.parse(simulator.best)
            spec = BotSpec(best.name, spec.param if spec.param is not None else best.param)
        if spec.name not in simulator.bots:
            known = ", ".join(sorted(simulator.bots)) + ", best"
            raise BotSpecError(f"unknown bot '{spec.name}' for {simulator.kind} (bots: {known})")
        resolved.append(spec)
    return tuple(resolved)


def check_players(definition: GameDefinition, players: int) -> None:
    """Raise ValueError unless the definition allows a table of ``players``."""
    allowed = definition.info.players
    if players not in allowed:
        counts = ", ".join(str(n) for n in allowed)
        raise ValueError(f"{definition.info.id} is played by {counts} players, not {players}")


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


def _winners(outcome: Mapping[str, Any], scores: Sequence[float], competitive: bool | None) -> tuple[int, ...]:
    """Competitive: the seats with the top score (several on a tie, or the whole winning team of a
    team game, whose members share the team's score); when every seat has the top score the game is
    a draw and nobody wins. Cooperative: every seat when
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
        return winners if len(winners) < len(scores) or len(scores) == 1 else ()
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
        winners=_winners(outcome, scores, competitive),
        bots=names,
        outcome=outcome,
    )
    return record, state


def play_game(
    engine: Engine,
    bots: Sequence[Bot],
    seed: int,
    index: int,
    *,
    competitive: bool | None = None,
    labels: Sequence[str] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> GameRecord:
    """Play game ``index`` of run ``seed`` with one bot per seat and return its record.

    Pass ``competitive=simulator.competitive`` (the winners depend on it; see ``_winners``) and
    ``labels`` to name the bots in the record (default: each bot's ``name``)."""
    return play_game_state(engine, bots, seed, index, competitive=competitive, labels=labels, max_turns=max_turns)[0]


@dataclass(frozen=True, slots=True)
class _Job:
    """Everything a worker needs to play any game of a run (picklable: crosses process boundaries)."""

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


class _Table:
    """A job made ready to play: the simulator and the engine, built once per process."""

    def __init__(self, job: _Job) -> None:
        self.job = job
        self.simulator = simulator_for(job.simulator) if isinstance(job.simulator, str) else job.simulator
        self.engine = self.simulator.make_engine(job.definition, job.players, dict(job.options), **job.extra)
        self.labels = tuple(str(spec) for spec in job.specs)

    def play(self, index: int) -> tuple[GameRecord, dict[str, Any] | None]:
        """Game ``index`` with fresh bots: its record and, when asked, its exported file."""
        bots = make_bots(self.simulator, self.engine, self.job.specs)
        record, state = play_game_state(
            self.engine, bots, self.job.seed, index,
            competitive=self.simulator.competitive, labels=self.labels, max_turns=self.job.max_turns,
        )
        exported = None
        if self.job.export and self.simulator.export_game is not None:
            exported = self.simulator.export_game(state)
        return record, exported

    def play_chunk(self, indexes: Sequence[int]) -> list[tuple[GameRecord, dict[str, Any] | None]]:
        """Several games, in index order (one task of a worker)."""
        return [self.play(i) for i in indexes]


_WORKER_TABLE: _Table | None = None


def _init_worker(job: _Job, parent: int) -> None:
    global _WORKER_TABLE
    _quiet_worker(parent)
    _WORKER_TABLE = _Table(job)


def _quiet_worker(parent: int) -> None:
    """A worker ends with its parent, and without a traceback. Ctrl-C reaches every process of the
    terminal's group: workers ignore it and the parent, which handles it, stops the pool with
    SIGTERM, whose default action ends a worker at once (a forked worker would otherwise inherit
    the parent's handler and raise in the middle of a game). On Linux the system also sends a
    worker SIGTERM when its parent dies, however it dies, so no worker is left playing or blocked
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


_PR_SET_PDEATHSIG = 1


def _play_chunk(indexes: Sequence[int]) -> list[tuple[GameRecord, dict[str, Any] | None]]:
    assert _WORKER_TABLE is not None, "worker not initialised"
    return _WORKER_TABLE.play_chunk(indexes)


def _chunks(games: int, workers: int) -> list[range]:
    """Index ranges small enough to balance the workers and to move the progress bar smoothly."""
    size = max(1, min(200, games // (workers * 8) or 1))
    return [range(start, min(games, start + size)) for start in range(0, games, size)]


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
) -> RunResult:
    """Play ``games`` games of one table and return every record, identical for any ``workers``.

    ``options`` are rule overrides (checked against the definition); ``extra`` goes to
    ``make_engine`` as keyword settings; ``start_method`` picks how workers start (default:
    ``DEFAULT_START_METHOD``). ``export`` keeps each game's community file in the result;
    ``on_export`` instead receives each one as soon as it is played (in no set order) and the
    result keeps none, so a long run's files need not fit in memory. Raises BotSpecError,
    OptionError or the engine's own ValueError for a table it refuses, before any game is played."""
    export = export or on_export is not None
    if games < 0:
        raise ValueError("the number of games cannot be negative")
    if games > MAX_GAMES:
        raise ValueError(f"{games:,} games; a run plays at most {MAX_GAMES:,}")
    resolved_options = resolve_options(definition, options)
    specs = resolve_bots(simulator, bots, players)
    extra_settings = dict(extra or {})
    check_players(definition, players)
    shipped = is_registered(simulator)
    job = _Job(
        simulator=simulator.kind if shipped else simulator,
        definition=definition,
        players=players,
        specs=specs,
        options=resolved_options,
        extra=extra_settings,
        seed=seed,
        export=export,
        max_turns=max_turns,
    )
    table = _Table(job)  # builds the engine now: a table the engine refuses fails before any game
    make_bots(table.simulator, table.engine, specs)  # and bad bot parameters
    results: list[tuple[GameRecord, dict[str, Any] | None]] = []

    def collect(part: list[tuple[GameRecord, dict[str, Any] | None]]) -> None:
        if on_export is not None:
            for record, data in part:
                if data is not None:
                    on_export(record, data)
            part = [(record, None) for record, _ in part]
        results.extend(part)
        if progress is not None:
            progress(len(part))

    chunks = _chunks(games, max(1, workers))
    if workers <= 1 or games <= 1:
        for chunk in chunks:
            collect(table.play_chunk(chunk))
    else:
        context = multiprocessing.get_context(start_method or DEFAULT_START_METHOD)
        with context.Pool(processes=min(workers, len(chunks)), initializer=_init_worker,
                          initargs=(job, os.getpid())) as pool:
            for part in pool.imap_unordered(_play_chunk, chunks):
                collect(part)
    results.sort(key=lambda pair: pair[0].index)
    return RunResult(
        kind=simulator.kind,
        game_id=definition.info.id,
        players=players,
        seed=seed,
        bots=tuple(str(spec) for spec in specs),
        options=resolved_options,
        records=tuple(record for record, _ in results),
        competitive=simulator.competitive,
        exports=tuple(data for _, data in results if data is not None) if export else (),
        extra={key: _describe(value) for key, value in extra_settings.items()},
    )


def _describe(value: Any) -> str:
    """A short text for an extra engine setting (a definition is named by its id)."""
    info = getattr(value, "info", None)
    return str(info.id) if info is not None and hasattr(info, "id") else str(value)
