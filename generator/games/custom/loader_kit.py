"""A designer's whole game in one definition (``components:``): each component read with its
kind, size, shape, card list, fields, composition and face template, every mistake located.

Part of the custom game's loader (``loader.py`` reads a definition's header and a single deck's
card list; the helpers that read a card list are shared from there).
"""

from __future__ import annotations

import dataclasses
import re

import yaml

from generator.loader.cardlists import read_table
from generator.loader.common import make_info, read_header
from generator.loader.fields import Reader, describe
from generator.loader.whatif import change_table
from generator.model.components import (
    BoxSpec,
    Component,
    ComponentKind,
    PieceShape,
    Size,
    hex_size,
)
from generator.model.limits import (
    MAX_BLEED_MM,
    MAX_CARD_MM,
    MAX_COMPONENTS,
    MAX_PIECE_MM,
    MIN_CARD_MM,
    MIN_PIECE_MM,
)
from generator.model.source import SourceLoc
from generator.model.suggest import closest

from .loader_cards import (
    MAX_COPIES,
    read_columns,
    read_composition,
    read_rows,
    read_rules_file,
    read_specs,
    with_rules,
)
from .model import KIND, CardRow, Composition, CustomComponent, CustomDefinition

KINDS = tuple(kind.value for kind in ComponentKind)
SHAPES = {"rect": PieceShape.RECT, "square": PieceShape.RECT, "round": PieceShape.ROUND,
          "circle": PieceShape.ROUND, "hex": PieceShape.HEX, "hex-pointy": PieceShape.HEX_POINTY}
"""What ``shape:`` may say (``square`` is a rectangle, ``circle`` a round piece)."""
COMMON = ("kind", "template", "bleed")
ALLOWED: dict[ComponentKind, tuple[str, ...]] = {
    ComponentKind.DECK: COMMON + ("cards", "size", "fields", "composition"),
    ComponentKind.TOKEN: COMMON + ("cards", "count", "size", "shape", "fields", "composition"),
    ComponentKind.TILE: COMMON + ("cards", "count", "size", "shape", "fields", "composition"),
    ComponentKind.BOARD: COMMON + ("cards", "count", "size", "fields"),
    ComponentKind.MAT: COMMON + ("cards", "count", "size", "fields"),
    ComponentKind.BOX: COMMON + ("count", "deck", "thickness", "tolerance", "cards_held"),
}
"""The fields each kind of component may have."""
EVERY_FIELD = tuple(dict.fromkeys(field for fields in ALLOWED.values() for field in fields))
WHOLE_GAME_ONLY = ("cards", "fields", "composition", "template")
"""Fields of a single-deck definition that belong to each component in a definition with components."""
RESERVED_NAMES = ("rules",)
"""``--only rules`` builds the rules page: no component may take its name."""
_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
MAX_THICKNESS_MM = 5.0
MAX_TOLERANCE_MM = 20.0


def build_kit(reader: Reader, root: yaml.Node, fields: dict[str, yaml.Node]) -> list[CustomDefinition]:
    """The game one file with ``components:`` defines ([] with located problems when it cannot
    be built; as a single deck, a wrong card-list cell is reported and kept as written)."""
    before = len(reader.problems)
    for name in WHOLE_GAME_ONLY:
        if name in fields:
            reader.error(_key(root, name) or fields[name], f"'{name}' belongs to each component when the definition "
                                                           "has components: move it under the component it is for")
    if "rulebook" not in fields:
        fields["rulebook"] = yaml.ScalarNode("tag:yaml.org,2002:str", "the designer's own rules",
                                             root.start_mark, root.end_mark)
    header = read_header(reader, fields, card_tables=True)
    for language, node in (header.translation_cards or {}).items():
        reader.error(node, f"the cards in {language}: in a definition with components, give each component's "
                           f"words in {language} in its own card list's columns (text.{language})")
    info = make_info(header, KIND, None, reader.loc(root))
    engine = read_rules_file(reader, fields["engine"]) if "engine" in fields else None
    structural = len(reader.problems) > before
    game_id = header.id or ""
    components: list[CustomComponent] = []
    entries = list(reader.entries(fields["components"], "components"))
    if not entries and isinstance(fields["components"], yaml.MappingNode):
        reader.error(fields["components"], "components: is empty (name at least one: a deck, tokens, a board...)")
    if len(entries) > MAX_COMPONENTS:
        reader.error(fields["components"], f"{len(entries)} components; at most {MAX_COMPONENTS} are supported")
        entries = entries[:MAX_COMPONENTS]
    for key_node, value_node in entries:
        component = _component(reader, key_node, value_node, game_id, header.card_size, header.languages)
        if component is not None:
            components.append(component)
    components = _with_boxes(reader, components)
    _unique_ids(reader, components)
    if structural or info is None or not components:
        return []
    return [with_rules(CustomDefinition(info, tuple(components), declared=True), reader, engine)]


