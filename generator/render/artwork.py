"""Designer artwork in outputs: SVG drawn by cairosvg in its safe mode (``unsafe=False``: no
external files, URLs or XML entities are loaded from inside an SVG, only ``data:`` URLs), PNG passed
through; sizes fitted into their box."""

from __future__ import annotations

import io
import math
from functools import lru_cache

from ..images import check_png, check_svg, svg_aspect
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
    """PNG bytes of an artwork (SVG rasterised at 300 dpi for its box, or fewer dots when that would
    make more than MAX_IMAGE_PIXELS); ArtworkError for an image that cannot be drawn."""
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
    import cairosvg  # only when an SVG is drawn: cairo takes a third of a second to load

    try:
        return cairosvg.svg2png(bytestring=data, output_width=width_px, unsafe=False)
    except ArtworkError:
        raise
    except (Exception, RecursionError) as exc:  # cairosvg raises many kinds of errors for a broken file
        raise ArtworkError(f"the SVG artwork cannot be drawn: {type(exc).__name__}: {exc}") from None


def fit(box_w: float, box_h: float, image_w: float, image_h: float) -> tuple[float, float, float, float]:
    """Offset and size of an image of ``image_w`` x ``image_h`` fitted into a box, centred, proportions kept."""
    scale = min(box_w / image_w, box_h / image_h)
    w, h = image_w * scale, image_h * scale
    return (box_w - w) / 2, (box_h - h) / 2, w, h


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels from a PNG header."""
    stream = io.BytesIO(png)
    stream.seek(16)
    return int.from_bytes(stream.read(4), "big"), int.from_bytes(stream.read(4), "big")
