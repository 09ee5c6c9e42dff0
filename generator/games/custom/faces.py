"""A card-list deck's faces: every card drawn from its face template (front and back) with its
own fields; identical faces are drawn once. A template without a back gets a plain one that
reads the deck's title."""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import lru_cache
from dataclasses import replace

from generator.layout.faces import FaceContext, FaceTools
from generator.layout.kit import FitProblem, Kit, Piece, PieceKind
from generator.layout.scene import Item, Scene
from generator.model.common import Colour
from generator.model.source import UNKNOWN_LOC, SourceLoc
from generator.model.templates import FaceRegion, Shape, ShapeKind, placeholders

from .model import CardRow, CustomCard, CustomDefinition, FieldType

PLAIN_BACK = (
    FaceRegion("ground", 0, 0, 63.5, 88.9, "", shape=Shape(ShapeKind.RECT, fill="#283044"), bleed=True),
    FaceRegion("title", 4, 38, 55.5, 12, "", "serif-bold", 24, 8, text="{deck.title|upper}", colour="#ffffff",
               wrap=False),
)
"""The back of a template that has none: the deck's title on a dark ground (poker proportions,
scaled to the card)."""


DECK_FIELDS = ("deck.name", "deck.title")
"""The deck's own name and title, which every card's template may show."""


def values(game: CustomDefinition, row: CardRow) -> dict[str, str]:
    """What a card's template may show: every column of the card list (empty when the card has no
    value) with its translations (``name.de``), its id and count, and the deck's name and title
    (``{deck.name}``, ``{deck.title}``; also ``{name}`` and ``{title}`` when the card list has no
    column of that name: a column of the card's own always wins)."""
    found = {"name": game.info.name, "title": game.info.printed_title,
             "deck.name": game.info.name, "deck.title": game.info.printed_title}
    found.update(dict.fromkeys(game.columns, ""))
    found.update(row.values)
    found.update({f"{name}.{language}": "" for language, name in game.translated_fields})
    found.update({f"{name}.{language}": text for language, name, text in row.translations})
    found.update(id=row.id, count=str(row.count))
    return found


def texts(game: CustomDefinition, row: CardRow, known: dict[str, str]) -> dict[str, str]:
    """``values`` with the card's fields in the language of this build (see ``CustomDefinition.texts``)."""
    shown = dict(known)
    shown.update(game.texts(row))
    return shown


def build(game: CustomDefinition, tools: FaceTools) -> Kit:
    booleans = frozenset(spec.name for spec in game.fields if spec.type is FieldType.BOOLEAN)
    contexts: dict[str, FaceContext] = {name: tools.context(name, booleans) for name in game.templates()}
    scenes: dict[str, Scene] = {}
    pieces: list[Piece] = []
    copies: dict[str, list[CustomCard]] = {}
    for card in game.cards():
        copies.setdefault(card.row.id, []).append(card)
    backs: dict[BackLook, Counter[str]] = {}
    for row in game.rows:
        ctx = contexts[row.template]
        fields = values(game, row)
        shown = texts(game, row, fields)
        sources = dict(row.cells)
        language = game.info.language
        if language:
            sources.update({name: loc for lang, name, loc in row.translation_cells
                            if lang == language and row.translated(lang, name)})
        front = _face(ctx, game, row.template, "front", ctx.template.regions, fields, shown, row.id, sources, scenes)
        back_regions = ctx.template.back if ctx.template.back is not None else _plain_back(ctx)
        back = _face(ctx, game, row.template, "back", back_regions, fields, shown, row.id, sources, scenes)
        pieces += [Piece(card.id, PieceKind.CARD, front, back) for card in copies.get(row.id, ())]
        backs.setdefault(back.look(), Counter())[row.template] += row.count
    problems: list[FitProblem] = [p for ctx in contexts.values() for p in (*ctx.problems, *ctx.unmatched())]
    mixed = _mixed_backs(backs, contexts)
    return Kit(game.info.id, tuple(pieces), fit_problems=tuple(problems) + ((mixed,) if mixed else ()))


