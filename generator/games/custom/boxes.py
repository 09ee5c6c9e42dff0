"""A designer's tuck box drawn: the net sized from the deck it holds (``layout.tuckbox``), its
front and back panels from the box's face template (or plainly, with the game's title, when it
names none), the title up both sides and on the lid, the cut, fold and glue lines over it."""

from __future__ import annotations

from dataclasses import replace

from generator.layout.components import PieceSize
from generator.layout.faces import FaceTools
from generator.layout.kit import FitProblem, Piece, PieceKind
from generator.layout.scene import PT_PER_MM, Anchor, Item, Rect, Paint, Text, TextMeasurer
from generator.layout.tuckbox import box_scene, die_lines, ink_on, tuck_box
from generator.model.common import Colour
from generator.model.components import PieceShape

from .model import CustomComponent, CustomDefinition

PLAIN_GROUND = Colour("#283044")
"""The ground of a box whose component names no face template."""
TITLE_FONT = "serif-bold"
MIN_TITLE_PT = 6.0
BOX_FIELDS = ("id", "count", "name", "title", "deck.name", "deck.title", "deck", "cards")
"""What a box's face template may show: the game's name and title, the deck it holds and how
many cards."""


def box_values(game: CustomDefinition, component: CustomComponent, cards: int) -> dict[str, str]:
    """The fields a box's face template is given (``BOX_FIELDS``)."""
    row = component.rows[0]
    box = component.spec.box
    return {"id": row.id, "count": str(row.count), "name": game.info.name, "title": game.info.printed_title,
            "deck.name": game.info.name, "deck.title": game.info.printed_title,
            "deck": box.deck if box is not None else "", "cards": str(cards)}


def box_piece(game: CustomDefinition, component: CustomComponent, tools: FaceTools, held: PieceSize,
              problems: list[FitProblem]) -> Piece:
    """The box's net as one piece (see the module docstring)."""
    spec = component.spec.box
    assert spec is not None
    cards = spec.cards or game.component(spec.deck).count
    box = tuck_box(held.width_mm, held.height_mm, cards, spec.thickness_mm, spec.tolerance_mm)
    bleed = tools.settings.bleed_mm if component.spec.bleed_mm is None or tools.shop_bleed else component.spec.bleed_mm
    fields = box_values(game, component, cards)
    row = component.rows[0]
    title = game.info.printed_title.upper()
    if component.template:
        panel = replace(tools.settings, card_width_mm=box.width_mm, card_height_mm=box.height_mm, bleed_mm=0.0,
                        corner_radius_mm=0.0)
        ctx = tools.with_settings(panel).context(component.template)
        ground = ctx.ground(ctx.template.regions, fields) or Colour("#ffffff")
        front = tuple(ctx.regions(None, fields, piece_id=row.id, side=ctx.template.regions, colour=ink_on(ground)))
        back = front if ctx.template.back is None else tuple(
            ctx.regions(None, fields, piece_id=row.id, side=ctx.template.back, colour=ink_on(ground)))
        problems += [*ctx.problems, *ctx.unmatched()]
    else:
        ground = PLAIN_GROUND
        front = back = tuple(_plain_panel(tools.measurer, title, box.width_mm, box.height_mm, ground))
    ink = ink_on(ground)
    spine = _line(tools.measurer, title, box.height_mm * 0.8, box.depth_mm, box.height_mm, ink)
    lid = _line(tools.measurer, title, box.width_mm * 0.8, box.depth_mm, box.width_mm, ink)
    key = f"{game.info.id}:{component.name}:box"
    scene = box_scene(key, box, ground, bleed, front, back, spine, lid)
    return Piece(row.id, PieceKind.BOX, scene, None, PieceShape.RECT, component.name, tuple(die_lines(box, ground, tools.language)),
                 box.outline)


def _line(measurer: TextMeasurer, text: str, room_mm: float, depth_mm: float, length_mm: float,
          colour: Colour) -> list[Item]:
    """``text`` on one line centred on a ``length_mm`` x ``depth_mm`` strip, as large as fits
    ``room_mm`` and half the strip's depth; nothing when that is under 6 pt (a very thin box: printers
    do not print smaller text well)."""
    size = depth_mm * 0.5 * PT_PER_MM
    while size >= MIN_TITLE_PT and measurer.width_mm(text, TITLE_FONT, size) > room_mm:
        size -= 0.25
    if size < MIN_TITLE_PT or not text:
        return []
    baseline = depth_mm / 2 + measurer.ascent_mm(TITLE_FONT, size) * 0.35
    return [Text(length_mm / 2, baseline, text, TITLE_FONT, size, colour, Anchor.MIDDLE)]


def _plain_panel(measurer: TextMeasurer, title: str, width_mm: float, height_mm: float, ground: Colour) -> list[Item]:
    """A panel of a box without a template: the title across the middle, a thin frame."""
    ink = ink_on(ground)
    items: list[Item] = [Rect(4, 4, width_mm - 8, height_mm - 8, Paint(None, ink, 0.4), 2)]
    items += [replace(item, y=item.y + height_mm / 2 - width_mm * 0.1) if isinstance(item, Text) else item
              for item in _line(measurer, title, width_mm * 0.8, width_mm * 0.2, width_mm, ink)]
    return items
