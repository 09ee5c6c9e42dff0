"""Validation rules as registered objects: an id, the games it applies to, a severity, a rationale
and the stable codes of the findings it may give (after fontbakery's checks)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from ..model import GameDefinition, GameKind
from ..model.source import SourceLoc
from .findings import Finding, Severity

RuleCheck = Callable[["Reporter", GameDefinition], None]


@dataclass(frozen=True, slots=True)
class Rule:
    """A check of game definitions. ``kinds`` empty means every game."""

    id: str
    kinds: tuple[GameKind, ...]
    severity: Severity
    rationale: str
    codes: tuple[str, ...]
    check: RuleCheck

    def applies_to(self, game: GameDefinition) -> bool:
        return not self.kinds or game.info.kind in self.kinds


class Reporter:
    """Collects one rule's findings for one game; refuses codes the rule did not declare."""

    def __init__(self, rule: Rule, game: GameDefinition) -> None:
        self.rule = rule
        self.game = game
        self.findings: list[Finding] = []

    def __call__(
        self, code: str, loc: SourceLoc, message: str, severity: Severity | None = None
    ) -> None:
        if code not in self.rule.codes:
            raise ValueError(f"rule {self.rule.id} reports undeclared code '{code}'")
        self.findings.append(
            Finding(loc, self.rule.id, code, severity or self.rule.severity, message, self.game.info.id)
        )


_RULES: dict[str, Rule] = {}


def rule(
    rule_id: str,
    *,
    kinds: Iterable[GameKind] = (),
    severity: Severity = Severity.ERROR,
    codes: Iterable[str],
    rationale: str,
) -> Callable[[RuleCheck], RuleCheck]:
    """Register the decorated function as the check of a rule."""

    def register(check: RuleCheck) -> RuleCheck:
        if rule_id in _RULES:
            raise ValueError(f"rule {rule_id} registered twice")
        _RULES[rule_id] = Rule(rule_id, tuple(kinds), severity, rationale.strip(), tuple(codes), check)
        return check

    return register


def all_rules() -> tuple[Rule, ...]:
    """Every registered rule, in id order (importing the rule modules registers them)."""
    from . import firecrackers, generic, hanabi, scoreworks, sequence  # noqa: F401  (registration)

    return tuple(_RULES[key] for key in sorted(_RULES))


def rules_for(game: GameDefinition) -> Iterator[Rule]:
    return (r for r in all_rules() if r.applies_to(game))
