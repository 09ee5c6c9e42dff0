"""What a designer should look at first in a run: findings as plain sentences with their evidence.

A finding is a value (code, sentence, evidence, weight): the run's own findings (seats that are
not equal, games that run long, draws) come from ``run_findings``; a game adds its own (cards whose
buyers win far more than the others, rules that never come into play) through its Simulator's
``findings`` hook. Reports list them first, heaviest first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Sequence

if TYPE_CHECKING:
    from .summary import RunSummary

LONG_GAME_FACTOR = 3.0
"""A game longer than this many times the median length "runs long"."""

DRAW_SHARE = 0.05
"""Draws above this share of games are a finding."""

SEAT_WEIGHT = 10.0
"""Unequal seats come first: the fairness of the table is the first thing to know."""


@dataclass(frozen=True, slots=True)
class Finding:
    """One thing worth a designer's look: a stable ``code`` (for tools and tests), a plain
    ``sentence``, the ``evidence`` (figures with their intervals), a ``weight`` for ordering
    (larger first; the size of the effect, in comparable units where possible) and the
    ``subject`` it is about (a card, a seat; empty for the run as a whole)."""

    code: str
    sentence: str
    evidence: str = ""
    weight: float = 1.0
    subject: str = ""

    def text(self) -> str:
        """The sentence followed by its evidence in parentheses (one line of a report)."""
        return f"{self.sentence} ({self.evidence})" if self.evidence else self.sentence

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "subject": self.subject, "sentence": self.sentence,
                "evidence": self.evidence, "weight": round(self.weight, 4)}


def percent(rate: float) -> str:
    """A rate as ``19.9 %``."""
    return f"{100 * rate:.1f} %"


def interval_text(low: float, high: float) -> str:
    """An interval of rates as ``[17.5, 22.5]`` (percent)."""
    return f"[{100 * low:.1f}, {100 * high:.1f}]"


def ordered(findings: Sequence[Finding]) -> tuple[Finding, ...]:
    """Heaviest first; equal weights keep their order (stable)."""
    return tuple(sorted(findings, key=lambda f: -f.weight))


def run_findings(summary: "RunSummary") -> list[Finding]:
    """The findings every game shares: unequal seats, long games, draws."""
    found: list[Finding] = []
    found += _seat_findings(summary)
    found += _length_findings(summary)
    seats = summary.seats
    if seats is not None and summary.games and seats.draws / summary.games > DRAW_SHARE:
        share = seats.draws / summary.games
        found.append(Finding("draws", f"{percent(share)} of games end in a draw (nobody wins)",
                             f"{seats.draws} of {summary.games} games", weight=share))
    return found


def merged(run: Sequence[Finding], game: Sequence[Finding]) -> tuple[Finding, ...]:
    """The run's findings and the game's, heaviest first. The run's ``draws`` is left out when
    the game says why its games are drawn (``draw-reason``: the same games, with their cause), so
    a fact is listed once."""
    explained = any(f.code == "draw-reason" for f in game)
    return ordered([*(f for f in run if not (explained and f.code == "draws")), *game])


def _seat_findings(summary: "RunSummary") -> list[Finding]:
    """Seats whose win rate differs from the other seats' beyond chance (Holm-corrected tests of
    each seat against the mean of the others, game by game), when every seat has the same bot:
    with different bots the differences are the bots'."""
    seats = summary.seats
    settings = summary.settings
    bots = settings.seat_bots if settings is not None else ()
    if seats is None or summary.players < 2 or len(set(bots)) > 1 or not seats.advantage:
        return []
    flagged = [s for s, test in enumerate(seats.advantage) if test.significant]
    if not flagged:
        return []
    rates = seats.win_rate
    low_seat = min(range(len(rates)), key=lambda s: rates[s].rate)
    high_seat = max(range(len(rates)), key=lambda s: rates[s].rate)
    low, high = rates[low_seat], rates[high_seat]
    first = "the first player" if low_seat == 0 else None
    first_high = "the first player" if high_seat == 0 else None
    name_low = f"seat {low_seat}" + (f" ({first})" if first else "")
    name_high = f"seat {high_seat}" + (f" ({first_high})" if first_high else "")
    sentence = (f"Seats are not equal: {name_low} wins {percent(low.rate)} {interval_text(low.low, low.high)} "
                f"of games against {percent(high.rate)} {interval_text(high.low, high.high)} for {name_high}")
    evidence = " and ".join(f"seat {s} {seats.advantage[s].difference * 100:+.1f} points" for s in flagged) + \
        " from the other seats' mean, beyond chance (Holm-corrected over the seats, 5 %)"
    return [Finding("seat-advantage", sentence, evidence,
                    weight=SEAT_WEIGHT + 10 * (high.rate - low.rate))]


def _length_findings(summary: "RunSummary") -> list[Finding]:
    lengths = summary.lengths
    if not summary.games or lengths.median <= 0 or lengths.long_games == 0:
        return []
    share = lengths.long_games / summary.games
    return [Finding(
        "long-games",
        f"{lengths.long_games} {'game' if lengths.long_games == 1 else 'games'} ({percent(share)}) "
        f"{'runs' if lengths.long_games == 1 else 'run'} more than {LONG_GAME_FACTOR:g} times the median length",
        f"up to {lengths.maximum} turns against a median of {lengths.median:g}",
        weight=0.5 + min(1.0, 20 * share),
    )]


def long_game_threshold(median: float) -> float:
    """The length past which a game counts as running long."""
    return LONG_GAME_FACTOR * median if median > 0 else math.inf
