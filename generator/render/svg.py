"""SVG output with svgwrite: the same scenes as the PDF, with text turned into glyph outlines from
the shipped fonts (read with fontTools), so SVGs and the PNGs made from them never depend on the
fonts installed on the machine."""

from __future__ import annotations

import base64
from functools import lru_cache
from pathlib import Path as FilePath

import svgwrite
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from ..files.fontbook import FontBook, FontError
from ..layout.page import Page
from ..layout.scene import (
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
from .artwork import ArtworkError, artwork_png, fit, png_size


class GlyphOutlines:
    """Outline paths and advance widths of one font file, cached per glyph."""

    def __init__(self, path: FilePath) -> None:
        self.font = TTFont(str(path), lazy=True)
        self.glyphs = self.font.getGlyphSet()
        self.cmap = self.font.getBestCmap()
        self.units = self.font["head"].unitsPerEm
        self._paths: dict[str, str] = {}

    def glyph(self, char: str) -> tuple[str, float]:
        """SVG path data of ``char`` in font units (y up) and its advance width."""
        name = self.cmap.get(ord(char)) or (self.cmap.get(0x20, ".notdef") if char == "\u00a0" else ".notdef")
        if name not in self._paths:
            pen = SVGPathPen(self.glyphs)
            self.glyphs[name].draw(pen)
            self._paths[name] = pen.getCommands()
        return self._paths[name], self.glyphs[name].width


@lru_cache(maxsize=16)
def outlines_for(path: str) -> GlyphOutlines:
    return GlyphOutlines(FilePath(path))


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".") or "0"


class SvgPainter:
    """Turns scene items into svgwrite elements (coordinates in mm, y down, like scenes)."""

    def __init__(self, drawing: svgwrite.Drawing, fonts: FontBook) -> None:
        self.dwg = drawing
        self.fonts = fonts

    def _paint(self, paint: Paint) -> dict[str, str]:
        attrs = {"fill": paint.fill.hex if paint.fill else "none"}
        if paint.stroke is not None:
            attrs["stroke"] = paint.stroke.hex
            attrs["stroke_width"] = _num(paint.stroke_mm)
            if paint.dash_mm:
                attrs["stroke_dasharray"] = ",".join(_num(d) for d in paint.dash_mm)
        if paint.opacity < 1.0:
            attrs["opacity"] = _num(paint.opacity)
        return attrs

    def items(self, parent: svgwrite.base.BaseElement, items: tuple[Item, ...] | list[Item]) -> None:
        for item in items:
            element = self.item(item)
            if element is not None:
                parent.add(element)

    def item(self, item: Item):  # type: ignore[no-untyped-def]
        d = self.dwg
        if isinstance(item, Rect):
            return d.rect((_num(item.x), _num(item.y)), (_num(item.width), _num(item.height)),
                          rx=_num(item.radius), ry=_num(item.radius), **self._paint(item.paint))
        if isinstance(item, Circle):
            return d.circle((_num(item.cx), _num(item.cy)), _num(item.r), **self._paint(item.paint))
        if isinstance(item, Line):
            attrs = {"stroke": item.colour.hex, "stroke_width": _num(item.width_mm)}
            if item.dash_mm:
                attrs["stroke_dasharray"] = ",".join(_num(v) for v in item.dash_mm)
            return d.line((_num(item.x1), _num(item.y1)), (_num(item.x2), _num(item.y2)), **attrs)
        if isinstance(item, Path):
            return d.path(d=" ".join(self._ops(item)), fill_rule="nonzero", **self._paint(item.paint))
        if isinstance(item, Text):
            return self._text(item)
        if isinstance(item, Image):
            try:
                png = artwork_png(item.data, item.kind, item.width, item.height)
            except ArtworkError as exc:
                raise ArtworkError(f"image '{item.name}': {exc}", item.name) from None
            dx, dy, w, h = fit(item.width, item.height, *png_size(png))
            mime = "image/jpeg" if item.kind == "jpeg" else "image/png"
            href = f"data:{mime};base64," + base64.b64encode(png).decode("ascii")
            return d.image(href=href, insert=(_num(item.x + dx), _num(item.y + dy)), size=(_num(w), _num(h)))
        if isinstance(item, Group):
            group = d.g(transform=f"translate({_num(item.dx)},{_num(item.dy)}) rotate({_num(item.rotation_deg)}) "
                                  f"scale({_num(item.scale)})")
            self.items(group, item.items)
            return group
        raise TypeError(f"cannot draw {type(item).__name__}")  # pragma: no cover

    @staticmethod
    def _ops(path: Path) -> list[str]:
        out: list[str] = []
        for op in path.ops:
            if isinstance(op, MoveTo):
                out.append(f"M{_num(op.x)} {_num(op.y)}")
            elif isinstance(op, LineTo):
                out.append(f"L{_num(op.x)} {_num(op.y)}")
            elif isinstance(op, CurveTo):
                out.append(f"C{_num(op.x1)} {_num(op.y1)} {_num(op.x2)} {_num(op.y2)} {_num(op.x)} {_num(op.y)}")
            elif isinstance(op, Close):
                out.append("Z")
        return out

    def _text(self, text: Text):  # type: ignore[no-untyped-def]
        try:
            return self._outlined(text)
        except FontError:
            raise
        except Exception as exc:  # fontTools fails in many ways on a damaged font file
            face = self.fonts.face(text.font)
            raise FontError(f"{face.shown}: the font file is damaged ({type(exc).__name__}: {exc})") from None

    def _outlined(self, text: Text):  # type: ignore[no-untyped-def]
        outlines = outlines_for(str(self.fonts.path(text.font)))
        scale = text.size_pt / PT_PER_MM / outlines.units
        width = self.fonts.width_mm(text.text, text.font, text.size_pt)
        x = {Anchor.START: text.x, Anchor.MIDDLE: text.x - width / 2, Anchor.END: text.x - width}[text.anchor]
        group = self.dwg.g(fill=text.colour.hex)
        advance = 0.0
        for char in text.text:
            commands, glyph_width = outlines.glyph(char)
            if commands:
                group.add(self.dwg.path(d=commands, transform=f"translate({_num(x + advance * scale)},{_num(text.y)}) "
                                                              f"scale({scale:.6f},{-scale:.6f})"))
            advance += glyph_width
        return group


