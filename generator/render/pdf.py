"""PDF output with reportlab: every scene primitive as vector graphics, each distinct face drawn
once as a form XObject and reused for its copies, fonts embedded as subsets, and byte-identical
output for identical input (reportlab's invariant mode)."""

from __future__ import annotations

import io
from contextlib import contextmanager
from functools import lru_cache
from typing import Any, Iterable, Iterator, Sequence

from reportlab import rl_config
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from ..files.fontbook import FontBook
from ..layout.page import Document, Page, Placement
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
    PathOp,
    Rect,
    Scene,
    Text,
)
from ..model.common import Colour
from .artwork import ArtworkError, artwork_png, fit, png_size, svg_drawing
from .fonts import pdf_font_name

K = PT_PER_MM


class PdfPainter:
    """Draws scene items on a reportlab canvas whose origin is the scene's top-left, y up in points."""

    def __init__(self, canvas: Canvas, fonts: FontBook) -> None:
        self.canvas = canvas
        self.fonts = fonts
        self.artwork: dict[bytes, tuple[str, float, float]] = {}  # SVG data -> (form name, width, height)

    def define_artwork(self, scenes: Iterable[Scene]) -> None:
        """Each distinct SVG artwork of the scenes as one form, before any page: a picture on a
        thousand cards is read and stored once, and every card refers to it."""
        for image in _svg_artwork(item for scene in scenes for item in scene.items):
            data = image.data
            if data in self.artwork:
                continue
            try:
                drawing = self._drawing(data)
            except ArtworkError as exc:
                raise ArtworkError(f"image '{image.name}': {exc}", image.name) from None
            name = f"A{len(self.artwork)}"
            self.artwork[data] = (name, drawing.width, drawing.height)
            self.canvas.beginForm(name, lowerx=0, lowery=0, upperx=drawing.width, uppery=drawing.height)
            _draw_shapes(drawing, self.canvas)
            self.canvas.endForm()

    def _drawing(self, data: bytes) -> Any:
        """An SVG artwork as reportlab shapes, as this painter draws them, starting in our font."""
        drawing = self.vector(svg_drawing(data))
        # reportlab starts a drawing in Helvetica, a font no PDF of ours embeds: start it in ours
        drawing.__dict__["initialFontName"] = pdf_font_name(self.fonts, "sans")
        self._own_fonts(drawing)
        return drawing

    def _own_fonts(self, node: Any) -> None:
        """Text of an SVG is drawn in the project's fonts: svglib names the SVG's font family, or
        Helvetica when it has none of that name, and such a font would not be embedded (a shop
        refuses the file, a printer substitutes its own). Bold text takes ``sans-bold``."""
        from reportlab.graphics.shapes import Group as ShapeGroup
        from reportlab.graphics.shapes import String

        for child in getattr(node, "contents", ()):
            if isinstance(child, String):
                if not str(child.fontName).startswith("cardforge-"):
                    bold = "bold" in str(child.fontName).lower() and "sans-bold" in self.fonts.faces
                    child.fontName = pdf_font_name(self.fonts, "sans-bold" if bold else "sans")
            elif isinstance(child, ShapeGroup):
                self._own_fonts(child)

    def items(self, items: Sequence[Item]) -> None:
        for item in items:
            self.item(item)

    flatten_opacity = False
    """True for painters whose output allows no transparency (PDF/X-1a): a see-through shape is
    drawn in its colour mixed with white paper instead."""

    def item(self, item: Item) -> None:
        """Draw one scene item (a see-through shape in its own graphics state, so the opacity
        ends with it)."""
        paint = getattr(item, "paint", None)
        if isinstance(paint, Paint) and paint.opacity < 1.0 and not self.flatten_opacity:
            self.canvas.saveState()
            self.canvas.setFillAlpha(paint.opacity)
            self.canvas.setStrokeAlpha(paint.opacity)
            try:
                self._item(item)
            finally:
                self.canvas.restoreState()
            return
        self._item(item)

    def _item(self, item: Item) -> None:
        c = self.canvas
        if isinstance(item, Rect):
            if self._paint(item.paint, item.width * item.height):
                y = -(item.y + item.height) * K
                if item.radius > 0:
                    c.roundRect(item.x * K, y, item.width * K, item.height * K, item.radius * K,
                                stroke=item.paint.stroke is not None, fill=item.paint.fill is not None)
                else:
                    c.rect(item.x * K, y, item.width * K, item.height * K,
                           stroke=item.paint.stroke is not None, fill=item.paint.fill is not None)
        elif isinstance(item, Circle):
            if self._paint(item.paint, 3.14159 * item.r * item.r):
                c.circle(item.cx * K, -item.cy * K, item.r * K,
                         stroke=item.paint.stroke is not None, fill=item.paint.fill is not None)
        elif isinstance(item, Line):
            self.stroke(item.colour)
            c.setLineWidth(item.width_mm * K)
            c.setDash([d * K for d in item.dash_mm] if item.dash_mm else [])
            c.line(item.x1 * K, -item.y1 * K, item.x2 * K, -item.y2 * K)
        elif isinstance(item, Path):
            if self._paint(item.paint, _path_area(item)):
                c.drawPath(_pdf_path(item.ops), stroke=item.paint.stroke is not None,
                           fill=item.paint.fill is not None, fillMode=1)
        elif isinstance(item, Text):
            self.text_fill(item.colour)
            c.setFont(pdf_font_name(self.fonts, item.font), item.size_pt)
            draw = {Anchor.START: c.drawString, Anchor.MIDDLE: c.drawCentredString,
                    Anchor.END: c.drawRightString}[item.anchor]
            draw(item.x * K, -item.y * K, item.text)
        elif isinstance(item, Image):
            try:
                if item.kind == "svg":
                    self._svg(item)
                    return
                raster = artwork_png(item.data, item.kind, item.width, item.height)
                dx, dy, w, h = fit(item.width, item.height, *png_size(raster))
                c.drawImage(self.raster(raster), (item.x + dx) * K, -(item.y + dy + h) * K, w * K, h * K,
                            mask="auto")
            except ArtworkError as exc:
                raise ArtworkError(f"image '{item.name}': {exc}", item.name) from None
            except Exception as exc:  # a PNG whose header is fine but whose pixels are damaged
                reason = " ".join(str(exc).split())
                raise ArtworkError(f"image '{item.name}' cannot be drawn: {type(exc).__name__}: {reason}", item.name) from None
        elif isinstance(item, Group):
            c.saveState()
            c.translate(item.dx * K, -item.dy * K)
            if item.rotation_deg:
                c.rotate(-item.rotation_deg)
            if item.scale != 1.0:
                c.scale(item.scale, item.scale)
            self.items(item.items)
            c.restoreState()
        else:  # pragma: no cover - every primitive is handled above
            raise TypeError(f"cannot draw {type(item).__name__}")

    def _svg(self, item: Image) -> None:
        """SVG artwork as vectors: its form when ``define_artwork`` made one, else drawn here."""
        c = self.canvas
        drawing: Any = None
        if item.data in self.artwork:
            form, width, height = self.artwork[item.data]
        else:
            drawing = self._drawing(item.data)
            form, width, height = "", drawing.width, drawing.height
        dx, dy, w, h = fit(item.width, item.height, width, height)
        c.saveState()
        c.translate((item.x + dx) * K, -(item.y + dy + h) * K)
        c.scale(w * K / width, h * K / height)
        if form:
            c.doForm(form)
        else:  # artwork outside the scenes (page marks) is drawn where it is
            _draw_shapes(drawing, c)
        c.restoreState()

    def fill(self, colour: Colour, *, area_mm2: float = 0.0) -> None:
        """Set the fill colour (``area_mm2``: how large the filled shape is, for a CMYK painter)."""
        self.canvas.setFillColorRGB(*colour.rgb)

    def text_fill(self, colour: Colour) -> None:
        self.fill(colour)

    def stroke(self, colour: Colour) -> None:
        self.canvas.setStrokeColorRGB(*colour.rgb)

    def raster(self, data: bytes) -> ImageReader:
        """A PNG or JPEG of the project's artwork as reportlab draws it."""
        return ImageReader(io.BytesIO(data))

    def vector(self, drawing: Any) -> Any:
        """An SVG drawing (reportlab shapes) as it is drawn."""
        return drawing

    def _paint(self, paint: Paint, area_mm2: float = 0.0) -> bool:
        """Set fill and stroke; False when the shape would draw nothing."""
        c = self.canvas
        mix = paint.opacity if self.flatten_opacity and paint.opacity < 1.0 else None
        if paint.fill is not None:
            self.fill(paint.fill if mix is None else on_paper(paint.fill, mix), area_mm2=area_mm2)
        if paint.stroke is not None:
            self.stroke(paint.stroke if mix is None else on_paper(paint.stroke, mix))
            c.setLineWidth(paint.stroke_mm * K)
            c.setDash([d * K for d in paint.dash_mm] if paint.dash_mm else [])
        return paint.fill is not None or paint.stroke is not None


