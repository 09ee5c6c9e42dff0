"""The fonts every output uses, read from the project's ``fonts/`` folder (never the machine's).

A FontRegistry registers each font key (``sans``, ``sans-bold``, ...) with reportlab, so PDFs embed
subsets of exactly these files, and measures text for layout (it implements TextMeasurer).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from ..layout.scene import PT_PER_MM

FONT_FILES = {
    "sans": "DejaVuSans.ttf",
    "sans-bold": "DejaVuSans-Bold.ttf",
    "sans-condensed": "DejaVuSansCondensed.ttf",
    "sans-condensed-bold": "DejaVuSansCondensed-Bold.ttf",
    "serif-bold": "DejaVuSerif-Bold.ttf",
}
"""Font key -> file in ``fonts/``: the only fonts faces may name."""


class FontError(Exception):
    """A font file is missing or unreadable (the message names it)."""


@dataclass
class FontRegistry:
    """Fonts registered under cardforge-specific names, with metrics for layout."""

    folder: Path
    pdf_names: dict[str, str] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)

    def pdf_name(self, key: str) -> str:
        """The reportlab font name of a font key."""
        try:
            return self.pdf_names[key]
        except KeyError:
            raise FontError(f"unknown font '{key}' (known: {', '.join(sorted(self.pdf_names))})") from None

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        return pdfmetrics.stringWidth(text, self.pdf_name(font), size_pt) / PT_PER_MM

    def ascent_mm(self, font: str, size_pt: float) -> float:
        face = pdfmetrics.getFont(self.pdf_name(font)).face
        return face.ascent / 1000 * size_pt / PT_PER_MM


def load_fonts(folder: Path) -> FontRegistry:
    """Register every font of FONT_FILES from ``folder``; FontError naming a missing or bad file."""
    registry = FontRegistry(folder)
    for key, filename in FONT_FILES.items():
        path = folder / filename
        if not path.is_file():
            raise FontError(f"{path}: font file missing (cardforge ships it in fonts/)")
        name = f"cardforge-{key}"
        if name not in pdfmetrics.getRegisteredFontNames():
            try:
                pdfmetrics.registerFont(TTFont(name, str(path)))
            except (TTFError, OSError) as exc:
                raise FontError(f"{path}: not a usable TrueType font ({exc})") from None
        registry.pdf_names[key] = name
        registry.files[key] = path
    return registry
