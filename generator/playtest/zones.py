"""Zones: the places a card can be (a deck, a hand, a discard pile, a row, a market), each with an
owner (a player, or nobody) and a visibility that says which players know its cards.

A zone is a pile: its last card is the top. Cards move only through the state (``State.move``,
``draw``, ``deal``), which keeps every card in exactly one zone; a zone itself can be read, never
changed. Zones are named by their name and owner (``hand`` of player 1), the same in every copy
of a game in progress, so an action may name a zone.
"""

from __future__ import annotations

from enum import Enum
from typing import Iterator, Sequence

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


_CODES = {Visibility.PUBLIC: 0, Visibility.OWNER: 1, Visibility.OTHERS: 2, Visibility.HIDDEN: 3}


class Zone:
    """A place for cards, in order (bottom first, the top last). Read it like a list: ``len(zone)``,
    ``for card in zone``, ``zone[0]``, ``card in zone``, ``zone.top``."""

    __slots__ = ("name", "owner", "visibility", "_cards", "_key", "_hash", "_see")

    name: str
    owner: int | None
    visibility: Visibility

    def __init__(self, name: str, owner: int | None, visibility: Visibility, cards: Sequence[Card] = ()) -> None:
        self.name = name
        self.owner = owner
        self.visibility = visibility
        self._cards: list[Card] = list(cards)
        self._key = (name, owner)
        self._hash = hash(self._key)
        self._see = _CODES[visibility]

    def visible_to(self, player: int) -> bool:
        """Whether ``player`` knows which cards this zone holds."""
        see = self._see
        if see == 0:
            return True
        if see == 1:
            return player == self.owner
        if see == 2:
            return player != self.owner
        return False

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards, bottom first (a copy: the zone changes only through the state)."""
        return tuple(self._cards)

    @property
    def top(self) -> Card | None:
        """The top card (the last one put here), or None when the zone is empty."""
        cards = self._cards
        return cards[-1] if cards else None

    @property
    def bottom(self) -> Card | None:
        """The bottom card, or None when the zone is empty."""
        cards = self._cards
        return cards[0] if cards else None

    @property
    def label(self) -> str:
        """How traces and messages name the zone: ``deck``, ``hand:1`` (the hand of player 1)."""
        return self.name if self.owner is None else f"{self.name}:{self.owner}"

    def __len__(self) -> int:
        return len(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self._cards)

    def __getitem__(self, index: int) -> Card:
        return self._cards[index]

    def __contains__(self, card: object) -> bool:
        return card in self._cards

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Zone) and other._key == self._key

    def __hash__(self) -> int:
        return self._hash

    def __repr__(self) -> str:
        return f"Zone({self.label!r}, {len(self._cards)} cards, {self.visibility.value})"

    def __str__(self) -> str:
        return self.label

    def _copy(self) -> "Zone":
        zone = Zone.__new__(Zone)
        zone.name = self.name
        zone.owner = self.owner
        zone.visibility = self.visibility
        zone._cards = self._cards[:]
        zone._key = self._key
        zone._hash = self._hash
        zone._see = self._see
        return zone
