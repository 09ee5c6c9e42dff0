"""High Card, a toy game packaged outside cardforge: cards numbered 1 to N in a few colours;
each player holds a hand, every trick each player plays one card, the highest card takes the
trick (the earlier card wins a tie), and the most tricks win the game.

It registers through the ``cardforge.games`` entry point of its own package metadata, the way a
designer's own game is installed with pip, and carries its face template (``layouts/``) and an
example project (``example/``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from generator.games.api import DeckRequest, GameDescription

from .model import KIND, HighCardDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule


class HighCard(GameDescription[HighCardDefinition]):
    """The description of High Card."""

    kind = KIND
    title = "High Card"
    face_templates = (KIND,)
    example = "example"
    layouts = "layouts"

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[HighCardDefinition]:
        from .loader import build

        return build(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def face_fields(self) -> dict[str, tuple[str, ...]]:
        from .faces import FIELDS

        return {KIND: FIELDS}

    def kit(self, definition: HighCardDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools.context(KIND))

    def deck_records(self, definition: HighCardDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return [{"id": c.id, "colour": c.colour, "rank": c.rank} for c in definition.cards()]

    def simulator(self) -> "Simulator":
        from .engine import SIMULATOR

        return SIMULATOR


GAME = HighCard()
