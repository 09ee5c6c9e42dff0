"""Print-on-demand shops and what their files must be: card sizes, bleed, safe zone, file kind,
colour, page order. Pure values; the sources of each figure are in ``docs/printing.md``.

Shops state their sizes in inches at 300 dpi: an image is the trim plus the bleed on each side,
rounded to whole pixels as the shop's own templates are (MakePlayingCards: 36 px of bleed, so a
poker card is 822 x 1122 px; The Game Crafter: 1/8 in, 825 x 1125 px). A card template is
matched to a shop's size by its trim (within 1 mm), else by its name; the faces are then drawn
at the shop's size, so what the shop cuts is what was laid out.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

MM_PER_INCH = 25.4
SIZE_TOLERANCE_MM = 1.0
"""A card template within this of a shop's size on both sides is that size (63 x 88 is poker)."""


class FileKind(str, Enum):
    """What a shop takes: one image per distinct face, or one PDF per deck."""

    PNG = "png"
    PDF = "pdf"


class ColourSpace(str, Enum):
    """The colour of the files: sRGB images, or CMYK (PDF/X-1a) for shops that print it as sent."""

    SRGB = "srgb"
    CMYK = "cmyk"


class PageOrder(str, Enum):
    """The pages of a deck PDF: each card's back then its front, or its front then its back."""

    BACK_FRONT = "back-front"
    FRONT_BACK = "front-back"


@dataclass(frozen=True, slots=True)
class ShopSize:
    """A card size a shop prints: its name and trim in inches."""

    name: str
    width_in: float
    height_in: float

    @property
    def width_mm(self) -> float:
        return self.width_in * MM_PER_INCH

    @property
    def height_mm(self) -> float:
        return self.height_in * MM_PER_INCH

    def describe(self) -> str:
        return f"{self.name} ({self.width_in:g} x {self.height_in:g} in, {self.width_mm:.2f} x {self.height_mm:.2f} mm)"


@dataclass(frozen=True, slots=True)
class Shop:
    """One print-on-demand preset (``cardforge export --pod KEY``)."""

    key: str
    title: str
    kind: FileKind
    colour: ColourSpace
    bleed_px: float
    """Bleed on each side, in pixels at ``dpi`` (a PDF's bleed box is this far outside its trim box)."""
    safe_px: float
    """The safe zone: text and important art stay this far inside the trim."""
    sizes: tuple[ShopSize, ...] = ()
    """The sizes the shop prints; empty: any card template, drawn at its own size."""
    dpi: int = 300
    page_order: PageOrder = PageOrder.FRONT_BACK
    ink_limit: float | None = None
    """Total area coverage allowed (2.4 = 240 %), for CMYK files."""
    min_text_pt: float = 6.0

    @property
    def bleed_mm(self) -> float:
        return self.bleed_px / self.dpi * MM_PER_INCH

    @property
    def safe_mm(self) -> float:
        return self.safe_px / self.dpi * MM_PER_INCH

    def image_px(self, width_mm: float, height_mm: float) -> tuple[int, int]:
        """The size of a face image of a ``width_mm`` x ``height_mm`` trim: trim plus bleed on each
        side at the shop's resolution, rounded to whole pixels."""
        scale = self.dpi / MM_PER_INCH
        return (round(width_mm * scale + 2 * self.bleed_px), round(height_mm * scale + 2 * self.bleed_px))

    def match(self, name: str, width_mm: float, height_mm: float) -> ShopSize | None:
        """The shop's size for a card template: the same trim within 1 mm, else the same name;
        None when the shop does not print it. A shop without a list of sizes prints any."""
        if not self.sizes:
            return ShopSize(name, width_mm / MM_PER_INCH, height_mm / MM_PER_INCH)
        for size in self.sizes:
            if abs(size.width_mm - width_mm) <= SIZE_TOLERANCE_MM and abs(size.height_mm - height_mm) <= SIZE_TOLERANCE_MM:
                return size
        for size in self.sizes:
            if size.name == name:
                return size
        return None

    def offered(self) -> str:
        return ", ".join(size.describe() for size in self.sizes) if self.sizes else "any size"


POKER = ShopSize("poker", 2.5, 3.5)
BRIDGE = ShopSize("bridge", 2.25, 3.5)
MINI = ShopSize("mini", 1.75, 2.5)
TAROT = ShopSize("tarot", 2.75, 4.75)

SHOPS: dict[str, Shop] = {
    "mpc": Shop("mpc", "MakePlayingCards (also PrinterStudio)", FileKind.PNG, ColourSpace.SRGB,
                bleed_px=36, safe_px=36, sizes=(POKER, BRIDGE, MINI, TAROT)),
    "tgc": Shop("tgc", "The Game Crafter", FileKind.PNG, ColourSpace.SRGB,
                bleed_px=37.5, safe_px=37.5, sizes=(POKER, BRIDGE, MINI, TAROT)),
    "drivethrucards": Shop("drivethrucards", "DriveThruCards", FileKind.PDF, ColourSpace.CMYK,
                           bleed_px=37.5, safe_px=37.5, sizes=(POKER,), page_order=PageOrder.BACK_FRONT,
                           ink_limit=2.4),
    "pdf": Shop("pdf", "any shop that takes a PDF (one card a page)", FileKind.PDF, ColourSpace.SRGB,
                bleed_px=37.5, safe_px=37.5),
}
"""The presets, by the name ``--pod`` takes."""


def shop(key: str) -> Shop:
    """The preset called ``key``; KeyError naming the presets otherwise."""
    try:
        return SHOPS[key]
    except KeyError:
        raise KeyError(f"no print-on-demand preset '{key}' (known: {', '.join(SHOPS)})") from None
