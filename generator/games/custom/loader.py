"""Build a card-list deck (``game: custom``) from its definition and its card list, every mistake
located in the file where it is written (a CSV cell as ``cards.csv:7:12``)."""

from __future__ import annotations

import difflib
import re

import yaml

from generator.loader.cardlists import Cell, Row, Table, read_table
from generator.loader.common import HEADER_OPTIONAL, HEADER_REQUIRED, make_info, read_header
from generator.loader.fields import Reader
from generator.model.limits import MAX_NUMBER_DIGITS
from generator.model.source import SourceLoc
from generator.model.templates import truth

from .model import KIND, RESERVED, CardRow, Composition, CountBy, CustomDefinition, FieldSpec, FieldType

FIELDS_REQUIRED = ("game", "id", "name", "players", "cards")
FIELDS_OPTIONAL = tuple(k for k in HEADER_REQUIRED + HEADER_OPTIONAL if k not in FIELDS_REQUIRED) + (
    "fields", "composition", "template")
MAX_COPIES = 1000
"""Copies of one card a deck may hold (a collectible-card prototype has a few of each)."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def build_custom(reader: Reader, root: yaml.Node) -> list[CustomDefinition]:
    """The deck one file defines ([] with located problems when it cannot be built)."""
    fields = reader.mapping(root, "the card-list definition", FIELDS_REQUIRED, FIELDS_OPTIONAL)
    if fields is None:
        return []
    before = len(reader.problems)
    if "rulebook" not in fields:
        fields["rulebook"] = yaml.ScalarNode("tag:yaml.org,2002:str", "the designer's own rules",
                                             root.start_mark, root.end_mark)
    header = read_header(reader, fields)
    specs = _specs(reader, fields["fields"]) if "fields" in fields else ()
    table = read_table(reader, fields["cards"], "cards") if "cards" in fields else None
    template = header.id or ""
    if "template" in fields:
        template = reader.name(fields["template"], "template") or template
    rows = _rows(reader, table, specs, template) if table is not None else ()
    composition = _composition(reader, fields["composition"]) if "composition" in fields else Composition()
    info = make_info(header, KIND, None, reader.loc(root))
    if len(reader.problems) > before or info is None or table is None:
        return []
    columns = tuple(c for c in table.columns if c not in RESERVED)
    return [CustomDefinition(info, rows, columns, specs, composition, template, reader.loc(fields["cards"]))]


def _specs(reader: Reader, node: yaml.Node) -> tuple[FieldSpec, ...]:
    """``fields: {rank: {type: integer, min: 1, max: 13}, suit: {type: choice, choices: [...]}}``."""
    specs: list[FieldSpec] = []
    for key_node, value_node in reader.entries(node, "fields"):
        name = str(key_node.value)
        if name in RESERVED:
            reader.error(key_node, f"'{name}' is a column of its own, not a field to declare")
            continue
        sub = reader.mapping(value_node, f"field '{name}'", ("type",), ("min", "max", "choices", "required"))
        if sub is None or "type" not in sub:
            continue
        kind = reader.choice(sub["type"], "field type", [t.value for t in FieldType])
        low = reader.number(sub["min"], f"field '{name}' min") if "min" in sub else None
        high = reader.number(sub["max"], f"field '{name}' max") if "max" in sub else None
        choices: tuple[str, ...] = ()
        if "choices" in sub:
            items = reader.sequence(sub["choices"], f"field '{name}' choices") or []
            choices = tuple(c for c in (reader.text(i, "a choice") for i in items) if c is not None)
        required = bool(reader.boolean(sub["required"], "required")) if "required" in sub else False
        if kind is None:
            continue
        if (low is not None or high is not None) and kind not in ("integer", "number"):
            reader.error(value_node, f"field '{name}': min and max are for integer and number fields")
            continue
        if kind == "choice" and not choices:
            reader.error(value_node, f"field '{name}': a choice field lists its choices")
            continue
        if choices and kind != "choice":
            reader.error(sub["choices"], f"field '{name}': choices are for a field of type choice")
            continue
        if low is not None and high is not None and low > high:
            reader.error(value_node, f"field '{name}': min ({low:g}) is above max ({high:g})")
            continue
        specs.append(FieldSpec(name, FieldType(kind), low, high, choices, required, reader.loc(key_node)))
    return tuple(specs)


def _rows(reader: Reader, table: Table, specs: tuple[FieldSpec, ...], template: str) -> tuple[CardRow, ...]:
    if "id" not in table.columns:
        loc = table.rows[0].loc if table.rows else SourceLoc(reader.path, 1, 1)
        reader.error(loc, "the card list has no 'id' column (one id per distinct card)")
        return ()
    declared = {spec.name: spec for spec in specs}
    for spec in specs:
        if spec.name not in table.columns:
            reader.error(spec.loc, f"field '{spec.name}' is declared but the card list has no such column "
                                   f"(columns: {', '.join(table.columns)})")
    rows: list[CardRow] = []
    seen: dict[str, SourceLoc] = {}
    for row in table.rows:
        card = _row(reader, row, declared, template, seen)
        if card is not None:
            rows.append(card)
    if not rows and not reader.problems:
        reader.error(table.rows[0].loc if table.rows else SourceLoc(reader.path, 1, 1), "the card list holds no card")
    return tuple(rows)


def _row(reader: Reader, row: Row, declared: dict[str, FieldSpec], template: str,
         seen: dict[str, SourceLoc]) -> CardRow | None:
    before = len(reader.problems)
    id_cell = row.cells.get("id", Cell("", row.loc))
    card_id = id_cell.text
    if not card_id:
        reader.error(id_cell.loc, "a card without an id")
    elif not _ID.fullmatch(card_id):
        reader.error(id_cell.loc, f"card id {card_id!r} should use letters, digits, '.', '-' and '_'")
    elif card_id in seen:
        reader.error(id_cell.loc, f"card id '{card_id}' is used twice (first at line {seen[card_id].line})")
    else:
        seen[card_id] = id_cell.loc
    count = 1
    if "count" in row.cells and row.cells["count"].text:
        cell = row.cells["count"]
        if not re.fullmatch(r"[+-]?[0-9]+", cell.text):
            reader.error(cell.loc, f"count {_shown(cell.text)} is not a whole number")
        elif _too_long(reader, cell, f"count of card '{card_id}'"):
            pass
        elif int(cell.text) < 1:
            reader.error(cell.loc, f"count {int(cell.text)} of card '{card_id}': a listed card is printed at least "
                                   "once (leave its row out to print none)")
        elif int(cell.text) > MAX_COPIES:
            reader.error(cell.loc, f"{cell.text} copies of one card; at most {MAX_COPIES} are supported")
        else:
            count = int(cell.text)
    chosen = template
    if "template" in row.cells and row.cells["template"].text:
        chosen = row.cells["template"].text
    values: list[tuple[str, str]] = []
    for name, cell in row.cells.items():
        if name in RESERVED:
            continue
        spec = declared.get(name)
        value = _checked(reader, cell, spec, card_id) if spec is not None else cell.text
        if value is not None:
            values.append((name, value))
    for spec in declared.values():
        if spec.required and not (row.cells.get(spec.name) or Cell("", row.loc)).text:
            reader.error(row.cells.get(spec.name, Cell("", row.loc)).loc, f"card '{card_id}' has no {spec.name} (required)")
    if len(reader.problems) > before:
        return None
    cells = tuple((name, cell.loc) for name, cell in row.cells.items())
    return CardRow(card_id, count, tuple(values), chosen, row.loc, cells)


_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:[.,][0-9]+)?|[.,][0-9]+)")
"""A number as a card list writes it: ASCII digits, one decimal point or comma, no exponent."""


def _checked(reader: Reader, cell: Cell, spec: FieldSpec, card_id: str) -> str | None:
    """The cell's text if it fits the declared field (an empty cell always does unless required)."""
    text = cell.text
    if not text:
        return text
    what = f"{spec.name} {_shown(text)} of card '{card_id}'"
    if spec.type is FieldType.INTEGER:
        if not re.fullmatch(r"[+-]?[0-9]+", text):
            reader.error(cell.loc, f"{what} is not a whole number")
            return None
        if _too_long(reader, cell, f"{spec.name} of card '{card_id}'"):
            return None
        return text if _in_range(reader, cell, spec, float(text), what) else None
    if spec.type is FieldType.NUMBER:
        # digits with one decimal point or comma (a spreadsheet of a country that writes 1,5)
        if not _NUMBER.fullmatch(text):
            reader.error(cell.loc, f"{what} is not a number (write it like 2, -0.5 or 1,5)")
            return None
        if _too_long(reader, cell, f"{spec.name} of card '{card_id}'"):
            return None
        return text if _in_range(reader, cell, spec, float(text.replace(",", ".")), what) else None
    if spec.type is FieldType.CHOICE and text not in spec.choices:
        close = difflib.get_close_matches(text, spec.choices, n=1, cutoff=0.6)
        hint = f"did you mean '{close[0]}'?" if close else f"choices: {', '.join(spec.choices)}"
        reader.error(cell.loc, f"{what} is not one of the choices ({hint})")
        return None
    if spec.type is FieldType.BOOLEAN:
        meant = truth(text)
        if meant is None:
            reader.error(cell.loc, f"{what} should be true or false (or yes/no, 1/0)")
            return None
        return "true" if meant else "false"
    if spec.type is FieldType.COLOUR and not _HEX.match(text):
        reader.error(cell.loc, f"{what} should be a colour like #d62828")
        return None
    return text


