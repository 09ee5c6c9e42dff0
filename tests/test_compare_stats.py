"""The statistics of comparing runs: paired and unpaired differences with intervals, the
Holm-Bonferroni correction, identical runs (nothing significant) and a planted difference (found)."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.sim.api import GameRecord
from generator.sim.compare import Figure, compare_figures, run_figures
from generator.sim.significance import (
    games_for_mean,
    games_for_rate,
    holm,
    paired_difference,
    rate_test,
    two_sided_p,
    welch_difference,
)
from generator.sim.stats import wilson_interval


def test_two_sided_p_known_values() -> None:
    assert two_sided_p(0.0) == 1.0
    assert two_sided_p(1.959963984540054) == pytest.approx(0.05, abs=1e-9)
    assert two_sided_p(-2.5758) == pytest.approx(0.01, abs=1e-4)


def test_paired_difference_is_the_mean_of_the_differences() -> None:
    a = [1.0, 2.0, 3.0, 4.0]
    b = [2.0, 2.0, 5.0, 5.0]  # differences 1, 0, 2, 1: mean 1, sd sqrt(2/3)
    d = paired_difference(a, b)
    assert d.a == 2.5 and d.b == 3.5 and d.difference == 1.0 and d.paired
    se = math.sqrt((2 / 3) / 4)
    assert d.low == pytest.approx(1 - 1.959964 * se, abs=1e-6) and d.high == pytest.approx(1 + 1.959964 * se, abs=1e-6)
    assert d.p_value == pytest.approx(two_sided_p(1 / se))


def test_welch_difference_known_value() -> None:
    a, b = [1.0, 2.0, 3.0], [4.0, 6.0]
    d = welch_difference(a, b)
    se = math.sqrt(1.0 / 3 + 2.0 / 2)
    assert d.difference == pytest.approx(3.0) and not d.paired
    assert d.high - d.difference == pytest.approx(1.959964 * se, abs=1e-6)


def test_identical_samples_differ_by_nothing() -> None:
    values = [random.Random(3).random() for _ in range(50)]
    d = paired_difference(values, values)
    assert d.difference == 0.0 and d.low == d.high == 0.0 and d.p_value == 1.0


def test_holm_known_values() -> None:
    adjusted, significant = holm([0.01, 0.04, 0.03, 0.005])
    # sorted: 0.005*4=0.02, 0.01*3=0.03, 0.03*2=0.06, 0.04*1 -> max(0.06, 0.04) = 0.06
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert significant == [True, False, False, True]
    assert holm([]) == ([], [])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(min_value=0.0, max_value=1.0), min_size=1, max_size=40))
def test_holm_is_between_raw_and_bonferroni(p_values: list[float]) -> None:
    adjusted, significant = holm(p_values)
    m = len(p_values)
    for p, q, s in zip(p_values, adjusted, significant):
        assert p - 1e-12 <= q <= min(1.0, m * p) + 1e-12
        assert s == (q <= 0.05)
        if s:
            assert p <= 0.05
    order = sorted(range(m), key=lambda i: p_values[i])
    assert all(adjusted[order[i]] <= adjusted[order[i + 1]] + 1e-12 for i in range(m - 1))


@settings(max_examples=100, deadline=None)
@given(trials=st.integers(min_value=5, max_value=3000), data=st.data())
def test_rate_test_agrees_with_the_wilson_interval(trials: int, data: st.DataObject) -> None:
    """The score test rejects exactly when the 95 % Wilson interval leaves the expected rate out."""
    successes = data.draw(st.integers(min_value=0, max_value=trials))
    expected = data.draw(st.floats(min_value=0.02, max_value=0.98))
    low, high = wilson_interval(successes, trials)
    if min(abs(expected - low), abs(expected - high)) < 1e-6:
        return  # on the edge: rounding decides
    assert (rate_test(successes, trials, expected) < 0.05) == (not low <= expected <= high)


def test_games_needed() -> None:
    assert games_for_rate(0.5, 0.01) == math.ceil(1.959963984540054 ** 2 * 0.25 / 0.0001)
    assert games_for_mean(2.0, 0.2) == math.ceil((1.959963984540054 * 2.0 / 0.2) ** 2)
    assert games_for_rate(0.0, 0.01) is None and games_for_mean(1.0, 0.0) is None


def _records(seed: int, games: int, players: int, bias: float) -> list[GameRecord]:
    """Games where seat 0 wins with probability 1/players + bias (the rest share the remainder)."""
    rng = random.Random(seed)
    records = []
    for i in range(games):
        first = rng.random() < 1 / players + bias
        winner = 0 if first else rng.randrange(1, players)
        scores = tuple(10.0 + (5.0 if s == winner else rng.random() * 4) for s in range(players))
        records.append(GameRecord(i, i, scores, 20 + rng.randrange(10), 20, (winner,), ("b",) * players, {}))
    return records


def test_the_same_deck_against_itself_shows_no_significant_difference() -> None:
    records = _records(1, 400, 3, 0.0)
    a = run_figures(records, 3, competitive=True)
    comparison = compare_figures(a, run_figures(list(records), 3, competitive=True))
    assert comparison.figures and not comparison.significant()
    assert all(c.difference.difference == 0.0 and c.difference.p_value == 1.0 for c in comparison.figures)


def test_a_planted_difference_is_found_and_only_it() -> None:
    """B is A with seat 0's games flipped to wins in 15 % more games (same seeds: paired)."""
    a_records = _records(2, 800, 4, 0.0)
    rng = random.Random(9)
    b_records = []
    for r in a_records:
        if 0 not in r.winners and rng.random() < 0.2:
            scores = (r.scores[r.winners[0]],) + r.scores[1:r.winners[0]] + (r.scores[0],) + r.scores[r.winners[0] + 1:]
            r = GameRecord(r.index, r.seed, scores, r.turns, r.decisions, (0,), r.bots, {})
        b_records.append(r)
    comparison = compare_figures(run_figures(a_records, 4, competitive=True), run_figures(b_records, 4, competitive=True))
    found = {c.name for c in comparison.significant()}
    assert "seat 0 win rate" in found
    seat0 = next(c for c in comparison.figures if c.name == "seat 0 win rate").difference
    assert seat0.difference > 0.1 and seat0.low > 0
    assert "game length (turns)" not in found and "mean score" not in found  # unchanged by the swap


def test_unpaired_figures_and_figures_of_one_run() -> None:
    rng = random.Random(4)
    a = [Figure("x buyers", tuple(rng.random() for _ in range(200)), None),
         Figure("only a", (1.0,) * 20, None),
         Figure("few", (1.0, 0.0), None),
         Figure("x buy rate", (0.5,) * 30, tuple(range(30)), zero_when_absent=True)]
    b = [Figure("x buyers", tuple(rng.random() + 0.3 for _ in range(150)), None),
         Figure("only b", (1.0,) * 20, None),
         Figure("few", (1.0, 1.0), None),
         Figure("per game", (0.0,) * 30, tuple(range(30)))]
    comparison = compare_figures(a, b)
    by_name = {c.name: c.difference for c in comparison.figures}
    assert not by_name["x buyers"].paired and by_name["x buyers"].significant
    assert by_name["x buy rate"].paired and by_name["x buy rate"].b == 0.0  # nobody bought it in B
    skipped = dict(comparison.skipped)
    assert skipped["only a"] == "only in A" and skipped["only b"] == "only in B"
    assert skipped["few"].startswith("fewer than 10")
    assert comparison.to_json()["correction"] == "Holm-Bonferroni"