@lru_cache(maxsize=4096)
def _pdf_path(ops: tuple[PathOp, ...]) -> PDFPathObject:
    """reportlab's path of ``ops``, made once for each outline: a deck's faces draw the same
    symbols at the same places again and again, and formatting the numbers of a path is most of
    the time a PDF takes to draw (the object only holds the path's text; drawing it reads it)."""
    path = PDFPathObject()
    for op in ops:
        if isinstance(op, MoveTo):
            path.moveTo(op.x * K, -op.y * K)
        elif isinstance(op, LineTo):
            path.lineTo(op.x * K, -op.y * K)
        elif isinstance(op, CurveTo):
            path.curveTo(op.x1 * K, -op.y1 * K, op.x2 * K, -op.y2 * K, op.x * K, -op.y * K)
        elif isinstance(op, Close):
            path.close()
    return path


def _draw_shapes(drawing: Any, canvas: Canvas) -> None:
    """Draw an SVG artwork's reportlab shapes (imported here: reportlab's graphics take a tenth of
    a second to load, and only decks with SVG artwork need them)."""
    from reportlab.graphics import renderPDF

    renderPDF.draw(drawing, canvas, 0, 0)


def on_paper(colour: Colour, opacity: float) -> Colour:
    """The colour a see-through ``colour`` shows on white paper."""
    r, g, b = (round(255 * (1 - opacity + opacity * v)) for v in colour.rgb)
    return Colour(f"#{r:02x}{g:02x}{b:02x}")


