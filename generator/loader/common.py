"""Parts every game file shares: the header (id, name, rulebook, players, card size) and options."""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

from ..model import Deviation, GameInfo, PlayerCount, RuleOption, RuleOptions, Symbol
from ..model.common import Scoring, TieBreak, Translation
from ..model.limits import MAX_OPTION_MAGNITUDE, MAX_PLAYERS
from ..model.rules import RulesBlock, RulesSection, RulesText
from ..model.source import UNKNOWN_LOC, SourceLoc
from .fields import Reader

HEADER_REQUIRED = ("game", "id", "name", "rulebook", "players")
HEADER_OPTIONAL = ("description", "card_size", "options", "title", "rules", "deviations", "languages", "translations")
TRANSLATION_FIELDS = ("name", "title", "description", "rules", "cards", "words")
"""What ``translations: {de: {...}}`` may give for a language (``cards``: a card-list deck's table)."""
LANGUAGE = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*")
"""A language code as BCP 47 writes it: ``de``, ``pt-BR``, ``fr``."""
SYMBOLS = tuple(s.value for s in Symbol)
_DEVIATION_KEY = re.compile(r"([a-z0-9][a-z0-9_-]*(?:\.[a-z0-9][a-z0-9_-]*)+|preflight)(?:/([a-z0-9][a-z0-9_-]*))?")
"""``rule-id/code`` or a bare ``rule-id`` (every code of the rule): ``firecrackers.prices/cost-mismatch``,
``preflight/text-too-small`` (the preflight's id has no dot)."""


@dataclass
class Header:
    """The header fields of a game file, read (values are None where they were wrong)."""

    id: str | None
    name: str | None
    rulebook: str | None
    description: str
    players: tuple[int, ...] | None
    card_size: str
    options: RuleOptions
    title: str = ""
    rules: RulesText | None = None
    deviations: tuple[Deviation, ...] = ()
    players_loc: SourceLoc | None = None
    languages: tuple[str, ...] = ()
    translations: tuple[Translation, ...] = ()
    languages_loc: SourceLoc | None = None
    translation_cards: dict[str, yaml.Node] | None = None
    """Per language, the node of its ``cards:`` translation table (a card-list deck reads it)."""
    scoring: Scoring = Scoring.HIGHEST
    tie_break: TieBreak = TieBreak.SHARED


def read_header(reader: Reader, fields: dict[str, yaml.Node], default_card_size: str = "poker",
                card_tables: bool = False) -> Header:
    """Read the shared header fields (the caller has already checked which keys are allowed);
    ``card_tables``: the game reads a translated card table per language (``translations.LANG.cards``)."""
    players = None
    if "players" in fields:
        players = read_players(reader, fields["players"])
    languages = read_languages(reader, fields["languages"]) if "languages" in fields else ()
    cards: dict[str, yaml.Node] = {}
    translations = read_translations(reader, fields["translations"], languages, cards,
                                     fields.get("languages")) if "translations" in fields else ()
    if cards and not card_tables:
        for node in cards.values():
            reader.error(node, "a translated card table is for a card-list deck (game: custom); this game's own "
                               "card words are not translated")
    return Header(
        id=reader.name(fields["id"], "id") if "id" in fields else None,
        name=reader.text(fields["name"], "name") if "name" in fields else None,
        rulebook=reader.text(fields["rulebook"], "rulebook") if "rulebook" in fields else None,
        description=(reader.text(fields["description"], "description") or "") if "description" in fields else "",
        players=players,
        card_size=(reader.name(fields["card_size"], "card_size") or default_card_size)
        if "card_size" in fields
        else default_card_size,
        options=read_options(reader, fields["options"]) if "options" in fields else RuleOptions(),
        title=(reader.text(fields["title"], "title") or "") if "title" in fields else "",
        rules=read_rules(reader, fields["rules"]) if "rules" in fields else None,
        deviations=read_deviations(reader, fields["deviations"]) if "deviations" in fields else (),
        players_loc=reader.loc(fields["players"]) if "players" in fields else None,
        languages=languages,
        translations=translations,
        languages_loc=reader.loc(fields["languages"]) if "languages" in fields else None,
        translation_cards=cards,
        scoring=read_scoring(reader, fields["scoring"]) if "scoring" in fields else Scoring.HIGHEST,
        tie_break=read_tie_break(reader, fields["tie_break"]) if "tie_break" in fields else TieBreak.SHARED,
    )


