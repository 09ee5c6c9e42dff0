"""Statistics maths on known inputs: mean, standard error, Wilson intervals, win shares, summaries."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.sim.api import GameRecord
from generator.sim.stats import histogram, mean, seat_wins, stderr, wilson_interval
from generator.sim.summary import RunSettings, summarize


def record(index: int, scores: tuple[float, ...], winners: tuple[int, ...], turns: int = 10,
           bots: tuple[str, ...] | None = None, **outcome: object) -> GameRecord:
    return GameRecord(index, index, scores, turns, turns, winners, bots or tuple("b" for _ in scores), dict(outcome))


def test_mean_and_stderr() -> None:
    assert mean([]) == 0.0
    assert mean([1, 2, 3, 4]) == 2.5
    # sample sd of 1..4 is sqrt(5/3); stderr = that / 2
    assert stderr([1, 2, 3, 4]) == pytest.approx(math.sqrt(5 / 3) / 2)
    assert stderr([7]) == 0.0
    assert stderr([5, 5, 5]) == 0.0


def test_wilson_interval_known_values() -> None:
    # Reference values (Wilson 1927; e.g. statsmodels proportion_confint(method="wilson")).
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)
    low, high = wilson_interval(0, 20)
    assert low == 0.0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_histogram_orders_numerically() -> None:
    assert list(histogram([10, 2, 2, 25, 2.5]).items()) == [("2", 2), ("2.5", 1), ("10", 1), ("25", 1)]


def test_shared_wins_count_for_every_winner() -> None:
    records = [record(0, (3, 3, 1), (0, 1)), record(1, (1, 5, 0), (1,)), record(2, (0, 0, 0), ())]
    assert seat_wins(records, 3) == [1, 2, 0]


def test_competitive_summary() -> None:
    records = [
        record(0, (3, 1), (0,), turns=10, bots=("a", "b")),
        record(1, (2, 2), (0, 1), turns=20, bots=("a", "b")),
        record(2, (0, 4), (1,), turns=30, bots=("a", "b")),
        record(3, (5, 1), (0,), turns=40, bots=("a", "b")),
    ]
    s = summarize(records, 2, competitive=True, game_summary=lambda rs, n: {"n": len(rs), "players": n},
                  elapsed_s=1.23456)
    assert s.games == 4
    assert s.scores.mean == pytest.approx(18 / 8)
    assert s.scores.stderr == pytest.approx(stderr([2, 2, 2, 3]), abs=1e-4)
    assert s.seats is not None and s.perfect is None
    assert [r.rate for r in s.seats.win_rate] == [0.75, 0.5]
    assert s.seats.win_rate[0].interval() == [round(x, 4) for x in wilson_interval(3, 4)]
    assert s.seats.mean_score == (2.5, 2.0)
    assert s.seats.shared_wins == 1 and s.seats.draws == 0
    assert s.seats.histograms == ({"0": 1, "2": 1, "3": 1, "5": 1}, {"1": 2, "2": 1, "4": 1})
    assert s.lengths.mean == 25 and s.lengths.decisions == 100 and s.lengths.median == 25
    assert s.scores.histogram == {"0": 1, "1": 2, "2": 2, "3": 1, "4": 1, "5": 1}
    assert s.lengths.elapsed_s == 1.235
    assert s.game == {"n": 4, "players": 2}
    by_bot = {row.bot: row for row in s.bots}
    assert by_bot["a"].win is not None and by_bot["a"].win.rate == 0.75 and by_bot["b"].seats == (1,)


def test_json_keeps_the_keys_of_the_dict_summary() -> None:
    """``to_json`` is the ``--json`` output: the keys (and values) of the former dict summary stay."""
    records = [record(0, (3, 1), (0,), bots=("a", "b")), record(1, (2, 2), (0, 1), bots=("a", "b")),
               record(2, (0, 4), (1,), bots=("a", "b"))]
    settings = RunSettings("toy", "toyrace", 7, ("a", "b"), {"target": 20}, {"expansion": "x"})
    data = summarize(records, 2, competitive=True, elapsed_s=0.5, settings=settings).to_json()
    assert list(data)[:5] == ["game_id", "kind", "seed", "seat_bots", "rules"]
    assert data["extra"] == {"expansion": "x"} and data["seat_bots"] == ["a", "b"]
    old = {"games", "players", "competitive", "score_is_outcome", "mean_score", "stderr", "min_score", "max_score",
           "score_histogram", "seat_win_rate", "seat_win_rate_ci", "seat_mean_score", "seat_stderr", "shared_wins",
           "draws", "win_rate_ties", "mean_turns", "turns_stderr", "min_turns", "max_turns", "decisions",
           "elapsed_s", "bots"}
    assert old <= set(data)
    assert data["seat_win_rate"] == [0.6667, 0.6667]
    assert data["seat_win_rate_ci"][0] == [round(x, 4) for x in wilson_interval(2, 3)]
    assert data["win_rate_ties"] == "counted" and data["min_turns"] == 10 and data["elapsed_s"] == 0.5
    assert data["bots"][0] == {"bot": "a", "seats": [0], "seat_games": 3, "mean_score": round(5 / 3, 4),
                               "stderr": data["bots"][0]["stderr"], "win_rate": 0.6667,
                               "win_rate_ci": [round(x, 4) for x in wilson_interval(2, 3)]}
    coop = summarize([record(0, (5.0, 5.0), (0, 1))], 2, competitive=False).to_json()
    assert {"perfect_games", "perfect_rate", "perfect_rate_ci"} <= set(coop) and "seat_win_rate" not in coop


def test_cooperative_summary() -> None:
    records = [record(i, (25.0, 25.0), (0, 1)) for i in range(3)] + [record(3, (20.0, 20.0), ())]
    s = summarize(records, 2, competitive=False)
    assert s.scores.mean == 23.75
    assert s.scores.stderr == pytest.approx(1.25)
    assert s.perfect is not None and s.perfect.rate.rate == 0.75 and s.perfect.games == 3
    assert s.perfect.rate.interval() == [round(x, 4) for x in wilson_interval(3, 4)]
    assert s.scores.histogram == {"20": 1, "25": 3}
    assert s.seats is None and s.game == {}
    assert s.lengths.elapsed_s is None
    assert s.measures.first_player_advantage is None and s.measures.lead_changes is None


@settings(max_examples=200, deadline=None)
@given(trials=st.integers(min_value=1, max_value=5000), data=st.data())
def test_wilson_interval_contains_the_rate(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = wilson_interval(successes, trials)
    assert 0.0 <= low <= successes / trials <= high <= 1.0
    wider = wilson_interval(successes, trials, z=2.576)
    assert wider[0] <= low + 1e-12 and wider[1] >= high - 1e-12


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.integers(min_value=0, max_value=9), min_size=3, max_size=3), min_size=1, max_size=30))
def test_win_rates_count_every_winner(games: list[list[int]]) -> None:
    records = []
    for i, scores in enumerate(games):
        top = max(scores)
        records.append(record(i, tuple(float(s) for s in scores), tuple(s for s, v in enumerate(scores) if v == top)))
    s = summarize(records, 3, competitive=True)
    winners = sum(len(r.winners) for r in records)
    assert s.seats is not None
    rates = [r.rate for r in s.seats.win_rate]
    assert sum(rates) == pytest.approx(winners / len(games), abs=4e-4)
    assert sum(rates) >= 1.0 - 4e-4
    assert sum(s.scores.histogram.values()) == 3 * len(games)
    assert all(sum(h.values()) == len(games) for h in s.seats.histograms)


def test_bot_stderr_is_over_games_not_seats() -> None:
    """Copies of a bot in one cooperative game share its score: one sample per game, not per seat."""
    records = [record(i, (float(s),) * 3, (), bots=("smart", "smart", "simple")) for i, s in enumerate((10, 14, 18))]
    summary = summarize(records, 3, competitive=False)
    rows = {row.bot: row for row in summary.bots}
    assert rows["smart"].seat_games == 6 and rows["simple"].seat_games == 3
    assert rows["smart"].stderr == rows["simple"].stderr == summary.scores.stderr == pytest.approx(2.3094, abs=1e-4)


def test_score_is_outcome_is_passed_on() -> None:
    """The simulator's flag (Sequence: scores only say who won) reaches the summary for the reports."""
    games = [record(0, (1.0, 0.0), (0,)), record(1, (0.5, 0.5), (0, 1))]
    assert summarize(games, 2, competitive=True, score_is_outcome=True).scores.is_outcome is True
    assert summarize(games, 2, competitive=True).to_json()["score_is_outcome"] is False
