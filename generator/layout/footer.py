"""Page footers that stay clear of everything else on the page: the page's label (``hanabi cards:
fronts 1/6``) and the version stamp (game, definition hash, date) are set in the margin where no
card, bleed, crop mark or cut guide lies, never in the strip home printers cannot print.

The bottom margin is tried first, then the top one, each at 6 then 5 pt; the two texts go side by
side when they fit, else each in its own free stretch between crop marks; when neither margin has
room (square cards fill A4 to within 8.5 mm of its edges), they run up the left or right margin."""

from __future__ import annotations

from typing import Iterable, Sequence

from ..model.templates import MIN_PRINTABLE_MARGIN_MM
from .marks import GREY
from .page import Page
from .scene import PT_PER_MM, Anchor, Circle, Group, Item, Line, Path, Rect, Text, TextMeasurer

CLEAR_MM = 0.8
"""Room kept between a footer and a mark beside it (a crop mark's end)."""
CLEAR_ACROSS_MM = 0.3
"""Room kept between a footer and what lies above or below it (the bleed of a block of cards)."""
DESCENT_EM = 0.24
GAP = "   "

Box = tuple[float, float, float, float]


class _Estimate:
    """Text measured from the shipped sans font's average proportions (layouts built without fonts)."""

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        return 0.58 * size_pt / PT_PER_MM * len(text)

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return 0.93 * size_pt / PT_PER_MM


ESTIMATE: TextMeasurer = _Estimate()


def _occupied(page: Page) -> list[Box]:
    """Boxes of what the page already shows: placed faces with their bleed, and its marks."""
    boxes: list[Box] = []
    for placement in page.placements:
        w, h = placement.size_on_page_mm()
        b = placement.scene.bleed_mm
        boxes.append((placement.x_mm - b, placement.y_mm - b, placement.x_mm + w + b, placement.y_mm + h + b))
    for mark in page.marks:
        box = _mark_box(mark)
        if box is not None:
            boxes.append(box)
    return boxes


def _mark_box(mark: Item) -> Box | None:
    if isinstance(mark, Line):
        return min(mark.x1, mark.x2), min(mark.y1, mark.y2), max(mark.x1, mark.x2), max(mark.y1, mark.y2)
    if isinstance(mark, Circle):
        return mark.cx - mark.r, mark.cy - mark.r, mark.cx + mark.r, mark.cy + mark.r
    if isinstance(mark, Rect):
        return mark.x, mark.y, mark.x + mark.width, mark.y + mark.height
    if isinstance(mark, Text):
        # marks' texts are small labels: a generous box around their baseline
        size = mark.size_pt / PT_PER_MM
        width = 0.62 * size * len(mark.text)
        x0 = {Anchor.START: mark.x, Anchor.MIDDLE: mark.x - width / 2, Anchor.END: mark.x - width}[mark.anchor]
        return x0, mark.y - size, x0 + width, mark.y + DESCENT_EM * size
    if isinstance(mark, (Group, Path)):
        return None
    return None


def _free(span: tuple[float, float], blocked: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    """Stretches of ``span`` that no blocked interval (widened by CLEAR_MM) touches."""
    start, end = span
    pieces = [(start, end)]
    for lo, hi in sorted(blocked):
        lo, hi = lo - CLEAR_MM, hi + CLEAR_MM
        pieces = [part for a, b in pieces for part in ((a, min(b, lo)), (max(a, hi), b)) if part[1] - part[0] > 1e-6]
    return pieces


def _fit(texts: Sequence[str], widths: Sequence[float], free: list[tuple[float, float]], centre: float,
         gap: float) -> list[tuple[str, float]] | None:
    """Where each text starts along a line: together if one stretch holds them, else one text a
    stretch (nearest the centre first); None when they do not fit."""
    together = sum(widths) + gap * (len(widths) - 1)
    by_centre = sorted(free, key=lambda s: 0 if s[0] <= centre <= s[1] else min(abs(s[0] - centre), abs(s[1] - centre)))
    for a, b in by_centre:
        if b - a >= together:
            x = min(max(centre - together / 2, a), b - together)
            placed = []
            for text, width in zip(texts, widths):
                placed.append((text, x))
                x += width + gap
            return placed
    placed, used = [], []
    for text, width in zip(texts, widths):
        spot = next(((a, b) for a, b in by_centre if b - a >= width and (a, b) not in used), None)
        if spot is None:
            return None
        used.append(spot)
        a, b = spot
        placed.append((text, min(max((a + b) / 2 - width / 2, a), b - width)))
    return placed


def add_footer(page: Page, texts: Sequence[str], measurer: TextMeasurer) -> Page:
    """``page`` with ``texts`` set in a free part of its margins (see the module docstring)."""
    texts = [t for t in texts if t]
    if not texts:
        return page
    occupied = _occupied(page)
    w, h, edge = page.width_mm, page.height_mm, MIN_PRINTABLE_MARGIN_MM
    for size in (6.0, 5.0):
        ascent = measurer.ascent_mm("sans", size)
        descent = DESCENT_EM * size / PT_PER_MM
        widths = [measurer.width_mm(t, "sans", size) for t in texts]
        gap = measurer.width_mm(GAP, "sans", size)
        for baseline in (h - edge - descent, edge + ascent):
            top, bottom = baseline - ascent, baseline + descent
            blocked = [(x0, x1) for x0, y0, x1, y1 in occupied if y1 > top - CLEAR_ACROSS_MM and y0 < bottom + CLEAR_ACROSS_MM]
            placed = _fit(texts, widths, _free((edge + 1, w - edge - 1), blocked), w / 2, gap)
            if placed is not None:
                return _with(page, [Text(x, baseline, text, "sans", size, GREY, Anchor.START) for text, x in placed])
        for left in (True, False):
            # up the side margin: the text's baseline runs along y, read from bottom to top
            x = edge + ascent if left else w - edge - descent
            span_x = (x - ascent, x + descent)
            blocked = [(y0, y1) for x0, y0, x1, y1 in occupied
                       if x1 > span_x[0] - CLEAR_ACROSS_MM and x0 < span_x[1] + CLEAR_ACROSS_MM]
            placed = _fit(texts, widths, _free((edge + 1, h - edge - 1), blocked), h / 2, gap)
            if placed is not None:
                items: list[Item] = []
                for (text, y), width in zip(placed, widths):
                    # from the page's top: the text starts at y + width (its bottom end) going up
                    items.append(Group((Text(0, 0, text, "sans", size, GREY, Anchor.START),), x, y + width, -90))
                return _with(page, items)
    return _with(page, [Text(w / 2, h - edge - 0.6, "   ".join(texts), "sans", 5.0, GREY, Anchor.MIDDLE)])


def _with(page: Page, items: list[Item]) -> Page:
    return Page(page.width_mm, page.height_mm, page.placements, page.marks + tuple(items), page.label, page.footer)
