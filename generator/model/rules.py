"""A game's rules summary as written in its definition (``rules:``), printed as pages of its kit:
sections with a heading, paragraphs and lists, in the designer's own words."""

from __future__ import annotations

from dataclasses import dataclass, field

from .source import UNKNOWN_LOC, SourceLoc


@dataclass(frozen=True, slots=True)
class RulesBlock:
    """A paragraph (``text``) or a list (``items``) of a section; ``{field}`` placeholders allowed."""

    text: str = ""
    items: tuple[str, ...] = ()
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class RulesSection:
    """A section of a game's rules page: its heading and its blocks of text."""

    heading: str
    blocks: tuple[RulesBlock, ...]
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class RulesText:
    """The rules summary: its sections and a line of credit at the foot of the page."""

    sections: tuple[RulesSection, ...]
    credit: str = ""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    heading: str = ""
    """The page's title; empty: "TITLE: rules summary" (a translation gives its own)."""
    continued: str = ""
    """Added to the title of the pages after the first; empty: "(continued)"."""
