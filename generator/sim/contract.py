"""The contract every simulated game keeps, checked by playing it (as OpenSpiel tests every game):
a public checker for the shipped games, a game package's own tests and a rules file alike.

    from generator.sim.contract import check_game
    check_game(simulator, definition)               # raises ContractError naming the broken game

``check_game`` plays random games at several table sizes and checks after every move: a player to
act has legal actions, a legal action applies, the state keeps its invariants, every seat's
observation can be taken; then that the game ends within a bound with one number per seat for
scores, that a clone played to its end leaves the original untouched, that an action that is not
legal is refused with ``IllegalAction``; that every bot of the game plays whole games through the
runner; that a game written as a trace (or in the game's file format) replays to the same outcome;
and, with ``workers=True``, that the runner gives the same records with one and two worker
processes. Randomness comes from ``seed`` only: a failure names the game seed that shows it.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..model import GameDefinition
from .api import TERMINAL, BotSpec, Engine, GameState, IllegalAction, Simulator, game_seed, resolve_options
from .runner import make_bots, play_game, play_game_state, run

MAX_DECISIONS = 50_000
"""A bound no real game reaches under random play (ten-player Firecrackers takes the most)."""


class ContractError(AssertionError):
    """A game that breaks the contract: the message names the table and the game seed."""


@dataclass(frozen=True)
class _NotAnAction:
    """A value no engine can take for a legal action."""

    def __repr__(self) -> str:
        return "<not an action>"


def player_counts(definition: GameDefinition) -> list[int]:
    """The smallest, a middle and the largest table the definition allows."""
    counts = sorted(definition.info.players)
    return sorted({counts[0], counts[len(counts) // 2], counts[-1]})


def check_state(state: GameState, players: int) -> None:
    """The invariants hold and every seat's observation can be taken."""
    state.check_invariants()
    for seat in range(players):
        state.observation(seat)


def random_game(engine: Engine, players: int, seed: int, *, deep: bool = False,
                max_decisions: int = MAX_DECISIONS) -> GameState:
    """One game of uniformly random legal actions, the contract checked after every move; with
    ``deep``, every observation after every move too, and a clone played out at a random point."""
    rng = random.Random(seed)
    state = engine.new_game(rng)
    check_state(state, players)
    clone_at = rng.randrange(1, 40)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        _require(0 <= player < players, f"current_player() {player} is no seat of {players}")
        legal = list(state.legal_actions())
        _require(bool(legal), "no legal action before the end of the game")
        if deep and decisions == clone_at:
            check_clone(state, rng)
        state.apply(rng.choice(legal))
        decisions += 1
        state.check_invariants()
        if deep:
            for seat in range(players):
                state.observation(seat)
        _require(decisions <= max_decisions, f"no end after {max_decisions} random decisions")
    _require(state.current_player() == TERMINAL, "a finished game still names a player to act")
    scores = state.scores()
    _require(len(scores) == players, f"{len(scores)} scores for {players} players")
    _require(all(isinstance(s, (int, float)) and not isinstance(s, bool) for s in scores), f"scores {scores!r}")
    _require(state.turns >= 0, "turns is negative")
    _require(isinstance(state.outcome(), dict), "outcome() is not a dict")
    check_state(state, players)
    return state


def check_clone(state: GameState, rng: random.Random) -> None:
    """Playing a clone to its end leaves the original untouched; a bogus action is refused."""
    before = (state.turns, state.current_player(), list(state.legal_actions()), list(state.scores()))
    copy = state.clone()
    try:
        copy.apply(_NotAnAction())
    except IllegalAction:
        pass
    else:
        raise ContractError("an action that is not legal was applied (IllegalAction expected)")
    while not copy.is_terminal():
        copy.apply(rng.choice(list(copy.legal_actions())))
    copy.check_invariants()
    after = (state.turns, state.current_player(), list(state.legal_actions()), list(state.scores()))
    _require(after == before, "playing a clone changed the original state")
    state.check_invariants()


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise ContractError(message)


