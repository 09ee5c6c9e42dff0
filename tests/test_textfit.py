"""Text fitting: shrink to fit, wrap at spaces, report (never clip) what cannot fit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.files.fontbook import FontBook
from generator.layout.scene import PT_PER_MM
from generator.layout.textfit import LEADING, SIZE_STEP_PT, Box, fit_text, wrap
from generator.loader.layouts import shipped_fonts

FONTS = FontBook(shipped_fonts())


class Fixed:
    """A fake measurer: every character is 0.5 em wide."""

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        return len(text) * size_pt * 0.5 / PT_PER_MM

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return size_pt * 0.75 / PT_PER_MM


def test_short_text_keeps_its_largest_size() -> None:
    result = fit_text("Hi", Box(0, 0, 50, 20), Fixed(), font="sans", max_pt=12, min_pt=6)
    assert result.problem is None and result.size_pt == 12 and len(result.items) == 1


def test_long_text_shrinks_and_wraps_inside_the_box() -> None:
    text = "You may destroy any one revealed card of any player"
    box = Box(5, 5, 40, 12)
    result = fit_text(text, box, Fixed(), font="sans", max_pt=12, min_pt=5)
    assert result.problem is None and 5 <= result.size_pt < 12
    assert " ".join(t.text for t in result.items) == text
    for item in result.items:
        assert Fixed().width_mm(item.text, "sans", item.size_pt) <= box.width + 1e-9
        assert box.y <= item.y <= box.y + box.height


def test_what_cannot_fit_is_reported_not_clipped() -> None:
    result = fit_text("word " * 200, Box(0, 0, 30, 10), Fixed(), font="sans", max_pt=9, min_pt=6)
    assert result.items == () and result.problem is not None and "lines" in result.problem
    single = fit_text("Unbreakablelongword", Box(0, 0, 10, 10), Fixed(), font="sans", max_pt=9, min_pt=6, wrap_lines=False)
    assert single.items == () and "wide" in (single.problem or "")


def test_wrap_breaks_at_spaces_and_keeps_paragraphs() -> None:
    lines = wrap("aa bb cc\ndd", "sans", 10, Fixed().width_mm("aa bb", "sans", 10), Fixed())
    assert lines == ["aa bb", "cc", "dd"]


def _stepping(text: str, box: Box, measurer: object, *, font: str, max_pt: float, min_pt: float,
              wrap_lines: bool) -> float | None:
    """The size the fitting used to find: step down 0.25 pt from max_pt until the text fits."""
    size = max_pt
    while size >= min_pt - 1e-9:
        lines = wrap(text, font, size, box.width, measurer) if wrap_lines else (  # type: ignore[arg-type]
            [text] if measurer.width_mm(text, font, size) <= box.width else None)  # type: ignore[attr-defined]
        if lines is not None and len(lines) * size * LEADING / PT_PER_MM <= box.height + 1e-9:
            return size
        size -= SIZE_STEP_PT
    return None


@settings(max_examples=150, deadline=None)
@given(
    words=st.lists(st.text(alphabet="abcdefghijklmnopqrstuvwxyzABC 0123456789.,'éß", min_size=1, max_size=14),
                   min_size=1, max_size=25),
    width=st.floats(2, 80), height=st.floats(2, 60),
    max_pt=st.floats(1, 130), span=st.floats(0, 60), wrap_lines=st.booleans(),
    font=st.sampled_from(["sans", "sans-bold", "sans-condensed", "serif-bold"]),
)
def test_bisection_finds_the_size_stepping_down_found(words: list[str], width: float, height: float,
                                                      max_pt: float, span: float, wrap_lines: bool, font: str) -> None:
    """Fitting by bisection gives, to the bit, the size that stepping down 0.25 pt at a time gave
    (the shipped kit stays byte-identical), with the real font metrics."""
    text = " ".join(words).strip() or "x"
    min_pt = max(1.0, max_pt - span)
    box = Box(0, 0, width, height)
    result = fit_text(text, box, FONTS, font=font, max_pt=max_pt, min_pt=min_pt, wrap_lines=wrap_lines)
    expected = _stepping(text, box, FONTS, font=font, max_pt=max_pt, min_pt=min_pt, wrap_lines=wrap_lines)
    assert (result.size_pt if result.problem is None else None) == expected


class Counting(Fixed):
    calls = 0

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        Counting.calls += 1
        return super().width_mm(text, font, size_pt)


def test_fitting_takes_a_few_measurements_whatever_the_range() -> None:
    """max_pt 1000000 took millions of steps (and 1e20 never finished: 1e20 - 0.25 is 1e20)."""
    Counting.calls = 0
    result = fit_text("Red", Box(0, 0, 10, 5), Counting(), font="sans", max_pt=1_000_000, min_pt=1)
    assert result.problem is None and Counting.calls < 100
    for bad in (math.inf, math.nan, -1.0):
        with pytest.raises(ValueError):
            fit_text("Red", Box(0, 0, 10, 5), Fixed(), font="sans", max_pt=bad, min_pt=1)


class Whole:
    """The real fonts measured a whole line at a time (no ``advances``: wrap's plain way)."""

    def width_mm(self, text: str, font: str, size_pt: float) -> float:
        return FONTS.width_mm(text, font, size_pt)

    def ascent_mm(self, font: str, size_pt: float) -> float:
        return FONTS.ascent_mm(font, size_pt)


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.text(st.characters(codec="latin-1", exclude_characters=" \n\t\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0"),
                           min_size=1, max_size=12), min_size=1, max_size=30),
    breaks=st.lists(st.booleans(), min_size=30, max_size=30),
    width=st.floats(5, 80),
    size=st.sampled_from([4.0, 6.25, 9.0, 10.75, 24.0]),
    font=st.sampled_from(["sans", "serif-bold", "sans-condensed"]),
)
def test_wrapping_by_running_widths_breaks_exactly_where_measuring_each_line_does(
        words: list[str], breaks: list[bool], width: float, size: float, font: str) -> None:
    text = "".join(w + ("\n" if b else " ") for w, b in zip(words, breaks)).strip()
    assert wrap(text, font, size, width, FONTS) == wrap(text, font, size, width, Whole())


def test_a_line_that_fills_its_width_exactly_is_measured_as_a_whole() -> None:
    text = "fits exactly here"
    width = FONTS.width_mm(text, "sans", 10)  # a box exactly as wide as the text: one line
    assert wrap(text, "sans", 10, width, FONTS) == [text] == wrap(text, "sans", 10, width, Whole())
    assert wrap(text, "sans", 10, math.nextafter(width, 0), FONTS) == wrap(text, "sans", 10, math.nextafter(width, 0), Whole())
