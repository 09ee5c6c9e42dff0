"""A print-and-play kit: the pieces of one game to be imposed on sheets (the face designs' output).

Face modules (``generator.layout.faces``) turn a game definition into a Kit of scenes; the sheet
planner (``generator.layout.sheets``) places them; renderers draw them. All sizes in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..model.components import Component, ComponentKind, PieceShape
from ..model.source import UNKNOWN_LOC, SourceLoc
from .scene import Item, Scene


class PieceKind(str, Enum):
    """What the manifest calls each placed item (a component's kind; a deck's pieces are cards)."""

    CARD = "card"
    TOKEN = "token"
    TILE = "tile"
    BOARD = "board"
    MAT = "mat"
    BOX = "box"

    @classmethod
    def of(cls, kind: ComponentKind) -> "PieceKind":
        """The kind of a piece of a component of ``kind``."""
        return cls(kind.piece_kind)


@dataclass(frozen=True, slots=True)
class Piece:
    """One physical piece to print: its id (the card id for cards, unique in its game), front
    scene and back scene, the component it belongs to.

    Copies of a piece share the same Scene objects (same ``key``), so renderers draw each distinct
    face once. ``back`` is None for pieces printed one-sided (a board, chips printed on one side).
    """

    id: str
    kind: PieceKind
    front: Scene
    back: Scene | None
    shape: PieceShape = PieceShape.RECT
    """The outline it is cut along: round and hexagonal tokens get cut guides, not crop marks."""
    component: str = ""
    """The name of its component (``deck``, ``chips``, ``board``...)."""
    die: tuple[Item, ...] = ()
    """Lines printed over its front in its own coordinates, not part of its art (a tuck box's cut,
    fold and glue lines)."""
    outline: tuple[tuple[float, float], ...] = ()
    """The cut path when it is neither a rectangle nor a disc (a hexagon, a box's net): points from
    the top-left corner of its trim box; empty: its shape's."""

    @property
    def round(self) -> bool:
        """Round tokens (chips): cut guides are circles, not crop marks."""
        return self.shape is PieceShape.ROUND

    def cut_outline(self) -> tuple[tuple[float, float], ...]:
        """The points of its cut path (empty for a disc or a rectangle cut on crop marks)."""
        if self.outline:
            return self.outline
        if self.shape in (PieceShape.HEX, PieceShape.HEX_POINTY):
            return self.shape.outline(self.front.width_mm, self.front.height_mm)
        return ()


@dataclass(frozen=True, slots=True)
class FaceSettings:
    """What changes how faces are drawn: card size, bleed, ink saving."""

    card_width_mm: float
    card_height_mm: float
    bleed_mm: float
    safe_mm: float
    corner_radius_mm: float
    ink_saver: bool = False


@dataclass(frozen=True, slots=True)
class Sheetlet:
    """A one-off page drawn as a whole (a rules summary, an assembly map): a full-page scene."""

    id: str
    scene: Scene


@dataclass(frozen=True, slots=True)
class FitProblem:
    """A face that cannot be drawn as its template says (text that does not fit its box even at
    the minimum size, a field a card lacks, an image that is missing): a finding, never clipped.

    ``region_loc`` is the region's place in a layout file (where to make it larger), ``source_loc``
    the place in a definition file that holds the text (where to make it shorter), when known."""

    piece_id: str
    region: str
    message: str
    region_loc: SourceLoc = UNKNOWN_LOC
    source_loc: SourceLoc = UNKNOWN_LOC
    rule: str = "layout.text-fit"
    """The finding's rule id: text that does not fit, or ``layout.fields`` (a placeholder names a
    field the card lacks) or ``layout.images`` (a per-card image that cannot be drawn)."""
    code: str = "text-does-not-fit"
    warning: bool = False
    """A warning (the face can be drawn, but not as well as it should: an image under 300 dpi)."""
    notes: tuple[tuple[SourceLoc, str], ...] = ()
    """Further places the problem involves, each with what is there (the finding's notes)."""


@dataclass(frozen=True, slots=True)
class Kit:
    """Everything one game prints, by component: cards (of every deck), tokens and tiles, large
    pieces (boards, mats, tuck boxes), extra pages (the rules page)."""

    game_id: str
    cards: tuple[Piece, ...]
    tokens: tuple[Piece, ...] = ()
    boards: tuple[Piece, ...] = ()
    """Boards, mats and boxes: one to a sheet when they fit it, else on the large paper, else
    tiled (a board or a mat) by the sheet planner."""
    pages: tuple[Sheetlet, ...] = ()
    fit_problems: tuple[FitProblem, ...] = field(default=())
    corner_radius_mm: float = 0.0
    """The cards' corner radius (their template's), for cut paths."""
    components: tuple[Component, ...] = ()
    """The kit's components in printing order (each piece names its own)."""
    corner_radii: tuple[tuple[str, float], ...] = ()
    """Decks whose cards have another corner radius than ``corner_radius_mm``: (component, radius)."""
    language: str = ""
    """The language the kit is printed in (cardforge's own words on its pages follow it)."""

    @property
    def pieces(self) -> tuple[Piece, ...]:
        """Every piece: cards, tokens and tiles, then boards, mats and boxes."""
        return self.cards + self.tokens + self.boards

    def component(self, name: str) -> Component | None:
        return next((c for c in self.components if c.name == name), None)

    def with_expansion(self, expansion: "Kit") -> "Kit":
        """This kit with an expansion's pieces and pages added after its own (an expansion's
        component of the same name as one of the game's prints with it)."""
        names = {c.name for c in self.components}
        return Kit(
            self.game_id,
            self.cards + expansion.cards,
            self.tokens + expansion.tokens,
            self.boards + expansion.boards,
            self.pages + expansion.pages,
            self.fit_problems + expansion.fit_problems,
            self.corner_radius_mm,
            self.components + tuple(c for c in expansion.components if c.name not in names),
            self.corner_radii + expansion.corner_radii,
            self.language,
        )
