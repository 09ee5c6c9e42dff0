"""A designer's game drawn: every piece of every component from its face template (front and
back) with its own fields, at its component's size; identical faces are drawn once. A deck's
template without a back gets a plain one that reads the game's title; a token, board or mat
without a back prints one-sided. Boxes are drawn by ``boxes``."""

from __future__ import annotations

import hashlib
from collections import Counter
from functools import lru_cache
from dataclasses import replace

from generator.layout.components import PieceSize, SizeError, component_context, resolve_size
from generator.layout.faces import FaceContext, FaceTools
from generator.layout.kit import FitProblem, Kit, Piece, PieceKind
from generator.layout.scene import Item, Scene
from generator.model.common import Colour
from generator.model.components import Component, ComponentKind, Size
from generator.model.source import UNKNOWN_LOC, SourceLoc
from generator.model.templates import FaceRegion, Shape, ShapeKind, placeholders

from .boxes import box_piece
from .model import CardRow, CustomCard, CustomComponent, CustomDefinition, FieldType

PLAIN_BACK = (
    FaceRegion("ground", 0, 0, 63.5, 88.9, "", shape=Shape(ShapeKind.RECT, fill="#283044"), bleed=True),
    FaceRegion("title", 4, 38, 55.5, 12, "", "serif-bold", 24, 8, text="{deck.title|upper}", colour="#ffffff",
               wrap=False),
)
"""The back of a template that has none: the deck's title on a dark ground (poker proportions,
scaled to the card)."""


DECK_FIELDS = ("deck.name", "deck.title")
"""The deck's own name and title, which every card's template may show."""


def values(game: CustomDefinition, row: CardRow, component: CustomComponent | None = None) -> dict[str, str]:
    """What a piece's template may show: every column of its component's card list (empty when
    the card has no value) with its translations (``name.de``), its id and count, and the game's
    name and title (``{deck.name}``, ``{deck.title}``; also ``{name}`` and ``{title}`` when the
    card list has no column of that name: a column of the card's own always wins)."""
    component = component or game.component(row.component)
    found = {"name": game.info.name, "title": game.info.printed_title,
             "deck.name": game.info.name, "deck.title": game.info.printed_title}
    found.update(dict.fromkeys(component.columns, ""))
    found.update(row.values)
    found.update({f"{name}.{language}": "" for language, name in component.translated_fields})
    found.update({f"{name}.{language}": text for language, name, text in row.translations})
    found.update(id=row.id, count=str(row.count))
    return found


def texts(game: CustomDefinition, row: CardRow, known: dict[str, str]) -> dict[str, str]:
    """``values`` with the card's fields in the language of this build (see ``CustomDefinition.texts``)."""
    shown = dict(known)
    shown.update(game.texts(row))
    return shown


def build(game: CustomDefinition, tools: FaceTools) -> Kit:
    """Every piece of every component, drawn from its templates at its component's size; boxes
    last, sized from the decks they hold."""
    parts: dict[str, list[Piece]] = {"cards": [], "tokens": [], "boards": []}
    problems: list[FitProblem] = []
    scenes: dict[str, Scene] = {}
    components: list[Component] = []
    radii: list[tuple[str, float]] = []
    sizes: dict[str, PieceSize] = {}
    for component in game.components:
        if component.kind is ComponentKind.BOX:
            continue
        size = _size(game, component, tools, problems)
        if size is None:
            continue
        sizes[component.name] = size
        pieces = _pieces(game, component, tools, size, scenes, problems)
        parts[_part(component.kind)] += pieces
        components.append(_resolved(component, size))
        if component.kind is ComponentKind.DECK:
            radii.append((component.name, size.corner_radius_mm))
    for component in game.components:
        if component.kind is ComponentKind.BOX and component.spec.box is not None:
            held = sizes.get(component.spec.box.deck)
            if held is None:
                continue  # the deck could not be sized: reported there
            try:
                piece = box_piece(game, component, tools, held, problems)
            except KeyError:
                continue  # a template no layout defines: reported where the component names it
            parts["boards"] += [replace(piece, id=card.id) for card in component.cards()]
            size = PieceSize(piece.front.width_mm, piece.front.height_mm, 0.0, 0.0)
            components.append(_resolved(component, size))
    radius = dict(radii).get(game.components[0].name, tools.settings.corner_radius_mm) if game.components else 0.0
    return Kit(game.info.id, tuple(parts["cards"]), tuple(parts["tokens"]), tuple(parts["boards"]),
               fit_problems=tuple(problems), corner_radius_mm=radius, components=tuple(components),
               corner_radii=tuple(radii))


