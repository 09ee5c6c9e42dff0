"""Findings and measures: what a run's summary opens with, on records whose answer is known."""

from __future__ import annotations

import random
from typing import Any

import pytest

from generator.games.firecrackers.sim.findings import findings as firecrackers_findings
from generator.games.hanabi.sim.findings import findings as hanabi_findings
from generator.games.sequence.sim.findings import findings as sequence_findings
from generator.sim.api import GameRecord
from generator.sim.findings import Finding
from generator.sim.summary import RunSettings, _lead_changes, summarize
from generator.sim.sweep import SweepRow, sweep_findings
from generator.sim.compare import run_figures


def _game(i: int, winner: int, players: int = 4, turns: int = 50, **outcome: Any) -> GameRecord:
    scores = tuple(10.0 + (5.0 if s == winner else 0.0) + s * 0.1 for s in range(players))
    return GameRecord(i, i, scores, turns, turns, (winner,), ("b",) * players, outcome)


def _settings(bots: tuple[str, ...] = ("b",) * 4) -> RunSettings:
    return RunSettings("toy", "toy", 1, bots, {})


def _unequal(games: int = 1000, seed: int = 1) -> list[GameRecord]:
    rng = random.Random(seed)
    weights = [0.19, 0.24, 0.28, 0.29]  # the first player wins least
    return [_game(i, rng.choices(range(4), weights)[0]) for i in range(games)]


def test_unequal_seats_come_first_with_their_evidence() -> None:
    summary = summarize(_unequal(), 4, competitive=True, settings=_settings())
    first = summary.findings[0]
    assert first.code == "seat-advantage"
    assert first.sentence.startswith("Seats are not equal: seat 0 (the first player) wins 1")
    assert "[" in first.sentence and "Holm" in first.evidence
    fpa = summary.measures.first_player_advantage
    assert fpa is not None and fpa.high < 0 < 0.26 - 0.19 + fpa.value + 0.1


def test_equal_seats_and_mixed_bots_give_no_seat_finding() -> None:
    rng = random.Random(2)
    fair = [_game(i, rng.randrange(4)) for i in range(1000)]
    summary = summarize(fair, 4, competitive=True, settings=_settings())
    assert not [f for f in summary.findings if f.code == "seat-advantage"]
    bots = ("a", "b", "b", "b")
    mixed_records = [GameRecord(r.index, r.seed, r.scores, r.turns, r.decisions, r.winners, bots, {}) for r in _unequal()]
    mixed = summarize(mixed_records, 4, competitive=True, settings=_settings(bots))
    assert not [f for f in mixed.findings if f.code == "seat-advantage"]  # the bots differ: not the seats
    assert mixed.measures.first_player_advantage is None


def test_long_games_are_a_finding() -> None:
    records = [_game(i, i % 4, turns=40) for i in range(200)] + [_game(200 + i, 0, turns=400) for i in range(5)]
    summary = summarize(records, 4, competitive=True, settings=_settings())
    long = [f for f in summary.findings if f.code == "long-games"]
    assert long and long[0].sentence.startswith("5 games (2.4 %) run more than 3 times the median length")
    assert summary.lengths.long_games == 5 and summary.lengths.median == 40


def test_lead_changes_deficit_and_late_decisions() -> None:
    assert _lead_changes([[1, 0], [0, 2], [3, 2], [3, 3], [3, 4]]) == 3
    assert _lead_changes([[1, 1], [2, 2]]) == 0
    late = _game(0, 1, players=2, standings=[[5, 0], [8, 3], [9, 20]])  # seat 1 comes from behind at the end
    early = _game(1, 0, players=2, standings=[[5, 0], [8, 3], [9, 4]])
    measures = summarize([late, early], 2, competitive=True).measures
    assert measures.decided_last_round is not None and measures.decided_last_round.rate == 0.5
    assert measures.lead_changes is not None and measures.lead_changes.value == 0.5
    assert measures.winner_deficit is not None and measures.winner_deficit.value == pytest.approx((5 + 0) / 2)
    assert summarize([_game(0, 0)], 4, competitive=True).measures.lead_changes is None  # no standings