def check_random_play(simulator: Simulator, definition: GameDefinition, *, games: int = 60, seed: int = 0,
                      players: Sequence[int] | None = None, extras: Sequence[Mapping[str, Any]] = ({},),
                      deep_games: int = 4, max_decisions: int = MAX_DECISIONS) -> None:
    """Random games at each table size (and each extra engine setting), the contract checked."""
    tables = [(n, extra) for n in (players or player_counts(definition)) for extra in extras]
    per_table = max(1, games // len(tables))
    for t, (count, extra) in enumerate(tables):
        engine = simulator.make_engine(definition, count, resolve_options(definition, None), **dict(extra))
        _require(engine.players == count, f"an engine for {count} players says {engine.players}")
        for index in range(per_table):
            value = game_seed(seed * 1000 + t, index)
            try:
                random_game(engine, count, value, deep=index < deep_games, max_decisions=max_decisions)
            except Exception as exc:  # name the game that broke the contract, then fail with it
                raise ContractError(f"{definition.info.id} with {count} players {dict(extra) or ''}, game seed "
                                    f"{value}: {type(exc).__name__}: {exc}") from exc


def check_bots(simulator: Simulator, definition: GameDefinition, *, games: int = 2, seed: int = 17,
               players: int | None = None, max_decisions: int = MAX_DECISIONS) -> None:
    """Every bot of the game plays whole games through the runner; ``best`` (and each bot
    ``best_by_players`` names for a table size) names one of them."""
    for best in (simulator.best, *simulator.best_by_players.values()):
        _require(BotSpec.parse(best).name in simulator.bots, f"best names no bot: {best}")
    count = players if players is not None else player_counts(definition)[0]
    engine = simulator.make_engine(definition, count, resolve_options(definition, None))
    for name in sorted(simulator.bots):
        bots = make_bots(simulator, engine, [BotSpec(name)] * count)
        for index in range(games):
            record = play_game(engine, bots, seed=seed, index=index, competitive=simulator.competitive,
                               max_turns=max_decisions)
            _require(len(record.scores) == count and record.decisions > 0, f"bot {name}: a game without decisions")
            _require(all(0 <= seat < count for seat in record.winners), f"bot {name}: winners {record.winners}")


def check_replay(simulator: Simulator, definition: GameDefinition, *, games: int = 3, seed: int = 5,
                 players: int | None = None) -> None:
    """A game written as the game's file (a trace, or its community format) replays, as JSON, to
    the outcome it records."""
    replayer = simulator.replayer
    if replayer is None or (simulator.trace_game is None and simulator.export_game is None):
        return
    count = players if players is not None else player_counts(definition)[0]
    engine = simulator.make_engine(definition, count, resolve_options(definition, None))
    for index in range(games):
        bots = make_bots(simulator, engine, [BotSpec("random")] * count)
        record, state = play_game_state(engine, bots, seed, index, competitive=simulator.competitive)
        written = simulator.export_game(state) if simulator.export_game is not None else \
            simulator.trace_game(engine, state, record)  # type: ignore[misc]
        data = json.loads(json.dumps(written))
        try:
            replayer.replay(definition, data, {})
        except Exception as exc:
            raise ContractError(f"{definition.info.id}: game {index} of seed {seed} does not replay from its "
                                f"file: {type(exc).__name__}: {exc}") from exc


def check_workers(simulator: Simulator, definition: GameDefinition, *, games: int = 8, seed: int = 5,
                  players: int | None = None) -> None:
    """The runner gives the same records with one worker and with two (spawned) processes (by
    default at the largest table: the runner's reproducibility, not a bot's cost; Hanabi's best at
    two players searches, seconds a game)."""
    count = players if players is not None else player_counts(definition)[-1]
    one = run(simulator, definition, count, [BotSpec("best")], games, seed=seed, workers=1)
    two = run(simulator, definition, count, [BotSpec("best")], games, seed=seed, workers=2, start_method="spawn")
    _require(one.records == two.records, "one and two workers give different records")


def check_game(simulator: Simulator, definition: GameDefinition, *, games: int = 60, seed: int = 0,
               players: Sequence[int] | None = None, extras: Sequence[Mapping[str, Any]] = ({},),
               workers: bool = False) -> None:
    """Every check of this module on one definition (ContractError at the first broken one)."""
    check_random_play(simulator, definition, games=games, seed=seed, players=players, extras=extras)
    check_bots(simulator, definition)
    check_replay(simulator, definition)
    if workers:
        check_workers(simulator, definition)
