"""Face images for print shops: a face with its bleed rasterised to exactly the shop's pixel size,
on white (no transparency), with its resolution and an sRGB profile in the file, so the shop
reads the size it prints at and the colours it shows."""

from __future__ import annotations

import io
from functools import lru_cache

from PIL import Image as PILImage
from PIL import ImageCms

from ..files.fontbook import FontBook
from ..layout.scene import Scene
from .png import svg_to_png_px
from .svg import scene_svg

PROFILE_DATE = bytes.fromhex("07d0 0001 0001 0000 0000 0000")
"""2000-01-01 00:00:00: the creation date written into the profile, always the same."""


@lru_cache(maxsize=1)
def srgb_profile() -> bytes:
    """An sRGB ICC profile (littleCMS's own, made by Pillow: nothing to ship). littleCMS stamps a
    profile with the moment it made it, which would make every export differ from the last: the
    date is a fixed one, so the same faces give the same files."""
    profile = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    data = bytearray(profile.tobytes())
    data[24:36] = PROFILE_DATE  # the ICC header's dateTimeNumber; its profile ID (84-99) is left unset
    return bytes(data)


def finish_png(png: bytes, dpi: float, *, flatten: bool = True) -> bytes:
    """``png`` with its resolution (``pHYs``) and an sRGB profile; ``flatten``: onto white, as RGB
    (shops print no transparency)."""
    image: PILImage.Image = PILImage.open(io.BytesIO(png))
    image.load()
    if flatten and image.mode != "RGB":
        rgba = image.convert("RGBA")
        paper = PILImage.new("RGBA", rgba.size, (255, 255, 255, 255))
        image = PILImage.alpha_composite(paper, rgba).convert("RGB")
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi), icc_profile=srgb_profile())
    return out.getvalue()


def face_png(scene: Scene, fonts: FontBook, size_px: tuple[int, int], dpi: float) -> bytes:
    """The face with its bleed as an image of exactly ``size_px`` pixels (trim plus bleed at ``dpi``)."""
    return finish_png(svg_to_png_px(scene_svg(scene, fonts, bleed=True), *size_px), dpi)


def export_png(job: tuple[Scene, FontBook, int, bool]) -> bytes:
    """A face as ``export --png`` writes it (scene, fonts, dpi, with bleed): its resolution and
    sRGB profile in the file; a module-level function, so it can be a worker's task."""
    from .png import scene_png

    scene, fonts, dpi, bleed = job
    return finish_png(scene_png(scene, fonts, dpi=dpi, bleed=bleed), dpi, flatten=False)
