"""The physical cards of a game as plain records (what ``cardforge deck --json`` prints)."""

from __future__ import annotations

from typing import Any

from .model import (
    FirecrackersDefinition,
    GameDefinition,
    HanabiDefinition,
    Project,
    ScoreworksDefinition,
    SequenceDefinition,
)

DEFAULT_FIRECRACKERS_PLAYERS = 4


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
    records: list[dict[str, Any]]
    if isinstance(game, HanabiDefinition):
        names = {s.key: s.name for s in game.suits}
        records = [{"id": c.id, "suit": names[c.suit], "rank": c.rank} for c in game.cards()]
    elif isinstance(game, SequenceDefinition):
        records = [{"id": c.id, "code": c.code} for c in game.cards()]
    elif isinstance(game, FirecrackersDefinition):
        count = None if all_packs else (players or DEFAULT_FIRECRACKERS_PLAYERS)
        records = [
            {"id": c.id, "pack": c.pack, "number": c.number, "action": c.action, "cost": c.cost}
            for c in game.cards(count)
        ]
    elif isinstance(game, ScoreworksDefinition):
        records = scoreworks_records(game)
    else:  # pragma: no cover - every kind is handled above
        raise DeckRequestError(f"no deck for {game.info.id}")
    if expansion is not None:
        found = [e for e in project.expansions_of(game.info.id) if e.info.id == expansion]
        if not found:
            known = ", ".join(e.info.id for e in project.expansions_of(game.info.id)) or "none"
            raise DeckRequestError(f"{game.info.name} has no expansion '{expansion}' (it has: {known})")
        records.extend(scoreworks_records(found[0]))
    return records


def scoreworks_records(expansion: ScoreworksDefinition) -> list[dict[str, Any]]:
    return [{"id": c.id, "pack": "scoreworks", "key": c.key} for c in expansion.cards]


def card_count(game: GameDefinition) -> int:
    """Cards a default build prints (Firecrackers: every pack, the full box)."""
    if isinstance(game, ScoreworksDefinition):
        return len(game.cards)
    return len(game.cards())
