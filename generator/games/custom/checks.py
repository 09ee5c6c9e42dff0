"""A card-list deck's own rules: the composition it declares (a total, counts by field value)."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition
from generator.validate.findings import Severity
from generator.validate.registry import Reporter, RulePack

from .model import CustomComponent, CustomDefinition

CHECKS = RulePack()


@CHECKS.rule(
    "custom.composition",
    codes=("total", "count-by", "unexpected-value", "unknown-field"),
    rationale="""
    The composition a designer declares is the deck the rules need: a card added or lost on the
    way to the printer (a row deleted, a count mistyped) is found before anything is printed.
    """,
)
def composition(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, CustomDefinition)
    for component in game.components:
        _composition(report, component, "the deck" if not game.declared else component.name)


def _composition(report: Reporter, component: CustomComponent, what: str) -> None:
    """One component's composition (``what``: how messages name it)."""
    cards = component.cards()
    wanted = component.composition
    if wanted.total is not None and len(cards) != wanted.total:
        report("total", wanted.total_loc, f"{what} has {len(cards)} {'cards' if what == 'the deck' else 'pieces'}; "
                                          f"its composition says {wanted.total}")
    for rule in wanted.count_by:
        if rule.field not in component.columns:
            report("unknown-field", rule.loc,
                   f"count_by '{rule.field}': the cards have no such field (fields: {', '.join(component.columns)})")
            continue
        found = Counter(card.row.value(rule.field) or "" for card in cards)
        listed = {value for value, _, _ in rule.expected}
        for value, count, loc in rule.expected:
            if found[value] != count:
                report("count-by", loc, f"{found[value]} cards with {rule.field} {value}; the composition says {count}")
        for value, count in sorted(found.items()):
            if value not in listed:
                shown = repr(value) if value else "(empty)"
                report("unexpected-value", rule.loc,
                       f"{count} cards with {rule.field} {shown}, a value the composition does not list")


@CHECKS.rule(
    "custom.translations",
    severity=Severity.WARNING,
    codes=("missing-translation",),
    rationale="""
    A field the deck translates (a column name.de, or its column in a language's card table)
    prints in the first language on every card whose translation is missing: each such cell is
    reported where it is (or should be) written.
    """,
)
def translations(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, CustomDefinition)
    for component in game.components:
        _translations(report, component)


def _translations(report: Reporter, component: CustomComponent) -> None:
    for language, field in component.translated_fields:
        for row in component.rows:
            source = row.value(field)
            if not source or row.translated(language, field):
                continue
            cell = row.translation_cell(language, field)
            where = cell if cell is not None else row.cell(field)
            report("missing-translation", where,
                   f"card '{row.id}': {field} has no {language} translation ('{source}' prints as written)")
