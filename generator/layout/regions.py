"""Filling a face template's regions for one card: placeholders, conditions, colours from fields,
shapes, images per card and inline icons. Pure: images come from an injected ``ArtworkSource``.

``values`` are the card's fields as text (a game decides which: a custom deck's columns, Hanabi's
``rank`` and ``suit_name``...); a placeholder naming a field the card lacks is a problem, never an
empty guess.
"""

from __future__ import annotations

import re
from typing import Collection, Mapping, Protocol

from ..model.common import Colour
from ..model.suggest import closest
from ..model.templates import Artwork, Shape, ShapeKind, When, truth

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}|]+)(?:\|([a-z]+))?\}")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
ICON = re.compile(r":([A-Za-z0-9_-]+):")
"""An inline icon in a text: ``:coin:``."""
ICON_LIKE = re.compile(r"(?<![A-Za-z0-9:\\]):([A-Za-z][A-Za-z0-9_-]*):(?![A-Za-z0-9:])")
"""A ``:name:`` meant as an icon: a name starting with a letter, the colons not touching letters
or digits outside ("10:30", "a:b:c" and "12:30:45" are not icons), nor escaped (``\\:coin:``)."""


class MissingField(KeyError):
    """A placeholder names a field the card does not have."""

    def __init__(self, name: str, known: Mapping[str, str]) -> None:
        super().__init__(name)
        self.name = name
        self.known = tuple(sorted(known))

    def message(self) -> str:
        close = closest(self.name, self.known)
        hint = f"did you mean '{close}'? " if close else ""
        return f"the card has no field '{self.name}' ({hint}its fields: {', '.join(self.known) or 'none'})"


class ArtworkError(ValueError):
    """A per-card image that cannot be read (missing, outside the project, not an image)."""


class ArtworkSource(Protocol):
    """Reads a project's image files for per-card image patterns (``art/{id}.png``)."""

    def artwork(self, name: str) -> Artwork:
        """The image called ``name`` (relative to the project folder); ArtworkError when unusable."""
        ...


def fill_in(template: str, values: Mapping[str, str]) -> str:
    """``template`` with each ``{field}`` replaced by the card's value (``{field|upper}``,
    ``{field|lower}``), ``{{`` and ``}}`` by braces; MissingField for an unknown field."""

    def one(match: re.Match[str]) -> str:
        whole, name, flt = match.group(0), match.group(1), match.group(2)
        if whole in ("{{", "}}"):
            return whole[0]
        name = name.strip()
        if name not in values:
            raise MissingField(name, values)
        value = values[name]
        return value.upper() if flt == "upper" else value.lower() if flt == "lower" else value

    return _PLACEHOLDER.sub(one, template)


def shown(when: When | None, values: Mapping[str, str], booleans: Collection[str] = ()) -> bool:
    """Whether a region with condition ``when`` is drawn for a card with these ``values``; the
    fields named in ``booleans`` are compared by meaning (``yes`` is ``true``, and ``when: rare``
    asks for a true one)."""
    if when is None:
        return True
    if when.field not in values:
        raise MissingField(when.field, values)
    value = values[when.field].strip()
    if when.field in booleans:
        meant = truth(value)
        result = meant is True if when.equals is None else meant is not None and meant == truth(when.equals)
    else:
        result = bool(value) if when.equals is None else value == when.equals
    return result != when.negate


def colour_of(spec: str | None, values: Mapping[str, str], default: Colour | None) -> Colour | None:
    """A ``#rrggbb`` colour, or the card's value of a ``{field}`` (which must be a colour)."""
    if spec is None:
        return default
    text = fill_in(spec, values).strip()
    if not _HEX.match(text):
        raise ValueError(f"the colour {spec} is {text!r} for this card, not a colour like \"#d62828\"")
    return Colour(text.lower())


def shape_points(shape: Shape, x: float, y: float, width: float, height: float,
                 sx: float, sy: float) -> list[tuple[float, float]]:
    """A polygon's corners on the card (region-relative points scaled like the region)."""
    if shape.kind is not ShapeKind.POLYGON:
        return []
    return [(x + px * sx, y + py * sy) for px, py in shape.points]


def raster_size(data: bytes, kind: str) -> tuple[int, int] | None:
    """Width and height in pixels of a PNG or JPEG from its header (None when it cannot be read:
    a broken file, or an SVG, which has no pixels)."""
    if kind == "png":
        if len(data) < 24:
            return None
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if kind == "jpeg":
        position = 2
        while position + 9 < len(data):
            if data[position] != 0xFF:
                return None
            marker = data[position + 1]
            length = int.from_bytes(data[position + 2:position + 4], "big")
            if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
                height = int.from_bytes(data[position + 5:position + 7], "big")
                width = int.from_bytes(data[position + 7:position + 9], "big")
                return width, height
            position += 2 + length
    return None


def print_dpi(size: tuple[int, int], width_mm: float, height_mm: float) -> float:
    """The resolution an image of ``size`` pixels prints at when fitted in a box (proportions kept)."""
    w, h = size
    if w <= 0 or h <= 0 or width_mm <= 0 or height_mm <= 0:
        return 0.0
    scale = min(width_mm / w, height_mm / h)  # mm per pixel once fitted
    return 25.4 / scale
