"""Checking artwork before anything decodes it: PNG files, and SVG documents cairosvg can draw.

An image's size is read from its header, so a picture that would take gigabytes once decoded is
refused from its first bytes (``MAX_IMAGE_PIXELS``); a PNG's chunks and pixel data are then checked
(decompressed in pieces, never kept), so a damaged file is reported where it is named. An SVG is read once with expat, which expands
nothing: entity declarations are refused (cairosvg's safe mode would stop at them with an
exception), as are nesting deeper than ``MAX_SVG_DEPTH`` (its drawing recurses per element), a
document without a size, and embedded ``data:`` images that are too large or of a kind whose size
cannot be read, and ``<use>`` references that repeat more than ``MAX_SVG_ELEMENTS`` elements or
refer to themselves. Each check returns a problem as text (the loader adds the place), or None.
"""

from __future__ import annotations

import base64
import binascii
import math
import re
import struct
import zlib
from dataclasses import dataclass, field

from ..model.limits import MAX_IMAGE_PIXELS

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

MAX_SVG_DEPTH = 64
"""Nesting of SVG elements: drawings nest a dozen deep; cairosvg recurses a few Python frames per
level, and a few hundred levels end in a RecursionError."""

MAX_SVG_ELEMENTS = 20_000
"""Elements one SVG document draws, counting each ``<use>`` as the elements it repeats: a detailed
illustration has a few thousand, and cairosvg draws about 5000 a second (a "use bomb" of nine
levels of ten would take days)."""

MAX_SVG_NESTED = 3
"""SVG documents embedded in each other as ``data:`` images."""

_LENGTH = re.compile(r"^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*(px|pt|pc|mm|cm|in)?\s*$")
_DATA_URL = re.compile(r"^\s*data:([^,;]*)((?:;[^,;]*)*),", re.S)


def raster_size(data: bytes) -> tuple[str, int, int] | None:
    """The kind, width and height of a PNG, JPEG or GIF from its header; None for other data."""
    if data.startswith(PNG_SIGNATURE):
        if len(data) < 24 or data[12:16] != b"IHDR":
            return ("PNG", 0, 0)
        width, height = struct.unpack(">II", data[16:24])
        return ("PNG", width, height)
    if data[:6] in (b"GIF87a", b"GIF89a") and len(data) >= 10:
        width, height = struct.unpack("<HH", data[6:10])
        return ("GIF", width, height)
    if data.startswith(b"\xff\xd8"):
        return ("JPEG", *_jpeg_size(data))
    return None


def _jpeg_size(data: bytes) -> tuple[int, int]:
    """Width and height from a JPEG's frame header (0, 0 when it has none)."""
    at = 2
    while at + 4 <= len(data):
        if data[at] != 0xFF:
            return 0, 0
        marker = data[at + 1]
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            at += 2
            continue
        length = struct.unpack(">H", data[at + 2:at + 4])[0]
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC) and at + 9 <= len(data):
            height, width = struct.unpack(">HH", data[at + 5:at + 9])
            return width, height
        at += 2 + length
    return 0, 0


def check_raster(data: bytes, what: str = "the image") -> str | None:
    """A problem with a raster image's header (no size, an unreadable kind, too many pixels)."""
    found = raster_size(data)
    if found is None:
        return f"{what} is not a PNG, JPEG or GIF image"
    kind, width, height = found
    if width == 0 or height == 0:
        return f"{what} is a {kind} file without a size (its header is missing or damaged)"
    if width * height > MAX_IMAGE_PIXELS:
        return (f"{what} is {width:,} x {height:,} pixels ({width * height:,}); at most "
                f"{MAX_IMAGE_PIXELS:,} pixels are supported (use a smaller copy of the picture)")
    return None


def check_png(data: bytes) -> str | None:
    """A problem with a PNG file: not a PNG, no size, more pixels than MAX_IMAGE_PIXELS, or damaged
    (a chunk whose checksum is wrong, pixel data that does not decompress): each chunk is checked
    and the pixel data decompressed in pieces (counted, never kept), so a damaged file is found
    here rather than by the renderers."""
    if not data.startswith(PNG_SIGNATURE):
        return "is not a PNG file"
    problem = check_raster(data, "the image")
    if problem is None:
        problem = _png_damage(data)
    return None if problem is None else problem.removeprefix("the image ")


_PNG_BYTES_PER_PIXEL = {(0, 1): 1, (0, 2): 1, (0, 4): 1, (0, 8): 1, (0, 16): 2, (2, 8): 3, (2, 16): 6, (3, 1): 1,
                        (3, 2): 1, (3, 4): 1, (3, 8): 1, (4, 8): 2, (4, 16): 4, (6, 8): 4, (6, 16): 8}
