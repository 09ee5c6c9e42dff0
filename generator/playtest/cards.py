"""The pieces a rules file plays with: every physical card of a definition's components, with the
designer's own columns as typed attributes (``card.value``, ``card.fruit``).

A card is an immutable value shared by every copy of a game in progress (clones and the
determinisations bots search): it is compared by identity, so two copies of one row of the card
list (``bee`` and ``bee-2``) are two cards.
"""

from __future__ import annotations

from typing import Any, Iterable, Mapping

FieldValue = str | int | float | bool | None
"""A card's field as the card list declares it: integer, number, boolean, text (None: an empty
declared cell)."""

_OWN = ("id", "row", "copy", "component")


class Card:
    """One physical card (or piece) of a component: ``id`` is unique in the game (``bee-2`` is the
    second copy of the card-list row ``bee``), ``row`` the card list's id, ``copy`` its number
    (from 1), ``component`` the name of the component it belongs to (``deck``). Every other column
    of the card list is an attribute, typed as its field is declared (``card.value`` is an int for
    ``value: {type: integer}``); ``card["name"]`` reads any field, also one whose name is one of
    the four above."""

    __slots__ = ("id", "row", "copy", "component", "_fields", "__dict__")

    id: str
    row: str
    copy: int
    component: str

    def __init__(self, id: str, row: str, copy: int, component: str, fields: Mapping[str, FieldValue]) -> None:
        setter = object.__setattr__
        setter(self, "id", id)
        setter(self, "row", row)
        setter(self, "copy", copy)
        setter(self, "component", component)
        setter(self, "_fields", dict(fields))
        for name, value in fields.items():
            if name not in _OWN and name.isidentifier():
                self.__dict__[name] = value

    def __getitem__(self, name: str) -> FieldValue:
        """The field ``name`` of the card list (KeyError naming the fields when it has none)."""
        try:
            return self._fields[name]  # type: ignore[no-any-return]
        except KeyError:
            raise KeyError(self._no_field(name)) from None

    def get(self, name: str, default: FieldValue = None) -> FieldValue:
        """The field ``name``, or ``default`` when the card list has no such column."""
        return self._fields.get(name, default)  # type: ignore[no-any-return]

    @property
    def fields(self) -> Mapping[str, FieldValue]:
        """Every field of the card list's row, by column name, typed."""
        return dict(self._fields)

    def __getattr__(self, name: str) -> Any:
        # only called for a name that is neither an attribute nor a field: say which fields exist
        if name.startswith("__"):
            raise AttributeError(name)
        raise AttributeError(self._no_field(name))

    def _no_field(self, name: str) -> str:
        fields = ", ".join(self._fields) or "none"
        return f"card '{self.id}' has no field '{name}' (its fields: {fields})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"card '{self.id}' cannot be changed: cards are the printed cards "
                             "(keep what changes in zones or in the state)")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"card '{self.id}' cannot be changed")

    def __repr__(self) -> str:
        return f"Card({self.id!r})"

    def __str__(self) -> str:
        return self.id

    def __reduce__(self) -> Any:
        return (Card, (self.id, self.row, self.copy, self.component, self._fields))

    def __copy__(self) -> "Card":
        return self

    def __deepcopy__(self, memo: Any) -> "Card":
        return self


def make_cards(component: str, rows: Iterable[tuple[str, int, Mapping[str, FieldValue]]],
               numbered: bool = False) -> tuple[Card, ...]:
    """Every physical card of a component from its card list's rows ``(id, count, fields)``: the
    copies of a row together, the second one ``id-2`` (as ``cardforge deck`` lists them);
    ``numbered``: a component without a card list, whose pieces are ``id-1``, ``id-2``..."""
    return tuple(Card(f"{row_id}-{copy}" if numbered and count > 1 else row_id if copy == 1 else f"{row_id}-{copy}",
                      row_id, copy, component, fields)
                 for row_id, count, fields in rows for copy in range(1, count + 1))
