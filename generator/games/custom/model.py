"""A designer's own deck (``game: custom``): cards from a card list, each with its own fields, the
composition the deck must have, and the face template each card is drawn with."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from generator.model.common import GameInfo
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "custom"
"""The ``game:`` value of a card-list deck."""
RESERVED = ("id", "count", "template")
"""Columns with a meaning of their own; every other column is a field of the card."""


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


def typed(spec: FieldSpec | None, text: str) -> str | int | float | bool | None:
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
class CustomDefinition:
    """A card-list deck: rows of distinct cards, declared fields, composition, face template."""

    info: GameInfo
    rows: tuple[CardRow, ...]
    columns: tuple[str, ...]
    """The card fields, in the card list's order (``id``, ``count``, ``template`` excluded)."""
    fields: tuple[FieldSpec, ...] = ()
    composition: Composition = Composition()
    template: str = ""
    """The face template of cards whose row names none (default: the deck's id)."""
    cards_loc: SourceLoc = dataclasses.field(default=UNKNOWN_LOC, compare=False)
    translated_fields: tuple[tuple[str, str], ...] = ()
    """(language, field) of every field the deck translates (a ``name.de`` column, or a column of
    the language's translation table)."""

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
        """Every physical card, row by row, copies together."""
        return tuple(CustomCard(row.id if n == 1 else f"{row.id}-{n}", row, n)
                     for row in self.rows for n in range(1, row.count + 1))

    def record(self, row: CardRow) -> dict[str, str | int | float | bool | None]:
        """A card's fields by name, typed as declared (see ``typed``)."""
        specs = {spec.name: spec for spec in self.fields}
        return {name: typed(specs.get(name), value) for name, value in row.values}

    def templates(self) -> tuple[str, ...]:
        """Every face template the cards are drawn with, in order of first use."""
        return tuple(dict.fromkeys(row.template for row in self.rows)) or (self.template,)
