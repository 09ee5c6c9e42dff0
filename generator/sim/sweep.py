"""A sweep: the same table played under each combination of swept values (rule options or values
of the deck), one ``SweepRow`` per combination, and what changes significantly across them.

Every row is played with the same seed, so two rows' figures are compared game by game (paired);
a figure "changes with the swept values" when its lowest and highest rows differ beyond chance
after the Holm correction over the figures.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Sequence

from ..model import OptionValue
from .compare import Figure, compare_figures
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
        return ", ".join(_text(self.values[n]) for n in names)

    def where(self, names: Sequence[str]) -> str:
        """The row's values with their names (``explosion_threshold=8, actions.treasure.coins=3``)."""
        return ", ".join(f"{n}={_text(self.values[n])}" for n in names)

    def to_json(self) -> dict[str, Any]:
        """The ``--json`` object of a row: ``set`` (the swept values), then the summary's keys."""
        return {"set": dict(self.values), **self.summary.to_json()}


def _text(value: OptionValue) -> str:
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
    beyond chance between their lowest and highest rows (seats only when every row has the same
    number of players), then the findings of every row that
    appear in each of them (one sentence per code, from the first row)."""
    found: list[Finding] = []
    usable = [row for row in rows if row.figures]
    sizes = {row.summary.players for row in usable}  # swept players: a seat's share is not comparable
    if len(usable) >= 2:
        pairs = []
        for figure in usable[0].figures:
            if figure.group != "run" or (figure.seat is not None and len(sizes) > 1):
                continue
            cells = [(row, next((f for f in row.figures if f.name == figure.name), None)) for row in usable]
            present = [(row, f) for row, f in cells if f is not None and f.values]
            if len(present) < 2:
                continue
            low = min(present, key=lambda pair: sum(pair[1].values) / len(pair[1].values))
            high = max(present, key=lambda pair: sum(pair[1].values) / len(pair[1].values))
            if low[0] is high[0]:
                continue
            pairs.append((figure, low, high))
        comparison = compare_figures([low[1] for _, low, _ in pairs], [high[1] for _, _, high in pairs])
        by_name = {c.name: c for c in comparison.figures}
        for figure, low, high in pairs:
            compared = by_name.get(figure.name)
            if compared is None or not compared.difference.significant:
                continue
            d = compared.difference
            fmt: Callable[[float], str] = (lambda v: f"{100 * v:.1f} %") if figure.percent else (lambda v: f"{v:.2f}")
            ends = [(low[0], d.a), (high[0], d.b)]
            if rows.index(high[0]) < rows.index(low[0]):
                ends.reverse()  # in the order the values were swept
            sentence = (f"{figure.name} goes from {fmt(ends[0][1])} at {ends[0][0].where(names)} "
                        f"to {fmt(ends[1][1])} at {ends[1][0].where(names)}")
            span = f"{100 * d.low:+.1f} to {100 * d.high:+.1f} points" if figure.percent else f"{d.low:+.2f} to {d.high:+.2f}"
            weight = 2 + (abs(d.difference) * 10 if figure.percent else min(5.0, abs(d.difference) / (abs(d.a) or 1.0) * 10))
            found.append(Finding("sweep-change", sentence, f"difference {span}, 95 %, Holm-corrected", weight))
    if rows:
        common = set.intersection(*({(f.code, f.subject) for f in row.summary.findings} for row in rows))
        for finding in rows[0].summary.findings:
            if (finding.code, finding.subject) in common:
                common.discard((finding.code, finding.subject))
                found.append(Finding(finding.code, f"at every value (here at {rows[0].where(names)}): "
                                     + finding.sentence, finding.evidence, finding.weight / 2, finding.subject))
    return ordered(found)
