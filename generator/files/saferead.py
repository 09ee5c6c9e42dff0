"""Reading the files a project names, with a size limit checked before a byte is read.

Every file cardforge reads whole (definitions, layouts, fonts, artwork, replay files) goes through
``read_regular``: it refuses what is not a regular file (a FIFO would block the command forever,
``/dev/zero`` would fill memory), refuses a file larger than its kind's limit from its size alone,
and never reads more than that limit even from a file that grows meanwhile. JSON files are parsed
with limits too (``load_json``): nesting, numbers too long to convert, and NaN or infinities. Zip
archives (Excel workbooks) are checked from their listing before anything is unpacked
(``open_zip``): what each part unpacks to, and how many times its packed size.
The limits on file sizes live here, each with its reason.
"""

from __future__ import annotations

import io
import math
import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import zipfile

MAX_DEFINITION_BYTES = 2_000_000
"""Definition and layout files are a few kilobytes; anything this large is a mistake or an attack."""

MAX_RULES_BYTES = 1_000_000
"""A rules file (``engine: rules.py``) is a few hundred lines; a larger file is a mistake."""

MAX_FONT_BYTES = 64 * 1024 * 1024
"""Font files are a few megabytes (the largest CJK fonts about 20)."""

MAX_ARTWORK_BYTES = 5 * 1024 * 1024
"""Artwork (PNG and SVG) a face template draws: a card-sized picture at 300 dpi is well below it."""

MAX_REPLAY_BYTES = 5_000_000
"""A recorded game file (hanab.live JSON) is a few kilobytes, a long one a few tens."""

MAX_JSON_DEPTH = 32
"""Nesting of JSON arrays and objects (a game file nests three deep); Python's parser recurses, so
a file of a hundred thousand ``[`` would end in a RecursionError."""

MAX_JSON_DIGITS = 30
"""Digits of a number in a JSON file: Python refuses to convert more than 4300, and a game file's
numbers are card orders and indexes."""


MAX_TABLE_BYTES = 5 * 1024 * 1024
"""A card list file as stored (CSV or Excel): 20 000 cards of ten fields are about 1 MB of CSV."""

MAX_ZIP_MEMBERS = 1_000
"""Parts of a zip archive (an Excel workbook has about a dozen; one with pictures a few hundred)."""

MAX_UNPACKED_BYTES = 64 * 1024 * 1024
"""Bytes the parts of a zip archive unpack to, all together, as its listing declares them (and no
more is ever unpacked: Python's zipfile stops at a part's declared size): 20 000 cards of ten
fields are about 10 MB of spreadsheet XML. A 3 MB workbook holding one 3 GB cell grew to 3 GB."""

MAX_ZIP_RATIO = 100
"""How many times its packed size a part of more than a megabyte may unpack to: spreadsheet XML
packs 10 to 20 times; a bomb made of repeated bytes packs a thousand times."""

_RATIO_FROM_BYTES = 1024 * 1024

_OLE2 = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The signature of Microsoft's compound files: Excel 97-2003 workbooks, and password-protected .xlsx."""


class ReadError(Exception):
    """A file that cannot be read, is not a regular file, or is larger than its limit (the message
    says which, without the file's name: callers locate it; ``path`` names the file for the
    command line's last-resort handler)."""

    def __init__(self, message: str, path: str | None = None) -> None:
        super().__init__(message)
        self.path = path