def _too_long(reader: Reader, cell: Cell, what: str) -> bool:
    """Whether the number in ``cell`` has more than MAX_NUMBER_DIGITS digits (reported at the cell):
    Python converts at most 4300, and a card's numbers have a few."""
    digits = sum(char.isdigit() for char in cell.text)
    if digits > MAX_NUMBER_DIGITS:
        reader.error(cell.loc, f"the {what} is a number of {digits} digits; at most {MAX_NUMBER_DIGITS} are supported")
        return True
    return False


def _shown(text: str) -> str:
    """A cell's text in a message: quoted, and cut short when long."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


def _in_range(reader: Reader, cell: Cell, spec: FieldSpec, number: float, what: str) -> bool:
    if spec.minimum is not None and number < spec.minimum:
        reader.error(cell.loc, f"{what} is below its minimum {spec.minimum:g}")
        return False
    if spec.maximum is not None and number > spec.maximum:
        reader.error(cell.loc, f"{what} is above its maximum {spec.maximum:g}")
        return False
    return True


def _composition(reader: Reader, node: yaml.Node) -> Composition:
    """``composition: {total: 60, count_by: {suit: {sun: 13, ...}}}``."""
    fields = reader.mapping(node, "composition", (), ("total", "count_by"))
    if fields is None:
        return Composition()
    total = reader.integer(fields["total"], "composition total", minimum=0, maximum=1_000_000) if "total" in fields else None
    counts: list[CountBy] = []
    for key_node, value_node in reader.entries(fields["count_by"], "count_by") if "count_by" in fields else ():
        expected: list[tuple[str, int, SourceLoc]] = []
        for value_key, count_node in reader.entries(value_node, f"count_by {key_node.value}"):
            count = reader.integer(count_node, f"the count of {key_node.value} {value_key.value}", minimum=0,
                                   maximum=1_000_000)
            if count is not None:
                expected.append((str(value_key.value), count, reader.loc(value_key)))
        counts.append(CountBy(str(key_node.value), tuple(expected), reader.loc(key_node)))
    return Composition(total, reader.loc(fields["total"]) if "total" in fields else reader.loc(node), tuple(counts))
