"""The fonts a project draws with: each font key names a TrueType file, measured here.

Layout fits text with these metrics (``FontBook`` implements ``TextMeasurer``), so ``validate``,
``deck`` and ``simulate`` never import a PDF or image library. A file is parsed the first time a
face uses its font, and once for each content of the file (kept by the SHA-256 of its bytes).
The widths follow reportlab's own reading of a TrueType file (``TTFontFile``: the same cmap
subtable, advance widths scaled to 1000 units, the no-break space sharing the space's width) and
its string width (``0.001 * size * sum(widths)``), so text measured here fits exactly as the PDF
draws it.
"""

from __future__ import annotations

import marshal
import os
import struct
import sys
from array import array
from bisect import bisect_left
from hashlib import sha256
from itertools import repeat
from pathlib import Path
from typing import Callable, Iterable, Sequence

from ..layout.scene import PT_PER_MM
from ..model.templates import FontFace
from . import saferead, usercache
from .saferead import ReadError, read_regular

MAX_FONT_BYTES = saferead.MAX_FONT_BYTES
"""Font files are a few megabytes (the largest CJK fonts about 20); anything larger is refused
before it is read."""


_CODES = "I" if array("I").itemsize >= 4 else "L"
"""An array type of at least 32 bits, for character codes."""


class FontError(Exception):
    """A font key that is not declared, or a file that is missing or not a usable TrueType font."""


class FontMetrics:
    """What layout needs of a font: advance widths per character and the ascent, in 1000 units.

    A font maps thousands of characters and a deck draws a hundred or so: the widths and the
    characters drawn are kept as sorted arrays (which read back from the user's cache at once,
    ``_unpack_metrics``), and each character is looked up there the first time a text asks for
    it (``learn``)."""

    __slots__ = ("ascent", "default_width", "embedding", "_codes", "_advances", "_drawn",
                 "known_widths", "_absent", "_seen")

    def __init__(self, ascent: float, default_width: float, codes: array[int], advances: array[float],
                 embedding: str = "", drawn: str = "") -> None:
        """``codes``: the character codes the font has widths for, ascending, and ``advances``
        their widths; ``drawn``: the characters it draws, ascending. ``embedding``: why the
        font's licence (its OS/2 ``fsType``) forbids embedding it in a PDF as cardforge does (a
        subset of its outlines); empty when it allows it. Preflight reports it, located."""
        self.ascent = ascent
        self.default_width = default_width
        self.embedding = embedding
        self._codes, self._advances, self._drawn = codes, advances, drawn
        self.known_widths: dict[int, float] = {}
        """The width of each character code looked up so far that the font has (``learn``)."""
        self._absent: set[str] = set()
        self._seen: set[str] = set()

    @classmethod
    def of(cls, ascent: float, default_width: float, widths: dict[int, float], embedding: str = "",
           chars: Iterable[str] = ()) -> FontMetrics:
        """Metrics from a mapping of character codes to widths and the characters drawn."""
        codes = array(_CODES, sorted(widths))
        return cls(ascent, default_width, codes, array("d", (widths[code] for code in codes)), embedding,
                   "".join(sorted(set(chars))))

    @property
    def widths(self) -> dict[int, float]:
        """Every width the font has, by character code."""
        return dict(zip(self._codes, self._advances))

    @property
    def chars(self) -> frozenset[str]:
        """The characters the font draws (its character map, glyph 0 excepted; the no-break
        space where the space is, as reportlab draws it)."""
        return frozenset(self._drawn)

    def learn(self, text: str) -> None:
        """Look up the characters of ``text`` not seen before (into ``known_widths``)."""
        seen = self._seen
        if seen.issuperset(text):
            return
        codes, advances, drawn = self._codes, self._advances, self._drawn
        for char in set(text).difference(seen):
            code = ord(char)
            at = bisect_left(codes, code)
            if at < len(codes) and codes[at] == code:
                self.known_widths[code] = advances[at]
            at = bisect_left(drawn, char)
            if at == len(drawn) or drawn[at] != char:
                self._absent.add(char)
            seen.add(char)

    def covers(self, text: str) -> bool:
        """Whether the font draws every character of ``text``."""
        self.learn(text)
        return self._absent.isdisjoint(text)

    def string_width(self, text: str, size_pt: float) -> float:
        """The width of ``text`` in points (no kerning, as the PDF draws it)."""
        self.learn(text)
        get, default = self.known_widths.get, self.default_width
        return 0.001 * size_pt * sum(get(ord(char), default) for char in text)

    def _key(self) -> tuple[object, ...]:
        return (self.ascent, self.default_width, self.embedding, self._codes, self._advances, self._drawn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, FontMetrics) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"FontMetrics(ascent={self.ascent!r}, default_width={self.default_width!r}, "
                f"{len(self._codes)} widths, {len(self._drawn)} characters drawn, embedding={self.embedding!r})")


