"""Hanabi: suits, the rank shape of each suit, tokens and hand sizes (``card_defs/hanabi.yaml``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model.common import Colour, GameInfo, PlayerCount, Symbol
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "hanabi"
"""The ``game:`` value of Hanabi definitions."""


@dataclass(frozen=True, slots=True)
class RankCount:
    """How many copies of one rank a suit has."""

    rank: int
    count: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class HanabiSuit:
    """One firework colour: a name, a print colour and a symbol (for colour-blind and greyscale play)."""

    key: str
    name: str
    colour: Colour
    symbol: Symbol
    ranks: tuple[RankCount, ...]
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    name_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file writes the name (for messages about that text)."""

    def rank_counts(self) -> dict[int, int]:
        """Copies per rank, e.g. ``{1: 3, 2: 2, 3: 2, 4: 2, 5: 1}``."""
        counts: dict[int, int] = {}
        for entry in self.ranks:
            counts[entry.rank] = counts.get(entry.rank, 0) + entry.count
        return counts

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.ranks)


@dataclass(frozen=True, slots=True)
class HanabiCard:
    """One physical Hanabi card."""

    id: str
    suit: str
    rank: int
    copy: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class HanabiDefinition:
    """A Hanabi deck and its table: suits in play order, tokens, hand sizes and rule options."""

    info: GameInfo
    suits: tuple[HanabiSuit, ...]
    max_rank: int
    note_tokens: int
    storm_tokens: int
    hand_sizes: tuple[PlayerCount, ...]
    expected_ranks: tuple[RankCount, ...]
    """The rank shape the rulebook gives every suit (what validation compares each suit against)."""
    tokens_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    def suit(self, key: str) -> HanabiSuit:
        for suit in self.suits:
            if suit.key == key:
                return suit
        raise KeyError(key)

    def hand_size(self, players: int) -> int:
        for entry in self.hand_sizes:
            if entry.players == players:
                return entry.value
        raise KeyError(players)

    def cards(self) -> tuple[HanabiCard, ...]:
        """Every physical card, suit by suit in suit order, ranks ascending: ``red-1-1`` ... ``white-5-1``."""
        cards: list[HanabiCard] = []
        done: dict[tuple[str, int], int] = {}
        for suit in self.suits:
            for entry in sorted(suit.ranks, key=lambda e: e.rank):
                first = done.get((suit.key, entry.rank), 0)
                done[suit.key, entry.rank] = first + entry.count
                for n in range(first + 1, first + entry.count + 1):
                    cards.append(
                        HanabiCard(f"{suit.key}-{entry.rank}-{n}", suit.key, entry.rank, n, entry.loc)
                    )
        return tuple(cards)

    def declared_counts(self) -> list[tuple[str, int, SourceLoc]]:
        """Copies of every rank of every suit, and the tokens (each must be positive)."""
        found = [(f"rank {r.rank} of suit '{s.key}'", r.count, r.loc if r.loc.line else s.loc)
                 for s in self.suits for r in s.ranks]
        found += [("note tokens", self.note_tokens, self.tokens_loc),
                  ("storm tokens", self.storm_tokens, self.tokens_loc)]
        return found

    @property
    def perfect_score(self) -> int:
        return len(self.suits) * self.max_rank
