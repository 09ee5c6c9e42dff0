"""The Sequence engine: each rule of the rulebook on a hand-set table, invariants, determinism."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import IllegalAction, InvariantError, game_seed, resolve_options
from generator.app.simulators import simulator_for
from generator.games.sequence.sim import SequenceState, make_engine, summarize
from generator.games.sequence.sim.engine import CORNER, EMPTY, END_DECK, END_FULL, END_WIN, SequenceEngine
from generator.sim.rulesets import RulesetError
from generator.model.options import RuleOptions
from generator.app.catalog import GAMES

PROJECT = load_project(shipped_root(), GAMES)
DEFINITION = PROJECT.game("sequence")


def engine(players: int = 2, definition=DEFINITION, **options) -> SequenceEngine:
    return make_engine(definition, players, resolve_options(definition, options))


def cell(row: int, column: int) -> int:
    return row * 10 + column


def fresh(players: int = 2, seed: int = 1, **options) -> SequenceState:
    return engine(players, **options).new_game(random.Random(seed))


def give(state: SequenceState, seat: int, codes: list[str]) -> None:
    """Put cards ``codes`` in ``seat``'s hand (from the deck or other hands), returning displaced cards to the deck."""
    geo = state.geo
    for code in codes:
        card = geo.code_id[code]
        hand = state.hands[seat]
        if card in state.deck:
            state.deck.remove(card)
        else:
            holder = next(h for s, h in enumerate(state.hands) if s != seat and card in h)
            holder.remove(card)
            holder.append(state.deck.pop(0))
        state.deck.insert(0, hand.pop(0))
        hand.append(card)
    state.check_invariants()


def set_hand(state: SequenceState, seat: int, codes: list[str]) -> None:
    """Give ``seat`` exactly the cards ``codes``; the deck becomes every card not in a hand or pile."""
    geo = state.geo
    state.hands[seat][:] = [geo.code_id[code] for code in codes]
    left = list(geo.deck)
    for pile in state.hands + state.discards:
        for card in pile:
            left.remove(card)
    state.deck[:] = left
    state.check_invariants()


def place(state: SequenceState, team: int, cells: list[int]) -> None:
    for c in cells:
        state._place(c, team)
    state.check_invariants()


def act(state: SequenceState, code: str, target: int) -> None:
    state.apply(state.geo.code_id[code] * state.geo.cells + target)
    state.check_invariants()


def code_at(state: SequenceState, target: int) -> str:
    return state.geo.cell_code[target]


# ----- table ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "players, hand, teams",
    [(2, 7, 2), (3, 6, 3), (4, 6, 2), (6, 5, 2), (8, 4, 2), (9, 4, 3), (10, 3, 2), (12, 3, 2)],
)
def test_hand_sizes_and_teams(players: int, hand: int, teams: int) -> None:
    state = fresh(players)
    assert [len(h) for h in state.hands] == [hand] * players
    assert state.engine.teams == teams
    assert [state.engine.team_of(s) for s in range(players)] == [s % teams for s in range(players)]
    assert len(state.deck) == 104 - hand * players


def test_rule_options_are_read_from_the_definition_only() -> None:
    """The engine takes no default of its own: a definition without an option it needs is refused."""
    options = RuleOptions(tuple(o for o in DEFINITION.info.options if o.name != "full_board"))
    lacking = dataclasses.replace(DEFINITION, info=dataclasses.replace(DEFINITION.info, options=options))
    with pytest.raises(RulesetError, match="'full_board'"):
        make_engine(lacking, 2, {})
    assert engine(2, full_board="continue").rules.full_board == "continue"


def test_team_option_and_impossible_tables() -> None:
    assert engine(6, teams=3).teams == 3
    assert engine(12, teams=3).teams == 3
    with pytest.raises(ValueError, match="equal size"):
        engine(8, teams=3)
    with pytest.raises(ValueError, match="not 5"):
        engine(5)
    with pytest.raises(ValueError, match="alone"):
        engine(3, teams=2)


def test_win_needs_two_sequences_with_two_teams_and_one_with_three() -> None:
    assert engine(2).to_win == 2 and engine(4).to_win == 2
    assert engine(3).to_win == 1 and engine(9).to_win == 1 and engine(6, teams=3).to_win == 1


