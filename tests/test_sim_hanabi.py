"""The Hanabi engine: every rule and rule option, what a seat may see, and invariants under random play."""

from __future__ import annotations

import random

import pytest

from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import HanabiEngine, HanabiState, make_engine
from generator.games.hanabi.sim.engine import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE
from generator.games.hanabi.sim.observation import (
    RANK_SHIFT,
    TOUCHED,
    rank_mask,
    suit_mask,
)
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import TERMINAL, IllegalAction, game_seed
from generator.app.simulators import simulator_for
from generator.app.catalog import GAMES

PROJECT = load_project(shipped_root(), GAMES)
HANABI: HanabiDefinition = PROJECT.game("hanabi")  # type: ignore[assignment]
MULTI: HanabiDefinition = PROJECT.game("hanabi-multicolor")  # type: ignore[assignment]
RED, YELLOW, GREEN, BLUE, WHITE = range(5)


def kind(suit: int, rank: int) -> int:
    return suit * 5 + rank - 1


def game(front: list[int], players: int = 2, definition: HanabiDefinition = HANABI, **options: object) -> HanabiState:
    """A game whose deck starts with ``front`` (player 0's hand first), the rest in definition order."""
    engine = HanabiEngine(definition, players, options)  # type: ignore[arg-type]
    rest = list(engine.deck_kinds)
    for k in front:
        rest.remove(k)
    return engine.game_from_deck(front + rest)


TWO_HANDS = [kind(RED, 1), kind(RED, 2), kind(YELLOW, 3), kind(BLUE, 5), kind(GREEN, 1),
             kind(WHITE, 1), kind(WHITE, 2), kind(RED, 1), kind(YELLOW, 4), kind(BLUE, 2)]


def test_deal_and_table() -> None:
    state = game(TWO_HANDS)
    assert [len(h) for h in state.hands] == [5, 5]
    assert state.clues == 8 and state.storms == 0 and state.current_player() == 0
    assert state.peek_hand(0) == tuple(TWO_HANDS[:5]) and state.peek_hand(1) == tuple(TWO_HANDS[5:])
    assert HanabiEngine(HANABI, 4).hand_size == 4 and HanabiEngine(HANABI, 3).hand_size == 5
    state.check_invariants()
    with pytest.raises(ValueError):
        HanabiEngine(HANABI, 6)


def test_play_success_and_misplay_turns_a_storm_token() -> None:
    state = game(TWO_HANDS)
    state.apply((PLAY, 0))  # red 1
    assert state.fireworks[RED] == 1 and state.storms == 0 and len(state.hands[0]) == 5
    state.apply((PLAY, 1))  # player 1 plays white 2 on an empty white firework
    assert state.storms == 1 and state.discarded[kind(WHITE, 2)] == 1
    state.check_invariants()


def test_clue_updates_knowledge_both_ways() -> None:
    state = game(TWO_HANDS)
    state.apply((RANK_CLUE, 1, 1))  # white 1 and red 1 of player 1
    know = [state.knowledge[o] for o in state.hands[1]]
    assert [bool(k & TOUCHED) for k in know] == [True, False, True, False, False]
    assert rank_mask(know[0]) == 1 and rank_mask(know[1]) == 0b11110
    assert state.clues == 7
    state.apply((DISCARD, 0))
    state.apply((COLOUR_CLUE, 1, YELLOW))
    yellow_4 = state.hands[1][2]
    assert suit_mask(state.knowledge[yellow_4]) == 1 << YELLOW


def test_clue_touching_no_card_follows_the_option() -> None:
    allowed = game(TWO_HANDS)  # rulebook default: empty clues allowed
    assert (COLOUR_CLUE, 1, GREEN) in allowed.legal_actions()
    allowed.apply((COLOUR_CLUE, 1, GREEN))
    assert all(not suit_mask(allowed.knowledge[o]) & (1 << GREEN) for o in allowed.hands[1])
    refused = game(TWO_HANDS, empty_clues=False)
    legal = refused.legal_actions()
    assert (COLOUR_CLUE, 1, GREEN) not in legal and (RANK_CLUE, 1, 3) not in legal
    assert (COLOUR_CLUE, 1, WHITE) in legal and (RANK_CLUE, 1, 4) in legal
    with pytest.raises(IllegalAction, match="touch"):
        refused.apply((COLOUR_CLUE, 1, GREEN))


