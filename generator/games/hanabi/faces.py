"""Hanabi faces: fronts with the rank large and in two corners, each suit with its colour AND its
own symbol (colour-blind and greyscale safe), the back, note and storm tokens. (The rules summary
is the definition's ``rules:``, laid out by ``generator.layout.rulespage``.)"""

from __future__ import annotations

from typing import Callable

from generator.layout.components import component_context, mm_size
from generator.layout.faces import FaceContext, FaceTools, ink, tint
from generator.layout.kit import FitProblem, Kit, Piece, PieceKind
from generator.model.components import Component, ComponentKind, PieceShape
from generator.layout.scene import (
    BLACK,
    WHITE,
    Anchor,
    Item,
    Paint,
    Scene,
    Text,
)
from generator.layout.symbols import symbol
from generator.model.templates import FaceRegion
from generator.layout.textfit import Box
from generator.model.common import Colour, Symbol

from .model import KIND, HanabiDefinition, HanabiSuit

FIELDS = ("rank", "suit_name", "suit_symbol", "rank_pips")
"""Front fields the game draws itself."""
BACK_FIELDS = ("night_sky", "suit_bursts")
"""Back fields the game draws itself: the night background and a firework for every suit."""
VALUES = ("id", "rank", "suit", "suit_name", "colour", "name", "title", "variant")
"""Card fields a template may show as text or use in ``{placeholders}``."""
TOKEN_FIELDS = ("bolt",)
TOKENS = ("hanabi-note", "hanabi-storm")
"""The face templates of the two kinds of token (front: unused side, back: used side)."""
NIGHT = Colour("#17203a")
TOKEN_DIAMETER_MM = 26.0
TOKEN_BLEED_MM = 1.5
DECK = Component("deck", ComponentKind.DECK)
"""The cards."""
NOTE_TOKENS = Component("note-tokens", ComponentKind.TOKEN, mm_size(TOKEN_DIAMETER_MM, TOKEN_DIAMETER_MM),
                        PieceShape.ROUND, TOKEN_BLEED_MM)
"""Note tokens: a clue side and a used side."""
STORM_TOKENS = Component("storm-tokens", ComponentKind.TOKEN, mm_size(TOKEN_DIAMETER_MM, TOKEN_DIAMETER_MM),
                         PieceShape.ROUND, TOKEN_BLEED_MM)
"""Storm tokens: a calm side and a lightning side."""
OLD_SPOTS = ((0.25, 0.2), (0.75, 0.17), (0.5, 0.36), (0.2, 0.72), (0.78, 0.7), (0.5, 0.85))
"""Where the back's fireworks burst when a deck has up to six suits."""


def game_values(game: HanabiDefinition) -> dict[str, str]:
    """What every face of the game may show: its id, name, printed title, variant name."""
    return {"name": game.info.name, "title": game.info.printed_title,
            "variant": game.info.name if game.info.variant_of else ""}


def card_values(game: HanabiDefinition, suit: HanabiSuit, rank: int) -> dict[str, str]:
    return {**game_values(game), "id": f"{suit.key}-{rank}", "rank": str(rank), "suit": suit.key,
            "suit_name": suit.name, "colour": suit.colour.hex}


