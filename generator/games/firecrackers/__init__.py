"""Firecrackers, the push-your-luck deck-builder (``card_defs/firecrackers.yaml``), and its
Scoreworks expansion (``card_defs/scoreworks.yaml``): two game kinds described in one folder.

Rooms: ``model`` (packs, actions, prices, setup; Scoreworks cards), ``loader``, ``checks`` and
``scoreworks_checks`` (validation rules), ``faces``, ``sim/`` (engine, actions, shop, scoring,
Scoreworks scoring, bots, statistics).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from generator.games.api import DeckRequest, GameDescription
from generator.model.common import Colour, Symbol
from generator.model.source import SourceLoc

from .model import KIND, SCOREWORKS_KIND, FirecrackersDefinition, ScoreworksDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule

DEFAULT_PLAYERS = 4
"""The table a deck, a build or a kit is made for when no player count is given."""


class Firecrackers(GameDescription[FirecrackersDefinition]):
    """The description of Firecrackers: the deck depends on the number of players."""

    kind = KIND
    title = "Firecrackers"
    face_templates = (KIND,)

    def printed_words(self, definition: FirecrackersDefinition) -> list[tuple[str, SourceLoc]]:
        found = [(p.name, p.name_loc if p.name_loc.line else p.loc) for p in definition.packs]
        found += [(p.firework, p.firework_loc if p.firework_loc.line else p.loc) for p in definition.packs]
        found += [(a.label, a.label_loc if a.label_loc.line else a.loc) for a in definition.actions]
        found += [(a.effect, a.effect_loc if a.effect_loc.line else a.loc) for a in definition.actions]
        from .faces import PHRASES

        return found + [(phrase, definition.info.loc) for phrase in PHRASES]

    def rules_values(self, definition: FirecrackersDefinition) -> dict[str, str]:
        return {**super().rules_values(definition), "coins": str(definition.default_coins)}

    def translated_words(self, definition: FirecrackersDefinition) -> FirecrackersDefinition:
        words = dict(definition.info.words)
        if not words:
            return definition
        packs = tuple(replace(p, name=words.get(p.name, p.name), firework=words.get(p.firework, p.firework))
                      for p in definition.packs)
        actions = tuple(replace(a, label=words.get(a.label, a.label), effect=words.get(a.effect, a.effect))
                        for a in definition.actions)
        return replace(definition, packs=packs, actions=actions)

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from generator.loader.common import HEADER_OPTIONAL

        from .loader import FIELDS_REQUIRED

        return FIELDS_REQUIRED, HEADER_OPTIONAL

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[FirecrackersDefinition]:
        from .loader import build_firecrackers

        return build_firecrackers(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def face_fields(self) -> dict[str, tuple[str, ...]]:
        from .faces import BACK_FIELDS, FIELDS, VALUES

        return {KIND: FIELDS + BACK_FIELDS + VALUES}

    def kit(self, definition: FirecrackersDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools.context(KIND), players=_players(request))

    def deck_records(self, definition: FirecrackersDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return [
            {"id": c.id, "pack": c.pack, "number": c.number, "action": c.action, "cost": c.cost}
            for c in definition.cards(_players(request))
        ]

    def emblems(self, definition: FirecrackersDefinition) -> list[tuple[Symbol, Colour]]:
        return [(pack.symbol, pack.colour) for pack in definition.packs]

    def simulator(self) -> "Simulator":
        from .sim import SIMULATOR

        return SIMULATOR


def _players(request: DeckRequest) -> int | None:
    """The player count whose deck is asked for; None for every pack."""
    return None if request.all_cards else (request.players or DEFAULT_PLAYERS)


class Scoreworks(GameDescription[ScoreworksDefinition]):
    """The description of the Scoreworks expansion (16 scoring cards); simulated with
    Firecrackers (``--expansion``), not on its own."""

    kind = SCOREWORKS_KIND
    title = "Scoreworks"
    face_templates = (SCOREWORKS_KIND,)

    def printed_words(self, definition: ScoreworksDefinition) -> list[tuple[str, SourceLoc]]:
        found = [(c.name, c.name_loc if c.name_loc.line else c.loc) for c in definition.scoring_cards]
        found += [(c.rule, c.rule_loc if c.rule_loc.line else c.loc) for c in definition.scoring_cards]
        found += [(r.text, r.text_loc if r.text_loc.line else r.loc) for r in definition.core_rules]
        from .faces import SCOREWORKS_PHRASES

        return found + [(phrase, definition.info.loc) for phrase in SCOREWORKS_PHRASES]

    def translated_words(self, definition: ScoreworksDefinition) -> ScoreworksDefinition:
        words = dict(definition.info.words)
        if not words:
            return definition
        cards = tuple(replace(c, name=words.get(c.name, c.name), rule=words.get(c.rule, c.rule))
                      for c in definition.scoring_cards)
        rules = tuple(replace(r, text=words.get(r.text, r.text)) for r in definition.core_rules)
        return replace(definition, scoring_cards=cards, core_rules=rules)

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from generator.loader.common import HEADER_OPTIONAL

        from .loader import SCOREWORKS_REQUIRED

        return SCOREWORKS_REQUIRED, HEADER_OPTIONAL

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[ScoreworksDefinition]:
        from .loader import build_scoreworks

        return build_scoreworks(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .scoreworks_checks import CHECKS

        return CHECKS.rules

    def face_fields(self) -> dict[str, tuple[str, ...]]:
        from .faces import BACK_FIELDS, SCOREWORKS_FIELDS, SCOREWORKS_VALUES

        return {SCOREWORKS_KIND: SCOREWORKS_FIELDS + BACK_FIELDS + SCOREWORKS_VALUES}

    def kit(self, definition: ScoreworksDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build_scoreworks_only

        return build_scoreworks_only(definition, tools.context(SCOREWORKS_KIND))

    def deck_records(self, definition: ScoreworksDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return [{"id": c.id, "pack": "scoreworks", "key": c.key} for c in definition.cards()]


GAME = Firecrackers()
SCOREWORKS = Scoreworks()
