"""Rules every game shares: unique card ids, positive counts, hand sizes for every player count."""

from __future__ import annotations

from collections import Counter

from ..model import GameDefinition
from ..model.definition import DealsHands, DeclaresCounts
from ..model.source import SourceLoc
from .findings import Severity
from .registry import Reporter, RulePack

GENERIC = RulePack()
"""The rules every game is checked against, whatever its kind."""


def card_ids(game: GameDefinition) -> list[tuple[str, SourceLoc]]:
    """Every physical card id of a game (the whole box) with the place that defines it."""
    return [(card.id, card.loc) for card in game.cards()]


@GENERIC.rule(
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


@GENERIC.rule(
    "generic.positive-counts",
    codes=("non-positive-count",),
    rationale="""
    A count of zero or less is always a typing mistake: leave the entry out to have none.
    (The loader refuses them in files; this rule also guards definitions built by tools.)
    """,
)
def positive_counts(report: Reporter, game: GameDefinition) -> None:
    if not isinstance(game, DeclaresCounts):
        return
    for what, count, loc in game.declared_counts():
        if count < 1:
            report("non-positive-count", loc, f"{what}: count {count} must be at least 1")


@GENERIC.rule(
    "generic.hand-sizes",
    codes=("missing-hand-size", "hand-size-unused", "deck-too-small"),
    rationale="""
    Every player count the game declares needs a hand size, and the deck must hold every hand
    with cards left to draw, or the game cannot even be dealt.
    """,
)
def hand_sizes(report: Reporter, game: GameDefinition) -> None:
    if not isinstance(game, DealsHands):
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
