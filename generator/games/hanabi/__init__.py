"""Hanabi: the cooperative fireworks card game (``card_defs/hanabi.yaml`` and its variants).

Rooms: ``model`` (suits, ranks, tokens), ``loader``, ``checks`` (validation rules), ``faces``
(fronts, back, tokens) and ``rulespage``, ``sim/`` (engine, bots, hanab.live files, statistics).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from generator.registry import DeckRequest, GameDescription

from .model import KIND, HanabiDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule


class Hanabi(GameDescription[HanabiDefinition]):
    """The registry's description of Hanabi."""

    kind = KIND
    face_templates = (KIND, "hanabi-note", "hanabi-storm")
    title = "Hanabi"

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[HanabiDefinition]:
        from .loader import build_hanabi

        return build_hanabi(reader, root)

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

    def simulator(self) -> "Simulator":
        from .sim import SIMULATOR

        return SIMULATOR


GAME = Hanabi()
