"""What every game definition shares: identity, rulebook, player counts, print defaults, options."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .options import RuleOptions
from .rules import RulesText
from .source import UNKNOWN_LOC, SourceLoc


class Symbol(str, Enum):
    """Vector symbols the renderer can draw; suits name one so prints work in greyscale too."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    DIAMOND = "diamond"
    STAR = "star"
    HEXAGON = "hexagon"
    HEART = "heart"
    MOON = "moon"
    DROP = "drop"
    CROSS = "cross"
    SPADE = "spade"
    CLUB = "club"
    FLOWER = "flower"
    BOLT = "bolt"
    SPIRAL = "spiral"
    SUN = "sun"
    BURST = "burst"


@dataclass(frozen=True, slots=True)
class Colour:
    """An sRGB colour as the designer wrote it (``#rrggbb``)."""

    hex: str

    @property
    def rgb(self) -> tuple[float, float, float]:
        """Red, green and blue in 0..1."""
        value = self.hex.lstrip("#")
        return int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """A hand size or other amount that depends on the number of players."""

    players: int
    value: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Identity and table facts of a game definition (or of one of its variants)."""

    id: str
    kind: str
    """The game kind (the ``game:`` value): the registry's key for everything game-specific."""
    name: str
    rulebook: str
    description: str
    players: tuple[int, ...]
    card_size: str
    options: RuleOptions
    variant_of: str | None = None
    expansion_of: str | None = None
    """The id of the game this definition adds cards to (an expansion), or None."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    title: str = ""
    """What the card backs and the rules page print as the game's name; empty: ``name``."""
    rules: RulesText | None = None
    """The rules summary the kit prints, when the definition has one."""

    @property
    def printed_title(self) -> str:
        """The name printed on the game's backs and rules page."""
        return self.title or self.name

    @property
    def min_players(self) -> int:
        return min(self.players)

    @property
    def max_players(self) -> int:
        return max(self.players)
