"""Hanabi faces: fronts with the rank large and in two corners, each suit with its colour AND its
own symbol (colour-blind and greyscale safe), one back, note and storm tokens, a rules summary."""

from __future__ import annotations

from generator.layout.faces import FaceContext, ink, tint, unknown_field
from generator.layout.kit import FaceSettings, Kit, Piece, PieceKind, Sheetlet
from generator.layout.scene import (
    BLACK,
    WHITE,
    Anchor,
    Circle,
    Item,
    Paint,
    Scene,
    Text,
)
from generator.layout.symbols import symbol
from generator.model.templates import FaceRegion
from generator.layout.textfit import Box
from generator.model.common import Colour, Symbol

from .model import HanabiDefinition, HanabiSuit
from .rulespage import rules_page

FIELDS = ("rank", "suit_name", "suit_symbol", "rank_pips")
NIGHT = Colour("#17203a")
TOKEN_DIAMETER_MM = 26.0
TOKEN_BLEED_MM = 1.5


def front(ctx: FaceContext, game: HanabiDefinition, suit: HanabiSuit, rank: int) -> Scene:
    piece_id = f"{suit.key}-{rank}"
    dark = ink(suit.colour)
    items: list[Item] = [*ctx.background(suit.colour, suit.colour), ctx.panel(3.2, tint(suit.colour, 0.86), None)]

    def fill(region: FaceRegion, box: Box) -> list[Item]:
        if region.field == "rank":
            drawn: list[Item] = []
            if region.name == "centre":
                size = min(box.width, box.height) * 0.95
                faint = tint(suit.colour, 0.62) if not ctx.settings.ink_saver else tint(suit.colour, 0.8)
                drawn.append(symbol(suit.symbol, box.x + box.width / 2, box.y + box.height / 2, size, Paint(faint)))
            return drawn + ctx.text(piece_id, region, str(rank), dark, wrap=False)
        if region.field == "suit_name":
            return ctx.text(piece_id, region, suit.name.upper(), dark, wrap=False, source=suit.name_loc)
        if region.field == "suit_symbol":
            size = min(box.width, box.height)
            return [symbol(suit.symbol, box.x + box.width / 2, box.y + box.height / 2, size, Paint(suit.colour, dark, 0.3))]
        if region.field == "rank_pips":
            size = min(box.height, box.width / max(rank, 1) * 0.8)
            step = size * 1.25
            start = box.x + box.width / 2 - step * (rank - 1) / 2
            return [symbol(suit.symbol, start + i * step, box.y + box.height / 2, size, Paint(dark)) for i in range(rank)]
        raise unknown_field(ctx.template, region, FIELDS)

    items += ctx.regions(fill)
    return Scene(f"{game.info.id}:front:{suit.key}-{rank}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


def back(ctx: FaceContext, game: HanabiDefinition) -> Scene:
    w, h = ctx.w, ctx.h
    s = ctx.scale
    line = BLACK if ctx.settings.ink_saver else WHITE
    items: list[Item] = [*ctx.background(NIGHT)]
    spots = [(0.25, 0.2), (0.75, 0.17), (0.5, 0.36), (0.2, 0.72), (0.78, 0.7), (0.5, 0.85)]
    for i, (fx, fy) in enumerate(spots):
        suit = game.suits[i % len(game.suits)]
        paint = Paint(None, suit.colour, 0.5) if ctx.settings.ink_saver else Paint(suit.colour)
        items.append(symbol(Symbol.BURST, w * fx, h * fy, 15 * s, paint))
        items.append(symbol(suit.symbol, w * fx, h * fy, 5.5 * s, Paint(line if ctx.settings.ink_saver else NIGHT)))
    items.append(Text(w / 2, h * 0.54, "HANABI", "serif-bold", 22 * s, line, Anchor.MIDDLE))
    items.append(Text(w / 2, h * 0.54 + 6 * s, game.info.name if game.info.variant_of else "fireworks", "sans", 6.5 * s, line, Anchor.MIDDLE))
    return Scene(f"{game.info.id}:back", w, h, ctx.settings.bleed_mm, tuple(items))


def _token(key: str, colour: Colour, mark: list[Item], ink_saver: bool) -> Scene:
    d, b = TOKEN_DIAMETER_MM, TOKEN_BLEED_MM
    c = d / 2
    disc = Circle(c, c, c - 0.4, Paint(None, colour, 0.6)) if ink_saver else Circle(c, c, c + b, Paint(colour))
    ring = Circle(c, c, c - 2.2, Paint(None, WHITE if not ink_saver else colour, 0.5))
    return Scene(key, d, d, b, (disc, ring, *mark))


def tokens(game: HanabiDefinition, settings: FaceSettings) -> list[Piece]:
    """Note tokens (clue side / used side) and storm tokens (calm side / lightning side)."""
    ink_saver = settings.ink_saver
    c = TOKEN_DIAMETER_MM / 2
    fg = BLACK if ink_saver else WHITE
    blue, dark, red = Colour("#1d5fbf"), Colour("#2b2b2b"), Colour("#c62828")
    note_front = _token(f"{game.info.id}:note", blue, [
        Text(c, c - 0.5, "CLUE", "sans-bold", 10, fg, Anchor.MIDDLE),
        Text(c, c + 5, "note token", "sans", 5, fg, Anchor.MIDDLE)], ink_saver)
    note_back = _token(f"{game.info.id}:note-used", dark, [
        Text(c, c + 1.5, "used", "sans-bold", 9, fg, Anchor.MIDDLE)], ink_saver)
    storm_front = _token(f"{game.info.id}:storm", Colour("#5b6b7a"), [
        Text(c, c + 1.5, "calm", "sans-bold", 9, fg, Anchor.MIDDLE)], ink_saver)
    storm_back = _token(f"{game.info.id}:storm-struck", red, [
        symbol(Symbol.BOLT, c, c, 14, Paint(fg if not ink_saver else red))], ink_saver)
    pieces = [Piece(f"note-{i + 1}", PieceKind.TOKEN, note_front, note_back, True) for i in range(game.note_tokens)]
    pieces += [Piece(f"storm-{i + 1}", PieceKind.TOKEN, storm_front, storm_back, True) for i in range(game.storm_tokens)]
    return pieces


def build(game: HanabiDefinition, ctx: FaceContext) -> Kit:
    card_back = back(ctx, game)
    fronts = {(s.key, r): front(ctx, game, s, r) for s in game.suits for r in sorted(s.rank_counts())}
    cards = tuple(Piece(card.id, PieceKind.CARD, fronts[(card.suit, card.rank)], card_back) for card in game.cards())
    page = rules_page(game, ctx.measurer, ctx.problems)
    return Kit(game.info.id, cards, tuple(tokens(game, ctx.settings)), None,
               (Sheetlet("rules", page),), tuple(ctx.problems))


