"""Face images for print shops: a face with its bleed rasterised to exactly the shop's pixel size,
on white (no transparency), with its resolution and an sRGB profile in the file, so the shop
reads the size it prints at and the colours it shows."""

from __future__ import annotations

import hashlib
import io
import zlib
from functools import lru_cache

import cairosvg
import cairosvg.surface
import PIL
from PIL import Image as PILImage
from PIL import ImageCms

from ..files import usercache
from ..files.fontbook import FontBook
from ..layout.scene import Scene
from .png import svg_to_rgb_px
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


def profiled_png(image: PILImage.Image, dpi: float) -> bytes:
    """``image`` as a PNG with its resolution (``pHYs``) and an sRGB profile."""
    out = io.BytesIO()
    image.save(out, "PNG", dpi=(dpi, dpi), icc_profile=srgb_profile())
    return out.getvalue()


def finish_png(png: bytes, dpi: float) -> bytes:
    """``png`` with its resolution and an sRGB profile, its transparency kept."""
    image: PILImage.Image = PILImage.open(io.BytesIO(png))
    image.load()
    return profiled_png(image, dpi)


FACE_CACHE = "faces"
"""The user cache's folder of shop faces (``export --pod`` and ``preflight --pod`` share them)."""
FACE_CACHE_BYTES = 512 * 1024 * 1024
"""The most the shop faces keep in the user cache; the least recently used go first."""
FACE_CACHE_FORMAT = "cardforge shop face 1"
"""Part of every face's cache key: a new one when this module makes other bytes from the same SVG."""


def face_png(scene: Scene, fonts: FontBook, size_px: tuple[int, int], dpi: float) -> bytes:
    """The face with its bleed as an image of exactly ``size_px`` pixels (trim plus bleed at ``dpi``),
    on white as RGB (shops print no transparency). A face made before (by an export or a preflight)
    is read from the user cache: its entry is named by the SHA-256 of the face's whole SVG (text as
    outlines, pictures embedded), the size, the resolution and the versions of the libraries that
    draw and encode it, so an edit of one card renders that card again and nothing else."""
    svg = scene_svg(scene, fonts, bleed=True)
    entry = _cache_entry(svg, size_px, dpi)
    cached = usercache.read(entry)
    if cached is not None and hashlib.sha256(cached[32:]).digest() == cached[:32]:
        usercache.touch(entry)
        return cached[32:]
    png = profiled_png(svg_to_rgb_px(svg, *size_px), dpi)
    usercache.write(entry, hashlib.sha256(png).digest() + png)  # the digest first: a damaged entry is made again
    return png


def face_png_job(job: tuple[Scene, FontBook, tuple[int, int], float]) -> bytes:
    """``face_png`` of one job (a worker's task: a module-level function of one argument)."""
    return face_png(*job)


def _cache_entry(svg: str, size_px: tuple[int, int], dpi: float) -> str:
    """The face's cache entry (a path in the user cache), named by everything its bytes depend on."""
    made_by = (FACE_CACHE_FORMAT, cairosvg.__version__, cairosvg.surface.cairo.cairo_version_string(), PIL.__version__,
               zlib.ZLIB_RUNTIME_VERSION, repr((size_px, float(dpi))))
    digest = hashlib.sha256("\0".join(map(str, made_by)).encode("utf-8") + b"\0" + svg.encode("utf-8")).hexdigest()
    return f"{FACE_CACHE}/{digest[:2]}/{digest}.png"


def prune_face_cache() -> None:
    """Keep the shop faces in the user cache within ``FACE_CACHE_BYTES``."""
    usercache.prune(FACE_CACHE, FACE_CACHE_BYTES)


def export_png(job: tuple[Scene, FontBook, int, bool]) -> bytes:
    """A face as ``export --png`` writes it (scene, fonts, dpi, with bleed): its resolution and
    sRGB profile in the file; a module-level function, so it can be a worker's task."""
    from .png import scene_png

    scene, fonts, dpi, bleed = job
    return finish_png(scene_png(scene, fonts, dpi=dpi, bleed=bleed), dpi)
