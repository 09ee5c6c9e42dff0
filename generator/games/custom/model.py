"""A designer's own deck (``game: custom``): cards from a card list, each with its own fields, the
composition the deck must have, and the face template each card is drawn with."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from generator.model.common import GameInfo
from generator.model.components import Component, ComponentKind, Size
from generator.model.rulesource import RulesSource
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "custom"
"""The ``game:`` value of a card-list deck."""
RESERVED = ("id", "count", "template")
"""Columns with a meaning of their own; every other column is a field of the card."""
DECK = "deck"
"""The name of the one component of a definition without ``components:`` (a single deck)."""
FieldValue = str | int | float | bool | None
"""A card's field typed as the card list declares it (None: an empty declared cell)."""


class FieldType(str, Enum):
    """What a declared field holds (checked for every card)."""

    TEXT = "text"
    INTEGER = "integer"
    NUMBER = "number"
    CHOICE = "choice"
    BOOLEAN = "boolean"
    COLOUR = "colour"


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """A declared field: its type and bounds, and whether every card must give it."""

    name: str
    type: FieldType = FieldType.TEXT
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()
    required: bool = False
    loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)


def typed(spec: FieldSpec | None, text: str) -> FieldValue:
    """A card's value as ``cardforge deck --json`` gives it: a declared integer as a whole number,
    a number as a number (``1,5`` is 1.5), a boolean as true or false, an empty declared value as
    null; an undeclared field (or text, choice, colour) as its text. ``text`` is a checked value."""
    if spec is None or spec.type in (FieldType.TEXT, FieldType.CHOICE, FieldType.COLOUR):
        return text
    if not text:
        return None
    if spec.type is FieldType.INTEGER:
        return int(text)
    if spec.type is FieldType.BOOLEAN:
        return text == "true"
    number = text.replace(",", ".")
    return float(number) if "." in number else int(number)


@dataclass(frozen=True, slots=True)
class CardRow:
    """One line of the card list: a distinct card, its copies and its fields (all as text)."""

    id: str
    count: int
    values: tuple[tuple[str, str], ...]
    template: str
    loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)
    cells: tuple[tuple[str, SourceLoc], ...] = dataclasses.field(default=(), compare=False)
    """Where each field of this card is written (for messages about its text)."""
    translations: tuple[tuple[str, str, str], ...] = ()
    """(language, field, text) of every translated field of the card (a ``name.de`` column, or a
    translation table's cell; empty when the cell is)."""
    translation_cells: tuple[tuple[str, str, SourceLoc], ...] = dataclasses.field(default=(), compare=False)
    """(language, field, place) of every translation cell of this card."""
    component: str = DECK
    """The name of the component the card belongs to."""

    def value(self, name: str) -> str | None:
        return next((v for k, v in self.values if k == name), None)

    def translated(self, language: str, name: str) -> str | None:
        """The card's ``name`` in ``language`` (None: no translation; "" an empty cell)."""
        return next((text for lang, key, text in self.translations if lang == language and key == name), None)

    def translation_cell(self, language: str, name: str) -> SourceLoc | None:
        return next((loc for lang, key, loc in self.translation_cells if lang == language and key == name), None)

    def cell(self, name: str) -> SourceLoc:
        return next((loc for k, loc in self.cells if k == name), self.loc)


@dataclass(frozen=True, slots=True)
class CustomCard:
    """One physical card: ``id`` is the row's id, with ``-2``, ``-3``... for its further copies."""

    id: str
    row: CardRow
    copy: int

    @property
    def loc(self) -> SourceLoc:
        return self.row.loc


@dataclass(frozen=True, slots=True)
class CountBy:
    """How many cards each value of a field must have (``count_by: {suit: {sun: 13, ...}}``)."""

    field: str
    expected: tuple[tuple[str, int, SourceLoc], ...]
    loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class Composition:
    """What the whole deck must hold: a total and counts by field value (checked by validate)."""

    total: int | None = None
    total_loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)
    count_by: tuple[CountBy, ...] = ()


