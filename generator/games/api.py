"""The game API: what a game fills in so that cardforge can load, check, print and play it.

A game kind (the value of ``game:`` in a definition file) is described by one subclass of
``GameDescription``, made once in the game's package (``generator/games/<kind>/__init__.py``, or an
installed package's, registered through the entry-point group ``cardforge.games``). The
application's game catalog (``generator.app.catalog``) finds the descriptions; the layers below it
are handed a description (or the catalog, through a protocol of their own) where they need
something game-specific. This module may name the types of every layer: it stands above them all.

Methods import the game's own modules when called: listing the kinds costs no game import, and a
command that only loads definitions never imports a face or an engine.
"""

from __future__ import annotations

import sys
from abc import ABC, abstractmethod
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Mapping, Sequence, TypeVar

from ..layout.messages import message
from ..model.definition import DeckRequest, GameDefinition

if TYPE_CHECKING:  # types only: a description is imported before any of these is needed
    import yaml

    from ..layout.faces import FaceTools
    from ..layout.kit import Kit
    from ..loader.fields import Reader
    from ..loader.whatif import DeckValue
    from ..model.common import Colour, Symbol
    from ..model.source import SourceLoc
    from ..sim.api import Simulator
    from ..validate.registry import Rule

__all__ = ["DeckRequest", "GameDescription"]

D = TypeVar("D", bound=GameDefinition)


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
        counts (``{players}`` in the words of the deck's language, ``layout.messages``;
        ``{min_players}`` and ``{max_players}`` for a translation to word its own), card count and each whole-number rule option's default by
        its name (``{explosion_threshold}``: the page follows the value the game plays), and
        whatever else the game adds."""
        players = sorted(definition.info.players)
        language = definition.info.language
        contiguous = players == list(range(players[0], players[-1] + 1))
        counts = message("range", language, low=players[0], high=players[-1]) if contiguous and len(players) > 1 else (
            message("or", language, listed=", ".join(map(str, players[:-1])), last=players[-1]) if len(players) > 1
            else str(players[0]))
        options = {option.name: str(option.default) for option in definition.info.options
                   if isinstance(option.default, int) and not isinstance(option.default, bool)}
        return {**options, "name": definition.info.name, "title": definition.info.printed_title, "players": counts,
                "min_players": str(players[0]), "max_players": str(players[-1]),
                "cards": str(self.card_count(definition))}

    def definition_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """The keys a definition file of this game may have at its top (required, optional), as its
        loader reads them: what the JSON Schema of the definitions (``cardforge schema``) allows;
        None where the game does not say (any key is then accepted there)."""
        return None

    def printed_words(self, definition: D) -> list[tuple[str, "SourceLoc"]]:
        """The game's own words its kit prints (a suit's name, an action's effect), each where the
        file writes it: a translation's ``words`` gives each in its language. Card-list games
        translate theirs by card (their own check)."""
        return []

    def translated_words(self, definition: D) -> D:
        """``definition`` with the game's own printed words (a suit's name, an action's effect) in
        the language it is localised into, through its ``info.words`` (``localized`` calls it);
        a game with words of its own overrides it."""
        return definition

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
                            description=found.description or info.description, rules=found.rules or info.rules,
                            words=found.words)
        return self.translated_words(replace(definition, info=localized))  # type: ignore[type-var]

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
