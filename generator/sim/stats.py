"""The statistics every summary uses: mean, standard error, Wilson intervals, histograms, wins.

The run summary built from them is ``generator.sim.summary``; differences between runs and their
significance are ``generator.sim.significance``.
"""

from __future__ import annotations

import math
from typing import Sequence

from .api import GameRecord

Z_95 = 1.959963984540054
"""The two-sided 95 % quantile of the normal distribution."""


def mean(values: Sequence[float]) -> float:
    """The arithmetic mean (0.0 for no values)."""
    return math.fsum(values) / len(values) if values else 0.0


def stderr(values: Sequence[float]) -> float:
    """Standard error of the mean: sample standard deviation / sqrt(n) (0.0 below two values)."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values)
    variance = math.fsum((v - m) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def wilson_interval(successes: float, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) when there are no trials.

    ``successes`` may be fractional."""
    if trials <= 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes <= 0 else max(0.0, centre - half)  # exact ends: no rounding noise
    high = 1.0 if successes >= trials else min(1.0, centre + half)
    return (low, high)


def score_key(score: float) -> str:
    """A score as a histogram key: ``25`` rather than ``25.0`` for whole numbers."""
    return str(int(score)) if float(score).is_integer() else f"{score:g}"


def histogram(values: Sequence[float]) -> dict[str, int]:
    """Count of each distinct value, keys in increasing numeric order."""
    counts: dict[float, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return {score_key(v): counts[v] for v in sorted(counts)}


def seat_wins(records: Sequence[GameRecord], players: int) -> list[int]:
    """Games won by each seat, a shared win (team or tie) counted for every winner."""
    wins = [0] * players
    for record in records:
        for seat in record.winners:
            wins[seat] += 1
    return wins
