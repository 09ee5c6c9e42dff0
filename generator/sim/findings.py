"""What a designer should look at first in a run: findings as plain sentences with their evidence.

A finding is a value (code, sentence, evidence, weight): the run's own findings (seats that are
not equal, games that run long, draws) come from ``summary.run_findings``; a game adds its own (cards whose
buyers win far more than the others, rules that never come into play) through its Simulator's
``findings`` hook. Reports list them first, heaviest first.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Sequence

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


def merged(run: Sequence[Finding], game: Sequence[Finding]) -> tuple[Finding, ...]:
    """The run's findings and the game's, heaviest first. The run's ``draws`` is left out when
    the game says why its games are drawn (``draw-reason``: the same games, with their cause), so
    a fact is listed once."""
    explained = any(f.code == "draw-reason" for f in game)
    return ordered([*(f for f in run if not (explained and f.code == "draws")), *game])


def long_game_threshold(median: float) -> float:
    """The length past which a game counts as running long."""
    return LONG_GAME_FACTOR * median if median > 0 else math.inf
