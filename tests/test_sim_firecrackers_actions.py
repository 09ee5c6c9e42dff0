"""Every Firecrackers action, one staged position each showing its effect (firecrackers.md)."""

from __future__ import annotations

import pytest

from generator.games.firecrackers.sim.actions import EFFECTS
from generator.games.firecrackers.sim.scoring import card_values
from generator.games.firecrackers.sim.staging import give, kind_of, staged, start, top
from generator.games.firecrackers.sim.state import END, PASS, REVEAL, STOP


def colour(state, pack: str) -> int:
    return state.table.packs.index(pack)


TESTED: set[str] = set()


def covers(*keys: str):
    TESTED.update(keys)
    return lambda fn: fn


def solo(state):
    """Only seat 0 stays in the round (the turn keeps coming back to it)."""
    for seat in range(1, state.n):
        state.in_round[seat] = False
    return state


@covers("destroy_discard")
def test_destroy_discard(fc):
    s = solo(staged(fc))
    give(s, 0, "discard", "red-1-plain")
    top(s, 0, "red-2-destroy_discard")
    start(s).apply(REVEAL)
    assert s.pending_kind == "destroy_discard" and PASS in s.legal_actions()
    s.apply(("destroy", "discard", kind_of(s, "red-1-plain")))
    assert s.discard[0] == [] and len(s.destroyed) == 1
    s.check_invariants()


@covers("destroy_others")
def test_destroy_others(fc):
    s = staged(fc)
    give(s, 1, "revealed", "yellow-4-plain")
    top(s, 0, "red-3-destroy_others")
    start(s).apply(REVEAL)
    s.apply(("destroy", 1, 0))
    assert s.revealed[1] == [] and s.table.label(s.destroyed[0]) == "yellow-4-plain"
    s.check_invariants()


