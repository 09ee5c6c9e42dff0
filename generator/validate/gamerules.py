"""The rules a definition is checked by: the shared ones (``generic``) and its game's own, which
the game catalog handed down by the application tells (``GameRules``: validate never looks games
up itself), and the build's findings a ``deviations:`` entry may name (``buildrules``)."""

from __future__ import annotations

from typing import Iterable, Protocol, Sequence

from ..model import GameDefinition
from .buildrules import build_rules
from .generic import GENERIC
from .registry import Rule


class GameChecks(Protocol):
    """A game's own validation rules (``GameDescription.checks``)."""

    def checks(self) -> Sequence[Rule]: ...


class GameRules(Protocol):
    """Where validate finds the game of a definition (the application's game catalog)."""

    def describe(self, definition: GameDefinition) -> GameChecks: ...


def rules_for(game: GameDefinition, games: GameRules) -> tuple[Rule, ...]:
    """The shared rules and the rules of ``game``'s kind, in id order."""
    return tuple(sorted((*GENERIC.rules, *games.describe(game).checks()), key=lambda r: r.id))


def declarable_rules(game: GameDefinition, games: GameRules) -> tuple[Rule, ...]:
    """The rules a definition's ``deviations:`` may name: its game's and the shared ones, and the
    findings a build makes (``validate.buildrules``)."""
    return (*rules_for(game, games), *build_rules())


def all_rules(descriptions: Iterable[GameChecks]) -> tuple[Rule, ...]:
    """Every rule of the games ``descriptions`` and the shared ones, in id order (ids are unique)."""
    found: dict[str, Rule] = {r.id: r for r in GENERIC.rules}
    for description in descriptions:
        for rule in description.checks():
            if rule.id in found and found[rule.id] is not rule:
                raise ValueError(f"rule {rule.id} is registered by two games")
            found[rule.id] = rule
    return tuple(found[key] for key in sorted(found))