def _key(mapping: yaml.Node, name: str) -> yaml.Node | None:
    """The key node ``name`` of a mapping node (to report a field at its name)."""
    if isinstance(mapping, yaml.MappingNode):
        for key, _ in mapping.value:
            if isinstance(key, yaml.ScalarNode) and key.value == name:
                return key
    return None


def _component(reader: Reader, key_node: yaml.ScalarNode, node: yaml.Node, game_id: str, card_size: str,
               languages: tuple[str, ...]) -> CustomComponent | None:
    """One component (None when it cannot be read; its problems are recorded)."""
    name = str(key_node.value)
    if not _NAME.fullmatch(name):
        reader.error(key_node, f"component name '{name}' should use only lower-case letters, digits, '-' and '_'")
        return None
    if name in RESERVED_NAMES:
        reader.error(key_node, f"'{name}' names the rules page (build --only {name}); call the component otherwise")
        return None
    what = f"component '{name}'"
    fields = reader.mapping(node, what, (), EVERY_FIELD)
    if fields is None:
        return None
    before = len(reader.problems)
    kind = ComponentKind.DECK
    if "kind" in fields:
        found = reader.choice(fields["kind"], "component kind", KINDS)
        if found is None:
            return None
        kind = ComponentKind(found)
    for field in fields:
        if field not in ALLOWED[kind]:
            reader.error(_key(node, field) or fields[field], f"'{field}' is not a field of a {kind.value} ({what} "
                                                             f"may have: {', '.join(ALLOWED[kind])})")
    shape = _shape(reader, fields, kind, what)
    size, game_size = _size(reader, fields, kind, shape, what, card_size, node)
    bleed = reader.number(fields["bleed"], f"the bleed of {what}", 0, MAX_BLEED_MM) if "bleed" in fields else None
    template = f"{game_id}-{name}"
    if "template" in fields:
        node_template = fields["template"]
        if kind is ComponentKind.BOX and isinstance(node_template, yaml.ScalarNode) and node_template.tag.endswith(":null"):
            template = ""  # template: ~ draws the box plainly, with the game's title
        else:
            template = reader.name(node_template, f"the template of {what}") or template
    box = _box(reader, fields, what, key_node) if kind is ComponentKind.BOX else None
    specs = read_specs(reader, fields["fields"]) if "fields" in fields else ()
    composition = read_composition(reader, fields["composition"]) if "composition" in fields else Composition()
    count = reader.integer(fields["count"], f"the count of {what}", minimum=1, maximum=MAX_COPIES,
                           things=f"pieces of {name}") if "count" in fields else 1
    spec = Component(name, kind, size, shape, bleed, reader.loc(key_node), box)
    if "cards" in fields:
        if "count" in fields:
            reader.error(_key(node, "count") or fields["count"], f"{what} has a card list: give each row's count "
                                                                  "there (count is for a component without one)")
        table = read_table(reader, fields["cards"], f"the cards of {name}")
        if table is None:
            return None
        if reader.table_changes:
            table = change_table(reader, table, f"components.{name}.cards", fields["cards"])
        columns, translated = read_columns(reader, table, languages)
        rows = tuple(dataclasses.replace(row, component=name) for row in read_rows(reader, table, specs, template,
                                                                               translated))
        if len(reader.problems) > before and not rows:
            return None
        return CustomComponent(spec, rows, columns, specs, composition, template, reader.loc(fields["cards"]),
                               tuple(dict.fromkeys(translated)), game_size)
    if kind is ComponentKind.DECK:
        reader.error(key_node, f"{what} is a deck: list its cards (cards: {name}.csv, an .xlsx file or a list)")
        return None
    for spec_field in specs:
        reader.error(spec_field.loc, f"field '{spec_field.name}' is declared but {what} has no card list")
    row = CardRow(name, count or 1, (), template, reader.loc(key_node), component=name)
    return CustomComponent(spec, (row,), (), specs, composition, template, reader.loc(key_node), (), game_size,
                           listed=False)


def _shape(reader: Reader, fields: dict[str, yaml.Node], kind: ComponentKind, what: str) -> PieceShape:
    """A token's or tile's outline (default: round tokens, square tiles); every other kind is a rectangle."""
    if kind not in (ComponentKind.TOKEN, ComponentKind.TILE):
        return PieceShape.RECT
    if "shape" not in fields:
        return PieceShape.ROUND if kind is ComponentKind.TOKEN else PieceShape.RECT
    found = reader.choice(fields["shape"], f"{kind.value} shape", tuple(SHAPES))
    return SHAPES[found] if found is not None else PieceShape.RECT


