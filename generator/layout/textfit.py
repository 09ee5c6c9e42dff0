"""Fitting text into boxes: shrink to a minimum size, wrap at spaces, and report what still does
not fit instead of clipping it (the caller turns that into a validation finding)."""

from __future__ import annotations

import math
import re
from typing import Callable, TypeVar
from dataclasses import dataclass

from ..model.common import Colour
from .scene import BLACK, PT_PER_MM, Anchor, Text, TextMeasurer

SIZE_STEP_PT = 0.25
LEADING = 1.2
"""Line height as a multiple of the font size."""
BREAKABLE = re.compile(r"[^\S\u00a0\u2007\u202f\u2060\ufeff]+")
"""Where a line may break: white space, but not the no-break spaces (U+00A0, the figure space
U+2007, the narrow U+202F) nor the word joiners: words joined by one stay on one line."""


def words(paragraph: str) -> list[str]:
    """The words of a paragraph, split at the spaces where a line may break."""
    return [word for word in BREAKABLE.split(paragraph) if word]


@dataclass(frozen=True, slots=True)
class Box:
    """A text region in mm (scene coordinates)."""

    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class FitResult:
    """The fitted lines, or ``problem`` saying why the text cannot fit even at the minimum size."""

    items: tuple[Text, ...]
    size_pt: float
    problem: str | None = None


def wrap(text: str, font: str, size_pt: float, width_mm: float, measurer: TextMeasurer) -> list[str] | None:
    """Lines of ``text`` no wider than ``width_mm``, broken at spaces; None if one word is too wide."""
    advances = getattr(measurer, "advances", None)
    if advances is not None:
        return _wrap_by_advances(text, advances(font), size_pt, width_mm,
                                 lambda line: measurer.width_mm(line, font, size_pt))
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for word in words(paragraph):
            candidate = f"{current} {word}" if current else word
            if measurer.width_mm(candidate, font, size_pt) <= width_mm:
                current = candidate
                continue
            if not current or measurer.width_mm(word, font, size_pt) > width_mm:
                return None
            lines.append(current)
            current = word
        lines.append(current)
    return lines


def _wrap_by_advances(text: str, units: Callable[[str], float], size_pt: float, width_mm: float,
                      exact: Callable[[str], float]) -> list[str] | None:
    """``wrap`` for a measurer that gives the advance of a word (``FontBook.advances``): a line's
    width is kept as a sum of its words' and spaces' advances instead of measuring the whole line
    again for every word it gains. That sum may differ from the line's own in the last bits, so
    where it comes within a hair of the width the line is measured as ``width_mm`` measures it:
    every decision is the one the plain wrap makes."""
    scale = 0.001 * size_pt
    space = units(" ")

    def fits(line: str, advance: float) -> bool:
        width = scale * advance / PT_PER_MM
        if abs(width - width_mm) <= 1e-9 * max(1.0, width_mm):
            return exact(line) <= width_mm
        return width <= width_mm

    lines: list[str] = []
    for paragraph in text.split("\n"):
        current, current_units = "", 0.0
        for word in words(paragraph):
            alone = units(word)
            if current:
                candidate, advance = f"{current} {word}", current_units + space + alone
            else:
                candidate, advance = word, alone
            if fits(candidate, advance):
                current, current_units = candidate, advance
                continue
            if not current or not fits(word, alone):
                return None
            lines.append(current)
            current, current_units = word, alone
        lines.append(current)
    return lines


