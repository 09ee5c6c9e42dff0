"""What ``cardforge tune`` aims at: a goal as the command line gives it (``seats-equal``,
``first-seat-edge=0``, ``length=40``, ``score=30``, or any figure of a run in a band), measured on a
run's figures with its interval, and judged against its band: met, missed, or not known yet.

Every number of a goal is in the units reports print: a rate (a seat's win rate, a card's buy
rate) in percentage points, other figures as they are. The intervals are normal intervals of a
mean over games; ``seats-equal`` tests every seat against the mean of the others (as ``simulate``
does) and widens its intervals for their number (Bonferroni), so "met" means every seat is within
the tolerance of the others at the stated confidence.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum
from statistics import NormalDist
from typing import Any, Sequence

from .api import Figure
from .stats import mean, stderr

SEATS_EQUAL = "seats-equal"
FIRST_SEAT_EDGE = "first-seat-edge"
DEFAULT_RATE_TOLERANCE = 2.0
"""Points either side of a rate's target (and the largest gap ``seats-equal`` accepts)."""
DEFAULT_RELATIVE_TOLERANCE = 0.025
"""Either side of another figure's target, as a share of the target (at least MIN_TOLERANCE)."""
MIN_TOLERANCE = 0.5
EDGE = 0.25
"""The share of a goal's tolerance next to each end of its band that the search treats as outside
(``Goal.beyond_reach``)."""

ALIASES = {
    "length": "game length (turns)",
    "turns": "game length (turns)",
    "decisions": "decisions per game",
    "score": "mean score",
    "rounds": "rounds per game",
}
"""Short names of the figures a goal names most."""


class GoalError(ValueError):
    """A goal the command line gives that cannot be read (says what fits)."""


class Verdict(str, Enum):
    """A goal against an estimate: its interval inside the band (met), outside it (missed), or across
    one of its ends (open: more games would tell)."""

    MET = "met"
    MISSED = "missed"
    OPEN = "open"


@dataclass(frozen=True, slots=True)
class Estimate:
    """A goal's figure over some games: its value, its interval, and the standard deviation of one
    game's contribution (what sizes the games a confirmation needs)."""

    value: float
    low: float
    high: float
    games: int
    spread: float

    def to_json(self) -> dict[str, Any]:
        return {"value": round(self.value, 4), "low": round(self.low, 4), "high": round(self.high, 4),
                "games": self.games, "sd": round(self.spread, 4)}


def z_of(confidence: float, tests: int = 1) -> float:
    """The two-sided normal quantile of ``confidence``, shared by ``tests`` tests (Bonferroni)."""
    return NormalDist().inv_cdf(1 - (1 - confidence) / (2 * max(1, tests)))


