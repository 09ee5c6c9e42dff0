"""A rules page read as a card's text is: the numbers it states for a rule value (``9 note tokens``,
``if a colour reaches 9``) compared with the values the game plays, and the sentences that state a
rule otherwise than the rulebook (``you must discard a dead card`` where the rulebook says *may*),
in every language the page is printed in.

A game gives what its rules page may state (``Stated``: a value, and in each language the patterns
whose group ``n`` is the number) and the rulebook's sentences a page may contradict (``Claim``).
A number printed from the value itself (``{note_tokens} note tokens``) cannot disagree and is not
read. Pure: no files.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Collection, Iterator, Mapping, Sequence, Union

from ..model import GameDefinition, SourceLoc
from ..model.rules import RulesText
from .findings import Severity
from .registry import Reporter
from .wording import PLACEHOLDER

NUMBER_WORDS: dict[str, dict[str, int]] = {
    "en": {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "eleven": 11, "twelve": 12},
    "de": {"eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
           "sechs": 6, "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12},
    "pt": {"dois": 2, "duas": 2, "três": 3, "quatro": 4, "cinco": 5, "seis": 6, "sete": 7,
           "oito": 8, "nove": 9, "dez": 10, "onze": 11, "doze": 12},
}
"""Number words by language."""
ALTERNATIVE = re.compile(r"\b(?:instead of|rather than|variant|statt|anstatt|variante|em vez de|em lugar de)\b",
                         re.IGNORECASE)
"""Words of a sentence that offers another rule (``four storm tokens instead of three``): the
numbers of such a sentence are a variant's, not the game's."""
ARTICLES = {"a", "an", "ein", "eine", "einen", "einem", "um", "uma"}
"""Words that state 1 where a statement says so (``worth a coin``), and nothing elsewhere (``a used
note token`` is about one token, not the number of them)."""
NUM = "NUM"
"""What a pattern writes for a number: digits, or a number word of the pattern's language."""


@dataclass(frozen=True)
class Stated:
    """A rule value a page may state: ``value`` names it (as its placeholder does), ``what`` says
    it in words for messages, and ``patterns`` give, by language, regular expressions whose group
    ``n`` is the number stated (``NUM`` in them matches a number) and, where the value depends on
    something the sentence names (the teams), group ``k`` is that key."""

    value: str
    what: str
    patterns: Mapping[str, tuple[str, ...]]
    article_is_one: bool = False
    """``a``, ``ein``, ``um`` state 1 in these patterns (``worth a coin``)."""


@dataclass(frozen=True)
class Claim:
    """A sentence that states a rule otherwise than the rulebook: its patterns by language, and the
    rulebook's own words (quoted in the message)."""

    patterns: Mapping[str, tuple[str, ...]]
    rulebook: str
    code: str = "claim"
    within: Mapping[str, str] = field(default_factory=dict)
    """By language, what the text must be about for the patterns to count (``dead`` cards: the
    sentence that says *must* may be the next one)."""


Values = Mapping[str, Union[int, Mapping[int, int]]]
"""The values a page is compared with: a number, or numbers by a key (a hand by player count)."""


@dataclass(frozen=True)
class Text:
    """One text of a rules page: a heading, a paragraph or a list item, in ``language``."""

    text: str
    language: str
    loc: SourceLoc = field(compare=False)


def texts(game: GameDefinition) -> Iterator[Text]:
    """Every text of the game's rules page, in its first language and in each translation."""
    info = game.info
    pages: list[tuple[str, RulesText | None]] = [(info.languages[0] if info.languages else "en", info.rules)]
    pages += [(t.language, t.rules) for t in info.translations]
    for language, page in pages:
        if page is None:
            continue
        for section in page.sections:
            yield Text(section.heading, language, section.loc)
            for block in section.blocks:
                for text in (block.text, *block.items):
                    if text:
                        yield Text(text, language, block.loc if block.loc.line else section.loc)


@lru_cache(maxsize=256)
def _compiled(pattern: str, language: str, article_is_one: bool = False) -> re.Pattern[str]:
    words = sorted(NUMBER_WORDS.get(language, {}), key=len, reverse=True) + (sorted(ARTICLES) if article_is_one else [])
    number = r"(?:\d+|\b(?:" + "|".join(map(re.escape, words)) + r")\b)" if words else r"\d+"
    return re.compile(pattern.replace(NUM, number), re.IGNORECASE)


