"""Cut paths for cutting machines (Silhouette, Cricut, laser) and the registration marks they
read: pure geometry in page millimetres, taken from the pages' manifest items, so the cut files
and the manifest can never disagree (``tests/test_cuts.py`` reads both back).

A page's cut paths are the outlines of the pieces printed face up on it (cards with their corner
radius, round tokens as circles, hexagons and box nets as polygons, board tiles as rectangles). Registration marks follow the usual
print-and-cut layout: a filled square in the top-left corner and an L in the top-right and
bottom-left corners, 5 mm from the page's edges; crop marks that would come near them are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .page import Page
from .scene import BLACK, Item, Line, Paint, Rect

MARK_INSET_MM = 5.0
SQUARE_MM = 5.0
LEG_MM = 10.0
LEG_WIDTH_MM = 0.6
CLEAR_MM = 1.5


@dataclass(frozen=True, slots=True)
class Cut:
    """One closed cut path: a rectangle with rounded corners (a circle when the radius is half a
    square's side), or the polygon ``points`` (a hexagon, a box's net), in page millimetres."""

    piece: str
    x: float
    y: float
    width: float
    height: float
    radius: float
    points: tuple[tuple[float, float], ...] = ()


def page_cuts(page: Page) -> list[Cut]:
    """The cut paths of a page: every piece placed face up on it, from its manifest item."""
    cuts = []
    for placement in page.placements:
        item = placement.item
        if item is None or item.side != "front":
            continue
        radius = min(item.corner_radius_mm, item.width_mm / 2, item.height_mm / 2)
        points = tuple((item.x_mm + x, item.y_mm + y) for x, y in item.outline)
        cuts.append(Cut(item.card, item.x_mm, item.y_mm, item.width_mm, item.height_mm, radius, points))
    return cuts


def registration_marks(width_mm: float, height_mm: float) -> list[Item]:
    """The three print-and-cut marks of a page: a square top left, L shapes top right and bottom left."""
    i, leg, t = MARK_INSET_MM, LEG_MM, LEG_WIDTH_MM
    ink = Paint(BLACK)
    return [
        Rect(i, i, SQUARE_MM, SQUARE_MM, ink),
        Rect(width_mm - i - leg, i, leg, t, ink), Rect(width_mm - i - t, i, t, leg, ink),
        Rect(i, height_mm - i - t, leg, t, ink), Rect(i, height_mm - i - leg, t, leg, ink),
    ]


def _zones(width_mm: float, height_mm: float) -> list[tuple[float, float, float, float]]:
    i, leg, c = MARK_INSET_MM, LEG_MM, CLEAR_MM
    return [(0, 0, i + max(SQUARE_MM, leg) + c, i + max(SQUARE_MM, leg) + c),
            (width_mm - i - leg - c, 0, width_mm, i + leg + c),
            (0, height_mm - i - leg - c, i + leg + c, height_mm)]


def with_registration(page: Page) -> Page:
    """``page`` with registration marks, and without the crop marks that would touch them."""
    zones = _zones(page.width_mm, page.height_mm)

    def clear(mark: Item) -> bool:
        if not isinstance(mark, Line):
            return True
        x0, x1 = sorted((mark.x1, mark.x2))
        y0, y1 = sorted((mark.y1, mark.y2))
        return not any(x1 >= zx0 and x0 <= zx1 and y1 >= zy0 and y0 <= zy1 for zx0, zy0, zx1, zy1 in zones)

    marks = tuple(m for m in page.marks if clear(m)) + tuple(registration_marks(page.width_mm, page.height_mm))
    return replace(page, marks=marks)
