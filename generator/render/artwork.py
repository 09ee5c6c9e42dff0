"""Designer artwork in outputs: PNG and JPEG passed through at their own resolution; SVG drawn as
vectors in PDFs (svglib turns it into reportlab shapes) and rasterised by cairosvg in its safe mode
for PNG and SVG outputs (``unsafe=False``: no external files, URLs or XML entities are loaded from
inside an SVG, only ``data:`` URLs; the loader also refuses SVG files that refer outside
themselves). Sizes are fitted into their box."""

from __future__ import annotations

import io
from functools import lru_cache
from typing import Any

from ..layout.regions import raster_size

ARTWORK_DPI = 300
MM_PER_INCH = 25.4


class ArtworkError(ValueError):
    """An image that cannot be drawn (broken file, or it tries to load something from outside)."""


@lru_cache(maxsize=64)
def artwork_png(data: bytes, kind: str, width_mm: float, height_mm: float) -> bytes:
    """Raster bytes of an artwork: PNG and JPEG as they are, SVG rasterised at 300 dpi for its box."""
    if kind in ("png", "jpeg"):
        return data
    import cairosvg  # only when an SVG is drawn: cairo takes a third of a second to load

    try:
        png: bytes = cairosvg.svg2png(bytestring=data, output_width=max(1, round(width_mm / MM_PER_INCH * ARTWORK_DPI)),
                                      unsafe=False)
        return png
    except ArtworkError:
        raise
    except Exception as exc:  # cairosvg raises many kinds of errors for a broken file
        raise ArtworkError(f"the SVG artwork cannot be drawn: {exc}") from None


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
        raise ArtworkError(f"the SVG artwork cannot be drawn: {exc}") from None
    if drawing is None or not drawing.width or not drawing.height:
        raise ArtworkError("the SVG artwork has no size (give its <svg> a viewBox or a width and height)")
    return drawing
