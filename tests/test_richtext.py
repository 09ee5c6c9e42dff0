"""Rich text: markup, icons, no-break spaces and fallback fonts, fitted exactly as drawn, and drawn
alike by the PDF, the SVG/PNG and the preview."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.files.fontbook import FontBook
from generator.layout.richtext import RichFit, Styled, fit_rich, parse
from generator.layout.scene import Anchor, Image, Scene, Text
from generator.render.svg import scene_svg
from generator.layout.textfit import Box
from generator.loader.layouts import shipped_fonts
from generator.model.templates import Artwork, FontFace, Icon

FONTS = FontBook(shipped_fonts())
JP = Path(__file__).parent / "data" / "fonts" / "DroidSansFallback-subset.ttf"
SVG = b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="5"/></svg>'
COIN = Icon("coin", Artwork("art/coin.svg", SVG, "svg"))


def fit(text: str, width: float = 60, fonts: FontBook = FONTS, icons: tuple[Icon, ...] = (),
        fallbacks: tuple[str, ...] = ()) -> RichFit:
    return fit_rich(text, Box(0, 0, width, 40), fonts, font="sans", max_pt=10, min_pt=4, anchor=Anchor.START,
                    icons=icons, fallbacks=fallbacks)


def test_the_markup_is_parsed_and_can_be_escaped() -> None:
    parsed, issues = parse("a <b>bold <i>both</i></b><br>\\<b> not \\:coin: <u>", {"coin": COIN})
    assert parsed == [Styled("a "), Styled("bold ", True), Styled("both", True, True), None,
                      Styled("<b> not :coin: <u>")]
    assert [i.code for i in issues] == ["unknown-tag"]
    _, issues = parse("<b>never closed </i>", {})
    assert {i.code for i in issues} == {"unclosed-tag", "stray-tag"}


def test_bold_and_italic_are_drawn_in_the_fonts_own_faces_and_measured_run_by_run() -> None:
    result = fit("Worth <b>3</b> coins, <i>at once</i>.")
    runs = [(t.text, t.font) for t in result.items if isinstance(t, Text)]
    assert runs == [("Worth", "sans"), ("3", "sans-bold"), ("coins,", "sans"), ("at once", "sans-italic"), (".", "sans")]
    texts = [t for t in result.items if isinstance(t, Text)]
    size = result.size_pt
    assert texts[1].x == pytest.approx(FONTS.width_mm("Worth ", "sans", size))
    assert texts[2].x == pytest.approx(texts[1].x + FONTS.width_mm("3", "sans-bold", size) + FONTS.width_mm(" ", "sans", size))


def test_plain_text_is_laid_out_as_before() -> None:
    result = fit("Draw a card.")
    assert len(result.items) == 1 and isinstance(result.items[0], Text) and result.items[0].text == "Draw a card."


def test_a_no_break_space_and_a_number_with_its_icon_never_break_apart() -> None:
    narrow = FONTS.width_mm("Pay 100", "sans", 10) + 0.5
    lines = fit("Pay 100\u00a0km now", width=narrow).items
    assert any(isinstance(t, Text) and "100\u00a0km" in t.text for t in lines)
    drawn = fit("Gain 3 :coin: now", width=FONTS.width_mm("Gain 3", "sans", 10) + 0.5, icons=(COIN,)).items
    three = next(t for t in drawn if isinstance(t, Text) and t.text.endswith("3"))
    coin = next(i for i in drawn if isinstance(i, Image))
    assert coin.y < three.y < coin.y + coin.height + 0.01  # the icon is on the line of its number


def test_an_icon_takes_the_size_and_baseline_the_template_gives() -> None:
    big = Icon("coin", COIN.artwork, size=2.0, baseline=0.5)
    (coin,) = [i for i in fit("A :coin:", icons=(big,)).items if isinstance(i, Image)]
    (text,) = [t for t in fit("A :coin:", icons=(big,)).items if isinstance(t, Text)]
    em = text.size_pt * 25.4 / 72
    assert coin.width == pytest.approx(2 * em) and coin.y + coin.height / 2 == pytest.approx(text.y)


def test_a_character_the_font_lacks_is_drawn_in_a_fallback_or_reported() -> None:
    issues = fit("Card 花火").issues
    (missing,) = [i for i in issues if i.code == "missing-glyph"]
    assert "'花' (U+82B1" in missing.message and "font 'sans'" in missing.message and not missing.warning
    fonts = FontBook((*shipped_fonts(), FontFace("jp", str(JP), "jp.ttf")))
    result = fit("Card <b>花火</b>", fonts=fonts, fallbacks=("jp",))
    assert not result.issues
    assert [(t.text, t.font) for t in result.items if isinstance(t, Text)] == [("Card", "sans"), ("花火", "jp")]


def test_japanese_breaks_between_characters() -> None:
    fonts = FontBook((*shipped_fonts(), FontFace("jp", str(JP), "jp.ttf")))
    one = fonts.width_mm("花", "jp", 10)
    result = fit_rich("花火師の手札", Box(0, 0, one * 3.5, 40), fonts, font="sans", max_pt=10, min_pt=10,
                      fallbacks=("jp",))
    assert result.problem is None and len({t.y for t in result.items if isinstance(t, Text)}) == 2


def japanese_bee_project(tmp_path: Path) -> Path:
    """Orchard with a Japanese fallback font and Japanese words on the bee's card."""
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root), "--example", "custom"]).exit_code == 0
    (root / "fonts").mkdir()
    shutil.copy(JP, root / "fonts" / "jp.ttf")
    layouts = root / "layouts" / "orchard.yaml"
    layouts.write_text(layouts.read_text() + "fonts:\n  jp: fonts/jp.ttf\nfallback_fonts: [jp]\n")
    cards = root / "card_defs" / "orchard.csv"
    cards.write_text(cards.read_text().replace("Play on one of your rows:", "果樹園 <i>Play</i> on one of your rows:"))
    return root


