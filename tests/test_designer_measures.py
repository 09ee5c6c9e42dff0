"""The measures designers read (docs/simulating.md, "Reading the summary"): balance, the first
player's p-value, how early the winner is clear (decisiveness) and the spread of game lengths,
each on records whose answer is known."""

from __future__ import annotations

from generator.sim.api import GameRecord
from generator.sim.summary import _clear_from, summarize


def record(index: int, winners: tuple[int, ...], turns: int = 10, standings: list[list[float]] | None = None,
           scores: tuple[float, ...] = (1.0, 0.0)) -> GameRecord:
    outcome = {"standings": standings} if standings is not None else {}
    return GameRecord(index, index, scores, turns, turns, winners, ("greedy", "greedy"), outcome)


def test_balance_is_one_minus_the_largest_gap_between_two_seats() -> None:
    records = [record(i, (0,) if i % 4 else (1,)) for i in range(400)]  # seat 0 wins 75 %
    measures = summarize(records, 2, competitive=True).measures
    assert measures.balance is not None
    assert abs(measures.balance.value - 0.5) < 1e-9
    assert measures.balance.low < 0.5 < measures.balance.high
    assert measures.first_player_p is not None and measures.first_player_p < 1e-6


def test_equal_seats_are_balanced_and_their_edge_is_not_significant() -> None:
    records = [record(i, (i % 2,)) for i in range(400)]
    measures = summarize(records, 2, competitive=True).measures
    assert measures.balance is not None and measures.balance.value == 1.0
    assert measures.first_player_p is not None and measures.first_player_p > 0.5


def test_the_winner_is_clear_from_the_round_after_which_it_always_leads() -> None:
    assert _clear_from([[1, 0], [2, 1], [3, 2]], (0,)) == 0  # led from the first round
    assert _clear_from([[0, 1], [2, 1], [3, 2]], (0,)) == 1
    assert _clear_from([[0, 1], [0, 2], [3, 2]], (0,)) == 2  # only the final scores put it ahead
    assert _clear_from([[1, 1], [1, 2], [3, 3]], (0, 1)) == 0  # a tie leads too
    games = [record(i, (0,), standings=[[0, 1], [2, 1]], scores=(3.0, 2.0)) for i in range(50)]
    decisiveness = summarize(games, 2, competitive=True).measures.decisiveness
    assert decisiveness is not None and decisiveness.value == 0.5  # clear after round 1 of 2


def test_length_spread_gives_the_deviation_and_the_middle_80_percent() -> None:
    records = [record(i, (0,), turns=i + 1) for i in range(101)]  # 1..101 turns
    measures = summarize(records, 2, competitive=True).measures
    assert measures.length_spread is not None
    sd, p10, p90 = measures.length_spread
    assert (p10, p90) == (11.0, 91.0) and 29 < sd < 30
    data = measures.to_json()
    assert data["length_spread"] == {"sd": sd, "p10": 11.0, "p90": 91.0}
    assert set(data) >= {"balance", "first_player_advantage", "first_player_p_value"}
