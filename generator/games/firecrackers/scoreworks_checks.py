"""Scoreworks rules: sixteen scoring cards with distinct keys and the expansion's two core rules."""

from __future__ import annotations

from collections import Counter

from generator.model import GameDefinition
from generator.validate.registry import Reporter, RulePack

from .model import ScoreworksDefinition

CHECKS = RulePack()
"""The rules this game's definitions are checked against (its GameDescription's ``checks``)."""

SCOREWORKS_CARDS = 16
SCOREWORKS_CORE_RULES = 2


@CHECKS.rule(
    "scoreworks.cards",
    codes=("card-count", "duplicate-key", "core-rules"),
    rationale="""
    The expansion has 16 scoring cards, one drawn at setup, and adds two core rules; a missing or
    doubled card changes the odds of every scoring rule.
    """,
)
def cards(report: Reporter, game: GameDefinition) -> None:
    assert isinstance(game, ScoreworksDefinition)
    if len(game.scoring_cards) != SCOREWORKS_CARDS:
        report("card-count", game.info.loc, f"{len(game.scoring_cards)} Scoreworks cards; the expansion has {SCOREWORKS_CARDS}")
    keys = Counter(card.key for card in game.scoring_cards)
    seen: set[str] = set()
    for card in game.scoring_cards:
        if keys[card.key] > 1 and card.key in seen:
            report("duplicate-key", card.loc, f"Scoreworks card '{card.key}' is defined twice")
        seen.add(card.key)
    if len(game.core_rules) != SCOREWORKS_CORE_RULES:
        loc = game.core_rules[0].loc if game.core_rules else game.info.loc
        report("core-rules", loc, f"{len(game.core_rules)} core rules; the expansion adds {SCOREWORKS_CORE_RULES}")
