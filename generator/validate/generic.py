"""Rules every game shares: unique card ids, positive counts, hand sizes for every player count."""

from __future__ import annotations

from collections import Counter

from ..model import (
    FirecrackersDefinition,
    GameDefinition,
    HanabiDefinition,
    ScoreworksDefinition,
    SequenceDefinition,
)
from ..model.source import SourceLoc
from .findings import Severity
from .registry import Reporter, rule


def card_ids(game: GameDefinition) -> list[tuple[str, SourceLoc]]:
    """Every physical card id of a game with the place that defines it (all packs for Firecrackers)."""
    if isinstance(game, ScoreworksDefinition):
        return [(card.id, card.loc) for card in game.cards]
    return [(card.id, card.loc) for card in game.cards()]


@rule(
    "generic.unique-ids",
    codes=("duplicate-card-id",),
    rationale="""
    Card ids name cards in manifests, simulator logs and error messages; two cards with one id
    could not be told apart when cutting, sleeving or reading a replay.
    """,
)
def unique_ids(report: Reporter, game: GameDefinition) -> None:
    cards = card_ids(game)
    counts = Counter(card_id for card_id, _ in cards)
    reported: set[str] = set()
    for card_id, loc in cards:
        if counts[card_id] > 1 and card_id not in reported:
            reported.add(card_id)
            report("duplicate-card-id", loc, f"card id '{card_id}' is used by {counts[card_id]} cards")


def _counts(game: GameDefinition) -> list[tuple[str, int, SourceLoc]]:
    """Every count a definition declares, with a name for messages."""
    if isinstance(game, HanabiDefinition):
        found = [(f"rank {r.rank} of suit '{s.key}'", r.count, r.loc if r.loc.line else s.loc)
                 for s in game.suits for r in s.ranks]
        found += [("note tokens", game.note_tokens, game.tokens_loc),
                  ("storm tokens", game.storm_tokens, game.tokens_loc)]
        return found
    if isinstance(game, SequenceDefinition):
        return [("decks", game.decks, game.decks_loc)] + [
            (f"chips '{chip.key}'", chip.count, chip.loc) for chip in game.chips
        ]
    if isinstance(game, FirecrackersDefinition):
        return [
            (f"cards '{entry.number}{' ' + entry.action if entry.action else ''}' of pack '{pack.key}'",
             entry.count, entry.loc)
            for pack in game.packs
            for entry in pack.entries
        ]
    return []


@rule(
    "generic.positive-counts",
    codes=("non-positive-count",),
    rationale="""
    A count of zero or less is always a typing mistake: leave the entry out to have none.
    (The loader refuses them in files; this rule also guards definitions built by tools.)
    """,
)
def positive_counts(report: Reporter, game: GameDefinition) -> None:
    for what, count, loc in _counts(game):
        if count < 1:
            report("non-positive-count", loc, f"{what}: count {count} must be at least 1")


@rule(
    "generic.hand-sizes",
    codes=("missing-hand-size", "hand-size-unused", "deck-too-small"),
    rationale="""
    Every player count the game declares needs a hand size, and the deck must hold every hand
    with cards left to draw, or the game cannot even be dealt.
    """,
)
def hand_sizes(report: Reporter, game: GameDefinition) -> None:
    if not isinstance(game, (HanabiDefinition, SequenceDefinition)):
        return
    sizes = {entry.players: entry for entry in game.hand_sizes}
    deck = len(game.cards())
    for players in game.info.players:
        if players not in sizes:
            report("missing-hand-size", game.info.loc,
                   f"no hand size for {players} players (the game declares players {_players(game)})")
        elif players * sizes[players].value >= deck:
            report("deck-too-small", sizes[players].loc,
                   f"{players} hands of {sizes[players].value} cards need more than the {deck} cards of the deck")
    for players, entry in sizes.items():
        if players not in game.info.players:
            report("hand-size-unused", entry.loc,
                   f"a hand size for {players} players, but the game declares players {_players(game)}",
                   Severity.WARNING)


def _players(game: GameDefinition) -> str:
    return ", ".join(str(p) for p in game.info.players)
