"""The games the toolkit knows: one ``GameDescription`` per game kind, registered once.

A game kind is the value of ``game:`` in a definition file. The built-in games are listed in
``generator.games.BUILTIN``; a game from another package registers the same way through the
entry-point group ``cardforge.games`` of its own package metadata (entry-point name: the kind;
value: ``module:attribute`` of a GameDescription instance), so ``pip install`` adds a game.

Descriptions are imported only when their kind is used, and a description's methods import the
game's modules only when called: listing the kinds costs no game import, and a command that only
loads definitions never imports a face or an engine. The rest of the toolkit asks this registry
and never names a game (``tests/test_architecture.py`` checks it).
"""

from __future__ import annotations

import importlib
import os
import sys
from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Mapping, Sequence, TypeVar

from .model.definition import GameDefinition
from .suggest import closest

if TYPE_CHECKING:  # the registry is imported early: these are for type checking only
    import yaml

    from .model.common import Colour, Symbol
    from .model.source import SourceLoc
    from .layout.faces import FaceTools
    from .layout.kit import Kit
    from .loader.fields import Reader
    from .loader.whatif import DeckValue
    from .sim.api import Simulator
    from .validate.registry import Rule

ENTRY_POINT_GROUP = "cardforge.games"

D = TypeVar("D", bound=GameDefinition)


class RegistryError(LookupError):
    """An unknown game kind, or a registered game whose package cannot be loaded."""


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckRequest:
    """Which of a game's cards a deck, a build or a kit asks for."""

    players: int | None = None
    """Games whose deck depends on the table (Firecrackers): the cards for this many players;
    None: the game's own default table."""
    all_cards: bool = False
    """Every card of the box, whatever the player count."""


