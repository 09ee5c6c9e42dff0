"""Sequence: the two-deck card list, the 10x10 board, jacks, chips, hands and win conditions."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from generator.model.common import Colour, GameInfo, PlayerCount, Symbol
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "sequence"
"""The ``game:`` value of Sequence definitions."""

FREE_CELL = "XX"


class JackKind(str, Enum):
    """What a jack does when played."""

    TWO_EYED = "two_eyed"  # wild: place a chip on any open space
    ONE_EYED = "one_eyed"  # remove an opponent chip that is not part of a completed sequence


@dataclass(frozen=True, slots=True)
class CardSuit:
    """A suit of the standard deck: its letter (S, H, D, C), name, colour and symbol."""

    code: str
    name: str
    colour: Colour
    symbol: Symbol
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class CardRank:
    """A rank of the standard deck: its code (2-9, T, J, Q, K, A) and printed label ("10" for T)."""

    code: str
    label: str
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class SequenceCard:
    """One physical playing card: ``code`` is rank then suit, e.g. ``TH``; ``copy`` is its deck (1 or 2)."""

    id: str
    code: str
    copy: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    @property
    def rank(self) -> str:
        return self.code[0]

    @property
    def suit(self) -> str:
        return self.code[1]


@dataclass(frozen=True, slots=True)
class BoardCell:
    """One board space: a card code, or ``XX`` for a free corner."""

    row: int
    column: int
    code: str
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class SequenceBoard:
    """The board, row 0 at the top, column 0 at the left."""

    cells: tuple[tuple[BoardCell, ...], ...]
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    @property
    def rows(self) -> int:
        return len(self.cells)

    @property
    def columns(self) -> int:
        return max((len(row) for row in self.cells), default=0)

    def codes(self) -> list[list[str]]:
        """The board as rows of card codes (the ``cardforge board`` JSON)."""
        return [[cell.code for cell in row] for row in self.cells]


@dataclass(frozen=True, slots=True)
class JackRule:
    """Which jack codes have which power."""

    code: str
    kind: JackKind
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class ChipColour:
    """A chip colour and how many chips of it the box holds."""

    key: str
    colour: Colour
    count: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class SequenceDefinition:
    """A Sequence box: deck, board, chips and table rules."""

    info: GameInfo
    suits: tuple[CardSuit, ...]
    ranks: tuple[CardRank, ...]
    decks: int
    decks_loc: SourceLoc
    board: SequenceBoard
    jacks: tuple[JackRule, ...]
    chips: tuple[ChipColour, ...]
    hand_sizes: tuple[PlayerCount, ...]
    sequence_length: int
    sequences_to_win: tuple[PlayerCount, ...]
    """Keyed by number of teams (``players`` holds the team count): 2 teams need 2, 3 need 1."""
    max_teams: int
    max_teams_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file writes ``max_teams`` (the definition when it does not)."""

    def cards(self) -> tuple[SequenceCard, ...]:
        """Every physical card: deck 1 then deck 2, each suit by suit (S, H, D, C), ranks 2..A."""
        cards = []
        for copy in range(1, self.decks + 1):
            for suit in self.suits:
                for rank in self.ranks:
                    code = rank.code + suit.code
                    cards.append(SequenceCard(f"{code}-{copy}", code, copy, suit.loc))
        return tuple(cards)

    def declared_counts(self) -> list[tuple[str, int, SourceLoc]]:
        """The number of decks and of chips of each colour (each must be positive)."""
        return [("decks", self.decks, self.decks_loc)] + [
            (f"chips '{chip.key}'", chip.count, chip.loc) for chip in self.chips
        ]

    def jack_kind(self, code: str) -> JackKind | None:
        for jack in self.jacks:
            if jack.code == code:
                return jack.kind
        return None

    def hand_size(self, players: int) -> int:
        for entry in self.hand_sizes:
            if entry.players == players:
                return entry.value
        raise KeyError(players)

    def teams_for(self, players: int) -> int:
        """Teams at a table: up to 3 players play alone; more form 2 or 3 teams (2 when both fit)."""
        if players <= self.max_teams:
            return players
        return 2 if players % 2 == 0 else 3

    def to_win(self, teams: int) -> int:
        for entry in self.sequences_to_win:
            if entry.players == teams:
                return entry.value
        raise KeyError(teams)
