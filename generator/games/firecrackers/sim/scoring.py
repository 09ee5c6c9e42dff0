"""Firecrackers end-of-game scoring: each card's points (its number, or its action's points rule),
combined with the Scoreworks card in play (added to, or replacing, the default sum)."""

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


def score_game(
    table: CardTable,
    owned: Sequence[Sequence[int]],
    scoreworks: str | None = None,
    replaces_default: bool = False,
    underdog_colour: str | None = None,
) -> ScoreSheet:
    """Score every seat: the default sum, with the Scoreworks rule ``scoreworks`` added to it, or
    replacing it when ``replaces_default`` (the card's flag in the expansion's definition);
    ``underdog_colour`` is the last-placed seat's pick when that card is in play."""
    from .scoreworks import apply_scoreworks

    default = default_scores(table, owned)
    if scoreworks is None:
        return ScoreSheet(tuple(default), tuple(default), None)
    return apply_scoreworks(table, owned, scoreworks, replaces_default, default, underdog_colour)