class _Reader:
    """Big-endian reads from a font file's bytes, every read bounds-checked."""

    def __init__(self, data: bytes, name: str) -> None:
        self.data = data
        self.name = name

    def ushort(self, offset: int) -> int:
        return int(self._unpack(">H", offset)[0])

    def short(self, offset: int) -> int:
        return int(self._unpack(">h", offset)[0])

    def ulong(self, offset: int) -> int:
        return int(self._unpack(">L", offset)[0])

    def ushorts(self, offset: int, count: int) -> tuple[int, ...]:
        return tuple(int(v) for v in self._unpack(f">{count}H", offset))

    def _unpack(self, fmt: str, offset: int) -> tuple[int, ...]:
        if offset < 0:
            raise FontError(f"{self.name}: the font file is damaged")
        try:
            return struct.unpack_from(fmt, self.data, offset)
        except struct.error:
            raise FontError(f"{self.name}: the font file is truncated or damaged") from None


def _tables(reader: _Reader) -> dict[str, int]:
    """Table tag -> offset, from the file's table directory."""
    tag = reader.data[:4]
    if tag == b"OTTO":
        raise FontError(f"{reader.name}: an OpenType font with PostScript (CFF) outlines cannot be embedded "
                        "in PDFs by cardforge; use a TrueType (.ttf) version of the font")
    if tag == b"ttcf":
        raise FontError(f"{reader.name}: a font collection (.ttc); name one TrueType font file instead")
    if tag not in (b"\x00\x01\x00\x00", b"true"):
        raise FontError(f"{reader.name}: not a TrueType font file")
    count = reader.ushort(4)
    tables: dict[str, int] = {}
    for index in range(count):
        entry = 12 + 16 * index
        name = reader.data[entry:entry + 4].decode("latin-1")
        tables[name] = reader.ulong(entry + 8)
    for needed in ("head", "hhea", "maxp", "hmtx", "cmap"):
        if needed not in tables:
            raise FontError(f"{reader.name}: the font has no '{needed}' table")
    return tables


def _cmap(reader: _Reader, offset: int, glyphs: int) -> dict[int, int]:
    """Character -> glyph, from the subtable reportlab would pick (the last Unicode one)."""
    version, count = reader.ushort(offset), reader.ushort(offset + 2)
    if count == 0 and version != 0:
        count = version
    chosen = None
    kind = 0
    for index in range(count):
        platform, encoding = reader.ushort(offset + 4 + 8 * index), reader.ushort(offset + 6 + 8 * index)
        where = reader.ulong(offset + 8 + 8 * index)
        if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
            kind, chosen = 1, where
        elif platform == 1 and encoding == 0 and kind != 1:
            kind, chosen = 2, where
    if chosen is None:
        raise FontError(f"{reader.name}: the font has no usable character map")
    start = offset + chosen
    fmt = reader.ushort(start)
    mapping: dict[int, int] = {}
    budget = [0x110000]  # characters a map may list: Unicode has no more, so more is a damaged file

    def spend(count: int) -> None:
        budget[0] -= max(0, count)
        if budget[0] < 0:
            raise FontError(f"{reader.name}: the font's character map is damaged (it lists more characters than Unicode has)")

    if fmt == 4:
        length = reader.ushort(start + 2)
        limit = start + length
        segments = reader.ushort(start + 6) // 2
        ends = reader.ushorts(start + 14, segments)
        starts = reader.ushorts(start + 16 + 2 * segments, segments)
        deltas = [d - 0x10000 if d >= 0x8000 else d for d in reader.ushorts(start + 16 + 4 * segments, segments)]
        range_start = start + 16 + 6 * segments
        range_offsets = reader.ushorts(range_start, segments)
        for n in range(segments):
            spend(ends[n] + 1 - starts[n])
            for char in range(starts[n], ends[n] + 1):
                if range_offsets[n] == 0:
                    glyph = (char + deltas[n]) & 0xFFFF
                else:
                    where = range_start + 2 * n + (char - starts[n]) * 2 + range_offsets[n]
                    glyph = 0 if where >= limit else reader.ushort(where)
                    if glyph:
                        glyph = (glyph + deltas[n]) & 0xFFFF
                mapping[char] = glyph
    elif fmt in (12, 13):
        groups = reader.ulong(start + 12)
        for n in range(groups):
            first, last, value = (reader.ulong(start + 16 + 12 * n + 4 * k) for k in range(3))
            if last - first > 0x10FFFF:
                raise FontError(f"{reader.name}: the font's character map is damaged")
            spend(last + 1 - first)
            for char in range(first, last + 1):
                mapping[char] = value + (char - first) if fmt == 12 else value
    elif fmt == 6:
        first, entries = reader.ushort(start + 6), reader.ushort(start + 8)
        for glyph in range(first, first + entries):
            mapping[reader.ushort(start + 10 + 2 * (glyph - first))] = glyph
    elif fmt == 0:
        length = reader.ushort(start + 2)
        table = reader.data[start + 6:start + length]
        for char in range(min(256, glyphs, len(table))):
            mapping[char] = table[char]
    else:
        raise FontError(f"{reader.name}: the font's character map (format {fmt}) is not supported")
    return mapping


