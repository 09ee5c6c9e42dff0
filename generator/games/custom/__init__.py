"""A designer's own game: ``game: custom`` describes a deck from a card list (CSV, XLSX or
inline), or a whole game of components (``components:``: decks of any size, tokens and tiles,
boards and mats, tuck boxes), each with declared field types, a composition validate checks, and
face templates that draw every piece (``layouts/``). It prints like the shipped games, and plays
by the designer's own rules file (``engine: rules.py``, run by ``generator.playtest.rulesfile`` with
the general bots), which receives every component's pieces as typed values.

Rooms: ``model``, ``loader`` (with ``generator.loader.cardlists`` for the card list;
``loader_kit`` reads ``components:``; the rules file is read there, never run), ``checks``
(composition), ``faces`` (``boxes``: tuck boxes), ``sim`` (the simulator).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from generator.files.paths import shipped_root
from generator.games.api import DeckRequest, GameDescription
from generator.model.components import ComponentKind
from generator.model.source import SourceLoc

from .model import KIND, CustomDefinition

if TYPE_CHECKING:
    import yaml

    from generator.layout.faces import FaceTools
    from generator.layout.kit import Kit
    from generator.loader.fields import Reader
    from generator.loader.whatif import DeckValue
    from generator.sim.api import Simulator
    from generator.validate.registry import Rule


class Custom(GameDescription[CustomDefinition]):
    """The description of card-list decks."""

    kind = KIND
    title = "card-list deck"
    example = "examples/orchard"
    partial = True
    EXAMPLES = {KIND: "orchard", "kit": "lanterns"}
    """The example projects by the name ``cardforge init DIR --example NAME`` takes: ``custom``
    is Orchard, a single deck; ``kit`` is Lantern Harbour, a whole game of components."""

    def example_names(self) -> tuple[str, ...]:
        return tuple(self.EXAMPLES)

    def example_folder(self, name: str | None = None) -> Path:
        """Orchard (or the example ``name``) lives with the toolkit's shipped files (the
        repository's ``examples/``)."""
        return shipped_root() / "examples" / self.EXAMPLES.get(name or KIND, "orchard")

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        from .loader import FIELDS_OPTIONAL, FIELDS_REQUIRED

        return FIELDS_REQUIRED, FIELDS_OPTIONAL

    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[CustomDefinition]:
        from .loader import build_custom

        return build_custom(reader, root)

    def checks(self) -> Sequence["Rule"]:
        from .checks import CHECKS

        return CHECKS.rules

    def template_fields(self, definition: CustomDefinition) -> dict[str, tuple[str, ...]]:
        """Each face template the pieces use, with the fields every piece drawn with it has (its
        component's columns; a box's, ``boxes.BOX_FIELDS``)."""
        from .boxes import BOX_FIELDS

        found: dict[str, tuple[str, ...]] = {}
        for component in definition.components:
            if component.kind is ComponentKind.BOX:
                fields: tuple[str, ...] = BOX_FIELDS
            else:
                fields = (*component.columns,
                          *(f"{name}.{language}" for language, name in component.translated_fields),
                          "id", "count", "name", "title", "deck.name", "deck.title")
            for name in component.templates():
                found[name] = tuple(dict.fromkeys((*found.get(name, ()), *fields)))
        return found

    def template_places(self, definition: CustomDefinition) -> dict[str, SourceLoc]:
        """The first ``template`` cell naming each template, and each component's default
        template at the component (a single deck's default has none)."""
        places: dict[str, SourceLoc] = {}
        for component in definition.components:
            for row in component.rows:
                if row.template != component.template and any(name == "template" for name, _ in row.cells):
                    places.setdefault(row.template, row.cell("template"))
            if definition.declared and component.template:
                places.setdefault(component.template, component.spec.loc)
        return places

    def kit(self, definition: CustomDefinition, tools: "FaceTools", request: DeckRequest) -> "Kit":
        from .faces import build

        return build(definition, tools)

    def deck_records(self, definition: CustomDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        """Every physical piece with its fields, typed as declared; in a definition with
        components, each names its component and kind (a box, the deck it holds)."""
        if not definition.declared:
            return [{"id": card.id, "card": card.row.id, "copy": card.copy, **definition.record(card.row)}
                    for card in definition.cards()]
        records: list[dict[str, Any]] = []
        for component in definition.components:
            extra: dict[str, Any] = {}
            if component.spec.box is not None:
                box = component.spec.box
                extra = {"deck": box.deck, "cards": box.cards or definition.component(box.deck).count}
            for card in component.cards():
                records.append({"id": card.id, "component": component.name, "kind": component.kind.piece_kind,
                                "card": card.row.id, "copy": card.copy, **extra, **component.record(card.row)})
        return records

    def card_count(self, definition: CustomDefinition) -> int:
        """The cards of every deck (tokens, boards and boxes are not cards)."""
        return sum(c.count for c in definition.components if c.kind is ComponentKind.DECK)

    def rules_values(self, definition: CustomDefinition) -> dict[str, str]:
        """Adds ``{NAME.count}``: how many pieces each component prints (``{ships.count}``)."""
        found = super().rules_values(definition)
        found.update({f"{c.name}.count": str(c.count) for c in definition.components})
        return found

    def simulator(self) -> "Simulator":
        """The rules-file simulator: a definition with ``engine: rules.py`` plays by it."""
        from .sim import SIMULATOR

        return SIMULATOR

    def source_files(self, definition: CustomDefinition) -> tuple[str, ...]:
        return definition.files

    def what_ifs(self, definition: CustomDefinition) -> dict[str, "DeckValue"]:
        from .loader import what_ifs

        return what_ifs(definition)


GAME = Custom()
