"""A board larger than a sheet: on one large page, or tiled over several sheets with overlapping
edges, registration targets in the overlaps, tile labels and an assembly map."""

from __future__ import annotations

import math

from ..model.templates import SheetTemplate
from .kit import PieceKind
from .marks import label, registration
from .page import ManifestItem, Page, Placement
from .scene import BLACK, Anchor, Group, Item, Paint, Rect, Scene, Text

MIN_OVERLAP_MM = 10.0


def board_pages(board: Scene, sheet: SheetTemplate, large: SheetTemplate | None, overlap_mm: float, game_id: str) -> list[Page]:
    """The board on ``large`` when given and big enough, else tiles on ``sheet`` plus a map page."""
    if large is not None:
        page = large_page(board, large, game_id)
        if page is not None:
            return [page]
    return tile_pages(board, large or sheet, max(overlap_mm, MIN_OVERLAP_MM), game_id)


def large_page(board: Scene, sheet: SheetTemplate, game_id: str) -> Page | None:
    """The whole board centred on one page of ``sheet`` (either orientation), or None if too big."""
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        if board.width_mm <= pw + 1e-6 and board.height_mm <= ph + 1e-6:
            x = (paper.width_mm - board.width_mm) / 2
            y = (paper.height_mm - board.height_mm) / 2
            item = ManifestItem(PieceKind.BOARD, f"{game_id}-board", "front", 0, x, y, board.width_mm, board.height_mm, 0)
            return Page(paper.width_mm, paper.height_mm, (Placement(board, x, y, 0, None, item),), (), f"{game_id} board")
    return None


def _starts(length: float, window: float, overlap: float) -> list[float]:
    """Tile origins along one axis: windows of ``window`` mm overlapping by at least ``overlap``."""
    if length <= window:
        return [0.0]
    count = math.ceil((length - overlap) / (window - overlap))
    step = (length - window) / (count - 1)
    return [i * step for i in range(count)]


def tile_pages(board: Scene, sheet: SheetTemplate, overlap: float, game_id: str) -> list[Page]:
    """Overlapping tiles of the board, each filling the printable area of a page, and a map page."""
    best = None
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        xs = _starts(board.width_mm, pw, overlap)
        ys = _starts(board.height_mm, ph, overlap)
        if best is None or len(xs) * len(ys) < len(best[1]) * len(best[2]):
            best = (paper, xs, ys)
    assert best is not None
    paper, xs, ys = best
    m = paper.margin_mm
    _, _, pw, ph = paper.printable
    tw, th = min(pw, board.width_mm), min(ph, board.height_mm)
    targets = _targets(xs, ys, tw, th, board)
    pages: list[Page] = []
    tiles: list[tuple[str, float, float]] = []
    for r, sy in enumerate(ys):
        for c, sx in enumerate(xs):
            name = f"{chr(ord('A') + r)}{c + 1}"
            tiles.append((name, sx, sy))
            item = ManifestItem(PieceKind.BOARD, f"{game_id}-board-{name}", "front", len(tiles) - 1, m, m, tw, th, 0)
            placement = Placement(board, m - sx, m - sy, 0, (sx, sy, tw, th), item)
            marks: list[Item] = []
            for bx, by in targets:
                if sx + 3 <= bx <= sx + tw - 3 and sy + 3 <= by <= sy + th - 3:
                    marks += registration(m + bx - sx, m + by - sy)
            marks.append(label(m, m - 1.6, f"{game_id} board, tile {name} of {len(xs) * len(ys)}: "
                                          f"overlap {overlap:g} mm, align the targets", 6.0))
            pages.append(Page(paper.width_mm, paper.height_mm, (placement,), tuple(marks), f"{game_id} board tile {name}"))
    pages.append(assembly_map(board, paper, tiles, tw, th, game_id))
    return pages


def _targets(xs: list[float], ys: list[float], tw: float, th: float, board: Scene) -> list[tuple[float, float]]:
    """Board points in the middle of each overlap, shared by both tiles that show them."""
    points: list[tuple[float, float]] = []
    for a, b in zip(xs, xs[1:]):
        mid = (b + a + tw) / 2
        points += [(mid, y) for y in _along(board.height_mm)]
    for a, b in zip(ys, ys[1:]):
        mid = (b + a + th) / 2
        points += [(x, mid) for x in _along(board.width_mm)]
    return points


def _along(length: float) -> list[float]:
    count = max(2, int(length // 90))
    return [length * (i + 0.5) / count for i in range(count)]


def assembly_map(board: Scene, paper: SheetTemplate, tiles: list[tuple[str, float, float]], tw: float, th: float, game_id: str) -> Page:
    """A page showing the board small with each tile's outline and name: which tile goes where."""
    _, _, pw, ph = paper.printable
    scale = min(pw / board.width_mm, (ph - 20) / board.height_mm)
    x0 = (paper.width_mm - board.width_mm * scale) / 2
    y0 = paper.margin_mm + 16
    items: list[Item] = [
        Text(paper.width_mm / 2, paper.margin_mm + 8, f"{game_id} board: assembly map", "sans-bold", 14, BLACK, Anchor.MIDDLE),
        Group(board.items, x0, y0, 0, scale),
    ]
    for name, sx, sy in tiles:
        items.append(Rect(x0 + sx * scale, y0 + sy * scale, tw * scale, th * scale, Paint(None, BLACK, 0.5, (3.0, 2.0))))
        items.append(Text(x0 + (sx + tw / 2) * scale, y0 + (sy + th / 2) * scale, name, "sans-bold", 28, BLACK, Anchor.MIDDLE))
    items.append(Text(paper.width_mm / 2, y0 + board.height_mm * scale + 8,
                      "Cut each tile along the edge of its neighbour's overlap, lay the targets on each other, tape from behind.",
                      "sans", 8, BLACK, Anchor.MIDDLE))
    return Page(paper.width_mm, paper.height_mm, (), tuple(items), f"{game_id} board assembly map")
