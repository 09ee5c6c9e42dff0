"""Excel workbooks made byte by byte for the tests: small valid ones, and the hostile ones a trial
used (bombs that unpack to gigabytes from a few megabytes, sheets claiming millions of rows),
built in memory in well under a second, so no large file is ever committed.

``workbook`` writes the five parts a workbook needs (openpyxl reads it); ``zip_of`` writes any
parts, each either bytes or a ``Packed`` part made by ``repeated`` (a deflate stream of the same
megabyte again and again: 3 GB declared in 3 MB, its CRC computed as Python's zipfile checks it).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Sequence
from xml.sax.saxutils import escape

NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC_RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


@dataclass(frozen=True)
class Packed:
    """A part given as its deflate stream, with what it unpacks to (its size and CRC)."""

    deflated: bytes
    size: int
    crc: int


def repeated(prefix: bytes, unit: bytes, count: int, suffix: bytes) -> Packed:
    """``prefix + unit * count + suffix`` deflated without ever building it: ``unit`` (a megabyte or
    so) is deflated once with a full flush, whose output can be repeated as is."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    head = packer.compress(prefix) + packer.flush(zlib.Z_FULL_FLUSH)
    block = packer.compress(unit) + packer.flush(zlib.Z_FULL_FLUSH)
    assert packer.compress(unit) + packer.flush(zlib.Z_FULL_FLUSH) == block  # the history was reset
    tail = packer.compress(suffix) + packer.flush()
    crc = zlib.crc32(prefix)
    for _ in range(count):
        crc = zlib.crc32(unit, crc)
    crc = zlib.crc32(suffix, crc)
    return Packed(head + block * count + tail, len(prefix) + len(unit) * count + len(suffix), crc & 0xFFFFFFFF)


def _packed(data: bytes | Packed, stored: bool) -> tuple[bytes, int, int, int]:
    """(bytes written, method, size, crc) of one part."""
    if isinstance(data, Packed):
        return data.deflated, 8, data.size, data.crc
    if stored:
        return data, 0, len(data), zlib.crc32(data) & 0xFFFFFFFF
    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush(), 8, len(data), zlib.crc32(data) & 0xFFFFFFFF


def zip_of(parts: Sequence[tuple[str, bytes | Packed]], *, stored: bool = False) -> bytes:
    """A zip archive of ``parts`` (name, content), written by hand so that a part may be a
    ``Packed`` stream; ``stored``: bytes parts are not compressed."""
    out = bytearray()
    directory = bytearray()
    for name, data in parts:
        raw_name = name.encode("utf-8")
        body, method, size, crc = _packed(data, stored)
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, method, 0, 0x21, crc, len(body), size, len(raw_name), 0)
        out += raw_name + body
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, method, 0, 0x21, crc, len(body), size,
                                 len(raw_name), 0, 0, 0, 0, 0, offset) + raw_name
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(parts), len(parts), len(directory), len(out), 0)
    return bytes(out + directory + end)


CONTENT_TYPES = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
    '<Default Extension="xml" ContentType="application/xml"/>'
    '<Override PartName="/xl/workbook.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
    '<Override PartName="/xl/worksheets/sheet1.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
    '<Override PartName="/xl/sharedStrings.xml" '
    'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
    '</Types>').encode()
ROOT_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
    f'<Relationship Id="rId1" Type="{DOC_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>').encode()
WORKBOOK = (
    f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{NS}" xmlns:r="{DOC_RELS}">'
    '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>').encode()
WORKBOOK_RELS = (
    f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="{RELS}">'
    f'<Relationship Id="rId1" Type="{DOC_RELS}/worksheet" Target="worksheets/sheet1.xml"/>'
    f'<Relationship Id="rId2" Type="{DOC_RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>').encode()

SHEET_HEAD = f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{NS}"><sheetData>'.encode()
SHEET_TAIL = b"</sheetData></worksheet>"
STRINGS_HEAD = f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{NS}">'.encode()
STRINGS_TAIL = b"</sst>"


def column_name(number: int) -> str:
    name = ""
    while number:
        number, rest = divmod(number - 1, 26)
        name = chr(65 + rest) + name
    return name


def sheet_rows(rows: Sequence[Sequence[object]]) -> bytes:
    """``<row>`` elements of inline strings and numbers (``None``: no cell)."""
    out = []
    for r, values in enumerate(rows, start=1):
        cells = []
        for c, value in enumerate(values, start=1):
            ref = f"{column_name(c)}{r}"
            if value is None:
                continue
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                cells.append(f'<c r="{ref}"><v>{value}</v></c>')
            else:
                cells.append(f'<c r="{ref}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>')
        out.append(f'<row r="{r}">{"".join(cells)}</row>')
    return "".join(out).encode()


def workbook(rows: Sequence[Sequence[object]] = (), *, sheet: bytes | Packed | None = None,
             strings: bytes | Packed | None = None, extra: Sequence[tuple[str, bytes | Packed]] = (),
             stored: bool = False) -> bytes:
    """A workbook whose first sheet holds ``rows`` (or the sheet part ``sheet`` as given), with
    the shared strings part ``strings`` when given and any ``extra`` parts."""
    parts: list[tuple[str, bytes | Packed]] = [
        ("[Content_Types].xml", CONTENT_TYPES), ("_rels/.rels", ROOT_RELS), ("xl/workbook.xml", WORKBOOK),
        ("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
        ("xl/worksheets/sheet1.xml", sheet if sheet is not None else SHEET_HEAD + sheet_rows(rows) + SHEET_TAIL),
        ("xl/sharedStrings.xml", strings if strings is not None else STRINGS_HEAD + STRINGS_TAIL),
    ]
    return zip_of(parts + list(extra), stored=stored)
