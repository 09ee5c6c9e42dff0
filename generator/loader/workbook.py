"""Excel card lists (``.xlsx``), read without trusting the file.

A workbook is a zip archive of XML parts, and each layer can be made to explode: a 3 MB archive
can unpack to gigabytes, a few kilobytes of XML can declare fifty million empty rows or thirty
million shared strings, a sheet can claim to span a million columns. So nothing is handed to
openpyxl before it has been bounded:

1. the archive's listing (``saferead.open_zip``): what each part unpacks to, and the ratio;
2. every XML part, streamed once through defusedxml's expat reader with no tree built
   (``inspect``): no document type declarations, entities or external references (defusedxml
   refuses them; openpyxl, which parses with defusedxml when it is installed, would refuse them
   too), bounded nesting and element counts, and for each worksheet
   where its values really lie (the row and column of every cell that holds one, whatever the
   sheet's ``<dimension>`` claims), how many there are and how long each is, the formulas whose
   result was never saved, and the shared strings' count and lengths;
3. openpyxl then reads the first sheet in read-only mode, asked for exactly the rows and
   columns that hold values, so its padding of missing rows and cells is bounded too.

Every refusal is a ``WorkbookRefused`` with the row and column of the cell it is about (1, 1
for the file as a whole), which the card-list reader locates in the file.
"""

from __future__ import annotations

import io
import re
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Iterator
from xml.sax import SAXParseException
from xml.sax.handler import ContentHandler, feature_namespaces

from defusedxml import DefusedXmlException
from defusedxml.expatreader import DefusedExpatParser

from ..files.saferead import ReadError, open_zip
from ..model.limits import (
    MAX_CELL_CHARS,
    MAX_FORMULA_CHARS,
    MAX_TABLE_CELLS,
    MAX_TABLE_COLUMNS,
    MAX_TABLE_ROWS,
)

if TYPE_CHECKING:
    import zipfile

    from openpyxl.workbook.workbook import Workbook
    from openpyxl.worksheet._read_only import ReadOnlyWorksheet

MAX_XML_DEPTH = 32
"""Nesting of a part's XML elements: spreadsheet XML nests about eight deep."""

MAX_PART_ELEMENTS = 100_000
"""Elements of a part other than a worksheet or the shared strings (styles, the workbook, its
relationships: a few hundred to a few thousand in a real workbook). openpyxl builds an object for
each one it reads."""

MAX_SHEET_ELEMENTS = 4 * MAX_TABLE_CELLS + MAX_TABLE_ROWS
"""Elements of a worksheet or of the shared strings: a cell is written with two or three
(``<c><v>``, ``<c><is><t>``), a shared string with two, and every row with one."""

EXCEL_ROWS = 1_048_576
EXCEL_COLUMNS = 16_384
"""The largest sheet Excel writes: a row or column number beyond is not a spreadsheet's."""

_CELL = re.compile(r"([A-Z]{1,3})([0-9]{1,7})")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]{1,3})?")
"""A number as a workbook stores one (openpyxl converts it with int() or float())."""
_STRICT = "http://purl.oclc.org/ooxml/"
_XML_SUFFIXES = (".xml", ".rels", ".vml")


class WorkbookRefused(Exception):
    """A workbook that cannot be read safely, or not at all; ``row`` and ``column`` place the
    cell the message is about (1, 1: the file as a whole)."""

    def __init__(self, message: str, row: int = 1, column: int = 1) -> None:
        super().__init__(message)
        self.row, self.column = row, column


@dataclass
class SheetFacts:
    """What the inspection found in one worksheet part: where its values lie, how many there
    are, the first value beyond a card list's limits (refused only if the sheet is the one read),
    the formulas without a saved result and the highest shared string a cell uses."""

    last_row: int = 0
    last_column: int = 0
    cells: int = 0
    beyond: WorkbookRefused | None = None
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)
    highest_string: int = -1


@dataclass(frozen=True)
class FirstSheet:
    """The first sheet of a workbook, bounded: its rows (each a tuple of cell values, ``None`` for
    an empty cell, from row 1 to the last row holding a value) and the formulas that have no
    saved result, by (row, column)."""

    rows: Iterator[tuple[object, ...]]
    formulas: dict[tuple[int, int], str]


