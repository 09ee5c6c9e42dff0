"""A rules file's ``worth(state, player)``: one player's standing, which the bots compare with the
best other player's; the same judgement as the ``heuristic`` that writes the comparison out, at the
cost of one call a player when a search judges a position for every player."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.app.catalog import GAMES
from generator.app.simulators import simulator_for
from generator.cli.main import cli
from generator.loader import load_project
from generator.sim.api import BotSpec
from generator.sim.runner import make_bots
from tests.rulesgame import RULES, line_of, make_project

WORTH = '''

def worth(state: State, player: int) -> float:
    calls.append(player)
    piles = sum(card.value for card in state.zone("pile", player))
    return piles + 0.5 * sum(card.value for card in state.zone("hand", player)) + 0.25 * player


calls = []
'''

HEURISTIC = '''

def heuristic(state: State, player: int) -> float:
    def standing(p: int) -> float:
        piles = sum(card.value for card in state.zone("pile", p))
        return piles + 0.5 * sum(card.value for card in state.zone("hand", p)) + 0.25 * p
    return standing(player) - max(standing(p) for p in state.others(player))
'''


def engine_of(project: Path, players: int) -> Any:
    game = load_project(project, GAMES, layouts=False).game("tens")
    return simulator_for("custom").make_engine(game, players, game.info.options.resolve({}))


def played(engine: Any, bots: list[str], seed: int) -> list[str]:
    """Every action of one game of ``bots`` from ``seed``, as text (cards of two engines are two
    objects)."""
    seats = make_bots(simulator_for("custom"), engine, [BotSpec.parse(bot) for bot in bots])
    state = engine.new_game(random.Random(seed))
    rngs = [random.Random(seed * 7 + seat) for seat in range(len(bots))]
    actions = []
    while not state.is_terminal():
        seat = state.current_player()
        action = seats[seat].choose_with_state(state, state.legal_actions(), rngs[seat])
        state.apply(action)
        actions.append(repr(action))
    return actions


def test_worth_judges_as_the_heuristic_that_writes_the_comparison_out(tmp_path: Path) -> None:
    by_worth = engine_of(make_project(tmp_path / "worth", RULES + WORTH), 3)
    by_heuristic = engine_of(make_project(tmp_path / "heuristic", RULES + HEURISTIC), 3)
    one, other = by_worth.new_game(random.Random(4)), by_heuristic.new_game(random.Random(4))
    for _ in range(5):
        one.apply(one.legal_actions()[0])
        other.apply(other.legal_actions()[0])
        values = one.evaluate_each()
        assert values == other.evaluate_each() == [one.evaluate(p) for p in range(3)]
        assert values == [other.evaluate(p) for p in range(3)]
        assert len(set(values)) > 1 and max(values) > 0 > min(values)  # leads, not standings
    for bots in (["greedy"] * 3, ["ismcts:30", "greedy", "rollout:2,60"]):
        assert played(by_worth, bots, 9) == played(by_heuristic, bots, 9)


def test_a_search_reads_each_players_worth_once_a_position(tmp_path: Path) -> None:
    engine = engine_of(make_project(tmp_path / "tens", RULES + WORTH), 3)
    state = engine.new_game(random.Random(1))
    calls = state._rules.module.calls
    calls.clear()
    state.evaluate_each()
    assert calls == [0, 1, 2]


def test_without_worth_or_heuristic_the_lead_is_the_score_lead_lowest_wins_included(tmp_path: Path) -> None:
    engine = engine_of(make_project(tmp_path / "tens", RULES), 3)
    state = engine.new_game(random.Random(2))
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    scores = state.scores()
    leads = [scores[p] - max(s for q, s in enumerate(scores) if q != p) for p in range(3)]
    assert state.evaluate_each() == leads == [state.evaluate(p) for p in range(3)]
    state._lowest = True  # the lowest score wins: the leads of the negated scores
    negated = [-s for s in scores]
    assert state.evaluate_each() == [negated[p] - max(s for q, s in enumerate(negated) if q != p) for p in range(3)]


@pytest.mark.parametrize("extra, needle, message", [
    (WORTH + HEURISTIC, "def worth", "the rules file defines both heuristic(state, player) and worth(state, player)"),
    (WORTH.replace("    return piles", "    return 'high' if piles else piles"), "def worth",
     "worth() gave 'high' for player 0, not a number (during a look-ahead in a copy of the game searched by greedy)"),
    (WORTH.replace("    calls.append(player)\n", "    calls.append(player)\n    1 / 0\n"), "    1 / 0",
     "ZeroDivisionError: division by zero"),
])
def test_a_wrong_worth_is_located_and_fails_the_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: str,
                                                    needle: str, message: str) -> None:
    rules = RULES + extra
    project = make_project(tmp_path / "tens", rules)
    monkeypatch.chdir(project)
    result = CliRunner().invoke(cli, ["simulate", "tens", "--project", str(project), "-k", "6", "-w", "1",
                                      "--skill-games", "0", "--bot", "greedy"])
    assert result.exit_code == 1 and "Traceback" not in result.stderr, result.output + result.stderr
    first = result.stderr.splitlines()[0]
    assert first.startswith(f"card_defs/rules.py:{line_of(rules, needle)}:") and message in first, first
