"""Firecrackers card points: what each card of a collection is worth at the end (its number, or its
action's points rule), the base game's sum, and the sheet a scored game leaves.

A leaf of the scoring modules: ``scoreworks`` (the expansion's rules) and ``scoring`` (the final
score) both build on it, and it imports neither."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..model import PointsRule
from .setup import CardTable


def card_values(table: CardTable, owned: Sequence[int]) -> list[int]:
    """The default points of each card of one player's collection (same order as ``owned``).

    Points rules from the definition: NUMBER its number, FIXED the amount, PER_BLACK_CARD amount x
    black cards owned, PER_DISTINCT_ACTION amount x distinct actions owned, TIMES_NUMBER amount x
    its number."""
    kinds = table.kinds
    black = sum(1 for c in owned if table.colour[c] == table.black)
    distinct = len({table.action[c] for c in owned if table.action[c] is not None})
    values: list[int] = []
    for card in owned:
        points = kinds[table.kind[card]].points
        rule = points.rule
        if rule is PointsRule.NUMBER:
            values.append(table.number[card])
        elif rule is PointsRule.FIXED:
            values.append(points.amount)
        elif rule is PointsRule.PER_BLACK_CARD:
            values.append(points.amount * black)
        elif rule is PointsRule.PER_DISTINCT_ACTION:
            values.append(points.amount * distinct)
        else:
            values.append(points.amount * table.number[card])
    return values


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """Final scores and how they came about (the Scoreworks card's part and underdog's colour)."""

    scores: tuple[int, ...]
    default: tuple[int, ...]
    """The plain sum of card points of each seat (what the base game would give)."""
    scoreworks: str | None
    underdog_seat: int | None = None
    underdog_colour: str | None = None


def default_scores(table: CardTable, owned: Sequence[Sequence[int]]) -> list[int]:
    """The base game's score of every seat: the sum of its card points."""
    return [sum(card_values(table, cards)) for cards in owned]