def read_first_sheet(data: bytes) -> FirstSheet:
    """The first sheet of the workbook ``data`` (see the module docstring); WorkbookRefused with
    what is wrong. Reading ``rows`` may raise WorkbookRefused too (a sheet openpyxl cannot read
    past some row)."""
    try:
        archive = open_zip(data, "Excel workbook")
    except ReadError as exc:
        raise WorkbookRefused(str(exc)) from None
    strings, sheets = inspect(archive)
    try:
        from openpyxl import load_workbook
    except ImportError:  # pragma: no cover - openpyxl is a dependency
        raise WorkbookRefused("reading .xlsx card lists needs openpyxl (pip install openpyxl)") from None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "no default style", dates out of range: nothing to tell
            book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            sheet = book.worksheets[0] if book.worksheets else None
    except Exception as exc:  # noqa: BLE001 - whatever openpyxl raises on a checked but broken file
        raise WorkbookRefused(f"cannot be read as an Excel workbook: {_cause(exc)}") from None
    if sheet is None or not hasattr(sheet, "iter_rows"):
        book.close()
        raise WorkbookRefused("the workbook has no sheet of cells first (a chart sheet?)" if sheet else
                              "the workbook has no sheet")
    path = str(getattr(sheet, "_worksheet_path", "")).lstrip("/")
    facts = sheets.get(path)
    if facts is None:  # a part not named like XML: inspect it too before openpyxl reads it
        try:
            part = _inspect(archive, archive.getinfo(path))
        except KeyError:
            part = None
        if part is None or part.root != "worksheet":
            book.close()
            raise WorkbookRefused(f"the workbook's first sheet ({path[:80]}) is not a worksheet it holds")
        facts = part.sheet
    if facts.beyond is not None:
        book.close()
        raise facts.beyond
    if facts.highest_string >= strings:
        book.close()
        raise WorkbookRefused(f"a cell refers to shared string {facts.highest_string + 1:,}, but the workbook "
                              f"has {strings:,}: the file is damaged")
    return FirstSheet(_rows(book, sheet, facts), facts.formulas)


def _rows(book: Workbook, sheet: ReadOnlyWorksheet, facts: SheetFacts) -> Iterator[tuple[object, ...]]:
    """The sheet's rows, from the first to the last holding a value, as wide as the widest."""
    if facts.last_row == 0:
        book.close()
        return
    number = 0
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            rows = sheet.iter_rows(  # type: ignore[misc]  # the stubs type it for Worksheet only
                min_row=1, max_row=facts.last_row, min_col=1, max_col=facts.last_column, values_only=True)
            for number, values in enumerate(rows, start=1):
                yield tuple(values)
    except Exception as exc:  # noqa: BLE001 - as above
        raise WorkbookRefused(f"cannot be read as an Excel workbook: {_cause(exc)}", number + 1) from None
    finally:
        book.close()


def _cause(exc: BaseException) -> str:
    """The first line of what went wrong (openpyxl wraps the XML parser's error in a message of
    several lines naming an in-memory file)."""
    inner = exc.__cause__ or exc
    lines = str(inner).strip().splitlines()
    return lines[0][:200] if lines else type(inner).__name__


# -- the inspection ------------------------------------------------------------------------------


def inspect(archive: zipfile.ZipFile) -> tuple[int, dict[str, SheetFacts]]:
    """Stream every XML part of ``archive`` through expat (see the module docstring): the number
    of shared strings, and the facts of each worksheet part by its name in the archive.
    WorkbookRefused for a part that breaks a bound whatever sheet is read."""
    strings = 0
    sheets: dict[str, SheetFacts] = {}
    for member in archive.infolist():
        if not member.filename.lower().endswith(_XML_SUFFIXES) or member.is_dir():
            continue
        part = _inspect(archive, member)
        if part.root == "sst":
            strings = max(strings, part.strings)
        elif part.root == "worksheet":
            sheets[member.filename] = part.sheet
    return strings, sheets


