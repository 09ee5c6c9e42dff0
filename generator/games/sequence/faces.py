"""Sequence faces: playing cards with standard corner indices and pips, jacks marked one-eyed
(remove) or two-eyed (wild); the back; the 10x10 board as one scene; the chips."""

from __future__ import annotations

from generator.layout.components import component_context, mm_size
from generator.layout.faces import FaceContext, FaceTools, tint
from generator.layout.kit import FaceSettings, FitProblem, Kit, Piece, PieceKind
from generator.layout.scene import (
    BLACK,
    WHITE,
    Anchor,
    Group,
    Item,
    Line,
    Paint,
    Rect,
    Scene,
    Text,
)
from generator.layout.symbols import eye, symbol
from generator.model.templates import FaceRegion
from generator.layout.textfit import Box
from generator.model.common import Colour, Symbol
from generator.model.components import Component, ComponentKind, PieceShape

from .model import FREE_CELL, KIND, JackKind, SequenceDefinition

FIELDS = ("rank", "suit_symbol", "rank_art", "jack_power")
"""Front fields the game draws itself."""
BACK_FIELDS = ("lattice",)
VALUES = ("id", "code", "rank", "suit", "colour", "jack", "name", "title")
"""Card fields a template may show as text or use in ``{placeholders}``."""
BACK_RED = Colour("#8e1b22")
BOARD_CELL_MM = 38.0
BOARD_BORDER_MM = 5.0
CHIP_DIAMETER_MM = 24.0
CHIP_BLEED_MM = 1.0
FREE_COLOUR = Colour("#333333")
FREE_WORD = "FREE"
"""What a free corner of the board says (a translation's ``words`` gives it in another language)."""
DECK = Component("deck", ComponentKind.DECK)
CHIPS = Component("chips", ComponentKind.TOKEN, mm_size(CHIP_DIAMETER_MM, CHIP_DIAMETER_MM), PieceShape.ROUND,
                  CHIP_BLEED_MM)
"""Every team's chips: round tokens printed on one side."""

PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0.15, 0), (0.85, 0), (0.15, 1), (0.85, 1)],
    5: [(0.15, 0), (0.85, 0), (0.5, 0.5), (0.15, 1), (0.85, 1)],
    6: [(0.15, 0), (0.85, 0), (0.15, 0.5), (0.85, 0.5), (0.15, 1), (0.85, 1)],
    7: [(0.15, 0), (0.85, 0), (0.5, 0.25), (0.15, 0.5), (0.85, 0.5), (0.15, 1), (0.85, 1)],
    8: [(0.15, 0), (0.85, 0), (0.5, 0.25), (0.15, 0.5), (0.85, 0.5), (0.5, 0.75), (0.15, 1), (0.85, 1)],
    9: [(0.15, 0), (0.85, 0), (0.15, 1 / 3), (0.85, 1 / 3), (0.5, 0.5), (0.15, 2 / 3), (0.85, 2 / 3), (0.15, 1), (0.85, 1)],
    10: [(0.15, 0), (0.85, 0), (0.5, 1 / 6), (0.15, 1 / 3), (0.85, 1 / 3), (0.15, 2 / 3), (0.85, 2 / 3),
         (0.5, 5 / 6), (0.15, 1), (0.85, 1)],
}
JACK_WORDS = {
    JackKind.TWO_EYED: "TWO-EYED JACK: WILD. Place a chip on any open space.",
    JackKind.ONE_EYED: "ONE-EYED JACK: REMOVE an opponent's chip (not from a sequence).",
}


def _pip_count(rank: str) -> int | None:
    return 10 if rank == "T" else int(rank) if rank.isdigit() else None


