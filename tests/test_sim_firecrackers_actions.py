"""Every Firecrackers action, one staged position each showing its effect (firecrackers.md)."""

from __future__ import annotations

import pytest

from generator.games.firecrackers.sim.actions import EFFECTS
from generator.games.firecrackers.sim.scoring import card_values
from generator.games.firecrackers.sim.staging import give, kind_of, staged, start, top
from generator.games.firecrackers.sim.vocab import END, PASS, REVEAL, STOP


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
    top(s, 0, "red-2-destroy_discard", "yellow-1-plain")
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
    s = staged(fc, shop="open")
    give(s, 0, "revealed", label, "red-1-plain")
    start(s).apply(STOP)
    assert s.pending_kind == "buy" and s.buy_coins == coins


@covers("stick_it_out")
def test_stick_it_out_free_card_for_the_last_alive(fc):
    s = solo(staged(fc, shop="open"))
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
def test_stayin_alive_reveals_another_card_and_the_total_still_counts(fc):
    """Card: "The first time you would explode this round, you stay in but must reveal another card
    at once." The red 10 still counts, so the next card (a yellow 1) explodes the player."""
    s = staged(fc)
    give(s, 0, "revealed", "turquoise-2-stayin_alive", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain", "yellow-1-plain", "red-2-plain")
    start(s).apply(REVEAL)
    assert s.stayin_used[0] and len(s.revealed[0]) == 5  # red-1, then yellow-1 at once
    assert s.explosions[0] == 1 and not s.in_round[0]
    assert s.totals(0)[colour(s, "red")] == 10 and not s.face_down


def test_stayin_alive_the_card_revealed_at_once_may_save_the_player(fc):
    """The card revealed "at once" runs its action: a blind_eye turning the red 5 face down brings
    the red total under the threshold, and the player stays in."""
    s = solo(staged(fc))
    give(s, 0, "revealed", "turquoise-2-stayin_alive", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain", "brown-3-blind_eye", "yellow-1-plain")
    start(s).apply(REVEAL)
    assert s.pending_kind == "blind_eye" and s.current_player() == 0
    s.apply(("hide", 0, 1))  # the red 5
    assert s.in_round[0] and s.explosions[0] == 0 and s.totals(0)[colour(s, "red")] == 5


def test_stayin_alive_hide_card_option(fc):
    """Option stayin_alive=hide_card: the card that would have exploded the player is turned face down."""
    s = solo(staged(fc, stayin_alive="hide_card"))
    give(s, 0, "revealed", "turquoise-2-stayin_alive", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain", "yellow-1-plain", "red-2-plain")
    start(s).apply(REVEAL)
    assert s.in_round[0] and s.stayin_used[0] and len(s.revealed[0]) == 5  # red-1 then yellow-1 at once
    assert s.totals(0)[colour(s, "red")] == 9  # the red-1 that would have exploded lies face down
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("buddy_explosion")
def test_buddy_explosion_takes_both_neighbours(fc):
    """Card: "If you explode this round, each neighbour still in the round explodes too": the seats
    on both sides (seat 1 and seat 9 of ten)."""
    s = staged(fc, active=None)
    give(s, 0, "revealed", "turquoise-3-buddy_explosion", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions == [1, 1, 0, 0, 0, 0, 0, 0, 0, 1]


def test_buddy_explosion_leaves_a_neighbour_already_out_alone(fc):
    """"Each neighbour still in the round": seat 9, already out, is not replaced by the next seat
    still in (seat 2 keeps playing)."""
    s = staged(fc)  # seats 0, 1 and 2 in the round
    give(s, 0, "revealed", "turquoise-3-buddy_explosion", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[:3] == [1, 1, 0] and s.explosions[9] == 0 and s.in_round[2]


def test_buddy_explosion_is_prevented_by_a_neighbours_stayin_alive(fc):
    """"Explodes too" is an ordinary explosion (the card does not say nothing prevents it, as
    super_cracker's does): seat 1's stayin_alive keeps it in, and it reveals another card at once."""
    s = staged(fc, active=2)
    give(s, 1, "revealed", "turquoise-2-stayin_alive")
    top(s, 1, "yellow-1-plain", "green-1-plain")
    give(s, 0, "revealed", "turquoise-3-buddy_explosion", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[:2] == [1, 0] and s.in_round[1] and s.stayin_used[1]
    assert [s.table.label(c) for c in s.revealed[1]] == ["turquoise-2-stayin_alive", "yellow-1-plain"]


@covers("old_fireworks")
def test_old_fireworks_moves_two_discards_into_the_deck(fc):
    s = solo(staged(fc))
    give(s, 0, "discard", "red-1-plain", "red-2-plain", "red-3-plain")
    top(s, 0, "blue-2-old_fireworks", "yellow-1-plain")
    start(s).apply(REVEAL)
    assert s.pending_kind == "old_fireworks"
    s.apply(s.legal_actions()[0])
    s.apply(s.legal_actions()[0])
    assert len(s.deck[0]) == 3 and len(s.discard[0]) == 1


def test_old_fireworks_as_the_last_card_of_the_deck_finds_no_discard_pile(fc):
    """Rulebook: "At any point, if your deck is empty, turn over and shuffle your discard pile to
    create your new deck." Revealing the last card empties the deck, so the discard pile is the new
    deck before old_fireworks acts: there is nothing to move, and the action is ignored."""
    s = solo(staged(fc))
    give(s, 0, "discard", "red-1-plain", "red-2-plain", "red-3-plain")
    top(s, 0, "blue-2-old_fireworks")
    start(s).apply(REVEAL)
    assert s.pending_kind == "turn" and len(s.deck[0]) == 3 and s.discard[0] == []


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
    s.apply(("hide", 0, 0))
    s.apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "red")] == 5


def test_blind_eye_may_hide_any_players_card(fc):
    """Card: "Turn any revealed card face down": a card of another player's row too."""
    s = staged(fc)
    give(s, 1, "revealed", "yellow-5-plain", "yellow-4-plain")
    top(s, 0, "brown-3-blind_eye")
    start(s).apply(REVEAL)
    assert ("hide", 1, 0) in s.legal_actions() and ("hide", 0, 0) in s.legal_actions()
    s.apply(("hide", 1, 0))
    assert s.totals(1)[colour(s, "yellow")] == 4


def test_blind_eye_own_cards_option(fc):
    """Option blind_eye=own_cards: only a card of your own row."""
    s = staged(fc, blind_eye="own_cards")
    give(s, 1, "revealed", "yellow-5-plain")
    top(s, 0, "brown-3-blind_eye")
    start(s).apply(REVEAL)
    assert list(s.legal_actions()) == [("hide", 0, 0)]


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
    s = staged(fc, shop="open")
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


def test_wildcard_up_counts_on_colours_not_revealed(fc):
    """Card: "your total of every colour counts 4 higher": yellow, with no yellow card revealed,
    counts 4, and two easy_ignite choices (yellow threshold 2) make that explode."""
    s = solo(staged(fc))
    s.threshold_shift[colour(s, "yellow")] = -8  # two easy_ignite cards chose yellow this round
    top(s, 0, "black-2-wildcard_up", "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[0] == 1


def test_wildcards_revealed_colours_option(fc):
    """Option wildcards=revealed_colours: only the colours of your revealed cards count 4 higher."""
    s = solo(staged(fc, wildcards="revealed_colours"))
    s.threshold_shift[colour(s, "yellow")] = -8
    top(s, 0, "black-2-wildcard_up", "red-1-plain")
    start(s).apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[colour(s, "yellow")] == 0


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
    assert s.revealed[1] == [] and len(s.owned(1)) == 2
    assert len(s.deck[1]) == 2  # seat 1 had no deck: its discard pile became its deck at once
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
    # the discarded row lands beside an empty deck: it is the new deck at once
    assert s.exploded[0] and s.revealed[0] == [] and len(s.deck[0]) == 4 and s.discard[0] == []
    assert s.pending_kind == "buy" and all(s.table.kinds[a[1]].cost <= 2 for a in s.legal_actions() if a != PASS)
    s.apply(next(a for a in s.legal_actions() if a != PASS))
    assert s.pending_kind != "buy" and len(s.discard[0]) == 1


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


def _reckless_table(fc, **options):
    """Seats 0-2 in the round; seat 9, out already, left a reckless_neighbor and an orange 3 in its
    row. Seat 1 reveals a red 1, seat 2 a green card, then seat 0 a yellow 3."""
    s = staged(fc, **options)
    give(s, 9, "revealed", "black-4-reckless_neighbor", "orange-3-plain")
    top(s, 1, "red-1-plain", "red-1-plain")
    top(s, 0, "yellow-3-plain", "red-2-plain")
    return s


def test_reckless_neighbor_compares_with_the_player_of_the_previous_turn(fc):
    """Card: "anyone who reveals the same number as the previous player's last reveal explodes at
    once". The previous player is seat 2, who took the turn before seat 0's; seat 9 is out of the
    round and takes no turn, so its 3 does not count."""
    s = _reckless_table(fc)
    top(s, 2, "green-2-plain", "green-1-plain")
    start(s, 1).apply(REVEAL)
    s.apply(REVEAL)  # seat 2: a green 2
    s.apply(REVEAL)  # seat 0: a yellow 3
    assert s.explosions[0] == 0 and s.in_round[0]
    t = _reckless_table(fc)
    top(t, 2, "green-3-plain", "green-1-plain")
    start(t, 1).apply(REVEAL)
    t.apply(REVEAL)  # seat 2: a green 3
    t.apply(REVEAL)  # seat 0: a yellow 3
    assert t.explosions[0] == 1


def test_reckless_neighbor_seat_before_option(fc):
    """Option reckless_neighbor=seat_before: the seat before compares, even when it is out."""
    s = _reckless_table(fc, reckless_neighbor="seat_before")
    top(s, 2, "green-2-plain", "green-1-plain")
    start(s, 1).apply(REVEAL)
    s.apply(REVEAL)
    s.apply(REVEAL)
    assert s.explosions[0] == 1


@covers("reckless_neighbor")
def test_reckless_neighbor_explodes_on_the_same_number(fc):
    s = staged(fc)
    give(s, 0, "revealed", "black-4-reckless_neighbor")
    top(s, 0, "red-3-plain", "red-1-plain")
    top(s, 1, "yellow-3-plain")
    start(s, 0).apply(REVEAL)
    s.apply(REVEAL)
    assert s.explosions[1] == 1


@covers("boom_burglar")
def test_boom_burglar_steals_a_revealed_card(fc):
    s = staged(fc)
    (card,) = give(s, 1, "revealed", "yellow-4-plain")
    top(s, 0, "black-4-boom_burglar", "red-1-plain")
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
