"""What every game definition is, whatever its game: a GameInfo and the physical cards it prints.

Each game's own definition type (in ``generator/games/<game>/model.py``) satisfies this protocol;
the shared machinery (loader, validate, layout, sim) knows definitions only through it, and is
handed whatever game-specific behaviour it needs (a ``generator.games.api.GameDescription``).
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckRequest:
    """Which of a game's cards a deck, a build or a kit asks for."""

    players: int | None = None
    """Games whose deck depends on the table (Firecrackers): the cards for this many players;
    None: the game's own default table."""
    all_cards: bool = False
    """Every card of the box, whatever the player count."""
