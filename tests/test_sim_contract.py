"""The one contract every simulated game keeps, run over every registered game kind.

Random legal play on the shipped definitions at several player counts: legal actions are never
empty before the end, applying a legal action never raises, the invariants hold after every move,
a terminal state comes within a bound, there is one score per seat, every seat's observation can
be taken, ``clone()`` is independent, and an action that is not legal is refused with IllegalAction.
Every registered bot then plays a few games through the runner, and the runner gives the same
records with one and two workers. A kind whose engine package is missing fails here (never skipped).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.model import GameDefinition
from generator.sim.api import (
    TERMINAL,
    BotSpec,
    Engine,
    GameState,
    IllegalAction,
    game_seed,
    resolve_options,
)
from generator.sim.registry import simulated_kinds, simulator_for
from generator.sim.runner import make_bots, play_game, run
from tests.registered import definitions_of, project_of

GAMES_PER_KIND = 200
SLOW_GAMES_PER_KIND = 3000
DEEP_GAMES = 4
"""Games per table that also take every seat's observation after every move and test clone()."""
MAX_DECISIONS = 50_000
"""A bound no real game reaches under random play (Firecrackers with 10 players takes the most)."""



class _NotAnAction:
    """A value no engine can take for a legal action."""

    def __repr__(self) -> str:
        return "<not an action>"


def definitions(kind: str) -> list[GameDefinition]:
    return definitions_of(kind)


def player_counts(definition: GameDefinition) -> list[int]:
    """The smallest, a middle and the largest table the definition allows."""
    counts = sorted(definition.info.players)
    return sorted({counts[0], counts[len(counts) // 2], counts[-1]})


def tables(kind: str) -> list[tuple[GameDefinition, int, dict[str, Any]]]:
    """Every (definition, players, extra settings) to test: each count, and each expansion once."""
    result: list[tuple[GameDefinition, int, dict[str, Any]]] = []
    for definition in definitions(kind):
        for players in player_counts(definition):
            result.append((definition, players, {}))
        for expansion in project_of(kind)[0].expansions_of(definition.info.id):
            result.append((definition, player_counts(definition)[1], {"expansion": expansion}))
    return result


def make_engine(kind: str, definition: GameDefinition, players: int, extra: dict[str, Any]) -> Engine:
    return simulator_for(kind).make_engine(definition, players, resolve_options(definition, None), **extra)


def check_state(state: GameState, players: int) -> None:
    state.check_invariants()
    for seat in range(players):
        state.observation(seat)


def random_game(engine: Engine, players: int, seed: int, deep: bool) -> GameState:
    """Play one game with uniformly random legal actions, checking the contract after every move."""
    rng = random.Random(seed)
    state = engine.new_game(rng)
    check_state(state, players)
    clone_at = rng.randrange(1, 40)
    decisions = 0
    while not state.is_terminal():
        player = state.current_player()
        assert 0 <= player < players, f"current_player() {player} is no seat of {players}"
        legal = list(state.legal_actions())
        assert legal, "no legal action before the end of the game"
        if deep and decisions == clone_at:
            check_clone(state, players, rng)
        state.apply(rng.choice(legal))
        decisions += 1
        state.check_invariants()
        if deep:
            for seat in range(players):
                state.observation(seat)
        assert decisions <= MAX_DECISIONS, f"no end after {MAX_DECISIONS} random decisions"
    assert state.current_player() == TERMINAL
    assert len(state.scores()) == players
    assert state.turns >= 0
    assert isinstance(state.outcome(), dict)
    check_state(state, players)
    return state


def check_clone(state: GameState, players: int, rng: random.Random) -> None:
    """Playing a clone to its end leaves the original untouched; bogus actions are refused."""
    before = (state.turns, state.current_player(), list(state.legal_actions()), list(state.scores()))
    copy = state.clone()
    with pytest.raises(IllegalAction):
        copy.apply(_NotAnAction())
    while not copy.is_terminal():
        copy.apply(rng.choice(list(copy.legal_actions())))
    copy.check_invariants()
    after = (state.turns, state.current_player(), list(state.legal_actions()), list(state.scores()))
    assert after == before, "playing a clone changed the original state"
    state.check_invariants()


def play_tables(kind: str, games: int) -> None:
    table_list = tables(kind)
    per_table = max(1, games // len(table_list))
    for t, (definition, players, extra) in enumerate(table_list):
        engine = make_engine(kind, definition, players, extra)
        assert engine.players == players
        for index in range(per_table):
            seed = game_seed(t, index)
            try:
                random_game(engine, players, seed, deep=index < DEEP_GAMES)
            except Exception as exc:  # say which game broke the contract, then fail with it
                raise AssertionError(
                    f"{definition.info.id} with {players} players {extra or ''}, game seed {seed}: "
                    f"{type(exc).__name__}: {exc}"
                ) from exc


@pytest.mark.parametrize("kind", simulated_kinds())
def test_random_play_keeps_the_contract(kind: str) -> None:
    play_tables(kind, GAMES_PER_KIND)


@pytest.mark.slow
@pytest.mark.parametrize("kind", simulated_kinds())
def test_random_play_keeps_the_contract_long(kind: str) -> None:
    play_tables(kind, SLOW_GAMES_PER_KIND)


@pytest.mark.parametrize("kind", simulated_kinds())
def test_every_bot_plays_legal_games(kind: str) -> None:
    simulator = simulator_for(kind)
    for best in (simulator.best, *simulator.best_by_players.values()):
        assert BotSpec.parse(best).name in simulator.bots, f"best names no bot: {best}"
    definition = definitions(kind)[0]
    players = player_counts(definition)[0]
    engine = make_engine(kind, definition, players, {})
    for name in sorted(simulator.bots):
        bots = make_bots(simulator, engine, [BotSpec(name)] * players)
        for index in range(3):
            record = play_game(engine, bots, seed=17, index=index, competitive=simulator.competitive,
                               max_turns=MAX_DECISIONS)
            assert len(record.scores) == players and record.decisions > 0, name
            assert all(0 <= seat < players for seat in record.winners)


@pytest.mark.parametrize("kind", simulated_kinds())
def test_runner_same_records_with_one_or_two_workers(kind: str) -> None:
    simulator = simulator_for(kind)
    definition = definitions(kind)[0]
    # the largest table: the runner's reproducibility, not a bot's cost (Hanabi's best at two players
    # searches, seconds a game; tests/test_sim_hanabi_search.py checks it with one and two workers)
    players = player_counts(definition)[-1]
    one = run(simulator, definition, players, [BotSpec("best")], 8, seed=5, workers=1)
    two = run(simulator, definition, players, [BotSpec("best")], 8, seed=5, workers=2, start_method="spawn")
    assert one.records == two.records
