"""The rules-file API (``generator.playtest``): typed cards, zones that keep every card in exactly one
place, visibility and determinisation, copies of a game, turn order; property tests over random
sequences of moves."""

from __future__ import annotations

import random
import textwrap
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.model.rulesource import RulesSource
from generator.playtest import Card, GameError, State, Visibility, Zone
from generator.playtest.cards import make_cards
from generator.sim.api import IllegalAction
from generator.playtest.rulesfile import RulesEngine

ROWS = [("sun-1", 1, {"suit": "sun", "rank": 1}), ("sun-2", 1, {"suit": "sun", "rank": 2}),
        ("moon-1", 2, {"suit": "moon", "rank": 1}), ("wild", 3, {"suit": "wild", "rank": None})]

HIGH_CARD = """
from generator.playtest import State

def setup(state: State) -> None:
    deck = state.new_zone("deck", visible="hidden", cards=state.components["deck"])
    state.shuffle(deck)
    state.deal(deck, state.new_zones("hand"), 2)
    state.new_zone("table")
    state.played = []

def actions(state):
    return [("play", card) for card in state.zone("hand", state.current)]

def play(state, action):
    state.move(action[1], state.zone("table"))
    state.played.append(action[1].id)
    state.end_turn()

def is_over(state):
    return not any(len(state.zone("hand", p)) for p in state.players)

def scores(state):
    return [sum((c.rank or 0) for c in state.zone("table") if c.id in state.played[p::2]) for p in state.players]
"""


def engine(text: str = HIGH_CARD, rows: Any = ROWS, players: int = 2, path: str = "card_defs/rules.py") -> RulesEngine:
    return RulesEngine(RulesSource(path, textwrap.dedent(text)), {"deck": rows}, players, {})


def fresh(players: int = 2) -> State:
    return engine(players=players).new_game(random.Random(3))


# --------------------------------------------------------------------------- cards


def test_cards_are_the_card_list_typed_and_never_change() -> None:
    cards = make_cards("deck", ROWS)
    assert [c.id for c in cards] == ["sun-1", "sun-2", "moon-1", "moon-1-2", "wild", "wild-2", "wild-3"]
    moon = cards[3]
    assert (moon.row, moon.copy, moon.component, moon.suit, moon.rank) == ("moon-1", 2, "deck", "moon", 1)
    assert moon["rank"] == 1 and moon.get("colour", "none") == "none" and cards[4].rank is None
    with pytest.raises(AttributeError, match=r"card 'moon-1-2' has no field 'rnak' \(its fields: suit, rank\)"):
        moon.rnak  # noqa: B018
    with pytest.raises(AttributeError, match="cannot be changed"):
        moon.rank = 5  # type: ignore[misc]
    assert cards[2] != cards[3] and len({*cards}) == 7  # copies are distinct cards


# --------------------------------------------------------------------------- zones


def test_every_card_is_in_exactly_one_zone() -> None:
    state = fresh()
    assert sorted(len(z) for z in state.zones) == [0, 2, 2, 3]
    card = state.zone("hand", 0).top
    assert card is not None and state.where(card) == state.zone("hand", 0)
    state.move(card, state.zone("table"))
    assert card in state.zone("table") and card not in state.zone("hand", 0)
    with pytest.raises(ValueError, match="already in zone 'table'"):
        state.new_zone("box", cards=[card])
    drawn = state.draw(state.zone("deck"), state.zone("table"), 10)
    assert len(drawn) == 3 and len(state.zone("deck")) == 0 and state.zone("table").top is drawn[-1]
    state.check_invariants()
    with pytest.raises(KeyError, match=r"no zone 'hand:5' \(zones: deck, hand:0, hand:1, table\)"):
        state.zone("hand", 5)
    table = state.zone("table")
    for change in (lambda: table.append(card), lambda: table.pop(), lambda: table.__setitem__(0, card),
                   lambda: table.clear(), lambda: table.sort()):
        with pytest.raises(TypeError, match="changes only through the state"):
            change()
    assert table.top is drawn[-1] and len(table) == 4  # nothing changed


