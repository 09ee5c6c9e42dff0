"""Card lists as tables: a CSV file (UTF-8, with or without a BOM, comma or semicolon), an Excel
workbook (``.xlsx``, its first sheet) or an inline YAML list of mappings; every cell keeps its
place (``cards.csv:7:12``) so a mistake in a card is reported where the designer types it.

The first row of a file names the columns. Files are read only from inside the folder of the
definition that names them, with a size limit.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from ..files.paths import display_path, followed
from ..files.saferead import MAX_TABLE_BYTES, ReadError, read_regular
from ..model.limits import (
    MAX_CELL_CHARS,
    MAX_TABLE_CELLS,
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
)
from ..model.source import SourceLoc
from .errors import Problem
from .fields import Reader, describe
from .workbook import WorkbookRefused, read_first_sheet

KINDS = (".csv", ".xlsx")
_COLUMN = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)?")
"""A column name; ``name.de`` is the column ``name`` in German (a language the deck declares)."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One value of a card list, as text, and where it is written."""

    text: str
    loc: SourceLoc


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a card list: its cells by column name (absent columns have no cell)."""

    loc: SourceLoc
    cells: dict[str, Cell]


@dataclass(frozen=True, slots=True)
class Table:
    """A card list: its column names in order and its rows."""

    columns: tuple[str, ...]
    rows: tuple[Row, ...]


def read_table(reader: Reader, node: yaml.Node, what: str) -> Table | None:
    """The card list ``node`` gives: a file name (CSV or XLSX beside the definition) or an inline
    list of mappings. Problems are recorded in ``reader`` (and the table's own file)."""
    if isinstance(node, yaml.SequenceNode):
        return _inline(reader, node, what)
    name = reader.text(node, what)
    if name is None:
        return None
    path = _file(reader, node, name)
    if path is None:
        return None
    shown = display_path(path)
    try:
        data = read_regular(path, MAX_TABLE_BYTES, "card list")
    except ReadError as exc:  # located at the card list itself, as a definition file's are
        reader.problems.append(Problem(SourceLoc(shown, 1, 1), str(exc)))
        return None
    if path.suffix.lower() == ".xlsx":
        return _xlsx(reader, data, shown)
    return _csv(reader, data, shown)


def _file(reader: Reader, node: yaml.Node, name: str) -> Path | None:
    """The card list file, beside the definition and never outside its folder."""
    if reader.file is None:
        reader.error(node, f"the card list '{name}' cannot be read here: name the cards inline")
        return None
    folder = followed(reader.file).parent
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*:", name) or Path(name).is_absolute() or "\0" in name:
        reader.error(node, f"card list '{name}' should be a file name beside {Path(reader.path).name} (no URL, no absolute path)")
        return None
    try:
        path = (folder / name).resolve()
    except (OSError, RuntimeError):
        reader.error(node, f"card list '{name}' cannot be followed (a symbolic link loop?)")
        return None
    if not path.is_relative_to(folder):
        reader.error(node, f"card list '{name}' is outside the folder of {Path(reader.path).name}; keep it beside it")
        return None
    if path.suffix.lower() not in KINDS:
        reader.error(node, f"card list '{name}': a .csv or .xlsx file, or an inline list of cards")
        return None
    if not path.exists():
        reader.error(node, f"card list '{name}' does not exist (looked beside {Path(reader.path).name})")
        return None
    return path  # a FIFO, a folder or a device is refused by its reading, which says what it is


def _columns(problems: Reader, names: list[str], locs: list[SourceLoc]) -> list[str] | None:
    """The header row's column names, each checked (a name, given once)."""
    good: list[str] = []
    ok = True
    if len(names) > MAX_TABLE_COLUMNS:
        problems.error(locs[0], f"{len(names)} columns; at most {MAX_TABLE_COLUMNS}")
        return None
    unnamed: list[SourceLoc] = []
    for name, loc in zip(names, locs):
        name = name.strip()
        if not name:  # blank names are reported together, at the first of each run of them
            unnamed.append(loc)
            ok = False
            continue
        _unnamed(problems, unnamed)
        if not _COLUMN.fullmatch(name):
            shown = name if len(name) <= 40 else name[:40] + "..."
            problems.error(loc, f"column name {shown!r} should be a name (letters, digits, '-' and '_', not starting with a digit)")
            ok = False
        elif name in good:
            problems.error(loc, f"column '{name}' is given twice")
            ok = False
        good.append(name)
    _unnamed(problems, unnamed)
    return good if ok else None


def _unnamed(problems: Reader, locs: list[SourceLoc]) -> None:
    """Report a run of columns without a name (then forget it)."""
    if locs:
        which = f"column {locs[0].column}" if len(locs) == 1 else f"columns {locs[0].column} to {locs[-1].column}"
        problems.error(locs[0], f"{which} {'has' if len(locs) == 1 else 'have'} no name: the first row names "
                                "every column of the card list")
        locs.clear()


def _csv(reader: Reader, data: bytes, shown: str) -> Table | None:
    table_problems = Reader(shown)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        reader.problems.append(Problem(SourceLoc(shown, line, 1),
                                        "the card list is not UTF-8 text: save it as 'CSV UTF-8' from the spreadsheet"))
        return None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # Windows' and old Macs' line ends
    lines = text.split("\n")
    if not lines or not lines[0].strip():
        reader.problems.append(Problem(SourceLoc(shown, 1, 1), "the card list is empty: its first line names the columns"))
        return None
    header = lines[0]
    delimiter = ";" if header.count(";") > header.count(",") else ","
    records = csv.reader(io.StringIO(text), delimiter=delimiter, strict=True)
    rows: list[Row] = []
    columns: list[str] | None = None
    count = 0
    try:
        line_start = 1
        for record in records:
            end_line = records.line_num
            if columns is None:
                columns = _columns(table_problems, record, [SourceLoc(shown, 1, c) for c in _starts(header, delimiter, len(record))])
                if columns is None:
                    break
                line_start = end_line + 1
                continue
            if not any(value.strip() for value in record):
                line_start = end_line + 1
                continue
            if len(rows) >= MAX_TABLE_ROWS:
                table_problems.error(SourceLoc(shown, line_start, 1), f"more than {MAX_TABLE_ROWS:,} cards in one list")
                break
            raw = lines[line_start - 1] if line_start == end_line and line_start - 1 < len(lines) else ""
            starts = _starts(raw, delimiter, len(record)) if raw else [1] * len(record)
            if len(record) > len(columns):
                table_problems.error(SourceLoc(shown, line_start, starts[len(columns)]),
                                     f"{len(record)} values but {len(columns)} columns")
            cells = {name: Cell(value.strip(), SourceLoc(shown, line_start, col))
                     for name, value, col in zip(columns, record, starts)}
            count += len(cells)
            if _too_many(table_problems, count, SourceLoc(shown, line_start, 1)) or _long_cells(table_problems, cells):
                break
            rows.append(Row(SourceLoc(shown, line_start, 1), cells))
            line_start = end_line + 1
    except csv.Error as exc:
        table_problems.error(SourceLoc(shown, records.line_num or 1, 1), f"not a valid CSV line: {exc}")
    reader.problems.extend(table_problems.problems)
    if columns is None or table_problems.problems:
        return None
    return Table(tuple(columns), tuple(rows))


def _too_many(problems: Reader, cells: int, where: SourceLoc) -> bool:
    """Whether the rows read so far hold more than MAX_TABLE_CELLS cells (empty ones included:
    each is kept), reported at the row that passes the limit."""
    if cells <= MAX_TABLE_CELLS:
        return False
    problems.error(where, f"more than {MAX_TABLE_CELLS:,} cells (cards x columns) in one list; at most {MAX_TABLE_CELLS:,}")
    return True


def _long_cells(problems: Reader, cells: dict[str, Cell]) -> bool:
    """Whether a cell of a row is longer than MAX_CELL_CHARS (each such cell is reported)."""
    long = [cell for cell in cells.values() if len(cell.text) > MAX_CELL_CHARS]
    for cell in long:
        problems.error(cell.loc, f"a value of {len(cell.text):,} characters; at most {MAX_CELL_CHARS:,} "
                                 "(Excel's own limit for a cell)")
    return bool(long)


def _starts(line: str, delimiter: str, count: int) -> list[int]:
    """The 1-based column where each of the first ``count`` cells of a one-line record starts."""
    starts, quoted = [1], False
    if count <= 1:
        return starts
    for match in _SPECIAL[delimiter].finditer(line):  # only quotes and delimiters matter
        if match.group() == '"':
            quoted = not quoted
        elif not quoted:
            starts.append(match.start() + 2)
            if len(starts) >= count:
                break
    return starts + [starts[-1]] * (count - len(starts))


_SPECIAL = {d: re.compile(f'["{re.escape(d)}]') for d in (",", ";")}


def _xlsx(reader: Reader, data: bytes, shown: str) -> Table | None:
    """The first sheet of an Excel workbook, checked before it is read (``loader.workbook``)."""
    table_problems = Reader(shown)
    rows: list[Row] = []
    columns: list[str] | None = None
    count = 0
    try:
        sheet = read_first_sheet(data)
        for number, values in enumerate(sheet.rows, start=1):
            texts = [_cell_text(v) for v in values]
            for c, value in enumerate(values, start=1):
                formula = sheet.formulas.get((number, c)) if value is None else None
                if formula is not None:  # reported beside the cells' own mistakes (the table is still read)
                    reader.error(SourceLoc(shown, number, c), f"the formula {formula[:40]!r} has no saved result "
                                         "(open the workbook in a spreadsheet program and save it: that stores the results)")
            if columns is None:
                while texts and not texts[-1]:
                    texts.pop()
                columns = _columns(table_problems, texts, [SourceLoc(shown, 1, c) for c in range(1, len(texts) + 1)])
                if columns is None:
                    break
                continue
            if not any(texts):
                continue
            if len(rows) >= MAX_TABLE_ROWS:
                table_problems.error(SourceLoc(shown, number, 1), f"more than {MAX_TABLE_ROWS:,} cards in one list")
                break
            cells = {name: Cell(text, SourceLoc(shown, number, c))
                     for c, (name, text) in enumerate(zip(columns, texts), start=1)}
            count += len(cells)
            if _too_many(table_problems, count, SourceLoc(shown, number, 1)) or _long_cells(table_problems, cells):
                break
            rows.append(Row(SourceLoc(shown, number, 1), cells))
    except WorkbookRefused as exc:
        reader.problems.append(Problem(SourceLoc(shown, exc.row, exc.column), str(exc)))
        return None
    if columns is None and not table_problems.problems:
        table_problems.error(SourceLoc(shown, 1, 1), "the card list is empty: its first row names the columns")
    reader.problems.extend(table_problems.problems)
    if columns is None or table_problems.problems:
        return None
    return Table(tuple(columns), tuple(rows))


def _cell_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value).strip()


def _inline(reader: Reader, node: yaml.SequenceNode, what: str) -> Table | None:
    columns: list[str] = []
    rows: list[Row] = []
    before = len(reader.problems)
    for item in node.value:
        if not isinstance(item, yaml.MappingNode):
            reader.error(item, f"a card of {what} should be a mapping of fields, not {describe(item)}")
            continue
        cells: dict[str, Cell] = {}
        for key_node, value_node in item.value:
            key = str(key_node.value) if isinstance(key_node, yaml.ScalarNode) else ""
            if not _COLUMN.fullmatch(key):
                reader.error(key_node, f"field name {key!r} should be a name (letters, digits, '-' and '_')")
                continue
            if key in cells:
                reader.error(key_node, f"field '{key}' is given twice")
                continue
            if not isinstance(value_node, yaml.ScalarNode):
                reader.error(value_node, f"field '{key}' should be a single value, not {describe(value_node)}")
                continue
            value = "" if value_node.tag.endswith(":null") else str(value_node.value)
            cells[key] = Cell(value.strip(), reader.loc(value_node))
            if key not in columns:
                columns.append(key)
        rows.append(Row(reader.loc(item), cells))
    if len(reader.problems) > before:
        return None
    return Table(tuple(columns), tuple(rows))

