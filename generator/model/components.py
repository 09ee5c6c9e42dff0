"""The physical components of a game: decks, tokens and tiles, boards and mats, tuck boxes.

One description for every game: a designer's kit (``game: custom`` with ``components:``) is read
into these values, and the shipped games describe their own pieces with them (Hanabi's note and
storm tokens, Sequence's chips and board). The layout draws and imposes a component from its kind,
size and shape alone. Pure values, millimetres.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum

from .source import UNKNOWN_LOC, SourceLoc


class ComponentKind(str, Enum):
    """What a component is, which decides how it prints."""

    DECK = "deck"
    """Cards: imposed in a grid, backs for duplex, cut on crop marks; a print shop's card product."""
    TOKEN = "token"
    """Small pieces (round, square or hexagonal), one- or two-sided, in counts."""
    TILE = "tile"
    """As a token (tiles are usually larger and square or hexagonal)."""
    BOARD = "board"
    """A large piece: on one sheet when it fits, else on ``--board-paper``, else tiled with glue strips."""
    MAT = "mat"
    """A player mat: printed as a board."""
    BOX = "box"
    """A tuck box for one deck, sized from its cards, printed as a net with fold and glue lines."""

    @property
    def piece_kind(self) -> str:
        """What the manifest calls one piece of it (``card`` for a deck's pieces)."""
        return "card" if self is ComponentKind.DECK else self.value

    @property
    def large(self) -> bool:
        """Printed one piece at a time, tiled when larger than the paper (boards, mats, boxes)."""
        return self in (ComponentKind.BOARD, ComponentKind.MAT, ComponentKind.BOX)


class PieceShape(str, Enum):
    """The outline a piece is cut along."""

    RECT = "rect"
    """A rectangle (cards keep their template's corner radius)."""
    ROUND = "round"
    """A disc as wide as the piece."""
    HEX = "hex"
    """A regular hexagon with flat top and bottom edges; its width is corner to corner."""
    HEX_POINTY = "hex-pointy"
    """A regular hexagon standing on a corner; its height is corner to corner."""

    def outline(self, width_mm: float, height_mm: float) -> tuple[tuple[float, float], ...]:
        """The cut outline of a ``width_mm`` x ``height_mm`` piece of this shape, as points from its
        top-left corner (a hexagon's six corners; a rectangle's four; a disc's none: a circle)."""
        w, h = width_mm, height_mm
        if self is PieceShape.HEX:
            return ((w / 4, 0.0), (3 * w / 4, 0.0), (w, h / 2), (3 * w / 4, h), (w / 4, h), (0.0, h / 2))
        if self is PieceShape.HEX_POINTY:
            return ((w / 2, 0.0), (w, h / 4), (w, 3 * h / 4), (w / 2, h), (0.0, 3 * h / 4), (0.0, h / 4))
        if self is PieceShape.RECT:
            return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))
        return ()


HEX_RATIO = math.sqrt(3) / 2
"""A regular hexagon's width across flats over its width across corners."""


def hex_size(shape: PieceShape, across_corners_mm: float) -> tuple[float, float]:
    """Width and height of a regular hexagon given its size corner to corner."""
    if shape is PieceShape.HEX_POINTY:
        return across_corners_mm * HEX_RATIO, across_corners_mm
    return across_corners_mm, across_corners_mm * HEX_RATIO


@dataclass(frozen=True, slots=True)
class Size:
    """A component's size: a card template of the layouts by name (``poker``, ``tarot``...), or
    millimetres. ``template`` empty: the millimetres are the size."""

    template: str = ""
    width_mm: float = 0.0
    height_mm: float = 0.0
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    def describe(self) -> str:
        return self.template or f"{self.width_mm:g} x {self.height_mm:g} mm"


@dataclass(frozen=True, slots=True)
class BoxSpec:
    """A tuck box: the deck it holds and how much room each card takes.

    The panels are the card's size plus ``tolerance_mm``; the box is ``cards`` times
    ``thickness_mm`` deep (``cards`` 0: the deck's own card count)."""

    deck: str
    thickness_mm: float = 0.3
    tolerance_mm: float = 1.0
    cards: int = 0
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class Component:
    """One component of a game's kit, as it prints: its name (unique in the game; ``--only NAME``
    builds it alone), kind, size, outline and bleed (None: the build's)."""

    name: str
    kind: ComponentKind
    size: Size = Size()
    shape: PieceShape = PieceShape.RECT
    bleed_mm: float | None = None
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    box: BoxSpec | None = None
    """What a box holds (kind ``box`` only)."""