def test_a_card_left_out_at_setup_is_a_rules_gap() -> None:
    text = HIGH_CARD.replace('cards=state.components["deck"]', 'cards=state.components["deck"][1:]')
    with pytest.raises(GameError) as caught:
        engine(text).new_game(random.Random(1))
    error = caught.value
    assert error.code == "card-lost" and error.where == "card_defs/rules.py:4"  # def setup
    assert "card 'sun-1' is in no zone" in error.message


def test_a_copy_a_bot_searches_counts_its_cards_when_its_game_ends() -> None:
    """The game itself counts its cards after every decision; a copy (what a search plays out,
    thousands a decision) counts them when its game ends, so a lost card is still a rules gap."""
    state = fresh()
    copy = state.clone(random.Random(1))
    list.pop(copy.zone("deck"))  # type: ignore[call-overload]  # a card taken out by the list's own method
    copy.apply(copy.legal_actions()[0])  # no count here
    with pytest.raises(GameError) as caught:
        while not copy.is_terminal():
            copy.apply(copy.legal_actions()[0])
    assert caught.value.code == "card-lost"
    list.pop(state.zone("deck"))  # type: ignore[call-overload]
    with pytest.raises(GameError) as caught:
        state.apply(state.legal_actions()[0])  # the game itself: at the decision that lost it
    assert caught.value.code == "card-lost" and state._decisions == 1


def test_a_zone_pickled_keeps_who_sees_it() -> None:
    import pickle

    state = fresh(players=3)
    for zone in state.zones:
        again = pickle.loads(pickle.dumps(zone))
        assert (again.name, again.owner, again.visibility) == (zone.name, zone.owner, zone.visibility)
        assert [card.id for card in again] == [card.id for card in zone]
        assert [again.visible_to(p) for p in range(3)] == [zone.visible_to(p) for p in range(3)]
    hand = state.zone("hand", 1)
    assert [hand.visible_to(p) for p in range(3)] == [False, True, False]


def test_visibility_and_determinisation() -> None:
    state = fresh()
    deck, mine, theirs, table = state.zone("deck"), state.zone("hand", 0), state.zone("hand", 1), state.zone("table")
    assert deck.visibility is Visibility.HIDDEN and mine.visible_to(0) and not mine.visible_to(1)
    assert table.visible_to(1) and not deck.visible_to(0)
    state.move(deck.top, table)  # type: ignore[arg-type]
    unseen = {c.id for c in (*deck, *theirs)}
    seen = state.determinize(0, random.Random(9))
    assert [c.id for c in seen.zone("hand", 0)] == [c.id for c in mine]  # what player 0 sees stays
    assert [c.id for c in seen.zone("table")] == [c.id for c in table]
    assert {c.id for c in (*seen.zone("deck"), *seen.zone("hand", 1))} == unseen  # the rest redealt among them
    assert len(seen.zone("deck")) == len(deck) and len(seen.zone("hand", 1)) == len(theirs)
    assert any([c.id for c in state.determinize(0, random.Random(s)).zone("hand", 1)] != [c.id for c in theirs]
               for s in range(20))
    seen.check_invariants()
    state.check_invariants()


def test_a_determinisation_keeps_the_cards_a_player_saw_go_where_they_are() -> None:
    """A card player 0 saw go into player 1's hand (from the table, face up) stays there in every
    determinisation of player 0's; one player 1 drew from the deck is dealt again; a card player 0
    put into the deck is known to be there until the deck is shuffled."""
    state = fresh()
    deck, theirs, table = state.zone("deck"), state.zone("hand", 1), state.zone("table")
    state.draw(deck, table)
    taken = table.top
    state.move(taken, theirs)  # type: ignore[arg-type]
    mine = state.zone("hand", 0).top
    state.move(mine, deck)  # type: ignore[arg-type]
    blind = [c for c in theirs if c is not taken]
    places = set()
    for seed in range(30):
        seen = state.determinize(0, random.Random(seed))
        assert seen.zone("hand", 1).cards.index(taken) == theirs.cards.index(taken)  # type: ignore[arg-type]
        assert seen.zone("deck").top is mine
        places.update(seen.where(card).label for card in blind)
        seen.check_invariants()
    assert places == {"deck", "hand:1"}
    state.shuffle(deck)
    assert any(state.determinize(0, random.Random(s)).where(mine).label == "hand:1" for s in range(30))