def _inspect(archive: zipfile.ZipFile, member: zipfile.ZipInfo) -> _Part:
    """One part streamed through its checks."""
    part = _Part(member.filename)
    parser = DefusedExpatParser(forbid_dtd=True, forbid_entities=True, forbid_external=True)
    parser.setFeature(feature_namespaces, True)
    parser.setContentHandler(part)
    try:
        with archive.open(member) as stream:
            while chunk := stream.read(1 << 16):
                parser.feed(chunk)
            parser.close()
    except WorkbookRefused:
        raise
    except DefusedXmlException:
        raise WorkbookRefused(f"the workbook's part {part.name} declares a document type or entities, which "
                              "spreadsheets never do") from None
    except SAXParseException as exc:
        raise WorkbookRefused(f"the workbook's part {part.name} is not well-formed XML: {exc.getMessage()} "
                              f"(line {exc.getLineNumber()})") from None
    except Exception as exc:  # noqa: BLE001 - zipfile's and zlib's errors on a damaged archive
        raise WorkbookRefused(f"the workbook's part {part.name} cannot be unpacked (a damaged file?): "
                              f"{_cause(exc)}") from None
    return part


class _Part(ContentHandler):
    """The handlers that check one part as it streams by (nothing of it is kept but counts,
    places and the first characters of formulas)."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name[:80]
        self.root = ""
        self.depth = 0
        self.elements = 0
        self.limit = MAX_PART_ELEMENTS
        self.strings = 0
        self.sheet = SheetFacts()
        # the cell being read (worksheets) or the shared string (sst)
        self.text_of: str | None = None
        """The element whose text is being measured: "v", "f", "is" (inline string) or "si"."""
        self.length = 0
        self.value = ""
        self.formula: str | None = None
        self.shared: dict[str, str] = {}
        """The text of each shared formula, by its ``si`` (the cells that share it write no text)."""
        self.shared_key: str | None = None
        self.row = 0
        self.column = 0
        self.cell: tuple[int, int] = (0, 0)
        self.kind = "n"
        self.has_value = False
        self.inline = False

    # -- the parser's handlers
    def startElementNS(self, name: tuple[str | None, str], qname: str | None, attrs: Any) -> None:
        uri, local = name
        self.depth += 1
        self.elements += 1
        if self.depth == 1:
            self.root = local
            if local in ("worksheet", "sst"):
                self.limit = MAX_SHEET_ELEMENTS
            if (uri or "").startswith(_STRICT):
                raise WorkbookRefused("a Strict Open XML workbook, which cardforge does not read: save it as an "
                                      "Excel Workbook (.xlsx)")
        if self.depth > MAX_XML_DEPTH:
            raise WorkbookRefused(f"the workbook's part {self.name} nests its elements more than {MAX_XML_DEPTH} deep")
        if self.elements > self.limit:
            raise WorkbookRefused(f"the workbook's part {self.name} holds more than {self.limit:,} elements; a card list's "
                                  "workbook holds far fewer")
        if self.root == "worksheet":
            self._sheet_start(local, attrs)
        elif self.root == "sst" and local == "si":
            self.strings += 1
            if self.strings > MAX_TABLE_CELLS:
                raise WorkbookRefused(f"the workbook holds more than {MAX_TABLE_CELLS:,} shared strings; a card list "
                                      f"holds at most {MAX_TABLE_CELLS:,} values")
            self.text_of, self.length = "si", 0

    def endElementNS(self, name: tuple[str | None, str], qname: str | None) -> None:
        local = name[1]
        self.depth -= 1
        if self.root == "worksheet":
            self._sheet_end(local)
        elif local == "si":
            self.text_of = None

    def characters(self, data: str) -> None:
        if self.text_of is None:
            return
        self.length += len(data)
        if self.text_of == "f":
            if self.length > MAX_FORMULA_CHARS:
                raise WorkbookRefused(f"a formula of more than {MAX_FORMULA_CHARS:,} characters", *self.cell)
            if len(self.formula or "") < 40:
                self.formula = (self.formula or "") + data[:40]
            return
        if self.length > MAX_CELL_CHARS:
            if self.text_of == "si":
                raise WorkbookRefused(f"shared string {self.strings:,} is longer than {MAX_CELL_CHARS:,} characters "
                                      "(Excel's own limit for a cell)")
            raise WorkbookRefused(f"the cell holds more than {MAX_CELL_CHARS:,} characters (Excel's own limit)", *self.cell)
        if self.text_of == "v" and len(self.value) <= 40:
            self.value += data[:41]

    # -- worksheets
    def _sheet_start(self, local: str, attrs: Any) -> None:
        if local == "row":
            given = attrs.get((None, "r"))
            self.row = _number(given, EXCEL_ROWS, "row") if given is not None else self.row + 1
            self.column = 0
        elif local == "c":
            given = attrs.get((None, "r"))
            if given is not None:
                self.cell = _coordinate(given)
            else:
                self.cell = (self.row, self.column + 1)
            self.column = self.cell[1]
            self.kind = attrs.get((None, "t"), "n")
            self.has_value = self.inline = False
            self.formula = None
            self.value = ""
        elif local == "v":
            self.text_of, self.length, self.value = "v", 0, ""
        elif local == "f":
            self.text_of, self.length, self.formula = "f", 0, ""
            self.shared_key = attrs.get((None, "si")) if attrs.get((None, "t")) == "shared" else None
        elif local == "is":
            self.text_of, self.length, self.inline = "is", 0, True

    def _sheet_end(self, local: str) -> None:
        if local == "v":
            self.text_of = None
            self.has_value = self.has_value or self.length > 0
        elif local == "f":
            self.text_of = None
            key = self.shared_key
            if key is not None:
                if self.formula:
                    if len(self.shared) < MAX_TABLE_CELLS:
                        self.shared[key] = self.formula
                else:
                    self.formula = self.shared.get(key, "")
        elif local == "is":
            self.text_of = None
            self.has_value = self.has_value or self.length > 0
        elif local == "c":
            self._cell_done()

    def _cell_done(self) -> None:
        """A cell ends: one holding a value, or a formula whose result was never saved, counts and
        is placed; an empty (formatted) cell is left alone wherever it is."""
        if not self.has_value and self.formula is None:
            return
        row, column = self.cell
        facts = self.sheet
        facts.cells += 1
        if facts.beyond is None:
            if facts.cells > MAX_TABLE_CELLS:
                facts.beyond = WorkbookRefused(f"more than {MAX_TABLE_CELLS:,} cells hold a value; a card list holds "
                                               f"at most {MAX_TABLE_CELLS:,}", row, column)
            elif row > MAX_TABLE_ROWS + 1:
                facts.beyond = WorkbookRefused(f"a value in row {row:,}: a card list holds at most {MAX_TABLE_ROWS:,} "
                                               f"cards (rows 2 to {MAX_TABLE_ROWS + 1:,} under the names)", row, column)
            elif column > MAX_TABLE_COLUMNS:
                facts.beyond = WorkbookRefused(f"a value in column {column:,}: a card list has at most "
                                               f"{MAX_TABLE_COLUMNS} columns", row, column)
        if facts.beyond is not None:
            return  # the sheet is refused if it is the one read: nothing more of it is needed
        facts.last_row, facts.last_column = max(facts.last_row, row), max(facts.last_column, column)
        if not self.has_value:
            facts.formulas[(row, column)] = "=" + (self.formula or "")
        elif self.kind == "n" and (len(self.value) > 40 or not _NUMBER.fullmatch(self.value)):
            facts.beyond = WorkbookRefused(f"the cell's value {self.value[:16]!r} is not the number its type says: "
                                           "the file is damaged", row, column)
        elif self.kind == "b" and self.value not in ("0", "1"):
            facts.beyond = WorkbookRefused(f"the cell's value {self.value[:16]!r} is not the true or false its type "
                                           "says: the file is damaged", row, column)
        elif self.kind == "s" and not self.inline:
            if not self.value.isdigit() or len(self.value) > 9:
                facts.beyond = WorkbookRefused(f"the cell names shared string {self.value[:12]!r}, which is not one: "
                                               "the file is damaged", row, column)
            else:
                facts.highest_string = max(facts.highest_string, int(self.value))


def _number(text: str, largest: int, what: str) -> int:
    if not text.isdigit() or len(text) > 7 or not 1 <= int(text) <= largest:
        raise WorkbookRefused(f"{what} number {text[:20]!r} is not one of a spreadsheet (1 to {largest:,})")
    return int(text)


def _coordinate(text: str) -> tuple[int, int]:
    """(row, column) of a cell reference like ``AB12``."""
    found = _CELL.fullmatch(text)
    if found is None:
        raise WorkbookRefused(f"cell reference {text[:20]!r} is not one of a spreadsheet")
    column = 0
    for letter in found.group(1):
        column = column * 26 + ord(letter) - 64
    row = int(found.group(2))
    if not 1 <= row <= EXCEL_ROWS or column > EXCEL_COLUMNS:
        raise WorkbookRefused(f"cell reference {text!r} is beyond the largest sheet of a spreadsheet")
    return row, column
