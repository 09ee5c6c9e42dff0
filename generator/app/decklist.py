"""The physical cards of a game as plain records (what ``cardforge deck --json`` prints)."""

from __future__ import annotations

from typing import Any

from ..model import GameDefinition, Project
from ..model.definition import DeckRequest
from .catalog import GAMES


class DeckRequestError(ValueError):
    """A deck request that the game cannot answer (player count out of range, unknown expansion)."""


def deck_records(
    project: Project,
    game: GameDefinition,
    players: int | None = None,
    expansion: str | None = None,
    all_packs: bool = False,
) -> list[dict[str, Any]]:
    """Every physical card that would be printed, one dict per card, in a deterministic order."""
    if players is not None and players not in game.info.players:
        allowed = ", ".join(str(p) for p in game.info.players)
        raise DeckRequestError(f"{game.info.name} is played by {allowed} players, not {players}")
    request = DeckRequest(players=players, all_cards=all_packs)
    records = GAMES.describe(game).deck_records(game, request)
    if expansion is not None:
        try:
            added = project.expansion(game.info.id, expansion)
        except KeyError:
            known = ", ".join(e.info.id for e in project.expansions_of(game.info.id)) or "none"
            raise DeckRequestError(f"{game.info.name} has no expansion '{expansion}' (it has: {known})") from None
        records.extend(GAMES.describe(added).deck_records(added, request))
    return records


def card_count(game: GameDefinition) -> int:
    """Cards of the whole box (Firecrackers: every pack)."""
    return GAMES.describe(game).card_count(game)