class GameDescription(ABC, Generic[D]):
    """Everything the toolkit needs to know about one game kind; subclass it once per game, with
    the game's definition type as ``D``.

    Methods import the game's own modules when called (see the module docstring)."""

    kind: str
    """The value of ``game:`` in a definition file (lower-case, ``-`` and ``_`` allowed)."""
    title: str
    """The game's name in messages and listings."""
    face_templates: tuple[str, ...] = ()
    """The names of the face templates the game draws with (``face_fields`` gives their fields)."""
    partial: bool = False
    """Whether ``load`` may return a definition together with problems (a card list with a wrong
    cell, kept as written): ``validate`` then checks it too, so one run reports every mistake."""
    example: str | None = None
    """A project folder with an example of the game, for games the shipped ``card_defs/`` does not
    hold (``cardforge init DIR --example KIND`` copies it): a folder of the game's package,
    relative to the module that defines the description, so that a game package carries its own."""

    layouts: str | None = None
    """A folder of the game's package holding layout files (``*.yaml``: the face templates, card
    sizes and fonts the game draws with), relative to the module that defines the description: a
    game package carries its own face templates, read after the toolkit's shipped layouts and
    before a project's own (which replace a template of the same name). Artwork they name is
    looked up beside that folder, as in a project."""

    def example_names(self) -> tuple[str, ...]:
        """The names ``cardforge init DIR --example NAME`` takes for this game's examples: its
        kind, when it has an example (a game with several names each)."""
        return (self.kind,) if self.example is not None else ()

    def example_folder(self, name: str | None = None) -> Path | None:
        """Where the example ``name`` (one of ``example_names``; None: the game's own) is on this
        machine (None when the game has none)."""
        return self._package_folder(self.example)

    def layouts_folder(self) -> Path | None:
        """Where ``layouts`` is on this machine (None when the game carries no layouts)."""
        return self._package_folder(self.layouts)

    def _package_folder(self, name: str | None) -> Path | None:
        if name is None:
            return None
        module = sys.modules[type(self).__module__]
        return Path(module.__file__ or ".").resolve().parent / name

    @abstractmethod
    def load(self, reader: "Reader", root: "yaml.Node") -> Sequence[GameDefinition]:
        """Every definition (the game and its variants) one file holds; problems go to ``reader``."""

    @abstractmethod
    def checks(self) -> Sequence["Rule"]:
        """The game's validation rules (the rules every game shares are added by ``validate``)."""

    def face_fields(self) -> Mapping[str, tuple[str, ...]]:
        """Face template name -> the card fields its regions may name (checked by ``validate``)."""
        return {}

    def template_fields(self, definition: D) -> Mapping[str, tuple[str, ...]]:
        """The face templates ``definition`` is drawn with and the fields each may name; by
        default the game's own (a card-list deck's depend on its card list)."""
        return self.face_fields()

    def template_places(self, definition: D) -> Mapping[str, "SourceLoc"]:
        """Where ``definition`` names each face template it is drawn with, when a file does (a
        card list's ``template`` cell): a template no layout defines is reported there."""
        return {}

    @abstractmethod
    def kit(self, definition: D, tools: "FaceTools", request: DeckRequest) -> "Kit":
        """Every piece the game prints for ``request``: faces laid out as scenes."""

    @abstractmethod
    def deck_records(self, definition: D, request: DeckRequest) -> list[dict[str, Any]]:
        """Every physical card of ``request`` as a plain record (``cardforge deck --json``)."""

    def card_count(self, definition: D) -> int:
        """Cards of the whole box (``cardforge list``)."""
        return len(definition.cards())

    def board(self, definition: D) -> list[list[str]] | None:
        """The board as rows of cell codes (``cardforge board``), or None for games without one."""
        return None

    def rules_values(self, definition: D) -> dict[str, str]:
        """What a rules summary's ``{placeholders}`` may name: the game's name, title, player
        counts (``{players}`` in English words; ``{min_players}`` and ``{max_players}`` for a
        translation to word its own) and card count, and whatever else the game adds."""
        players = sorted(definition.info.players)
        contiguous = players == list(range(players[0], players[-1] + 1))
        counts = f"{players[0]} to {players[-1]}" if contiguous and len(players) > 1 else (
            ", ".join(map(str, players[:-1])) + f" or {players[-1]}" if len(players) > 1 else str(players[0]))
        return {"name": definition.info.name, "title": definition.info.printed_title, "players": counts,
                "min_players": str(players[0]), "max_players": str(players[-1]),
                "cards": str(self.card_count(definition))}

    def localized(self, definition: D, language: str) -> D:
        """``definition`` with its words in ``language`` (one of its ``languages``): its name,
        title, description and rules page from its translations, where they give them (the
        words of the first language where not: ``validate`` warns about each). A game whose card
        words are translatable reads ``definition.info.language`` when it draws them."""
        info = definition.info
        found = info.translation(language)
        if found is None:
            return replace(definition, info=replace(info, language=language))  # type: ignore[type-var]
        localized = replace(info, language=language, name=found.name or info.name, title=found.title or info.title,
                            description=found.description or info.description, rules=found.rules or info.rules)
        return replace(definition, info=localized)  # type: ignore[type-var]

    def emblems(self, definition: D) -> "list[tuple[Symbol, Colour]]":
        """Symbols in colour shown under the rules summary's title (a game's suits...)."""
        return []

    def simulator(self) -> "Simulator | None":
        """The game's engine and bots, or None when the game cannot be simulated."""
        return None

    def source_files(self, definition: D) -> tuple[str, ...]:
        """The files ``definition`` was read from besides its definition file (a card list, a rules
        file), as messages name them: a run's deck identity hashes them too, so a changed card
        list or rules file never reads back results played before the change."""
        return ()

    def what_ifs(self, definition: D) -> "Mapping[str, DeckValue]":
        """Values of ``definition`` that ``--set`` can change besides those of its definition file
        (a card list's cells: ``cards.bee.value``), by path, each located where it is written."""
        return {}


@dataclass
class _Registry:
    """Known kinds (name -> where the description lives) and the descriptions loaded so far."""

    sources: dict[str, str] = field(default_factory=dict)
    loaded: dict[str, "GameDescription[Any]"] = field(default_factory=dict)
    scanned: bool = False


_REGISTRY = _Registry()


