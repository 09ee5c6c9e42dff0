"""What one seat sees of a game in progress, as a table lays it out: the zones with the cards that
seat may see (the others face down, counted), the counters, the scores when they are known, and
the legal actions in words. ``cardforge play`` draws it; nothing here knows a web page.

A game shows itself through a ``Presenter`` (``Simulator.presenter`` makes one for an engine).
What a seat is sent is made from ``Presenter.table(state, seat)`` alone, so a card hidden from the
seat is never in it: a face-down card carries its back (what a player sees of it at a real table)
and no id.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Hashable, Protocol

Action = Hashable
"""An engine's action (as ``generator.sim.api.Action``; the api names this module, so it is not
imported from there)."""


@dataclass(frozen=True, slots=True)
class ShownCard:
    """One card as a seat sees it: face up (``id`` and ``face`` given) or face down (both None)."""

    id: str | None
    """The card's id (the card list's, ``apple-4``), None when face down."""
    face: str | None
    """The printed piece whose front shows it (the kit's piece id), None when face down."""
    back: str | None
    """The printed piece whose back shows (a face-down card's look), None when it has no back."""
    note: str = ""
    """What the seat knows of a face-down card (Hanabi's clues: ``red, not 5``)."""
    handle: str | None = None
    """How the seat names a face-down card it may act on (Hanabi: ``slot 2`` of its own hand),
    the key its actions name it by; never the card's id."""


@dataclass(frozen=True, slots=True)
class Placed:
    """A piece at a place on a board (a chip on a space), or a place a seat may click: its centre
    and size in millimetres from the board's top-left corner."""

    x_mm: float
    y_mm: float
    w_mm: float
    h_mm: float
    face: str | None = None
    """The printed piece drawn there (None: an empty place)."""
    handle: str | None = None
    """How actions name the place (``r3c4``), when a seat may act on it."""
    label: str = ""


@dataclass(frozen=True, slots=True)
class ShownZone:
    """A zone as a seat sees it."""

    key: str
    """How the zone is named in logs and actions (``hand:1``)."""
    name: str
    owner: int | None
    visibility: str
    """``public``, ``owner``, ``others`` or ``hidden`` (who knows its cards)."""
    cards: tuple[ShownCard, ...]
    """Bottom first; a pile shows its top card last."""
    kind: str = "row"
    """How a table lays it out: ``pile`` (stacked, its count shown), ``row`` (side by side),
    ``hand`` (a fan in front of its owner), ``board`` (its one card, the board, with ``placed``
    pieces on it)."""
    placed: tuple[Placed, ...] = ()
    """On a board: the pieces on it and the places a seat may click."""


@dataclass(frozen=True, slots=True)
class ShownTable:
    """The whole table as one seat sees it (``seat`` None: every card face up)."""

    seat: int | None
    players: int
    current: int
    """The seat to act, or ``generator.sim.api.TERMINAL``."""
    zones: tuple[ShownZone, ...]
    counters: tuple[tuple[str, str], ...] = ()
    """Public values of the game (tokens, a phase, a round), by name, as text."""
    scores: tuple[float, ...] | None = None
    """Each seat's score when the seat may know it (None: it depends on cards hidden from it)."""

    def card_ids(self) -> set[str]:
        """Every card id this view shows face up."""
        return {card.id for zone in self.zones for card in zone.cards if card.id is not None}


class Presenter(Protocol):
    """How a game shows itself at a table (``Simulator.presenter(engine)`` makes one)."""

    def table(self, state: Any, seat: int | None) -> ShownTable:
        """The table as ``seat`` sees it (None: every card face up, for open hands; a negative
        seat: what every player sees)."""

    def words(self, state: Any, action: Action) -> str:
        """``action`` in the words the rules give (before it is applied)."""

    def outcome_words(self, before: Any, state: Any, action: Action) -> str:
        """What ``action`` turned out to be, said once it is applied (``before``: a copy of the game
        as it was; Hanabi: the card a play showed), added to its words in the log; empty when its
        words said it all."""

    def cards_named(self, state: Any, action: Action) -> tuple[str, ...]:
        """The ids (or handles) of the cards ``action`` names (a click on one offers the action)."""

    def encode(self, action: Action) -> Any:
        """``action`` as JSON, as the game's traces write it."""


_WORD = re.compile(r"[^\s,;:()\[\]'\"]+")


def redacted(text: str, hidden: Iterable[str]) -> str:
    """``text`` with every word that is the id of a card in ``hidden`` replaced by ``a card``:
    a log line or an explanation as a seat that may not know those cards reads it."""
    secret = set(hidden)
    if not secret:
        return text
    return _WORD.sub(lambda m: "a card" if m.group(0).rstrip(".!?") in secret else m.group(0), text)


def names_hidden(text: str, hidden: Iterable[str]) -> bool:
    """Whether ``text`` names a card of ``hidden`` (what ``redacted`` would change)."""
    return redacted(text, hidden) != text


@dataclass(frozen=True, slots=True)
class Weighed:
    """One action as a bot weighed it: its words, how often its search tried it (None for a bot
    that does not count) and what it made of it (a win share, or a judged value)."""

    action: Action
    visits: int | None
    value: float


@dataclass(frozen=True, slots=True)
class Explanation:
    """Why a bot played what it did: the actions it weighed, best first, and what ``value`` means."""

    bot: str
    measure: str
    """What the values are (``win share over N searches``, ``position value for the player``)."""
    weighed: tuple[Weighed, ...]


def ranked(weighed: Sequence[Weighed]) -> tuple[Weighed, ...]:
    """Most visited first (then best value): how a search's choice reads."""
    return tuple(sorted(weighed, key=lambda w: (-(w.visits or 0), -w.value)))