def test_games_needed_grow_with_the_spread() -> None:
    rng = random.Random(5)
    narrow = [GameRecord(i, i, (20.0 + rng.random(),) * 2, 10, 10, (), ("b", "b"), {}) for i in range(100)]
    wide = [GameRecord(i, i, (20.0 + 10 * rng.random(),) * 2, 10, 10, (), ("b", "b"), {}) for i in range(100)]
    a = summarize(narrow, 2, competitive=False).measures.games_for_score
    b = summarize(wide, 2, competitive=False).measures.games_for_score
    assert a is not None and b is not None and b > 20 * a


def _balance_row(name: str, key: str, share: float, effect: float, flag: str) -> dict[str, Any]:
    return {key: name, "copies": 100, "per_game": 0.1, "buyer_share": 0.15, "buyers_mean_score": 50.0,
            "others_mean_score": 45.0, "buyers_win_share": share, "win_share_low": share - 0.04,
            "win_share_high": share + 0.04, "effect": effect, "p_holm": 0.001, "flag": flag}


def test_firecrackers_cards_far_from_the_typical_card() -> None:
    game = {
        "baseline_win_share": 0.25,
        "end_reasons": {"shop_empty": 998, "max_rounds": 2},
        "rounds": {"mean": 11.0, "max": 100},
        "balance_cards": [_balance_row("black-4-boom_burglar", "card", 0.655, 0.34, "high"),
                          _balance_row("red-2-plain", "card", 0.34, 0.03, "high"),  # beyond chance, not far
                          _balance_row("blue-1-plain", "card", 0.31, 0.0, ""),
                          _balance_row("yellow-3-garbage", "card", 0.18, -0.13, "low")],
        "balance_actions": [_balance_row("boom_burglar", "action", 0.655, 0.34, "high"),
                            _balance_row("plain", "action", 0.31, 0.0, "")],
    }
    found = firecrackers_findings(game, 4, None)
    codes = [(f.code, f.subject) for f in found]
    assert ("action-wins", "boom_burglar") in codes
    assert ("card-wins", "black-4-boom_burglar") not in codes  # said once, by its action
    assert ("card-loses", "yellow-3-garbage") in codes and not any(s == "red-2-plain" for _, s in codes)
    loses = next(f for f in found if f.subject == "yellow-3-garbage")
    assert "win only 18.0 %" in loses.sentence and "25.0 % for any seat" in loses.sentence
    assert any(f.code == "stalled-games" and f.sentence.startswith("2 games (0.2 %)") for f in found)


def test_firecrackers_actions_nobody_buys(fc: Any) -> None:
    game = {"end_reasons": {"shop_empty": 10}, "balance_actions": [{"action": "plain"}], "balance_cards": []}
    never = [f for f in firecrackers_findings(game, 4, fc) if f.code == "never-bought"]
    assert never and "treasure" in never[0].subject.split(",")


def test_hanabi_and_sequence_findings() -> None:
    suits = {k: {"mean_height": 4.7, "complete_rate": 0.8} for k in ("red", "yellow", "green", "blue")}
    suits["multicolor"] = {"mean_height": 3.1, "complete_rate": 0.35}
    game = {"hanabi": {"games": 500, "suits": suits, "end_reasons": {"deck_out": 400, "strikeout": 100},
                       "perfect_rate": 0.0, "strikes_mean": 1.5, "score_mean": 20.0}}
    codes = {(f.code, f.subject) for f in hanabi_findings(game, 3, None)}
    assert ("suit-harder", "multicolor") in codes and not any(s == "red" for _, s in codes)
    assert ("strikeouts", "") in codes and ("never-perfect", "") in codes
    sequence = {"sequence": {"games": 100, "end_reasons": {"sequences": 90, "board_full": 10},
                             "two_eyed_jacks_per_game": 1.2, "one_eyed_jacks_per_game": 0.0,
                             "dead_card_exchanges_per_game": 0.4}}
    found = {(f.code, f.subject) for f in sequence_findings(sequence, 2, None)}
    assert found == {("draw-reason", "board_full"), ("never-played", "one_eyed_jacks_per_game")}


