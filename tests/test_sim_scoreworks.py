"""Scoreworks in the Firecrackers simulator: every scoring card, its replace flag, the draw, and the
expansion's two extra core rules."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.games.firecrackers.sim.engine import make_engine
from generator.games.firecrackers.sim.scoreworks import SIMULATED_KEYS
from generator.games.firecrackers.sim.scoring import score_game
from generator.games.firecrackers.sim.staging import give, staged, start
from generator.games.firecrackers.sim.state import PASS, STOP


@pytest.fixture(scope="module")
def table(fc):
    return make_engine(fc, 3, {}).table


def cards(table, *labels):
    found = []
    for label in labels:
        found.append(next(c for c in range(table.size) if table.label(c) == label and c not in found))
    return found


@pytest.fixture(scope="module")
def owned(table):
    a = cards(table, "red-1-plain", "red-5-plain", "red-4-destroy_discard", "black-2-double_sight")
    b = cards(table, "yellow-2-plain", "yellow-3-plain", "black-4-money_trade")
    return [a, b, []]


EXPECTED = {
    "default": [12, 3, 0],
    "shifted": [0, 0, 0],
    "bonus_color": [22, 13, 0],
    "bonus_number": [32, 18, 0],
    "only_action": [8, 6, 0],
    "only_non_action": [6, 5, 0],
    "penalty_color": [2, -7, 0],
    "penalty_number": [-8, -12, 0],
    "pyromaniacs": [10, 0, 0],
    "regret_rocket": [4, 3, 0],
    "sharing_is_caring": [0, 0, 0],
    "forbidden_numbers": [-12, -3, 0],
    "anti_shopper": [7, 3, 5],
    "raincheck": [12, 3, 0],
    "underdog": [2, 3, 0],
    "black_magic": [17, 8, -5],
}


def test_every_card_has_a_rule_and_an_expected_score(sw):
    keys = {card.key for card in sw.scoring_cards}
    assert len(sw.scoring_cards) == 16 and keys <= SIMULATED_KEYS and keys == set(EXPECTED)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_scoreworks_card_scores(sw, table, owned, key):
    card = sw.card(key)
    sheet = score_game(table, owned, key, card.replaces_default)
    assert list(sheet.scores) == EXPECTED[key]
    assert list(sheet.default) == EXPECTED["default"]


def test_underdog_picks_the_colour_that_helps_the_last_player(table, owned):
    sheet = score_game(table, owned, "underdog", False)
    assert sheet.underdog_seat == 2 and sheet.underdog_colour == "red"


def test_only_action_scores_the_printed_number_of_action_cards(fc):
    """Card: "Action cards score their number; plain cards score 1": a super_cracker 4 scores 4 (not
    13), a money_trade 4 scores 4 (not -2), a points_trade 4 scores 4 (not 8), a plain 5 scores 1."""
    table = make_engine(fc, 10, {}).table
    owned = cards(table, "brown-4-super_cracker", "black-4-money_trade", "black-4-points_trade", "red-5-plain")
    sheet = score_game(table, [owned, [], []], "only_action", True)
    assert sheet.scores[0] == 4 + 4 + 4 + 1


def test_sharing_is_caring_doubles_a_colour_every_player_owns(table, owned):
    everyone = [owned[0], owned[1], cards(table, "black-2-multicolor")]
    assert list(score_game(table, everyone, "sharing_is_caring", True).scores) == [4, -4, 2]


def test_forbidden_numbers_negates_the_most_frequent_number(table):
    mine = cards(table, "red-1-plain", "yellow-1-plain", "red-5-plain")
    assert score_game(table, [mine, []], "forbidden_numbers", True).scores[0] == 3


def test_the_replace_flag_comes_from_the_definition(table, owned):
    # only_non_action added to (not replacing) the default sum: 12 + 6, 3 + 5
    assert list(score_game(table, owned, "only_non_action", False).scores) == [18, 8, 0]


def test_replace_flags_match_the_reference(sw):
    replacing = {c.key for c in sw.scoring_cards if c.replaces_default}
    assert replacing == {"shifted", "only_action", "only_non_action", "pyromaniacs", "regret_rocket",
                         "sharing_is_caring", "forbidden_numbers"}


def test_card_drawn_with_the_game_rng(fc, sw):
    engine = make_engine(fc, 4, {}, expansion=sw)
    drawn = [engine.new_game(random.Random(seed)).scoreworks.key for seed in range(300)]
    assert set(drawn) == {c.key for c in sw.scoring_cards}
    assert drawn == [engine.new_game(random.Random(seed)).scoreworks.key for seed in range(300)]


def test_fixed_card_and_errors(fc, sw):
    engine = make_engine(fc, 4, {}, expansion=sw, scoreworks="pyromaniacs")
    assert {engine.new_game(random.Random(s)).scoreworks.key for s in range(20)} == {"pyromaniacs"}
    with pytest.raises(ValueError, match="unknown Scoreworks card"):
        make_engine(fc, 4, {}, expansion=sw, scoreworks="nope")
    with pytest.raises(ValueError, match="expansion"):
        make_engine(fc, 4, {}, scoreworks="default")
    broken = dataclasses.replace(sw, scoring_cards=sw.scoring_cards + (dataclasses.replace(sw.scoring_cards[0], key="mystery"),))
    with pytest.raises(ValueError, match="mystery"):
        make_engine(fc, 4, {}, expansion=broken)


def _stopping(fc, sw=None, **options):
    s = staged(fc, expansion=sw, scoreworks="default" if sw else None, **options)
    for seat in range(1, s.n):
        s.in_round[seat] = False
    give(s, 0, "discard", "red-1-plain")
    give(s, 0, "revealed", "red-2-plain", "red-3-plain")
    start(s).apply(STOP)
    return s


def test_must_buy_core_rule(fc, sw):
    assert PASS not in _stopping(fc, sw).legal_actions()
    assert PASS in _stopping(fc).legal_actions()
    assert PASS in _stopping(fc, sw, scoreworks_core_rules=False).legal_actions()


def test_last_alive_may_destroy_a_revealed_or_discarded_card(fc, sw):
    s = _stopping(fc, sw)
    while s.pending_kind == "buy":
        s.apply(s.legal_actions()[0])
    assert s.pending_kind == "last_alive_destroy" and s.current_player() == 0
    zones = {a[1] for a in s.legal_actions() if a != PASS}
    assert zones == {"revealed", "discard"}
    s.apply(next(a for a in s.legal_actions() if a != PASS and a[1] == "revealed"))
    assert len(s.destroyed) == 1 and s.round == 2
    s.check_invariants()
    plain = _stopping(fc)
    plain.apply(PASS)
    assert plain.round == 2 and not plain.destroyed


def test_raincheck_sets_a_card_aside_that_still_scores(fc, sw):
    s = staged(fc, expansion=sw, scoreworks="raincheck", scoreworks_core_rules=False)
    for seat in range(1, s.n):
        s.in_round[seat] = False
    (card,) = give(s, 0, "revealed", "red-5-plain")
    start(s).apply(STOP)
    while s.pending_kind == "buy":
        s.apply(PASS)
    assert s.pending_kind == "raincheck"
    s.apply(("aside", 0))
    assert s.aside[0] == [card] and card in s.owned(0) and card not in s.deck[0] + s.discard[0]
    s.check_invariants()


def test_outcome_names_the_card(fc, sw):
    from generator.games.firecrackers.sim.bots import make_pyro
    from generator.games.firecrackers.sim.staging import play

    engine = make_engine(fc, 3, {}, expansion=sw, scoreworks="black_magic")
    state = play(engine, [make_pyro(None, s, engine) for s in range(3)], 5, 0, check_every=1)
    assert state.outcome()["scoreworks"] == "black_magic"


def test_underdog_colour_is_the_last_placed_seats_decision(fc, sw):
    """At the end of a game with underdog, the last-placed seat's bot picks the colour (any pack):
    the final scores are those of its pick, and pyro picks the colour of its largest lead."""
    from generator.games.firecrackers.sim.bots import make_pyro
    from generator.games.firecrackers.sim.scoreworks import (
        underdog_leads,
        underdog_rescore,
        underdog_seat,
    )

    engine = make_engine(fc, 3, {}, expansion=sw, scoreworks="underdog")
    pyro = make_pyro(None, 0, engine)
    picks = 0
    for seed in range(6):
        state = engine.new_game(random.Random(seed))
        rng = random.Random(seed)
        while state.legal_actions() and state.observation(state.current_player()).decision != "underdog":
            state.apply(rng.choice(state.legal_actions()))
        if state.is_terminal():
            continue
        seat = state.current_player()
        owned = [state.owned(s) for s in range(3)]
        assert seat == underdog_seat(engine.table, owned, False)
        assert list(state.legal_actions()) == list(engine.table.packs)
        leads = underdog_leads(engine.table, owned, False, seat)
        view = state.observation(seat)
        assert view.underdog_leads() == leads
        assert leads[pyro.choose(view, state.legal_actions(), rng)] == max(leads.values())
        worst = min(leads, key=leads.get)
        state.apply(worst)
        assert state.is_terminal() and state.sheet.underdog_colour == worst
        assert list(state.scores()) == underdog_rescore(engine.table, owned, False, seat, worst)
        picks += 1
    assert picks == 6