# ----- sequences -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "cells",
    [
        [cell(2, c) for c in range(2, 7)],  # row
        [cell(r, 4) for r in range(3, 8)],  # column
        [cell(2 + k, 2 + k) for k in range(5)],  # diagonal
        [cell(2 + k, 8 - k) for k in range(5)],  # anti-diagonal
    ],
    ids=["row", "column", "diagonal", "anti-diagonal"],
)
def test_sequence_in_every_direction(cells: list[int]) -> None:
    state = fresh()
    place(state, 0, cells[:4])
    assert state.seq_count == [0, 0]
    give(state, 0, [code_at(state, cells[4])])
    act(state, code_at(state, cells[4]), cells[4])
    assert state.seq_count == [1, 0]
    assert state.sequences == [(0, state.geo.windows.index(tuple(sorted(cells))))]
    assert all(state.locked[c] == 1 for c in cells)
    assert not state.is_terminal()


def test_four_in_a_row_or_a_broken_line_is_not_a_sequence() -> None:
    state = fresh()
    place(state, 0, [cell(2, 2), cell(2, 3), cell(2, 4), cell(2, 5)])
    place(state, 1, [cell(2, 6)])
    place(state, 0, [cell(2, 7)])
    assert state.seq_count == [0, 0]


def test_free_corner_counts_for_every_team() -> None:
    state = fresh()
    place(state, 0, [cell(0, c) for c in range(1, 5)])
    assert state.seq_count == [1, 0]
    assert state.board[cell(0, 0)] == CORNER
    place(state, 1, [cell(k, k) for k in range(1, 5)])
    assert state.seq_count == [1, 1]


def test_second_sequence_may_share_one_chip_only() -> None:
    state = fresh()
    place(state, 0, [cell(5, c) for c in range(0, 6)])  # six in a row: one sequence
    assert state.seq_count == [1, 0]
    place(state, 0, [cell(5, c) for c in range(6, 9)])  # nine in a row: two sharing column 4
    assert state.seq_count == [2, 0]
    assert state.is_terminal() and state.end == END_WIN and state.winner == 0
    assert state.scores() == [1.0, 0.0]


def window(state: SequenceState, cells: list[int]) -> int:
    """The index of the line of five ``cells``."""
    return state.geo.windows.index(tuple(sorted(cells)))


def test_the_player_chooses_which_five_of_a_line_of_six_form_the_sequence() -> None:
    """Rulebook: a sequence is "uma série contínua de cinco fichas" (five chips in a row). Six in a
    row hold two such fives, and the player who completes them chooses which five: here the right
    one, leaving r5c0 free to serve in another sequence."""
    state = fresh()
    place(state, 0, [cell(5, c) for c in (0, 1, 2, 3, 5)])
    give(state, 0, [code_at(state, cell(5, 4))])
    act(state, code_at(state, cell(5, 4)), cell(5, 4))
    left, right = window(state, [cell(5, c) for c in range(5)]), window(state, [cell(5, c) for c in range(1, 6)])
    assert state.current_player() == 0 and state.observation(0).decision == "claim"
    assert list(state.legal_actions()) == [state.claim_base + left, state.claim_base + right]
    assert state.describe(state.claim_base + right) == "sequence r5c1-r5c5"
    assert len(state.hands[0]) == 6  # the card is drawn once the sequence is chosen
    state.apply(state.claim_base + right)
    state.check_invariants()
    assert state.sequences == [(0, right)] and state.locked[cell(5, 0)] == 0
    assert state.current_player() == 1 and len(state.hands[0]) == 7
    assert state.outcome()["sequence_choices"] == 1 and state.turns == 1
    with pytest.raises(IllegalAction):
        state.apply(state.claim_base + left)


def test_a_choice_that_wins_either_way_is_not_asked() -> None:
    """With one sequence to win (three players) every five of the line wins: nothing to choose."""
    state = fresh(3)
    place(state, 0, [cell(5, c) for c in (0, 1, 2, 3, 5)])
    give(state, 0, [code_at(state, cell(5, 4))])
    act(state, code_at(state, cell(5, 4)), cell(5, 4))
    assert state.end == END_WIN and state.winner == 0
    assert state.outcome()["sequence_choices"] == 0 and state.outcome()["lines_with_a_choice"] == 1


def test_nine_in_a_row_makes_two_sequences_and_no_choice() -> None:
    """A chip that completes nine in a row makes two sequences sharing the middle chip at once."""
    state = fresh()
    place(state, 0, [cell(5, c) for c in (0, 1, 2, 3, 5, 6, 7, 8)])
    give(state, 0, [code_at(state, cell(5, 4))])
    act(state, code_at(state, cell(5, 4)), cell(5, 4))
    assert state.end == END_WIN and state.seq_count == [2, 0]


