"""Two runs side by side: every figure of A and B, their difference with its 95 % interval, and
which differences are significant after the Holm-Bonferroni correction (``cardforge compare``).

A figure is the list of its units' values in one run: one value per game for the run's own
figures (mean score, each seat's wins, draws, perfect games, length), so two runs played with the
same seeds are compared game by game (paired: the deal's luck cancels out); or one value per
other unit for a game's figures that are not per game (the seats that bought a card: their win
shares), compared as independent samples (Welch). See ``generator.sim.significance``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .api import Figure as Figure  # (re-exported: where it was defined before 0.2)
from .api import GameRecord
from .significance import (
    ALPHA,
    Difference,
    corrected,
    paired_difference,
    welch_difference,
)
from .stats import mean
from .summary import RunSummary

CORRECTION = "Holm-Bonferroni"
MIN_UNITS = 10
"""An unpaired figure needs at least this many units in each run to be compared."""


@dataclass(frozen=True, slots=True)
class Compared:
    """One figure of both runs and their difference (``difference.a`` is A's value, ``b`` B's,
    ``difference`` B - A)."""

    name: str
    group: str
    percent: bool
    difference: Difference

    def to_json(self) -> dict[str, Any]:
        return {"figure": self.name, "group": self.group, "unit": "rate" if self.percent else "value",
                **self.difference.to_json()}


@dataclass(frozen=True, slots=True)
class Comparison:
    """Every compared figure (in the order of A's figures), the correction used, and the figures
    that could not be compared (with why)."""

    figures: tuple[Compared, ...]
    skipped: tuple[tuple[str, str], ...] = ()
    correction: str = CORRECTION
    alpha: float = ALPHA

    def significant(self) -> tuple[Compared, ...]:
        """The significant differences, the largest (by p-value, then size) first."""
        found = [c for c in self.figures if c.difference.significant]
        return tuple(sorted(found, key=lambda c: (c.difference.p_adjusted, -abs(c.difference.difference))))

    def to_json(self) -> dict[str, Any]:
        return {
            "correction": self.correction, "alpha": self.alpha, "interval": "95 %",
            "figures": [c.to_json() for c in self.figures],
            "significant": len(self.significant()),
            "skipped": [{"figure": name, "reason": why} for name, why in self.skipped],
        }


@dataclass(frozen=True, slots=True)
class SideBySide:
    """Two runs of one table (the same seeds) and the comparison of their figures."""

    a: RunSummary
    b: RunSummary
    comparison: Comparison

    def to_json(self) -> dict[str, Any]:
        """``--json`` of ``compare``: the table, each compared figure (``a``, ``b``, ``difference``
        B - A, ``interval``, ``significant``), and both runs' summaries."""
        settings = self.a.settings
        return {
            "game_id": self.a.game_id, "players": self.a.players, "games": self.a.games,
            "seed": settings.seed if settings else None,
            "seat_bots": list(settings.seat_bots) if settings else [],
            **self.comparison.to_json(),
            "a": self.a.to_json(), "b": self.b.to_json(),
        }


GameFigures = Callable[[Sequence[GameRecord], int], Sequence[Figure]]


def run_figures(records: Sequence[GameRecord], players: int, *, competitive: bool,
                score_is_outcome: bool = False, game_figures: GameFigures | None = None) -> list[Figure]:
    """The figures of one run: its own per-game figures, then the game's (``Simulator.figures``)."""
    keys = tuple(r.index for r in records)
    figures: list[Figure] = []
    if not score_is_outcome:
        per_game = [mean(r.scores) if competitive else (r.scores[0] if r.scores else 0.0) for r in records]
        figures.append(Figure("mean score", tuple(per_game), keys))
    if competitive:
        for seat in range(players):
            figures.append(Figure(f"seat {seat} win rate", tuple(float(seat in r.winners) for r in records),
                                  keys, percent=True, seat=seat))
        figures.append(Figure("draws", tuple(float(not r.winners) for r in records), keys, percent=True))
    else:
        figures.append(Figure("perfect games", tuple(float(bool(r.winners)) for r in records), keys, percent=True))
    figures.append(Figure("game length (turns)", tuple(float(r.turns) for r in records), keys))
    if game_figures is not None and records:
        figures.extend(game_figures(records, players))
    return figures


def compare_figures(a: Sequence[Figure], b: Sequence[Figure], alpha: float = ALPHA) -> Comparison:
    """Compare the figures both runs have (paired where both are per game over the same games),
    then correct for their number."""
    a = list(a) + _zeros(b, a)
    b = list(b) + _zeros(a, b)
    by_name = {f.name: f for f in b}
    tested: list[tuple[Figure, Difference]] = []
    skipped: list[tuple[str, str]] = []
    for fa in a:
        fb = by_name.get(fa.name)
        if fb is None:
            skipped.append((fa.name, "only in A"))
            continue
        if fa.keys is not None and fb.keys is not None and sorted(fa.keys) == sorted(fb.keys):
            order_b = {k: v for k, v in zip(fb.keys, fb.values)}
            diff = paired_difference(fa.values, [order_b[k] for k in fa.keys])
        elif len(fa.values) < MIN_UNITS or len(fb.values) < MIN_UNITS:
            skipped.append((fa.name, f"fewer than {MIN_UNITS} in A or B ({len(fa.values)}, {len(fb.values)})"))
            continue
        else:
            diff = welch_difference(fa.values, fb.values)
        tested.append((fa, diff))
    names_a = {f.name for f in a}
    skipped += [(f.name, "only in B") for f in b if f.name not in names_a]
    diffs = corrected([d for _, d in tested], alpha)
    return Comparison(
        figures=tuple(Compared(f.name, f.group, f.percent, d) for (f, _), d in zip(tested, diffs)),
        skipped=tuple(skipped), alpha=alpha,
    )


def _zeros(source: Sequence[Figure], target: Sequence[Figure]) -> list[Figure]:
    """The figures of ``source`` that ``target`` lacks and has at 0 in each of its games."""
    names = {f.name for f in target}
    keys = next((f.keys for f in target if f.keys is not None), None)
    if keys is None:
        return []
    return [Figure(f.name, (0.0,) * len(keys), keys, f.percent, f.group, True, f.seat)
            for f in source if f.zero_when_absent and f.keys is not None and f.name not in names]
