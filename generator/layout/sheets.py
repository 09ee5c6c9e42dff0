"""The sheet planner: imposes a Kit's pieces on pages of paper.

Pages are grouped by component, each size on sheets of its own. Cards go in a centred grid
(butting cards share cut lines, their bleed kept only around the block), each page of fronts
followed by its page of backs, mirrored for the printer's flip edge and moved by the back offset;
or fronts and backs on one fold-and-glue sheet. Tokens of one size share sheets (under the last
cards when they fit there), round and hexagonal ones with cut guides along their outline. Boards,
mats and boxes go one to a sheet when they fit it (a box with its cut, fold and glue lines), else
on the large paper, else (boards and mats) on overlapping tiles; one-off pages (rules) come last.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Sequence

from ..model.common import Colour
from ..model.components import PieceShape
from ..model.templates import SheetTemplate
from .boardtiles import board_pages, fits, tile_count
from .cuts import with_registration
from .footer import ESTIMATE, add_footer
from .kit import Kit, Piece, PieceKind
from .marks import crop_marks, cut_circles, cut_outlines, fold_line, label
from .messages import message
from .page import Document, ManifestItem, Page, Placement
from .scene import BLACK, Anchor, Group, Item, Line, Rect, Scene, Text, TextMeasurer

GREY_RULER = Colour("#555555")
GUIDE = Colour("#8c8c8c")
GUIDE_WIDTH_MM = 0.12
GUIDE_ARM_MM = 2.4
"""Cut guides between white cards: arms this long from each corner where cards meet (a 3 mm corner
radius takes off the first 2.45 mm of each edge)."""
LIGHT = 0.8
"""A face whose ground is lighter than this (luminance) shows no line where it meets a neighbour."""
TOKEN_GUTTER_MM = 3.0
FOLD_GAP_MM = 3.0
"""Distance from the fold line to the cards on a gutterfold sheet (room to fold and glue)."""


class Duplex(str, Enum):
    """How backs are printed: on their own pages, or on the back of the fronts' sheet."""

    NONE = "none"
    LONG = "long"
    SHORT = "short"


class FitError(ValueError):
    """A piece does not fit the printable area of the chosen sheet."""


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """How a build imposes its pieces."""

    sheet: SheetTemplate
    duplex: Duplex = Duplex.LONG
    back_offset_mm: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    gutterfold: bool = False
    copies: int = 1
    board_sheet: SheetTemplate | None = None
    """A large sheet for the board; None tiles the board over ``sheet``."""
    tile_overlap_mm: float = 12.0
    measurer: TextMeasurer | None = None
    """Measures the footers' text (None: an estimate of the shipped sans font)."""
    stamp: str = ""
    """The version stamp every page carries (game, definition hash, date)."""
    registration_marks: bool = False
    """Registration marks in the corners of every page with pieces to cut, for cutting machines."""
    language: str = ""
    """The language of cardforge's own words on the pages (``layout.messages``); empty: English."""


@dataclass(frozen=True, slots=True)
class Grid:
    """Slots of one size on a page: the block of trim boxes is centred on the page."""

    page_w: float
    page_h: float
    cols: int
    rows: int
    w: float
    h: float
    gutter: float

    @property
    def x0(self) -> float:
        return (self.page_w - (self.cols * self.w + (self.cols - 1) * self.gutter)) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - (self.rows * self.h + (self.rows - 1) * self.gutter)) / 2

    @property
    def size(self) -> int:
        return self.cols * self.rows

    def cell(self, col: int, row: int) -> tuple[float, float]:
        return self.x0 + col * (self.w + self.gutter), self.y0 + row * (self.h + self.gutter)

    def block(self) -> tuple[float, float, float, float]:
        x1, y1 = self.cell(self.cols - 1, self.rows - 1)
        return self.x0, self.y0, x1 + self.w, y1 + self.h

    def cut_lines(self) -> tuple[list[float], list[float]]:
        xs = [x for c in range(self.cols) for x in (self.cell(c, 0)[0], self.cell(c, 0)[0] + self.w)]
        ys = [y for r in range(self.rows) for y in (self.cell(0, r)[1], self.cell(0, r)[1] + self.h)]
        return xs, ys


