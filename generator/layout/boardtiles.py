"""A board larger than a sheet: on one large page, or tiled over several sheets, each page saying
how it is assembled, and an assembly map.

Tiles overlap by exactly the overlap they state (12 mm by default): each tile shows its share of
the board plus a strip its right and lower neighbours cover. That strip is the glue area (hatched,
with the neighbour's name beside it and a dashed line where the neighbour's edge goes); every tile
is cut on the crop marks at the edges of its picture. Labels stay in the margins, never on the
board's cells; the map names rows and columns outside the board.
"""

from __future__ import annotations

import math

from ..model.common import Colour
from ..model.templates import SheetTemplate
from .kit import PieceKind
from .marks import crop_marks
from .messages import message
from .page import ManifestItem, Page, Placement
from .scene import BLACK, WHITE, Anchor, Group, Item, Line, Paint, Rect, Scene, Text

MIN_OVERLAP_MM = 10.0
HEADER_MM = 14.0
"""Room above each tile for its name, instructions and a small map of the tiles."""
FOOTER_MM = 9.0
"""Room below each tile for the name of the tile that covers its lower strip, and the footer."""
SIDE_MM = 6.0
"""Room right of each tile for the name of the tile that covers its right strip."""
HATCH_STEP_MM = 3.0
HATCH = Colour("#6b6b6b")
TILE_LINE = Colour("#d62828")


def fits(width_mm: float, height_mm: float, sheet: SheetTemplate) -> bool:
    """Whether a piece fits inside the margins of ``sheet`` in either orientation."""
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        if width_mm <= pw + 1e-6 and height_mm <= ph + 1e-6:
            return True
    return False


def board_pages(board: Scene, sheet: SheetTemplate, large: SheetTemplate | None, overlap_mm: float, game_id: str,
                piece_id: str = "board", kind: PieceKind = PieceKind.BOARD, component: str = "board",
                language: str = "") -> list[Page]:
    """The board (or mat) ``piece_id`` on ``large`` when given and big enough, else tiles on
    ``large`` or ``sheet`` plus a map page."""
    if large is not None:
        page = large_page(board, large, game_id, piece_id, kind, component)
        if page is not None:
            return [page]
    return tile_pages(board, large or sheet, max(overlap_mm, MIN_OVERLAP_MM), game_id, piece_id, kind, component,
                      language)


def large_page(board: Scene, sheet: SheetTemplate, game_id: str, piece_id: str = "board",
               kind: PieceKind = PieceKind.BOARD, component: str = "board") -> Page | None:
    """The whole board centred on one page of ``sheet`` (either orientation), or None if too big."""
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        if board.width_mm <= pw + 1e-6 and board.height_mm <= ph + 1e-6:
            x = (paper.width_mm - board.width_mm) / 2
            y = (paper.height_mm - board.height_mm) / 2
            item = ManifestItem(kind, f"{game_id}-{piece_id}", "front", 0, x, y, board.width_mm, board.height_mm, 0,
                                component=component)
            return Page(paper.width_mm, paper.height_mm, (Placement(board, x, y, 0, None, item),), (),
                        f"{game_id} {piece_id}")
    return None


def windows(length: float, room: float, overlap: float) -> tuple[int, float, float]:
    """How many tiles cover ``length`` mm when each shows at most ``room`` mm, each overlapping the
    next by exactly ``overlap``: (count, step between tiles, each tile's length)."""
    if length <= room:
        return 1, length, length
    count = math.ceil((length - overlap) / (room - overlap))
    step = (length - overlap) / count
    return count, step, step + overlap


def _name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def tiling(width_mm: float, height_mm: float, sheet: SheetTemplate, overlap: float
           ) -> tuple[SheetTemplate, tuple[int, float, float], tuple[int, float, float]]:
    """The orientation of ``sheet`` that tiles a board in the fewest tiles, and the tiles across
    and down (``windows``)."""
    best = None
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        across = windows(width_mm, pw - SIDE_MM * 2, overlap)
        down = windows(height_mm, ph - HEADER_MM - FOOTER_MM, overlap)
        if best is None or across[0] * down[0] < best[1][0] * best[2][0]:
            best = (paper, across, down)
    assert best is not None
    return best


def tile_count(width_mm: float, height_mm: float, sheet: SheetTemplate, overlap_mm: float) -> int:
    """How many pages a board tiled over ``sheet`` takes (its tiles and the assembly map)."""
    _, across, down = tiling(width_mm, height_mm, sheet, max(overlap_mm, MIN_OVERLAP_MM))
    return across[0] * down[0] + 1