def test_a_fallback_font_is_embedded_in_the_pdf_and_drawn_in_the_png(tmp_path: Path) -> None:
    root = japanese_bee_project(tmp_path)
    built = CliRunner().invoke(cli, ["build", "orchard", "--only", "bee", "--project", str(root), "--out", str(root / "out")])
    assert built.exit_code == 0, built.output
    page = pymupdf.open(root / "out" / "orchard.pdf")[0]
    assert {"DroidSansFallback", "DejaVuSans-Oblique"} <= {f[3].split("+")[-1] for f in page.get_fonts()}
    assert "果樹園" in page.get_text()
    plain = CliRunner().invoke(cli, ["validate", "--project", str(root)])
    assert plain.exit_code == 0, plain.output
    layouts = root / "layouts" / "orchard.yaml"
    layouts.write_text(layouts.read_text().replace("fallback_fonts: [jp]\n", ""))
    missing = CliRunner().invoke(cli, ["validate", "--project", str(root)])
    assert missing.exit_code == 1 and "[layout.glyphs/missing-glyph]" in missing.output
    assert "orchard.csv:35:" in missing.output  # at the bee's cell
    preflight = CliRunner().invoke(cli, ["preflight", "orchard", "--project", str(root)])
    assert "missing-glyph" in preflight.output


def test_svg_and_png_draw_a_fallback_characters_own_outline() -> None:
    """The SVG (and the PNG made from it) draws each run from its font's outlines: the fallback's
    glyph, not the empty box (.notdef) of a font that lacks it."""
    fonts = FontBook((*shipped_fonts(), FontFace("jp", str(JP), "jp.ttf")))

    def svg(font: str) -> str:
        return scene_svg(Scene("s", 20, 10, 0, (Text(1, 8, "果", font, 12),)), fonts)

    def outline(font: str) -> str:
        return re.findall(r'<path d="([^"]+)"', svg(font))[0]

    drawn, boxed = outline("jp"), outline("sans")
    assert drawn != boxed and len(drawn) > 4 * len(boxed)  # the ideograph's strokes, not a rectangle


def test_the_preview_draws_the_runs_in_their_fonts_and_serves_the_fallback(tmp_path: Path) -> None:
    from generator.app.preview.markup import face_markup
    from generator.app.preview.session import PreviewSession

    root = japanese_bee_project(tmp_path)
    session = PreviewSession(root)
    session.rebuild()
    assert "cf-jp" in {family for family, _ in session.snapshot.fonts}
    markup = "".join(session.snapshot.faces.values())
    assert re.search(r'font-family="cf-jp"[^>]*>果樹園</text>', markup)
    assert re.search(r'font-family="cf-sans-italic"[^>]*>Play</text>', markup)
    assert face_markup  # the same function draws the sheet view's faces


def test_a_rules_paragraph_with_bold_words_takes_its_lines_only() -> None:
    """A rules page advances by a paragraph's lines, not by its runs: a list item starting with a
    bold word was followed by a gap as tall as its extra runs."""
    from generator.layout.rulespage import rules_pages
    from generator.model.rules import RulesBlock, RulesSection, RulesText

    def baselines(items: tuple[str, ...]) -> list[float]:
        rules = RulesText((RulesSection("Turn", (RulesBlock(items=items),)),))
        scene = rules_pages("g", "G", rules, {}, FONTS, [])[0]
        texts = [item for item in scene.items if isinstance(item, Text) and item.text not in ("•", "Turn")]
        return sorted({round(t.y, 2) for t in texts})

    plain = baselines(("Play a ship in front of you.", "Then draw."))
    bold = baselines(("<b>Play a ship</b> in front of you.", "Then draw."))
    assert len(plain) == 3  # the page's title, then the two items of one line each
    assert bold == plain
