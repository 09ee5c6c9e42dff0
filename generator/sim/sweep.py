"""A sweep: the same table played under each combination of swept values (rule options or values
of the deck), one ``SweepRow`` per combination, and what changes significantly across them.

Every row is played with the same seed, so two rows' figures are compared game by game (paired);
a figure "changes with the swept values" when the two ends of the sweep (its first and its last
row, in the order played) differ beyond chance after the Holm correction over the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..model import OptionValue
from .api import Figure
from .compare import compare_figures
from .findings import Finding, ordered
from .summary import RunSummary


@dataclass(frozen=True, slots=True)
class SweepRow:
    """One combination of a sweep: its swept values, its summary and its figures (per game)."""

    values: Mapping[str, OptionValue]
    summary: RunSummary
    figures: tuple[Figure, ...] = field(default=(), compare=False)

    def label(self, names: Sequence[str]) -> str:
        """The row's values in the order of ``names`` (``8, 3``)."""
        return ", ".join(value_text(self.values[n]) for n in names)

    def where(self, names: Sequence[str]) -> str:
        """The row's values with their names (``explosion_threshold=8, actions.treasure.coins=3``)."""
        return ", ".join(f"{n}={value_text(self.values[n])}" for n in names)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of a row: ``set`` (the swept values), then the summary's keys."""
        return {"set": dict(self.values), **self.summary.to_json()}


def value_text(value: OptionValue) -> str:
    """A swept value as the command line writes it (``true``, ``0.5``, ``8``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


def swept_values(rows: Sequence[SweepRow], names: Sequence[str]) -> dict[str, list[OptionValue]]:
    """Each swept name with its values in the order they were played (without repeats)."""
    result: dict[str, list[OptionValue]] = {name: [] for name in names}
    for row in rows:
        for name in names:
            if row.values[name] not in result[name]:
                result[name].append(row.values[name])
    return result


def sweep_findings(rows: Sequence[SweepRow], names: Sequence[str]) -> tuple[Finding, ...]:
    """Figures of the run (mean score, each seat's wins, draws or perfect games, length) that change
    beyond chance between the two ends of the sweep, its first and its last row in the order played
    (seats only when every row has the same number of players), then the findings of every row that
    appear in each of them (one sentence per code, from the first row).

    The ends are fixed before the results are known: comparing the rows with the lowest and highest
    result would pick the largest gap by chance among many rows (selection bias)."""
    usable = [row for row in rows if row.figures]
    found = list(_changes(usable[0], usable[-1], names, len({r.summary.players for r in usable}) > 1)
                 if len(usable) >= 2 else [])
    found += _common_findings(rows, names)
    return ordered(found)


def _changes(first: SweepRow, last: SweepRow, names: Sequence[str], sizes_vary: bool) -> list[Finding]:
    """The run figures that differ beyond chance (Holm-corrected) from ``first`` to ``last``; the
    difference and its interval are the last value minus the first, as ``compare`` shows B - A."""
    pairs = []
    for figure in first.figures:
        if figure.group != "run" or (figure.seat is not None and sizes_vary):
            continue  # swept players: a seat's share is not comparable
        other = next((f for f in last.figures if f.name == figure.name), None)
        if figure.values and other is not None and other.values:
            pairs.append((figure, other))
    comparison = compare_figures([a for a, _ in pairs], [b for _, b in pairs])
    by_name = {c.name: c for c in comparison.figures}
    found = []
    for figure, _ in pairs:
        compared = by_name.get(figure.name)
        if compared is None or not compared.difference.significant:
            continue
        d = compared.difference
        fmt: Callable[[float], str] = (lambda v: f"{100 * v:.1f} %") if figure.percent else (lambda v: f"{v:.2f}")
        sentence = (f"{figure.name} goes from {fmt(d.a)} at {first.where(names)} "
                    f"to {fmt(d.b)} at {last.where(names)}")
        span = f"{100 * d.low:+.1f} to {100 * d.high:+.1f} points" if figure.percent else f"{d.low:+.2f} to {d.high:+.2f}"
        weight = 2 + (abs(d.difference) * 10 if figure.percent else min(5.0, abs(d.difference) / (abs(d.a) or 1.0) * 10))
        found.append(Finding("sweep-change", sentence, f"difference {span}, 95 %, Holm-corrected", weight))
    return found


def _common_findings(rows: Sequence[SweepRow], names: Sequence[str]) -> list[Finding]:
    """The findings every row has (one sentence per code and subject, from the first row)."""
    if not rows:
        return []
    found = []
    common = set.intersection(*({(f.code, f.subject) for f in row.summary.findings} for row in rows))
    for finding in rows[0].summary.findings:
        if (finding.code, finding.subject) in common:
            common.discard((finding.code, finding.subject))
            found.append(Finding(finding.code, f"at every value (here at {rows[0].where(names)}): "
                                 + finding.sentence, finding.evidence, finding.weight / 2, finding.subject))
    return found
