"""What every game definition is, whatever its game: a GameInfo and the physical cards it prints.

Each game's own definition type (in ``generator/games/<game>/model.py``) satisfies this protocol;
the shared machinery (loader, validate, layout, sim, CLI) knows definitions only through it and asks
the game registry for anything game-specific.
"""

from __future__ import annotations

from typing import Protocol, Sequence, runtime_checkable

from .common import GameInfo, PlayerCount
from .source import SourceLoc


class Card(Protocol):
    """One physical card: an id unique in its game, and the place in a file that defines it."""

    @property
    def id(self) -> str: ...

    @property
    def loc(self) -> SourceLoc: ...


class GameDefinition(Protocol):
    """A game (or a variant or an expansion) read from a definition file."""

    @property
    def info(self) -> GameInfo: ...

    def cards(self) -> Sequence[Card]:
        """Every physical card of the whole box, in a deterministic order."""
        ...


@runtime_checkable
class DeclaresCounts(Protocol):
    """A definition that can list every count it declares (checked to be positive)."""

    def declared_counts(self) -> list[tuple[str, int, SourceLoc]]:
        """(what, count, where) for every count: copies of a card, tokens, decks, chips..."""
        ...


@runtime_checkable
class DealsHands(Protocol):
    """A definition that deals a hand of a fixed size for each player count."""

    @property
    def hand_sizes(self) -> tuple[PlayerCount, ...]: ...
