"""Printed words against the rules: the numbers a card's text states and whether it says a player
may or must, compared with the rulebook's own words for that card and with the values the game
plays (its coins, its points, a bonus).

A text may print a value from the game itself with a placeholder (``Worth {coins} coins``): it
then cannot disagree with it. Free text is compared number by number: the rulebook's words are
kept with the same placeholders (``Worth {coins} coins when buying.``), so a number the text
writes where the rulebook's words have a placeholder is compared with the game's value (an
error: the card contradicts the deck it belongs to), and any other number with the rulebook's
(a warning: the deck no longer plays as printed). Pure: no files, no game.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from fractions import Fraction

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_NUMBER = re.compile(r"(?<![\w.])([+\-\u2212]?)(\d+(?:\.\d+)?)(?![\w])")
_WORDS: dict[str, tuple[int, int] | int | None] = {
    "zero": 0, "no": None, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "twenty": 20, "once": 1, "twice": 2,
    "double": 2, "triple": 3, "half": (1, 2),
}
_WORD = re.compile(r"\b(" + "|".join(w for w, v in _WORDS.items() if v is not None) + r")\b", re.IGNORECASE)
_MODAL = re.compile(r"\b(must|may)\b", re.IGNORECASE)
_CONDITIONS: dict[str, tuple[str, str]] = {
    **{word: ("extreme", word) for word in ("most", "fewest", "highest", "lowest")},
    "least": ("extreme", "fewest"),
    **{word: ("kind", word) for word in ("black", "red", "blue", "green", "yellow", "white", "number")},
    "numbers": ("kind", "number"), "colour": ("kind", "colour"), "colours": ("kind", "colour"),
    "color": ("kind", "colour"), "colors": ("kind", "colour"),
}
"""The words that say which cards a condition counts (``most`` / ``fewest`` cards, of a colour or a
number, black cards), each with its group and its one spelling: a word of a group swapped for
another of the same group is another rule."""
_CONDITION = re.compile(r"\b(" + "|".join(_CONDITIONS) + r")\b", re.IGNORECASE)


def numbers(text: str, words: bool = True) -> Counter[Fraction]:
    """Every number a text states: digits (with their sign: ``-1``, ``+5``) and, with ``words``,
    English number words (``one``, ``twice``, ``half``); placeholders are not numbers."""
    from fractions import Fraction  # (imported by the check that reads numbers, not by every command)

    text = PLACEHOLDER.sub(" ", text)
    found: Counter[Fraction] = Counter()
    for sign, digits in _NUMBER.findall(text):
        value = Fraction(digits)
        found[-value if sign in ("-", "\u2212") else value] += 1
    for word in _WORD.findall(text) if words else ():
        meant = _WORDS[word.lower()]
        if meant is not None:
            found[Fraction(*meant) if isinstance(meant, tuple) else Fraction(meant)] += 1
    return found


_MODALS_IN = {
    "de": {"must": re.compile(r"\b(?:muss|musst|müssen|müsst)\b", re.IGNORECASE),
           "may": re.compile(r"\b(?:darf|darfst|dürfen|dürft|kann|kannst|können)\b", re.IGNORECASE)},
    "pt": {"must": re.compile(r"\b(?:tens|tem|têm|temos)\s+(?:de|que)\b|\b(?:deve|deves|devem)\b", re.IGNORECASE),
           "may": re.compile(r"\b(?:pode|podes|podem|podemos|poderá)\b", re.IGNORECASE)},
}
"""How German and Portuguese say that a player must or may (a translation is compared with the
English rulebook's words by its digits and these)."""


def modals(text: str, language: str = "en") -> set[str]:
    """Whether the text says a player ``must`` or ``may`` (lower case), in ``language``."""
    patterns = _MODALS_IN.get(language.split("-")[0])
    if patterns is None:
        return {word.lower() for word in _MODAL.findall(text)}
    return {meaning for meaning, pattern in patterns.items() if pattern.search(text)}


def conditions(text: str) -> Counter[tuple[str, str]]:
    """The condition words of a text (see ``_CONDITIONS``), by group and spelling."""
    return Counter(_CONDITIONS[word.lower()] for word in _CONDITION.findall(PLACEHOLDER.sub(" ", text)))


def fill(text: str, values: Mapping[str, int | str]) -> str:
    """``text`` with each ``{name}`` replaced by its value (an unknown name stays as written)."""
    return PLACEHOLDER.sub(lambda m: str(values.get(m.group(1), m.group(0))), text)


def unknown_placeholders(text: str, values: Mapping[str, object]) -> list[str]:
    return [name for name in PLACEHOLDER.findall(text) if name not in values]


@dataclass(frozen=True, slots=True)
class Disagreement:
    """A place where printed words and the rules part: ``value`` (a number contradicting a value
    the game plays: an error), ``number`` (a number the rulebook's words do not have) or
    ``modal`` (may where the rulebook says must, or the reverse) or ``condition`` (the most cards
    where the rulebook counts the fewest, a colour where it counts a number)."""

    kind: str
    message: str


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def compare(printed: str, reference: str, values: Mapping[str, int], what: Mapping[str, str],
            language: str = "en") -> list[Disagreement]:
    """How ``printed`` (as written, placeholders and all) parts from ``reference`` (the rulebook's
    words with placeholders for the game's values ``values``); ``what`` says what each value is
    (``coins`` -> "the coins the card is worth") for messages. ``printed`` in another language
    than English is compared by its digits and its may/must (``modals``), never by words."""
    from fractions import Fraction

    english = language.split("-")[0] == "en"
    found: list[Disagreement] = []
    written = numbers(printed, words=english)
    expected = numbers(reference, words=english)
    used = set(PLACEHOLDER.findall(printed))
    owed = {name: values[name] for name in PLACEHOLDER.findall(reference) if name in values and name not in used}
    extra = written - expected
    missing = expected - written
    for name, value in owed.items():
        wanted = Fraction(value)
        if extra[wanted]:
            extra[wanted] -= 1
            continue
        near = next(iter(sorted(extra.elements())), None)
        if near is not None:
            extra[near] -= 1
            found.append(Disagreement("value", f"it says {_show(near)} where the game plays {value} "
                                               f"({what.get(name, name)}: write {{{name}}} to print it from the value)"))
        else:
            found.append(Disagreement("value", f"it does not state {value} ({what.get(name, name)}; "
                                               f"write {{{name}}} to print it from the value)"))
    extra = +extra
    for number in sorted(extra.elements()):
        near = next(iter(sorted(missing.elements())), None)
        if near is not None:
            missing[near] -= 1
            missing = +missing
            found.append(Disagreement("number", f"it says {_show(number)} where the rulebook's words say "
                                                f"{_show(near)} ('{fill(reference, values)}')"))
        else:
            found.append(Disagreement("number", f"it says {_show(number)}, a number the rulebook's words do not "
                                                f"have ('{fill(reference, values)}')"))
    for number in sorted(missing.elements()):
        found.append(Disagreement("number", f"it does not say {_show(number)} as the rulebook's words do "
                                            f"('{fill(reference, values)}')"))
    said, meant = modals(printed, language), modals(reference)
    for word, other in (("may", "must"), ("must", "may")):
        if word in said and word not in meant and other in meant:
            found.append(Disagreement("modal", f"it says '{word}' where the rulebook says '{other}' "
                                               f"('{fill(reference, values)}')"))
    if not english:
        return found
    written_terms, rulebook_terms = conditions(printed), conditions(reference)
    added, dropped = written_terms - rulebook_terms, rulebook_terms - written_terms
    for group, word in sorted(added):
        swapped = next((w for g, w in sorted(dropped) if g == group), None)
        if swapped is not None:  # a word swapped for another of its group, not words left out
            dropped[(group, swapped)] -= 1
            dropped = +dropped
            found.append(Disagreement("condition", f"it says '{word}' where the rulebook says '{swapped}' "
                                                   f"('{fill(reference, values)}')"))
    return found