def front(ctx: FaceContext, game: HanabiDefinition, suit: HanabiSuit, rank: int) -> Scene:
    piece_id = f"{suit.key}-{rank}"
    dark = ink(suit.colour)
    items: list[Item] = [*ctx.background(suit.colour, suit.colour), ctx.panel(3.2, tint(suit.colour, 0.86), None)]

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
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
        return None

    items += ctx.regions(fill, card_values(game, suit, rank), piece_id=piece_id, colour=dark,
                         sources={"suit_name": suit.name_loc})
    return Scene(f"{game.info.id}:front:{suit.key}-{rank}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


def burst_spots(count: int) -> list[tuple[float, float]]:
    """Where the back's fireworks burst (fractions of the card): the six places of the shipped back
    for up to six suits, else one per suit in two staggered rows above and below the title."""
    if count <= len(OLD_SPOTS):
        return list(OLD_SPOTS)
    top = (count + 1) // 2
    rows = [(top, 0.15, 0.31), (count - top, 0.7, 0.86)]
    spots = []
    for n, high, low in rows:
        for i in range(n):
            spots.append(((i + 0.5) / n, high if i % 2 == 0 else low))
    return spots


def back_fields(ctx: FaceContext, game: HanabiDefinition) -> Callable[[FaceRegion, Box], list[Item] | None]:
    """Draws the back's own fields: the night sky (to the bleed edge) and a firework per suit."""
    line = BLACK if ctx.settings.ink_saver else WHITE

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        if region.field == "night_sky":
            return ctx.background(NIGHT)
        if region.field == "suit_bursts":
            spots = burst_spots(len(game.suits))
            shrink = min(1.0, (len(OLD_SPOTS) / len(spots)) ** 0.5)
            burst, mark = 15 * ctx.scale * shrink * box.width / ctx.w, 5.5 * ctx.scale * shrink * box.width / ctx.w
            drawn: list[Item] = []
            for i, (fx, fy) in enumerate(spots):
                suit = game.suits[i % len(game.suits)]
                x, y = box.x + box.width * fx, box.y + box.height * fy
                paint = Paint(None, suit.colour, 0.5) if ctx.settings.ink_saver else Paint(suit.colour)
                drawn.append(symbol(Symbol.BURST, x, y, burst, paint))
                drawn.append(symbol(suit.symbol, x, y, mark, Paint(line if ctx.settings.ink_saver else NIGHT)))
            return drawn
        return None

    return fill


def back(ctx: FaceContext, game: HanabiDefinition) -> Scene:
    """The back, from the template's ``back`` side (every shipped template has one), else drawn as
    the game's own: night sky, a firework per suit, the title."""
    key = f"{game.info.id}:back"
    fill = back_fields(ctx, game)
    if ctx.template.back is not None:
        items = ctx.regions(fill, game_values(game), piece_id="back", side=ctx.template.back, colour=WHITE)
        return Scene(key, ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))
    w, h, s = ctx.w, ctx.h, ctx.scale
    line = BLACK if ctx.settings.ink_saver else WHITE
    whole = Box(0, 0, w, h)
    region = FaceRegion("art", 0, 0, w, h, "night_sky")
    items = [*(fill(region, whole) or []), *(fill(FaceRegion("art", 0, 0, w, h, "suit_bursts"), whole) or [])]
    items.append(Text(w / 2, h * 0.54, game.info.printed_title.upper(), "serif-bold", 22 * s, line, Anchor.MIDDLE))
    items.append(Text(w / 2, h * 0.54 + 6 * s, game.info.name if game.info.variant_of else "fireworks", "sans",
                      6.5 * s, line, Anchor.MIDDLE))
    return Scene(key, w, h, ctx.settings.bleed_mm, tuple(items))


def tokens(game: HanabiDefinition, tools: FaceTools, problems: list[FitProblem]) -> list[Piece]:
    """Note tokens (clue side / used side) and storm tokens (calm side / lightning side), drawn from
    the ``hanabi-note`` and ``hanabi-storm`` templates."""
    values = game_values(game)
    sides: dict[str, tuple[Scene, Scene]] = {}
    for template, kind, component in zip(TOKENS, ("note", "storm"), (NOTE_TOKENS, STORM_TOKENS)):
        ctx = component_context(tools, component, template)
        fg = BLACK if ctx.settings.ink_saver else WHITE

        def fill(region: FaceRegion, box: Box) -> list[Item] | None:
            if region.field == "bolt":
                colour = Colour("#c62828") if ctx.settings.ink_saver else fg
                return [symbol(Symbol.BOLT, box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height),
                               Paint(colour))]
            return None

        scenes = []
        for side, regions in (("", ctx.template.regions), ("-used", ctx.template.back or ())):
            items = ctx.regions(fill, values, piece_id=f"{kind} token", side=regions, colour=fg)
            scenes.append(Scene(f"{game.info.id}:{kind}{side}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items)))
        sides[kind] = (scenes[0], scenes[1])
        problems += ctx.problems
    pieces = [Piece(f"note-{i + 1}", PieceKind.TOKEN, *sides["note"], PieceShape.ROUND, NOTE_TOKENS.name)
              for i in range(game.note_tokens)]
    pieces += [Piece(f"storm-{i + 1}", PieceKind.TOKEN, *sides["storm"], PieceShape.ROUND, STORM_TOKENS.name)
               for i in range(game.storm_tokens)]
    return pieces


def build(game: HanabiDefinition, tools: FaceTools) -> Kit:
    ctx = tools.context(KIND)
    card_back = back(ctx, game)
    fronts = {(s.key, r): front(ctx, game, s, r) for s in game.suits for r in sorted(s.rank_counts())}
    cards = tuple(Piece(card.id, PieceKind.CARD, fronts[(card.suit, card.rank)], card_back, component=DECK.name)
                  for card in game.cards())
    problems = ctx.problems
    token_pieces = tokens(game, tools, problems)
    return Kit(game.info.id, cards, tuple(token_pieces), (), (), tuple(problems),
               components=(DECK, NOTE_TOKENS, STORM_TOKENS))