def test_sharing_two_chips_makes_no_second_sequence() -> None:
    state = fresh()
    place(state, 0, [cell(5, c) for c in range(0, 5)])
    place(state, 0, [cell(4, 3), cell(6, 3), cell(7, 3)])  # column 3 through r5c3: shares one chip
    place(state, 0, [cell(3, 3)])
    assert state.seq_count == [2, 0] and state.winner == 0


def test_three_teams_win_with_one_sequence() -> None:
    state = fresh(3)
    place(state, 2, [cell(7, c) for c in range(1, 5)])
    place(state, 1, [cell(8, 1)])
    seat = 2
    state.player = seat
    target = cell(7, 5)
    give(state, seat, [code_at(state, target)])
    act(state, code_at(state, target), target)
    assert state.end == END_WIN and state.winner == 2
    assert state.scores() == [0.0, 0.0, 1.0]
    assert state.outcome()["winner_team"] == 2


# ----- jacks ---------------------------------------------------------------------------------


def test_two_eyed_jack_takes_any_open_cell_only() -> None:
    state = fresh()
    give(state, 0, ["JD"])
    place(state, 1, [cell(4, 4)])
    jd = state.geo.code_id["JD"] * 100
    legal = set(state.legal_actions())
    assert jd + cell(4, 5) in legal and jd + cell(4, 4) not in legal and jd + cell(0, 0) not in legal
    assert sum(1 for a in legal if a // 100 == jd // 100) == 95
    with pytest.raises(IllegalAction):
        state.apply(jd + cell(4, 4))
    act(state, "JD", cell(9, 5))
    assert state.board[cell(9, 5)] == 0
    assert state.outcome()["two_eyed_jacks"] == [1, 0]


def test_one_eyed_jack_removes_an_opponent_chip_not_in_a_sequence() -> None:
    state = fresh()
    place(state, 1, [cell(5, c) for c in range(0, 5)] + [cell(8, 8)])
    place(state, 0, [cell(7, 7)])
    give(state, 0, ["JH"])
    jh = state.geo.code_id["JH"] * 100
    legal = set(state.legal_actions())
    assert jh + cell(8, 8) in legal
    assert jh + cell(7, 7) not in legal  # own chip
    assert not any(jh + cell(5, c) in legal for c in range(5))  # completed sequence
    with pytest.raises(IllegalAction):
        state.apply(jh + cell(5, 2))
    act(state, "JH", cell(8, 8))
    assert state.board[cell(8, 8)] == EMPTY and state.chips_left == [47, 48 - 5]
    assert state.outcome()["one_eyed_jacks"] == [1, 0]


def test_advanced_rule_one_eyed_jack_breaks_a_sequence() -> None:
    state = fresh(advanced_one_eyed_jacks=True)
    place(state, 1, [cell(5, c) for c in range(0, 5)])
    assert state.seq_count == [0, 1]
    give(state, 0, ["JS"])
    act(state, "JS", cell(5, 2))
    assert state.seq_count == [0, 0] and state.locked[cell(5, 0)] == 0
    assert state.outcome()["broken_sequences"] == 1


def test_advanced_rule_the_rest_of_a_broken_line_is_a_sequence_again() -> None:
    """Advanced rule: a one-eyed jack may take a chip of a sequence. The chips left are checked
    again: six in a row broken at one end still hold five in a row, a sequence."""
    state = fresh(advanced_one_eyed_jacks=True)
    place(state, 1, [cell(5, c) for c in range(0, 6)])
    assert state.sequences == [(1, window(state, [cell(5, c) for c in range(5)]))]
    give(state, 0, ["JS"])
    act(state, "JS", cell(5, 0))
    assert state.sequences == [(1, window(state, [cell(5, c) for c in range(1, 6)]))]
    assert state.outcome()["broken_sequences"] == 1 and state.outcome()["sequences_after_break"] == 1
    assert state.current_player() == 1


def test_advanced_rule_the_broken_team_chooses_the_five_again() -> None:
    """Seven in a row broken at one end leave two fives: the broken team's player chooses, then the
    jack's player draws and the turn passes on."""
    state = fresh(advanced_one_eyed_jacks=True)
    place(state, 1, [cell(5, c) for c in range(0, 7)])
    give(state, 0, ["JS"])
    act(state, "JS", cell(5, 0))
    middle, right = window(state, [cell(5, c) for c in range(1, 6)]), window(state, [cell(5, c) for c in range(2, 7)])
    assert state.current_player() == 1 and list(state.legal_actions()) == [state.claim_base + middle, state.claim_base + right]
    assert len(state.hands[0]) == 6
    state.apply(state.claim_base + right)
    state.check_invariants()
    assert state.sequences == [(1, right)] and len(state.hands[0]) == 7 and state.current_player() == 1


# ----- dead cards ----------------------------------------------------------------------------


def _dead_table(**options) -> tuple[SequenceState, int]:
    state = fresh(**options)
    card = state.geo.code_id["5H"]
    place(state, 1, list(state.geo.cells_of[card]))
    give(state, 0, ["5H"])
    return state, card


def test_dead_card_exchange_once_per_turn_then_play() -> None:
    state, card = _dead_table()
    assert -1 - card in state.legal_actions()
    assert all(a // 100 != card for a in state.legal_actions() if a >= 0)
    deck_before = len(state.deck)
    state.apply(-1 - card)
    state.check_invariants()
    assert state.turns == 0  # an exchange is not a turn: turns count the cards played
    assert state.current_player() == 0 and card in state.discards[0] and card not in state.hands[0]
    assert len(state.hands[0]) == 7 and len(state.deck) == deck_before - 1
    give(state, 0, ["5H"])
    assert -1 - card not in state.legal_actions()  # once per turn
    with pytest.raises(IllegalAction):
        state.apply(-1 - card)
    state.apply(next(a for a in state.legal_actions() if a >= 0))
    assert state.current_player() == 1 and state.turns == 1
    assert state.outcome()["dead_card_exchanges"] == [1, 0]


def test_dead_card_exchange_option_off() -> None:
    state, card = _dead_table(dead_card_exchange=False)
    assert all(a >= 0 for a in state.legal_actions())


def test_live_card_cannot_be_exchanged() -> None:
    state = fresh()
    give(state, 0, ["5H"])
    card = state.geo.code_id["5H"]
    with pytest.raises(IllegalAction):
        state.apply(-1 - card)


# ----- deck and end --------------------------------------------------------------------------


def _empty_deck(state: SequenceState) -> None:
    state.discards[1].extend(state.deck)
    state.deck.clear()


def test_deck_exhausted_reshuffles_the_discards() -> None:
    state = fresh()
    _empty_deck(state)
    discarded = len(state.discards[1])
    state.apply(next(a for a in state.legal_actions() if a >= 0))
    state.check_invariants()
    assert len(state.hands[0]) == 7 and len(state.deck) == discarded
    assert state.outcome()["reshuffles"] == 1 and not state.is_terminal()


def test_deck_exhausted_ends_in_a_draw_with_the_option() -> None:
    state = fresh(deck_exhausted="draw")
    _empty_deck(state)
    state.apply(next(a for a in state.legal_actions() if a >= 0))
    assert state.is_terminal() and state.end == END_DECK and state.winner is None
    assert state.scores() == [0.5, 0.5]


def _fill_all_but_one(state):  # type: ignore[no-untyped-def]
    free = [c for c, owner in enumerate(state.board) if owner == EMPTY]
    # Columns alternate, rows change colour every two: no line of five is one colour.
    for c in free[:-1]:
        r, col = divmod(c, 10)
        state._place(c, ((r // 2) + col) % 2)
    assert state.seq_count == [0, 0]
    return free[-1]


def test_full_board_without_a_win_is_a_draw() -> None:
    state = fresh()
    last = _fill_all_but_one(state)
    give(state, 0, ["JC"])
    act(state, "JC", last)
    assert state.end == END_FULL and state.scores() == [0.5, 0.5]


def test_full_board_option_plays_on_with_jacks() -> None:
    state = fresh(full_board="continue")
    last = _fill_all_but_one(state)
    give(state, 0, ["JC"])
    act(state, "JC", last)
    assert not state.is_terminal() and all(owner != EMPTY for owner in state.board)
    give(state, 1, ["JH"])  # a one-eyed jack frees a space of the other team
    state.check_invariants()
    assert any(a >= 0 for a in state.legal_actions())


# ----- a customised definition ---------------------------------------------------------------


def test_custom_sequence_length_and_board_are_used() -> None:
    custom = dataclasses.replace(DEFINITION, sequence_length=4)
    state = make_engine(custom, 2, resolve_options(custom, None)).new_game(random.Random(3))
    place(state, 0, [cell(3, c) for c in range(3, 7)])
    assert state.seq_count == [1, 0]
    rows = list(DEFINITION.board.cells)
    rows[0], rows[1] = rows[1], rows[0]
    swapped = dataclasses.replace(DEFINITION, board=dataclasses.replace(DEFINITION.board, cells=tuple(rows)))
    state = make_engine(swapped, 2, resolve_options(swapped, None)).new_game(random.Random(3))
    assert state.geo.corners == (10, 19, 90, 99)
    assert state.board[0] == EMPTY and state.board[10] == CORNER


# ----- contract: observation, clone, invariants, determinism ----------------------------------


def test_observation_hides_other_hands() -> None:
    state = fresh(4)
    view = state.observation(1)
    assert view.hand == tuple(state.hands[1]) and view.team == 1
    assert view.hand_sizes == (6, 6, 6, 6)
    assert not hasattr(view, "hands") and "hands" not in dir(view)


def test_illegal_actions_are_refused() -> None:
    state = fresh()
    for bad in ("x", 10**9, (1, 2), -999):
        with pytest.raises(IllegalAction):
            state.apply(bad)


def test_invariants_catch_corruption() -> None:
    state = fresh()
    state.hands[0].append(state.deck.pop())
    with pytest.raises(InvariantError):
        state.check_invariants()
    state = fresh()
    state.board[cell(4, 4)] = 0
    with pytest.raises(InvariantError):
        state.check_invariants()


def play_random(players: int, seed: int, index: int, check_every_move: bool, **options) -> SequenceState:
    rng = random.Random(game_seed(seed, index))
    state = engine(players, **options).new_game(rng)
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal
        state.apply(legal[rng.randrange(len(legal))])
        if check_every_move:
            state.check_invariants()
    state.check_invariants()
    return state


@pytest.mark.e2e
@pytest.mark.parametrize("players", [2, 3, 4, 6, 9, 12])
def test_invariants_over_random_games(players: int) -> None:
    for index in range(20):
        play_random(players, 11, index, check_every_move=True)
    for index in range(20, 400):
        play_random(players, 11, index, check_every_move=False)


@pytest.mark.parametrize("options", [{"advanced_one_eyed_jacks": True}, {"deck_exhausted": "draw"}, {"dead_card_exchange": False}])
def test_invariants_with_options(options: dict) -> None:
    for index in range(15):
        play_random(2, 5, index, check_every_move=True, **options)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8, 9, 10, 12])
def test_invariants_over_many_random_games(players: int) -> None:
    for index in range(300):
        play_random(players, 13, index, check_every_move=True, advanced_one_eyed_jacks=index % 2 == 1)


def test_same_seed_same_game_and_clone_is_independent() -> None:
    a = play_random(2, 21, 4, check_every_move=False)
    b = play_random(2, 21, 4, check_every_move=False)
    assert a.outcome() == b.outcome() and a.board == b.board and a.turns == b.turns
    state = fresh(seed=9)
    twin = state.clone()
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    twin.check_invariants()
    assert twin.turns == 0 and twin.board.count(EMPTY) == 96
    rng = random.Random(2)
    while not twin.is_terminal():
        twin.apply(rng.choice(twin.legal_actions()))
    assert twin.outcome() == state.outcome()


def test_registered_and_summary() -> None:
    sim = simulator_for("sequence")
    assert sim.best in sim.bots and sim.competitive
    from generator.sim.api import BotSpec
    from generator.sim.runner import make_bots, play_game

    eng = engine(3)
    records = [play_game(eng, make_bots(sim, eng, [BotSpec("random")] * 3), 1, i, competitive=True) for i in range(30)]
    summary = summarize(records, 3)["sequence"]
    assert summary["games"] == 30 and summary["teams"] == 3
    wins = sum(r["rate"] for r in summary["team_win_rate"]) + summary["draw_rate"]["rate"]
    assert wins == pytest.approx(1.0, abs=1e-3)
    assert all(0 <= r["low"] <= r["rate"] <= r["high"] <= 1 for r in summary["seat_win_rate"])
    assert summary["mean_turns"] > 10 and sum(summary["end_reasons"].values()) == 30
