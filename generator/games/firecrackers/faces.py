"""Firecrackers faces (our own design, no art or text of the original): number, colour AND symbol
of the pack, firework type, the action's effect in our words, coins, points and cost; the backs;
and the Scoreworks scoring cards."""

from __future__ import annotations

from generator.layout.faces import FaceContext, ink, tint
from generator.layout.kit import Kit, Piece, PieceKind
from generator.layout.scene import (
    BLACK,
    WHITE,
    Anchor,
    Circle,
    Item,
    Line,
    Paint,
    Rect,
    Scene,
    Text,
)
from generator.layout.symbols import symbol
from generator.layout.textfit import Box
from generator.model.common import Colour, GameInfo, Symbol
from generator.model.components import Component, ComponentKind
from generator.model.templates import FaceRegion

from . import rulebook
from .model import BLACK as BLACK_PACK
from .model import (
    FirecrackersCard,
    FirecrackersDefinition,
    PointsRule,
    ScoreworksCard,
    ScoreworksDefinition,
)

FIELDS = ("number", "pack_name", "firework", "pack_symbol", "action_label", "action_effect", "coins", "points", "cost")
"""Front fields the game draws itself."""
VALUES = ("id", "pack", "pack_name", "firework", "number", "action", "action_label", "effect", "coins", "cost",
          "colour", "name", "title")
"""Card fields a template may show as text or use in ``{placeholders}``."""
SCOREWORKS_FIELDS = ("name", "rule", "replaces_default")
SCOREWORKS_VALUES = ("id", "key", "card", "rule", "title")
NIGHT = Colour("#221836")
DECK = Component("deck", ComponentKind.DECK)
"""The cards (the base game's and an expansion's: they print together)."""
COIN = Colour("#e3b23c")
COIN_EDGE = Colour("#9a6d12")
BLACK_CARD = Colour("#202020")


PLAIN = "plain firework"
WORTH = ("Worth {coins} coin when buying", "Worth {coins} coins when buying")
SCORES = ("Scores {points} point", "Scores {points} points")
PER_BLACK = "Scores {points} per black card you own"
PER_ACTION = "Scores {points} per different action you own"
REPLACES = "Replaces the default scoring"
ADDS = "Adds to the default scoring"
PHRASES = (PLAIN, *WORTH, *SCORES, PER_BLACK, PER_ACTION)
"""The phrases the cards print in the game's own words (a translation's ``words`` gives them in
another language, placeholders and all)."""
SCOREWORKS_PHRASES = (REPLACES, ADDS)


def _say(info: GameInfo, phrase: str, **values: int) -> str:
    """``phrase`` in the deck's language (its translation's ``words``), filled with ``values``."""
    return dict(info.words).get(phrase, phrase).format(**values)


def _counted(info: GameInfo, phrases: tuple[str, str], n: int, name: str) -> str:
    """The one-of or the many-of ``phrases`` for ``n``."""
    return _say(info, phrases[0] if abs(n) == 1 else phrases[1], **{name: n})


def points_text(game: FirecrackersDefinition, card: FirecrackersCard) -> str:
    action = game.action_or_none(card.action)
    rule = action.points if action is not None else None
    info = game.info
    if rule is None or rule.rule is PointsRule.NUMBER:
        return _counted(info, SCORES, card.number, "points")
    if rule.rule is PointsRule.FIXED:
        return _counted(info, SCORES, rule.amount, "points")
    if rule.rule is PointsRule.TIMES_NUMBER:
        return _counted(info, SCORES, rule.amount * card.number, "points")
    if rule.rule is PointsRule.PER_BLACK_CARD:
        return _say(info, PER_BLACK, points=rule.amount)
    return _say(info, PER_ACTION, points=rule.amount)


