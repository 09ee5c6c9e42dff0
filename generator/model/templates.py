"""Card, sheet and face templates (``layouts/*.yaml``): sizes in millimetres, resolved ``extends``.

Pure values of the model (sizes in millimetres, each with its place in a file); the loader
(``generator.loader.layouts``) builds them from the shipped layouts and the project's own, the
project's winning by name; ``generator.layout`` draws with them.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field
from enum import Enum

from .source import UNKNOWN_LOC, SourceLoc

MIN_PRINTABLE_MARGIN_MM = 4.2
"""Home printers cannot print nearer the edge than this; trim boxes and marks stay inside it."""


class FillOrder(str, Enum):
    """How slots are numbered on a sheet."""

    ROWS = "rows"
    COLUMNS = "columns"


@dataclass(frozen=True, slots=True)
class CardTemplate:
    """A card size: trim box, safe zone (text stays inside) and corner radius."""

    name: str
    width_mm: float
    height_mm: float
    safe_mm: float = 3.0
    corner_radius_mm: float = 3.0
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class CropMarks:
    """Short lines in the margins on the extension of every cut line."""

    length_mm: float = 5.0
    offset_mm: float = 1.5
    """Gap between the marks and the bleed edge of the block, so they never touch a card."""
    width_mm: float = 0.2


@dataclass(frozen=True, slots=True)
class SheetTemplate:
    """A sheet of paper and how cards are laid on it."""

    name: str
    width_mm: float
    height_mm: float
    margin_mm: float = 6.35
    gutter_mm: float = 0.0
    """Space between cards: 0 makes cards butt (bleed then goes around the block only)."""
    bleed_mm: float = 3.0
    crop_marks: CropMarks = CropMarks()
    fill_order: FillOrder = FillOrder.ROWS
    large: bool = False
    """A large sheet (A3, A2) meant for boards rather than cards."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    @property
    def printable(self) -> tuple[float, float, float, float]:
        """The area inside the margins: x, y, width, height."""
        m = self.margin_mm
        return m, m, self.width_mm - 2 * m, self.height_mm - 2 * m

    def turned(self) -> "SheetTemplate":
        """The same sheet in the other orientation."""
        from dataclasses import replace

        return replace(self, width_mm=self.height_mm, height_mm=self.width_mm)


@dataclass(frozen=True, slots=True)
class Artwork:
    """An image file of the project, already read and checked by the loader."""

    name: str
    data: bytes = field(repr=False)
    kind: str

    @property
    def missing(self) -> bool:
        """A picture that could not be read (its problem is reported): drawn as nothing."""
        return self.kind == MISSING


MISSING = "missing"
"""The ``kind`` of an Artwork standing in for a picture that could not be read, so that the rest
of its template is still checked (``validate`` reports every mistake at once); never printed."""


_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def placeholders(text: str) -> list[tuple[str, str | None]]:
    """The ``{field}`` / ``{field|filter}`` placeholders of a template text, in order."""
    found = []
    for inner in _PLACEHOLDER.findall(text.replace("{{", "").replace("}}", "")):
        name, _, flt = inner.partition("|")
        found.append((name.strip(), flt.strip() or None))
    return found


class Align(str, Enum):
    """Where text sits across its region."""

    LEFT = "left"
    CENTRE = "centre"
    RIGHT = "right"


class VAlign(str, Enum):
    """Where text sits up and down its region."""

    TOP = "top"
    MIDDLE = "middle"
    BOTTOM = "bottom"


class ShapeKind(str, Enum):
    """The shapes a region may draw."""

    RECT = "rect"
    ROUNDED = "rounded"
    CIRCLE = "circle"
    LINE = "line"
    POLYGON = "polygon"


@dataclass(frozen=True, slots=True)
class Shape:
    """A drawn shape filling its region: colours are ``#rrggbb`` or a ``{field}`` of the card."""

    kind: ShapeKind
    fill: str | None = None
    stroke: str | None = None
    stroke_mm: float = 0.3
    opacity: float = 1.0
    radius_mm: float = 3.0
    """Corner radius of a rounded rectangle."""
    points: tuple[tuple[float, float], ...] = ()
    """A polygon's corners, in millimetres from the region's top-left corner (before scaling)."""


@dataclass(frozen=True, slots=True)
class When:
    """A region shown only when a card field has a value (``equals`` None) or equals a value; a
    boolean field's value is compared by meaning (``yes`` equals ``true``), and has a value only
    when it is true."""

    field: str
    equals: str | None = None
    negate: bool = False
    loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)  # ``field`` is a field here
    """Where the condition's value is written (its ``equals``/``not``, or the ``when`` itself)."""


TRUE_WORDS = ("true", "yes", "1", "y")
FALSE_WORDS = ("false", "no", "0", "n")
"""How a card list writes a boolean field (any case)."""


def truth(text: str) -> bool | None:
    """What a boolean field's text means: True, False, or None (empty, or not a boolean word)."""
    word = text.strip().lower()
    return True if word in TRUE_WORDS else False if word in FALSE_WORDS else None


