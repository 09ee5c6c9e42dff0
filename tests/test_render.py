"""Renderers: exact page sizes, embedded font subsets, one form per distinct face, determinism,
a golden invariant-mode PDF, a rasterised page within a tolerance, SVG text as outlines, PNGs.

Regenerate goldens after an intended change: ``CARDFORGE_UPDATE_GOLDENS=1 pytest tests/test_render.py``.
"""

from __future__ import annotations

import io
import os
from pathlib import Path as FilePath

import pikepdf
import pymupdf
import pytest
from pypdf import PdfReader

from generator.layout.kit import Kit, Piece, PieceKind
from generator.layout.page import Document, Page, Placement
from generator.layout.scene import (
    Anchor,
    Circle,
    Close,
    CurveTo,
    Group,
    Image,
    Line,
    MoveTo,
    Paint,
    Path,
    Rect,
    Scene,
    Text,
)
from generator.layout.sheets import SheetOptions, plan_document
from generator.model.templates import SheetTemplate
from generator.model.common import Colour
from generator.files.fontbook import FontBook, FontError
from generator.loader.layouts import shipped_fonts
from generator.model.templates import FontFace
from generator.render.pdf import has_repeated_pages, render_pdf
from generator.render.png import scene_png
from generator.render.svg import scene_svg
from generator.render.tts import tts_decks, tts_sheets

GOLDEN = FilePath(__file__).parent / "golden" / "render"
FONTS = FontBook(shipped_fonts())
RED, BLUE = Colour("#cc2222"), Colour("#2244cc")


def sample_scene(key: str = "sample", label: str = "Ag 7") -> Scene:
    return Scene(key, 63.5, 88.9, 3.0, (
        Rect(-3, -3, 69.5, 94.9, Paint(Colour("#f4e9d8"))),
        Rect(4, 4, 55.5, 80.9, Paint(None, RED, 0.5, (2.0, 1.0)), 3),
        Circle(31.75, 30, 12, Paint(BLUE)),
        Line(5, 60, 58, 60, RED, 0.3),
        Path((MoveTo(20, 70), CurveTo(25, 62, 38, 62, 43, 70), Close()), Paint(RED)),
        Text(31.75, 50, label, "serif-bold", 24, RED, Anchor.MIDDLE),
        Group((Text(0, 0, "turned", "sans", 8),), 50, 80, 180),
    ))


def document(copies: int = 1, distinct: int = 3) -> Document:
    cards = tuple(Piece(f"c{i}", PieceKind.CARD, sample_scene(f"s{i % distinct}", f"#{i % distinct}"), None) for i in range(9))
    return plan_document(Kit("t", cards), SheetOptions(SheetTemplate("a4", 210, 297), copies=copies), "test")


def test_page_sizes_are_exact_in_points() -> None:
    pdf = PdfReader(io.BytesIO(render_pdf(document(), FONTS)))
    for page in pdf.pages:
        assert float(page.mediabox.width) == pytest.approx(210 * 72 / 25.4, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(297 * 72 / 25.4, abs=0.01)


def _fonts(reader: PdfReader) -> set[str]:
    names = set()
    for page in reader.pages:
        stack = [page["/Resources"]]
        while stack:
            resources = stack.pop().get_object()
            for font in (resources.get("/Font") or {}).values():
                font = font.get_object()
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] if "/DescendantFonts" in font else font.get("/FontDescriptor")
                descriptor = descriptor.get_object() if descriptor is not None else {}
                assert "/FontFile2" in descriptor, f"{font['/BaseFont']} is not embedded"
                names.add(str(font["/BaseFont"]))
            for xobject in (resources.get("/XObject") or {}).values():
                xobject = xobject.get_object()
                if "/Resources" in xobject:
                    stack.append(xobject["/Resources"])
    return names


def test_every_font_is_embedded_as_a_subset() -> None:
    names = _fonts(PdfReader(io.BytesIO(render_pdf(document(), FONTS))))
    assert names
    for name in names:
        prefix, _, rest = name.lstrip("/").partition("+")
        assert len(prefix) == 6 and prefix.isupper() and rest, name


def _forms(data: bytes) -> int:
    reader = PdfReader(io.BytesIO(data))
    keys = set()
    for page in reader.pages:
        xobjects = page["/Resources"].get_object().get("/XObject") or {}
        keys |= {xobjects[k].indirect_reference.idnum for k in xobjects}
    return len(keys)


