"""What every game definition shares: identity, rulebook, player counts, print defaults, options."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from .options import RuleOptions
from .rules import RulesText
from .source import UNKNOWN_LOC, SourceLoc


class Symbol(str, Enum):
    """Vector symbols the renderer can draw; suits name one so prints work in greyscale too."""

    CIRCLE = "circle"
    TRIANGLE = "triangle"
    SQUARE = "square"
    DIAMOND = "diamond"
    STAR = "star"
    HEXAGON = "hexagon"
    HEART = "heart"
    MOON = "moon"
    DROP = "drop"
    CROSS = "cross"
    SPADE = "spade"
    CLUB = "club"
    FLOWER = "flower"
    BOLT = "bolt"
    SPIRAL = "spiral"
    SUN = "sun"
    BURST = "burst"


@dataclass(frozen=True, slots=True)
class Colour:
    """An sRGB colour as the designer wrote it (``#rrggbb``)."""

    hex: str

    @property
    def rgb(self) -> tuple[float, float, float]:
        """Red, green and blue in 0..1."""
        value = self.hex.lstrip("#")
        return int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255


@dataclass(frozen=True, slots=True)
class PlayerCount:
    """A hand size or other amount that depends on the number of players."""

    players: int
    value: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class Deviation:
    """A departure from the rulebook made on purpose (``deviations:`` in a definition): the findings
    it names are reported as notes carrying its reason, not as errors or warnings."""

    rule_id: str
    code: str | None
    """One code of the rule, or None for every code of the rule."""
    reason: str
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    @property
    def key(self) -> str:
        """``rule-id/code`` as the file writes it (the rule id alone for every code)."""
        return self.rule_id if self.code is None else f"{self.rule_id}/{self.code}"

    def covers(self, rule_id: str, code: str) -> bool:
        """Whether a finding of ``rule_id`` with ``code`` is this departure."""
        return rule_id == self.rule_id and (self.code is None or code == self.code)


@dataclass(frozen=True, slots=True)
class Translation:
    """A definition's words in one more language (``translations: {de: {...}}``): its name, the
    title its backs print, its description and its rules page; empty where not translated."""

    language: str
    name: str = ""
    title: str = ""
    description: str = ""
    rules: RulesText | None = None
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file gives this language's translations."""
    words: tuple[tuple[str, str], ...] = ()
    """``words: {"Red": Rot, ...}``: each printed text of the definition and its templates (a suit's
    name, a back's title, a mat's label, a card's rule) as written, and its words in this language."""
    words_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    word_locs: tuple[SourceLoc, ...] = field(default=(), compare=False)
    """Where the file gives each of ``words`` (the same order)."""

    def word(self, text: str) -> tuple[str, SourceLoc] | None:
        """``text``'s words in this language and where the file gives them, if it does."""
        for (written, translated), loc in zip(self.words, self.word_locs or (self.words_loc,) * len(self.words)):
            if written == text:
                return translated, loc
        return None


class Scoring(str, Enum):
    """How a game is won: by the highest score, or (a game of penalty points) the lowest."""

    HIGHEST = "highest"
    LOWEST = "lowest"


class TieBreak(str, Enum):
    """Who wins when seats tie for the best score: they share the win (``shared``), nobody does
    (``draw``), or the tied seat latest (``later-seat``) or earliest (``earlier-seat``) in the turn
    order, as many rulebooks give a tie to the player who went later."""

    SHARED = "shared"
    DRAW = "draw"
    LATER_SEAT = "later-seat"
    EARLIER_SEAT = "earlier-seat"


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Identity and table facts of a game definition (or of one of its variants)."""

    id: str
    kind: str
    """The game kind (the ``game:`` value): the game catalog's key for everything game-specific."""
    name: str
    rulebook: str
    description: str
    players: tuple[int, ...]
    card_size: str
    options: RuleOptions
    variant_of: str | None = None
    expansion_of: str | None = None
    """The id of the game this definition adds cards to (an expansion), or None."""
    deviations: tuple[Deviation, ...] = ()
    """The departures from the rulebook the definition declares as deliberate."""
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    players_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    """Where the file gives ``players`` (for messages about the player counts)."""
    title: str = ""
    """What the card backs and the rules page print as the game's name; empty: ``name``."""
    rules: RulesText | None = None
    """The rules summary the kit prints, when the definition has one."""
    languages: tuple[str, ...] = ()
    """The languages the definition is written in (``languages: [en, de]``), the first being the
    one its fields are written in; empty when it names none (one language)."""
    translations: tuple[Translation, ...] = ()
    language: str = ""
    """The language this definition's words are in (a build for ``--lang de`` localises it);
    empty: the first of ``languages``."""
    words: tuple[tuple[str, str], ...] = ()
    """The printed texts of the language the definition is localised into and their translations
    (its translation's ``words``; empty in the first language): templates and game words print
    through them."""
    languages_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)
    scoring: Scoring = Scoring.HIGHEST
    """Who wins: the highest score, or the lowest (``scoring: lowest``, a game of penalty points):
    scores are reported as the rules count them, and the bots and the winners read this."""
    tie_break: TieBreak = TieBreak.SHARED
    """Who wins a tie for the best score (``tie_break:``)."""

    def translation(self, language: str) -> Translation | None:
        return next((t for t in self.translations if t.language == language), None)

    @property
    def printed_title(self) -> str:
        """The name printed on the game's backs and rules page."""
        return self.title or self.name

    @property
    def players_place(self) -> SourceLoc:
        """Where to report a finding about the player counts: ``players``, else the definition."""
        return self.players_loc if self.players_loc.line else self.loc

    @property
    def min_players(self) -> int:
        return min(self.players)

    @property
    def max_players(self) -> int:
        return max(self.players)

    @property
    def players_text(self) -> str:
        """The player counts as people write them: ``2-5``, or ``2-4, 6, 8-10, 12`` with gaps."""
        runs: list[list[int]] = []
        for count in sorted(set(self.players)):
            if runs and count == runs[-1][-1] + 1:
                runs[-1].append(count)
            else:
                runs.append([count])
        return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
