"""A designer's own deck: ``game: custom`` describes any deck from a card list (CSV, XLSX or
inline), with declared field types, a composition validate checks, and face templates that draw
every card (``layouts/``). It prints like the shipped games; it has no simulator (its rules are
the designer's).

Rooms: ``model``, ``loader`` (with ``generator.loader.cardlists`` for the card list), ``checks``
(composition), ``faces``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from generator.model.source import SourceLoc
from generator.paths import shipped_root
from generator.registry import DeckRequest, GameDescription

from .model import KIND, CustomDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.validate.registry import Rule


class Custom(GameDescription[CustomDefinition]):
    """The registry's description of card-list decks."""

    kind = KIND
    title = "card-list deck"
    example = "examples/orchard"
    partial = True

    def example_folder(self) -> Path:
        """Orchard lives with the toolkit's shipped files (the repository's ``examples/``)."""
        return shipped_root() / "examples" / "orchard"

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[CustomDefinition]:
        from .loader import build_custom

        return build_custom(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def template_fields(self, definition: CustomDefinition) -> dict[str, tuple[str, ...]]:
        """Each face template the deck's cards use, with the fields every card has."""
        fields = (*definition.columns, *(f"{name}.{language}" for language, name in definition.translated_fields),
                  "id", "count", "name", "title", "deck.name", "deck.title")
        return {name: fields for name in definition.templates()}

    def template_places(self, definition: CustomDefinition) -> dict[str, SourceLoc]:
        """The first ``template`` cell naming each template (the deck's default has none)."""
        places: dict[str, SourceLoc] = {}
        for row in definition.rows:
            if row.template != definition.template and any(name == "template" for name, _ in row.cells):
                places.setdefault(row.template, row.cell("template"))
        return places

    def kit(self, definition: CustomDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools)

    def deck_records(self, definition: CustomDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return [{"id": card.id, "card": card.row.id, "copy": card.copy, **definition.record(card.row)}
                for card in definition.cards()]

    def card_count(self, definition: CustomDefinition) -> int:
        return sum(row.count for row in definition.rows)


GAME = Custom()