def test_each_distinct_face_is_one_form_and_copies_cost_little() -> None:
    one = render_pdf(document(copies=1, distinct=3), FONTS)
    ten = render_pdf(document(copies=10, distinct=3), FONTS)
    assert _forms(one) == 3 and _forms(ten) == 3
    # each copy starts on a fresh page, identical pages share one content stream: copies are nearly free
    assert len(PdfReader(io.BytesIO(ten)).pages) == 10 * len(PdfReader(io.BytesIO(one)).pages)
    assert len(ten) < len(one) * 1.10


ART = (b'<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">'
       b'<path d="M0 10 L10 0 L20 10 Z" fill="#228833"/></svg>')


def test_an_artwork_on_many_faces_is_stored_once_and_drawn_where_each_face_asks() -> None:
    scenes = [Scene(f"s{i}", 63.5, 88.9, 0, (Image(5 + i, 5, 40, 20, ART, "svg", "art/tree.svg"),)) for i in range(6)]
    pieces = tuple(Piece(f"c{i}", PieceKind.CARD, scene, None) for i, scene in enumerate(scenes))
    planned = plan_document(Kit("t", pieces), SheetOptions(SheetTemplate("a4", 210, 297)), "test")
    data = render_pdf(planned, FONTS)
    reader = PdfReader(io.BytesIO(data))
    faces = [x.get_object() for x in reader.pages[0]["/Resources"]["/XObject"].values()]
    inner = {ref.idnum for face in faces for ref in face["/Resources"]["/XObject"].values()}
    assert len(faces) == 6 and len(inner) == 1  # six faces, one stored drawing of the artwork
    # each face draws it in its own box: 40 x 20 mm, 5 + i mm from the face's left edge
    expected = sorted((p.origin_mm()[0] + 5 + i, p.origin_mm()[1] + 5, 40.0)
                      for p in planned.pages[0].placements for i in [int(p.scene.key[1:])])
    page = pymupdf.open(stream=data, filetype="pdf")[0]
    drawn = sorted((d["rect"].x0 * 25.4 / 72, d["rect"].y0 * 25.4 / 72, d["rect"].width * 25.4 / 72)
                   for d in page.get_drawings() if d.get("fill") and abs(d["fill"][1] - 0x88 / 255) < 0.01)
    assert len(drawn) == 6
    for got, want in zip(drawn, expected):
        assert got == pytest.approx(want, abs=0.1)


def test_same_input_same_bytes() -> None:
    assert render_pdf(document(), FONTS) == render_pdf(document(), FONTS)


def _check(name: str, data: bytes) -> bytes:
    golden = GOLDEN / name
    if os.environ.get("CARDFORGE_UPDATE_GOLDENS") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(data)
    return golden.read_bytes()


def test_golden_invariant_pdf() -> None:
    single = Document("golden", (Page(80, 100, (Placement(sample_scene(), 8, 5),), (Line(0, 2, 80, 2),), "p"),))
    data = render_pdf(single, FONTS)
    assert data == _check("sample.pdf", data)


def test_repeated_pages_share_one_page_description() -> None:
    import pikepdf

    page = Page(80, 100, (Placement(sample_scene(), 8, 5),), (Line(0, 2, 80, 2),), "p")
    other = Page(80, 100, (Placement(sample_scene(), 9, 5),), (Line(0, 2, 80, 2),), "p")
    assert not has_repeated_pages(Document("once", (page, other)))
    assert has_repeated_pages(Document("twice", (page, other, page)))
    plain = render_pdf(Document("once", (page, other)), FONTS)
    repeated = render_pdf(Document("twice", (page, other, page)), FONTS)
    assert plain.startswith(b"%PDF-1.3") and repeated.startswith(b"%PDF-1.5")  # rewritten with object streams
    with pikepdf.open(io.BytesIO(repeated)) as pdf:
        contents = [p.obj.Contents.objgen for p in pdf.pages]
        assert contents[0] == contents[2] != contents[1]
    assert render_pdf(Document("twice", (page, other, page)), FONTS) == repeated  # still reproducible


def test_rasterised_page_matches_within_tolerance() -> None:
    single = Document("golden", (Page(80, 100, (Placement(sample_scene(), 8, 5),), (), "p"),))
    page = pymupdf.open(stream=render_pdf(single, FONTS), filetype="pdf")[0]
    pixmap = page.get_pixmap(dpi=40, colorspace=pymupdf.csRGB, alpha=False)
    expected = _check("sample-40dpi.rgb", pixmap.samples)
    assert len(expected) == len(pixmap.samples)
    different = sum(1 for a, b in zip(pixmap.samples, expected) if abs(a - b) > 24)
    assert different / len(expected) < 0.01


def test_svg_text_is_drawn_as_outlines() -> None:
    svg = scene_svg(sample_scene(), FONTS)
    assert "<text" not in svg and "<path" in svg and 'width="63.5mm"' in svg