"""(colour type, bit depth) -> bytes per pixel, rounded up: every combination PNG allows."""


def _png_damage(data: bytes) -> str | None:
    """Why a PNG whose header is sound cannot be decoded (None when it can)."""
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    per_pixel = _PNG_BYTES_PER_PIXEL.get((colour, depth))
    if per_pixel is None:
        return f"the image is a damaged PNG file (colour type {colour} with {depth}-bit samples)"
    limit = height * (1 + width * per_pixel) * 2 + 1024  # interlaced images hold a little more
    inflater = zlib.decompressobj()
    produced = 0
    at = 8
    ended = False
    while at + 12 <= len(data):
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        body = data[at + 8:at + 8 + length]
        if len(body) != length or len(data) < at + 12 + length:
            return "the image is a damaged PNG file (it is cut short)"
        (crc,) = struct.unpack(">I", data[at + 8 + length:at + 12 + length])
        if zlib.crc32(kind + body) & 0xFFFFFFFF != crc:
            return f"the image is a damaged PNG file (the checksum of its {kind.decode('latin-1')} chunk is wrong)"
        if kind == b"IDAT":
            try:
                pending = body
                while pending:
                    produced += len(inflater.decompress(pending, 1 << 20))
                    pending = inflater.unconsumed_tail
                    if produced > limit:
                        return "the image is a damaged PNG file (more pixel data than its size holds)"
            except zlib.error:
                return "the image is a damaged PNG file (its pixel data does not decompress)"
        at += 12 + length
        if kind == b"IEND":
            ended = True
            break
    if not ended or not inflater.eof:
        return "the image is a damaged PNG file (it is cut short)"
    return None


@dataclass
class _SvgScan:
    """What one pass of expat over an SVG document found: its root's attributes and, per element,
    its id, the ``#id`` it refers to (``<use>`` and the like) and its children, to count what
    the drawing expands to (``expanded``)."""

    nested: int
    depth: int = 0
    root: dict[str, str] | None = None
    ids: dict[str, int] = field(default_factory=dict)
    refers: list[str | None] = field(default_factory=list)
    children: list[list[int]] = field(default_factory=list)
    open: list[int] = field(default_factory=list)

    def start(self, name: str, attributes: dict[str, str]) -> None:
        self.depth += 1
        if self.depth > MAX_SVG_DEPTH:
            raise _Refused(f"its elements nest more than {MAX_SVG_DEPTH} deep")
        if len(self.refers) >= MAX_SVG_ELEMENTS:
            raise _Refused(f"it has more than {MAX_SVG_ELEMENTS:,} elements")
        if self.root is None:
            if name.rpartition(":")[2] != "svg":
                raise _Refused(f"its root element is <{name}>, not <svg>")
            self.root = attributes
        index = len(self.refers)
        reference = None
        for key, value in attributes.items():
            if value.lstrip()[:5].lower() == "data:":
                problem = _check_data_url(value, self.nested)
                if problem is not None:
                    raise _Refused(f"<{name} {key}=...>: {problem}")
            elif key.rpartition(":")[2] == "href" and value.strip().startswith("#"):
                reference = value.strip()[1:]
        if "id" in attributes:
            self.ids.setdefault(attributes["id"], index)
        self.refers.append(reference)
        self.children.append([])
        if self.open:
            self.children[self.open[-1]].append(index)
        self.open.append(index)

    def end(self, _name: str) -> None:
        self.depth -= 1
        self.open.pop()

    def expanded(self) -> int:
        """Elements the drawing visits once every reference is followed (a ``<use>`` draws what
        it refers to again: ten uses of ten uses of ... grow tenfold a level); _Refused for a
        reference cycle. Counted without recursion, each element once."""
        sizes: list[int | None] = [None] * len(self.refers)
        for start in range(len(self.refers)):
            stack: list[tuple[int, bool]] = [(start, False)]
            visiting: set[int] = set()
            while stack:
                index, done = stack.pop()
                if sizes[index] is not None:
                    continue
                target = self.ids.get(self.refers[index] or "")
                follow = [*self.children[index], *([target] if target is not None else [])]
                if done:
                    visiting.discard(index)
                    total = 1 + sum(sizes[i] or 0 for i in follow)
                    if total > MAX_SVG_ELEMENTS:
                        raise _Refused(f"its <use> references expand to more than {MAX_SVG_ELEMENTS:,} elements")
                    sizes[index] = total
                    continue
                if index in visiting:
                    raise _Refused("an element refers to itself through <use> or href (a cycle)")
                visiting.add(index)
                stack.append((index, True))
                for child in follow:
                    if sizes[child] is None:
                        if child in visiting:
                            raise _Refused("an element refers to itself through <use> or href (a cycle)")
                        stack.append((child, False))
        return sizes[0] or 0 if sizes else 0