def file_kind(mode: int) -> str:
    """What a file that is not a regular one is, from its ``st_mode`` ("a FIFO (named pipe)")."""
    if stat.S_ISLNK(mode):
        return "a symbolic link"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_regular(path: Path | str, limit: int, what: str = "file") -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them; ReadError when it cannot be
    opened, is not a regular file (checked on the opened file, so nothing can be swapped in between)
    or is larger than ``limit`` (``what`` names the kind of file in that message)."""
    try:
        return _read_regular(path, limit, what)
    except ReadError as exc:
        exc.path = os.fsdecode(path)
        raise


def _read_regular(path: Path | str, limit: int, what: str) -> bytes:
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)
    except ValueError:  # a NUL character in the path
        raise ReadError("cannot read: the path holds a NUL character") from None
    except OSError as exc:
        raise ReadError(f"cannot read: {exc.strerror or exc}") from None
    try:
        info = os.fstat(descriptor)
        if not stat.S_ISREG(info.st_mode):
            raise ReadError(f"cannot read: {file_kind(info.st_mode)}, not a regular file")
        if info.st_size > limit:
            raise ReadError(f"the {what} is {info.st_size:,} bytes; at most {limit:,} are read")
        chunks: list[bytes] = []
        size = 0
        while size <= limit:
            try:
                chunk = os.read(descriptor, min(1 << 20, limit + 1 - size))
            except OSError as exc:
                raise ReadError(f"cannot read: {exc.strerror or exc}") from None
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise ReadError(f"the {what} is larger than {limit:,} bytes")
        return b"".join(chunks)
    finally:
        os.close(descriptor)


def _depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON ``text`` (brackets inside strings ignored)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if depth > MAX_JSON_DEPTH:
                return depth
        elif char in "]}":
            depth -= 1
    return deepest


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_JSON_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits (at most {MAX_JSON_DIGITS})")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 64:
        raise ValueError(f"the number {text[:20]}{'...' if len(text) > 20 else ''} is out of range")
    return value


def _constant(text: str) -> Any:
    raise ValueError(f"{text} is not a number JSON allows")


def load_json(data: bytes) -> Any:
    """The value of a JSON document; ReadError (saying where, when the parser knows) when it is not
    UTF-8 JSON, nests deeper than MAX_JSON_DEPTH, or holds a number too long, NaN or infinite."""
    import json

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ReadError(f"not a JSON file: not UTF-8 text (byte {exc.start})") from None
    if _depth(text) > MAX_JSON_DEPTH:
        raise ReadError(f"not a game file: arrays and objects nest more than {MAX_JSON_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_integer, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise ReadError(f"not a JSON file: {exc.msg} (line {exc.lineno}, column {exc.colno})") from None
    except (ValueError, RecursionError) as exc:
        raise ReadError(f"not a game file: {exc}") from None


def open_zip(data: bytes, what: str = "zip archive") -> zipfile.ZipFile:
    """The zip archive ``data`` (``what`` names the kind of file in messages: "Excel workbook"),
    checked from its listing before a byte of it is unpacked; ReadError saying what is wrong when
    it is not a zip archive (and what it seems to be instead), is damaged, has more than
    MAX_ZIP_MEMBERS parts, or a part that is encrypted, packed by a method other than deflate,
    or unpacks to more than MAX_ZIP_RATIO times its size, or when the parts unpack to more than
    MAX_UNPACKED_BYTES together."""
    import zipfile  # (a workbook's reading only: not imported for a check of YAML and CSV)

    if not data:
        raise ReadError(f"not an {what}: the file is empty")
    if data.startswith(_OLE2):
        raise ReadError(f"not an {what}: an old Excel 97-2003 workbook (.xls) or one saved with a password; "
                        "save it as an Excel workbook (.xlsx) without a password")
    if not data.startswith(b"PK"):
        head = data[:4096]
        looks = "a text file (a CSV file renamed?)" if b"\0" not in head and _is_text(head) else "not a zip archive"
        raise ReadError(f"not an {what}: {looks}")
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except Exception as exc:  # noqa: BLE001 - whatever zipfile raises on these bytes, the file is damaged
        raise ReadError(f"not an {what}: a damaged zip archive (a download cut short?): {_first_line(exc)}") from None
    if len(members) > MAX_ZIP_MEMBERS:
        raise ReadError(f"the {what} holds {len(members):,} parts; at most {MAX_ZIP_MEMBERS:,} are read")
    total = 0
    for member in members:
        name = member.filename[:80]
        if member.flag_bits & 0x1:
            raise ReadError(f"the {what} is encrypted ({name}); save it without a password")
        if member.compress_type not in (zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED):
            raise ReadError(f"the {what}'s part {name} is packed in a way cardforge does not unpack "
                            f"(method {member.compress_type}); save it again from a spreadsheet program")
        if member.file_size > MAX_UNPACKED_BYTES:
            raise ReadError(f"the {what}'s part {name} unpacks to {member.file_size:,} bytes; "
                            f"at most {MAX_UNPACKED_BYTES:,} are read")
        if member.file_size > _RATIO_FROM_BYTES and member.file_size > MAX_ZIP_RATIO * max(member.compress_size, 1):
            ratio = member.file_size // max(member.compress_size, 1)
            raise ReadError(f"the {what}'s part {name} unpacks to {ratio:,} times its packed size "
                            f"({member.file_size:,} bytes; a zip bomb?); at most {MAX_ZIP_RATIO} times are read")
        total += member.file_size
        if total > MAX_UNPACKED_BYTES:
            raise ReadError(f"the {what}'s parts unpack to more than {MAX_UNPACKED_BYTES:,} bytes together; "
                            f"at most {MAX_UNPACKED_BYTES:,} are read")
    return archive


def _is_text(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        return exc.start > len(data) - 4  # a character cut at the end of the sample
    return True


def _first_line(exc: BaseException) -> str:
    """An exception's message as one line (some libraries' messages run over several)."""
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


LIMITS_BY_SUFFIX = {
    ".yaml": MAX_DEFINITION_BYTES, ".yml": MAX_DEFINITION_BYTES,
    ".csv": MAX_TABLE_BYTES, ".xlsx": MAX_TABLE_BYTES,
    ".py": MAX_RULES_BYTES,
    ".ttf": MAX_FONT_BYTES, ".otf": MAX_FONT_BYTES,
    ".png": MAX_ARTWORK_BYTES, ".svg": MAX_ARTWORK_BYTES, ".jpg": MAX_ARTWORK_BYTES, ".jpeg": MAX_ARTWORK_BYTES,
}
"""The kinds of file a project read opens, by suffix, with the limit each is read with."""


def limit_for(name: str) -> int | None:
    """The size limit a project read applies to a file of ``name``'s kind (from its suffix), or
    None for a kind no project read opens (for unpacking a project from elsewhere: git history)."""
    dot = name.rfind(".")
    return LIMITS_BY_SUFFIX.get(name[dot:].lower()) if dot > name.rfind("/") else None
