"""The sheet planner's geometry: page sizes, slots inside the printable area, no overlaps, backs
behind their fronts for each flip edge, crop marks outside the cards, gutterfold, board tiles."""

from __future__ import annotations

from dataclasses import replace

import pytest

from generator.layout.kit import Kit, Piece, PieceKind
from generator.layout.page import Placement
from generator.layout.scene import Line, Paint, Rect, Scene
from generator.layout.sheets import (
    Duplex,
    FitError,
    SheetOptions,
    best_grid,
    plan_document,
)
from generator.model.templates import MIN_PRINTABLE_MARGIN_MM, SheetTemplate
from generator.model.common import Colour
from generator.app.catalog import GAMES

A4 = SheetTemplate("a4", 210, 297)
LETTER = SheetTemplate("letter", 215.9, 279.4)
A2 = SheetTemplate("a2", 420, 594, large=True)
W, H, BLEED = 63.5, 88.9, 3.0


def card_kit(count: int, *, w: float = W, h: float = H, board: Scene | None = None) -> Kit:
    """``count`` cards (five distinct fronts, one back), and ``board`` as the kit's board."""
    fill = Paint(Colour("#cc0000"))
    back = Scene("back", w, h, BLEED, (Rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill),))
    cards = tuple(
        Piece(f"c{i}", PieceKind.CARD, Scene(f"front{i % 5}", w, h, BLEED, (Rect(0, 0, w, h, fill),)), back)
        for i in range(count)
    )
    boards = (Piece("board", PieceKind.BOARD, board, None, component="board"),) if board is not None else ()
    return Kit("test", cards, (), boards)


def trim(p: Placement) -> tuple[float, float, float, float]:
    assert p.item is not None
    return p.item.x_mm, p.item.y_mm, p.item.width_mm, p.item.height_mm


