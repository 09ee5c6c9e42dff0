"""Reading a designer's card list: its declared fields and their types, each row checked cell by
cell, the composition a deck must have, the rules file it names. Shared by a deck of its own
(``loader``) and the decks of a kit (``loader_kit``)."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import yaml

from generator.files.paths import display_path
from generator.files.saferead import MAX_RULES_BYTES, ReadError, read_regular
from generator.loader.cardlists import Cell, Row, Table
from generator.loader.fields import Reader
from generator.model.limits import MAX_NUMBER_DIGITS
from generator.model.rulesource import RulesSource
from generator.model.source import SourceLoc
from generator.model.suggest import closest
from generator.model.templates import truth

from .model import (
    RESERVED,
    CardRow,
    Composition,
    CountBy,
    CustomDefinition,
    FieldSpec,
    FieldType,
)

MAX_COPIES = 1000
"""Copies of one card a deck may hold (a collectible-card prototype has a few of each)."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")


def with_rules(definition: CustomDefinition, reader: Reader, engine: RulesSource | None) -> CustomDefinition:
    """``definition`` with its rules file and the files it reads besides its own (card lists, the
    rules file): what a run's deck identity hashes."""
    files = tuple(dict.fromkeys(row.loc.path for row in definition.rows if row.loc.path != reader.path))
    if engine is not None:
        files += (engine.path,)
    return dataclasses.replace(definition, engine=engine, files=files)


def read_rules_file(reader: Reader, node: yaml.Node) -> RulesSource | None:
    """The rules file ``engine:`` names: a ``.py`` file beside the definition (or in a folder under
    it), read as UTF-8 text with a size limit, never run here."""
    name = reader.text(node, "engine")
    if name is None:
        return None
    if reader.file is None:
        reader.error(node, f"the rules file '{name}' cannot be read here")
        return None
    folder = reader.file.resolve().parent
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", name) or Path(name).is_absolute() or "\0" in name:
        reader.error(node, f"engine '{name}' should be a file name beside {Path(reader.path).name} (no URL, no "
                           "absolute path)")
        return None
    try:
        path = (folder / name).resolve()
    except (OSError, RuntimeError):
        reader.error(node, f"engine '{name}' cannot be followed (a symbolic link loop?)")
        return None
    if not path.is_relative_to(folder):
        reader.error(node, f"engine '{name}' is outside the folder of {Path(reader.path).name}; keep it beside it")
        return None
    if path.suffix != ".py":
        reader.error(node, f"engine '{name}': a rules file is a Python file (rules.py)")
        return None
    if not path.exists():
        reader.error(node, f"engine '{name}' does not exist (looked beside {Path(reader.path).name})")
        return None
    try:
        data = read_regular(path, MAX_RULES_BYTES, "rules file")
    except ReadError as exc:
        reader.error(node, f"engine '{name}': {exc}")
        return None
    shown = display_path(path)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        reader.error(SourceLoc(shown, line, 1), "the rules file is not UTF-8 text")
        return None
    return RulesSource(shown, text, reader.loc(node))


def read_columns(reader: Reader, table: Table, languages: tuple[str, ...]) -> tuple[tuple[str, ...], list[tuple[str, str]]]:
    """The card's fields (the columns but ``id``, ``count``, ``template`` and translations) and
    the (language, field) of each translation column (``name.de``): a column whose name ends in
    a language the deck does not declare is reported at its header cell."""
    fields = tuple(c for c in table.columns if c not in RESERVED and "." not in c)
    translated: list[tuple[str, str]] = []
    header = table.rows[0].loc if table.rows else SourceLoc(reader.path, 1, 1)
    for column in table.columns:
        if "." not in column:
            continue
        name, _, language = column.rpartition(".")
        where = next((row.cells[column].loc for row in table.rows if column in row.cells), header)
        where = SourceLoc(where.path, 1, where.column) if where.path == header.path else where
        if language not in languages[1:]:
            listed = ", ".join(languages[1:])
            why = (f"'{language}' is not one of the deck's further languages ({listed})" if listed
                   else f"the deck names no languages: add languages: [en, {language}] to it")
            reader.error(where, f"column '{column}' looks like a translation of '{name}', but {why}")
        elif name not in fields:
            reader.error(where, f"column '{column}' translates '{name}', which is not a column of the card list")
        else:
            translated.append((language, name))
    return fields, translated