def read_scoring(reader: Reader, node: yaml.Node) -> Scoring:
    """``scoring: highest`` (the default) or ``lowest``: who wins a game (a game whose rules count
    penalty points is won by the lowest total)."""
    value = reader.choice(node, "scoring", [s.value for s in Scoring])
    return Scoring(value) if value is not None else Scoring.HIGHEST


def read_tie_break(reader: Reader, node: yaml.Node) -> TieBreak:
    """``tie_break: shared`` (the default), ``draw``, ``later-seat`` or ``earlier-seat``: who wins
    when seats tie for the best score."""
    value = reader.choice(node, "tie_break", [t.value for t in TieBreak])
    return TieBreak(value) if value is not None else TieBreak.SHARED


def read_languages(reader: Reader, node: yaml.Node) -> tuple[str, ...]:
    """``languages: [en, de]``: language codes, the first the one the file is written in."""
    found: list[str] = []
    for item in reader.sequence(node, "languages") or []:
        code = reader.text(item, "a language")
        if code is None:
            continue
        if not LANGUAGE.fullmatch(code):
            reader.error(item, f"language '{code}' should be a language code such as en, de, fr or pt-BR")
        elif code in found:
            reader.error(item, f"language '{code}' is listed twice")
        else:
            found.append(code)
    return tuple(found)


def read_translations(reader: Reader, node: yaml.Node, languages: tuple[str, ...], cards: dict[str, yaml.Node],
                      languages_node: yaml.Node | None) -> tuple[Translation, ...]:
    """``translations: {de: {name: ..., title: ..., description: ..., rules: ..., cards: FILE}}``:
    the definition's words in each further language of ``languages``."""
    found: list[Translation] = []
    for key_node, value_node in reader.entries(node, "translations"):
        code = str(key_node.value)
        if languages_node is None:
            reader.error(key_node, f"translations for '{code}': name the deck's languages first "
                                   f"(languages: [en, {code}], the first the one this file is written in)")
            continue
        if code not in languages[1:]:
            listed = ", ".join(languages[1:]) or "none"
            first = f"; '{code}' is the language this file is written in" if languages and code == languages[0] else ""
            reader.error(key_node, f"translations for '{code}', which is not one of the further languages "
                                   f"({listed}){first}")
            continue
        fields = reader.mapping(value_node, f"translations for '{code}'", (), TRANSLATION_FIELDS)
        if fields is None:
            continue
        if "cards" in fields:
            cards[code] = fields["cards"]
        words = _read_words(reader, fields["words"], code) if "words" in fields else ()
        found.append(Translation(
            code,
            name=(reader.text(fields["name"], f"name in {code}") or "") if "name" in fields else "",
            title=(reader.text(fields["title"], f"title in {code}") or "") if "title" in fields else "",
            description=(reader.text(fields["description"], f"description in {code}") or "")
            if "description" in fields else "",
            rules=read_rules(reader, fields["rules"]) if "rules" in fields else None,
            loc=reader.loc(key_node),
            words=tuple((text, said) for text, said, _ in words),
            words_loc=reader.loc(fields["words"]) if "words" in fields else UNKNOWN_LOC,
            word_locs=tuple(loc for _, _, loc in words),
        ))
    return tuple(found)


def _read_words(reader: Reader, node: yaml.Node, code: str) -> tuple[tuple[str, str, SourceLoc], ...]:
    """``words: {TEXT: TRANSLATION}``: each printed text as written in the first language, its
    words in ``code`` and where the file gives them."""
    found: dict[str, tuple[str, str, SourceLoc]] = {}
    for key_node, value_node in reader.entries(node, f"words in {code}"):
        text = str(key_node.value)
        translated = reader.text(value_node, f"the {code} words for '{text}'")
        if translated is None:
            continue
        if text in found:
            reader.error(key_node, f"'{text}' is given twice in words for {code}")
            continue
        found[text] = (text, translated, reader.loc(value_node))
    return tuple(found.values())