def overlaps(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[0] + b[2] - 1e-6 and b[0] < a[0] + a[2] - 1e-6 and a[1] < b[1] + b[3] - 1e-6 and b[1] < a[1] + a[3] - 1e-6


@pytest.mark.parametrize("sheet", [A4, LETTER], ids=["a4", "letter"])
def test_nine_poker_cards_fit_a4_and_letter(sheet: SheetTemplate) -> None:
    grid = best_grid(sheet, W, H, 0)
    assert (grid.cols, grid.rows) == (3, 3)
    assert (grid.page_w, grid.page_h) == (sheet.width_mm, sheet.height_mm)


@pytest.mark.parametrize("sheet", [A4, LETTER], ids=["a4", "letter"])
@pytest.mark.parametrize("duplex", list(Duplex))
def test_fronts_inside_printable_area_without_overlap(sheet: SheetTemplate, duplex: Duplex) -> None:
    document = plan_document(card_kit(20), SheetOptions(sheet, duplex), "t")
    fronts = [p for page in document.pages for p in page.placements if p.item and p.item.side == "front"]
    assert len(fronts) == 20
    for page in document.pages:
        assert (page.width_mm, page.height_mm) == (sheet.width_mm, sheet.height_mm)
        boxes = [trim(p) for p in page.placements]
        for x, y, w, h in boxes:
            assert abs(w - W) <= 0.05 and abs(h - H) <= 0.05
            assert x >= sheet.margin_mm - 1e-6 and y >= sheet.margin_mm - 1e-6
            assert x + w <= sheet.width_mm - sheet.margin_mm + 1e-6 and y + h <= sheet.height_mm - sheet.margin_mm + 1e-6
        assert not any(overlaps(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1 :])


def _pairs(document):  # type: ignore[no-untyped-def]
    pages = document.pages
    for fronts, backs in zip(pages[0::2], pages[1::2]):
        by_slot = {p.item.slot: p for p in backs.placements}
        for front in fronts.placements:
            yield fronts, front, by_slot[front.item.slot]


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
def test_long_edge_backs_mirror_left_right(offset: tuple[float, float]) -> None:
    document = plan_document(card_kit(12), SheetOptions(A4, Duplex.LONG, offset), "t")
    assert [p.label.split()[-2] for p in document.pages] == ["fronts", "backs", "fronts", "backs"]
    for page, front, back in _pairs(document):
        fx, fy, fw, _ = trim(front)
        bx, by, _, _ = trim(back)
        assert back.item.card == front.item.card and back.item.side == "back"
        assert bx == pytest.approx(page.width_mm - fx - fw + offset[0])
        assert by == pytest.approx(fy + offset[1])


def test_short_edge_backs_mirror_top_bottom() -> None:
    document = plan_document(card_kit(9), SheetOptions(A4, Duplex.SHORT), "t")
    for page, front, back in _pairs(document):
        fx, fy, _, fh = trim(front)
        bx, by, _, _ = trim(back)
        assert bx == pytest.approx(fx) and by == pytest.approx(page.height_mm - fy - fh)


def test_no_duplex_puts_backs_in_the_same_places_without_offset() -> None:
    document = plan_document(card_kit(9), SheetOptions(A4, Duplex.NONE, (2.0, 2.0)), "t")
    for _, front, back in _pairs(document):
        assert trim(front) == trim(back)


def _segments(page):  # type: ignore[no-untyped-def]
    return [m for m in page.marks if isinstance(m, Line)]


def test_crop_marks_lie_outside_every_card_and_inside_the_printable_strip() -> None:
    for sheet in (A4, LETTER):
        document = plan_document(card_kit(9), SheetOptions(sheet, Duplex.LONG), "t")
        page = document.pages[0]
        marks = _segments(page)
        # A4 has room above and below the 9-up block; Letter leaves exactly 6.35 mm there, all of it
        # needed by the printer's unprintable strip and the mark offset, so marks go left and right only
        assert len(marks) >= (12 if sheet is A4 else 6)
        for mark in marks:
            for placement in page.placements:
                x, y, w, h = trim(placement)
                # a mark is a segment along x or y: it must not enter any trim box
                box = (min(mark.x1, mark.x2), min(mark.y1, mark.y2), abs(mark.x2 - mark.x1) + 1e-9, abs(mark.y2 - mark.y1) + 1e-9)
                assert not overlaps(box, (x, y, w, h))
            for v in (mark.x1, mark.x2):
                assert MIN_PRINTABLE_MARGIN_MM - 1e-6 <= v <= sheet.width_mm - MIN_PRINTABLE_MARGIN_MM + 1e-6
            for v in (mark.y1, mark.y2):
                assert MIN_PRINTABLE_MARGIN_MM - 1e-6 <= v <= sheet.height_mm - MIN_PRINTABLE_MARGIN_MM + 1e-6


def test_no_crop_marks_when_turned_off() -> None:
    document = plan_document(card_kit(9), SheetOptions(A4, Duplex.LONG, crop_marks=False), "t")
    assert _segments(document.pages[0]) == []


def test_butting_cards_keep_bleed_only_around_the_block() -> None:
    document = plan_document(card_kit(9), SheetOptions(A4, Duplex.NONE), "t")
    page = document.pages[0]
    centre = next(p for p in page.placements if p.item.slot == 4)
    assert centre.clip_mm == (0.0, 0.0, W, H)
    corner = next(p for p in page.placements if p.item.slot == 0)
    assert corner.clip_mm == (-BLEED, -BLEED, W + BLEED, H + BLEED)


def test_gutterfold_backs_are_turned_and_mirrored_across_the_fold() -> None:
    document = plan_document(card_kit(6), SheetOptions(A4, gutterfold=True), "t")
    page = document.pages[0]
    assert page.width_mm > page.height_mm
    fold = page.height_mm / 2
    fronts = {p.item.slot: p for p in page.placements if p.item.side == "front"}
    backs = {p.item.slot: p for p in page.placements if p.item.side == "back"}
    assert len(fronts) == 4 and set(fronts) == set(backs)
    for slot, front in fronts.items():
        fx, fy, fw, fh = trim(front)
        bx, by, _, _ = trim(backs[slot])
        assert backs[slot].rotation_deg == 180 and backs[slot].item.rotation == 180
        assert bx == pytest.approx(fx)
        assert by == pytest.approx(2 * fold - fy - fh)
        assert fy + fh <= fold <= by


def test_copies_repeat_the_deck() -> None:
    document = plan_document(card_kit(5), SheetOptions(A4, copies=3), "t")
    fronts = [p for page in document.pages for p in page.placements if p.item.side == "front"]
    assert len(fronts) == 15


def test_a_card_too_large_for_the_sheet_is_refused() -> None:
    with pytest.raises(FitError, match="does not fit"):
        plan_document(card_kit(1, w=300, h=300), SheetOptions(A4), "t")


def test_board_on_a_large_page_and_tiled() -> None:
    board = Scene("board", 390, 390, 0, (Rect(0, 0, 390, 390, Paint(Colour("#00ff00"))),))
    kit = card_kit(1, board=board)
    large = plan_document(kit, SheetOptions(A4, board_sheet=A2), "t")
    (board_page,) = [p for p in large.pages if any(pl.item and pl.item.kind.value == "board" for pl in p.placements)]
    assert (board_page.width_mm, board_page.height_mm) == (420, 594)
    tiled = plan_document(kit, SheetOptions(A4), "t")
    tiles = [pl for p in tiled.pages for pl in p.placements if pl.item and pl.item.kind.value == "board"]
    assert len(tiles) >= 4
    assert tiled.pages[-1].label.endswith("assembly map")
    xs = sorted({pl.clip_mm[0] for pl in tiles})
    ys = sorted({pl.clip_mm[1] for pl in tiles})
    width = tiles[0].clip_mm[2]
    height = tiles[0].clip_mm[3]
    assert xs[0] == 0 and xs[-1] + width == pytest.approx(390)
    assert ys[0] == 0 and ys[-1] + height == pytest.approx(390)
    for a, b in zip(xs, xs[1:]):
        assert a + width - b >= 10 - 1e-6
    for a, b in zip(ys, ys[1:]):
        assert a + height - b >= 10 - 1e-6
    for tile in tiles:
        x, y, w, h = trim(tile)
        assert x >= A4.margin_mm - 1e-6 and y >= A4.margin_mm - 1e-6
        assert any(isinstance(m, Line) for m in next(p for p in tiled.pages if tile in p.placements).marks)


@pytest.fixture(scope="module")
def real_kits() -> list[Kit]:
    """The kits of every shipped game and of the example kit (Lantern Harbour: cards of two
    sizes, round and hexagonal tokens, a board, a box)."""
    from generator.app.build import BuildOptions, check_build, load_toolkit
    from generator.loader import load_project
    from generator.files.paths import shipped_root

    kits: list[Kit] = []
    for root in (shipped_root(), shipped_root() / "examples" / "lanterns"):
        project = load_project(root, GAMES)
        checked = check_build(project, list(project.games), BuildOptions(all_packs=True), load_toolkit(project))
        kits += [kit for _, kit in checked.kits]
    return kits


def _fit_error(make) -> str | None:  # type: ignore[no-untyped-def]
    try:
        make()
    except FitError as exc:
        return str(exc)
    return None


SMALL_SHEETS = (A4, LETTER, A2, SheetTemplate("a6", 105, 148), SheetTemplate("a7", 74, 105),
                SheetTemplate("strip", 300, 80), SheetTemplate("a4-gutter", 210, 297, gutter_mm=25.0),
                SheetTemplate("a4-margins", 210, 297, margin_mm=40.0))


def test_check_plan_raises_exactly_what_planning_the_pages_raises(real_kits: list[Kit]) -> None:
    """validate checks the sheets without planning them (check_plan): for every kit, paper, large
    paper and fold-and-glue, it refuses what plan_document refuses, with the same message."""
    from generator.layout.sheets import check_plan

    errors: set[str] = set()
    compared = 0
    for kit in real_kits:
        for sheet in SMALL_SHEETS:
            for board_sheet in (None, A2, SheetTemplate("a5", 148, 210, large=True)):
                for gutterfold in (False, True):
                    options = SheetOptions(sheet, board_sheet=board_sheet, gutterfold=gutterfold)
                    planned = _fit_error(lambda: plan_document(kit, options, "t"))
                    assert _fit_error(lambda: check_plan(kit, options)) == planned, (kit.game_id, options)
                    compared += 1
                    if planned is not None:
                        errors.add(planned.split(" ")[1] if planned.startswith("the ") else planned[:12])
    assert compared > 100 and len(errors) >= 3  # cards, pages, boxes and boards refused, and kits that fit
