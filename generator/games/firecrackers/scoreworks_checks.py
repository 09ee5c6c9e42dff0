"""Scoreworks rules: sixteen scoring cards with distinct keys and the expansion's two core rules,
each card and core rule one the printed expansion has (and the simulator plays), each card replacing
or adding to the default scoring as its printed card does (``rulebook``)."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack
from generator.validate.rulespage import Claim, check_rules_page
from generator.validate.wording import compare, fill

from . import rulebook
from .model import ScoreworksDefinition

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

SCOREWORKS_CARDS = len(rulebook.SCOREWORKS_REPLACES)
SCOREWORKS_CORE_RULES = len(rulebook.CORE_RULES)


@CHECKS.rule(
    "scoreworks.cards",
    codes=("card-count", "duplicate-key", "core-rules", "unknown-card", "card-missing", "replaces-default",
           "unknown-core-rule", "core-rule-missing"),
    rationale="""
    The expansion has 16 scoring cards, one drawn at setup, and adds two core rules; a missing or
    doubled card changes the odds of every scoring rule. A card or core rule the printed expansion
    does not have (a renamed one too) has no rule the simulator could play: it is an error, never
    dropped silently. Each card adds to the default scoring or replaces it as its printed card says.
    """,
)
def cards(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, ScoreworksDefinition)
    cards_at = game.cards_loc if game.cards_loc.line else game.info.loc
    rules_at = game.core_rules_loc if game.core_rules_loc.line else game.info.loc
    if len(game.scoring_cards) != SCOREWORKS_CARDS:
        report("card-count", cards_at, f"{len(game.scoring_cards)} Scoreworks cards; the expansion has {SCOREWORKS_CARDS}")
    keys = Counter(card.key for card in game.scoring_cards)
    seen: set[str] = set()
    for card in game.scoring_cards:
        if keys[card.key] > 1 and card.key in seen:
            report("duplicate-key", card.loc, f"Scoreworks card '{card.key}' is defined twice")
        seen.add(card.key)
        printed = rulebook.SCOREWORKS_REPLACES.get(card.key)
        if printed is None:
            report("unknown-card", card.loc, f"Scoreworks card '{card.key}' is not a card of the printed expansion: "
                                             "the simulator has no scoring rule for it")
        elif card.replaces_default != printed:
            report("replaces-default", card.loc,
                   f"Scoreworks card '{card.key}' {'replaces' if card.replaces_default else 'adds to'} the default "
                   f"scoring; the printed card {'replaces' if printed else 'adds to'} it", Severity.WARNING)
    for key in rulebook.SCOREWORKS_REPLACES:
        if key not in keys:
            report("card-missing", cards_at, f"the printed Scoreworks card '{key}' is missing", Severity.WARNING)
    if len(game.core_rules) != SCOREWORKS_CORE_RULES:
        loc = game.core_rules[0].loc if game.core_rules else rules_at
        report("core-rules", loc, f"{len(game.core_rules)} core rules; the expansion adds {SCOREWORKS_CORE_RULES}")
    given = {rule.key for rule in game.core_rules}
    for rule in game.core_rules:
        if rule.key not in rulebook.CORE_RULES:
            report("unknown-core-rule", rule.loc,
                   f"core rule '{rule.key}' is not one of the expansion's ({', '.join(rulebook.CORE_RULES)}): the "
                   "simulator cannot play it")
    for key in rulebook.CORE_RULES:
        if key not in given:
            report("core-rule-missing", rules_at, f"the expansion's core rule '{key}' is missing", Severity.WARNING)


SCORING_VALUE_NAMES = {
    "bonus": "the bonus the scoring gives", "penalty": "the penalty the scoring gives",
    "shift": "what each card's number loses", "threshold": "the total a colour needs",
    "score": "what such a colour scores", "owners": "the owners under which a colour scores 0",
    "most": "what the most gives", "fewest": "what the fewest gives",
}


@CHECKS.rule(
    "scoreworks.printed-values",
    codes=("value-mismatch",),
    declarable=False,
    rationale="""
    A Scoreworks rule states the numbers the scoring plays (+5 for a majority, minus 3, 10 or
    more): a card printed +3 that the game scores +5 is a misprint. Print them from the values
    ({bonus}, {penalty}, {threshold}...) and the words cannot disagree.
    """,
)
def printed_values(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, ScoreworksDefinition)
    _rules(report, game, ("value",))


@CHECKS.rule(
    "scoreworks.wording",
    severity=Severity.WARNING,
    codes=("number", "modal", "condition"),
    rationale="""
    A scoring rule or a core rule in other words than the expansion's must keep its numbers,
    whether a player may or must, and which cards it counts: "If you can purchase something, you
    must" printed with "may", or "the most cards" printed "the fewest", is another rule than the
    one the simulator plays.
    """,
)
def wording(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, ScoreworksDefinition)
    _rules(report, game, ("number", "modal", "condition"))


def _rules(report: Reporter, game: ScoreworksDefinition, kinds: tuple[str, ...]) -> None:
    for card in game.scoring_cards:
        reference = rulebook.SCOREWORKS_WORDS.get(card.key)
        if reference is None:
            continue
        values = rulebook.SCOREWORKS_VALUES.get(card.key, {})
        for found in compare(card.rule, reference, values, SCORING_VALUE_NAMES):
            if found.kind in kinds:
                code = "value-mismatch" if found.kind == "value" else found.kind
                report(code, card.rule_loc if card.rule_loc.line else card.loc,
                       f"Scoreworks card '{card.key}' reads '{card.printed_rule(values)}': {found.message}")
        for translation in game.info.translations:  # by its digits and its may or must
            given = translation.word(card.rule)
            if given is None:
                continue
            said, loc = given
            for found in compare(said, reference, values, SCORING_VALUE_NAMES, translation.language):
                if found.kind in kinds:
                    code = "value-mismatch" if found.kind == "value" else found.kind
                    report(code, loc, f"Scoreworks card '{card.key}' in {translation.language} reads "
                                      f"'{fill(said, values)}': {found.message}")
    for rule in game.core_rules:
        reference = rulebook.CORE_RULE_WORDS.get(rule.key)
        if reference is None:
            continue
        for found in compare(rule.text, reference, {}, {}):
            if found.kind in kinds:
                report(found.kind, rule.text_loc if rule.text_loc.line else rule.loc,
                       f"core rule '{rule.key}' reads '{rule.text}': {found.message}")
        for translation in game.info.translations:
            given = translation.word(rule.text)
            if given is None:
                continue
            for found in compare(given[0], reference, {}, {}, translation.language):
                if found.kind in kinds:
                    report(found.kind, given[1], f"core rule '{rule.key}' in {translation.language} reads "
                                                 f"'{given[0]}': {found.message}")


RULES_PAGE_CLAIMS = (
    Claim({
        "en": (r"\bmay\s+(?:buy|purchase)\b", r"\b(?:buy|purchase)\w*\b[^.]*\bif\s+you\s+(?:like|want)\b"),
        "de": (r"\b(?:darf|dürfen|darfst|kann|kannst|können)\b[^.]*\b(?:kaufen|einkaufen)\b",),
        "pt": (r"\bpode\w*\s+comprar\b",),
    }, f"\"{rulebook.CORE_RULE_WORDS[rulebook.CORE_RULE_MUST_BUY]}\"", code="modal"),
)
"""Sentences a Scoreworks rules page may get wrong: buying is a must when a player can."""


@CHECKS.rule(
    "scoreworks.rules-page",
    severity=Severity.WARNING,
    codes=("modal",),
    rationale="""
    The rules page is read as a card is: a sentence that gives a core rule otherwise than the
    expansion ("you may buy" where it says you must) is a warning, in every language it prints.
    """,
)
def rules_page(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, ScoreworksDefinition)
    if any(rule.key == rulebook.CORE_RULE_MUST_BUY for rule in game.core_rules):
        check_rules_page(report, game, (), RULES_PAGE_CLAIMS, {})
