"""High Card's faces: the rank large on the colour, the colour's name, and one back."""

from __future__ import annotations

from generator.layout.faces import FaceContext, ink, tint, unknown_field
from generator.layout.kit import Kit, Piece, PieceKind
from generator.layout.scene import Anchor, Item, Scene, Text
from generator.layout.textfit import Box
from generator.model.common import Colour
from generator.model.templates import FaceRegion

from .model import HighCardCard, HighCardColour, HighCardDefinition

FIELDS = ("rank", "colour_name")
BACK = Colour("#283044")


def front(ctx: FaceContext, game: HighCardDefinition, card: HighCardCard, colour: HighCardColour) -> Scene:
    def fill(region: FaceRegion, box: Box) -> list[Item]:
        if region.field == "rank":
            return ctx.text(card.id, region, str(card.rank), ink(colour.colour), wrap=False)
        if region.field == "colour_name":
            return ctx.text(card.id, region, colour.key.upper(), ink(colour.colour), wrap=False)
        raise unknown_field(ctx.template, region, FIELDS)

    items: list[Item] = [*ctx.background(colour.colour), ctx.panel(3, tint(colour.colour, 0.85)), *ctx.regions(fill)]
    return Scene(f"{game.info.id}:front:{card.id}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


def build(game: HighCardDefinition, ctx: FaceContext) -> Kit:
    title = Text(ctx.w / 2, ctx.h / 2, game.info.name.upper(), "serif-bold", 12 * ctx.scale, tint(BACK, 0.8), Anchor.MIDDLE)
    back = Scene(f"{game.info.id}:back", ctx.w, ctx.h, ctx.settings.bleed_mm, (*ctx.background(BACK), title))
    colours = {c.key: c for c in game.colours}
    pieces = tuple(Piece(card.id, PieceKind.CARD, front(ctx, game, card, colours[card.colour]), back)
                   for card in game.cards())
    return Kit(game.info.id, pieces, fit_problems=tuple(ctx.problems))
