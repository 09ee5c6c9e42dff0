"""Imposed pages: where each scene sits on a sheet of paper (the sheet planner's output).

The sheet planner (``generator.layout.sheets``) turns a Kit into a Document; renderers draw a
Document and the build writes its manifest. All lengths in millimetres from the top-left corner of
the page, y pointing down.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .kit import PieceKind
from .scene import Item, Scene


@dataclass(frozen=True, slots=True)
class ManifestItem:
    """One entry of the JSON manifest: a placed card, token or board tile (its trim box)."""

    kind: PieceKind
    card: str
    """The piece id; for a back, the id of the card whose back it is; for a board tile, the tile id."""
    side: str
    """``front`` or ``back``."""
    slot: int
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    rotation: int
    """Degrees clockwise (0, 90, 180, 270)."""
    corner_radius_mm: float = 0.0
    """The radius of the piece's corners (half its width for a round token): the cut path of a
    cutting machine follows it (``generator.layout.cuts``)."""
    component: str = ""
    """The component the piece belongs to (``deck``, ``chips``, ``board``...)."""
    outline: tuple[tuple[float, float], ...] = ()
    """The cut path of a piece that is neither a rectangle nor a disc (a hexagon, a box's net), as
    points from the trim box's top-left corner; empty otherwise."""

    def as_json(self) -> dict[str, object]:
        found: dict[str, object] = {
            "component": self.component,
            "kind": self.kind.value,
            "card": self.card,
            "side": self.side,
            "slot": self.slot,
            "x_mm": round(self.x_mm, 3),
            "y_mm": round(self.y_mm, 3),
            "width_mm": round(self.width_mm, 3),
            "height_mm": round(self.height_mm, 3),
            "rotation": self.rotation,
            "corner_radius_mm": round(self.corner_radius_mm, 3),
        }
        if self.outline:
            found["outline_mm"] = [[round(x, 3), round(y, 3)] for x, y in self.outline]
        return found


@dataclass(frozen=True, slots=True)
class Placement:
    """A scene drawn on a page.

    The scene is rotated by ``rotation_deg`` (clockwise, a multiple of 90) and then moved so that the
    top-left corner of its rotated trim box lies at (``x_mm``, ``y_mm``) on the page. ``clip_mm``
    (x, y, width, height in the scene's own coordinates) shows only part of the scene (board tiles,
    or a bleed cut back where cards butt against each other); None draws the trim box plus its bleed.
    """

    scene: Scene
    x_mm: float
    y_mm: float
    rotation_deg: int = 0
    clip_mm: tuple[float, float, float, float] | None = None
    item: ManifestItem | None = None

    def origin_mm(self) -> tuple[float, float]:
        """Where on the page the scene's own origin (its trim box's top-left corner) lands once
        rotated: renderers translate there, then rotate by ``rotation_deg`` clockwise."""
        w, h = self.scene.width_mm, self.scene.height_mm
        turn = self.rotation_deg % 360
        if turn == 0:
            return self.x_mm, self.y_mm
        if turn == 90:
            return self.x_mm + h, self.y_mm
        if turn == 180:
            return self.x_mm + w, self.y_mm + h
        if turn == 270:
            return self.x_mm, self.y_mm + w
        raise ValueError(f"rotation must be a multiple of 90 degrees, not {self.rotation_deg}")

    def size_on_page_mm(self) -> tuple[float, float]:
        """Width and height of the trim box as it lies on the page (swapped when turned 90 or 270)."""
        w, h = self.scene.width_mm, self.scene.height_mm
        return (h, w) if self.rotation_deg % 180 else (w, h)


@dataclass(frozen=True, slots=True)
class Page:
    """One sheet: its size, the placed scenes, then marks drawn on top in page coordinates
    (crop marks, cut circles, registration marks, fold lines, labels)."""

    width_mm: float
    height_mm: float
    placements: tuple[Placement, ...]
    marks: tuple[Item, ...] = ()
    label: str = ""
    """What the page is (``fronts 1/4``, ``backs 1/4``, ``board tile B2``...), for progress and summaries."""
    footer: bool = False
    """Print ``label`` in the page's footer (pages of cards and tokens; the others say what they are)."""


@dataclass(frozen=True, slots=True)
class Document:
    """The pages of one output file, in printing order."""

    title: str
    pages: tuple[Page, ...] = field(default=())

    def manifest(self) -> dict[str, object]:
        """The JSON manifest: one entry per page, one item per placed card, token or board tile."""
        return {
            "pages": [
                {
                    "size_mm": [round(page.width_mm, 3), round(page.height_mm, 3)],
                    "items": [p.item.as_json() for p in page.placements if p.item is not None],
                }
                for page in self.pages
            ]
        }
