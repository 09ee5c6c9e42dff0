"""reportlab's reading of a TrueType file, kept in the user's cache (``generator.files.usercache``).

Before it can embed a font, reportlab reads the whole file in Python (its character map, every
glyph's width and place): 12-18 ms for each of the shipped fonts, a seventh of ``cardforge build
hanabi``. What it reads depends only on the file and on reportlab's version, so it is kept under
the SHA-256 of the file's path and bytes and reportlab's version, as plain values (``marshal``,
never ``pickle``), and a later build gives reportlab the same face without reading the file again:
the PDFs are the same bytes either way (tests/test_usercache.py builds both ways). A face that
cannot be kept so (a reportlab whose faces hold other kinds of values) is simply read every time.
"""

from __future__ import annotations

import hashlib
import marshal
import threading
from typing import Any

from reportlab import Version
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFont, TTFontFace

from ..files import usercache

FORMAT = 1
"""The layout of an entry (``_state``)."""
_REREAD = ("_ttf_data", "_pdfScale")
"""What an entry leaves out: the file's bytes (read anyway, to be hashed) and the scale function
reportlab derives from the font's units per em."""
_LOCK = threading.Lock()


def ttf_font(name: str, path: str) -> TTFont:
    """``TTFont(name, path)``, with the face read from the user's cache when it was kept there."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError:
        return TTFont(name, path)  # reportlab says what is wrong with it
    digest = hashlib.sha256(path.encode("utf-8", "surrogateescape") + b"\0" + data).hexdigest()
    entry = f"fonts/reportlab-{Version}-{digest}.marshal"
    face = _stored_face(usercache.read(entry), data)
    if face is None:
        font = TTFont(name, path)
        stored = _state(font.face)
        if stored is not None:
            usercache.write(entry, stored)
        return font
    with _LOCK:  # TTFont makes its face by this name: give it the one read back
        made = ttfonts.TTFontFace

        def remembered(filename: object, validate: int = 0, subfontIndex: int = 0) -> TTFontFace:
            if filename == path and not validate and not subfontIndex:
                return face
            return made(filename, validate=validate, subfontIndex=subfontIndex)

        ttfonts.TTFontFace = remembered
        try:
            return TTFont(name, path)
        finally:
            ttfonts.TTFontFace = made


def _state(face: TTFontFace) -> bytes | None:
    """The face's attributes as an entry, or None when one of them is not a plain value."""
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    for key, value in vars(face).items():
        if key in _REREAD:
            continue
        if type(value) is TTFNameBytes:
            names[key] = value.ustr
        else:
            values[key] = value
    try:
        return marshal.dumps((FORMAT, names, values))
    except ValueError:
        return None


def _stored_face(stored: bytes | None, data: bytes) -> TTFontFace | None:
    """The face an entry holds, with the file's bytes; None when there is none or it is not one."""
    if not stored:
        return None
    try:
        fmt, names, values = marshal.loads(stored)
        if fmt != FORMAT or not isinstance(names, dict) or not isinstance(values, dict):
            return None
        units = values["unitsPerEm"]
        if not isinstance(units, int) or units <= 0:
            return None
        face = TTFontFace.__new__(TTFontFace)
        vars(face).update(values)
        for key, text in names.items():
            setattr(face, key, TTFNameBytes(text.encode("utf-8")))
    except (EOFError, ValueError, TypeError, KeyError):
        return None
    face._ttf_data = data
    if units == 1000:
        face._pdfScale = lambda x: x
    else:
        ratio = 1000 / units  # as reportlab scales: the same products, the same bytes
        face._pdfScale = lambda x: x * ratio
    return face