def test_a_sweep_says_what_changes_across_its_values() -> None:
    rows = []
    for bias, value in ((0.0, 1), (0.0, 2), (0.25, 3)):
        rng = random.Random(7)  # the same seed for every value, as a sweep plays them
        records = [_game(i, 0 if rng.random() < 0.25 + bias else rng.randrange(1, 4)) for i in range(600)]
        summary = summarize(records, 4, competitive=True, settings=_settings())
        rows.append(SweepRow({"x": value}, summary, tuple(run_figures(records, 4, competitive=True))))
    found = sweep_findings(rows, ["x"])
    change = [f for f in found if f.code == "sweep-change"]
    assert change and change[0].sentence.startswith("seat 0 win rate goes from")
    assert change[0].sentence.endswith("at x=3") and (" at x=1 to " in change[0].sentence or " at x=2 to " in change[0].sentence)
    assert not any("game length" in f.sentence for f in change)


def _sweep(biases: tuple[float, ...]) -> list[SweepRow]:
    """One row per bias (x = 1, 2, ...): seat 0 wins about 25 % + bias of the same seeded games."""
    rows = []
    for value, bias in enumerate(biases, start=1):
        rng = random.Random(7)
        records = [_game(i, 0 if rng.random() < 0.25 + bias else rng.randrange(1, 4)) for i in range(600)]
        summary = summarize(records, 4, competitive=True, settings=_settings())
        rows.append(SweepRow({"x": value}, summary, tuple(run_figures(records, 4, competitive=True))))
    return rows


def test_a_sweep_change_is_the_last_value_minus_the_first() -> None:
    change = [f for f in sweep_findings(_sweep((0.25, 0.0, 0.0)), ["x"]) if f.code == "sweep-change"]
    seat = next(f for f in change if f.sentence.startswith("seat 0 win rate"))
    assert " at x=1 to " in seat.sentence and seat.sentence.endswith("at x=3")
    assert seat.evidence.startswith("difference -") and " to -" in seat.evidence  # it falls: a negative interval


def test_a_sweep_compares_its_two_ends_not_its_extreme_rows() -> None:
    found = sweep_findings(_sweep((0.0, 0.25, 0.0)), ["x"])  # only the middle value differs
    assert not [f for f in found if f.code == "sweep-change"]
    assert not any("x=2" in f.sentence for f in found)


def test_draws_explained_by_the_game_are_listed_once() -> None:
    records = [GameRecord(i, i, (0.5, 0.5), 80, 80, () if i % 3 else (0,), ("b", "b"), {}) for i in range(60)]
    reason = Finding("draw-reason", "66.7 % of games are drawn because the board fills", "40 of 60 games")
    plain = summarize(records, 2, competitive=True, settings=_settings(("b", "b")))
    assert [f.code for f in plain.findings if "draw" in f.code] == ["draws"]  # no cause given: the run says it
    explained = summarize(records, 2, competitive=True, settings=_settings(("b", "b")),
                          game_summary=lambda records, players: {"games": len(records)},
                          game_findings=lambda game, players, definition: [reason])
    assert [f.code for f in explained.findings if "draw" in f.code] == ["draw-reason"]


def test_seats_that_win_alike_but_score_apart_are_a_finding() -> None:
    """A lowest-wins game whose first seat ends 13 points better than the last, at the same win
    rate, said nothing; and seats whose scores differ by chance alone give no such finding."""
    rng = random.Random(5)
    records = []
    for i in range(400):
        winner = rng.randrange(4)
        scores = tuple(-40.0 + rng.gauss(0, 12) + (13.0 if s == 0 else 0.0) + (20.0 if s == winner else 0.0)
                       for s in range(4))
        records.append(GameRecord(i, i, scores, 50, 50, (winner,), ("b",) * 4, {}))
    summary = summarize(records, 4, competitive=True, settings=_settings())
    assert not [f for f in summary.findings if f.code == "seat-advantage"]
    (gap,) = [f for f in summary.findings if f.code == "seat-score-gap"]
    assert gap.sentence.startswith("Seats score apart though they win alike: seat 0 scores")
    assert "seat 0 +1" in gap.evidence and "Holm" in gap.evidence
    assert summary.to_json()["seat_score_gap"][0]["significant"] is True
    fair = [GameRecord(r.index, r.seed, tuple(s - (13.0 if k == 0 else 0.0) for k, s in enumerate(r.scores)),
                       r.turns, r.decisions, r.winners, r.bots, {}) for r in records]
    assert not [f for f in summarize(fair, 4, competitive=True, settings=_settings()).findings
                if f.code == "seat-score-gap"]
