"""The one contract every simulated game keeps, run over every registered game kind with the public
checker (``generator.sim.contract``), as a game package's own tests run it.

Random legal play on the shipped definitions (or a game package's example project) at several
player counts; every registered bot through the runner; a game written to its file and replayed;
the same records with one and two workers. A kind whose engine package is missing fails here
(never skipped).
"""

from __future__ import annotations

from typing import Any

import pytest

from generator.model import GameDefinition
from generator.sim.contract import ContractError, check_bots, check_random_play, check_replay, check_workers, \
    player_counts
from generator.app.simulators import simulated_kinds, simulator_for
from tests.registered import definitions_of, project_of

pytestmark = pytest.mark.e2e

GAMES_PER_KIND = 200
SLOW_GAMES_PER_KIND = 3000


def extras(kind: str, definition: GameDefinition) -> list[dict[str, Any]]:
    """No extra setting, and each expansion of the definition in the project."""
    return [{}] + [{"expansion": e} for e in project_of(kind)[0].expansions_of(definition.info.id)]


def play_tables(kind: str, games: int) -> None:
    found = definitions_of(kind)
    for definition in found:
        check_random_play(simulator_for(kind), definition, games=max(1, games // len(found)),
                          extras=extras(kind, definition))


@pytest.mark.parametrize("kind", simulated_kinds())
def test_random_play_keeps_the_contract(kind: str) -> None:
    play_tables(kind, GAMES_PER_KIND)


@pytest.mark.slow
@pytest.mark.parametrize("kind", simulated_kinds())
def test_random_play_keeps_the_contract_long(kind: str) -> None:
    play_tables(kind, SLOW_GAMES_PER_KIND)


@pytest.mark.parametrize("kind", simulated_kinds())
def test_every_bot_plays_legal_games(kind: str) -> None:
    check_bots(simulator_for(kind), definitions_of(kind)[0])


@pytest.mark.parametrize("kind", simulated_kinds())
def test_a_written_game_replays(kind: str) -> None:
    check_replay(simulator_for(kind), definitions_of(kind)[0])


@pytest.mark.parametrize("kind", simulated_kinds())
def test_runner_same_records_with_one_or_two_workers(kind: str) -> None:
    check_workers(simulator_for(kind), definitions_of(kind)[0])


def test_the_checker_finds_a_broken_game() -> None:
    """A checker that cannot fail proves nothing: an engine that gives no legal action is caught."""
    simulator = simulator_for("sequence")
    definition = definitions_of("sequence")[0]

    class Stuck:
        def __init__(self, state: Any) -> None:
            self.state = state

        def __getattr__(self, name: str) -> Any:
            return getattr(self.state, name)

        def legal_actions(self) -> list[Any]:
            return []

    class Engine:
        players = 2

        def __init__(self, engine: Any) -> None:
            self.engine = engine

        def new_game(self, rng: Any) -> Any:
            return Stuck(self.engine.new_game(rng))

    broken = type(simulator)(**{**{f: getattr(simulator, f) for f in simulator.__dataclass_fields__},
                                "make_engine": lambda *a, **k: Engine(simulator.make_engine(*a, **k))})
    with pytest.raises(ContractError, match="no legal action before the end"):
        check_random_play(broken, definition, games=2, players=[player_counts(definition)[0]])