@dataclass(frozen=True, slots=True)
class CustomComponent:
    """One component of a designer's kit: what it is (``spec``: name, kind, size, shape, bleed;
    for a box the deck it holds), its pieces (rows of a card list: a deck's cards, a kind of
    token, a board, four mats...), their declared fields, the composition a deck must have, and
    the face template each piece is drawn with.

    ``record`` types a row's fields as declared; ``typed_rows`` gives every row so, the shape a
    rules file or a tool reads a component in."""

    spec: Component
    rows: tuple[CardRow, ...]
    columns: tuple[str, ...] = ()
    """The pieces' fields, in the card list's order (``id``, ``count``, ``template`` excluded)."""
    fields: tuple[FieldSpec, ...] = ()
    composition: Composition = Composition()
    template: str = ""
    """The face template of pieces whose row names none ("" for a box drawn plainly)."""
    cards_loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)
    translated_fields: tuple[tuple[str, str], ...] = ()
    """(language, field) of every field the component translates (a ``name.de`` column, or a
    column of the language's translation table)."""
    game_size: bool = False
    """The size is the definition's ``card_size`` (``build --card-size`` changes it), not its own."""
    listed: bool = True
    """Its pieces come from a card list; False: a ``count`` of one piece named after the component,
    whose copies are numbered from 1 (``lanterns-1``, ``lanterns-2``...)."""

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def kind(self) -> ComponentKind:
        return self.spec.kind

    @property
    def size(self) -> Size:
        return self.spec.size

    def cards(self) -> tuple[CustomCard, ...]:
        """Every physical piece, row by row, copies together (a row's first copy has its id, the
        next ``id-2``...; a component without a card list numbers all of its pieces)."""
        numbered = not self.listed
        return tuple(CustomCard(f"{row.id}-{n}" if numbered and row.count > 1 else row.id if n == 1 else f"{row.id}-{n}",
                                row, n)
                     for row in self.rows for n in range(1, row.count + 1))

    @property
    def count(self) -> int:
        """How many physical pieces the component prints."""
        return sum(row.count for row in self.rows)

    def record(self, row: CardRow) -> dict[str, FieldValue]:
        """A row's fields by name, typed as declared (see ``typed``)."""
        specs = {spec.name: spec for spec in self.fields}
        return {name: typed(specs.get(name), value) for name, value in row.values}

    def typed_rows(self) -> tuple[tuple[str, int, dict[str, FieldValue]], ...]:
        """Every row as (id, count, typed fields)."""
        return tuple((row.id, row.count, self.record(row)) for row in self.rows)

    def templates(self) -> tuple[str, ...]:
        """Every face template the pieces are drawn with, in order of first use."""
        found = tuple(dict.fromkeys(row.template for row in self.rows)) or (self.template,)
        return tuple(name for name in found if name)


@dataclass(frozen=True, slots=True)
class CustomDefinition:
    """A designer's game: its components (one deck, for a definition written without
    ``components:``), each with its pieces, fields, composition and face templates.

    The ``rows``, ``columns``, ``fields``... properties read every component at once (the one
    deck of a single-deck definition)."""

    info: GameInfo
    components: tuple[CustomComponent, ...]
    declared: bool = False
    """The file lists ``components:`` (else it is one deck, written as before components)."""
    engine: RulesSource | None = None
    """The rules file the simulator plays the game by (``engine: rules.py``), read, never run, by
    the loader."""
    files: tuple[str, ...] = ()
    """The files this definition reads besides its own (card lists, the rules file), as messages
    name them: what a run's deck identity hashes with the definition."""

    def component(self, name: str) -> CustomComponent:
        """The component called ``name``; KeyError naming the components otherwise."""
        for component in self.components:
            if component.name == name:
                return component
        raise KeyError(f"{self.info.id} has no component '{name}' (it has: "
                       f"{', '.join(c.name for c in self.components)})")

    def decks(self) -> tuple[CustomComponent, ...]:
        return tuple(c for c in self.components if c.kind is ComponentKind.DECK)

    def typed_components(self) -> dict[str, tuple[tuple[str, int, dict[str, FieldValue]], ...]]:
        """Component name -> its rows as (id, count, typed fields), in the definition's order:
        what a rules file is given to play with."""
        return {component.name: component.typed_rows() for component in self.components}

    @property
    def rows(self) -> tuple[CardRow, ...]:
        """Every row of every component, component after component."""
        return tuple(row for component in self.components for row in component.rows)

    @property
    def columns(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(c for component in self.components for c in component.columns))

    @property
    def fields(self) -> tuple[FieldSpec, ...]:
        found: dict[str, FieldSpec] = {}
        for component in self.components:
            for spec in component.fields:
                found.setdefault(spec.name, spec)
        return tuple(found.values())

    @property
    def translated_fields(self) -> tuple[tuple[str, str], ...]:
        return tuple(dict.fromkeys(t for component in self.components for t in component.translated_fields))

    @property
    def template(self) -> str:
        """The first component's default face template (a single deck's)."""
        return self.components[0].template if self.components else ""

    @property
    def cards_loc(self) -> SourceLoc:
        return self.components[0].cards_loc if self.components else UNKNOWN_LOC

    def texts(self, row: CardRow) -> dict[str, str]:
        """The card's fields as printed in this definition's language: its translations where
        it has them (an empty translation cell prints the field as written)."""
        shown = dict(row.values)
        language = self.info.language
        if language and self.info.languages and language != self.info.languages[0]:
            for name, _ in row.values:
                text = row.translated(language, name)
                if text:
                    shown[name] = text
        return shown

    def cards(self) -> tuple[CustomCard, ...]:
        """Every physical piece of every component, row by row, copies together."""
        return tuple(card for component in self.components for card in component.cards())

    def record(self, row: CardRow) -> dict[str, FieldValue]:
        """A card's fields by name, typed as its component declares them (see ``typed``)."""
        return self.component(row.component).record(row) if self.components else {}

    def templates(self) -> tuple[str, ...]:
        """Every face template the pieces are drawn with, in order of first use."""
        return tuple(dict.fromkeys(name for component in self.components for name in component.templates()))