@dataclass(frozen=True, slots=True)
class Goal:
    """One goal: a figure (``kind`` names how it is measured) and the band it should lie in.

    ``low``/``high`` are None until the figure's unit is known when the goal gave a target
    without its tolerance (a rate's default tolerance is in points, another figure's relative)."""

    text: str
    kind: str
    """``seats-equal``, ``first-seat-edge`` or ``figure``."""
    figure: str = ""
    """The figure's name (kind ``figure``)."""
    target: float | None = None
    tolerance: float | None = None
    band: tuple[float, float] | None = None
    """An explicit ``LO..HI``."""

    # ----------------------------------------------------------------- reading
    @property
    def percent(self) -> bool | None:
        """Whether the figure is a rate (None: a named figure, known once measured)."""
        return True if self.kind in (SEATS_EQUAL, FIRST_SEAT_EDGE) else None

    def bounds(self, percent: bool) -> tuple[float, float]:
        """The band the figure should lie in, in its printed units."""
        if self.kind == SEATS_EQUAL:
            return (0.0, self.tolerance if self.tolerance is not None else DEFAULT_RATE_TOLERANCE)
        if self.band is not None:
            return self.band
        target = self.target or 0.0
        tolerance = self.tolerance
        if tolerance is None:
            tolerance = DEFAULT_RATE_TOLERANCE if percent else max(MIN_TOLERANCE, abs(target) * DEFAULT_RELATIVE_TOLERANCE)
        return (target - tolerance, target + tolerance)

    def describe(self, percent: bool = True) -> str:
        """The goal in words (``every two seats' win rates within 2 points``)."""
        low, high = self.bounds(percent)
        unit = " points" if percent else ""
        if self.kind == SEATS_EQUAL:
            return f"every seat's win rate within {_num(high)}{unit} of the other seats' mean"
        what = "seat 0's win rate minus the other seats' mean" if self.kind == FIRST_SEAT_EDGE else self.figure
        return f"{what} between {_num(low)} and {_num(high)}{unit}"

    def figure_name(self) -> str:
        """How tables head this goal's figure."""
        if self.kind == SEATS_EQUAL:
            return "largest seat gap (points)"
        if self.kind == FIRST_SEAT_EDGE:
            return "first seat's edge (points)"
        return self.figure

    # ----------------------------------------------------------------- measuring
    def find(self, figures: Sequence[Figure]) -> Figure | None:
        """The run figure this goal reads (kind ``figure``), by name, case-insensitively."""
        wanted = self.figure.casefold()
        return next((f for f in figures if f.name.casefold() == wanted), None)

    def measure(self, figures: Sequence[Figure], confidence: float) -> tuple[Estimate, bool] | None:
        """The goal's figure over the games of ``figures`` with its interval at ``confidence``, and
        whether it is a rate (in points); None when the run has no such figure (a card never bought,
        a game without seats)."""
        if self.kind in (SEATS_EQUAL, FIRST_SEAT_EDGE):
            seats = sorted((f for f in figures if f.seat is not None and f.name.endswith("win rate")),
                           key=lambda f: f.seat or 0)
            if len(seats) < 2 or not seats[0].values:
                return None
            wins = [[100.0 * v for v in f.values] for f in seats]
            return (_largest_gap(wins, confidence) if self.kind == SEATS_EQUAL else _first_edge(wins, confidence)), True
        found = self.find(figures)
        if found is None or not found.values:
            return None
        scale = 100.0 if found.percent else 1.0
        return _mean_estimate([scale * v for v in found.values], z_of(confidence)), found.percent

    def verdict(self, estimate: Estimate, percent: bool) -> Verdict:
        low, high = self.bounds(percent)
        if estimate.low >= low and estimate.high <= high:
            return Verdict.MET
        if estimate.high < low or estimate.low > high:
            return Verdict.MISSED
        return Verdict.OPEN

    def half_band(self, percent: bool) -> float:
        """How far the figure may stray: the band's half-width (``seats-equal``: the largest gap
        allowed, its band running from 0)."""
        low, high = self.bounds(percent)
        return high if self.kind == SEATS_EQUAL else (high - low) / 2

    def tests(self, seats: int) -> int:
        """How many intervals the goal's verdict rests on (``seats-equal``: one a seat)."""
        return seats if self.kind == SEATS_EQUAL else 1

    def beyond_reach(self, estimate: Estimate, percent: bool) -> bool:
        """Whether the interval lies outside the band narrowed by EDGE of its tolerance at each end:
        the figure is outside the band or so near an end that confirming it would cost many times
        the games of a value well inside (the search's indifference zone)."""
        low, high = self.bounds(percent)
        margin = self.half_band(percent) * EDGE
        if self.kind == SEATS_EQUAL:
            return estimate.low > high - margin
        return estimate.high < low + margin or estimate.low > high - margin

    def deviation(self, estimate: Estimate, percent: bool) -> float:
        """How far the estimate lies outside the band, in tolerances (0 inside): what ranks the
        values when none meets the goal."""
        low, high = self.bounds(percent)
        scale = self.half_band(percent) or 1.0
        if estimate.value < low:
            return (low - estimate.value) / scale
        if estimate.value > high:
            return (estimate.value - high) / scale
        return 0.0

    def inside(self, estimate: Estimate, percent: bool) -> bool:
        return self.deviation(estimate, percent) == 0.0

    def games_to_confirm(self, estimate: Estimate, percent: bool, confidence: float, seats: int = 2) -> int | None:
        """Games for the interval to fit inside the band around this estimate (the estimate taken
        as the true value); None when the estimate lies outside the band or on its edge."""
        low, high = self.bounds(percent)
        margin = min(estimate.value - low, high - estimate.value) if self.kind != SEATS_EQUAL else high - estimate.value
        if margin <= 0:
            return None
        return self.games_for(estimate.spread, margin, confidence, seats)

    def games_for(self, spread: float, half_width: float, confidence: float, seats: int = 2) -> int:
        """Games for this goal's interval to be ``half_width`` either side, one game's figure having
        standard deviation ``spread`` (0 when it does not vary)."""
        if spread <= 0:
            return 0
        return math.ceil((z_of(confidence, self.tests(seats)) * spread / half_width) ** 2)