def read_deviations(reader: Reader, node: yaml.Node) -> tuple[Deviation, ...]:
    """``deviations``: ``rule-id/code: reason`` for each departure from the rulebook made on
    purpose (a bare rule id stands for every code of the rule); the reason is required. Whether the
    rule and code exist is checked by ``validate``, which knows the rules."""
    found: list[Deviation] = []
    for key_node, value_node in reader.entries(node, "deviations"):
        match = _DEVIATION_KEY.fullmatch(str(key_node.value))
        if match is None:
            reader.error(key_node, f"a deviation is named 'rule-id/code' or 'rule-id' (as validate prints them, "
                                   f"e.g. firecrackers.prices/cost-mismatch), not {key_node.value!r}")
            continue
        reason = reader.text(value_node, f"the reason of deviation '{key_node.value}'")
        if reason is not None:
            found.append(Deviation(match.group(1), match.group(2), reason.strip(), reader.loc(key_node)))
    return tuple(found)


def read_players(reader: Reader, node: yaml.Node) -> tuple[int, ...] | None:
    """``players``: a list of allowed counts, or ``{min: 2, max: 10}``."""
    if isinstance(node, yaml.MappingNode):
        fields = reader.mapping(node, "players", required=("min", "max"))
        if fields is None or "min" not in fields or "max" not in fields:
            return None
        low = reader.integer(fields["min"], "players.min", minimum=1, maximum=MAX_PLAYERS, things="players")
        high = reader.integer(fields["max"], "players.max", minimum=1, maximum=MAX_PLAYERS, things="players")
        if low is None or high is None:
            return None
        if high < low:
            reader.error(node, f"players.max ({high}) is below players.min ({low})")
            return None
        return tuple(range(low, high + 1))
    items = reader.sequence(node, "players")
    if items is None:
        return None
    counts: list[int] = []
    for item in items:
        value = reader.integer(item, "a player count", minimum=1, maximum=MAX_PLAYERS, things="players")
        if value is None:
            continue
        if value in counts:
            reader.error(item, f"player count {value} is listed twice")
            continue
        counts.append(value)
    return tuple(sorted(counts)) if counts else None


def read_per_players(reader: Reader, node: yaml.Node, what: str, minimum: int = 1) -> tuple[PlayerCount, ...]:
    """A mapping from a player (or team) count to a number, e.g. hand sizes ``{2: 5, 4: 4}``."""
    result: list[PlayerCount] = []
    for key_node, value_node in reader.entries(node, what):
        if key_node.tag != "tag:yaml.org,2002:int":
            reader.error(key_node, f"keys of {what} are player counts (whole numbers), not {key_node.value!r}")
            continue
        players = reader.integer(key_node, f"a player count of {what}", minimum=1, maximum=MAX_PLAYERS, things="players")
        if players is None:
            continue
        value = reader.integer(value_node, f"{what} for {players}", minimum=minimum)
        if value is not None:
            result.append(PlayerCount(players, value, reader.loc(key_node)))
    return tuple(sorted(result, key=lambda p: p.players))


