"""Zones: the places a card can be (a deck, a hand, a discard pile, a row, a market), each with an
owner (a player, or nobody) and a visibility that says which players know its cards.

A zone is a pile: its last card is the top. Cards move only through the state (``State.move``,
``draw``, ``deal``), which keeps every card in exactly one zone; a zone itself can be read, never
changed. Zones are named by their name and owner (``hand`` of player 1), the same in every copy
of a game in progress, so an action may name a zone.
"""

from __future__ import annotations

from enum import Enum
from typing import Any, NoReturn, Sequence

from .cards import Card


class Visibility(str, Enum):
    """Which players know the cards of a zone (what general bots take as hidden, and redeal when
    they search: a face-down deck's order is known to nobody)."""

    PUBLIC = "public"
    """Every player: a discard pile, the cards in front of a player, a market."""
    OWNER = "owner"
    """Its owner only: a hand."""
    OTHERS = "others"
    """Every player but its owner: a hand held facing out (Hanabi)."""
    HIDDEN = "hidden"
    """Nobody: a face-down deck, cards set aside unseen."""


class Zone(list[Card]):
    """A place for cards, in order (bottom first, the top last). Read it like a list: ``len(zone)``,
    ``for card in zone``, ``zone[0]``, ``card in zone``, ``zone.top`` (reading is as fast as a
    list's: a zone is one). It changes only through the state (``State.move``, ``draw``, ``deal``,
    ``shuffle``): a list method that would change it raises TypeError. Two zones are equal when
    they have the same name and owner (the same zone in two copies of a game)."""

    __slots__ = ("name", "owner", "visibility", "_key", "_hash", "_seers")

    name: str
    owner: int | None
    visibility: Visibility

    def __init__(self, name: str, owner: int | None, visibility: Visibility, players: int,
                 cards: Sequence[Card] = ()) -> None:
        list.__init__(self, cards)
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self._key = (name, owner)
        self._hash = hash(self._key)
        everyone = (1 << players) - 1
        mine = 0 if owner is None else 1 << owner
        self._seers = {Visibility.PUBLIC: everyone, Visibility.OWNER: mine, Visibility.OTHERS: everyone & ~mine,
                       Visibility.HIDDEN: 0}[visibility]
        """The players who know this zone's cards, as bits (player 2 is ``1 << 2``): what the state
        records as who knows where a card is."""

    def visible_to(self, player: int) -> bool:
        """Whether ``player`` knows which cards this zone holds."""
        return bool(self._seers >> player & 1)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, bottom first (a copy)."""
        return tuple(self)

    @property
    def top(self) -> Card | None:
        """The top card (the last one put here), or None when the zone is empty."""
        return self[-1] if self else None

    @property
    def bottom(self) -> Card | None:
        """The bottom card, or None when the zone is empty."""
        return self[0] if self else None

    @property
    def label(self) -> str:
        """How traces and messages name the zone: ``deck``, ``hand:1`` (the hand of player 1)."""
        return self.name if self.owner is None else f"{self.name}:{self.owner}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Zone) and other._key == self._key

    def __ne__(self, other: object) -> bool:
        return not self.__eq__(other)

    def __hash__(self) -> int:  # type: ignore[override]  # a zone is a value of the game: hashable
        return self._hash

    def __repr__(self) -> str:
        return f"Zone({self.label!r}, {len(self)} cards, {self.visibility.value})"

    def __str__(self) -> str:
        return self.label

    def _changed(self, *args: Any, **kwargs: Any) -> NoReturn:
        raise TypeError(f"zone '{self.label}' changes only through the state: state.move(card, zone), "
                        "state.draw, state.deal, state.shuffle")

    append = extend = insert = remove = pop = clear = sort = reverse = _changed
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _changed

    def __copy__(self) -> "Zone":
        return copy_zones({self._key: self})[self._key]

    def __reduce__(self) -> Any:
        return (_unpickled, (self.name, self.owner, self.visibility, self._seers, list(self)))


def _unpickled(name: str, owner: int | None, visibility: Visibility, seers: int, cards: Sequence[Card]) -> Zone:
    zone = Zone(name, owner, visibility, 0, cards)
    zone._seers = seers
    return zone


_new = list.__new__
_fill = list.extend


def copy_zones(zones: dict[tuple[str, int | None], Zone]) -> dict[tuple[str, int | None], Zone]:
    """A copy of every zone of a game, by the same keys (what a copy of the game holds). A search
    copies the game thousands of times a decision, so the copy calls list's own methods directly
    rather than a zone's constructor."""
    copies = {}
    for key, zone in zones.items():
        copy = _new(Zone)
        _fill(copy, zone)
        copy.name = zone.name
        copy.owner = zone.owner
        copy.visibility = zone.visibility
        copy._key = zone._key
        copy._hash = zone._hash
        copy._seers = zone._seers
        copies[key] = copy
    return copies


def put(zone: Zone, card: Card) -> None:
    """Put ``card`` on top of ``zone`` (the state's own move: it keeps track of where cards are)."""
    list.append(zone, card)


def put_bottom(zone: Zone, card: Card) -> None:
    list.insert(zone, 0, card)


def take(zone: Zone, card: Card) -> None:
    list.remove(zone, card)


def take_top(zone: Zone) -> Card:
    return list.pop(zone)


def refill(zone: Zone, cards: Sequence[Card]) -> None:
    """Replace the cards of ``zone`` (a shuffle, a determinisation)."""
    list.__setitem__(zone, slice(None), cards)