def _num(value: float) -> str:
    return f"{value:g}"


def _mean_estimate(values: Sequence[float], z: float) -> Estimate:
    n = len(values)
    m = mean(values)
    se = stderr(values)
    half = z * se if n else math.inf
    return Estimate(m, m - half, m + half, n, se * math.sqrt(n))


def _largest_gap(wins: Sequence[Sequence[float]], confidence: float) -> Estimate:
    """The largest gap between a seat's win rate and the mean of the other seats' (points), as
    ``simulate`` tests its seats: per seat, the mean of the per-game difference with an interval
    widened for the number of seats (Bonferroni); the estimate is the largest gap, its interval
    the largest lower and upper ends over the seats."""
    seats, games = len(wins), len(wins[0])
    z = z_of(confidence, seats)
    value = low = high = spread = 0.0
    for seat in range(seats):
        others = [w for s, w in enumerate(wins) if s != seat]
        per_game = [wins[seat][g] - math.fsum(w[g] for w in others) / len(others) for g in range(games)]
        gap = _mean_estimate(per_game, z)
        size = abs(gap.value)
        half = gap.high - gap.value
        value = max(value, size)
        low = max(low, size - half)
        high = max(high, size + half)
        spread = max(spread, gap.spread)
    return Estimate(value, max(0.0, low), high, games, spread)


def _first_edge(wins: Sequence[Sequence[float]], confidence: float) -> Estimate:
    """Seat 0's win rate minus the mean of the other seats' (points), as ``simulate`` reports its
    first-player advantage."""
    others = len(wins) - 1
    per_game = [wins[0][g] - math.fsum(w[g] for w in wins[1:]) / others for g in range(len(wins[0]))]
    return _mean_estimate(per_game, z_of(confidence))


# --------------------------------------------------------------------------- parsing


def parse_goal(text: str) -> Goal:
    """A ``--goal``: ``seats-equal[=TOL]``, ``first-seat-edge=TARGET[±TOL]``, or ``FIGURE=TARGET[±TOL]``
    or ``FIGURE=LO..HI`` where FIGURE is ``length``, ``decisions``, ``rounds``, ``score`` or the name
    of any figure a run reports (``rocket buy rate``, ``fact chips left``); ``+-`` stands for ``±``."""
    name, sep, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not name:
        raise GoalError(f"--goal: expected NAME=VALUE, got {text!r}")
    key = name.casefold()
    if key == SEATS_EQUAL:
        if not sep:
            return Goal(text, SEATS_EQUAL)
        tolerance = _number(spec, text)
        if tolerance <= 0:
            raise GoalError(f"--goal {text}: the tolerance is in points and above 0 (seats-equal=2)")
        return Goal(text, SEATS_EQUAL, tolerance=tolerance)
    if not sep or not spec:
        raise GoalError(f"--goal {name}: give its target ({name}=VALUE, {name}=VALUE±TOLERANCE or {name}=LOW..HIGH)")
    kind = FIRST_SEAT_EDGE if key == FIRST_SEAT_EDGE else "figure"
    figure = "" if kind == FIRST_SEAT_EDGE else ALIASES.get(key, name)
    low, dots, high = spec.partition("..")
    if dots:
        first, last = _number(low, text), _number(high, text)
        if last < first:
            raise GoalError(f"--goal {text}: the band's low end comes first ({name}={_num(last)}..{_num(first)})")
        return Goal(text, kind, figure, band=(first, last))
    target_text, plus, tolerance_text = spec.replace("+-", "±").partition("±")
    target = _number(target_text, text)
    either_side = _number(tolerance_text, text) if plus else None
    if either_side is not None and either_side < 0:
        raise GoalError(f"--goal {text}: a tolerance cannot be negative")
    return Goal(text, kind, figure, target=target, tolerance=either_side)


def _number(text: str, goal: str) -> float:
    try:
        value = float(text.strip())
    except ValueError:
        raise GoalError(f"--goal {goal}: {text.strip()!r} is not a number") from None
    if not math.isfinite(value):
        raise GoalError(f"--goal {goal}: {text.strip()!r} is not a finite number")
    return value