def test_no_clue_to_yourself_and_none_without_tokens() -> None:
    state = game(TWO_HANDS)
    with pytest.raises(IllegalAction, match="themselves"):
        state.apply((RANK_CLUE, 0, 1))
    state.clues = 0
    assert not any(a[0] >= COLOUR_CLUE for a in state.legal_actions())
    with pytest.raises(IllegalAction, match="no note token"):
        state.apply((RANK_CLUE, 1, 1))


def test_discard_with_all_tokens_follows_the_option() -> None:
    state = game(TWO_HANDS)
    assert (DISCARD, 0) not in state.legal_actions()
    with pytest.raises(IllegalAction, match="note tokens"):
        state.apply((DISCARD, 0))
    allowed = game(TWO_HANDS, discard_at_max_clues=True)
    assert (DISCARD, 0) in allowed.legal_actions()
    allowed.apply((DISCARD, 0))
    assert allowed.clues == 8  # never above the maximum
    allowed.check_invariants()


def _strike_out(**options: object) -> HanabiState:
    hands = [kind(RED, 3), kind(RED, 4), kind(YELLOW, 3), kind(BLUE, 5), kind(GREEN, 4),
             kind(RED, 1), kind(WHITE, 3), kind(WHITE, 4), kind(YELLOW, 4), kind(BLUE, 2)]
    state = game(hands, **options)
    state.apply((PLAY, 0))   # red 3: storm 1
    state.apply((PLAY, 0))   # red 1: played
    state.apply((PLAY, 0))   # red 4: storm 2
    state.apply((PLAY, 0))   # white 3: storm 3
    return state


def test_strikeout_scores_zero_or_keeps_the_fireworks() -> None:
    zero = _strike_out()
    assert zero.is_terminal() and zero.current_player() == TERMINAL
    assert zero.outcome()["end"] == "strikeout" and zero.scores() == [0.0, 0.0]
    keep = _strike_out(strikeout="keep")
    assert keep.scores() == [1.0, 1.0] and keep.outcome()["strikes"] == 3
    with pytest.raises(IllegalAction):
        keep.apply((PLAY, 0))
    assert keep.legal_actions() == ()


def test_storm_tokens_option_overrides_the_printed_tokens() -> None:
    """``printed`` (the default) plays with the definition's tokens (3); some editions play with 4."""
    assert _strike_out(storm_tokens="printed").is_terminal()
    four = _strike_out(storm_tokens="4")
    assert not four.is_terminal() and four.storms == 3
    four.check_invariants()
    assert four.observation(1).max_storms == 4


def _play_a_five(clues: int, **options: object) -> HanabiState:
    state = game(TWO_HANDS, **options)
    state.fireworks[BLUE] = 4
    state.clues = clues
    state.apply((PLAY, 3))  # blue 5
    assert state.fireworks[BLUE] == 5
    return state


def test_a_five_returns_a_note_token_unless_all_are_there_or_the_option_is_off() -> None:
    assert _play_a_five(5).clues == 6
    assert _play_a_five(8).clues == 8
    assert _play_a_five(5, five_returns_clue=False).clues == 5


def test_last_round_after_the_deck_runs_out() -> None:
    for players in (2, 3, 5):
        engine = HanabiEngine(HANABI, players, {"discard_at_max_clues": True})
        state = engine.new_game(random.Random(players))
        emptied_at = None
        while not state.is_terminal():
            state.apply((DISCARD, 0))
            if emptied_at is None and state.next_card == len(state.deck):
                emptied_at = state.turns
        assert emptied_at is not None
        assert state.turns == emptied_at + players, "each player, the drawer included, plays once more"
        assert state.outcome()["end"] == "deck_out"
        state.check_invariants()


def test_the_last_firework_ends_the_game_at_once() -> None:
    state = game(TWO_HANDS)
    state.fireworks[:] = [5, 5, 5, 4, 5]
    state.apply((PLAY, 3))  # blue 5
    assert state.is_terminal() and state.outcome()["end"] == "perfect"
    assert state.scores() == [25.0, 25.0] and state.outcome()["won"]