def front(ctx: FaceContext, game: SequenceDefinition, code: str) -> Scene:
    rank, suit_code = code[0], code[1]
    suit = next(s for s in game.suits if s.code == suit_code)
    label = next(r.label for r in game.ranks if r.code == rank)
    colour = suit.colour
    jack = game.jack_kind(code)
    items: list[Item] = [*ctx.background(WHITE)]

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        if region.field == "rank":
            return ctx.text(code, region, label, colour, wrap=False)
        if region.field == "suit_symbol":
            return [symbol(suit.symbol, cx, cy, min(box.width, box.height), Paint(colour))]
        if region.field == "jack_power":
            return ctx.text(code, region, JACK_WORDS[jack], colour) if jack else []
        if region.field == "rank_art":
            return _art(ctx, region, box, rank, label, suit.symbol, colour, jack, code)
        return None

    values = {**game_values(game), "id": code, "code": code, "rank": label, "suit": suit.name, "colour": colour.hex,
              "jack": jack.value.replace("_", "-") if jack else ""}
    items += ctx.regions(fill, values, piece_id=code, colour=colour)
    return Scene(f"{game.info.id}:front:{code}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


def _art(ctx: FaceContext, region: FaceRegion, box: Box, rank: str, label: str, suit: Symbol,
         colour: Colour, jack: JackKind | None, code: str) -> list[Item]:
    cx, cy = box.x + box.width / 2, box.y + box.height / 2
    pips = _pip_count(rank)
    if pips is not None:
        size = min(box.width * 0.3, box.height / 5.2)
        items: list[Item] = []
        for fx, fy in PIPS[pips]:
            px = box.x + size / 2 + fx * (box.width - size)
            py = box.y + size / 2 + fy * (box.height - size)
            shape = symbol(suit, 0, 0, size, Paint(colour))
            items.append(Group((shape,), px, py, 180 if fy > 0.5 else 0))
        return items
    if rank == "A":
        return [symbol(suit, cx, cy, min(box.width, box.height) * 0.75, Paint(colour))]
    frame = Rect(box.x, box.y, box.width, box.height, Paint(tint(colour, 0.9) if not ctx.settings.ink_saver else None, colour, 0.5), 2)
    items = [frame, symbol(suit, cx, box.y + box.height * 0.72, box.width * 0.45, Paint(colour))]
    letter_size = box.height * 0.42 * 72 / 25.4
    items.append(Text(cx, box.y + box.height * 0.45, label, "serif-bold", letter_size, colour, Anchor.MIDDLE))
    if jack is not None:
        eyes = 2 if jack is JackKind.TWO_EYED else 1
        spacing = box.width * 0.3
        for i in range(eyes):
            ex = cx + (i - (eyes - 1) / 2) * spacing
            almond, pupil = eye(ex, box.y + box.height * 0.1, box.width * 0.24, Paint(WHITE, colour, 0.4), Paint(colour))
            items += [almond, pupil]
    return items


def game_values(game: SequenceDefinition) -> dict[str, str]:
    """What every face of the game may show."""
    return {"name": game.info.name, "title": game.info.printed_title}


def back(ctx: FaceContext, game: SequenceDefinition) -> Scene:
    """The back, from the template's ``back`` side, else drawn as the game's own (red, a lattice
    of fine lines, the title on a plate)."""
    key = f"{game.info.id}:back"
    w, h, s = ctx.w, ctx.h, ctx.scale
    line = BACK_RED if ctx.settings.ink_saver else WHITE

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        if region.field != "lattice":
            return None
        step = 8.0 * s
        faint = tint(BACK_RED, 0.25) if not ctx.settings.ink_saver else tint(BACK_RED, 0.7)
        b = ctx.settings.bleed_mm
        lines: list[Item] = []
        for i in range(-int(h // step) - 2, int(w // step) + 3):
            x = i * step
            lines.append(Line(x, -b, x + h + b, h + b, faint, 0.3))
            lines.append(Line(x + h, -b, x - b, h + b, faint, 0.3))
        return lines

    if ctx.template.back is not None:
        items = ctx.regions(fill, game_values(game), piece_id="back", side=ctx.template.back, colour=WHITE)
        return Scene(key, w, h, ctx.settings.bleed_mm, tuple(items))
    drawn: list[Item] = [*ctx.background(BACK_RED), *(fill(FaceRegion("lattice", 0, 0, w, h, "lattice"), Box(0, 0, w, h)) or [])]
    plate = Paint(WHITE if ctx.settings.ink_saver else BACK_RED, line, 0.6)
    drawn.append(Rect(w * 0.12, h * 0.42, w * 0.76, h * 0.16, plate, 2))
    drawn.append(Text(w / 2, h * 0.52, game.info.printed_title.upper(), "serif-bold", 15 * s, line, Anchor.MIDDLE))
    return Scene(key, w, h, ctx.settings.bleed_mm, tuple(drawn))


def board_component(game: SequenceDefinition) -> Component:
    """The board: its cells and a border (about 39 cm square), printed as any board is."""
    return Component("board", ComponentKind.BOARD, mm_size(game.board.columns * BOARD_CELL_MM + 2 * BOARD_BORDER_MM,
                                                           game.board.rows * BOARD_CELL_MM + 2 * BOARD_BORDER_MM))


def board(game: SequenceDefinition, settings: FaceSettings) -> Scene:
    """The whole board: cells with their card, free corners, a border (about 39 cm square)."""
    cell, border = BOARD_CELL_MM, BOARD_BORDER_MM
    free = dict(game.info.words).get(FREE_WORD, FREE_WORD)  # the corners' word in the deck's language
    size = board_component(game).size
    width, height = size.width_mm, size.height_mm
    frame = Paint(None, BLACK, 0.5) if settings.ink_saver else Paint(Colour("#1f4d3a"))
    items: list[Item] = [Rect(0, 0, width, height, frame)]
    suits = {s.code: s for s in game.suits}
    labels = {r.code: r.label for r in game.ranks}
    for r, row in enumerate(game.board.cells):
        for c, space in enumerate(row):
            x, y = border + c * cell, border + r * cell
            items.append(Rect(x + 0.6, y + 0.6, cell - 1.2, cell - 1.2, Paint(WHITE, Colour("#8c8c8c"), 0.3), 2.5))
            cx = x + cell / 2
            if space.code == FREE_CELL:
                items.append(symbol(Symbol.STAR, cx, y + cell * 0.42, cell * 0.5, Paint(FREE_COLOUR)))
                items.append(Text(cx, y + cell * 0.86, free, "sans-bold", 11, FREE_COLOUR, Anchor.MIDDLE))
                continue
            suit = suits.get(space.code[1])
            if suit is None:
                continue
            items.append(Text(cx, y + cell * 0.4, labels.get(space.code[0], space.code[0]), "sans-bold", 30, suit.colour, Anchor.MIDDLE))
            items.append(symbol(suit.symbol, cx, y + cell * 0.66, cell * 0.34, Paint(suit.colour)))
    return Scene(f"{game.info.id}:board", width, height, 0.0, tuple(items))


CHIP_MARKS = (Symbol.CIRCLE, Symbol.TRIANGLE, Symbol.CROSS, Symbol.STAR, Symbol.SQUARE)


CHIP_TEMPLATE = "sequence-chip"
CHIP_FIELDS = ("chip_mark",)


def chips(game: SequenceDefinition, tools: FaceTools, problems: list[FitProblem]) -> list[Piece]:
    """Every chip of the box as a round token, from the ``sequence-chip`` template: its team colour
    (``{colour}``) plus a distinct mark per colour (the game's ``chip_mark``)."""
    ctx = component_context(tools, CHIPS, CHIP_TEMPLATE)
    pieces: list[Piece] = []
    for index, chip in enumerate(game.chips):
        mark = CHIP_MARKS[index % len(CHIP_MARKS)]

        def fill(region: FaceRegion, box: Box) -> list[Item] | None:
            if region.field != "chip_mark":
                return None
            sign = Paint(chip.colour) if ctx.settings.ink_saver else Paint(WHITE)
            return [symbol(mark, box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height), sign)]

        values = {**game_values(game), "colour": chip.colour.hex, "chip": chip.key}
        items = ctx.regions(fill, values, piece_id=f"chip {chip.key}", colour=WHITE)
        scene = Scene(f"{game.info.id}:chip:{chip.key}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))
        pieces += [Piece(f"chip-{chip.key}-{i + 1}", PieceKind.TOKEN, scene, None, PieceShape.ROUND, CHIPS.name)
                   for i in range(chip.count)]
    problems += ctx.problems
    return pieces


def build(game: SequenceDefinition, tools: FaceTools) -> Kit:
    ctx = tools.context(KIND)
    card_back = back(ctx, game)
    fronts: dict[str, Scene] = {}
    pieces = []
    for card in game.cards():
        if card.code not in fronts:
            fronts[card.code] = front(ctx, game, card.code)
        pieces.append(Piece(card.id, PieceKind.CARD, fronts[card.code], card_back, component=DECK.name))
    problems = ctx.problems
    tokens = tuple(chips(game, tools, problems))
    board_piece = Piece("board", PieceKind.BOARD, board(game, ctx.settings), None, component="board")
    return Kit(game.info.id, tuple(pieces), tokens, (board_piece,), (), tuple(problems),
               components=(DECK, CHIPS, board_component(game)))
