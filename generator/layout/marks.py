"""Marks drawn on imposed pages: crop marks outside the cards, cut circles for round tokens,
registration crosses for board tiles, fold lines. All in page millimetres."""

from __future__ import annotations

from typing import Iterable, Sequence

from ..model.common import Colour
from ..model.templates import MIN_PRINTABLE_MARGIN_MM, CropMarks
from .scene import BLACK, Anchor, Circle, Close, Item, Line, LineTo, MoveTo, Paint, Path, PathOp, Text

GREY = Colour("#7f7f7f")
MIN_MARK_MM = 2.0


def crop_marks(
    xs: Sequence[float],
    ys: Sequence[float],
    block: tuple[float, float, float, float],
    page: tuple[float, float],
    bleed_mm: float,
    style: CropMarks,
) -> list[Item]:
    """Marks on the extension of every cut line ``xs`` (vertical) and ``ys`` (horizontal), in the
    margins around ``block`` (x0, y0, x1, y1 of the trim boxes), never inside a card and never in
    the strip printers cannot print. They start outside the bleed when there is room, else just
    outside the trim (over the bleed, which is cut away)."""
    x0, y0, x1, y1 = block
    width, height = page
    items: list[Item] = []

    def span(edge_gap: float) -> tuple[float, float] | None:
        start = bleed_mm + style.offset_mm
        end = min(start + style.length_mm, edge_gap - MIN_PRINTABLE_MARGIN_MM)
        if end - start < MIN_MARK_MM:
            start = style.offset_mm
            end = min(start + style.length_mm, edge_gap - MIN_PRINTABLE_MARGIN_MM)
        return (start, end) if end - start >= MIN_MARK_MM / 2 else None

    top, bottom, left, right = span(y0), span(height - y1), span(x0), span(width - x1)
    for x in sorted(set(round(v, 4) for v in xs)):
        if top:
            items.append(Line(x, y0 - top[0], x, y0 - top[1], BLACK, style.width_mm))
        if bottom:
            items.append(Line(x, y1 + bottom[0], x, y1 + bottom[1], BLACK, style.width_mm))
    for y in sorted(set(round(v, 4) for v in ys)):
        if left:
            items.append(Line(x0 - left[0], y, x0 - left[1], y, BLACK, style.width_mm))
        if right:
            items.append(Line(x1 + right[0], y, x1 + right[1], y, BLACK, style.width_mm))
    return items


def cut_circles(centres: Iterable[tuple[float, float]], radius: float) -> list[Item]:
    """Thin circles on the cut line of each round token."""
    return [Circle(x, y, radius, Paint(None, GREY, 0.15)) for x, y in centres]


def cut_outlines(outlines: Sequence[Sequence[tuple[float, float]]], corners: Sequence[tuple[float, float]]) -> list[Item]:
    """Thin closed paths on the cut line of pieces with an outline of their own (hexagons), each
    outline's points relative to the top-left corner it is placed at."""
    items: list[Item] = []
    for points, (x, y) in zip(outlines, corners):
        ops: list[PathOp] = [MoveTo(x + points[0][0], y + points[0][1]),
                             *(LineTo(x + px, y + py) for px, py in points[1:]), Close()]
        items.append(Path(tuple(ops), Paint(None, GREY, 0.15)))
    return items


def registration(x: float, y: float, size_mm: float = 6.0) -> list[Item]:
    """A registration target: a cross in a circle, to align overlapping tiles."""
    half = size_mm / 2
    return [
        Circle(x, y, half * 0.6, Paint(None, BLACK, 0.15)),
        Line(x - half, y, x + half, y, BLACK, 0.15),
        Line(x, y - half, x, y + half, BLACK, 0.15),
    ]


def label(x: float, y: float, text: str, size_pt: float = 7.0, anchor: Anchor = Anchor.START) -> Text:
    return Text(x, y, text, "sans", size_pt, GREY, anchor)


def fold_line(x0: float, y: float, x1: float) -> Line:
    return Line(x0, y, x1, y, GREY, 0.25, (2.0, 1.5))
