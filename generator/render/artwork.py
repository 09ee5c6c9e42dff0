"""Designer artwork in outputs: PNG and JPEG passed through at their own resolution; SVG drawn as
vectors in PDFs (svglib turns it into reportlab shapes) and rasterised by cairosvg in its safe mode
for PNG and SVG outputs (``unsafe=False``: no external files, URLs or XML entities are loaded from
inside an SVG, only ``data:`` URLs; the loader also refuses SVG files that refer outside
themselves). Sizes are fitted into their box."""

from __future__ import annotations

import io
import math
from functools import lru_cache
from typing import Any

from ..files.images import check_png, check_svg, svg_aspect
from ..layout.regions import raster_size
from ..model.limits import MAX_IMAGE_PIXELS

ARTWORK_DPI = 300
MM_PER_INCH = 25.4
CAIRO_MAX_SIDE = 32767
"""cairo draws no image longer than this many pixels on a side."""


class ArtworkError(ValueError):
    """An image that cannot be drawn (broken file, too many pixels); ``image`` names its file as the
    template does, once a painter knows it."""

    def __init__(self, message: str, image: str = "") -> None:
        super().__init__(message)
        self.image = image


@lru_cache(maxsize=64)
def artwork_png(data: bytes, kind: str, width_mm: float, height_mm: float) -> bytes:
    """Raster bytes of an artwork: PNG and JPEG as they are, SVG rasterised at 300 dpi for its box
    (or fewer dots when that would make more than MAX_IMAGE_PIXELS); ArtworkError for an image that
    cannot be drawn."""
    if kind == "jpeg":
        return data
    if kind == "png":
        problem = check_png(data)
        if problem is not None:
            raise ArtworkError(f"the PNG artwork {problem}")
        return data
    problem = check_svg(data)
    if problem is not None:
        raise ArtworkError(f"the SVG artwork {problem}")
    aspect = svg_aspect(data) or 1.0  # height / width, as cairosvg will size its output
    width_px = max(1, round(width_mm / MM_PER_INCH * ARTWORK_DPI))
    if width_px * width_px * aspect > MAX_IMAGE_PIXELS:
        width_px = max(1, math.floor(math.sqrt(MAX_IMAGE_PIXELS / aspect)))
    height_px = width_px * aspect
    if height_px < 0.5 or height_px > CAIRO_MAX_SIDE or width_px * height_px > MAX_IMAGE_PIXELS:
        ratio = max(aspect, 1 / aspect)
        raise ArtworkError(f"the SVG artwork is {ratio:.3g} times longer one way than the other: too thin to draw")
    from ..files.atomicio import held_signals
    import cairosvg  # only when an SVG is drawn: cairo takes a third of a second to load

    try:
        with held_signals():  # cairo writes through a Python callback that must not take a signal
            png = bytes(cairosvg.svg2png(bytestring=data, output_width=width_px, unsafe=False))
        return png
    except ArtworkError:
        raise
    except (Exception, RecursionError) as exc:  # cairosvg raises many kinds of errors for a broken file
        raise ArtworkError(f"the SVG artwork cannot be drawn: {type(exc).__name__}: {exc}") from None


def fit(box_w: float, box_h: float, image_w: float, image_h: float) -> tuple[float, float, float, float]:
    """Offset and size of an image of ``image_w`` x ``image_h`` fitted into a box, centred, proportions kept."""
    scale = min(box_w / image_w, box_h / image_h)
    w, h = image_w * scale, image_h * scale
    return (box_w - w) / 2, (box_h - h) / 2, w, h


def png_size(raster: bytes) -> tuple[int, int]:
    """Width and height in pixels of a PNG or JPEG (ArtworkError when the header is unreadable)."""
    size = raster_size(raster, "jpeg" if raster.startswith(b"\xff\xd8") else "png")
    if size is None or size[0] <= 0 or size[1] <= 0:
        raise ArtworkError("the image has no readable size (a damaged file?)")
    return size


@lru_cache(maxsize=32)
def svg_drawing(data: bytes) -> Any:
    """The SVG as a reportlab drawing (vector shapes), for PDFs; ArtworkError when it cannot be read."""
    from svglib.svglib import svg2rlg

    try:
        drawing = svg2rlg(io.BytesIO(data))
    except Exception as exc:  # svglib and lxml raise many kinds of errors for a broken file
        raise ArtworkError(f"the SVG artwork cannot be drawn: {type(exc).__name__}: {exc}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise ArtworkError("the SVG artwork has no size (give its <svg> a viewBox or a width and height)")
    return drawing