def best_grid(sheet: SheetTemplate, w: float, h: float, gutter: float) -> Grid:
    """The orientation of ``sheet`` that holds the most ``w`` x ``h`` pieces; FitError if none fits."""
    best: Grid | None = None
    for paper in (sheet, sheet.turned()):
        _, _, pw, ph = paper.printable
        cols = int((pw + gutter + 1e-9) // (w + gutter))
        rows = int((ph + gutter + 1e-9) // (h + gutter))
        grid = Grid(paper.width_mm, paper.height_mm, cols, rows, w, h, gutter)
        if cols and rows and (best is None or grid.size > best.size):
            best = grid
    if best is None:
        _, _, pw, ph = sheet.printable
        raise FitError(f"a {w:g} x {h:g} mm piece does not fit the printable area of {sheet.name} "
                       f"({pw:g} x {ph:g} mm inside {sheet.margin_mm:g} mm margins)")
    return best


def _clip(grid: Grid, col: int, row: int, bleed: float) -> tuple[float, float, float, float] | None:
    """Where neighbours are closer than two bleeds, cut each card's bleed back to half the gap."""
    inner = min(bleed, grid.gutter / 2)
    left = bleed if col == 0 else inner
    right = bleed if col == grid.cols - 1 else inner
    top = bleed if row == 0 else inner
    bottom = bleed if row == grid.rows - 1 else inner
    if left == right == top == bottom == bleed:
        return None
    return (-left, -top, grid.w + left + right, grid.h + top + bottom)


def _slots(grid: Grid, sheet: SheetTemplate) -> list[tuple[int, int]]:
    if sheet.fill_order.value == "columns":
        return [(c, r) for c in range(grid.cols) for r in range(grid.rows)]
    return [(c, r) for r in range(grid.rows) for c in range(grid.cols)]


def _chunks(pieces: Sequence[Piece], size: int) -> list[Sequence[Piece]]:
    return [pieces[i : i + size] for i in range(0, len(pieces), size)]


def _back_position(grid: Grid, col: int, row: int, duplex: Duplex) -> tuple[int, int]:
    """The slot behind (col, row) once the sheet is turned over on the printer's flip edge."""
    if duplex is Duplex.LONG:
        # the long edge of a portrait page is vertical: flipping about it mirrors left-right
        portrait = grid.page_h >= grid.page_w
        return (grid.cols - 1 - col, row) if portrait else (col, grid.rows - 1 - row)
    if duplex is Duplex.SHORT:
        portrait = grid.page_h >= grid.page_w
        return (col, grid.rows - 1 - row) if portrait else (grid.cols - 1 - col, row)
    return col, row


def outlined(piece: Piece) -> bool:
    """Whether a piece is cut along an outline of its own (a disc, a hexagon, a box's net) rather
    than on crop marks: such pieces are spaced apart on their sheets, each with its cut guide."""
    return piece.shape is not PieceShape.RECT or bool(piece.die)


def grid_pages(pieces: Sequence[Piece], options: SheetOptions, what: str, *, round_cuts: bool = False,
               sheet: SheetTemplate | None = None) -> list[Page]:
    """Fronts in a grid, each page followed by its backs (when the pieces have backs).
    ``round_cuts`` (or pieces cut along an outline of their own) spaces them apart and draws each
    one's cut guide instead of crop marks; ``sheet`` is the paper when not the build's."""
    if not pieces:
        return []
    if sheet is not None:
        options = replace(options, sheet=sheet)
    round_cuts = round_cuts or outlined(pieces[0])
    first = pieces[0].front
    bleed = first.bleed_mm
    grid = pieces_grid(pieces[0], options, round_cuts)
    slots = _slots(grid, options.sheet)
    chunks = _chunks(pieces, grid.size)
    pages: list[Page] = []
    kind = pieces[0].kind
    for number, chunk in enumerate(chunks, 1):
        fronts: list[Placement] = []
        backs: list[Placement] = []
        for slot, piece in enumerate(chunk):
            col, row = slots[slot]
            x, y = grid.cell(col, row)
            item = ManifestItem(kind, piece.id, "front", slot, x, y, grid.w, grid.h, 0, component=piece.component,
                                outline=piece.cut_outline())
            fronts.append(Placement(piece.front, x, y, 0, _clip(grid, col, row, bleed), item))
            if piece.back is not None:
                bcol, brow = _back_position(grid, col, row, options.duplex)
                bx, by = grid.cell(bcol, brow)
                if options.duplex is not Duplex.NONE:
                    bx += options.back_offset_mm[0]
                    by += options.back_offset_mm[1]
                item = ManifestItem(kind, piece.id, "back", slot, bx, by, grid.w, grid.h, 0, component=piece.component)
                backs.append(Placement(piece.back, bx, by, 0, _clip(grid, bcol, brow, bleed), item))
        marks = _grid_marks(grid, options, bleed, round_cuts, chunk)
        pages.append(Page(grid.page_w, grid.page_h, tuple(fronts), tuple(marks), message("fronts", options.language, what=what, number=number, count=len(chunks)),
                          footer=True))
        if backs:
            pages.append(Page(grid.page_w, grid.page_h, tuple(backs), (), message("backs", options.language, what=what, number=number, count=len(chunks)),
                              footer=True))
    return pages


def pieces_grid(first: Piece, options: SheetOptions, round_cuts: bool) -> Grid:
    """The grid ``grid_pages`` lays pieces like ``first`` in (spaced apart when ``round_cuts``, or
    when they are cut along an outline of their own); FitError if one does not fit the sheet."""
    gutter = max(options.sheet.gutter_mm, TOKEN_GUTTER_MM) if round_cuts or outlined(first) else options.sheet.gutter_mm
    return best_grid(options.sheet, first.front.width_mm, first.front.height_mm, gutter)


def _grid_marks(grid: Grid, options: SheetOptions, bleed: float, round_cuts: bool, chunk: Sequence[Piece]) -> list[Item]:
    if round_cuts:
        return outline_guides(chunk, [grid.cell(c, r) for c, r in _slots(grid, options.sheet)[: len(chunk)]])
    if not options.crop_marks:
        return []
    xs, ys = grid.cut_lines()
    marks = crop_marks(xs, ys, grid.block(), (grid.page_w, grid.page_h), bleed, options.sheet.crop_marks)
    if grid.gutter == 0 and all(light_edges(piece.front) for piece in chunk):
        occupied = set(_slots(grid, options.sheet)[: len(chunk)])
        marks += junction_guides(grid, occupied)
    return marks


def outline_guides(pieces: Sequence[Piece], corners: Sequence[tuple[float, float]]) -> list[Item]:
    """The cut guide of each piece placed with its top-left corner at ``corners``: a circle for a
    disc, the outline of a hexagon, a box's cut, fold and glue lines."""
    items: list[Item] = []
    circles: list[tuple[float, float]] = []
    for piece, (x, y) in zip(pieces, corners):
        w, h = piece.front.width_mm, piece.front.height_mm
        if piece.die:
            items.append(Group(piece.die, x, y))
        elif piece.round:
            circles.append((x + w / 2, y + h / 2))
        elif piece.cut_outline():
            items += cut_outlines([piece.cut_outline()], [(x, y)])
    if circles:
        items = cut_circles(circles, pieces[0].front.width_mm / 2) + items
    return items


def light_edges(scene: Scene) -> bool:
    """Whether a face is pale where it meets its neighbours: no filled shape covers its whole trim,
    or the topmost one that does is a light colour (white cards butted together show no cut line)."""
    ground: Colour | None = None
    for item in scene.items:
        if (isinstance(item, Rect) and item.paint.fill is not None and item.x <= 1e-6 and item.y <= 1e-6
                and item.x + item.width >= scene.width_mm - 1e-6 and item.y + item.height >= scene.height_mm - 1e-6):
            ground = item.paint.fill
    if ground is None:
        return True
    r, g, b = ground.rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b > LIGHT


def junction_guides(grid: Grid, occupied: set[tuple[int, int]]) -> list[Item]:
    """Short thin arms along the shared cut lines where butted cards meet, each arm only between two
    cards: a knife or scissors finds the line between white cards, and the arms lie in the corners
    a corner cutter takes off."""
    items: list[Item] = []
    arm = GUIDE_ARM_MM
    for col in range(grid.cols + 1):
        for row in range(grid.rows + 1):
            x = grid.x0 + col * grid.w
            y = grid.y0 + row * grid.h
            # the vertical line at x between columns col-1 and col, above and below this point
            if (col - 1, row - 1) in occupied and (col, row - 1) in occupied:
                items.append(Line(x, y - arm, x, y, GUIDE, GUIDE_WIDTH_MM))
            if (col - 1, row) in occupied and (col, row) in occupied:
                items.append(Line(x, y, x, y + arm, GUIDE, GUIDE_WIDTH_MM))
            # the horizontal line at y between rows row-1 and row, left and right of this point
            if (col - 1, row - 1) in occupied and (col - 1, row) in occupied:
                items.append(Line(x - arm, y, x, y, GUIDE, GUIDE_WIDTH_MM))
            if (col, row - 1) in occupied and (col, row) in occupied:
                items.append(Line(x, y, x + arm, y, GUIDE, GUIDE_WIDTH_MM))
    return items


def gutterfold_pages(pieces: Sequence[Piece], options: SheetOptions, what: str) -> list[Page]:
    """Fronts above a horizontal fold line, backs below it turned 180 degrees: fold, glue, cut."""
    if not pieces:
        return []
    first = pieces[0].front
    w, h, bleed = first.width_mm, first.height_mm, first.bleed_mm
    sheet, cols = gutterfold_frame(pieces[0], options)
    fold = sheet.height_mm / 2
    gutter = options.sheet.gutter_mm
    x0 = (sheet.width_mm - (cols * w + (cols - 1) * gutter)) / 2
    y_front = fold - FOLD_GAP_MM - h
    y_back = fold + FOLD_GAP_MM
    inner = min(bleed, gutter / 2)
    chunks = _chunks(pieces, cols)
    pages: list[Page] = []
    for number, chunk in enumerate(chunks, 1):
        placements: list[Placement] = []
        for slot, piece in enumerate(chunk):
            x = x0 + slot * (w + gutter)
            left = bleed if slot == 0 else inner
            right = bleed if slot == cols - 1 else inner
            near_fold = min(bleed, FOLD_GAP_MM)
            placements.append(Placement(piece.front, x, y_front, 0, (-left, -bleed, w + left + right, h + bleed + near_fold),
                                        ManifestItem(piece.kind, piece.id, "front", slot, x, y_front, w, h, 0)))
            if piece.back is not None:
                # turned 180 degrees, the back's own left is on the page's right: swap the clips
                placements.append(Placement(piece.back, x, y_back, 180, (-right, -bleed, w + left + right, h + bleed + near_fold),
                                            ManifestItem(piece.kind, piece.id, "back", slot, x, y_back, w, h, 180)))
        xs = [x for s in range(cols) for x in (x0 + s * (w + gutter), x0 + s * (w + gutter) + w)]
        ys = [y_front, y_front + h, y_back, y_back + h]
        marks = crop_marks(xs, ys, (x0, y_front, xs[-1], y_back + h), (sheet.width_mm, sheet.height_mm), bleed,
                           options.sheet.crop_marks) if options.crop_marks else []
        marks.append(fold_line(sheet.margin_mm, fold, sheet.width_mm - sheet.margin_mm))
        marks.append(label(sheet.margin_mm, fold - 0.8, message("fold-here", options.language), 6.0))
        pages.append(Page(sheet.width_mm, sheet.height_mm, tuple(placements), tuple(marks),
                          message("fold-and-glue", options.language, what=what, number=number, count=len(chunks)),
                          footer=True))
    return pages


def gutterfold_frame(first: Piece, options: SheetOptions) -> tuple[SheetTemplate, int]:
    """The landscape sheet and the number of columns of a fold-and-glue page of cards like
    ``first``; FitError if one does not fit half of the sheet."""
    w, h = first.front.width_mm, first.front.height_mm
    sheet = options.sheet if options.sheet.width_mm >= options.sheet.height_mm else options.sheet.turned()
    _, _, pw, _ = sheet.printable
    gutter = options.sheet.gutter_mm
    cols = int((pw + gutter + 1e-9) // (w + gutter))
    if cols < 1 or sheet.height_mm / 2 - FOLD_GAP_MM - h < sheet.margin_mm - 1e-9:
        raise FitError(f"a {w:g} x {h:g} mm card does not fit half of a {sheet.name} sheet for fold-and-glue")
    return sheet, cols


FOOTER_ROOM_MM = 3.0
"""Kept free under tokens set below the last cards, for the page's footer."""


def tokens_under_cards(deck: list[Page], cards: Sequence[Piece], tokens: Sequence[Piece],
                       options: SheetOptions) -> list[Page] | None:
    """The deck's pages with ``tokens`` set in the free rows under the cards of its last page (and
    their other sides behind them on the backs page), instead of two nearly empty pages of their
    own; None when they do not all fit there. The last cards' crop marks then close their block,
    and the tokens start below the marks."""
    both = message("cards-and-tokens", options.language)
    cards_label = message("cards", options.language) + ":"
    if not cards or not tokens or not deck or options.sheet.fill_order.value != "rows" or not outlined(tokens[0]):
        return None  # square tokens are cut on crop marks: they get sheets of their own
    first = cards[0].front
    grid = best_grid(options.sheet, first.width_mm, first.height_mm, options.sheet.gutter_mm)
    slots = _slots(grid, options.sheet)
    count = len(cards) % grid.size or grid.size
    rows_used = max(r for _, r in slots[:count]) + 1
    if rows_used == grid.rows:
        return None
    bleed, style = first.bleed_mm, options.sheet.crop_marks
    x0, y0, x1, _ = grid.block()
    y1 = grid.cell(0, rows_used - 1)[1] + grid.h
    token = tokens[0].front
    tw, th, gutter = token.width_mm, token.height_mm, max(options.sheet.gutter_mm, TOKEN_GUTTER_MM)
    m = options.sheet.margin_mm
    top = y1 + bleed + style.offset_mm + style.length_mm + 1.0
    bottom = grid.page_h - m - FOOTER_ROOM_MM
    cols = int((grid.page_w - 2 * m + gutter + 1e-9) // (tw + gutter))
    rows = int((bottom - top + gutter + 1e-9) // (th + gutter))
    if cols < 1 or rows < 1 or cols * rows < len(tokens):
        return None
    used_cols = min(cols, len(tokens))
    tx0 = (grid.page_w - (used_cols * tw + (used_cols - 1) * gutter)) / 2
    has_backs = any(c.back is not None for c in cards)
    fronts_at = len(deck) - (2 if has_backs else 1)
    front_page = deck[fronts_at]
    fronts = list(front_page.placements)
    backs = list(deck[fronts_at + 1].placements) if has_backs else []
    corners = []
    inner = min(token.bleed_mm, gutter / 2)
    clip = None if inner >= token.bleed_mm else (-inner, -inner, tw + 2 * inner, th + 2 * inner)
    for slot, piece in enumerate(tokens):
        x = tx0 + (slot % used_cols) * (tw + gutter)
        y = top + (slot // used_cols) * (th + gutter)
        corners.append((x, y))
        number = grid.size + slot  # the slots after the cards' on the page
        fronts.append(Placement(piece.front, x, y, 0, clip, ManifestItem(piece.kind, piece.id, "front", number, x, y, tw, th,
                                                                         0, component=piece.component,
                                                                         outline=piece.cut_outline())))
        if piece.back is not None and has_backs:
            bx = grid.page_w - x - tw if options.duplex is Duplex.LONG and grid.page_h >= grid.page_w else x
            by = grid.page_h - y - th if options.duplex is Duplex.SHORT and grid.page_h >= grid.page_w else y
            if options.duplex is not Duplex.NONE:
                bx, by = bx + options.back_offset_mm[0], by + options.back_offset_mm[1]
            backs.append(Placement(piece.back, bx, by, 0, clip, ManifestItem(piece.kind, piece.id, "back", number, bx, by, tw,
                                                                             th, 0, component=piece.component)))
    marks: list[Item] = []
    if options.crop_marks:
        xs, _ = grid.cut_lines()
        ys = [y for r in range(rows_used) for y in (grid.cell(0, r)[1], grid.cell(0, r)[1] + grid.h)]
        marks += crop_marks(xs, ys, (x0, y0, x1, y1), (grid.page_w, grid.page_h), bleed, style)
        if grid.gutter == 0 and all(light_edges(c.front) for c in cards[-count:]):
            marks += junction_guides(grid, set(slots[:count]))
    marks += outline_guides(tokens, corners)
    pages = list(deck)
    pages[fronts_at] = Page(front_page.width_mm, front_page.height_mm, tuple(fronts), tuple(marks),
                            front_page.label.replace(cards_label, both + ":"), footer=True)
    if has_backs:
        back_page = deck[fronts_at + 1]
        pages[fronts_at + 1] = Page(back_page.width_mm, back_page.height_mm, tuple(backs), back_page.marks,
                                    back_page.label.replace(cards_label, both + ":"), footer=True)
    return pages


def sheetlet_page(scene: Scene, options: SheetOptions, what: str) -> Page:
    """A one-off full page (rules summary), centred on the sheet; FitError if it is too large."""
    sheetlet_fits(scene, options, what)
    sheet = options.sheet
    x = (sheet.width_mm - scene.width_mm) / 2
    y = (sheet.height_mm - scene.height_mm) / 2
    return Page(sheet.width_mm, sheet.height_mm, (Placement(scene, x, y),), (), what)


def sheetlet_fits(scene: Scene, options: SheetOptions, what: str) -> None:
    """FitError if a one-off page is larger than the printable area of the sheet."""
    sheet = options.sheet
    _, _, pw, ph = sheet.printable
    if scene.width_mm > pw + 1e-6 or scene.height_mm > ph + 1e-6:
        raise FitError(f"the {what} page ({scene.width_mm:g} x {scene.height_mm:g} mm) does not fit {sheet.name}")


def groups(pieces: Sequence[Piece]) -> list[tuple[str, list[Piece]]]:
    """The pieces by component, in order of first appearance (within one, in their own order)."""
    found: dict[str, list[Piece]] = {}
    for piece in pieces:
        found.setdefault(piece.component, []).append(piece)
    return list(found.items())


def by_size(pieces: Sequence[Piece]) -> list[list[Piece]]:
    """The pieces by the size of their front, in order of first appearance."""
    found: dict[tuple[float, float], list[Piece]] = {}
    for piece in pieces:
        found.setdefault((piece.front.width_mm, piece.front.height_mm), []).append(piece)
    return list(found.values())


def deck_pages(kit: Kit, options: SheetOptions) -> list[Page]:
    """Every deck's cards, deck after deck (each size of a deck on sheets of its own), then the
    tokens and tiles: of one size together, under the last cards when they fit there."""
    decks = groups(kit.cards)
    pages: list[Page] = []
    last: list[Piece] = []
    cards_word = message("cards", options.language)
    for name, cards in decks:
        what = f"{kit.game_id} {cards_word}" if len(decks) == 1 or not name else f"{kit.game_id} {name}"
        for same in by_size(cards):
            pages += (gutterfold_pages if options.gutterfold else grid_pages)(same, options, what)
            last = same
    merged = False
    for size in sorted({(t.front.width_mm, t.front.height_mm) for t in kit.tokens}):
        same = [t for t in kit.tokens if (t.front.width_mm, t.front.height_mm) == size]
        under = None if options.gutterfold or merged else tokens_under_cards(pages, last, same, options)
        if under is not None:
            pages, merged = under, True
            continue
        pages += grid_pages(same, options, f"{kit.game_id} {message('tokens', options.language)}",
                            round_cuts=same[0].round)
    return pages


def large_pages(kit: Kit, options: SheetOptions) -> list[Page]:
    """Boards, mats and boxes, component by component: on sheets of the paper when they fit it
    (several to a sheet when they fit so), else each on one page of the large paper, else (boards
    and mats) tiled. FitError for a box larger than both papers, or a tiled piece with a back."""
    pages: list[Page] = []
    for name, pieces in groups(kit.boards):
        first = pieces[0].front
        what = f"{kit.game_id} {name}"
        problem = large_problem(pieces, options)
        if problem is not None:
            raise FitError(problem)
        two_sided = any(piece.back is not None for piece in pieces)
        if fits(first.width_mm, first.height_mm, options.sheet):
            pages += grid_pages(pieces, options, what)
        elif pieces[0].kind is PieceKind.BOX or two_sided:  # on the large paper (large_problem: it fits)
            pages += grid_pages(pieces, options, what, sheet=options.board_sheet)
        else:
            for piece in pieces:  # each on one large page when it fits there, else tiled
                pages += board_pages(piece.front, options.sheet, options.board_sheet, options.tile_overlap_mm,
                                     kit.game_id, piece.id, piece.kind, piece.component, options.language)
    return pages


def large_problem(pieces: Sequence[Piece], options: SheetOptions) -> str | None:
    """Why a component's large pieces cannot be printed on the build's papers (None: they can be;
    a board or a mat larger than both is tiled)."""
    first = pieces[0].front
    if fits(first.width_mm, first.height_mm, options.sheet):
        return None
    large = options.board_sheet
    if large is not None and fits(first.width_mm, first.height_mm, large):
        return None
    if pieces[0].kind is PieceKind.BOX or any(piece.back is not None for piece in pieces):
        return too_large(pieces[0], options)  # a box, or a two-sided board, is never tiled
    return None


def large_page_count(kit: Kit, options: SheetOptions) -> int:
    """How many pages the kit's boards, mats and boxes take at most (a tiled board counts its
    tiles), to bound a build's work before it is planned."""
    count = 0
    for _, pieces in groups(kit.boards):
        first = pieces[0].front
        if fits(first.width_mm, first.height_mm, options.sheet) or (
                options.board_sheet is not None and fits(first.width_mm, first.height_mm, options.board_sheet)):
            count += len(pieces)
        else:
            count += len(pieces) * tile_count(first.width_mm, first.height_mm, options.board_sheet or options.sheet,
                                              options.tile_overlap_mm)
    return count


def too_large(piece: Piece, options: SheetOptions) -> str:
    """Why a box, or a board with a back, cannot be printed on the build's papers."""
    w, h = piece.front.width_mm, piece.front.height_mm
    papers = options.sheet.name + (f" or {options.board_sheet.name}" if options.board_sheet is not None else "")
    if piece.kind is PieceKind.BOX:
        return (f"the {piece.component} box's net ({w:.1f} x {h:.1f} mm) is larger than {papers} (inside the margins), "
                "and a box cannot be tiled: print it with --board-paper a3 (or a larger sheet)")
    return (f"{piece.component} ({w:g} x {h:g} mm) is larger than {papers} and has a back: a tiled piece is printed "
            "on one side only, so print it on --board-paper large enough for it, or give its template no back")


def size_problems(kit: Kit, options: SheetOptions) -> list[tuple[str, str]]:
    """Every component whose pieces cannot be laid on the build's papers, with why (empty when the
    whole kit fits): the build's findings, one per component, before any page is planned."""
    problems: list[tuple[str, str]] = []
    for name, pieces in groups(kit.cards):
        first = pieces[0].front
        try:
            if options.gutterfold:
                gutterfold_pages(pieces[:1], options, "check")
            else:
                best_grid(options.sheet, first.width_mm, first.height_mm, options.sheet.gutter_mm)
        except FitError as exc:
            problems.append((name, str(exc)))
    for name, pieces in groups(kit.tokens):
        first = pieces[0].front
        gutter = max(options.sheet.gutter_mm, TOKEN_GUTTER_MM) if outlined(pieces[0]) else options.sheet.gutter_mm
        try:
            best_grid(options.sheet, first.width_mm, first.height_mm, gutter)
        except FitError as exc:
            problems.append((name, str(exc)))
    for name, pieces in groups(kit.boards):
        problem = large_problem(pieces, options)
        if problem is not None:
            problems.append((name, problem))
    return problems


def plan_document(kit: Kit, options: SheetOptions, title: str) -> Document:
    """Every page of one game's kit, in printing order: each deck's cards, tokens and tiles (for
    every copy), boards, mats and boxes, one-off pages."""
    if options.copies < 1:
        raise ValueError("copies must be at least 1")
    if kit.language and not options.language:
        options = replace(options, language=kit.language)
    # Each copy of the deck starts on a fresh page, so the pages of every copy are identical and
    # the PDF stores them once: copies cost a few bytes a page, not a page of drawings.
    pages: list[Page] = deck_pages(kit, options) * options.copies
    pages += large_pages(kit, options)
    for sheetlet in kit.pages:
        pages.append(sheetlet_page(sheetlet.scene, options, f"{kit.game_id} {sheetlet.id}"))
    pages = [_with_corners(page, corner_radii(kit)) for page in pages]
    if options.registration_marks:
        pages = [with_registration(page) if any(p.item is not None and p.item.side == "front" for p in page.placements)
                 else page for page in pages]
    measurer = options.measurer or ESTIMATE
    pages = [add_footer(page, [page.label if page.footer else "", options.stamp], measurer) for page in pages]
    return Document(title, tuple(pages))


def check_plan(kit: Kit, options: SheetOptions) -> None:
    """Raise the FitError ``plan_document`` would raise for ``kit`` (the first it meets, in the same
    order), without laying out a page: what a check that prints nothing needs (``validate``).

    Every page ``plan_document`` makes comes from a grid, a fold-and-glue frame, a large piece's
    paper or a one-off page; each is asked here exactly as there. Tokens set under the last cards
    need no check of their own: they fit there only where their own grid fits the sheet."""
    if options.copies < 1:
        raise ValueError("copies must be at least 1")
    for _, cards in groups(kit.cards):
        for same in by_size(cards):
            if options.gutterfold:
                gutterfold_frame(same[0], options)
            else:
                pieces_grid(same[0], options, False)
    for size in sorted({(t.front.width_mm, t.front.height_mm) for t in kit.tokens}):
        token = next(t for t in kit.tokens if (t.front.width_mm, t.front.height_mm) == size)
        pieces_grid(token, options, token.round)
    for _, pieces in groups(kit.boards):
        problem = large_problem(pieces, options)
        if problem is not None:
            raise FitError(problem)
        front = pieces[0].front
        if fits(front.width_mm, front.height_mm, options.sheet):
            pieces_grid(pieces[0], options, False)
        elif pieces[0].kind is PieceKind.BOX or any(piece.back is not None for piece in pieces):
            large = options if options.board_sheet is None else replace(options, sheet=options.board_sheet)
            pieces_grid(pieces[0], large, False)
    for sheetlet in kit.pages:
        sheetlet_fits(sheetlet.scene, options, f"{kit.game_id} {sheetlet.id}")


def corner_radii(kit: Kit) -> dict[str, float]:
    """Each piece's corner radius by id (cards: their deck's; round tokens: half their width;
    hexagons, boxes, board tiles and square tokens: none)."""
    decks = dict(kit.corner_radii)
    radii = {piece.id: decks.get(piece.component, kit.corner_radius_mm) for piece in kit.cards}
    radii.update({piece.id: piece.front.width_mm / 2 if piece.round else 0.0 for piece in (*kit.tokens, *kit.boards)})
    return radii


def _with_corners(page: Page, radii: dict[str, float]) -> Page:
    """The page's manifest items with their pieces' corner radius (``corner_radii``)."""
    placements = []
    for placement in page.placements:
        item = placement.item
        if item is not None:
            radius = radii.get(item.card, 0.0) if item.kind in (PieceKind.CARD, PieceKind.TOKEN, PieceKind.TILE) else 0.0
            placement = replace(placement, item=replace(item, corner_radius_mm=radius))
        placements.append(placement)
    return replace(page, placements=tuple(placements))




def alignment_document(options: SheetOptions) -> Document:
    """A duplex test: print both pages on one sheet, hold it to the light, and read on the back's
    rulers where the front's crosses fall; that is the ``--back-offset`` to enter (x, y in mm)."""
    sheet = options.sheet
    w, h = sheet.width_mm, sheet.height_mm
    m = sheet.margin_mm + 12
    points = [(m, m), (w - m, m), (w / 2, h / 2), (m, h - m), (w - m, h - m)]
    front: list[Item] = [Text(w / 2, sheet.margin_mm + 6, "Duplex alignment: front", "sans-bold", 12, BLACK, Anchor.MIDDLE)]
    for x, y in points:
        front += [Line(x - 6, y, x + 6, y, BLACK, 0.2), Line(x, y - 6, x, y + 6, BLACK, 0.2)]
    front.append(Text(w / 2, h / 2 + 20, "Print both pages double-sided at actual size (100 %), flipping on the "
                      f"{options.duplex.value} edge.", "sans", 8, BLACK, Anchor.MIDDLE))
    front.append(Text(w / 2, h / 2 + 25, "Hold the sheet to the light: on the back, read where each cross falls on the rulers.",
                      "sans", 8, BLACK, Anchor.MIDDLE))
    back: list[Item] = [Text(w / 2, sheet.margin_mm + 6, "Duplex alignment: back", "sans-bold", 12, BLACK, Anchor.MIDDLE)]
    for x, y in points:
        # where the front's cross lands on this side once the sheet is turned over
        bx, by = (w - x, y) if options.duplex is Duplex.LONG else (x, h - y) if options.duplex is Duplex.SHORT else (x, y)
        back += _ruler(bx, by)
    back.append(Text(w / 2, h / 2 + 20, "Enter the offset you read (right and down are positive): "
                     "cardforge build --back-offset X,Y", "sans", 8, BLACK, Anchor.MIDDLE))
    return Document("duplex alignment test", (
        Page(w, h, (), tuple(front), "alignment front"),
        Page(w, h, (), tuple(back), "alignment back"),
    ))


def _ruler(x: float, y: float, reach: int = 5) -> list[Item]:
    """Two rulers crossing at (x, y), a tick every millimetre, numbered every 2 mm: the number under
    the front's cross is the offset to enter (a back printed 1 mm too far right shows the cross at -1)."""
    items: list[Item] = [Line(x - reach, y, x + reach, y, GREY_RULER, 0.15), Line(x, y - reach, x, y + reach, GREY_RULER, 0.15)]
    for i in range(-reach, reach + 1):
        tick = 1.6 if i % 5 == 0 else 0.9
        items += [Line(x + i, y - tick / 2, x + i, y + tick / 2, GREY_RULER, 0.1),
                  Line(x - tick / 2, y + i, x + tick / 2, y + i, GREY_RULER, 0.1)]
        if i and i % 2 == 0:
            items.append(Text(x + i, y + 3.2, str(i), "sans", 3.5, GREY_RULER, Anchor.MIDDLE))
            items.append(Text(x + 2.6, y + i + 0.5, str(i), "sans", 3.5, GREY_RULER, Anchor.START))
    return items
