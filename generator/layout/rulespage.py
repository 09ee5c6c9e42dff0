"""A game's rules summary (``rules:`` in its definition) laid out as full-page scenes that fit the
printable area of both A4 and US Letter: the title, the game's emblems, headings, paragraphs and
lists, a line of credit at the foot; a long summary continues on further pages."""

from __future__ import annotations

from typing import Mapping, Sequence

from ..model.common import Colour, Symbol
from ..model.rules import RulesBlock, RulesText
from ..model.source import SourceLoc
from .kit import FitProblem
from .regions import MissingField, fill_in
from .scene import BLACK, Anchor, Item, Line, Paint, Scene, Text, TextMeasurer
from .messages import message
from .symbols import symbol
from .richtext import RichFit, fit_rich, parse, is_plain
from .textfit import Box

PAGE_W_MM = 190.0
PAGE_H_MM = 262.0
BODY_PT = 9.5
HEAD_PT = 11.5
TITLE_PT = 20.0
MARGIN_MM = 8.0
FOOT_MM = 12.0
"""Room kept at the foot of every page for the line and the credit."""
LINE_MM = BODY_PT * 1.2 / (72 / 25.4)
BULLET = "\u2022"


class _Pages:
    """Pages being filled top to bottom."""

    def __init__(self, game_id: str, heading: str, emblems: Sequence[tuple[Symbol, Colour]], credit: str,
                 continued: str, measurer: TextMeasurer, fallbacks: Sequence[str], problems: list[FitProblem],
                 loc: SourceLoc) -> None:
        self.game_id, self.heading, self.emblems, self.credit = game_id, heading, emblems, credit
        self.continued, self.measurer, self.fallbacks, self.problems, self.loc = (continued, measurer, fallbacks,
                                                                                 problems, loc)
        self.pages: list[list[Item]] = []
        self.y = 0.0
        self.new_page()

    def line(self, x: float, baseline: float, text: str, font: str, size: float, anchor: Anchor,
             loc: SourceLoc) -> list[Item]:
        """One line at a fixed size: a Text as before when its font has every character and it
        has no markup, else laid out as rich text (fallback fonts, styles) on the same baseline."""
        covers = getattr(self.measurer, "covers", None)
        parsed, _ = parse(text, {})
        if is_plain(parsed) and "\n" not in text and (covers is None or covers(font, text)):
            return [Text(x, baseline, text, font, size, BLACK, anchor)]
        ascent = self.measurer.ascent_mm(font, size)
        left = {Anchor.START: x, Anchor.MIDDLE: x - PAGE_W_MM, Anchor.END: x - 2 * PAGE_W_MM}[anchor]
        result = fit_rich(text, Box(left, baseline - ascent, 2 * PAGE_W_MM, size * 1.2 / (72 / 25.4) + 1), self.measurer, font=font, max_pt=size, min_pt=size,
                          anchor=anchor, valign="top", wrap_lines=False, fallbacks=self.fallbacks)
        _issues(result, self.problems, loc)
        return list(result.items)

    def new_page(self) -> None:
        items: list[Item] = []
        first = not self.pages
        heading = self.heading if first else f"{self.heading} {self.continued}"
        items.extend(self.line(PAGE_W_MM / 2, 14, heading, "serif-bold", TITLE_PT if first else 13, Anchor.MIDDLE,
                               self.loc))
        self.y = 24.0
        if first and self.emblems:
            step = min(12.0, (PAGE_W_MM - 2 * MARGIN_MM) / len(self.emblems))
            for i, (mark, colour) in enumerate(self.emblems):
                cx = PAGE_W_MM / 2 + (i - (len(self.emblems) - 1) / 2) * step
                items.append(symbol(mark, cx, 23, min(7.0, step * 0.6), Paint(colour)))
            self.y = 32.0
        self.pages.append(items)

    def room(self) -> float:
        return PAGE_H_MM - FOOT_MM - self.y

    def finish(self) -> list[list[Item]]:
        for items in self.pages:
            width = PAGE_W_MM - 2 * MARGIN_MM
            items.append(Line(MARGIN_MM, PAGE_H_MM - 9, MARGIN_MM + width, PAGE_H_MM - 9, BLACK, 0.2))
            if self.credit:
                items.extend(self.line(PAGE_W_MM / 2, PAGE_H_MM - 4, self.credit, "sans", 7, Anchor.MIDDLE, self.loc))
        return self.pages