def _number(word: str, language: str, article_is_one: bool = False) -> int | None:
    if word.isdigit():
        return int(word)
    if article_is_one and word.lower() in ARTICLES:
        return 1
    return NUMBER_WORDS.get(language, {}).get(word.lower())


def check_rules_page(report: Reporter, game: GameDefinition, stated: Sequence[Stated], claims: Sequence[Claim],
                     values: Values, placeholders: Collection[str] = ()) -> None:
    """Report each number a rules page states against ``values`` (code ``value``: an error when
    no table plays it, a warning when only some player counts do) and each sentence that states a
    rule otherwise than the rulebook (a claim's code, a warning). ``placeholders``: the values the
    page may print with a placeholder (the message then says so)."""
    for text in texts(game):
        plain = PLACEHOLDER.sub(" ", text.text)
        for statement in stated:
            value = values.get(statement.value)
            if value is None:
                continue
            read: list[tuple[int, int]] = []  # two patterns may read one phrase: it is compared once
            for pattern in statement.patterns.get(text.language, ()):
                for match in _compiled(pattern, text.language, statement.article_is_one).finditer(plain):
                    if any(match.start("n") < end and start < match.end("n") for start, end in read):
                        continue
                    if ALTERNATIVE.search(_sentence(plain, match.start(), match.end())):
                        continue
                    read.append((match.start("n"), match.end("n")))
                    _compare(report, text, statement, value, match, placeholders)
        for claim in claims:
            topic = claim.within.get(text.language)
            if topic is not None and not _compiled(topic, text.language).search(plain):
                continue
            for pattern in claim.patterns.get(text.language, ()):
                found = _compiled(pattern, text.language).search(plain)
                if found is not None:
                    report(claim.code, text.loc, f"the rules page ({text.language}) says '{_quote(found)}' where the "
                                                 f"rulebook says: {claim.rulebook}", Severity.WARNING)
                    break


def _compare(report: Reporter, text: Text, statement: Stated, value: int | Mapping[int, int], match: re.Match[str],
             placeholders: Collection[str]) -> None:
    said = _number(match.group("n"), text.language, statement.article_is_one)
    if said is None:
        return
    hint = f" (write {{{statement.value}}} to print it from the value)" if statement.value in placeholders else ""
    if isinstance(value, int):
        if said != value:
            report("value", text.loc, f"the rules page ({text.language}) says '{_quote(match)}': the game has "
                                      f"{value} {statement.what}{hint}")
        return
    key = match.groupdict().get("k")
    if key is not None:
        keyed = _number(key, text.language)
        if keyed is not None and keyed in value and value[keyed] != said:
            report("value", text.loc, f"the rules page ({text.language}) says '{_quote(match)}': with {keyed} the "
                                      f"game has {value[keyed]} {statement.what}")
        return
    kinds = sorted(set(value.values()))
    if said not in kinds:
        report("value", text.loc, f"the rules page ({text.language}) says '{_quote(match)}': the game has "
                                  f"{statement.what} of {_by_key(value)} players{hint}")
    elif len(kinds) > 1:
        report("value", text.loc, f"the rules page ({text.language}) says '{_quote(match)}' for every table: the "
                                  f"game has {statement.what} of {_by_key(value)} players{hint}", Severity.WARNING)


def _sentence(text: str, start: int, end: int) -> str:
    """The sentence of ``text`` that holds ``start:end``."""
    before = max(text.rfind(mark, 0, start) for mark in ".!?;\n")
    after = [i for i in (text.find(mark, end) for mark in ".!?;\n") if i >= 0]
    return text[before + 1: min(after) if after else len(text)]


def _by_key(value: Mapping[int, int]) -> str:
    """``5 with 2 or 3, 4 with 4 or 5`` (the keys that share a number together)."""
    keys: dict[int, list[int]] = {}
    for key, number in sorted(value.items()):
        keys.setdefault(number, []).append(key)
    return ", ".join(f"{number} with {' or '.join(map(str, shared))}" for number, shared in keys.items())


def _quote(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split())