def _embedding(fs_type: int) -> str:
    """What the OS/2 ``fsType`` flags forbid, as reportlab reads them (it refuses the same fonts)."""
    if fs_type == 0x0002:
        return "has a restricted licence: it may not be embedded"
    if fs_type & 0x0100:
        return "may not be subset (PDFs embed only the letters they use)"
    if fs_type & 0x0200:
        return "may be embedded only as bitmaps, not as outlines"
    return ""


def parse_metrics(data: bytes, name: str) -> FontMetrics:
    """The metrics of a TrueType font file's bytes; FontError naming ``name`` when unusable."""
    reader = _Reader(data, name)
    tables = _tables(reader)
    head = tables["head"]
    if reader.ulong(head + 12) != 0x5F0F3CF5:
        raise FontError(f"{name}: not a TrueType font file (bad head table)")
    units = reader.ushort(head + 18)
    if units == 0:
        raise FontError(f"{name}: the font's units per em are 0")
    ratio = 1000 / units

    def scale(value: int) -> float:
        """Font units to the 1000-unit em reportlab uses (unchanged when the font's em is 1000)."""
        return value if units == 1000 else value * ratio
    if "OS/2" in tables:
        os2 = tables["OS/2"]
        embedding = _embedding(reader.ushort(os2 + 8))
        ascent = scale(reader.short(os2 + 68))
    else:
        embedding = ""
        ascent = scale(reader.short(head + 42))
    metrics_count = reader.ushort(tables["hhea"] + 34)
    if metrics_count == 0:
        raise FontError(f"{name}: the font has no horizontal metrics")
    glyphs = reader.ushort(tables["maxp"] + 4)
    to_glyph = _cmap(reader, tables["cmap"], glyphs)
    advances = reader.ushorts(tables["hmtx"], 2 * metrics_count)[0::2]
    default = scale(advances[0])
    last = scale(advances[-1])
    widths: dict[int, float] = {}
    for char, glyph in to_glyph.items():
        if glyph < metrics_count:
            widths[char] = scale(advances[glyph])
        elif glyph < glyphs:
            widths[char] = last
    if 0x20 in to_glyph and 0x20 in widths:
        widths[0xA0] = widths[0x20]
    elif 0xA0 in to_glyph and 0xA0 in widths:
        widths[0x20] = widths[0xA0]
    chars = {chr(char) for char, glyph in to_glyph.items() if 0 < glyph < glyphs and char < 0x110000}
    if " " in chars or "\u00a0" in chars:
        chars |= {" ", "\u00a0"}
    return FontMetrics.of(ascent, default, widths, embedding, chars)


_CACHE: dict[str, FontMetrics] = {}
"""Metrics parsed by this process, by the SHA-256 of the font file's bytes."""