def register(description: "GameDescription[Any]") -> "GameDescription[Any]":
    """Register a description directly (tests, or code that builds games at run time)."""
    _REGISTRY.loaded[description.kind] = description
    _REGISTRY.sources.setdefault(description.kind, f"{type(description).__module__}:{type(description).__name__}")
    return description


def unregister(kind: str) -> None:
    """Forget a kind registered with ``register`` (tests)."""
    _REGISTRY.loaded.pop(kind, None)
    _REGISTRY.sources.pop(kind, None)


def _builtin() -> None:
    from .games import BUILTIN

    for kind, source in BUILTIN.items():
        _REGISTRY.sources.setdefault(kind, source)


NO_GAME_PACKAGES = "CARDFORGE_NO_GAME_PACKAGES"
"""Set to 1, the toolkit knows its built-in games only and reads no installed game package (as
pytest's PYTEST_DISABLE_PLUGIN_AUTOLOAD): to tell whether an installed package causes a problem."""


def _scan() -> None:
    """Add the entry points of installed packages (read once; no package is imported here)."""
    if _REGISTRY.scanned:
        return
    _builtin()
    if os.environ.get(NO_GAME_PACKAGES, "") in ("", "0"):
        from importlib.metadata import entry_points

        for entry in entry_points(group=ENTRY_POINT_GROUP):
            _REGISTRY.sources.setdefault(entry.name, entry.value)
    _REGISTRY.scanned = True


def kinds() -> tuple[str, ...]:
    """Every registered game kind, built-in games first, in registration order."""
    _scan()
    return tuple(_REGISTRY.sources)


def lookup(kind: str) -> "GameDescription[Any]":
    """The description of ``kind``; RegistryError naming the known kinds or the loading problem.
    Installed packages' entry points are read only for a kind that is not built in."""
    found = _REGISTRY.loaded.get(kind)
    if found is not None:
        return found
    _builtin()
    if kind not in _REGISTRY.sources:
        _scan()
    source = _REGISTRY.sources.get(kind)
    if source is None:
        close = closest(kind, list(_REGISTRY.sources))
        hint = f"did you mean '{close}'?" if close else f"known: {', '.join(_REGISTRY.sources)}"
        raise RegistryError(f"unknown game '{kind}' ({hint})")
    module_name, _, attribute = source.partition(":")
    try:
        value: object = importlib.import_module(module_name)
        for part in attribute.split(".") if attribute else ():
            value = getattr(value, part)
    except (ImportError, AttributeError) as exc:
        raise RegistryError(f"game '{kind}' is registered as {source} but cannot be loaded: {exc}") from None
    if isinstance(value, type) and issubclass(value, GameDescription):
        value = value()
    if not isinstance(value, GameDescription):
        raise RegistryError(f"game '{kind}' is registered as {source}, which is not a GameDescription")
    if value.kind != kind:
        raise RegistryError(f"game '{kind}' is registered as {source}, which describes '{value.kind}'")
    _REGISTRY.loaded[kind] = value
    return value


def example(name: str) -> tuple["GameDescription[Any]", Path | None]:
    """The game whose example is called ``name`` and where that example is: a game kind names
    its own, and a game may name more (``kit``, the custom game's example of a whole kit).
    RegistryError naming the examples when none is called so."""
    try:
        found = lookup(name)
        return found, found.example_folder()
    except RegistryError:
        pass
    for description in descriptions():
        if name in description.example_names():
            return description, description.example_folder(name)
    known = ", ".join(n for d in descriptions() for n in d.example_names()) or "none"
    raise RegistryError(f"no example '{name}' (examples: {known})")


def describe(definition: GameDefinition) -> "GameDescription[Any]":
    """The description of the game a definition belongs to."""
    return lookup(definition.info.kind)


def descriptions() -> tuple["GameDescription[Any]", ...]:
    """Every registered description that can be loaded (for listings and for tests that walk the
    registry); a registered game whose package is broken is left out here, and reported where a
    definition names it."""
    found = []
    for kind in kinds():
        try:
            found.append(lookup(kind))
        except RegistryError:
            continue
    return tuple(found)