def test_png_has_the_requested_resolution() -> None:
    png = scene_png(sample_scene(), FONTS, dpi=100)
    image = pymupdf.Pixmap(png)
    assert (image.width, image.height) == (250, 350)


def test_tts_sheets_keep_the_last_slot_for_the_back() -> None:
    fronts = [sample_scene(f"s{i}") for i in range(75)]
    sheets = tts_sheets(fronts, sample_scene("back"), FONTS)
    assert [s.count for s in sheets] == [69, 6]
    assert (sheets[0].cols, sheets[0].rows) == (10, 7)
    for sheet in sheets:
        image = pymupdf.Pixmap(sheet.png)
        assert image.width <= 4096 and image.height <= 4096
        assert sheet.count < sheet.cols * sheet.rows


def test_tts_decks_give_each_back_its_own_sheets() -> None:
    plain, same, other = sample_scene("back-a", "B"), sample_scene("back-b", "B"), sample_scene("back-c", "C")
    cards = [("a", sample_scene("a"), plain), ("b", sample_scene("b"), other), ("c", sample_scene("c"), same)]
    decks = tts_decks(cards, FONTS)
    # two keys that look alike are one back; the card with another back is on a sheet of its own
    assert [(d.back.key, d.ids, [s.count for s in d.sheets]) for d in decks] == [
        ("back-a", ("a", "c"), [2]), ("back-c", ("b",), [1])]


def test_a_missing_font_is_a_clear_error(tmp_path: FilePath) -> None:
    book = FontBook([FontFace("sans", str(tmp_path / "DejaVuSans.ttf"), "fonts/DejaVuSans.ttf")])
    with pytest.raises(FontError, match="fonts/DejaVuSans.ttf: cannot read the font file"):
        book.width_mm("text", "sans", 10)


def _see_through_page() -> Document:
    """Blue ground, a red square at half opacity over it, then an opaque green square."""
    scene = Scene("see-through", 50, 50, 0, (
        Rect(0, 0, 50, 50, Paint(Colour("#0000ff"))),
        Rect(10, 10, 30, 30, Paint(Colour("#ff0000"), opacity=0.5)),
        Rect(20, 20, 5, 5, Paint(Colour("#00ff00"))),
    ))
    return Document("t", (Page(60, 60, (Placement(scene, 5, 5),), (), "p"),))


def _graphics_states(data: bytes) -> list[dict[str, object]]:
    """Every graphics state in the resources of the pages and of the forms they draw."""
    found = []
    with pikepdf.open(io.BytesIO(data)) as pdf:
        stack = [page.Resources for page in pdf.pages]
        while stack:
            resources = stack.pop()
            found += [dict(state.items()) for state in (resources.get("/ExtGState") or {}).values()]
            stack += [x.Resources for x in (resources.get("/XObject") or {}).values() if "/Resources" in x]
    return found


def _pixel(data: bytes, x_mm: float, y_mm: float) -> tuple[int, ...]:
    pixmap = pymupdf.open(stream=data, filetype="pdf")[0].get_pixmap(dpi=72, colorspace=pymupdf.csRGB)
    return tuple(pixmap.pixel(int(x_mm / 25.4 * 72), int(y_mm / 25.4 * 72)))


def test_a_see_through_shape_shows_what_is_under_it_and_only_it_is_see_through() -> None:
    data = render_pdf(_see_through_page(), FONTS)
    assert [float(state["/ca"]) for state in _graphics_states(data) if "/ca" in state] == [0.5]
    r, g, b = _pixel(data, 35, 35)  # the red square over the blue ground: half of each
    assert abs(r - 128) < 8 and g < 8 and abs(b - 128) < 8
    assert _pixel(data, 27, 27) == (0, 255, 0)  # the next shape is opaque again
    assert _pixel(data, 10, 10) == (0, 0, 255)


def test_without_transparency_a_see_through_shape_is_its_colour_on_white_paper() -> None:
    from generator.render.cmyk import CmykPainter

    data = render_pdf(_see_through_page(), FONTS, painter_type=CmykPainter, cmyk=True)
    assert not _graphics_states(data)  # no transparency anywhere in the file (PDF/X-1a)
    r, g, b = _pixel(data, 35, 35)  # pink: half red, half paper
    assert r > 200 and 100 < g < 160 and 100 < b < 160


def test_png_exports_show_see_through_shapes_too() -> None:
    (placement,) = _see_through_page().pages[0].placements
    image = pymupdf.Pixmap(scene_png(placement.scene, FONTS, dpi=72))
    r, g, b = image.pixel(int(30 / 25.4 * 72), int(30 / 25.4 * 72))[:3]
    assert abs(r - 128) < 8 and g < 8 and abs(b - 128) < 8
