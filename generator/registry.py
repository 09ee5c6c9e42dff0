"""Where the game API and the game catalog were before 0.2: kept for one release, so that a game
package written against ``generator.registry`` goes on working. It warns on import; use
``generator.games.api`` (``GameDescription``, ``DeckRequest``) in a game package, and
``generator.app.catalog`` (``GAMES``, ``RegistryError``) for the games installed."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

from .app.catalog import ENTRY_POINT_GROUP, GAMES, NO_GAME_PACKAGES, RegistryError
from .games.api import DeckRequest, GameDescription
from .model.definition import GameDefinition

warnings.warn("generator.registry is deprecated: import GameDescription and DeckRequest from generator.games.api, "
              "and the games installed from generator.app.catalog (GAMES)", DeprecationWarning, stacklevel=2)

__all__ = ["DeckRequest", "ENTRY_POINT_GROUP", "GameDescription", "NO_GAME_PACKAGES", "RegistryError", "describe",
           "descriptions", "example", "kinds", "lookup", "register", "unregister"]


def register(description: GameDescription[Any]) -> GameDescription[Any]:
    return GAMES.register(description)


def unregister(kind: str) -> None:
    GAMES.unregister(kind)


def kinds() -> tuple[str, ...]:
    return GAMES.kinds()


def lookup(kind: str) -> GameDescription[Any]:
    return GAMES.lookup(kind)


def describe(definition: GameDefinition) -> GameDescription[Any]:
    return GAMES.describe(definition)


def descriptions() -> tuple[GameDescription[Any], ...]:
    return GAMES.descriptions()


def example(name: str) -> tuple[GameDescription[Any], Path | None]:
    return GAMES.example(name)
