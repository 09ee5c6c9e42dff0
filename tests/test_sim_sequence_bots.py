"""The Sequence bots: legal choices, the heuristic's tactics, and its strength against random play."""

from __future__ import annotations

import random

import pytest

from generator.games.sequence.sim import HeuristicBot, make_engine
from generator.games.sequence.sim.engine import SequenceState
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec, resolve_options
from generator.app.simulators import simulator_for
from generator.sim.runner import make_bots, play_game
from generator.app.catalog import GAMES

from .test_sim_sequence import cell, code_at, fresh, give, place, set_hand

PROJECT = load_project(shipped_root(), GAMES)
DEFINITION = PROJECT.game("sequence")
SIM = simulator_for("sequence")


def choose(state: SequenceState) -> int:
    bot = HeuristicBot(state.engine)
    return bot.choose(state.observation(state.player), state.legal_actions(), random.Random(0))


def run_games(players: int, bots: list[str], games: int, seed: int) -> list:
    engine = make_engine(DEFINITION, players, resolve_options(DEFINITION, None))
    specs = [BotSpec(b) for b in bots]
    return [play_game(engine, make_bots(SIM, engine, specs), seed, i, competitive=True) for i in range(games)]


def test_best_is_the_heuristic_and_parameters_are_refused() -> None:
    assert SIM.best == "heuristic" and set(SIM.bots) == {"random", "heuristic"}
    engine = make_engine(DEFINITION, 2, resolve_options(DEFINITION, None))
    for name in SIM.bots:
        with pytest.raises(ValueError):
            SIM.bots[name]("0.5", 0, engine)


def test_heuristic_completes_a_sequence() -> None:
    state = fresh(seed=4)
    place(state, 0, [cell(2, c) for c in range(2, 6)])
    target = cell(2, 6)
    give(state, 0, [code_at(state, target)])
    assert choose(state) == state.geo.code_id[code_at(state, target)] * 100 + target


def test_heuristic_blocks_an_open_four() -> None:
    state = fresh(seed=4)
    place(state, 1, [cell(6, c) for c in range(3, 7)])
    give(state, 0, [code_at(state, cell(6, 7))])
    action = choose(state)
    assert action % 100 in (cell(6, 2), cell(6, 7))


def test_heuristic_keeps_two_eyed_jack_unless_it_matters() -> None:
    state = fresh(seed=4)
    set_hand(state, 0, ["JD", "2S", "3S"])
    jd = state.geo.code_id["JD"]
    assert choose(state) // 100 != jd  # nothing urgent: a natural card is played
    place(state, 0, [cell(4, c) for c in range(2, 6)])  # four in row 4, ends r4c1 (QS) and r4c6 (AH)
    assert choose(state) in (jd * 100 + cell(4, 1), jd * 100 + cell(4, 6))


def test_heuristic_breaks_an_opponent_four_with_a_one_eyed_jack() -> None:
    state = fresh(seed=4)
    set_hand(state, 0, ["JH", "2S", "3S"])
    row = [cell(8, c) for c in range(1, 5)]  # r8c0 and r8c5 (AC, 3S) would block
    place(state, 1, row)
    set_hand(state, 0, ["JH", "2S", "4S"])
    action = choose(state)
    assert action // 100 == state.geo.code_id["JH"] and action % 100 in row


def test_heuristic_exchanges_a_dead_card_first() -> None:
    state = fresh(seed=4)
    card = state.geo.code_id["5H"]
    place(state, 1, list(state.geo.cells_of[card]))
    give(state, 0, ["5H"])
    assert choose(state) == -1 - card


def test_heuristic_only_plays_legal_moves_at_every_table() -> None:
    for players in (2, 3, 4, 6, 12):
        for record in run_games(players, ["heuristic"] * players, 5, seed=3):
            assert record.outcome["end"] is not None


@pytest.mark.e2e
def test_heuristic_beats_random_from_either_seat() -> None:
    first = run_games(2, ["heuristic", "random"], 150, seed=1)
    second = run_games(2, ["random", "heuristic"], 150, seed=2)
    wins = sum(1 for r in first if r.winners == (0,)) + sum(1 for r in second if r.winners == (1,))
    assert wins / 300 > 0.9


def test_heuristic_mirror_is_roughly_fair() -> None:
    records = run_games(2, ["heuristic", "heuristic"], 200, seed=5)
    decided = [r for r in records if len(r.winners) == 1]
    first = sum(1 for r in decided if r.winners == (0,)) / len(decided)
    assert 0.35 < first < 0.7


def test_heuristic_picks_the_five_that_leave_the_most_for_a_second_sequence() -> None:
    """Seven in a row (r5c3-r5c9): the heuristic claims r5c5-r5c9, which leaves r5c3 and r5c4 free
    to join r5c5 in a second sequence (r5c1-r5c5 shares one chip with it); the leftmost five would
    leave nothing beside it on that row."""
    state = fresh()
    place(state, 0, [cell(5, c) for c in (3, 4, 5, 7, 8, 9)])
    give(state, 0, [code_at(state, cell(5, 6))])
    state.apply(state.geo.code_id[code_at(state, cell(5, 6))] * 100 + cell(5, 6))
    assert state.observation(0).decision == "claim"
    right = state.geo.windows.index(tuple(cell(5, c) for c in range(5, 10)))
    assert choose(state) == state.claim_base + right


def test_random_bot_picks_a_legal_five() -> None:
    state = fresh()
    place(state, 0, [cell(5, c) for c in (0, 1, 2, 3, 5)])
    give(state, 0, [code_at(state, cell(5, 4))])
    state.apply(state.geo.code_id[code_at(state, cell(5, 4))] * 100 + cell(5, 4))
    bot = SIM.bots["random"](None, 0, state.engine)
    picks = {bot.choose(state.observation(0), state.legal_actions(), random.Random(i)) for i in range(20)}
    assert picks == set(state.legal_actions())