def translation_tables(reader: Reader, rows: tuple[CardRow, ...], tables: dict[str, Table],
                        fields: tuple[str, ...]) -> tuple[tuple[CardRow, ...], list[tuple[str, str]]]:
    """The cards with the translations of each language's table (``translations: {de: {cards:
    FILE}}``: an ``id`` column and the fields in that language, named as in the card list)."""
    by_id = {row.id: row for row in rows}
    extra: dict[str, list[tuple[str, str, str]]] = {}
    cells: dict[str, list[tuple[str, str, SourceLoc]]] = {}
    translated: list[tuple[str, str]] = []
    for language, table in tables.items():
        header = table.rows[0].loc if table.rows else SourceLoc(reader.path, 1, 1)
        if "id" not in table.columns:
            reader.error(header, f"the cards in {language} have no 'id' column (the id of the card each row translates)")
            continue
        columns = []
        for column in table.columns:
            name = column[:-len(language) - 1] if column.endswith(f".{language}") else column
            if column == "id":
                continue
            if name in RESERVED or name not in fields:
                where = next((row.cells[column].loc for row in table.rows if column in row.cells), header)
                reader.error(SourceLoc(where.path, 1, where.column), f"column '{column}' of the cards in {language} is "
                             f"not a field of the card list (fields: {', '.join(fields)})")
                continue
            columns.append((column, name))
            translated.append((language, name))
        for row in table.rows:
            cell = row.cells.get("id")
            if cell is None or not cell.text:
                continue
            if cell.text not in by_id:
                close = closest(cell.text, list(by_id))
                hint = f" (did you mean '{close}'?)" if close else ""
                reader.error(cell.loc, f"the cards in {language} translate card '{cell.text}', which the card list "
                                       f"does not have{hint}")
                continue
            for column, name in columns:
                if column in row.cells:
                    extra.setdefault(cell.text, []).append((language, name, row.cells[column].text))
                    cells.setdefault(cell.text, []).append((language, name, row.cells[column].loc))
    updated = tuple(dataclasses.replace(row, translations=row.translations + tuple(extra.get(row.id, ())),
                                        translation_cells=row.translation_cells + tuple(cells.get(row.id, ())))
                    if row.id in extra else row for row in rows)
    return updated, translated


def read_specs(reader: Reader, node: yaml.Node) -> tuple[FieldSpec, ...]:
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


def read_rows(reader: Reader, table: Table, specs: tuple[FieldSpec, ...], template: str,
          translated: list[tuple[str, str]] = ()) -> tuple[CardRow, ...]:  # type: ignore[assignment]
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
        card = _row(reader, row, declared, template, seen, translated)
        if card is not None:
            rows.append(card)
    if not rows and not reader.problems:
        reader.error(table.rows[0].loc if table.rows else SourceLoc(reader.path, 1, 1), "the card list holds no card")
    return tuple(rows)


def _row(reader: Reader, row: Row, declared: dict[str, FieldSpec], template: str,
         seen: dict[str, SourceLoc], translated: list[tuple[str, str]] = ()) -> CardRow | None:  # type: ignore[assignment]
    """One card; None when its id is unusable. A cell that breaks its field's type is reported
    and kept as written (the rest of the deck is still checked)."""
    id_cell = row.cells.get("id", Cell("", row.loc))
    card_id = id_cell.text
    if not card_id:
        reader.error(id_cell.loc, "a card without an id")
        return None
    if not _ID.fullmatch(card_id):
        reader.error(id_cell.loc, f"card id {card_id!r} should use letters, digits, '.', '-' and '_'")
        return None
    if card_id in seen:
        reader.error(id_cell.loc, f"card id '{card_id}' is used twice (first at line {seen[card_id].line})")
        return None
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
    translations: list[tuple[str, str, str]] = []
    translation_cells: list[tuple[str, str, SourceLoc]] = []
    wanted = {f"{name}.{language}": (language, name) for language, name in translated}
    for name, cell in row.cells.items():
        if name in RESERVED:
            continue
        if "." in name:
            if name in wanted:
                language, field = wanted[name]
                translations.append((language, field, cell.text))
                translation_cells.append((language, field, cell.loc))
            continue
        spec = declared.get(name)
        value = _checked(reader, cell, spec, card_id) if spec is not None else cell.text
        values.append((name, cell.text if value is None else value))
    for spec in declared.values():
        if spec.required and not (row.cells.get(spec.name) or Cell("", row.loc)).text:
            reader.error(row.cells.get(spec.name, Cell("", row.loc)).loc, f"card '{card_id}' has no {spec.name} (required)")
    cells = tuple((name, cell.loc) for name, cell in row.cells.items())
    return CardRow(card_id, count, tuple(values), chosen, row.loc, cells, tuple(translations), tuple(translation_cells))


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
        close = closest(text, spec.choices)
        hint = f"did you mean '{close}'?" if close else f"choices: {', '.join(spec.choices)}"
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


def read_composition(reader: Reader, node: yaml.Node) -> Composition:
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