@covers("force_reveal")
def test_force_reveal(fc):
    s = staged(fc)
    top(s, 0, "orange-2-force_reveal")
    top(s, 1, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.current_player() == 1 and list(s.legal_actions()) == [REVEAL]


@covers("force_skip")
def test_force_skip_skips_the_neighbour(fc):
    s = staged(fc)
    top(s, 0, "orange-3-force_skip")
    start(s).apply(REVEAL)
    assert s.pending_kind == "force_skip" and set(s.legal_actions()) == {("skip", 0), ("skip", 1)}
    s.apply(("skip", 1))
    assert s.current_player() == 2


def test_force_skip_neighbour_option(fc):
    s = staged(fc, active=None, neighbour="previous")
    top(s, 0, "orange-3-force_skip")
    start(s).apply(REVEAL)
    assert set(s.legal_actions()) == {("skip", 0), ("skip", 9)}


@covers("treasure", "garbage")
@pytest.mark.parametrize("label, coins", [("yellow-2-treasure", 3), ("yellow-3-garbage", 1)])
def test_treasure_and_garbage_coins(fc, label, coins):
    s = staged(fc)
    give(s, 0, "revealed", label, "red-1-plain")
    start(s).apply(STOP)
    assert s.pending_kind == "buy" and s.buy_coins == coins


@covers("stick_it_out")
def test_stick_it_out_free_card_for_the_last_alive(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "green-2-stick_it_out")
    start(s).apply(STOP)
    s.apply(PASS)  # buys nothing with its coin
    assert s.pending_kind == "free_card" and s.current_player() == 0
    before = len(s.owned(0))
    s.apply(("take", kind_of(s, "red-5-plain")))
    assert s.free_cards == 1 and len(s.owned(0)) == before + 1
    s.check_invariants()


@covers("sudden_burst")
def test_sudden_burst_first_to_stop_reveals_two_more(fc):
    s = staged(fc)
    give(s, 0, "revealed", "green-3-sudden_burst")
    top(s, 0, "red-5-plain", "red-4-plain")
    start(s).apply(STOP)
    assert len(s.revealed[0]) == 3 and s.buy_coins == 3 and not s.exploded[0]


def test_sudden_burst_not_for_the_second_to_stop(fc):
    s = staged(fc)
    s.someone_stopped = True
    give(s, 0, "revealed", "green-3-sudden_burst")
    top(s, 0, "red-5-plain", "red-4-plain")
    start(s).apply(STOP)
    assert len(s.revealed[0]) == 1


@covers("stayin_alive")
def test_stayin_alive_saves_once_and_reveals_again(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "turquoise-2-stayin_alive", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain", "yellow-1-plain", "red-2-plain")
    start(s).apply(REVEAL)
    assert s.in_round[0] and s.stayin_used[0] and len(s.revealed[0]) == 5  # red-1 then yellow-1 at once
    assert s.totals(0)[colour(s, "red")] == 9  # the red-1 that would have exploded lies face down
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("buddy_explosion")
def test_buddy_explosion_takes_both_neighbours(fc):
    s = staged(fc)
    give(s, 0, "revealed", "turquoise-3-buddy_explosion", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[:3] == [1, 1, 1]


@covers("old_fireworks")
def test_old_fireworks_moves_two_discards_into_the_deck(fc):
    s = solo(staged(fc))
    give(s, 0, "discard", "red-1-plain", "red-2-plain", "red-3-plain")
    top(s, 0, "blue-2-old_fireworks")
    start(s).apply(REVEAL)
    assert s.pending_kind == "old_fireworks"
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.deck[0]) == 2 and len(s.discard[0]) == 1


@covers("try_again")
def test_try_again_moves_two_revealed_back(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-4-plain", "red-5-plain")
    top(s, 0, "blue-3-try_again")
    start(s).apply(REVEAL)
    assert ("return", 2) not in s.legal_actions()  # not itself
    s.apply(("return", 0))
    s.apply(("return", 0))
    assert [s.table.label(c) for c in s.revealed[0]] == ["blue-3-try_again"] and len(s.deck[0]) == 2


@covers("easy_ignite")
def test_easy_ignite_lowers_a_colour_threshold(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain")
    top(s, 0, "purple-2-easy_ignite", "red-1-plain")
    start(s).apply(REVEAL)
    s.apply(("colour", colour(s, "red")))
    assert s.thresholds()[colour(s, "red")] == 6 and s.in_round[0]
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("cold_weather")
def test_cold_weather_raises_a_colour_threshold(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain", "red-4-plain")
    top(s, 0, "purple-3-cold_weather", "red-1-plain")
    start(s).apply(REVEAL)
    s.apply(("colour", colour(s, "red")))
    s.apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "red")] == 10


@covers("safety_goggles")
def test_safety_goggles_shows_the_next_card(fc):
    s = solo(staged(fc))
    top(s, 0, "pink-2-safety_goggles", "red-3-plain")
    start(s).apply(REVEAL)
    view = s.observation(0)
    assert view.peek() == kind_of(s, "red-3-plain") and view.as_dict()["peek"] == "red-3-plain"
    s.apply(REVEAL)
    assert s.observation(0).peek() is None


@covers("no_hesitation")
def test_no_hesitation_allows_two_more_reveals(fc):
    s = staged(fc)
    top(s, 0, "pink-3-no_hesitation", "red-1-plain", "red-1-plain", "red-2-plain")
    start(s).apply(REVEAL)
    assert s.current_player() == 0 and END in s.legal_actions()
    s.apply(REVEAL)
    assert s.current_player() == 0
    s.apply(REVEAL)
    assert s.current_player() == 1 and len(s.revealed[0]) == 3


@covers("colorshift")
def test_colorshift_takes_the_target_colour(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain", "yellow-4-plain")
    top(s, 0, "white-2-colorshift")
    start(s).apply(REVEAL)
    s.apply(("shift", 1))
    totals = s.totals(0)
    assert totals[colour(s, "yellow")] == 6 and totals[colour(s, "white")] == 0


@covers("numbershift")
def test_numbershift_takes_the_target_number(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain")
    top(s, 0, "white-3-numbershift")
    start(s).apply(REVEAL)
    s.apply(("shift", 0))
    assert s.totals(0)[colour(s, "white")] == 5


@covers("super_cracker")
def test_super_cracker_explodes_even_with_stayin_alive(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "turquoise-2-stayin_alive")
    top(s, 0, "brown-2-super_cracker")
    start(s).apply(REVEAL)
    assert s.explosions[0] == 1
    assert max(card_values(s.table, [kind_card(s, "brown-2-super_cracker")])) == 13


@covers("blind_eye")
def test_blind_eye_hides_a_card_from_the_totals(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain", "red-4-plain")
    top(s, 0, "brown-3-blind_eye", "red-1-plain")
    start(s).apply(REVEAL)
    s.apply(("hide", 0))
    s.apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "red")] == 5


def kind_card(state, label: str) -> int:
    return next(c for c in range(state.table.size) if state.table.label(c) == label)


@covers("double_sight", "multicolor", "points_trade", "money_trade")
def test_black_scoring_actions(fc):
    s = staged(fc)
    owned = [kind_card(s, "black-2-double_sight"), kind_card(s, "black-4-points_trade"),
             kind_card(s, "black-4-money_trade"), kind_card(s, "black-2-multicolor"), kind_card(s, "red-1-plain")]
    # 4 black cards owned; 4 distinct actions owned
    assert card_values(s.table, owned) == [8, 8, -2, 4, 1]


@covers("points_trade", "money_trade")
@pytest.mark.parametrize("label, coins", [("black-4-points_trade", 1), ("black-4-money_trade", 5)])
def test_trade_coins(fc, label, coins):
    s = staged(fc)
    give(s, 0, "revealed", label, "red-1-plain", "red-1-plain")
    start(s).apply(STOP)
    assert s.buy_coins == coins


@covers("wildcard_up")
def test_wildcard_up_adds_four_to_every_colour(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain")
    top(s, 0, "black-2-wildcard_up", "red-1-plain")
    start(s).apply(REVEAL)
    assert s.totals(0)[colour(s, "red")] == 9 and s.in_round[0]
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("wildcard_down")
def test_wildcard_down_takes_four(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain", "red-4-plain")
    top(s, 0, "black-2-wildcard_down", "red-1-plain")
    start(s).apply(REVEAL)
    s.apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "red")] == 6


@covers("cleanup")
def test_cleanup_sends_a_row_to_its_discard(fc):
    s = staged(fc)
    give(s, 1, "revealed", "yellow-4-plain", "yellow-1-plain")
    top(s, 0, "black-2-cleanup")
    start(s).apply(REVEAL)
    s.apply(("cleanup", 1))
    assert s.revealed[1] == [] and len(s.discard[1]) == 2
    s.check_invariants()


@covers("strong_force")
def test_strong_force_makes_a_player_stop(fc):
    s = staged(fc)
    top(s, 1, "red-1-plain")
    top(s, 0, "black-2-strong_force")
    start(s).apply(REVEAL)
    s.apply(("force", 1, STOP))
    assert s.current_player() == 1 and list(s.legal_actions()) == [STOP]


@covers("strong_destroy")
def test_strong_destroy_can_destroy_a_revealed_card(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain")
    top(s, 0, "black-2-strong_destroy")
    start(s).apply(REVEAL)
    s.apply(("destroy", "revealed", kind_of(s, "red-5-plain")))
    assert s.totals(0)[colour(s, "red")] == 0 and len(s.destroyed) == 1
    s.check_invariants()


@covers("risky_rocket")
def test_risky_rocket_flips_two(fc):
    s = staged(fc)
    give(s, 1, "revealed", "black-2-risky_rocket")
    top(s, 0, "red-1-plain", "red-2-plain")
    start(s).apply(REVEAL)
    assert len(s.revealed[0]) == 2


@covers("pity_purchase")
def test_pity_purchase_buys_one_cheap_card_after_exploding(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "black-2-pity_purchase", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.exploded[0] and s.revealed[0] == [] and len(s.discard[0]) == 4
    assert s.pending_kind == "buy" and all(s.table.kinds[a[1]].cost <= 2 for a in s.legal_actions() if a != PASS)
    s.apply(next(a for a in s.legal_actions() if a != PASS))
    assert s.pending_kind != "buy" and len(s.discard[0]) == 5


@covers("own_fault")
def test_own_fault_explodes_on_a_repeated_colour(fc):
    s = solo(staged(fc))
    give(s, 1, "revealed", "black-2-own_fault")
    give(s, 0, "revealed", "red-1-plain")
    top(s, 0, "yellow-1-plain", "red-1-plain")
    start(s).apply(REVEAL)
    assert s.in_round[0]
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("reckless_neighbor")
def test_reckless_neighbor_explodes_on_the_same_number(fc):
    s = staged(fc)
    give(s, 0, "revealed", "black-4-reckless_neighbor", "red-3-plain")
    top(s, 1, "yellow-3-plain")
    start(s, 1).apply(REVEAL)
    assert s.explosions[1] == 1


@covers("boom_burglar")
def test_boom_burglar_steals_a_revealed_card(fc):
    s = staged(fc)
    (card,) = give(s, 1, "revealed", "yellow-4-plain")
    top(s, 0, "black-4-boom_burglar")
    start(s).apply(REVEAL)
    s.apply(("steal", 1, 0))
    assert s.discard[0] == [card] and s.revealed[1] == []


@covers("safety_suit")
def test_safety_suit_prevents_explosions_and_halves_coins(fc):
    s = solo(staged(fc))
    give(s, 0, "revealed", "red-5-plain", "red-4-plain")
    top(s, 0, "black-4-safety_suit", "red-1-plain")
    start(s).apply(REVEAL)
    s.apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "red")] == 10
    s.apply(STOP)
    assert s.buy_coins == 2  # 4 coins halved


@covers("style_points")
def test_style_points_doubles_coins(fc):
    s = staged(fc)
    give(s, 0, "revealed", "black-4-style_points", "red-4-plain", "red-1-plain", "yellow-1-plain")
    start(s).apply(STOP)
    assert s.buy_coins == 8
    t = staged(fc)
    give(t, 0, "revealed", "black-4-style_points", "red-4-plain", "red-1-plain", "green-3-plain")
    start(t).apply(STOP)
    assert t.buy_coins == 4


def test_every_action_is_mapped_and_tested(fc):
    keys = {action.key for action in fc.actions}
    assert keys <= set(EFFECTS)
    assert keys <= TESTED, sorted(keys - TESTED)