def read_options(reader: Reader, node: yaml.Node) -> RuleOptions:
    """``options``: name -> {default, description, choices | min/max, simulated}."""
    options: list[RuleOption] = []
    for key_node, value_node in reader.entries(node, "options"):
        name = key_node.value
        fields = reader.mapping(
            value_node,
            f"option '{name}'",
            required=("default", "description"),
            optional=("choices", "min", "max", "simulated"),
        )
        if fields is None or "default" not in fields:
            continue
        default = reader.scalar_value(fields["default"], f"option '{name}' default")
        description = reader.text(fields["description"], f"option '{name}' description") if "description" in fields else None
        choices: tuple[str, ...] = ()
        if "choices" in fields:
            items = reader.sequence(fields["choices"], f"option '{name}' choices") or []
            choices = tuple(c for c in (reader.text(i, f"a choice of option '{name}'") for i in items) if c)
            if default is not None and not isinstance(default, str):
                reader.error(fields["choices"], f"option '{name}' has choices, so its default should be one of them as text")
            elif default is not None and choices and default not in choices:
                reader.error(fields["default"], f"option '{name}' default {default!r} is not one of its choices ({', '.join(choices)})")
        minimum = reader.number(fields["min"], f"option '{name}' min", maximum=MAX_OPTION_MAGNITUDE) if "min" in fields else None
        maximum = reader.number(fields["max"], f"option '{name}' max", maximum=MAX_OPTION_MAGNITUDE) if "max" in fields else None
        if (minimum is not None or maximum is not None) and (isinstance(default, bool) or not isinstance(default, (int, float))):
            reader.error(value_node, f"option '{name}' has min/max, so its default should be a number")
        elif isinstance(default, (int, float)) and not isinstance(default, bool):
            if (minimum is not None and default < minimum) or (maximum is not None and default > maximum):
                reader.error(fields["default"], f"option '{name}' default {default} is outside its min/max")
        simulated = True
        if "simulated" in fields:
            simulated = bool(reader.boolean(fields["simulated"], f"option '{name}' simulated"))
        if default is None or description is None:
            continue
        options.append(
            RuleOption(name, default, description, choices, minimum, maximum, simulated, reader.loc(key_node))
        )
    return RuleOptions(tuple(options))


def make_info(
    header: Header, kind: str, variant_of: str | None, loc: SourceLoc, expansion_of: str | None = None
) -> GameInfo | None:
    """A GameInfo if every header field was read, else None (problems already recorded)."""
    if header.id is None or header.name is None or header.rulebook is None or header.players is None:
        return None
    return GameInfo(
        id=header.id,
        kind=kind,
        name=header.name,
        rulebook=header.rulebook,
        description=header.description,
        players=header.players,
        card_size=header.card_size,
        options=header.options,
        variant_of=variant_of,
        expansion_of=expansion_of,
        deviations=header.deviations,
        loc=loc,
        title=header.title,
        rules=header.rules,
        players_loc=header.players_loc or loc,
        languages=header.languages,
        translations=header.translations,
        languages_loc=header.languages_loc or UNKNOWN_LOC,
        scoring=header.scoring,
        tie_break=header.tie_break,
    )


def read_rules(reader: Reader, node: yaml.Node) -> RulesText | None:
    """``rules: {credit: ..., sections: [{heading: ..., text: ..., items: [...]}, ...]}``: the
    summary printed with the kit (paragraphs of ``text`` are separated by blank lines)."""
    fields = reader.mapping(node, "rules", ("sections",), ("credit", "heading", "continued"))
    if fields is None or "sections" not in fields:
        return None
    credit = " ".join((reader.text(fields["credit"], "rules credit") or "").split()) if "credit" in fields else ""
    title = (reader.text(fields["heading"], "rules heading") or "") if "heading" in fields else ""
    continued = (reader.text(fields["continued"], "rules continued") or "") if "continued" in fields else ""
    sections: list[RulesSection] = []
    for item in reader.sequence(fields["sections"], "rules sections") or []:
        sub = reader.mapping(item, "a rules section", ("heading",), ("text", "items"))
        if sub is None or "heading" not in sub:
            continue
        heading = reader.text(sub["heading"], "heading")
        blocks: list[RulesBlock] = []
        if "text" in sub:
            text = reader.text(sub["text"], "text") or ""
            literal = getattr(sub["text"], "style", None) == "|"  # | keeps line breaks: blank lines part paragraphs
            for paragraph in text.split("\n\n") if literal else text.split("\n"):
                if paragraph.strip():
                    blocks.append(RulesBlock(" ".join(paragraph.split()), (), reader.loc(sub["text"])))
        if "items" in sub:
            entries = [reader.text(i, "a list item") for i in reader.sequence(sub["items"], "items") or []]
            blocks.append(RulesBlock("", tuple(" ".join(e.split()) for e in entries if e), reader.loc(sub["items"])))
        if "text" not in sub and "items" not in sub:
            reader.error(item, f"rules section '{heading}' needs text or items")
        if heading is not None:
            sections.append(RulesSection(heading, tuple(blocks), reader.loc(item)))
    return RulesText(tuple(sections), credit, reader.loc(node), title.strip(), continued.strip())
