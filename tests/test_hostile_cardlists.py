"""Hostile card lists: the CSV and Excel files a designer's deck names, as a hostile trial made
them (workbooks that are not zip archives, zip bombs, sheets claiming millions of rows or strings,
XML entities; CSV files with huge numbers, huge cells, odd encodings; files that cannot be read,
FIFOs and folders named as card lists). Each workbook is built in memory (``tests/workbooks.py``);
each case must end with one located line, as every case of ``tests/test_hostile.py``."""

from __future__ import annotations

import csv
import os
import shutil
from pathlib import Path

import pytest

from generator.app.initproject import init_project

from .capped import run
from .hostile import Cases, Setup, check, edit
from .workbooks import (NS, SHEET_HEAD, SHEET_TAIL, STRINGS_HEAD, STRINGS_TAIL, Packed, repeated, sheet_rows,
                        workbook, zip_of)

pytestmark = pytest.mark.e2e

case = Cases()
MEGABYTE = b"a" * (1 << 20)


def orchard(project: Path, name: str, data: bytes | None = None) -> Path:
    """Add the shipped example deck (Orchard, a custom game) to ``project`` with its card list
    named ``name`` (holding ``data``, when given); returns the card list's path."""
    example = project.parent / "example"
    if not example.exists():
        init_project(example, example="custom")
    for file in example.rglob("*"):
        if file.is_file():
            (project / file.relative_to(example)).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(file, project / file.relative_to(example))
    edit(project / "card_defs/orchard.yaml", "cards: orchard.csv", f"cards: {name}")
    target = project / "card_defs" / name
    if data is not None:
        target.write_bytes(data)
    return target


def rows() -> list[list[object]]:
    """The example's card list as rows of values (numbers as numbers)."""
    text = (Path(__file__).resolve().parent.parent / "examples/orchard/card_defs/orchard.csv").read_text("utf-8")
    return [[int(v) if v.isdigit() else (v or None) for v in row] for row in csv.reader(text.splitlines())]


def with_cell(project: Path, card: str, column: str, value: str) -> Path:
    """The example's card list as ``card_defs/cards.csv``, with ``value`` in the ``column`` of the
    card ``card``."""
    target = orchard(project, "cards.csv")
    table = rows()
    at = table[0].index(column)
    for row in table:
        if row[0] == card:
            row[at] = value
    target.write_text("\n".join(",".join("" if v is None else str(v) for v in row) for row in table) + "\n")
    return target


def with_rows(project: Path, extra: bytes) -> list[str]:
    """The example's cards in a workbook whose sheet ends with the raw XML ``extra``."""
    orchard(project, "cards.xlsx", workbook(sheet=SHEET_HEAD + sheet_rows(rows()) + extra + SHEET_TAIL))
    return ["validate"]


# -- workbooks that are not workbooks -----------------------------------------------------------

