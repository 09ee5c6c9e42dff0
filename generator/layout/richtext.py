"""Marked-up text laid out exactly: bold, italic, line breaks and inline icons, each character in
a font that has it.

The markup is a few HTML tags, as nanDECK and Squib write it and as a spreadsheet cell holds it
without surprises: ``<b>bold</b>``, ``<i>italic</i>``, ``<br>`` for a line break (a new line in
the text breaks too), and a template's icons as ``:coin:``. A ``<`` that starts no tag (``< 5``,
``<3``) is text; a backslash prints the next ``<``, ``>``, ``:`` or ``\\`` as it is (``\\<b>``,
``\\:coin:``). Markdown's ``*`` was not chosen: card text uses asterisks for footnotes and
multiplication, and a spreadsheet gives no way to see a Markdown line break.

Each character is drawn in the region's font in the style asked (``sans`` becomes ``sans-bold``
in ``<b>``, the faces a font declares), else in the first fallback font that has it (the
template's ``fallback_fonts``, then the project's); one that no font has is reported. A line is
a sequence of runs, each in one font, placed one after the other: the width that fitting measures
is the sum of the runs' widths, exactly as every renderer places them. Lines break at spaces,
never at a no-break space, never between a number and the icon after it ("3 :coin:"), and between
two characters of Chinese, Japanese or Korean, which are written without spaces.

Text without any of this (one font has every character, no tag, no icon) is fitted by
``textfit.fit_text`` as before, so the scenes of plain text do not change.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..model.common import Colour
from ..model.templates import Icon
from .scene import BLACK, PT_PER_MM, Anchor, Image, Item, Text, TextMeasurer
from .textfit import BREAKABLE, LEADING, Box, anchor_x, fit_text, largest_size, text_top

TAG = re.compile(r"<(/?)([bi])>|<br\s*/?>", re.IGNORECASE)
"""The markup: ``<b>``, ``</b>``, ``<i>``, ``</i>``, ``<br>`` (``<br/>``, ``<br />``)."""
LOOKS_LIKE_TAG = re.compile(r"</?[A-Za-z][A-Za-z0-9]*\s*/?>")
"""Something written as a tag that is not one of ours (``<u>``): printed as written, and warned of."""
ICON = re.compile(r":([A-Za-z0-9_-]+):")
ESCAPABLE = "<>:\\"
ICON_SQUARE = "\u25a0"
"""An icon without a size is as wide as the font's black square (nearly one em)."""
NO_BREAK = "\u00a0"
_DIGITS = re.compile(r"[0-9]$")


@dataclass(frozen=True, slots=True)
class Issue:
    """Something in a text that does not print as written: ``code`` is the finding's code,
    ``rule`` its rule (``layout.markup`` or ``layout.glyphs``); ``warning`` when it still prints."""

    rule: str
    code: str
    message: str
    warning: bool = True
    snippet: str = ""
    """The part of the text the issue is about (to tell a template's own text from a card's)."""


@dataclass(frozen=True, slots=True)
class Styled:
    """A stretch of text in one style."""

    text: str
    bold: bool = False
    italic: bool = False


Parsed = list["Styled | Icon | None"]
"""Styled text, icons, and None where a line breaks."""


def parse(text: str, icons: Mapping[str, Icon]) -> tuple[Parsed, list[Issue]]:
    """The text's styled stretches, icons and line breaks, and the markup mistakes in it."""
    if "<" not in text and "\\" not in text and "\n" not in text and (not icons or ":" not in text):
        return [Styled(text)], []
    out: Parsed = []
    issues: list[Issue] = []
    depth = {"b": 0, "i": 0}
    buffer: list[str] = []

    def flush() -> None:
        if buffer:
            out.append(Styled("".join(buffer), depth["b"] > 0, depth["i"] > 0))
            buffer.clear()

    index = 0
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in ESCAPABLE:
            buffer.append(text[index + 1])
            index += 2
            continue
        if char == "<":
            match = TAG.match(text, index)
            if match is not None:
                flush()
                if match.group(2) is None:
                    out.append(None)
                else:
                    which = match.group(2).lower()
                    if match.group(1):
                        if depth[which]:
                            depth[which] -= 1
                        else:
                            issues.append(Issue("layout.markup", "stray-tag", f"'{match.group(0)}' closes no "
                                                f"<{which}>: it is left out", snippet=match.group(0)))
                    else:
                        depth[which] += 1
                index = match.end()
                continue
            other = LOOKS_LIKE_TAG.match(text, index)
            if other is not None:
                issues.append(Issue("layout.markup", "unknown-tag",
                                    f"'{other.group(0)}' is printed as written: the markup is <b>, <i> and <br> "
                                    f"(write \\{other.group(0)} to mean the text)", snippet=other.group(0)))
        if char == "\n":
            flush()
            out.append(None)
            index += 1
            continue
        if char == ":" and icons:
            match = ICON.match(text, index)
            if match is not None and match.group(1) in icons:
                flush()
                out.append(icons[match.group(1)])
                index = match.end()
                continue
        buffer.append(char)
        index += 1
    flush()
    for which, word in (("b", "bold"), ("i", "italic")):
        if depth[which]:
            issues.append(Issue("layout.markup", "unclosed-tag", f"<{which}> is never closed: the text after it is "
                                f"{word} to its end (close it with </{which}>)", snippet=f"<{which}>"))
    return out, issues


