"""Text fitting: shrink to fit, wrap at spaces, report (never clip) what cannot fit."""

from __future__ import annotations

from generator.layout.scene import PT_PER_MM
from generator.layout.textfit import Box, fit_text, wrap


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
