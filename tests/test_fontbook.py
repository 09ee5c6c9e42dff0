"""Font metrics read without a PDF library: the same widths as reportlab's, and clear errors for
files that are not usable fonts."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

import marshal
import sys

from generator.files.fontbook import (
    MAX_FONT_BYTES,
    METRICS_FORMAT,
    FontBook,
    FontError,
    _pack_metrics,
    _unpack_metrics,
    parse_metrics,
    read_metrics,
)
from generator.loader.layouts import shipped_fonts
from generator.model.templates import FontFace

FACES = shipped_fonts()
BOOK = FontBook(FACES)
SAMPLES = ["", " ", "Hanabi", "FIRECRACKERS", "Play as any suit. Draw a card.", "Wörth 3 cöins — ½ ∞ ☺ 東",
           "\u00a0non-breaking\u00a0space", "\U0001f600 outside the basic plane"]


def _reportlab_name(face: FontFace) -> str:
    name = f"test-reference-{face.key}"
    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, face.path))
    return name


@pytest.mark.parametrize("face", FACES, ids=lambda f: f.key)
@pytest.mark.parametrize("text", SAMPLES)
def test_widths_equal_reportlabs(face: FontFace, text: str) -> None:
    """Layout measures with these widths and the PDF draws with reportlab's: they must be equal to
    the last bit, or text fitted at the edge of its box would move between versions."""
    assert BOOK.metrics(face.key).string_width(text, 9.5) == pdfmetrics.stringWidth(text, _reportlab_name(face), 9.5)
    ascent = pdfmetrics.getFont(_reportlab_name(face)).face.ascent
    assert BOOK.metrics(face.key).ascent == ascent


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40), st.floats(min_value=4, max_value=120))
def test_widths_equal_reportlabs_for_any_text(text: str, size: float) -> None:
    for face in FACES:
        assert BOOK.metrics(face.key).string_width(text, size) == pdfmetrics.stringWidth(text, _reportlab_name(face), size)


def test_an_unknown_key_names_the_known_fonts() -> None:
    with pytest.raises(FontError, match="unknown font 'fancy' .*sans-bold"):
        BOOK.width_mm("x", "fancy", 10)


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "not a TrueType font"),
        (b"OTTO" + bytes(200), "PostScript"),
        (b"ttcf" + bytes(200), "font collection"),
        (b"\x00\x01\x00\x00\x00\x01" + bytes(4), "truncated or damaged"),
        (b"<html>not a font</html>", "not a TrueType font"),
    ],
)
def test_files_that_are_not_fonts_are_clear_errors(data: bytes, message: str) -> None:
    with pytest.raises(FontError, match=message):
        parse_metrics(data, "fonts/broken.ttf")


@settings(max_examples=80, deadline=None)
@given(st.data())
def test_damaged_fonts_give_a_font_error_never_a_crash(data: st.DataObject) -> None:
    """Truncated or overwritten font files: the reader reports them, it never raises anything else."""
    original = Path(FACES[0].path).read_bytes()
    cut = data.draw(st.integers(min_value=0, max_value=4096))
    spot = data.draw(st.integers(min_value=0, max_value=1024))
    junk = data.draw(st.binary(min_size=1, max_size=64))
    for damaged in (original[:cut], original[:spot] + junk + original[spot + len(junk):]):
        try:
            parse_metrics(damaged, "fonts/damaged.ttf")
        except FontError:
            pass


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    huge = tmp_path / "huge.ttf"
    with open(huge, "wb") as handle:
        handle.truncate(MAX_FONT_BYTES + 1)  # sparse: nothing is written to disk
    with pytest.raises(FontError, match="at most"):
        read_metrics(huge)


def test_a_folder_is_not_a_font(tmp_path: Path) -> None:
    with pytest.raises(FontError, match="not a regular file"):
        read_metrics(tmp_path)


def test_metrics_are_parsed_once() -> None:
    book = FontBook(FACES)
    assert book.metrics("sans") is book.metrics("sans") is FontBook(FACES).metrics("sans")


@pytest.mark.parametrize("face", FACES, ids=lambda f: f.key)
def test_metrics_read_back_from_the_cache_measure_as_parsed(face: FontFace) -> None:
    """The user cache keeps a font's metrics as arrays (``_pack_metrics``): read back, they are
    equal to the parsed ones and measure, cover and lay out every sample the same."""
    parsed = parse_metrics(Path(face.path).read_bytes(), face.key)
    back = _unpack_metrics(_pack_metrics(parsed))
    assert back == parsed and back is not parsed
    assert back.widths == parsed.widths and back.chars == parsed.chars
    for text in [*SAMPLES, "".join(sorted(parsed.chars))[:500]]:
        assert back.string_width(text, 9.5) == parsed.string_width(text, 9.5)
        assert back.covers(text) == parsed.covers(text) == all(char in parsed.chars for char in text)
    assert not back.covers("\U0010fffd") and back.covers("")


def test_a_damaged_metrics_entry_is_not_read_back() -> None:
    """An entry of another format, byte order or shape is ignored (the font is parsed again)."""
    metrics = parse_metrics(Path(FACES[0].path).read_bytes(), FACES[0].key)
    packed = _pack_metrics(metrics)
    fields = list(marshal.loads(packed))
    assert _unpack_metrics(packed) == metrics

    def changed(index: int, value: object) -> bytes:
        return marshal.dumps(tuple(value if i == index else field for i, field in enumerate(fields)))

    for damaged in [packed[: len(packed) // 2], b"", b"\x00" * 40, marshal.dumps((METRICS_FORMAT,)),
                    changed(0, METRICS_FORMAT - 1), changed(1, "big" if sys.byteorder == "little" else "little"),
                    changed(4, fields[4][:-1]), changed(5, fields[5][:-8]), changed(6, 7), changed(7, None)]:
        assert _unpack_metrics(damaged) is None