def front(ctx: FaceContext, game: FirecrackersDefinition, card: FirecrackersCard) -> Scene:
    pack = game.pack(card.pack)
    action = game.action_or_none(card.action)
    is_black = card.pack == BLACK_PACK
    saver = ctx.settings.ink_saver
    panel = BLACK_CARD if is_black and not saver else tint(pack.colour, 0.88)
    text = WHITE if is_black and not saver else (BLACK if is_black else ink(pack.colour))
    items: list[Item] = [*ctx.background(pack.colour, pack.colour), ctx.panel(3.0, panel)]
    ident = card.id

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        cx, cy = box.x + box.width / 2, box.y + box.height / 2
        f = region.field
        if f == "number":
            return ctx.text(ident, region, str(card.number), text, wrap=False)
        if f == "pack_name":
            return ctx.text(ident, region, pack.name.upper(), text, Anchor.START, wrap=False, source=pack.name_loc)
        if f == "firework":
            return ctx.text(ident, region, pack.firework, text, Anchor.START, wrap=False, source=pack.firework_loc)
        if f == "pack_symbol":
            size = min(box.width, box.height)
            glow = Paint(None, pack.colour, 0.5) if saver else Paint(tint(pack.colour, 0.55) if not is_black else Colour("#3a3a3a"))
            art: list[Item] = [symbol(Symbol.BURST, cx, cy, size, glow)]
            art.append(symbol(pack.symbol, cx, cy, size * 0.5, Paint(pack.colour if not is_black else WHITE, text, 0.3)))
            return art
        if f == "action_label":
            if action is None:
                return ctx.text(ident, region, _say(game.info, PLAIN), text, wrap=False)
            return [Line(box.x, box.y, box.x + box.width, box.y, text, 0.3),
                    *ctx.text(ident, region, action.label.upper(), text, wrap=False, source=action.label_loc)]
        if f == "action_effect":
            return ctx.text(ident, region, game.effect_text(action), text, source=action.effect_loc) \
                if action is not None else []
        if f == "coins":
            coins = game.coins(card.action)
            return ctx.text(ident, region, _counted(game.info, WORTH, coins, "coins"), text, wrap=False)
        if f == "points":
            return ctx.text(ident, region, points_text(game, card), text, wrap=False)
        if f == "cost":
            r = min(box.width, box.height) / 2
            coin = [Circle(cx, cy, r, Paint(None if saver else COIN, COIN_EDGE, 0.5)),
                    Circle(cx, cy, r * 0.8, Paint(None, COIN_EDGE, 0.25))]
            return coin + ctx.text(ident, region, str(card.cost), BLACK, wrap=False)
        return None

    values = {"name": game.info.name, "title": game.info.printed_title, "id": card.id, "pack": pack.key,
              "pack_name": pack.name, "firework": pack.firework, "number": str(card.number),
              "action": card.action or "", "action_label": action.label if action else "",
              "effect": game.effect_text(action) if action else "", "coins": str(game.coins(card.action)),
              "cost": str(card.cost), "colour": pack.colour.hex}
    sources = {"pack_name": pack.name_loc, "firework": pack.firework_loc}
    if action is not None:
        sources.update(action_label=action.label_loc, effect=action.effect_loc)
    items += ctx.regions(fill, values, piece_id=ident, colour=text, sources=sources)
    key = f"{game.info.id}:front:{card.pack}-{card.number}-{card.action or 'plain'}-{card.cost}"
    return Scene(key, ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


SPARK_SPOTS = ((0.22, 0.18), (0.78, 0.22), (0.3, 0.8), (0.72, 0.78), (0.5, 0.33), (0.5, 0.68))
BACK_FIELDS = ("sparks",)
"""Back fields the game draws itself: bursts in the colours of the packs."""
SCOREWORKS_SPARKS = (Colour("#b8860b"), Colour("#d9a400"))


def back(ctx: FaceContext, key: str, title: str, colour: Colour, sparks: tuple[Colour, ...],
         values: dict[str, str]) -> Scene:
    """A back from the template's ``back`` side, else drawn as the game's own: bursts in the packs'
    colours around the title."""
    w, h, s = ctx.w, ctx.h, ctx.scale
    saver = ctx.settings.ink_saver

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        if region.field != "sparks":
            return None
        size = 13 * s * box.width / w
        return [symbol(Symbol.BURST, box.x + box.width * fx, box.y + box.height * fy, size,
                       Paint(None, spark, 0.5) if saver else Paint(spark))
                for (fx, fy), spark in zip(SPARK_SPOTS, (sparks[i % len(sparks)] for i in range(len(SPARK_SPOTS))))]

    if ctx.template.back is not None:
        items = ctx.regions(fill, values, piece_id="back", side=ctx.template.back, colour=WHITE)
        return Scene(key, w, h, ctx.settings.bleed_mm, tuple(items))
    line = BLACK if saver or colour == WHITE else WHITE
    drawn: list[Item] = [*ctx.background(colour), *(fill(FaceRegion("sparks", 0, 0, w, h, "sparks"), Box(0, 0, w, h)) or [])]
    drawn.append(Text(w / 2, h * 0.52, title, "serif-bold", 12.5 * s, line, Anchor.MIDDLE))
    return Scene(key, w, h, ctx.settings.bleed_mm, tuple(drawn))


def scoreworks_front(ctx: FaceContext, expansion: ScoreworksDefinition, card: ScoreworksCard) -> Scene:
    band = Colour("#b8860b")
    rule = card.printed_rule(rulebook.SCOREWORKS_VALUES.get(card.key, {}))
    items: list[Item] = [*ctx.background(expansion.card_colour, band), ctx.panel(3.0, expansion.card_colour, band)]
    if not ctx.settings.ink_saver:
        items.append(Rect(3.0, 3.0, ctx.w - 6.0, 6.0 * ctx.scale, Paint(band), 1.5))
    items.append(Text(ctx.w / 2, 7.6 * ctx.scale, expansion.info.printed_title.upper(), "sans-bold", 6.5 * ctx.scale,
                      BLACK if ctx.settings.ink_saver else WHITE, Anchor.MIDDLE))

    def fill(region: FaceRegion, box: Box) -> list[Item] | None:
        if region.field == "name":
            return ctx.text(card.id, region, card.name, BLACK, wrap=False, source=card.name_loc)
        if region.field == "rule":
            return ctx.text(card.id, region, rule, BLACK, source=card.rule_loc)
        if region.field == "replaces_default":
            words = _say(expansion.info, REPLACES if card.replaces_default else ADDS)
            return ctx.text(card.id, region, words, band, wrap=False)
        return None

    values = {"title": expansion.info.printed_title, "id": card.id, "key": card.key, "card": card.name,
              "rule": rule}
    items += ctx.regions(fill, values, piece_id=card.id, colour=BLACK, sources={"card": card.name_loc, "rule": card.rule_loc})
    return Scene(f"{expansion.info.id}:front:{card.key}", ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))


