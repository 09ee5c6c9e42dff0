"""A card-list deck played by its designer's rules file (``engine: rules.py``): the engine reads
the rules and the deck's cards from the definition; the general bots, traces and figures come
from ``generator.playtest.rulesgame``.

Every component reaches the rules file by its name (``state.components["deck"]`` for a single
deck, ``state.components["ships"]``... for a definition with ``components:``): each physical piece
with its card list's columns typed as the component declares them.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.model import OptionValue
from generator.playtest.rulesfile import RulesEngine
from generator.playtest.rulesgame import rules_simulator
from generator.sim.base import check_players, refuse_settings

from .model import DECK, KIND, CustomDefinition

COMPONENT = DECK
"""The name of a single-deck definition's one component in ``state.components``."""


def make_engine(definition: CustomDefinition, players: int, options: Mapping[str, OptionValue],
                **extra: Any) -> RulesEngine:
    """The engine of a table: the definition's rules file with its cards (ValueError when the
    definition names no rules file, or the table is not one it seats)."""
    refuse_settings(definition.info.id, extra)
    if not isinstance(definition, CustomDefinition):
        raise ValueError(f"'{definition.info.id}' is not a card-list deck")
    if definition.engine is None:
        raise ValueError(f"{definition.info.id} names no rules file to play by: write the game's rules in a "
                         f"Python file beside {definition.info.loc.path} and name it there "
                         "(engine: rules.py; see docs/rules-files.md)")
    check_players(definition, players)
    unlisted = [c.name for c in definition.components if not c.listed]  # pieces numbered as printed
    return RulesEngine(definition.engine, definition.typed_components(), players, options, definition, unlisted)


SIMULATOR = rules_simulator(KIND, make_engine)