def is_plain(parsed: Parsed) -> bool:
    """Text the plain fitting draws as it did: no style, no icon, no CJK line breaking."""
    return all(piece is None or (isinstance(piece, Styled) and not piece.bold and not piece.italic
                                 and not _has_cjk(piece.text)) for piece in parsed)


def plain_text(parsed: Parsed) -> str:
    return "\n".join("".join(p.text for p in group) for group in _paragraphs_of(parsed))


def _paragraphs_of(parsed: Parsed) -> list[list[Styled]]:
    groups: list[list[Styled]] = [[]]
    for piece in parsed:
        if piece is None:
            groups.append([])
        elif isinstance(piece, Styled):
            groups[-1].append(piece)
    return groups


def _cjk(char: str) -> bool:
    """A Chinese, Japanese or Korean character: a line may break between two of them."""
    code = ord(char)
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x3FFFF)


def _has_cjk(text: str) -> bool:
    """Whether ``text`` has a CJK character (a test, not a regular expression: compiling one of
    these ranges costs 5-10 ms of every command's start)."""
    return not text.isascii() and any(map(_cjk, text))


_NO_BREAK_BEFORE = set("、。，．・：；？！）」』】〕〉》ー…‐ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
_NO_BREAK_AFTER = set("（「『【〔〈《")


@dataclass(frozen=True, slots=True)
class Atom:
    """A piece of a line: text in one font, an icon, or (between words) a space where the line
    may break (``text`` " ") or a place it may break without a space (``text`` "")."""

    kind: str
    """``text``, ``icon`` or ``gap``."""
    text: str = ""
    font: str = ""
    icon: Icon | None = None


Word = list[Atom]


@dataclass
class _Layout:
    """Measures atoms for one text at one size."""

    measurer: TextMeasurer
    base: str
    size: float
    _icon_mm: float | None = None

    def icon_mm(self, icon: Icon) -> float:
        if icon.size is not None:
            return icon.size * self.size / PT_PER_MM
        if self._icon_mm is None:
            self._icon_mm = self.measurer.width_mm(ICON_SQUARE, self.base, self.size)
        return self._icon_mm

    def runs(self, atoms: Sequence[Atom]) -> list[Atom]:
        """Consecutive text (and spaces) in one font merged into one run; icons as they are."""
        merged: list[Atom] = []
        for atom in atoms:
            if atom.kind == "icon":
                merged.append(atom)
                continue
            if not atom.text:
                continue
            if merged and merged[-1].kind == "text" and merged[-1].font == atom.font:
                merged[-1] = Atom("text", merged[-1].text + atom.text, atom.font)
            else:
                merged.append(Atom("text", atom.text, atom.font))
        return merged

    def width(self, atoms: Sequence[Atom]) -> float:
        """The width of a line of atoms, as ``place`` lays it out."""
        total = 0.0
        for run in self.runs(atoms):
            if run.kind == "icon":
                assert run.icon is not None
                total += self.icon_mm(run.icon)
            else:
                total += self.measurer.width_mm(run.text, run.font, self.size)
        return total


def resolve(parsed: Parsed, font: str, measurer: TextMeasurer, fallbacks: Sequence[str]
            ) -> tuple[list[list[Word | Atom]], list[Issue]]:
    """The paragraphs of the text as words (lists of atoms) with the gaps between them, each
    character in the font that draws it (see the module docstring), and the issues found: a
    style the font has no face for, characters no font has."""
    covers = getattr(measurer, "covers", None)
    styled = getattr(measurer, "styled", None)
    issues: list[Issue] = []
    missing: dict[str, str] = {}
    unstyled: set[tuple[bool, bool]] = set()

    def style_of(key: str, bold: bool, italic: bool) -> str:
        if (not bold and not italic) or styled is None:
            return key
        return str(styled(key, bold, italic))

    def font_for(char: str, main: str, bold: bool, italic: bool) -> str:
        if covers is None or covers(main, char):
            return main
        for fallback in fallbacks:
            candidate = style_of(fallback, bold, italic) or fallback
            if covers(candidate, char):
                return candidate
            if candidate != fallback and covers(fallback, char):
                return fallback
        missing.setdefault(char, main)
        return main

    paragraphs: list[list[Word | Atom]] = [[]]
    word: Word = []

    def end_word() -> None:
        nonlocal word
        if word:
            paragraphs[-1].append(word)
            word = []

    def gap(text: str, font_key: str) -> None:
        end_word()
        line = paragraphs[-1]
        if line and isinstance(line[-1], list):
            line.append(Atom("gap", text, font_key))

    previous = ""
    for piece in parsed:
        if piece is None:
            end_word()
            _trim(paragraphs[-1])
            paragraphs.append([])
            previous = ""
            continue
        if isinstance(piece, Icon):
            if word or not paragraphs[-1]:
                word.append(Atom("icon", icon=piece))
            else:
                line = paragraphs[-1]
                # "3 :coin:": the space between a number and its icon does not break
                if isinstance(line[-1], Atom) and line[-1].text == " " and len(line) >= 2 and \
                        isinstance(line[-2], list) and _ends_in_digit(line[-2]):
                    space, before = line.pop(), line.pop()
                    assert isinstance(space, Atom) and isinstance(before, list)
                    word = before
                    word.append(Atom("text", " ", space.font))
                word.append(Atom("icon", icon=piece))
            previous = ""
            continue
        main = style_of(font, piece.bold, piece.italic)
        if not main:
            unstyled.add((piece.bold, piece.italic))
            main = font
        for char in piece.text:
            if BREAKABLE.fullmatch(char):
                gap(" ", main)
                previous = ""
                continue
            if previous and (_cjk(previous) or _cjk(char)) and char not in _NO_BREAK_BEFORE \
                    and previous not in _NO_BREAK_AFTER and word:
                gap("", main)
            chosen = font_for(char, main, piece.bold, piece.italic)
            if word and word[-1].kind == "text" and word[-1].font == chosen:
                word[-1] = Atom("text", word[-1].text + char, chosen)
            else:
                word.append(Atom("text", char, chosen))
            previous = char
    end_word()
    _trim(paragraphs[-1])
    for bold, italic in sorted(unstyled):
        want = "bold italic" if bold and italic else "bold" if bold else "italic"
        tag = "<b><i>" if bold and italic else "<b>" if bold else "<i>"
        issues.append(Issue("layout.markup", "no-style-face",
                            f"{tag} asks for {want}, but font '{font}' has no {want} face: it is drawn in '{font}' "
                            f"(give the font its faces: fonts: {font}: {{file: ..., "
                            f"{want.replace(' ', '_')}: FONT}})", warning=False, snippet=tag))
    if missing:
        fonts = sorted(set(missing.values()))
        chars = "".join(missing)
        named = ", ".join(f"'{c}' (U+{ord(c):04X}{_char_name(c)})" for c in list(missing)[:8])
        more = f" and {len(missing) - 8} more" if len(missing) > 8 else ""
        tried = f"; fallback fonts tried: {', '.join(fallbacks)}" if fallbacks else \
            "; declare a font that has them under fallback_fonts"
        issues.append(Issue("layout.glyphs", "missing-glyph",
                            f"{named}{more} cannot be printed: font '{'/'.join(fonts)}' has no glyph for "
                            f"{'it' if len(missing) == 1 else 'them'}{tried}", warning=False, snippet=chars))
    return paragraphs, issues


def _char_name(char: str) -> str:
    name = unicodedata.name(char, "")
    return f" {name}" if name else ""


def _ends_in_digit(word: Word) -> bool:
    last = word[-1]
    return last.kind == "text" and bool(_DIGITS.search(last.text))


def _trim(line: list[Word | Atom]) -> None:
    while line and isinstance(line[-1], Atom):
        line.pop()


def wrap_words(paragraphs: list[list[Word | Atom]], layout: _Layout, width: float | None) -> list[list[Atom]] | None:
    """Lines of atoms no wider than ``width`` (None: no wrapping, one line per paragraph), broken
    at the gaps between words; None when a word alone is too wide (or, unwrapped, a line is)."""
    lines: list[list[Atom]] = []
    for paragraph in paragraphs:
        if width is None:
            line = [atom for part in paragraph for atom in (part if isinstance(part, list) else [part])]
            lines.append(line)
            continue
        current: list[Atom] = []
        pending: Atom | None = None
        for part in paragraph:
            if isinstance(part, Atom):
                pending = part
                continue
            candidate = current + ([pending] if pending is not None and current else []) + part
            pending = None
            if layout.width(candidate) <= width:
                current = candidate
                continue
            if not current or layout.width(part) > width:
                return None
            lines.append(current)
            current = list(part)
        lines.append(current)
    return lines


def place(lines: list[list[Atom]], box: Box, layout: _Layout, colour: Colour, anchor: Anchor,
          valign: str) -> tuple[Item, ...]:
    """The lines as Text runs and icon pictures: a line that is one run in the region's font is
    one Text anchored as the region says (as plain text is); others are runs placed from the
    left end of the line."""
    size = layout.size
    line_mm = size * LEADING / PT_PER_MM
    top = text_top(box, layout.measurer.ascent_mm(layout.base, size), line_mm, len(lines), valign)
    x_anchor = anchor_x(box, anchor)
    items: list[Item] = []
    for index, line in enumerate(lines):
        y = top + index * line_mm
        runs = layout.runs(line)
        if len(runs) == 1 and runs[0].kind == "text" and runs[0].font == layout.base:
            items.append(Text(x_anchor, y, runs[0].text, layout.base, size, colour, anchor))
            continue
        width = layout.width(line)
        x = {Anchor.START: x_anchor, Anchor.MIDDLE: x_anchor - width / 2, Anchor.END: x_anchor - width}[anchor]
        for run in runs:
            if run.kind == "icon":
                assert run.icon is not None
                square = layout.icon_mm(run.icon)
                art = run.icon.artwork
                if not art.missing:
                    items.append(Image(x, y - square * (1 - run.icon.baseline), square, square, art.data, art.kind,
                                       art.name))
                x += square
            else:
                # a run's own spaces are advanced over, not drawn: no renderer can drop or squeeze them
                inner = run.text.strip(" ")
                lead = run.text[:len(run.text) - len(run.text.lstrip(" "))]
                if inner:
                    start = x + (layout.measurer.width_mm(lead, run.font, size) if lead else 0.0)
                    items.append(Text(start, y, inner, run.font, size, colour, Anchor.START))
                x += layout.measurer.width_mm(run.text, run.font, size)
    return tuple(items)


@dataclass(frozen=True, slots=True)
class RichFit:
    """Fitted marked-up text: the items (empty when it cannot fit: ``problem`` says why), its
    size, and what in it does not print as written."""

    items: tuple[Item, ...]
    size_pt: float
    problem: str | None = None
    issues: tuple[Issue, ...] = field(default=())


def fit_rich(
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
    icons: Sequence[Icon] = (),
    fallbacks: Sequence[str] = (),
) -> RichFit:
    """``text`` with its markup, icons and fallback fonts fitted into ``box`` at the largest size
    ``fit_text`` would choose for it (the same search), measured run by run as it is drawn."""
    parsed, issues = parse(text, {icon.name: icon for icon in icons})
    covers = getattr(measurer, "covers", None)
    if is_plain(parsed):
        plain = plain_text(parsed)
        if covers is None or covers(font, plain.replace("\n", "")):
            fitted = fit_text(plain, box, measurer, font=font, max_pt=max_pt, min_pt=min_pt, colour=colour,
                              anchor=anchor, wrap_lines=wrap_lines, valign=valign)
            return RichFit(fitted.items, fitted.size_pt, fitted.problem, tuple(issues))
    paragraphs, found = resolve(parsed, font, measurer, fallbacks)
    issues += found

    def attempt(size: float) -> list[list[Atom]] | None:
        layout = _Layout(measurer, font, size)
        lines = wrap_words(paragraphs, layout, box.width if wrap_lines else None)
        if lines is None or (not wrap_lines and any(layout.width(line) > box.width for line in lines)):
            return None
        return lines if len(lines) * size * LEADING / PT_PER_MM <= box.height + 1e-9 else None

    found_size = largest_size(max_pt, min_pt, attempt)
    if found_size is not None:
        size, lines = found_size
        return RichFit(place(lines, box, _Layout(measurer, font, size), colour, anchor, valign), size,
                       None, tuple(issues))
    layout = _Layout(measurer, font, min_pt)
    if not wrap_lines:
        widest = max((layout.width(line) for line in wrap_words(paragraphs, layout, None) or []), default=0.0)
        shown = plain_text([p for p in parsed if not isinstance(p, Icon)])
        return RichFit((), min_pt, f"'{shown}' is {widest:.1f} mm wide at {min_pt:g} pt; the box is "
                                   f"{box.width:.1f} x {box.height:.1f} mm", tuple(issues))
    wrapped = wrap_words(paragraphs, layout, box.width)
    need = "a word is wider than the box" if wrapped is None else (
        f"needs {len(wrapped)} lines at {min_pt:g} pt, the box holds "
        f"{int(box.height // (min_pt * LEADING / PT_PER_MM))}")
    return RichFit((), min_pt, f"{need} ({box.width:.1f} x {box.height:.1f} mm)", tuple(issues))


def visible_text(text: str) -> str:
    """The text as printed, without its markup (for messages and search)."""
    parsed, _ = parse(text, {})
    return plain_text(parsed)
