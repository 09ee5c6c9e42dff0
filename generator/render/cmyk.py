"""CMYK for shops that print what they are sent (DriveThruCards): every colour of a scene, every
picture and every SVG drawing converted from sRGB, with a limit on total ink.

The conversion is the classic one with full grey-component replacement: black ink takes the part
of a colour all three channels share (so greys and dark tones are printed mostly with black, and
neutral greys with black alone), cyan, magenta and yellow the rest; where the four inks add up to
more than the shop's limit (240 % at DriveThruCards) the coloured inks are scaled down. Black text
and thin black lines are black ink alone (they stay sharp whatever the registration); large black
areas are a rich black (``RICH_BLACK``, 200 %), which prints deeper than black ink alone. The PDF's
output intent names the printing condition these values are meant for (``generator.render.pdfx``).
"""

from __future__ import annotations

import copy
import io
from typing import Any

from PIL import Image as PILImage
from PIL import ImageMath
from reportlab.lib.colors import CMYKColor, Color
from reportlab.lib.utils import ImageReader

from ..model.common import Colour
from .pdf import PdfPainter

INK_LIMIT = 2.4
RICH_BLACK = (0.4, 0.3, 0.3, 1.0)
"""Cyan, magenta, yellow and black of a large black area (200 % of ink)."""
LARGE_AREA_MM2 = 100.0
"""A black fill of at least a square centimetre is printed rich black."""
BLACKISH = 0.02
"""A colour whose brightest channel is under this is black."""

Cmyk = tuple[float, float, float, float]


def rgb_to_cmyk(r: float, g: float, b: float, limit: float = INK_LIMIT) -> Cmyk:
    """An sRGB colour (0..1) as cyan, magenta, yellow and black (0..1), at most ``limit`` in all."""
    high = max(r, g, b)
    k = 1.0 - high
    if high <= 1e-9:
        return 0.0, 0.0, 0.0, 1.0
    c, m, y = (high - r) / high, (high - g) / high, (high - b) / high
    total = c + m + y + k
    if total > limit and c + m + y > 0:
        scale = max(0.0, limit - k) / (c + m + y)
        c, m, y = c * scale, m * scale, y * scale
    return round(c, 4), round(m, 4), round(y, 4), round(k, 4)


def colour_cmyk(colour: Colour, *, large: bool = False, limit: float = INK_LIMIT) -> Cmyk:
    """A scene colour in CMYK: black is black ink alone, or rich black for a ``large`` area."""
    r, g, b = colour.rgb
    if max(r, g, b) < BLACKISH:
        return RICH_BLACK if large and sum(RICH_BLACK) <= limit else (0.0, 0.0, 0.0, 1.0)
    return rgb_to_cmyk(r, g, b, limit)


def image_cmyk(data: bytes, limit: float = INK_LIMIT) -> PILImage.Image:
    """A PNG or JPEG as a CMYK image: transparency flattened onto white paper (PDF/X-1a allows no
    transparency), CMYK pictures kept as they are (their ink is checked by preflight), every other
    one converted as ``rgb_to_cmyk`` converts a colour."""
    image: PILImage.Image = PILImage.open(io.BytesIO(data))
    image.load()
    if image.mode == "CMYK":
        return image
    if image.mode in ("RGBA", "LA", "PA") or (image.mode == "P" and "transparency" in image.info):
        rgba = image.convert("RGBA")
        paper = PILImage.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = PILImage.alpha_composite(paper, rgba)
    r, g, b = image.convert("RGB").split()
    high = ImageMath.lambda_eval(lambda v: v["max"](v["max"](v["r"], v["g"]), v["b"]), r=r, g=g, b=b)
    ink = {}
    for name, channel in (("c", r), ("m", g), ("y", b)):
        ink[name] = ImageMath.lambda_eval(
            lambda v: (v["h"] - v["x"]) * 255.0 / v["max"](v["h"], 1.0), h=high.convert("F"), x=channel.convert("F"))
    k = ImageMath.lambda_eval(lambda v: 255.0 - v["h"], h=high.convert("F"))
    total = ImageMath.lambda_eval(lambda v: v["c"] + v["m"] + v["y"], c=ink["c"], m=ink["m"], y=ink["y"])
    room = ImageMath.lambda_eval(lambda v: v["max"](limit * 255.0 - v["k"], 0.0), k=k)
    scale = ImageMath.lambda_eval(lambda v: v["min"](v["room"] / v["max"](v["t"], 1.0), 1.0), room=room, t=total)
    bands = [ImageMath.lambda_eval(lambda v: v["x"] * v["s"], x=ink[n], s=scale).convert("L") for n in "cmy"]
    return PILImage.merge("CMYK", (*bands, k.convert("L")))


def drawing_cmyk(drawing: Any, limit: float = INK_LIMIT) -> Any:
    """A copy of an SVG drawing (reportlab shapes) with every colour in CMYK; a colour drawn
    see-through is mixed with white paper instead (PDF/X-1a allows no transparency)."""
    drawing = copy.deepcopy(drawing)

    def convert(colour: Any, opacity: Any) -> Any:
        if colour is None or isinstance(colour, CMYKColor) or not isinstance(colour, Color):
            return colour
        alpha = colour.alpha if colour.alpha is not None else 1.0
        if opacity is not None:
            alpha *= float(opacity)
        r, g, b = (1 - alpha + alpha * v for v in (colour.red, colour.green, colour.blue))
        c, m, y, k = colour_cmyk(Colour("#" + "".join(f"{round(v * 255):02x}" for v in (r, g, b))), limit=limit)
        return CMYKColor(c, m, y, k)

    def walk(node: Any) -> None:
        for name in ("fillColor", "strokeColor"):
            if hasattr(node, name):
                opacity_name = "fillOpacity" if name == "fillColor" else "strokeOpacity"
                setattr(node, name, convert(getattr(node, name), getattr(node, opacity_name, None)))
                if hasattr(node, opacity_name):
                    setattr(node, opacity_name, None)
        for child in getattr(node, "contents", []) or []:
            walk(child)

    walk(drawing)
    return drawing


class CmykPainter(PdfPainter):
    """Draws scenes in CMYK only (the canvas also refuses RGB: ``render_pdf(..., cmyk=True)``)."""

    limit = INK_LIMIT
    flatten_opacity = True

    def fill(self, colour: Colour, *, area_mm2: float = 0.0) -> None:
        self.canvas.setFillColorCMYK(*colour_cmyk(colour, large=area_mm2 >= LARGE_AREA_MM2, limit=self.limit))

    def text_fill(self, colour: Colour) -> None:
        self.canvas.setFillColorCMYK(*colour_cmyk(colour, limit=self.limit))

    def stroke(self, colour: Colour) -> None:
        self.canvas.setStrokeColorCMYK(*colour_cmyk(colour, limit=self.limit))

    def raster(self, data: bytes) -> ImageReader:
        return ImageReader(image_cmyk(data, self.limit))

    def vector(self, drawing: Any) -> Any:
        return drawing_cmyk(drawing, self.limit)
