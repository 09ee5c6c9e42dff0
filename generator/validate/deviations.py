"""Declared deviations: the findings a definition's ``deviations:`` name become notes with their reason.

A designer who changes a rule on purpose (a price, a player count, a suit) writes it once in the
definition, ``rule-id/code: reason`` (a bare rule id covers every code of the rule). Each finding
it covers is then reported as a note carrying the reason, so the deck validates, prints and plays,
while a departure nobody declared stays the error or warning it was. A declaration that covers no
finding is a warning (stale). Applied here, once, to every game's rule findings, whatever its kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from ..model import GameDefinition
from ..model.common import Deviation
from ..model.source import SourceLoc
from .findings import Finding, Note, Severity
from .gamerules import GameRules, declarable_rules
from .generic import DEVIATIONS_RULE_ID, STALE_CODE
from .registry import Rule

_Identity = tuple[SourceLoc, str]


def _identity(deviation: Deviation) -> _Identity:
    """A declaration as written in a file (a variant that inherits it shares it with its base)."""
    return deviation.loc, deviation.key


def _declarable(rules: dict[str, Rule], deviation: Deviation) -> bool:
    rule = rules.get(deviation.rule_id)
    return rule is not None and rule.declares(deviation.code) and (deviation.code is None or deviation.code in rule.codes)


def apply_deviations(checked: Sequence[tuple[GameDefinition, Sequence[Finding]]], games: GameRules, *,
                     built: bool = False) -> list[Finding]:
    """The findings of each game with those its declarations cover turned into notes, and a
    ``stale-deviation`` warning for each declaration that covers no finding of any game holding it
    (a variant inherits its base game's declarations: used by either, it is not stale). A
    declaration of a build's finding (``validate.buildrules``) is judged stale only when the
    faces were laid out (``built``)."""
    result: list[Finding] = []
    used: set[_Identity] = set()
    declared: dict[_Identity, tuple[Deviation, GameDefinition]] = {}
    for game, findings in checked:
        rules = {rule.id: rule for rule in declarable_rules(game, games)}
        valid = [d for d in game.info.deviations if _declarable(rules, d)]
        for deviation in valid:
            declared.setdefault(_identity(deviation), (deviation, game))
        for finding in findings:
            covering = next((d for d in valid if d.covers(finding.rule_id, finding.code)), None)
            if covering is None:
                result.append(finding)
                continue
            used.add(_identity(covering))
            result.append(_as_note(finding, covering))
    from .buildrules import BUILD

    build_ids = {rule.id for rule in BUILD.rules}
    for identity, (deviation, game) in declared.items():
        if identity not in used and (built or deviation.rule_id not in build_ids):
            result.append(Finding(
                deviation.loc, DEVIATIONS_RULE_ID, STALE_CODE, Severity.WARNING,
                f"deviation '{deviation.key}' is declared but {game.info.id} has no such finding: "
                "remove the declaration (it would hide a future finding)",
                game.info.id,
            ))
    return result


def _as_note(finding: Finding, deviation: Deviation) -> Finding:
    """The finding as a note, with a second line at the declaration that gives the reason."""
    notes = finding.notes
    if deviation.loc.line:
        notes = (*notes, Note(deviation.loc, f"declared as deliberate: {deviation.reason}"))
    return replace(finding, severity=Severity.NOTE, notes=notes, deviation=deviation.reason)
