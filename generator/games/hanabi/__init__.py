"""Hanabi: the cooperative fireworks card game (``card_defs/hanabi.yaml`` and its variants).

Rooms: ``model`` (suits, ranks, tokens), ``loader``, ``checks`` (validation rules), ``faces``
(fronts, back, tokens) and ``rulespage``, ``sim/`` (engine, bots, hanab.live files, statistics).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Sequence

from generator.games.api import DeckRequest, GameDescription
from generator.layout.messages import message
from generator.model.common import Colour, Symbol
from generator.model.source import SourceLoc

from .model import KIND, HanabiDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule


class Hanabi(GameDescription[HanabiDefinition]):
    """The description of Hanabi."""

    kind = KIND
    face_templates = (KIND, "hanabi-note", "hanabi-storm")
    title = "Hanabi"

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from .loader import FIELDS_OPTIONAL, FIELDS_REQUIRED

        return FIELDS_REQUIRED, FIELDS_OPTIONAL

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[HanabiDefinition]:
        from .loader import build_hanabi

        return build_hanabi(reader, root)

    def printed_words(self, definition: HanabiDefinition) -> list[tuple[str, SourceLoc]]:
        return [(s.name, s.name_loc if s.name_loc.line else s.loc) for s in definition.suits]

    def translated_words(self, definition: HanabiDefinition) -> HanabiDefinition:
        words = dict(definition.info.words)
        if not words:
            return definition
        return replace(definition, suits=tuple(replace(s, name=words.get(s.name, s.name)) for s in definition.suits))

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def face_fields(self) -> dict[str, tuple[str, ...]]:
        from .faces import BACK_FIELDS, FIELDS, TOKEN_FIELDS, VALUES

        token = TOKEN_FIELDS + ("name", "title", "variant")
        return {KIND: FIELDS + BACK_FIELDS + VALUES, "hanabi-note": token, "hanabi-storm": token}

    def kit(self, definition: HanabiDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools)

    def deck_records(self, definition: HanabiDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        names = {s.key: s.name for s in definition.suits}
        return [{"id": c.id, "suit": names[c.suit], "rank": c.rank} for c in definition.cards()]

    def rules_values(self, definition: HanabiDefinition) -> dict[str, str]:
        suits = [s.name.lower() for s in definition.suits]
        hands = "; ".join(message("hand-cards", definition.info.language, players=h.players, cards=h.value)
                          for h in definition.hand_sizes)
        return {**super().rules_values(definition), "suit_count": str(len(suits)), "suit_names": ", ".join(suits),
                "max_rank": str(definition.max_rank), "perfect": str(definition.perfect_score),
                "note_tokens": str(definition.note_tokens), "storm_tokens": str(definition.storm_tokens),
                "hands": hands}

    def emblems(self, definition: HanabiDefinition) -> list[tuple[Symbol, Colour]]:
        return [(suit.symbol, suit.colour) for suit in definition.suits]

    def simulator(self) -> "Simulator":
        from .sim import SIMULATOR

        return SIMULATOR


GAME = Hanabi()
