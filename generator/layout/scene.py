"""Backend-neutral display lists ("scenes") in millimetres: what a card face, token or board is made of.

Layout code builds scenes; renderers (PDF, SVG) only dispatch on these primitives and compute no
coordinates. Coordinates are in mm from the top-left corner of the trim box, y pointing down; the
bleed area lies at negative coordinates and beyond ``width_mm``/``height_mm``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Protocol, Union

from ..model.common import Colour
from ..model.source import UNKNOWN_LOC, SourceLoc

BLACK = Colour("#000000")
WHITE = Colour("#ffffff")


class Anchor(str, Enum):
    """Where a text's ``x`` lies on its baseline."""

    START = "start"
    MIDDLE = "middle"
    END = "end"


@dataclass(frozen=True, slots=True)
class Paint:
    """Fill and stroke of a shape; None means none."""

    fill: Colour | None = None
    stroke: Colour | None = None
    stroke_mm: float = 0.25
    dash_mm: tuple[float, ...] = ()
    opacity: float = 1.0
    """0 (invisible) to 1 (opaque), for fill and stroke alike."""


@dataclass(frozen=True, slots=True)
class Origin:
    """The face template region an item was drawn for: preflight names it, and where it is, in
    its findings. Items carry it without it changing what they draw or how they compare."""

    region: str
    loc: SourceLoc = UNKNOWN_LOC
    bleed: bool = False
    """The region runs to the bleed edge (a background: it may leave the safe zone)."""


@dataclass(frozen=True, slots=True)
class Rect:
    """A rectangle (x, y: its top left corner)."""

    x: float
    y: float
    width: float
    height: float
    paint: Paint
    radius: float = 0.0
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Circle:
    """A circle around (cx, cy)."""

    cx: float
    cy: float
    r: float
    paint: Paint
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Line:
    """A straight line from (x1, y1) to (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    colour: Colour = BLACK
    width_mm: float = 0.25
    dash_mm: tuple[float, ...] = ()
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class MoveTo:
    """A path operation: start a new outline at (x, y)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class LineTo:
    """A path operation: a straight line to (x, y)."""

    x: float
    y: float


@dataclass(frozen=True, slots=True)
class CurveTo:
    """A cubic Bezier segment to (x, y) with control points (x1, y1) and (x2, y2)."""

    x1: float
    y1: float
    x2: float
    y2: float
    x: float
    y: float


@dataclass(frozen=True, slots=True)
class Close:
    """A path operation: close the outline."""


PathOp = Union[MoveTo, LineTo, CurveTo, Close]


@dataclass(frozen=True, slots=True)
class Path:
    """A vector outline (symbols, flames, jacks' eyes...). Filled with the non-zero rule."""

    ops: tuple[PathOp, ...]
    paint: Paint
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text placed on its baseline at (x, y); already fitted by layout."""

    x: float
    y: float
    text: str
    font: str
    """A font key of the font registry (e.g. ``sans``, ``sans-bold``), never a file name."""
    size_pt: float
    colour: Colour = BLACK
    anchor: Anchor = Anchor.START
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Image:
    """Artwork from the project folder (PNG or SVG bytes) drawn into the box (x, y, width, height),
    keeping its proportions. The loader has checked where it came from."""

    x: float
    y: float
    width: float
    height: float
    data: bytes = field(repr=False)
    kind: str = "png"
    """``png`` or ``svg``."""
    name: str = ""
    """The file as the designer named it (for messages and golden dumps)."""
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Group:
    """Items drawn after translating by (dx, dy), then rotating by ``rotation_deg`` (clockwise, as
    seen on the page) and scaling by ``scale`` about the new origin."""

    items: tuple["Item", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotation_deg: float = 0.0
    scale: float = 1.0
    origin: "Origin | None" = field(default=None, compare=False, repr=False)


Item = Union[Rect, Circle, Line, Path, Text, Image, Group]


def with_origin(item: Item, origin: Origin) -> Item:
    """``item`` marked as drawn by ``origin``: ``dataclasses.replace`` without its checks (the
    fields are copied as they are), five times faster where every item of a thousand cards gets one."""
    cls = type(item)
    new = object.__new__(cls)
    for name in cls.__slots__:
        object.__setattr__(new, name, getattr(item, name))
    object.__setattr__(new, "origin", origin)
    return new


@dataclass(frozen=True, slots=True)
class Scene:
    """A face: trim size, bleed drawn around it, and the items in painting order.

    ``key`` identifies the distinct face: equal keys mean equal drawings, so a renderer draws each
    key once per document and reuses it for every copy.
    """

    key: str
    width_mm: float
    height_mm: float
    bleed_mm: float
    items: tuple[Item, ...] = field(default=())

    def look(self) -> tuple[float, float, tuple[Item, ...]]:
        """What the face looks like printed: two scenes that look alike (two templates with the
        same back) compare equal, whatever their keys and wherever their regions are written."""
        return self.width_mm, self.height_mm, self.items


class TextMeasurer(Protocol):
    """Measures text for layout's fitting (injected: the render layer knows the real font metrics)."""

    def width_mm(self, text: str, font: str, size_pt: float) -> float: ...

    def ascent_mm(self, font: str, size_pt: float) -> float: ...


PT_PER_MM = 72.0 / 25.4
"""Points per millimetre: sizes of text are in points, every length else in millimetres."""