def read_metrics(path: Path, name: str | None = None) -> FontMetrics:
    """The metrics of the font file ``path`` (named ``name`` in messages), parsed once for each
    content of the file (kept in this process and in the user's cache under the SHA-256 of its
    bytes: whatever the file's name, size or times, other bytes are parsed again); FontError when
    missing, too large, not a regular file or unusable."""
    shown = name or str(path)
    try:
        os.stat(path)
    except (OSError, ValueError) as exc:
        raise FontError(f"{shown}: cannot read the font file: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = read_regular(path, MAX_FONT_BYTES, "font file")
    except ReadError as exc:
        raise FontError(f"{shown}: {exc}") from None
    digest = sha256(data).hexdigest()
    found = _CACHE.get(digest)
    if found is None:
        found = _CACHE[digest] = _remembered_metrics(data, digest, shown)
    return found


METRICS_FORMAT = 3
"""The layout of a font's metrics in the user's cache (``_pack_metrics``)."""


def _pack_metrics(metrics: FontMetrics) -> bytes:
    """A font's metrics as kept in the user's cache: the character codes and their widths as
    machine arrays and the characters drawn as one string, which read back at once (thousands
    of separately marshalled numbers and characters took 1.5-2 ms a font)."""
    return marshal.dumps((METRICS_FORMAT, sys.byteorder, metrics.ascent, metrics.default_width,
                          metrics._codes.tobytes(), metrics._advances.tobytes(), metrics.embedding, metrics._drawn))


def _unpack_metrics(stored: bytes) -> FontMetrics | None:
    """What ``_pack_metrics`` wrote, or None when the entry is not as it writes it."""
    try:
        fmt, order, ascent, default, code_bytes, width_bytes, embedding, drawn = marshal.loads(stored)
    except (EOFError, ValueError, TypeError):
        return None
    if not (fmt == METRICS_FORMAT and order == sys.byteorder and isinstance(ascent, (int, float))
            and isinstance(default, (int, float)) and isinstance(code_bytes, bytes) and isinstance(width_bytes, bytes)
            and isinstance(embedding, str) and isinstance(drawn, str)):
        return None
    codes, widths = array(_CODES), array("d")
    try:
        codes.frombytes(code_bytes)
        widths.frombytes(width_bytes)
    except ValueError:  # (not a whole number of items)
        return None
    if len(codes) != len(widths):
        return None
    return FontMetrics(ascent, default, codes, widths, embedding, drawn)


def _remembered_metrics(data: bytes, digest: str, name: str) -> FontMetrics:
    """``parse_metrics`` of a font file's bytes, kept in the user's cache under their SHA-256
    (``digest``): parsing a font's character map and widths costs 5-15 ms, reading them back well
    under one. An entry that is missing or not as written is parsed again. FontError when the
    file cannot be used."""
    entry = f"fonts/metrics-{digest}.marshal"
    stored = usercache.read(entry)
    remembered = _unpack_metrics(stored) if stored else None
    if remembered is not None:
        return remembered
    metrics = parse_metrics(data, name)
    usercache.write(entry, _pack_metrics(metrics))
    return metrics


ADVANCE_CACHE = 100_000
"""Words (per font) and measured texts a FontBook remembers (then it starts again): a large deck's."""


class FontBook:
    """The project's fonts by key; measures text for layout (a ``TextMeasurer``)."""

    def __init__(self, faces: Sequence[FontFace]) -> None:
        self.faces = {face.key: face for face in faces}
        self._metrics: dict[str, FontMetrics] = {}
        self._advances: dict[str, dict[str, float]] = {}
        self._widths: dict[tuple[str, str, float], float] = {}

    def face(self, key: str) -> FontFace:
        try:
            return self.faces[key]
        except KeyError:
            raise FontError(f"unknown font '{key}' (known: {', '.join(sorted(self.faces))})") from None

    def path(self, key: str) -> Path:
        """The font file of ``key``."""
        return Path(self.face(key).path)

    def metrics(self, key: str) -> FontMetrics:
        found = self._metrics.get(key)
        if found is None:
            face = self.face(key)
            found = self._metrics[key] = read_metrics(Path(face.path), face.shown)
        return found

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        key = (text, font, size_pt)
        found = self._widths.get(key)
        if found is None:  # text is measured again by preflight and by the preview: remember it
            if len(self._widths) >= ADVANCE_CACHE:
                self._widths.clear()
            found = self._widths[key] = self.metrics(font).string_width(text, size_pt) / PT_PER_MM
        return found

    def advances(self, font: str) -> Callable[[str], float]:
        """The advance width of a piece of text in 1000 units (what ``width_mm`` adds up, perhaps
        in another order), remembered per word: text fitting keeps a line's width as it grows
        and tries the same words at several sizes (``layout.textfit.wrap``)."""
        metrics = self.metrics(font)
        learn, get, default = metrics.learn, metrics.known_widths.get, metrics.default_width
        known = self._advances.setdefault(font, {})

        def units(text: str) -> float:
            found = known.get(text)
            if found is None:
                if len(known) >= ADVANCE_CACHE:
                    known.clear()
                learn(text)
                found = known[text] = sum(map(get, map(ord, text), repeat(default)))
            return found

        return units

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return self.metrics(font).ascent / 1000 * size_pt / PT_PER_MM

    def covers(self, font: str, text: str) -> bool:
        """Whether ``font`` draws every character of ``text`` (the rest would print as empty boxes)."""
        return self.metrics(font).covers(text)

    def styled(self, font: str, bold: bool, italic: bool) -> str:
        """The font key drawing ``font``'s text in bold and/or italic ("" when it has no such face)."""
        return self.face(font).styled(bold, italic)
