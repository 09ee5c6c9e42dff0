"""The games installed: the catalog that finds a game's description by its kind.

The built-in games are listed in ``generator.games.BUILTIN``; a game from another package registers
through the entry-point group ``cardforge.games`` of its own package metadata (entry-point name:
the kind; value: ``module:attribute`` of a GameDescription), so ``pip install`` adds a game.

A game's package is imported only when its kind is used: a definition names it, a command names
it, or the games are listed (``descriptions``). Installed packages' entry points are read (with
``importlib.metadata``, importing nothing) only for a kind that is not built in, or for a listing.

This is an application service: the commands and the services beside this module ask ``GAMES``;
the layers below (model, layout, validate, sim, loader...) are handed it, through a protocol of
their own that names only what they need (``loader.kinds.GameKinds``,
``validate.gamerules.GameRules``), or handed a game's description, and never import it.
"""

from __future__ import annotations

import importlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from ..games import BUILTIN
from ..games.api import GameDescription
from ..model.definition import GameDefinition
from ..model.suggest import closest

ENTRY_POINT_GROUP = "cardforge.games"

NO_GAME_PACKAGES = "CARDFORGE_NO_GAME_PACKAGES"
"""Set to 1, the toolkit knows its built-in games only and reads no installed game package (as
pytest's PYTEST_DISABLE_PLUGIN_AUTOLOAD): to tell whether an installed package causes a problem."""


class RegistryError(LookupError):
    """An unknown game kind, or a registered game whose package cannot be loaded."""


@dataclass
class GameCatalog:
    """Known kinds (kind -> where the description lives) and the descriptions loaded so far."""

    builtin: dict[str, str] = field(default_factory=lambda: dict(BUILTIN))
    sources: dict[str, str] = field(default_factory=dict)
    loaded: dict[str, GameDescription[Any]] = field(default_factory=dict)
    scanned: bool = False

    def __post_init__(self) -> None:
        for kind, source in self.builtin.items():
            self.sources.setdefault(kind, source)

    def register(self, description: GameDescription[Any]) -> GameDescription[Any]:
        """Register a description directly (tests, or code that builds games at run time)."""
        self.loaded[description.kind] = description
        self.sources.setdefault(description.kind, f"{type(description).__module__}:{type(description).__name__}")
        return description

    def unregister(self, kind: str) -> None:
        """Forget a kind registered with ``register``."""
        self.loaded.pop(kind, None)
        if kind not in self.builtin:
            self.sources.pop(kind, None)

    def _scan(self) -> None:
        """Add the entry points of installed packages (read once; no package is imported here)."""
        if self.scanned:
            return
        if os.environ.get(NO_GAME_PACKAGES, "") in ("", "0"):
            from importlib.metadata import entry_points

            for entry in entry_points(group=ENTRY_POINT_GROUP):
                self.sources.setdefault(entry.name, entry.value)
        self.scanned = True

    def kinds(self) -> tuple[str, ...]:
        """Every registered game kind, built-in games first, in registration order."""
        self._scan()
        return tuple(self.sources)

    def lookup(self, kind: str) -> GameDescription[Any]:
        """The description of ``kind``; RegistryError naming the known kinds or the loading problem."""
        found = self.loaded.get(kind)
        if found is not None:
            return found
        if kind not in self.sources:
            self._scan()
        source = self.sources.get(kind)
        if source is None:
            close = closest(kind, list(self.sources))
            hint = f"did you mean '{close}'?" if close else f"known: {', '.join(self.sources)}"
            raise RegistryError(f"unknown game '{kind}' ({hint})")
        module_name, _, attribute = source.partition(":")
        try:
            value: object = importlib.import_module(module_name)
            for part in attribute.split(".") if attribute else ():
                value = getattr(value, part)
        except Exception as exc:  # noqa: BLE001 - whatever a broken package raises as it is imported
            said = str(exc) if isinstance(exc, (ImportError, AttributeError)) else f"{type(exc).__name__}: {exc}"
            raise RegistryError(f"game '{kind}' is registered as {source} but cannot be loaded: {said}") from None
        if isinstance(value, type) and issubclass(value, GameDescription):
            value = value()
        if not isinstance(value, GameDescription):
            raise RegistryError(f"game '{kind}' is registered as {source}, which is not a GameDescription")
        if value.kind != kind:
            raise RegistryError(f"game '{kind}' is registered as {source}, which describes '{value.kind}'")
        self.loaded[kind] = value
        return value

    def describe(self, definition: GameDefinition) -> GameDescription[Any]:
        """The description of the game a definition belongs to."""
        return self.lookup(definition.info.kind)

    def descriptions(self) -> tuple[GameDescription[Any], ...]:
        """Every registered description that can be loaded (imports every game package: for
        listings); a registered game whose package is broken is left out here, and reported where
        a definition names it."""
        found = []
        for kind in self.kinds():
            try:
                found.append(self.lookup(kind))
            except RegistryError:
                continue
        return tuple(found)

    def builtin_descriptions(self) -> tuple[GameDescription[Any], ...]:
        """The descriptions of the games shipped with cardforge (no installed package is imported)."""
        return tuple(self.lookup(kind) for kind in self.builtin)

    def layouts_folders(self, kinds: Iterable[str]) -> tuple[Path, ...]:
        """The layout folders the games of ``kinds`` carry (``GameDescription.layouts``), in the
        catalog's order, each once: read after the shipped layouts and before a project's."""
        wanted = list(dict.fromkeys(kinds))
        folders: list[Path] = []
        for kind in [k for k in self.sources if k in wanted] + [k for k in wanted if k not in self.sources]:
            try:
                folder = self.lookup(kind).layouts_folder()
            except RegistryError:
                continue  # (the definition naming it says why)
            if folder is not None and folder.resolve() not in folders:
                folders.append(folder.resolve())
        return tuple(folders)

    def example(self, name: str) -> tuple[GameDescription[Any], Path | None]:
        """The game whose example is called ``name`` and where that example is: a game kind names
        its own, and a game may name more (``kit``, the custom game's example of a whole kit).
        RegistryError naming the examples when none is called so."""
        try:
            found = self.lookup(name)
            return found, found.example_folder()
        except RegistryError:
            pass
        for description in self.descriptions():
            if name in description.example_names():
                return description, description.example_folder(name)
        known = ", ".join(n for d in self.descriptions() for n in d.example_names()) or "none"
        raise RegistryError(f"no example '{name}' (examples: {known})")


GAMES = GameCatalog()
"""The games of this installation: what the commands ask."""
