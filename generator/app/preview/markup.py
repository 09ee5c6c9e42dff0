"""Scenes as inline SVG markup for the preview page: the same primitives the PDF painter draws,
in the same millimetre coordinates, with text as real ``<text>`` in the project's own fonts (served
by the preview as web fonts), so the page can be searched and its text selected.

Pure string building (no SVG library): a face is drawn once per change, and its markup is reused
for every card that shows it. Text is drawn as the PDF draws it: on its baseline, anchored at its
start, middle or end, with no kerning and no ligatures (the page's style sheet says so), so lines
are exactly as wide as layout measured them.
"""

from __future__ import annotations

import re
from html import escape
from typing import Callable, Sequence

from ...layout.page import Page
from ...layout.scene import (
    PT_PER_MM,
    Anchor,
    Circle,
    Close,
    CurveTo,
    Group,
    Image,
    Item,
    Line,
    LineTo,
    MoveTo,
    Paint,
    Path,
    Rect,
    Scene,
    Text,
)

ImageLink = Callable[[Image], str]
"""Where the page fetches an image from (the preview serves artwork it has read, by digest)."""

_ANCHORS = {Anchor.START: "start", Anchor.MIDDLE: "middle", Anchor.END: "end"}
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]")


def num(value: float) -> str:
    """A length in mm with at most three decimals (a micrometre), no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def font_family(key: str) -> str:
    """The CSS family name the page declares for the font key ``key``."""
    return "cf-" + _UNSAFE.sub("_", key)


def _attr(value: str) -> str:
    return escape(value, quote=True)


def _paint(paint: Paint) -> str:
    parts = [f'fill="{paint.fill.hex if paint.fill is not None else "none"}"']
    if paint.stroke is not None:
        parts.append(f'stroke="{paint.stroke.hex}" stroke-width="{num(paint.stroke_mm)}"')
        if paint.dash_mm:
            parts.append(f'stroke-dasharray="{",".join(num(d) for d in paint.dash_mm)}"')
    if paint.opacity < 1.0:
        parts.append(f'opacity="{num(max(paint.opacity, 0.0))}"')
    return " ".join(parts)


def _ops(path: Path) -> str:
    out: list[str] = []
    for op in path.ops:
        if isinstance(op, MoveTo):
            out.append(f"M{num(op.x)} {num(op.y)}")
        elif isinstance(op, LineTo):
            out.append(f"L{num(op.x)} {num(op.y)}")
        elif isinstance(op, CurveTo):
            out.append(f"C{num(op.x1)} {num(op.y1)} {num(op.x2)} {num(op.y2)} {num(op.x)} {num(op.y)}")
        elif isinstance(op, Close):
            out.append("Z")
    return "".join(out)


def item_markup(item: Item, image_link: ImageLink, out: list[str]) -> None:
    """Appends the SVG elements of ``item`` (and of a group's items) to ``out``."""
    if isinstance(item, Rect):
        if item.paint.fill is None and item.paint.stroke is None:
            return
        radius = f' rx="{num(item.radius)}"' if item.radius > 0 else ""
        out.append(f'<rect x="{num(item.x)}" y="{num(item.y)}" width="{num(item.width)}" '
                   f'height="{num(item.height)}"{radius} {_paint(item.paint)}/>')
    elif isinstance(item, Circle):
        if item.paint.fill is None and item.paint.stroke is None:
            return
        out.append(f'<circle cx="{num(item.cx)}" cy="{num(item.cy)}" r="{num(item.r)}" {_paint(item.paint)}/>')
    elif isinstance(item, Line):
        dash = f' stroke-dasharray="{",".join(num(d) for d in item.dash_mm)}"' if item.dash_mm else ""
        out.append(f'<line x1="{num(item.x1)}" y1="{num(item.y1)}" x2="{num(item.x2)}" y2="{num(item.y2)}" '
                   f'stroke="{item.colour.hex}" stroke-width="{num(item.width_mm)}"{dash}/>')
    elif isinstance(item, Path):
        if item.paint.fill is None and item.paint.stroke is None:
            return
        out.append(f'<path d="{_ops(item)}" {_paint(item.paint)}/>')
    elif isinstance(item, Text):
        if not item.text:
            return
        anchor = "" if item.anchor is Anchor.START else f' text-anchor="{_ANCHORS[item.anchor]}"'
        out.append(f'<text x="{num(item.x)}" y="{num(item.y)}" font-family="{font_family(item.font)}" '
                   f'font-size="{num(item.size_pt / PT_PER_MM)}" fill="{item.colour.hex}"{anchor}>'
                   f'{escape(item.text, quote=False)}</text>')
    elif isinstance(item, Image):
        out.append(f'<image href="{_attr(image_link(item))}" x="{num(item.x)}" y="{num(item.y)}" '
                   f'width="{num(item.width)}" height="{num(item.height)}" preserveAspectRatio="xMidYMid meet"/>')
    elif isinstance(item, Group):
        transform = f"translate({num(item.dx)} {num(item.dy)})"
        if item.rotation_deg:
            transform += f" rotate({num(item.rotation_deg)})"
        if item.scale != 1.0:
            transform += f" scale({item.scale:.6g})"
        out.append(f'<g transform="{transform}">')
        for inner in item.items:
            item_markup(inner, image_link, out)
        out.append("</g>")
    else:  # pragma: no cover - every primitive is handled above
        raise TypeError(f"cannot draw {type(item).__name__}")


def items_markup(items: Sequence[Item], image_link: ImageLink) -> str:
    out: list[str] = []
    for item in items:
        item_markup(item, image_link, out)
    return "".join(out)


def face_markup(scene: Scene, image_link: ImageLink) -> str:
    """One face as an inline ``<svg>`` whose user unit is the millimetre: the trim box is shown,
    the bleed drawn around it (the page widens the view box to show it). The page sizes it from
    ``--w`` and ``--h`` (mm) and its zoom."""
    w, h, b = num(scene.width_mm), num(scene.height_mm), num(scene.bleed_mm)
    return (f'<svg class="face" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" data-bleed="{b}" '
            f'style="--w:{w};--h:{h};--b:{b}">{items_markup(scene.items, image_link)}</svg>')


def page_markup(page: Page, face_ids: Callable[[Scene], str], image_link: ImageLink, prefix: str) -> str:
    """A printed page as the PDF lays it out: each distinct face defined once (as ``prefix`` plus
    its face id) and placed with ``<use>``, turned and clipped as its placement says, then the
    page's marks (crop marks, cut circles, fold lines, labels) on top."""
    defs: dict[str, str] = {}
    body: list[str] = []
    for placement in page.placements:
        scene = placement.scene
        ref = f"{prefix}{face_ids(scene)}"
        if ref not in defs:
            defs[ref] = f'<g id="{_attr(ref)}">{items_markup(scene.items, image_link)}</g>'
        ox, oy = placement.origin_mm()
        x, y, w, h = placement.clip_mm or (-scene.bleed_mm, -scene.bleed_mm, scene.width_mm + 2 * scene.bleed_mm,
                                           scene.height_mm + 2 * scene.bleed_mm)
        turn = f" rotate({placement.rotation_deg % 360})" if placement.rotation_deg % 360 else ""
        body.append(f'<g transform="translate({num(ox)} {num(oy)}){turn}"><svg x="{num(x)}" y="{num(y)}" '
                    f'width="{num(w)}" height="{num(h)}" viewBox="{num(x)} {num(y)} {num(w)} {num(h)}">'
                    f'<use href="#{_attr(ref)}"/></svg></g>')
    pw, ph = num(page.width_mm), num(page.height_mm)
    return (f'<svg class="page" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {pw} {ph}" style="--w:{pw};--h:{ph}">'
            f'<defs>{"".join(defs.values())}</defs><rect width="{pw}" height="{ph}" fill="#ffffff"/>'
            f'{"".join(body)}{items_markup(page.marks, image_link)}</svg>')
