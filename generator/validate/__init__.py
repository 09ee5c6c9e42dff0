"""Deck validation: registered rules (id, severity, rationale, stable codes) that check game
definitions against the games' rules and report every finding at its place in the files."""

from .findings import Finding, Note, Severity
from .gamerules import GameRules, all_rules, rules_for
from .registry import Rule
from .run import (
    FIT_RULE_ID,
    fit_finding,
    fit_findings,
    has_errors,
    rule_findings,
    validate_game,
    validate_games,
)

__all__ = [
    "FIT_RULE_ID",
    "Finding",
    "Note",
    "Rule",
    "Severity",
    "GameRules",
    "all_rules",
    "fit_finding",
    "has_errors",
    "rules_for",
    "rule_findings",
    "validate_game",
    "validate_games",
    "fit_findings",
]