@dataclass(frozen=True, slots=True)
class FaceRegion:
    """A named area of a card face and what fills it (positions on the template's base card).

    A region holds one of: a ``field`` (drawn by the game: a rank, a suit symbol... or, for a
    field the game does not draw itself, the card's value as text), ``text`` with ``{field}``
    placeholders, an ``image`` (``artwork`` when fixed, ``image`` a per-card pattern such as
    ``art/{id}.png``) or a ``shape``."""

    name: str
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    field: str
    font: str = "sans"
    max_pt: float = 12.0
    min_pt: float = 6.0
    mirrored: bool = False
    """Also drawn turned 180 degrees about the card's centre (corner indices readable upside down)."""
    artwork: Artwork | None = None
    """A fixed picture drawn in the region (a logo, a back design...)."""
    loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)  # ``field`` is a field here
    text: str | None = None
    """Text with ``{field}`` placeholders (``{name|upper}`` upper-cases): the region is a text region."""
    image: str | None = None
    """A per-card image pattern (``art/{id}.png``), resolved for each card inside the project."""
    shape: Shape | None = None
    colour: str | None = None
    """The text colour: ``#rrggbb`` or ``{field}``; None lets the game choose."""
    align: Align = Align.CENTRE
    valign: VAlign = VAlign.MIDDLE
    wrap: bool = True
    when: When | None = None
    bleed: bool = False
    """The region runs to the bleed edge on every side it touches (backgrounds)."""

    @property
    def kind(self) -> str:
        """What fills the region: shape, image, text or field."""
        if self.shape is not None:
            return "shape"
        if self.artwork is not None or self.image is not None:
            return "image"
        return "text" if self.text is not None else "field"


@dataclass(frozen=True, slots=True)
class Icon:
    """A small picture a text may show inline (``:coin:``), drawn at the text's size.

    ``size`` is the picture's height (and width: the picture is fitted into a square, proportions
    kept) in ems of the text; None draws it as wide as the font's black square (U+25A0, nearly one
    em). ``baseline`` is how much of the picture hangs below the text's baseline (0: it sits on
    it, 0.5: it is centred on it)."""

    name: str
    artwork: Artwork
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    size: float | None = None
    baseline: float = 0.2


@dataclass(frozen=True, slots=True)
class FaceTemplate:
    """The regions of one game's card faces, front and back, designed on ``base_width_mm`` x
    ``base_height_mm`` and scaled to the card size of a build. ``back`` None: the game's own back."""

    name: str
    base_width_mm: float
    base_height_mm: float
    regions: tuple[FaceRegion, ...]
    """The front's regions (the ``regions:`` of a template, or its ``front:``)."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    back: tuple[FaceRegion, ...] | None = None
    icons: tuple[Icon, ...] = ()
    fallback_fonts: tuple[str, ...] = ()
    """Fonts that draw the characters a region's font lacks, tried in order (before the
    project's ``fallback_fonts``)."""

    def region(self, name: str) -> FaceRegion:
        for region in self.regions:
            if region.name == name:
                return region
        raise KeyError(f"face template '{self.name}' has no region '{name}'")

    def icon(self, name: str) -> Icon | None:
        return next((icon for icon in self.icons if icon.name == name), None)

    def sides(self) -> tuple[tuple[str, tuple[FaceRegion, ...]], ...]:
        """("front", regions) and, when the template has one, ("back", regions)."""
        return (("front", self.regions),) + ((("back", self.back),) if self.back is not None else ())


@dataclass(frozen=True, slots=True)
class FontFace:
    """A font key a template may name, and the TrueType file it stands for."""

    key: str
    path: str
    """The file, as an absolute path (shipped fonts live in the toolkit's ``fonts/``)."""
    shown: str
    """The file as messages name it (relative to the folder of the command when inside it)."""
    shipped: bool = False
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    bold: str = ""
    """The font key that draws this font's ``<b>`` text (itself for a bold font); empty: none."""
    italic: str = ""
    """The font key that draws ``<i>`` text; empty: none."""
    bold_italic: str = ""
    """The font key that draws text both bold and italic; empty: none."""

    def styled(self, bold: bool, italic: bool) -> str:
        """The font key that draws text in this style ("" when the font has no such face)."""
        if bold and italic:
            return self.bold_italic
        return self.bold if bold else self.italic if italic else self.key


@dataclass(frozen=True, slots=True)
class LayoutLibrary:
    """Every template and font a project can use, by name."""

    cards: tuple[CardTemplate, ...]
    sheets: tuple[SheetTemplate, ...]
    faces: tuple[FaceTemplate, ...] = ()
    fonts: tuple[FontFace, ...] = ()
    fallback_fonts: tuple[str, ...] = ()
    """The project's fallback fonts: they draw the characters a text's font (and its template's
    fallbacks) lacks, tried in order."""
    broken: tuple[str, ...] = ()
    """Face templates a layout file defines but that could not be read (their problems say why):
    a game drawn with one is not also told that no layout defines it."""

    def card(self, name: str) -> CardTemplate:
        for template in self.cards:
            if template.name == name:
                return template
        raise KeyError(f"no card template '{name}' (known: {', '.join(t.name for t in self.cards)})")

    def sheet(self, name: str) -> SheetTemplate:
        for template in self.sheets:
            if template.name == name:
                return template
        raise KeyError(f"no sheet template '{name}' (known: {', '.join(t.name for t in self.sheets)})")

    def face(self, name: str) -> FaceTemplate:
        for template in self.faces:
            if template.name == name:
                return template
        raise KeyError(f"no face template '{name}' (known: {', '.join(t.name for t in self.faces)})")

    def font(self, key: str) -> FontFace:
        for face in self.fonts:
            if face.key == key:
                return face
        raise KeyError(f"no font '{key}' (known: {', '.join(f.key for f in self.fonts)})")