@case(1, "not an Excel workbook: not a zip archive", "card_defs/cards.xlsx:1:1:")
def xlsx_of_random_bytes(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", bytes(range(256)) * 8)  # was a BadZipFile traceback
    return ["validate"]


@case(1, "not an Excel workbook: the file is empty", "card_defs/cards.xlsx:1:1:")
def xlsx_empty(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", b"")
    return ["build", "orchard", "--out", "out"]


@case(1, "not an Excel workbook: a text file (a CSV file renamed?)", "card_defs/cards.xlsx:1:1:")
def xlsx_that_is_a_csv(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", b"id,count,template,fruit,value,colour,text\napple-1,1,orchard,apple,1,#c0392b,\n")
    return ["validate"]


@case(1, "not an Excel workbook: a damaged zip archive (a download cut short?)", "card_defs/cards.xlsx:1:1:")
def xlsx_truncated(p: Path) -> list[str]:
    whole = workbook(rows())
    orchard(p, "cards.xlsx", whole[: len(whole) // 2])
    return ["validate"]


@case(1, "an old Excel 97-2003 workbook (.xls) or one saved with a password", "card_defs/cards.xlsx:1:1:")
def xlsx_that_is_an_old_xls(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(4088))
    return ["validate"]


@case(1, "cannot be read as an Excel workbook: \"There is no item named '[Content_Types].xml'", "card_defs/cards.xlsx:1:1:")
def xlsx_that_is_another_zip(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", zip_of([("readme.txt", b"not a workbook")]))
    return ["validate"]


@case(1, "is not well-formed XML: not well-formed (invalid token) (line 1)", "card_defs/cards.xlsx:1:1:")
def xlsx_sheet_not_xml(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", workbook(sheet=b"<worksheet><<<"))
    return ["validate"]


# -- bombs: what the archive unpacks to ------------------------------------------------------------

@case(1, "part xl/sharedStrings.xml unpacks to 3,145,728,131 bytes; at most 67,108,864 are read", "card_defs/cards.xlsx:1:1:")
def xlsx_cell_of_3_gb(p: Path) -> list[str]:
    # 3 MB on disk: grew to 3 GB of memory
    strings = repeated(STRINGS_HEAD + b"<si><t>", MEGABYTE, 3000, b"</t></si>" + STRINGS_TAIL)
    sheet = SHEET_HEAD + b'<row r="1"><c r="A1" t="s"><v>0</v></c></row>' + SHEET_TAIL
    orchard(p, "cards.xlsx", workbook(sheet=sheet, strings=strings))
    return ["validate"]


@case(1, "unpacks to 1,007 times its packed size (52,428,931 bytes; a zip bomb?); at most 100 times", "card_defs/cards.xlsx:1:1:")
def xlsx_bomb_within_the_size_limit(p: Path) -> list[str]:
    strings = repeated(STRINGS_HEAD + b"<si><t>", MEGABYTE, 50, b"</t></si>" + STRINGS_TAIL)
    orchard(p, "cards.xlsx", workbook(rows(), strings=strings))
    return ["validate"]


@case(1, "unpacks to 390,000,115 bytes", "card_defs/cards.xlsx:1:1:")
def xlsx_30_million_shared_strings(p: Path) -> list[str]:
    # 0.8 MB on disk (the trial's was 1.75 MB): ran for over 90 s
    strings = repeated(STRINGS_HEAD, b"<si><t/></si>" * 80_000, 375, STRINGS_TAIL)
    orchard(p, "cards.xlsx", workbook(rows(), strings=strings))
    return ["validate"]


@case(1, "the workbook holds more than 100,000 shared strings", "card_defs/cards.xlsx:1:1:")
def xlsx_a_million_shared_strings_stored(p: Path) -> list[str]:
    # not compressed, so no ratio gives it away: counted as it streams by
    orchard(p, "cards.xlsx", workbook(rows(), strings=STRINGS_HEAD + b"<si/>" * 1_000_000 + STRINGS_TAIL, stored=True))
    return ["validate"]


@case(1, "part xl/worksheets/sheet1.xml unpacks to 300,0", "card_defs/cards.xlsx:1:1:")
def xlsx_50_million_empty_rows(p: Path) -> list[str]:
    # 0.45 MB on disk (the trial's was 441 KB): ran for over 90 s
    sheet = repeated(SHEET_HEAD + sheet_rows(rows()), b"<row/>" * 100_000, 500, SHEET_TAIL)
    orchard(p, "cards.xlsx", workbook(sheet=sheet))
    return ["validate"]


@case(1, "a value in row 1,000,000: a card list holds at most 20,000 cards", "card_defs/cards.xlsx:1000000:1:")
def xlsx_value_a_million_rows_down(p: Path) -> list[str]:
    return with_rows(p, b'<row r="1000000"><c r="A1000000" t="inlineStr"><is><t>x</t></is></c></row>')


@case(1, "row number '50000000' is not one of a spreadsheet (1 to 1,048,576)", "card_defs/cards.xlsx:1:1:")
def xlsx_row_beyond_a_spreadsheet(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50000000"><c r="A50000000" t="inlineStr"><is><t>x</t></is></c></row>')


@case(1, "row number '99999999999999999999' is not one of a spreadsheet", "card_defs/cards.xlsx:1:1:")
def xlsx_row_number_of_5000_digits(p: Path) -> list[str]:
    return with_rows(p, b'<row r="' + b"9" * 5000 + b'"><c t="inlineStr"><is><t>x</t></is></c></row>')


@case(1, "a value in column 16,384: a card list has at most 200 columns", "card_defs/cards.xlsx:50:16384:")
def xlsx_value_in_the_last_column(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="XFD50"><v>1</v></c></row>')


@case(1, "more than 100,000 cells (cards x columns) in one list", "card_defs/cards.xlsx:")
def xlsx_one_value_far_right_of_many_rows(p: Path) -> list[str]:
    # every row is as wide as the widest: 5 000 rows of 200 columns are a million cells
    header = rows()[0] + [f"extra{i}" for i in range(200 - len(rows()[0]))]
    body = [[f"c{i}", 1, "orchard", "apple", 1, "#c0392b"] for i in range(5000)]
    orchard(p, "cards.xlsx", workbook([header] + body))
    return ["validate"]


@case(1, "the cell holds more than 32,767 characters (Excel's own limit)", "card_defs/cards.xlsx:2:7:")
def xlsx_cell_of_40000_characters(p: Path) -> list[str]:
    table = rows()
    table[1][6] = "x" * 40_000
    orchard(p, "cards.xlsx", workbook(table))
    return ["validate"]


@case(1, "the workbook's part xl/styles.xml holds more than 100,000 elements", "card_defs/cards.xlsx:1:1:")
def xlsx_styles_of_200000_elements(p: Path) -> list[str]:
    styles = b'<styleSheet xmlns="' + NS.encode() + b'"><cellXfs>' + b"<xf/>" * 200_000 + b"</cellXfs></styleSheet>"
    orchard(p, "cards.xlsx", workbook(rows(), extra=[("xl/styles.xml", styles)], stored=True))
    return ["validate"]


@case(1, "declares a document type or entities, which spreadsheets never do", "card_defs/cards.xlsx:1:1:")
def xlsx_entities(p: Path) -> list[str]:
    laughs = "".join(f'<!ENTITY l{i} "{f"&l{i - 1};" * 10}">' for i in range(1, 10))
    sheet = (f'<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY l0 "lol">{laughs}]><worksheet xmlns="{NS}">'
             '<sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&l9;</t></is></c></row></sheetData></worksheet>')
    orchard(p, "cards.xlsx", workbook(sheet=sheet.encode()))
    return ["validate"]


@case(1, "nests its elements more than 32 deep", "card_defs/cards.xlsx:1:1:")
def xlsx_nesting(p: Path) -> list[str]:
    styles = b"<styleSheet>" + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</styleSheet>"
    orchard(p, "cards.xlsx", workbook(rows(), extra=[("xl/styles.xml", styles)]))
    return ["validate"]


@case(1, "a cell refers to shared string 8, but the workbook has 0: the file is damaged", "card_defs/cards.xlsx:1:1:")
def xlsx_shared_string_that_is_not_there(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="A50" t="s"><v>7</v></c></row>')


@case(1, "the formula '=2+6' has no saved result", "card_defs/cards.xlsx:50:2:")
def xlsx_formula_without_a_result(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="B50"><f>2+6</f></c></row>')


@case(1, "the cell's value 'NaN' is not the number its type says: the file is damaged", "card_defs/cards.xlsx:50:1:")
def xlsx_number_that_is_not_one(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="A50"><v>NaN</v></c></row>')  # was openpyxl's int() error


@case(1, "the cell's value 'yes' is not the true or false its type says", "card_defs/cards.xlsx:50:2:")
def xlsx_boolean_that_is_not_one(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="B50" t="b"><v>yes</v></c></row>')


@case(1, "a Strict Open XML workbook, which cardforge does not read", "card_defs/cards.xlsx:1:1:")
def xlsx_strict_open_xml(p: Path) -> list[str]:
    strict = SHEET_HEAD.replace(NS.encode(), b"http://purl.oclc.org/ooxml/spreadsheetml/main")
    orchard(p, "cards.xlsx", workbook(sheet=strict + sheet_rows(rows()) + SHEET_TAIL))
    return ["validate"]  # was read as no rows, and the deck vanished without a word


@case(1, "the card list is empty: its first row names the columns", "card_defs/cards.xlsx:1:1:")
def xlsx_without_rows(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", workbook([]))
    return ["validate"]


@case(1, "the Excel workbook holds 1,206 parts; at most 1,000 are read", "card_defs/cards.xlsx:1:1:")
def xlsx_of_1200_parts(p: Path) -> list[str]:
    orchard(p, "cards.xlsx", workbook(rows(), extra=[(f"xl/media/{i}.bin", b"x") for i in range(1200)]))
    return ["validate"]


@case(1, "cannot be unpacked (a damaged file?): Bad CRC-32", "card_defs/cards.xlsx:1:1:")
def xlsx_part_larger_than_it_says(p: Path) -> list[str]:
    real = repeated(SHEET_HEAD, b"<row/>" * 10_000, 100, SHEET_TAIL)  # 6 MB, declared as 5 KB
    orchard(p, "cards.xlsx", workbook(sheet=Packed(real.deflated, 5000, real.crc)))
    return ["validate"]


@case(1, "the Excel workbook is encrypted", "card_defs/cards.xlsx:1:1:")
def xlsx_encrypted_parts(p: Path) -> list[str]:
    data = bytearray(workbook(rows()))
    at = data.find(b"PK\x01\x02")
    while at >= 0:  # the encrypted flag of every part in the central directory
        data[at + 8] |= 1
        at = data.find(b"PK\x01\x02", at + 4)
    orchard(p, "cards.xlsx", bytes(data))
    return ["validate"]


@case(1, "the cell holds more than 32,767 characters", "card_defs/cards.xlsx:50:1:")
def xlsx_rich_text_of_20000_runs(p: Path) -> list[str]:
    return with_rows(p, b'<row r="50"><c r="A50" t="inlineStr"><is>' + b"<r><t>ab</t></r>" * 20_000 + b"</is></c></row>")


# -- CSV files ------------------------------------------------------------------------------------

@case(1, "the count of card 'apple-1' is a number of 5000 digits; at most 30 are supported", "card_defs/cards.csv:2:9:")
def csv_count_of_5000_digits(p: Path) -> list[str]:
    with_cell(p, "apple-1", "count", "9" * 5000)  # Python's "Exceeds the limit (4300 digits)"
    return ["validate"]


@case(1, "the value of card 'apple-2' is a number of 400 digits; at most 30 are supported", "card_defs/cards.csv:3:")
def csv_field_of_400_digits(p: Path) -> list[str]:
    with_cell(p, "apple-2", "value", "9" * 400)
    return ["deck", "orchard", "--json"]


@case(1, "a value of 40,000 characters; at most 32,767", "card_defs/cards.csv:2:")
def csv_cell_of_40000_characters(p: Path) -> list[str]:
    with_cell(p, "apple-1", "text", "x" * 40_000)
    return ["validate"]


@case(1, "more than 100,000 cells (cards x columns) in one list", "card_defs/cards.csv:")
def csv_of_a_million_empty_cells(p: Path) -> list[str]:
    target = orchard(p, "cards.csv")
    header = "id,count,template,fruit,value,colour,text," + ",".join(f"c{i}" for i in range(190))
    target.write_text(header + "\n" + "".join(f"card{i}" + "," * 196 + "\n" for i in range(5000)))
    return ["validate"]


@case(1, "the card list is not UTF-8 text: save it as 'CSV UTF-8' from the spreadsheet", "card_defs/cards.csv:1:1:")
def csv_in_utf16(p: Path) -> list[str]:
    target = orchard(p, "cards.csv")
    target.write_bytes((p / "card_defs/orchard.csv").read_text().encode("utf-16"))
    return ["validate"]


@case(1, "the card list is 10,000,000,000 bytes; at most 5,242,880 are read", "card_defs/cards.csv:1:1:")
def csv_of_10_gb(p: Path) -> list[str]:
    with orchard(p, "cards.csv").open("wb") as handle:
        handle.truncate(10**10)
    return ["validate"]


@case(1, "not a valid CSV line", "card_defs/cards.csv:2:1:")
def csv_line_of_5_mb(p: Path) -> list[str]:
    orchard(p, "cards.csv").write_text("id,count\n\"" + "x" * 5_000_000 + "\"\n")
    return ["validate"]


# -- card lists that cannot be read --------------------------------------------------------------

@case(1, "card_defs/cards.csv:1:1: cannot read: Permission denied")
def card_list_unreadable(p: Path) -> list[str]:
    shutil.copyfile(orchard(p, "cards.csv").with_name("orchard.csv"), p / "card_defs/cards.csv")
    return ["build", "orchard", "--out", "out", "@deny_read=card_defs/cards.csv"]  # was a PermissionError traceback


@case(1, "card_defs/cards.csv:1:1: cannot read: a FIFO (named pipe), not a regular file")
def card_list_fifo(p: Path) -> list[str]:
    os.mkfifo(orchard(p, "cards.csv"))  # a read would wait forever
    return ["validate"]


@case(1, "card_defs/cards.xlsx:1:1: cannot read: a folder, not a regular file")
def card_list_folder(p: Path) -> list[str]:
    orchard(p, "cards.xlsx").mkdir()
    return ["validate"]


@case(1, "card list 'cards.csv' cannot be followed (a symbolic link loop?)", "card_defs/orchard.yaml:")
def card_list_symlink_loop(p: Path) -> list[str]:
    os.symlink("cards.csv", orchard(p, "cards.csv"))
    return ["validate"]


@case(1, "card list 'cards.csv' is outside the folder of orchard.yaml; keep it beside it", "card_defs/orchard.yaml:")
def card_list_linked_to_dev_zero(p: Path) -> list[str]:
    os.symlink("/dev/zero", orchard(p, "cards.csv"))
    return ["validate"]


@pytest.mark.parametrize(("setup", "code", "says", "located"), case.params)
def test_hostile_card_list_gets_one_located_line(project_copy: Path, setup: Setup, code: int, says: str,
                                                 located: str | None) -> None:
    check(project_copy, setup, code, says, located)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0,
                    reason="as root, a file's mode does not stop reading it (the harness's planted "
                           "PermissionError covers root: card_list_unreadable)")
def test_a_card_list_without_read_permission(project_copy: Path) -> None:
    target = orchard(project_copy, "cards.csv")
    shutil.copyfile(project_copy / "card_defs/orchard.csv", target)
    target.chmod(0)
    result = run("validate", cwd=project_copy)
    assert result.code == 1 and "card_defs/cards.csv:1:1: cannot read: Permission denied" in result.stderr, result.output
    assert "Traceback" not in result.output


def test_a_workbook_as_a_spreadsheet_program_writes_it_is_read(project_copy: Path) -> None:
    """The checks refuse nothing a real workbook holds: openpyxl's own file (styles, a dimension,
    shared strings, a formula with its saved result) reads as the CSV does."""
    openpyxl = pytest.importorskip("openpyxl")
    book = openpyxl.Workbook()
    for values in rows():
        book.active.append(values)
    target = orchard(project_copy, "cards.xlsx")
    book.save(target)
    assert run("validate", "orchard", cwd=project_copy).code == 0
    target.write_bytes(workbook(rows()))  # the tests' own minimal workbook (no styles, inline strings)
    result = run("deck", "orchard", cwd=project_copy)
    assert result.code == 0 and "apple-1" in result.stdout, result.output


def test_a_csv_with_old_mac_line_ends_is_read(project_copy: Path) -> None:
    target = orchard(project_copy, "cards.csv")
    target.write_bytes((project_copy / "card_defs/orchard.csv").read_bytes().replace(b"\n", b"\r"))
    result = run("validate", "orchard", cwd=project_copy)
    assert result.code == 0, result.output  # was "new-line character seen in unquoted field"


def test_a_nul_in_a_csv_is_located(project_copy: Path) -> None:
    """A NUL byte in a card list is a mistake at its cell (the deck's composition then says what
    the missing card changes: every mistake is reported)."""
    with_cell(project_copy, "apple-1", "id", "app\0le-1")
    result = run("validate", cwd=project_copy)
    assert result.code == 1 and "Traceback" not in result.output
    assert "card_defs/cards.csv:2:1: card id 'app\\x00le-1' should use letters" in result.output, result.output
