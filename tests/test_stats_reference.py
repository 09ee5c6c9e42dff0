"""The statistics cardforge computes by hand (generator/sim/stats.py, generator/sim/significance.py),
against scipy's values for the same samples: the normal quantile and tail, the standard error, the
Wilson interval, the t statistics of paired and Welch comparisons (our tests read them against the
normal distribution, as runs of hundreds of games allow) and the score test of a proportion.
scipy is a test-only dependency: cardforge itself does not need it."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.sim.significance import (
    games_for_mean,
    games_for_rate,
    holm,
    paired_difference,
    rate_test,
    two_sided_p,
    welch_difference,
)
from generator.sim.stats import Z_95, stderr, wilson_interval

scipy_stats = pytest.importorskip("scipy.stats", reason="scipy is in the test extra: pip install -e '.[test]'")

SCORES = st.lists(st.integers(min_value=0, max_value=30).map(float), min_size=3, max_size=60)


def test_the_95_quantile_is_the_normals() -> None:
    assert Z_95 == pytest.approx(scipy_stats.norm.ppf(0.975), abs=1e-12)


@given(st.floats(min_value=-12, max_value=12, allow_nan=False))
def test_the_two_sided_tail_is_the_normals(z: float) -> None:
    assert two_sided_p(z) == pytest.approx(2 * scipy_stats.norm.sf(abs(z)), rel=1e-9, abs=1e-300)


@given(SCORES)
def test_the_standard_error_is_scipys(values: list[float]) -> None:
    assert stderr(values) == pytest.approx(float(scipy_stats.sem(values)), rel=1e-9, abs=1e-12)


@given(st.integers(min_value=1, max_value=5000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_the_wilson_interval_is_scipys(counts: tuple[int, int]) -> None:
    successes, trials = counts
    interval = scipy_stats.binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    low, high = wilson_interval(successes, trials)
    assert low == pytest.approx(interval.low, abs=1e-9)
    assert high == pytest.approx(interval.high, abs=1e-9)


@settings(max_examples=60)
@given(st.integers(3, 60).flatmap(lambda n: st.tuples(
    st.lists(st.integers(0, 30).map(float), min_size=n, max_size=n),
    st.lists(st.integers(0, 30).map(float), min_size=n, max_size=n))))
def test_a_paired_difference_is_scipys_paired_t_statistic(samples: tuple[list[float], list[float]]) -> None:
    a, b = samples
    found = paired_difference(a, b)
    reference = scipy_stats.ttest_rel(b, a)
    se = (found.high - found.low) / (2 * Z_95)
    if se == 0:
        assert found.p_value == (1.0 if found.difference == 0 else 0.0)
        return
    assert found.difference / se == pytest.approx(float(reference.statistic), rel=1e-9)
    assert found.p_value == pytest.approx(2 * scipy_stats.norm.sf(abs(float(reference.statistic))), rel=1e-9)


@pytest.mark.filterwarnings("ignore:Precision loss occurred:RuntimeWarning")  # (scipy's, on near-constant samples)
@settings(max_examples=60)
@given(SCORES, SCORES)
def test_a_welch_difference_is_scipys_welch_t_statistic(a: list[float], b: list[float]) -> None:
    found = welch_difference(a, b)
    se = (found.high - found.low) / (2 * Z_95)
    if se == 0:
        return
    reference = scipy_stats.ttest_ind(b, a, equal_var=False)
    assert found.difference / se == pytest.approx(float(reference.statistic), rel=1e-9)


@given(st.integers(1, 2000).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))),
       st.floats(min_value=0.01, max_value=0.99))
def test_the_rate_test_agrees_with_the_wilson_interval(counts: tuple[int, int], expected: float) -> None:
    """The score test is the Wilson interval inverted: significant at 5 % exactly when scipy's
    Wilson interval leaves ``expected`` out (away from the border, where rounding decides)."""
    successes, trials = counts
    interval = scipy_stats.binomtest(successes, trials).proportion_ci(confidence_level=0.95, method="wilson")
    p = rate_test(successes, trials, expected)
    if min(abs(expected - interval.low), abs(expected - interval.high)) > 1e-9:
        assert (p < 0.05) == (not interval.low <= expected <= interval.high)


def test_holm_is_the_step_down_bonferroni() -> None:
    """Holm's adjusted p-values for a textbook example (Holm 1979's ordering rule)."""
    adjusted, significant = holm([0.01, 0.04, 0.03, 0.005])
    assert adjusted == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert significant == [True, False, False, True]


@given(st.floats(min_value=0.1, max_value=50), st.floats(min_value=0.01, max_value=5))
def test_games_for_a_mean_give_that_half_width(sd: float, half_width: float) -> None:
    n = games_for_mean(sd, half_width)
    assert n is not None
    z = scipy_stats.norm.ppf(0.975)
    assert z * sd / math.sqrt(n) <= half_width * (1 + 1e-9)
    if n > 2:
        assert z * sd / math.sqrt(n - 1) > half_width * (1 - 1e-9)


@given(st.floats(min_value=0.01, max_value=0.99), st.floats(min_value=0.001, max_value=0.2))
def test_games_for_a_rate_give_that_half_width(rate: float, half_width: float) -> None:
    n = games_for_rate(rate, half_width)
    assert n is not None
    z = scipy_stats.norm.ppf(0.975)
    assert z * math.sqrt(rate * (1 - rate) / n) <= half_width * (1 + 1e-9)
