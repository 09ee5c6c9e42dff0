"""A print-and-play kit: the pieces of one game to be imposed on sheets (the face designs' output).

Face modules (``generator.layout.faces``) turn a game definition into a Kit of scenes; the sheet
planner (``generator.layout.sheets``) places them; renderers draw them. All sizes in millimetres.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from ..model.source import UNKNOWN_LOC, SourceLoc
from .scene import Scene


class PieceKind(str, Enum):
    """What the manifest calls each placed item."""

    CARD = "card"
    TOKEN = "token"
    BOARD = "board"


@dataclass(frozen=True, slots=True)
class Piece:
    """One physical piece to print: its id (the card id for cards), front scene and back scene.

    Copies of a piece share the same Scene objects (same ``key``), so renderers draw each distinct
    face once. ``back`` is None for pieces printed one-sided (a board, chips printed on one side).
    """

    id: str
    kind: PieceKind
    front: Scene
    back: Scene | None
    round: bool = False
    """Round tokens (chips): cut guides are circles, not crop marks."""


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
    """Everything one game prints: card pieces, token pieces, an optional board, extra pages."""

    game_id: str
    cards: tuple[Piece, ...]
    tokens: tuple[Piece, ...] = ()
    board: Scene | None = None
    """The whole board as one scene (the sheet planner tiles it or puts it on a large page)."""
    pages: tuple[Sheetlet, ...] = ()
    fit_problems: tuple[FitProblem, ...] = field(default=())
    corner_radius_mm: float = 0.0
    """The cards' corner radius (their template's), for cut paths."""

    def with_expansion(self, expansion: "Kit") -> "Kit":
        """This kit with an expansion's pieces and pages added after its own."""
        return Kit(
            self.game_id,
            self.cards + expansion.cards,
            self.tokens + expansion.tokens,
            self.board,
            self.pages + expansion.pages,
            self.fit_problems + expansion.fit_problems,
            self.corner_radius_mm,
        )