def render_pdf(document: Document, fonts: FontBook, *, invariant: bool = True,
               painter_type: "type[PdfPainter] | None" = None, cmyk: bool = False, object_streams: bool = True,
               compact: bool | None = None) -> bytes:
    """The document as PDF bytes: each distinct scene key becomes one form, drawn once.
    ``painter_type`` sets colours its own way (CMYK); ``cmyk`` makes reportlab refuse any RGB
    colour; ``object_streams`` False keeps the file readable by PDF 1.4 tools (PDF/X-1a).
    ``compact``: rewrite the file so repeated pages share one page description (pdfcompact);
    None does it when some page repeats another (copies, a shop's backs), the only case where it
    pays: otherwise it would save a tenth of the bytes for a tenth of a second of start-up."""
    with _binary_streams():
        data = _reportlab_pdf(document, fonts, invariant, painter_type or PdfPainter, cmyk)
    if compact is None:
        compact = has_repeated_pages(document)
    if not compact:
        return data
    from .pdfcompact import compact_pdf  # pikepdf: a tenth of a second to import

    return compact_pdf(data, object_streams=object_streams)


def has_repeated_pages(document: Document) -> bool:
    """Whether two pages of ``document`` draw exactly the same (their content streams are equal)."""
    seen: set[object] = set()
    for page in document.pages:
        placed = tuple((p.scene.key, p.x_mm, p.y_mm, p.rotation_deg, p.clip_mm) for p in page.placements)
        signature = (page.width_mm, page.height_mm, placed, repr(page.marks), page.label, page.footer)
        if signature in seen:
            return True
        seen.add(signature)
    return False