def fit_text(
    text: str,
    box: Box,
    measurer: TextMeasurer,
    *,
    font: str,
    max_pt: float,
    min_pt: float,
    colour: Colour = BLACK,
    anchor: Anchor = Anchor.MIDDLE,
    wrap_lines: bool = True,
    valign: str = "middle",
) -> FitResult:
    """The largest size ``max_pt - k * SIZE_STEP_PT`` (k = 0, 1, ...) not below ``min_pt`` at which
    ``text`` fits ``box``.

    Text that fits at a size fits at every smaller one (widths grow with the size, and greedy
    wrapping never needs more lines for narrower words), so the step is found by galloping down
    (steps 0, 2, 6, 14...) and bisecting: a few measurements for text that fits at once or nearly,
    about twice the logarithm of the range at worst, where stepping down took one per step (and
    never ended for a max_pt of 1e20, which 0.25 does not change). The sizes tried are the same
    numbers as stepping down (``max_pt - k * 0.25`` is exact in binary for any size below 2**50),
    so the result is too. ValueError for sizes that are not finite positive numbers with
    ``min_pt <= max_pt`` (the loader refuses those first)."""
    def attempt(size: float) -> list[str] | None:
        lines = wrap(text, font, size, box.width, measurer) if wrap_lines else (
            [text] if measurer.width_mm(text, font, size) <= box.width else None)
        line_mm = size * LEADING / PT_PER_MM
        return lines if lines is not None and len(lines) * line_mm <= box.height + 1e-9 else None

    found = largest_size(max_pt, min_pt, attempt)
    if found is not None:
        size, fitted = found
        return FitResult(_place(fitted, box, measurer, font, size, colour, anchor, valign), size)
    if not wrap_lines:
        width = measurer.width_mm(text, font, min_pt)
        return FitResult((), min_pt, f"'{text}' is {width:.1f} mm wide at {min_pt:g} pt; the box is "
                                     f"{box.width:.1f} x {box.height:.1f} mm")
    lines = wrap(text, font, min_pt, box.width, measurer)
    need = "a word is wider than the box" if lines is None else (
        f"needs {len(lines)} lines at {min_pt:g} pt, the box holds "
        f"{int(box.height // (min_pt * LEADING / PT_PER_MM))}")
    return FitResult((), min_pt, f"{need} ({box.width:.1f} x {box.height:.1f} mm)")


Lines = TypeVar("Lines")


def largest_size(max_pt: float, min_pt: float, attempt: Callable[[float], Lines | None]) -> tuple[float, Lines] | None:
    """The largest size ``max_pt - k * SIZE_STEP_PT`` (k = 0, 1, ...) not below ``min_pt`` at which
    ``attempt`` lays the text out (its lines), or None when it fits at no size; see ``fit_text``."""
    if not (math.isfinite(max_pt) and math.isfinite(min_pt) and 0 < min_pt <= max_pt):
        raise ValueError(f"text sizes must be finite with 0 < min_pt <= max_pt, not {min_pt!r} and {max_pt!r}")
    last = math.floor((max_pt - min_pt + 1e-9) / SIZE_STEP_PT)  # the smallest size stepping down reaches,
    while max_pt - (last + 1) * SIZE_STEP_PT >= min_pt - 1e-9:  # to the bit: the same test as a step's
        last += 1
    while last > 0 and max_pt - last * SIZE_STEP_PT < min_pt - 1e-9:
        last -= 1
    # Gallop down from max_pt (steps 0, 2, 6, 14, 30...: most text fits at once or a few steps
    # down), then bisect between the last step that failed and the first that fitted.
    failed, reach = -1, 1
    found: Lines | None = None
    step = 0
    while found is None:
        step = min(failed + reach, last)
        found = attempt(max_pt - step * SIZE_STEP_PT)
        if found is None:
            if step == last:
                return None
            failed, reach = step, reach * 2
    fits = step
    while fits - failed > 1:
        middle = (failed + fits) // 2
        lines = attempt(max_pt - middle * SIZE_STEP_PT)
        if lines is not None:
            fits, found = middle, lines
        else:
            failed = middle
    return max_pt - fits * SIZE_STEP_PT, found


def text_top(box: Box, ascent: float, line_mm: float, lines: int, valign: str) -> float:
    """The baseline of the first of ``lines`` lines placed in ``box`` by ``valign``."""
    block = line_mm * (lines - 1) + ascent
    if valign == "top":
        return box.y + ascent
    if valign == "bottom":
        return box.y + box.height - block + ascent
    return box.y + (box.height - block) / 2 + ascent


def anchor_x(box: Box, anchor: Anchor) -> float:
    """Where a line anchored at ``anchor`` is placed across ``box``."""
    return {Anchor.START: box.x, Anchor.MIDDLE: box.x + box.width / 2, Anchor.END: box.x + box.width}[anchor]


def _place(
    lines: list[str], box: Box, measurer: TextMeasurer, font: str, size: float, colour: Colour,
    anchor: Anchor, valign: str,
) -> tuple[Text, ...]:
    line_mm = size * LEADING / PT_PER_MM
    top = text_top(box, measurer.ascent_mm(font, size), line_mm, len(lines), valign)
    x = anchor_x(box, anchor)
    return tuple(Text(x, top + i * line_mm, line, font, size, colour, anchor) for i, line in enumerate(lines))