TWO_COMPONENTS = """
def setup(state):
    deck = state.new_zone("deck", visible="hidden", cards=state.components["deck"])
    goals = state.new_zone("goals", visible="hidden", cards=state.components["goals"])
    state.deal(deck, state.new_zones("hand"), 2)
    state.deal(goals, state.new_zones("goal"), 1)

def actions(state):
    return [("pass",)]

def play(state, action):
    state.end_turn()

def is_over(state):
    return state.turn >= 4

def scores(state):
    return [0 for p in state.players]
"""


def test_a_determinisation_deals_each_component_to_its_own_places() -> None:
    """A hidden hand of cards is dealt cards again, a hidden goal a goal: never a goal in a hand."""
    rows = {"deck": ROWS, "goals": [("long", 1, {"points": 5}), ("short", 2, {"points": 2})]}
    game = RulesEngine(RulesSource("card_defs/rules.py", textwrap.dedent(TWO_COMPONENTS)), rows, 2, {})
    state = game.new_game(random.Random(5))
    hidden = {c.id for c in (*state.zone("deck"), *state.zone("hand", 1))}
    redealt = set()
    for seed in range(30):
        seen = state.determinize(0, random.Random(seed))
        assert all(c.component == "deck" for zone in (seen.zone("deck"), seen.zone("hand", 1)) for c in zone)
        assert all(c.component == "goals" for zone in (seen.zone("goals"), seen.zone("goal", 1)) for c in zone)
        assert seen.zone("goal", 0).cards == state.zone("goal", 0).cards  # what player 0 sees stays
        assert {c.id for c in (*seen.zone("deck"), *seen.zone("hand", 1))} == hidden
        redealt.add(seen.zone("goal", 1).top.id)  # type: ignore[union-attr]
        seen.check_invariants()
    assert len(redealt) == 2  # the other goal is dealt among the goals player 0 cannot see


def test_a_copy_is_independent_and_its_zones_are_its_own() -> None:
    state = fresh()
    state.favourite = state.zone("table")  # a zone kept among the rules' own values
    copy = state.clone()
    copy.apply(copy.legal_actions()[0])
    assert copy.favourite is copy.zone("table") and len(copy.favourite) == 1
    assert len(state.zone("table")) == 0 and state.played == [] and copy.played != []
    assert copy.rng.random() == state.rng.random()  # a copy of the generator, not the same one


def test_illegal_actions_are_refused_and_turns_pass() -> None:
    state = fresh()
    assert state.current_player() == 0
    other = next(c for c in state.cards if c not in state.zone("hand", 0))
    with pytest.raises(IllegalAction, match=f"player 0 cannot play {other.id} now"):
        state.apply(("play", other))
    state.apply(state.legal_actions()[0])
    assert state.current == 1 and state.turn == 1 and state.next_player() == 0 and state.others() == (0,)
    with pytest.raises(ValueError, match="there is no player 7"):
        state.current = 7


def test_the_api_names_stay() -> None:
    """The stable API: these names are what rules files import."""
    import generator.playtest as api

    assert set(api.__all__) >= {"Action", "Card", "GameError", "State", "View", "Visibility", "Zone"}
    assert issubclass(api.Zone, object) and Zone is api.Zone and Card is api.Card


# --------------------------------------------------------------------------- properties


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 6), st.integers(0, 3), st.booleans()), max_size=40), st.integers(0, 99))
def test_random_moves_keep_every_card_in_one_zone(moves: list[tuple[int, int, bool]], seed: int) -> None:
    state = fresh()
    zones = [state.zone("deck"), state.zone("hand", 0), state.zone("hand", 1), state.zone("table")]
    for card_index, zone_index, bottom in moves:
        card = state.cards[card_index]
        state.move(card, zones[zone_index], bottom=bottom)
        assert state.where(card) is zones[zone_index]
        assert (zones[zone_index].bottom if bottom else zones[zone_index].top) is card
    state.shuffle(zones[seed % 4])
    seen = state.determinize(seed % 2, random.Random(seed))
    for game in (state, seen):
        game.check_invariants()
        assert sorted(c.id for z in game.zones for c in z) == sorted(c.id for c in state.cards)
