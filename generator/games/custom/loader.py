"""Build a card-list deck (``game: custom``) from its definition and its card list, every mistake
located in the file where it is written (a CSV cell as ``cards.csv:7:12``)."""

from __future__ import annotations

import yaml

from generator.loader.cardlists import read_table
from generator.loader.common import (
    HEADER_OPTIONAL,
    HEADER_REQUIRED,
    make_info,
    read_header,
)
from generator.loader.fields import Reader
from generator.loader.whatif import DeckValue, change_table
from generator.model.components import Component, ComponentKind, Size

from .loader_cards import (
    read_columns,
    read_composition,
    read_rows,
    read_rules_file,
    read_specs,
    translation_tables,
    with_rules,
)
from .model import (
    DECK,
    KIND,
    Composition,
    CustomComponent,
    CustomDefinition,
    FieldType,
)

FIELDS_REQUIRED = ("game", "id", "name", "players")
FIELDS_OPTIONAL = tuple(k for k in HEADER_REQUIRED + HEADER_OPTIONAL if k not in FIELDS_REQUIRED) + (
    "cards", "fields", "composition", "template", "components", "engine", "scoring", "tie_break")


def build_custom(reader: Reader, root: yaml.Node) -> list[CustomDefinition]:
    """The deck one file defines ([] with located problems when it cannot be built). A card-list
    cell that is wrong is reported and the card keeps it as written, so the deck is still checked
    (templates, composition) in the same run: such a deck is for checking only, the loader's
    caller refuses to print a file with problems."""
    fields = reader.mapping(root, "the card-list definition", FIELDS_REQUIRED, FIELDS_OPTIONAL)
    if fields is None:
        return []
    if "components" in fields:
        from .loader_kit import build_kit

        return build_kit(reader, root, fields)
    if "cards" not in fields:  # a deck without components: its card list is required
        reader.error(root, "the card-list definition is missing the required field 'cards' (or components:, "
                           "for a game of several decks, tokens, boards...)")
    before = len(reader.problems)
    if "rulebook" not in fields:
        fields["rulebook"] = yaml.ScalarNode("tag:yaml.org,2002:str", "the designer's own rules",
                                             root.start_mark, root.end_mark)
    header = read_header(reader, fields, card_tables=True)
    specs = read_specs(reader, fields["fields"]) if "fields" in fields else ()
    template = header.id or ""
    if "template" in fields:
        template = reader.name(fields["template"], "template") or template
    composition = read_composition(reader, fields["composition"]) if "composition" in fields else Composition()
    info = make_info(header, KIND, None, reader.loc(root))
    structural = len(reader.problems) > before  # the definition itself: nothing to check the cards with
    table = read_table(reader, fields["cards"], "cards") if "cards" in fields else None
    if table is not None and reader.table_changes:
        table = change_table(reader, table, "cards", fields["cards"])
    engine = read_rules_file(reader, fields["engine"]) if "engine" in fields else None
    if table is None:
        return []
    columns, translated = read_columns(reader, table, header.languages)
    tables = {lang: found for lang, node in (header.translation_cards or {}).items()
              if (found := read_table(reader, node, f"the cards in {lang}")) is not None}
    rows = read_rows(reader, table, specs, template, translated)
    rows, more = translation_tables(reader, rows, tables, columns)
    translated += more
    if structural or info is None or not rows:
        return []
    size = Size(header.card_size)  # a size problem is reported at the card template, as for every game
    deck = CustomComponent(Component(DECK, ComponentKind.DECK, size, loc=reader.loc(root)), rows, columns, specs,
                           composition, template, reader.loc(fields["cards"]), tuple(dict.fromkeys(translated)),
                           game_size=True)
    return [with_rules(CustomDefinition(info, (deck,)), reader, engine)]


_KINDS = {FieldType.INTEGER: int, FieldType.NUMBER: float, FieldType.BOOLEAN: bool}


def what_ifs(definition: CustomDefinition) -> dict[str, DeckValue]:
    """Every value of the card lists that ``--set`` can change: ``cards.ROW.count`` and
    ``cards.ROW.COLUMN`` for each card and column of a single deck, ``components.NAME.cards.ROW.
    COLUMN`` in a definition with components, typed as the field is declared (undeclared fields
    are text), each located at its cell."""
    found: dict[str, DeckValue] = {}
    for component in definition.components:
        if not component.listed:
            continue
        prefix = f"components.{component.name}.cards" if definition.declared else "cards"
        specs = {spec.name: spec for spec in component.fields}
        for row in component.rows:
            path = f"{prefix}.{row.id}.count"
            found[path] = DeckValue(path, int, row.count, row.cell("count"))
            record = component.record(row)
            for column in component.columns:
                spec = specs.get(column)
                kind = _KINDS.get(spec.type, str) if spec is not None else str
                value = record.get(column)
                if kind is float and isinstance(value, int):
                    value = float(value)
                path = f"{prefix}.{row.id}.{column}"
                found[path] = DeckValue(path, kind, value if value != "" else None, row.cell(column))
    return found