class _Refused(Exception):
    """An SVG refused part-way through the scan."""


def _refuse_entities(*_args: object) -> None:
    raise _Refused("it declares XML entities, which are not allowed in artwork")


def _check_data_url(value: str, nested: int) -> str | None:
    match = _DATA_URL.match(value)
    if match is None:
        return "a data: URL cardforge cannot read"
    mime, parameters = match.group(1).strip().lower(), match.group(2).lower()
    payload = value[match.end():]
    if ";base64" in parameters:
        try:
            data = base64.b64decode(re.sub(r"\s+", "", payload), validate=True)
        except (binascii.Error, ValueError):
            return "an embedded image whose base64 data is damaged"
    else:
        from urllib.parse import unquote_to_bytes

        data = unquote_to_bytes(payload)
    if mime == "image/svg+xml" or data.lstrip()[:5] in (b"<?xml", b"<svg ", b"<svg>"):
        if nested >= MAX_SVG_NESTED:
            return f"SVG images embedded more than {MAX_SVG_NESTED} deep"
        problem = check_svg(data, nested + 1)
        return None if problem is None else f"an embedded SVG image {problem}"
    problem = check_raster(data, "an embedded image")
    if problem is None and data.startswith(PNG_SIGNATURE):
        damage = _png_damage(data)
        problem = None if damage is None else damage.replace("the image", "an embedded image", 1)
    return problem


def check_svg(data: bytes, nested: int = 0) -> str | None:
    """A problem that would stop cairosvg drawing an SVG document (or make it allocate gigabytes):
    not XML, entity declarations, nesting deeper than MAX_SVG_DEPTH, no <svg> root, no size, or an
    embedded image refused by ``check_raster``; None when it can be drawn."""
    import xml.parsers.expat  # (when a picture is an SVG: most projects have none)

    scan = _SvgScan(nested)
    parser = xml.parsers.expat.ParserCreate()
    parser.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.StartElementHandler = scan.start
    parser.EndElementHandler = scan.end
    parser.EntityDeclHandler = _refuse_entities
    parser.UnparsedEntityDeclHandler = _refuse_entities
    parser.ExternalEntityRefHandler = lambda *args: 0
    try:
        parser.Parse(data, True)
    except _Refused as exc:
        return f"cannot be drawn: {exc}"
    except xml.parsers.expat.ExpatError as exc:
        return f"is not well-formed XML: {xml.parsers.expat.errors.messages.get(exc.code, str(exc))} (line {exc.lineno}, column {exc.offset + 1})"
    if scan.root is None:
        return "is not an SVG document"
    try:
        scan.expanded()
    except _Refused as exc:
        return f"cannot be drawn: {exc}"
    if svg_size(scan.root) is None:
        return "has no size: give its <svg> a viewBox, or a width and height in px, mm, cm, in, pt or pc"
    return None


_PX = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}


def svg_size(root: dict[str, str]) -> tuple[float, float] | None:
    """The width and height of an SVG document (in px) from its root's attributes, as cairosvg
    sizes it: absolute width and height, else the viewBox's; None when neither gives a finite
    positive size."""
    sizes = []
    for key in ("width", "height"):
        match = _LENGTH.match(root.get(key, ""))
        if match is None:
            break
        sizes.append(float(match.group(1)) * _PX[match.group(2) or ""])
    if len(sizes) == 2 and all(math.isfinite(v) and v > 0 for v in sizes):
        return sizes[0], sizes[1]
    box = root.get("viewBox")
    if box is not None:
        parts = re.split(r"[\s,]+", box.strip())
        try:
            values = [float(p) for p in parts]
        except ValueError:
            values = []
        if len(values) == 4 and all(math.isfinite(v) for v in values) and values[2] > 0 and values[3] > 0:
            return values[2], values[3]
    return None


def svg_aspect(data: bytes) -> float | None:
    """Height over width of an SVG document (None when it has no size or is not SVG)."""
    found: list[dict[str, str]] = []

    def start(_name: str, attributes: dict[str, str]) -> None:
        if not found:
            found.append(attributes)
            raise _Refused("done")

    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate()
    parser.StartElementHandler = start
    parser.EntityDeclHandler = _refuse_entities
    try:
        parser.Parse(data, True)
    except (_Refused, xml.parsers.expat.ExpatError):
        pass
    size = svg_size(found[0]) if found else None
    return None if size is None else size[1] / size[0]