def rules_pages(game_id: str, title: str, rules: RulesText, values: Mapping[str, str], measurer: TextMeasurer,
                problems: list[FitProblem], emblems: Sequence[tuple[Symbol, Colour]] = (),
                fallbacks: Sequence[str] = (), language: str = "") -> list[Scene]:
    """The rules summary as page scenes of ``PAGE_W_MM`` x ``PAGE_H_MM``; ``values`` fill the
    text's ``{placeholders}`` (a placeholder the game does not know is a problem at its place).
    Paragraphs may be marked up as card text is (``<b>``, ``<i>``, ``<br>``), and characters the
    shipped fonts lack are drawn in the project's ``fallback_fonts``."""
    try:
        credit = fill_in(rules.credit, values)
    except MissingField as exc:
        problems.append(_problem(exc.message(), rules.loc))
        credit = rules.credit
    pages = _Pages(game_id, rules.heading or message("rules-summary", language, title=title), emblems, credit,
                   rules.continued or message("continued", language), measurer, fallbacks, problems, rules.loc)
    x, width = MARGIN_MM, PAGE_W_MM - 2 * MARGIN_MM
    for section in rules.sections:
        if pages.room() < 7 + 2 * LINE_MM:
            pages.new_page()
        pages.pages[-1].extend(pages.line(x, pages.y + 4, section.heading, "sans-bold", HEAD_PT, Anchor.START,
                                          section.loc))
        pages.y += 7
        for block in section.blocks:
            for paragraph, indent in _paragraphs(block):
                try:
                    text = fill_in(paragraph, values)
                except MissingField as exc:
                    problems.append(_problem(exc.message(), block.loc))
                    continue
                if not _place(pages, text, x + indent, width - indent, indent > 0, measurer, problems, block.loc,
                              fallbacks):
                    return _scenes(game_id, pages.finish())
        pages.y += 2.5
    return _scenes(game_id, pages.finish())


def _paragraphs(block: RulesBlock) -> list[tuple[str, float]]:
    """A block's paragraphs with their indent (list items are indented behind a bullet)."""
    found = [(block.text, 0.0)] if block.text else []
    return found + [(item, 4.0) for item in block.items]


def _place(pages: _Pages, text: str, x: float, width: float, bullet: bool, measurer: TextMeasurer,
           problems: list[FitProblem], loc: SourceLoc, fallbacks: Sequence[str] = ()) -> bool:
    """Lay one paragraph at the current place, on a new page if it does not fit the rest of this
    one; False (and a problem) when it does not fit even a whole page."""
    for attempt in range(2):
        result = fit_rich(text, Box(x, pages.y, width, pages.room()), measurer, font="sans",
                          max_pt=BODY_PT, min_pt=BODY_PT, anchor=Anchor.START, valign="top", fallbacks=fallbacks)
        if result.problem is None or attempt == 1:
            _issues(result, problems, loc)
        if result.problem is None:
            items = list(result.items)
            first = next((item for item in items if isinstance(item, Text)), None)
            if bullet and first is not None:
                items.append(Text(x - 3.2, first.y, BULLET, "sans", BODY_PT, BLACK))
            pages.pages[-1].extend(items)
            pages.y += _line_count(items) * LINE_MM + 1.8
            return True
        if attempt == 0:
            pages.new_page()
    problems.append(_problem(f"a paragraph does not fit a page: {text[:40]}...", loc))
    return False


def _line_count(items: Sequence[Item]) -> int:
    """Lines a fitted paragraph takes: its distinct baselines (a line of rich text is several
    runs, one per style or font, so counting items would leave a gap after a bold word)."""
    return len({round(item.y, 3) for item in items if isinstance(item, Text)})


def _problem(message: str, loc: SourceLoc) -> FitProblem:
    return FitProblem("rules", "rules summary", message, loc, loc)


def _issues(result: RichFit, problems: list[FitProblem], loc: SourceLoc) -> None:
    """What a paragraph's markup or characters keep from printing as written, at its place."""
    for issue in result.issues:
        problems.append(FitProblem("rules", "rules summary", issue.message, loc, loc, issue.rule, issue.code,
                                   issue.warning))


def _scenes(game_id: str, pages: list[list[Item]]) -> list[Scene]:
    return [Scene(f"{game_id}:rules" + (f":{n}" if n > 1 else ""), PAGE_W_MM, PAGE_H_MM, 0.0, tuple(items))
            for n, items in enumerate(pages, 1)]
