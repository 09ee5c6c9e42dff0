"""Differences with 95 % intervals, p-values and the Holm-Bonferroni correction.

Used to compare two runs figure by figure (``cardforge compare``), to test each seat against the
others, and to flag the rows of a game's tables (cards, actions) that stand out beyond chance.

Differences are ``b - a`` (what changes from A to B).

- Paired differences (the same game index played in both runs, common random numbers): the mean of
  the per-game differences with its standard error; the pairing removes the games' shared luck.
- Unpaired differences (samples of different units, such as the seats that bought a card):
  Welch's standard error sqrt(sa^2/na + sb^2/nb).
- Both use the normal approximation (runs have hundreds of games): interval d +- 1.96 se,
  p = P(|Z| >= |d| / se). A difference with zero standard error is certain: p is 0 unless the
  difference is 0 (then 1).
- Holm-Bonferroni keeps the chance of any false alarm among m figures under alpha: the k-th
  smallest p-value is compared with alpha / (m - k + 1), stopping at the first that fails.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

from .stats import Z_95, mean

ALPHA = 0.05
"""Family-wise error rate of the corrected tests."""


@dataclass(frozen=True, slots=True)
class Difference:
    """``b - a`` with its 95 % interval and p-value; ``p_adjusted`` and ``significant`` say what
    remains after the Holm correction over the figures compared together."""

    a: float
    b: float
    difference: float
    low: float
    high: float
    p_value: float
    paired: bool
    n_a: int
    n_b: int
    p_adjusted: float = 1.0
    significant: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "a": _r(self.a), "b": _r(self.b), "difference": _r(self.difference),
            "interval": [_r(self.low), _r(self.high)], "p_value": _r(self.p_value, 6),
            "p_adjusted": _r(self.p_adjusted, 6), "significant": self.significant,
            "paired": self.paired, "n_a": self.n_a, "n_b": self.n_b,
        }


def _r(value: float, digits: int = 4) -> float:
    return round(value, digits)


def two_sided_p(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2.0))


def _variance(values: Sequence[float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    return math.fsum((v - m) ** 2 for v in values) / (n - 1)


def _difference(a: float, b: float, se: float, paired: bool, n_a: int, n_b: int) -> Difference:
    d = b - a
    if se > 0:
        p = two_sided_p(d / se)
    else:
        p = 1.0 if abs(d) < 1e-12 else 0.0
    return Difference(a, b, d, d - Z_95 * se, d + Z_95 * se, p, paired, n_a, n_b)


def paired_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """The mean of ``b[i] - a[i]`` (the same game in both runs) with its interval."""
    if len(a) != len(b):
        raise ValueError(f"paired samples differ in size ({len(a)} and {len(b)})")
    diffs = [y - x for x, y in zip(a, b)]
    n = len(diffs)
    se = math.sqrt(_variance(diffs) / n) if n else 0.0
    return _difference(mean(a), mean(b), se, True, n, n)


def welch_difference(a: Sequence[float], b: Sequence[float]) -> Difference:
    """``mean(b) - mean(a)`` of two independent samples (Welch's standard error)."""
    n_a, n_b = len(a), len(b)
    var = (_variance(a) / n_a if n_a else 0.0) + (_variance(b) / n_b if n_b else 0.0)
    return _difference(mean(a), mean(b), math.sqrt(var), False, n_a, n_b)


def rate_test(successes: float, trials: int, expected: float) -> float:
    """Two-sided p-value of a proportion against ``expected`` (the score test, whose inversion is
    the Wilson interval: p < 0.05 exactly when the 95 % Wilson interval leaves out ``expected``)."""
    if trials <= 0 or not 0.0 < expected < 1.0:
        return 1.0
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return two_sided_p(z)


def holm(p_values: Sequence[float], alpha: float = ALPHA) -> tuple[list[float], list[bool]]:
    """Holm-Bonferroni over ``p_values``: the adjusted p-values (in the given order) and which
    tests remain significant at ``alpha``."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted, [p <= alpha for p in adjusted]


def corrected(differences: Sequence[Difference], alpha: float = ALPHA) -> list[Difference]:
    """The differences with their Holm-adjusted p-values and verdicts filled in."""
    from dataclasses import replace

    adjusted, significant = holm([d.p_value for d in differences], alpha)
    return [replace(d, p_adjusted=p, significant=s) for d, p, s in zip(differences, adjusted, significant)]


def games_for_mean(sd: float, half_width: float) -> int | None:
    """Games needed for a 95 % interval of +- ``half_width`` on a mean with standard deviation ``sd``."""
    if half_width <= 0:
        return None
    return max(2, math.ceil((Z_95 * sd / half_width) ** 2))


def games_for_rate(rate: float, half_width: float) -> int | None:
    """Games needed for a 95 % interval of +- ``half_width`` on a proportion near ``rate``."""
    if half_width <= 0 or not 0.0 < rate < 1.0:
        return None
    return max(2, math.ceil(Z_95 ** 2 * rate * (1 - rate) / half_width ** 2))