def scoreworks_pieces(expansion: ScoreworksDefinition, ctx: FaceContext) -> list[Piece]:
    values = {"name": expansion.info.name, "title": expansion.info.printed_title}
    card_back = back(ctx, f"{expansion.info.id}:back", expansion.info.printed_title.upper(), WHITE, SCOREWORKS_SPARKS,
                     values)
    return [Piece(c.id, PieceKind.CARD, scoreworks_front(ctx, expansion, c), card_back, component=DECK.name)
            for c in expansion.cards()]


def build(game: FirecrackersDefinition, ctx: FaceContext, *, players: int | None) -> Kit:
    """The cards of the deck for ``players`` (every pack when None) with their back."""
    sparks = tuple(p.colour for p in game.packs if p.key != BLACK_PACK)[:4] or (WHITE,)
    values = {"name": game.info.name, "title": game.info.printed_title}
    card_back = back(ctx, f"{game.info.id}:back", game.info.printed_title.upper(), NIGHT, sparks, values)
    fronts: dict[tuple[str, int, str | None, int], Scene] = {}
    pieces: list[Piece] = []
    for card in game.cards(players):
        key = (card.pack, card.number, card.action, card.cost)
        if key not in fronts:
            fronts[key] = front(ctx, game, card)
        pieces.append(Piece(card.id, PieceKind.CARD, fronts[key], card_back, component=DECK.name))
    return Kit(game.info.id, tuple(pieces), (), (), (), tuple(ctx.problems), components=(DECK,))


def build_scoreworks_only(expansion: ScoreworksDefinition, ctx: FaceContext) -> Kit:
    """The Scoreworks cards on their own (for a player who owns the base game)."""
    pieces = scoreworks_pieces(expansion, ctx)
    return Kit(expansion.info.id, tuple(pieces), (), (), (), tuple(ctx.problems), components=(DECK,))