def test_multicolor_is_a_sixth_plain_colour() -> None:
    engine = HanabiEngine(MULTI, 3)
    assert engine.suits == 6 and engine.perfect == 30 and len(engine.deck_kinds) == 60
    front = [kind(5, 1), kind(RED, 1), kind(5, 2), kind(YELLOW, 1), kind(GREEN, 1),
             kind(5, 3), kind(BLUE, 1), kind(WHITE, 1), kind(RED, 2), kind(5, 4)]
    state = game(front, players=3, definition=MULTI)
    state.apply((COLOUR_CLUE, 1, 5))  # multicolour touches only multicolour cards
    touched = [bool(state.knowledge[o] & TOUCHED) for o in state.hands[1]]
    assert touched == [True, False, False, False, True]
    state.apply((PLAY, 0))  # player 1 plays multicolour 3: storm
    state.apply((PLAY, 0))
    assert state.storms == 1
    state.check_invariants()


def test_observation_hides_the_own_hand_only() -> None:
    state = game(TWO_HANDS)
    obs = state.observation(0)
    assert obs.hands[0] is None and obs.hands[1] == tuple(TWO_HANDS[5:])
    for name in obs.__slots__:
        assert not isinstance(getattr(obs, name), (HanabiState, HanabiEngine)), name
    # swapping the observer's cards with cards still in the deck changes nothing it can see
    swapped = game(TWO_HANDS)
    swapped.deck = list(swapped.deck)
    for slot in range(5):
        a, b = swapped.hands[0][slot], 20 + slot
        swapped.deck[a], swapped.deck[b] = swapped.deck[b], swapped.deck[a]
    assert swapped.peek_hand(0) != state.peek_hand(0)
    other = swapped.observation(0)
    assert all(getattr(obs, n) == getattr(other, n) for n in obs.__slots__ if n not in ("copies",))
    assert swapped.observation(1).hands != state.observation(1).hands


def test_illegal_actions_are_refused() -> None:
    state = game(TWO_HANDS)
    for bad in (None, (PLAY, 7), (9, 0), (RANK_CLUE, 1, 6), (COLOUR_CLUE, 1, 5), (RANK_CLUE, 4, 1), "play"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert state.turns == 0


def test_legal_actions_are_all_applicable_and_clone_is_independent() -> None:
    engine = make_engine(HANABI, 3, {"empty_clues": False})
    rng = random.Random(4)
    state = engine.new_game(rng)
    for _ in range(15):
        for action in state.legal_actions():
            copy = state.clone()
            copy.apply(action)
            copy.check_invariants()
        before = (state.turns, list(state.fireworks), state.clues, [list(h) for h in state.hands])
        copy = state.clone()
        while not copy.is_terminal():
            copy.apply(rng.choice(list(copy.legal_actions())))
        assert before == (state.turns, list(state.fireworks), state.clues, [list(h) for h in state.hands])
        if state.is_terminal():
            break
        state.apply(rng.choice(list(state.legal_actions())))


def random_games(count: int, seed: int) -> dict[str, int]:
    """Random legal play over every table shape and option mix, checking invariants after each move."""
    ends: dict[str, int] = {}
    shapes = [(d, p, o) for d in (HANABI, MULTI) for p in (2, 3, 4, 5)
              for o in ({}, {"empty_clues": False, "strikeout": "keep"}, {"discard_at_max_clues": True,
                                                                          "five_returns_clue": False})]
    engines = [make_engine(d, p, o) for d, p, o in shapes]
    for i in range(count):
        rng = random.Random(game_seed(seed, i))
        engine = engines[i % len(engines)]
        state = engine.new_game(rng)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
            state.check_invariants()
        score = state.scores()[0]
        assert 0 <= score <= engine.perfect
        ends[state.outcome()["end"]] = ends.get(state.outcome()["end"], 0) + 1
    return ends


@pytest.mark.e2e
def test_invariants_hold_in_random_games() -> None:
    ends = random_games(2000, seed=1)
    assert ends.get("strikeout", 0) > 0


@pytest.mark.slow
def test_invariants_hold_in_100000_random_games() -> None:
    random_games(100_000, seed=2)


def test_registered_simulator() -> None:
    sim = simulator_for("hanabi")
    assert sim.best in sim.bots and {"random", "simple", "cheat", "holmes"} <= set(sim.bots)
    assert not sim.competitive and sim.export_game is not None and sim.summarize is not None
    assert RANK_SHIFT == 8
