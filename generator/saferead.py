"""Reading the files a project names, with a size limit checked before a byte is read.

Every file cardforge reads whole (definitions, layouts, fonts, artwork, replay files) goes through
``read_regular``: it refuses what is not a regular file (a FIFO would block the command forever,
``/dev/zero`` would fill memory), refuses a file larger than its kind's limit from its size alone,
and never reads more than that limit even from a file that grows meanwhile. JSON files are parsed
with limits too (``load_json``): nesting, numbers too long to convert, and NaN or infinities.
The limits on file sizes live here, each with its reason.
"""

from __future__ import annotations

import json
import math
import os
import stat
from pathlib import Path
from typing import Any

MAX_DEFINITION_BYTES = 2_000_000
"""Definition and layout files are a few kilobytes; anything this large is a mistake or an attack."""

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


class ReadError(Exception):
    """A file that cannot be read, is not a regular file, or is larger than its limit (the message
    says which, without the file's name: callers locate it)."""


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