def _part(kind: ComponentKind) -> str:
    """Which part of a kit a component's pieces go to."""
    if kind is ComponentKind.DECK:
        return "cards"
    return "tokens" if kind in (ComponentKind.TOKEN, ComponentKind.TILE) else "boards"


def _resolved(component: CustomComponent, size: PieceSize) -> Component:
    """The component as the kit describes it: its size in millimetres as drawn."""
    spec = component.spec
    return replace(spec, size=Size(spec.size.template, size.width_mm, size.height_mm, spec.size.loc))


def _size(game: CustomDefinition, component: CustomComponent, tools: FaceTools,
          problems: list[FitProblem]) -> PieceSize | None:
    """The size a component is drawn at: the build's card size for a deck that takes the game's
    (``--card-size`` changes it), else its own (a shop's, when the build draws for one). None,
    with a problem at its ``size:``, for a card template the layouts do not have."""
    forced = tools.size_of(component.name)
    if component.game_size and forced is None:
        s = tools.settings
        return PieceSize(s.card_width_mm, s.card_height_mm, s.safe_mm, s.corner_radius_mm)
    try:
        return resolve_size(tools.layouts, component.spec, tools)
    except SizeError as exc:
        problems.append(FitProblem("", "", f"component '{component.name}': {exc.args[0]}", UNKNOWN_LOC,
                                   component.size.loc, "layout.templates", "unknown-size"))
        return None


def _pieces(game: CustomDefinition, component: CustomComponent, tools: FaceTools, size: PieceSize,
            scenes: dict[str, Scene], problems: list[FitProblem]) -> list[Piece]:
    """A component's pieces, each row's copies sharing its faces: a deck's cards always have a
    back (the plain one when their template has none); other pieces only when it has one."""
    booleans = frozenset(spec.name for spec in component.fields if spec.type is FieldType.BOOLEAN)
    try:
        contexts: dict[str, FaceContext] = {name: component_context(tools, component.spec, name, booleans, size)
                                            for name in component.templates()}
    except KeyError:
        if game.declared:
            return []  # a template no layout defines: reported where the component names it
        raise
    deck = component.kind is ComponentKind.DECK
    kind = PieceKind.of(component.kind)
    pieces: list[Piece] = []
    backs: dict[BackLook, Counter[str]] = {}
    copies: dict[str, list[CustomCard]] = {}
    for card in component.cards():
        copies.setdefault(card.row.id, []).append(card)
    prefix = f"{game.info.id}:{component.name}" if game.declared else game.info.id
    for row in component.rows:
        ctx = contexts[row.template]
        fields = values(game, row, component)
        shown = texts(game, row, fields)
        sources = dict(row.cells)
        language = game.info.language
        if language:
            sources.update({name: loc for lang, name, loc in row.translation_cells
                            if lang == language and row.translated(lang, name)})
        front = _face(ctx, prefix, row.template, "front", ctx.template.regions, fields, shown, row.id, sources, scenes)
        back_regions = ctx.template.back if ctx.template.back is not None else (_plain_back(ctx) if deck else None)
        back = None if back_regions is None else _face(ctx, prefix, row.template, "back", back_regions, fields, shown,
                                                          row.id, sources, scenes)
        pieces += [Piece(card.id, kind, front, back, component.spec.shape, component.name)
                   for card in copies.get(row.id, ())]
        if back is not None:
            backs.setdefault(back.look(), Counter())[row.template] += row.count
    problems += [p for ctx in contexts.values() for p in (*ctx.problems, *ctx.unmatched())]
    mixed = _mixed_backs(backs, contexts) if deck else None
    if mixed is not None:
        problems.append(mixed)
    return pieces


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


def _face(ctx: FaceContext, prefix: str, template: str, side: str, regions: tuple[FaceRegion, ...],
          fields: dict[str, str], shown: dict[str, str], piece_id: str, sources: dict[str, SourceLoc],
          scenes: dict[str, Scene]) -> Scene:
    """The scene of one side of a piece; pieces whose fields draw the same side share one scene
    (``prefix``: the game, and the component in a definition with components)."""
    used = [(name, fields.get(name), shown.get(name)) for name in _sorted_fields(regions)]
    digest = hashlib.sha1(repr((template, side, used)).encode()).hexdigest()[:16]
    key = f"{prefix}:{side}:{template}:{digest}"
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
