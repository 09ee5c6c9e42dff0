"""What the loader asks of the games: which kinds a definition file may name, and how each reads
its definitions. The application hands down its game catalog (``generator.app.catalog.GAMES``),
whose ``GameDescription`` values fill these protocols in; the loader never looks games up itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, Sequence

import yaml

from ..model import GameDefinition
from .fields import Reader


class GameReader(Protocol):
    """How one game kind reads its definitions (``GameDescription``'s part of it)."""

    partial: bool
    """Whether ``load`` may return a definition together with problems (kept for ``validate``)."""

    def load(self, reader: Reader, root: yaml.Node) -> Sequence[GameDefinition]: ...

    def card_count(self, definition: Any) -> int: ...


class GameKinds(Protocol):
    """The games a definition file may name (``game: KIND``)."""

    def kinds(self) -> tuple[str, ...]:
        """Every kind known, for messages that list them."""
        ...

    def lookup(self, kind: str) -> GameReader:
        """The game of ``kind``; LookupError (with a message naming the problem) when there is none
        or its package cannot be loaded."""
        ...

    def layouts_folders(self, kinds: Sequence[str]) -> tuple[Path, ...]:
        """The layout folders the games of ``kinds`` carry (read before a project's own)."""
        ...