def scene_svg(scene: Scene, fonts: FontBook, *, bleed: bool = False) -> str:
    """One face as an SVG document sized in mm (the trim box, or the trim box plus bleed)."""
    b = scene.bleed_mm if bleed else 0.0
    w, h = scene.width_mm + 2 * b, scene.height_mm + 2 * b
    dwg = svgwrite.Drawing(size=(f"{_num(w)}mm", f"{_num(h)}mm"), viewBox=f"{_num(-b)} {_num(-b)} {_num(w)} {_num(h)}",
                           debug=False)
    clip = dwg.defs.add(dwg.clipPath(id="trim"))
    clip.add(dwg.rect((_num(-b), _num(-b)), (_num(w), _num(h))))
    body = dwg.g(clip_path="url(#trim)")
    SvgPainter(dwg, fonts).items(body, scene.items)
    dwg.add(body)
    return str(dwg.tostring())


def sheet_svg(scenes: list[tuple[Scene, float, float]], width_mm: float, height_mm: float, fonts: FontBook,
              background: str = "#ffffff") -> str:
    """Several faces on one canvas (a Tabletop Simulator deck sheet): each scene at (x, y), clipped to its trim."""
    dwg = svgwrite.Drawing(size=(f"{_num(width_mm)}mm", f"{_num(height_mm)}mm"),
                           viewBox=f"0 0 {_num(width_mm)} {_num(height_mm)}", debug=False)
    dwg.add(dwg.rect((0, 0), (_num(width_mm), _num(height_mm)), fill=background))
    painter = SvgPainter(dwg, fonts)
    for index, (scene, x, y) in enumerate(scenes):
        clip = dwg.defs.add(dwg.clipPath(id=f"c{index}"))
        clip.add(dwg.rect((0, 0), (_num(scene.width_mm), _num(scene.height_mm))))
        outer = dwg.g(transform=f"translate({_num(x)},{_num(y)})")
        inner = dwg.g(clip_path=f"url(#c{index})")
        painter.items(inner, scene.items)
        outer.add(inner)
        dwg.add(outer)
    return str(dwg.tostring())


def page_svg(page: Page, fonts: FontBook) -> str:
    """A whole imposed page (previews): placements and marks."""
    dwg = svgwrite.Drawing(size=(f"{_num(page.width_mm)}mm", f"{_num(page.height_mm)}mm"),
                           viewBox=f"0 0 {_num(page.width_mm)} {_num(page.height_mm)}", debug=False)
    dwg.add(dwg.rect((0, 0), (_num(page.width_mm), _num(page.height_mm)), fill="#ffffff"))
    painter = SvgPainter(dwg, fonts)
    for index, placement in enumerate(page.placements):
        ox, oy = placement.origin_mm()
        outer = dwg.g(transform=f"translate({_num(ox)},{_num(oy)}) rotate({placement.rotation_deg})")
        scene = placement.scene
        x, y, w, h = placement.clip_mm or (-scene.bleed_mm, -scene.bleed_mm, scene.width_mm + 2 * scene.bleed_mm,
                                           scene.height_mm + 2 * scene.bleed_mm)
        clip = dwg.defs.add(dwg.clipPath(id=f"p{index}"))
        clip.add(dwg.rect((_num(x), _num(y)), (_num(w), _num(h))))
        inner = dwg.g(clip_path=f"url(#p{index})")
        painter.items(inner, scene.items)
        outer.add(inner)
        dwg.add(outer)
    painter.items(dwg, page.marks)
    return str(dwg.tostring())
