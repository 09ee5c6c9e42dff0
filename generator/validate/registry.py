"""Validation rules as registered objects: an id, a severity, a rationale and the stable codes of
the findings it may give (after fontbakery's checks). Each game keeps its rules in a RulePack that
its GameDescription hands to ``validate``; the rules every game shares are in ``generic``, and
``gamerules`` gathers a definition's rules."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from ..model import GameDefinition
from ..model.source import SourceLoc
from .findings import Finding, Severity

RuleCheck = Callable[["Reporter", GameDefinition], None]


@dataclass(frozen=True, slots=True)
class Rule:
    """A check of game definitions."""

    id: str
    severity: Severity
    rationale: str
    codes: tuple[str, ...]
    check: RuleCheck
    declarable: bool = True
    """Whether a definition may declare this rule's findings as deliberate departures from the
    rulebook (``deviations:``); False for mistakes no edition of a game makes on purpose."""
    mistakes: tuple[str, ...] = ()
    """Codes of a declarable rule that are mistakes all the same (never declarable)."""

    def declares(self, code: str | None) -> bool:
        """Whether ``code`` (None: every code of the rule) may be declared as a departure."""
        return self.declarable and (code is None or code not in self.mistakes)


class Reporter:
    """Collects one rule's findings for one game; refuses codes the rule did not declare."""

    def __init__(self, rule: Rule, game: GameDefinition, declarable: Sequence[Rule] = ()) -> None:
        self.rule = rule
        self.game = game
        self.declarable = tuple(declarable)
        """The rules the game's ``deviations:`` may name (``declarable_rules``)."""
        self.findings: list[Finding] = []

    def __call__(
        self, code: str, loc: SourceLoc, message: str, severity: Severity | None = None
    ) -> None:
        if code not in self.rule.codes:
            raise ValueError(f"rule {self.rule.id} reports undeclared code '{code}'")
        self.findings.append(
            Finding(loc, self.rule.id, code, severity or self.rule.severity, message, self.game.info.id)
        )


class RulePack:
    """The rules of one game (or the shared ones), added with the ``rule`` decorator."""

    def __init__(self) -> None:
        self.rules: list[Rule] = []

    def rule(
        self,
        rule_id: str,
        *,
        severity: Severity = Severity.ERROR,
        codes: Iterable[str],
        rationale: str,
        declarable: bool = True,
        mistakes: Iterable[str] = (),
    ) -> Callable[[RuleCheck], RuleCheck]:
        """Add the decorated function as the check of the rule ``rule_id``."""

        def add(check: RuleCheck) -> RuleCheck:
            if any(r.id == rule_id for r in self.rules):
                raise ValueError(f"rule {rule_id} registered twice")
            self.rules.append(Rule(rule_id, severity, " ".join(rationale.split()), tuple(codes), check, declarable,
                                   tuple(mistakes)))
            return check

        return add