def _size(reader: Reader, fields: dict[str, yaml.Node], kind: ComponentKind, shape: PieceShape, what: str,
          card_size: str, node: yaml.Node) -> tuple[Size, bool]:
    """The component's size, and whether it is the game's ``card_size`` (a deck that gives none).

    ``size:`` is a card template's name (``tarot``), a number (a square or a disc that many mm
    across; a hexagon that many mm corner to corner), ``[width, height]`` or ``{width, height}``
    in millimetres. A box's size comes from its deck."""
    if kind is ComponentKind.BOX:
        return Size(), False
    if "size" not in fields:
        if kind is ComponentKind.DECK:
            return Size(card_size, loc=reader.loc(node)), True
        example = "25 for 25 mm across" if kind in (ComponentKind.TOKEN, ComponentKind.TILE) else "[400, 400] in mm"
        reader.error(_key(node, "kind") or node, f"{what} needs a size (size: {example})")
        return Size(loc=reader.loc(node)), False
    size_node = fields["size"]
    loc = reader.loc(size_node)
    low, high = (MIN_CARD_MM, MAX_CARD_MM) if kind is ComponentKind.DECK else (
        (MIN_PIECE_MM, MAX_CARD_MM) if kind in (ComponentKind.TOKEN, ComponentKind.TILE) else (MIN_CARD_MM, MAX_PIECE_MM))
    if isinstance(size_node, yaml.ScalarNode) and size_node.tag.endswith(":str"):
        name = reader.name(size_node, f"the size of {what}")
        return Size(name or "", loc=loc), False
    if isinstance(size_node, yaml.ScalarNode):
        across = reader.number(size_node, f"the size of {what} (mm)", low, high)
        if across is None:
            return Size(loc=loc), False
        width, height = hex_size(shape, across) if shape in (PieceShape.HEX, PieceShape.HEX_POINTY) else (across, across)
        return Size("", width, height, loc), False
    if isinstance(size_node, yaml.SequenceNode):
        items = reader.sequence(size_node, f"the size of {what}") or []
        if len(items) != 2:
            reader.error(size_node, f"the size of {what} is [width, height] in mm, not {len(items)} numbers")
            return Size(loc=loc), False
        width_node, height_node = items
    elif isinstance(size_node, yaml.MappingNode):
        sub = reader.mapping(size_node, f"the size of {what}", ("width", "height"))
        if sub is None or "width" not in sub or "height" not in sub:
            return Size(loc=loc), False
        width_node, height_node = sub["width"], sub["height"]
    else:
        reader.error(size_node, f"the size of {what} should be a card size's name, a number or [width, height], "
                                f"not {describe(size_node)}")
        return Size(loc=loc), False
    given_width = reader.number(width_node, f"the width of {what} (mm)", low, high)
    given_height = reader.number(height_node, f"the height of {what} (mm)", low, high)
    if given_width is None or given_height is None:
        return Size(loc=loc), False
    return Size("", given_width, given_height, loc), False


def _box(reader: Reader, fields: dict[str, yaml.Node], what: str, key_node: yaml.Node) -> BoxSpec | None:
    """What a box holds: ``deck`` (required), ``thickness`` of a card and ``tolerance`` in mm,
    ``cards_held`` (default: the deck's count)."""
    if "deck" not in fields:
        reader.error(key_node, f"{what} is a box: name the deck it holds (deck: NAME)")
        return None
    deck = reader.name(fields["deck"], f"the deck of {what}")
    thickness = reader.number(fields["thickness"], f"the card thickness of {what} (mm)", 0.05,
                              MAX_THICKNESS_MM) if "thickness" in fields else 0.3
    tolerance = reader.number(fields["tolerance"], f"the tolerance of {what} (mm)", 0,
                              MAX_TOLERANCE_MM) if "tolerance" in fields else 1.0
    held = reader.integer(fields["cards_held"], f"the cards {what} holds", minimum=1,
                          maximum=MAX_COPIES * 2) if "cards_held" in fields else 0
    if deck is None or thickness is None or tolerance is None or held is None:
        return None
    return BoxSpec(deck, thickness, tolerance, held, reader.loc(fields["deck"]))


def _with_boxes(reader: Reader, components: list[CustomComponent]) -> list[CustomComponent]:
    """The components, each box's deck checked to be a deck of the definition (a box whose deck is
    unknown is reported at its ``deck`` and left out)."""
    decks = {c.name for c in components if c.kind is ComponentKind.DECK}
    kept = []
    for component in components:
        box = component.spec.box
        if component.kind is ComponentKind.BOX:
            if box is None:
                continue
            if box.deck not in decks:
                close = closest(box.deck, sorted(decks))
                hint = f"did you mean '{close}'?" if close else f"decks: {', '.join(sorted(decks)) or 'none'}"
                reader.error(box.loc, f"box '{component.name}' holds deck '{box.deck}', which is no deck of this "
                                      f"game ({hint})")
                continue
        kept.append(component)
    return kept


def _unique_ids(reader: Reader, components: list[CustomComponent]) -> None:
    """Every piece id is unique in the game (``--only``, manifests and rules files name pieces by
    id): a row id used by two components is reported at the second."""
    seen: dict[str, tuple[str, SourceLoc]] = {}
    for component in components:
        for row in component.rows:
            earlier = seen.get(row.id)
            if earlier is not None and earlier[0] != component.name:
                reader.error(row.cell("id"), f"'{row.id}' of component '{component.name}' is also a piece of "
                                             f"component '{earlier[0]}' (at {earlier[1]}); ids are unique in a game")
            seen.setdefault(row.id, (component.name, row.cell("id")))
