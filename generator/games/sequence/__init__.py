"""Sequence: cards, the 10 x 10 board, teams and chips (``card_defs/sequence.yaml``).

Rooms: ``model`` (deck, board, jacks, chips, table), ``loader``, ``checks`` (validation rules),
``faces`` (cards, back, chips, board), ``sim/`` (engine, bots, statistics).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from generator.games.api import DeckRequest, GameDescription
from generator.layout.messages import message
from generator.model.common import Colour, Symbol
from generator.model.source import SourceLoc

from .model import KIND, SequenceDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule


class Sequence_(GameDescription[SequenceDefinition]):
    """The description of Sequence."""

    kind = KIND
    face_templates = (KIND, "sequence-chip")
    title = "Sequence"

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from .loader import FIELDS_OPTIONAL, FIELDS_REQUIRED

        return FIELDS_REQUIRED, FIELDS_OPTIONAL

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[SequenceDefinition]:
        from .loader import build_sequence

        return build_sequence(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def face_fields(self) -> dict[str, tuple[str, ...]]:
        from .faces import BACK_FIELDS, CHIP_FIELDS, FIELDS, VALUES

        return {KIND: FIELDS + BACK_FIELDS + VALUES, "sequence-chip": CHIP_FIELDS + ("colour", "chip", "name", "title")}

    def kit(self, definition: SequenceDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools)

    def deck_records(self, definition: SequenceDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return [{"id": c.id, "code": c.code} for c in definition.cards()]

    def board(self, definition: SequenceDefinition) -> list[list[str]]:
        return definition.board.codes()

    def printed_words(self, definition: SequenceDefinition) -> list[tuple[str, SourceLoc]]:
        from .faces import FREE_WORD

        return [(FREE_WORD, definition.board.loc)]

    def rules_values(self, definition: SequenceDefinition) -> dict[str, str]:
        hands = "; ".join(message("hand-each", definition.info.language, players=h.players, cards=h.value)
                          for h in definition.hand_sizes)
        return {**super().rules_values(definition), "hands": hands}

    def emblems(self, definition: SequenceDefinition) -> list[tuple[Symbol, Colour]]:
        return [(suit.symbol, suit.colour) for suit in definition.suits]

    def simulator(self) -> "Simulator":
        from .sim import SIMULATOR

        return SIMULATOR


GAME = Sequence_()