@contextmanager
def _binary_streams() -> Iterator[None]:
    """Streams only deflated while reportlab writes, not also ASCII85-encoded: the PDF is ours
    to compress (pikepdf keeps the streams as they are), and encoding costs a third of the time."""
    saved = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = saved


def _reportlab_pdf(document: Document, fonts: FontBook, invariant: bool, painter_type: "type[PdfPainter]",
                   cmyk: bool) -> bytes:
    buffer = io.BytesIO()
    # the initial font is ours too, so no standard (unembedded) font is referenced anywhere
    canvas = Canvas(buffer, invariant=int(invariant), pageCompression=1, initialFontName=pdf_font_name(fonts, "sans"),
                    enforceColorSpace="cmyk" if cmyk else None)
    canvas.setTitle(document.title)
    canvas.setAuthor("cardforge")
    canvas.setCreator("cardforge")
    canvas.setSubject("print-and-play kit: print at actual size (100 %)")
    painter = painter_type(canvas, fonts)
    painter.define_artwork(placement.scene for page in document.pages for placement in page.placements)
    forms: dict[str, str] = {}
    for page in document.pages:
        canvas.setPageSize((page.width_mm * K, page.height_mm * K))
        for placement in page.placements:
            name = forms.get(placement.scene.key)
            if name is None:
                name = forms[placement.scene.key] = f"F{len(forms)}"
                _define_form(canvas, painter, placement.scene, name)
            _place(canvas, page, placement, name)
        if page.marks:
            canvas.saveState()
            canvas.translate(0, page.height_mm * K)
            painter.items(page.marks)
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _svg_artwork(items: Iterable[Item]) -> Iterator[Image]:
    """Every SVG image among the items, groups included, in drawing order."""
    for item in items:
        if isinstance(item, Image) and item.kind == "svg":
            yield item
        elif isinstance(item, Group):
            yield from _svg_artwork(item.items)


def _path_area(path: Path) -> float:
    """The area of a path's bounding box (how large a filled outline is, roughly)."""
    points = [(op.x, op.y) for op in path.ops if isinstance(op, (MoveTo, LineTo, CurveTo))]
    if not points:
        return 0.0
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (max(xs) - min(xs)) * (max(ys) - min(ys))


def _define_form(canvas: Canvas, painter: PdfPainter, scene: Scene, name: str) -> None:
    b = scene.bleed_mm
    canvas.beginForm(name, lowerx=-b * K, lowery=-(scene.height_mm + b) * K,
                     upperx=(scene.width_mm + b) * K, uppery=b * K)
    painter.items(scene.items)
    canvas.endForm()
    _keep_graphics_states(canvas, name)


def _keep_graphics_states(canvas: Canvas, name: str) -> None:
    """Give a form the graphics states its drawing names (the opacity of see-through shapes):
    reportlab collects them for a form but writes them into a page's resources only."""
    form = canvas._doc.idToObject.get(xObjectName(name))  # reportlab keeps no public handle on its forms
    states = getattr(form, "ExtGState", None)
    if form is None or form.Resources is not None or not states or not states.dict:
        return
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if form.XObjects:
        resources.XObject = form.XObjects
    resources.ExtGState = states
    form.Resources = resources


def _place(canvas: Canvas, page: Page, placement: Placement, name: str) -> None:
    ox, oy = placement.origin_mm()
    canvas.saveState()
    canvas.translate(ox * K, (page.height_mm - oy) * K)
    if placement.rotation_deg % 360:
        canvas.rotate(-placement.rotation_deg)
    if placement.clip_mm is not None:
        x, y, w, h = placement.clip_mm
        path = canvas.beginPath()
        path.rect(x * K, -(y + h) * K, w * K, h * K)
        canvas.clipPath(path, stroke=0, fill=0)
    canvas.doForm(name)
    canvas.restoreState()
