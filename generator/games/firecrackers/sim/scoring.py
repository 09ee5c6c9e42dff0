"""Firecrackers end-of-game scoring: each card's points (``points``), combined with the Scoreworks
card in play (``scoreworks``: added to, or replacing, the default sum)."""

from __future__ import annotations

from typing import Sequence

from .points import ScoreSheet, card_values, default_scores
from .scoreworks import apply_scoreworks
from .setup import CardTable

__all__ = ["ScoreSheet", "card_values", "default_scores", "score_game"]


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
    default = default_scores(table, owned)
    if scoreworks is None:
        return ScoreSheet(tuple(default), tuple(default), None)
    return apply_scoreworks(table, owned, scoreworks, replaces_default, default, underdog_colour)
