"""PNG output: a scene or page drawn as SVG (text as outlines) and rasterised by cairosvg."""

from __future__ import annotations

import io
import sys
from typing import Any

from cairosvg.parser import Tree
from cairosvg.surface import PNGSurface
from PIL import Image as PILImage

from ..files.fontbook import FontBook
from ..layout.page import Page
from ..layout.scene import Scene
from ..model.limits import MAX_IMAGE_PIXELS
from .artwork import ArtworkError
from .svg import page_svg, scene_svg
from ..files.atomicio import held_signals

MM_PER_INCH = 25.4


def svg_to_png(svg: str, width_mm: float, height_mm: float, dpi: float) -> bytes:
    """Rasterise ``svg`` (sized ``width_mm`` x ``height_mm``) at ``dpi`` dots per inch."""
    width_px = max(1, round(width_mm / MM_PER_INCH * dpi))
    height_px = max(1, round(height_mm / MM_PER_INCH * dpi))
    if width_px * height_px > MAX_IMAGE_PIXELS:
        raise ArtworkError(f"a {width_mm:g} x {height_mm:g} mm picture at {dpi:g} dpi is {width_px:,} x {height_px:,} "
                           f"pixels; at most {MAX_IMAGE_PIXELS:,} are made (lower --dpi)")
    return svg_to_png_px(svg, width_px, height_px)


def _drawn(svg: str, width_px: int, height_px: int, background: str | None = None) -> Any:
    """cairo's image surface of ``svg`` drawn to exactly ``width_px`` x ``height_px`` pixels (on
    ``background``, else transparent). Call while signals are held: cairo draws and writes through
    Python callbacks that must not take one."""
    tree = Tree(bytestring=svg.encode("utf-8"), unsafe=False)
    return PNGSurface(tree, None, 96, output_width=width_px, output_height=height_px,
                      background_color=background).cairo


def _cannot(exc: BaseException) -> ArtworkError:
    return ArtworkError(f"the picture cannot be rasterised: {type(exc).__name__}: {exc}")


def svg_to_png_px(svg: str, width_px: int, height_px: int) -> bytes:
    """Rasterise ``svg`` to exactly ``width_px`` x ``height_px`` pixels (ArtworkError if cairo cannot)."""
    try:
        with held_signals():
            out = io.BytesIO()
            _drawn(svg, width_px, height_px).write_to_png(out)
            return out.getvalue()
    except (Exception, RecursionError) as exc:
        raise _cannot(exc) from None


def svg_to_rgb_px(svg: str, width_px: int, height_px: int) -> PILImage.Image:
    """Rasterise ``svg`` onto white, to exactly ``width_px`` x ``height_px`` RGB pixels, read from
    cairo's surface: the pixels ``svg_to_png_px`` would give flattened onto white, without encoding
    a PNG and decoding it again (half a shop face's time). ArtworkError if cairo cannot."""
    try:
        with held_signals():
            surface = _drawn(svg, width_px, height_px, "white")
            surface.flush()
            pixels = bytes(surface.get_data())  # cairo's native-endian ARGB32, opaque: B, G, R, A in memory
            stride = surface.get_stride()
    except (Exception, RecursionError) as exc:
        raise _cannot(exc) from None
    if sys.byteorder == "little":
        return PILImage.frombuffer("RGB", (width_px, height_px), pixels, "raw", "BGRX", stride, 1)
    return PILImage.frombuffer("RGB", (width_px, height_px), pixels, "raw", "XRGB", stride, 1)


def scene_png(scene: Scene, fonts: FontBook, *, dpi: int = 300, bleed: bool = False) -> bytes:
    b = scene.bleed_mm if bleed else 0.0
    return svg_to_png(scene_svg(scene, fonts, bleed=bleed), scene.width_mm + 2 * b, scene.height_mm + 2 * b, dpi)


def page_png(page: Page, fonts: FontBook, *, dpi: int = 100) -> bytes:
    return svg_to_png(page_svg(page, fonts), page.width_mm, page.height_mm, dpi)