BackLook = tuple[float, float, tuple[Item, ...]]
"""What a back looks like printed (``Scene.look``)."""


def _mixed_backs(backs: dict[BackLook, Counter[str]], contexts: dict[str, FaceContext]) -> FitProblem | None:
    """A warning when the deck's cards do not all share one back (players could tell them apart
    face down), at the template whose back differs from most cards', the others as notes."""
    if len(backs) < 2:
        return None
    cards: Counter[str] = Counter()
    for counts in backs.values():
        cards.update(counts)
    most = max(backs.values(), key=lambda counts: sum(counts.values()))
    odd = next((name for name in cards if any(name in c for c in backs.values() if c is not most)), next(iter(cards)))

    def describe(name: str) -> str:
        template = contexts[name].template
        given = sum(1 for counts in backs.values() if name in counts)
        side = "its own back" if template.back is not None else "the plain back, as it has no back"
        fields = sorted(used_fields(template.back)) if template.back is not None else []
        several = f"; {given} different backs, as its back shows {', '.join(fields)}" if given > 1 and fields else ""
        return f"'{name}' ({cards[name]} card{'s' if cards[name] != 1 else ''}, {side}{several})"

    message = (f"the deck has {len(backs)} different backs, so its cards can be told apart face down: face template "
               f"{', '.join(describe(name) for name in cards)}; give every template the same back, showing no field of "
               "the card (or no back, for the plain one)")
    notes = tuple((contexts[name].template.loc, f"face template '{name}' is here") for name in cards if name != odd)
    return FitProblem("", "", message, UNKNOWN_LOC, contexts[odd].template.loc, "layout.backs", "mixed-backs", True,
                      notes)


def _face(ctx: FaceContext, game: CustomDefinition, template: str, side: str, regions: tuple[FaceRegion, ...],
          fields: dict[str, str], shown: dict[str, str], piece_id: str, sources: dict[str, SourceLoc],
          scenes: dict[str, Scene]) -> Scene:
    """The scene of one side of a card; cards whose fields draw the same side share one scene."""
    used = [(name, fields.get(name), shown.get(name)) for name in _sorted_fields(regions)]
    digest = hashlib.sha1(repr((template, side, used)).encode()).hexdigest()[:16]
    key = f"{game.info.id}:{side}:{template}:{digest}"
    found = scenes.get(key)
    if found is None:
        items = ctx.regions(None, fields, piece_id=piece_id, side=regions, colour=INK, sources=sources, texts=shown)
        found = scenes[key] = Scene(key, ctx.w, ctx.h, ctx.settings.bleed_mm, tuple(items))
    return found


@lru_cache(maxsize=64)
def _sorted_fields(regions: tuple[FaceRegion, ...]) -> tuple[str, ...]:
    """``used_fields`` in order, worked out once per side of a template (not once per card)."""
    return tuple(sorted(used_fields(regions)))


def used_fields(regions: tuple[FaceRegion, ...]) -> set[str]:
    """Every card field a side reads: placeholders, plain fields, conditions, colours, images."""
    names: set[str] = set()
    for region in regions:
        texts = [region.text, region.image, region.colour]
        if region.shape is not None:
            texts += [region.shape.fill, region.shape.stroke]
        names.update(name for text in texts if text for name, _ in placeholders(text))
        if region.kind == "field":
            names.add(region.field)
        if region.when is not None:
            names.add(region.when.field)
    return names


def _plain_back(ctx: FaceContext) -> tuple[FaceRegion, ...]:
    """The plain back, scaled from poker proportions to the template's base card."""
    sx, sy = ctx.template.base_width_mm / 63.5, ctx.template.base_height_mm / 88.9
    return tuple(replace(r, x_mm=r.x_mm * sx, y_mm=r.y_mm * sy, width_mm=r.width_mm * sx, height_mm=r.height_mm * sy,
                         max_pt=r.max_pt * min(sx, sy), min_pt=r.min_pt * min(sx, sy)) for r in PLAIN_BACK)


INK = Colour("#1a1a1a")
"""Text drawn in a colour the template does not name."""