def tile_pages(board: Scene, sheet: SheetTemplate, overlap: float, game_id: str, piece_id: str = "board",
               kind: PieceKind = PieceKind.BOARD, component: str = "board", language: str = "") -> list[Page]:
    """One page per tile (see the module docstring) and the assembly map, cardforge's words in
    ``language``."""
    what = f"{game_id} {piece_id}"
    paper, (nx, step_x, tw), (ny, step_y, th) = tiling(board.width_mm, board.height_mm, sheet, overlap)
    total = nx * ny
    x = (paper.width_mm - tw) / 2
    y = paper.margin_mm + HEADER_MM
    pages: list[Page] = []
    for row in range(ny):
        for col in range(nx):
            sx, sy = col * step_x, row * step_y
            name = _name(row, col)
            item = ManifestItem(kind, f"{game_id}-{piece_id}-{name}", "front", row * nx + col, x, y, tw, th, 0,
                                component=component)
            placement = Placement(board, x - sx, y - sy, 0, (sx, sy, tw, th), item)
            marks: list[Item] = crop_marks([x, x + tw], [y, y + th], (x, y, x + tw, y + th),
                                           (paper.width_mm, paper.height_mm), 0.0, sheet.crop_marks)
            right = _name(row, col + 1) if col + 1 < nx else None
            below = _name(row + 1, col) if row + 1 < ny else None
            if right:
                marks += _glue(x + tw - overlap, y, overlap, th)
                marks.append(Line(x + tw - overlap, y, x + tw - overlap, y + th, BLACK, 0.25, (2.0, 1.5)))
                marks.append(Group((Text(0, 0, message("glue-right", language, name=right),
                                         "sans", 6.5, BLACK, Anchor.MIDDLE),), x + tw + 3.0, y + th / 2, 90))
            if below:
                marks += _glue(x, y + th - overlap, tw, overlap)
                marks.append(Line(x, y + th - overlap, x + tw, y + th - overlap, BLACK, 0.25, (2.0, 1.5)))
                marks.append(Text(x + tw / 2, y + th + 5.0, message("glue-below", language, name=below),
                                  "sans", 6.5, BLACK, Anchor.MIDDLE))
            marks += _header(paper, x, tw, name, nx, ny, row, col, total, overlap, what, language)
            pages.append(Page(paper.width_mm, paper.height_mm, (placement,), tuple(marks),
                              message("tile", language, what=what, name=name)))
    tiles = [(_name(r, c), c * step_x, r * step_y) for r in range(ny) for c in range(nx)]
    pages.append(assembly_map(board, paper, tiles, tw, th, nx, ny, overlap, what, language))
    return pages


def _glue(x: float, y: float, w: float, h: float) -> list[Item]:
    """Diagonal hatching over a glue strip (lines clipped to the strip by hand: marks are not clipped)."""
    items: list[Item] = []
    k = -h
    while k < w:
        # the line x' - y' = k inside the strip: from (x + k + t, y + t) for t in the strip
        t0, t1 = max(0.0, -k), min(h, w - k)
        if t1 > t0:
            items.append(Line(x + k + t0, y + t0, x + k + t1, y + t1, HATCH, 0.2))
        k += HATCH_STEP_MM
    return items


def _header(paper: SheetTemplate, x: float, tw: float, name: str, nx: int, ny: int, row: int, col: int, total: int,
            overlap: float, what: str, language: str = "") -> list[Item]:
    """The tile's name and place, what to do, and a small map of the tiles with this one filled
    (``what``: the game and the piece, ``sequence board``)."""
    top = paper.margin_mm
    items: list[Item] = [
        Text(x, top + 4.5, message("tile-heading", language, what=what, name=name, row=name[0], column=col + 1,
                                   total=total), "sans-bold", 9, BLACK),
        Text(x, top + 9.0, message("tile-how-1", language, overlap=f"{overlap:g}"), "sans", 6.5, BLACK),
        Text(x, top + 12.0, message("tile-how-2", language), "sans", 6.5, BLACK),
    ]
    cell = 3.2
    mx = x + tw - nx * cell
    for r in range(ny):
        for c in range(nx):
            fill = BLACK if (r, c) == (row, col) else WHITE
            items.append(Rect(mx + c * cell, top + 1.0 + r * cell, cell, cell, Paint(fill, BLACK, 0.2)))
    return items


def assembly_map(board: Scene, paper: SheetTemplate, tiles: list[tuple[str, float, float]], tw: float, th: float,
                 nx: int, ny: int, overlap: float, what: str, language: str = "") -> Page:
    """The board small with each tile's outline, rows lettered on the left and columns numbered
    above (outside the board: no label covers a cell), and the order of assembly."""
    _, _, pw, ph = paper.printable
    scale = min((pw - 16) / board.width_mm, (ph - 70) / board.height_mm)
    x0 = (paper.width_mm - board.width_mm * scale) / 2
    y0 = paper.margin_mm + 24
    items: list[Item] = [
        Text(paper.width_mm / 2, paper.margin_mm + 8, message("assembly-map", language, what=what), "sans-bold", 14,
             BLACK, Anchor.MIDDLE),
        Group(board.items, x0, y0, 0, scale),
    ]
    for name, sx, sy in tiles:
        items.append(Rect(x0 + sx * scale, y0 + sy * scale, tw * scale, th * scale, Paint(None, TILE_LINE, 0.5, (3.0, 2.0))))
    step_x = (board.width_mm - overlap) / nx
    step_y = (board.height_mm - overlap) / ny
    for col in range(nx):
        items.append(Text(x0 + (col * step_x + tw / 2) * scale, y0 - 3, str(col + 1), "sans-bold", 12, TILE_LINE, Anchor.MIDDLE))
    for row in range(ny):
        items.append(Text(x0 - 4, y0 + (row * step_y + th / 2) * scale + 1.5, chr(ord("A") + row), "sans-bold", 12,
                          TILE_LINE, Anchor.MIDDLE))
    steps = [message("assembly-1", language, overlap=f"{overlap:g}")] + [
        message(f"assembly-{n}", language) for n in range(2, 6)]
    y = y0 + board.height_mm * scale + 9
    for line in steps:
        items.append(Text(x0, y, line, "sans", 7.5, BLACK))
        y += 5.0
    return Page(paper.width_mm, paper.height_mm, (), tuple(items), message("assembly-map-label", language, what=what))

