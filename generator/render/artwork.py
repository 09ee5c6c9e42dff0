"""Designer artwork in outputs: SVG drawn by cairosvg in its safe mode (``unsafe=False``: no
external files, URLs or XML entities are loaded from inside an SVG, only ``data:`` URLs), PNG passed
through; sizes fitted into their box."""

from __future__ import annotations

import io
from functools import lru_cache

ARTWORK_DPI = 300
MM_PER_INCH = 25.4


class ArtworkError(ValueError):
    """An image that cannot be drawn (broken file, or it tries to load something from outside)."""


@lru_cache(maxsize=64)
def artwork_png(data: bytes, kind: str, width_mm: float, height_mm: float) -> bytes:
    """PNG bytes of an artwork (SVG rasterised at 300 dpi for its box)."""
    if kind == "png":
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


def png_size(png: bytes) -> tuple[int, int]:
    """Width and height in pixels from a PNG header."""
    stream = io.BytesIO(png)
    stream.seek(16)
    return int.from_bytes(stream.read(4), "big"), int.from_bytes(stream.read(4), "big")
