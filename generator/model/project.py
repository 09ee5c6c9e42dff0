"""A project: the folder a command works on, with its definitions, templates, fonts and artwork."""

from __future__ import annotations

from dataclasses import dataclass

from .definition import GameDefinition
from .templates import LayoutLibrary


@dataclass(frozen=True, slots=True)
class Project:
    """Every game and variant of a project folder, in file order (variants after their base game),
    and the layout library (card, sheet and face templates, fonts, artwork) its prints use.

    ``layouts`` is None when a command loaded the definitions only (``deck``, ``simulate``...)."""

    root: str
    games: tuple[GameDefinition, ...]
    layouts: LayoutLibrary | None = None

    def ids(self) -> tuple[str, ...]:
        return tuple(game.info.id for game in self.games)

    def game(self, game_id: str) -> GameDefinition:
        """The game or variant called ``game_id``; KeyError listing the known ids when absent."""
        for game in self.games:
            if game.info.id == game_id:
                return game
        raise KeyError(f"no game '{game_id}' in this project (it has: {', '.join(self.ids())})")

    def expansions_of(self, game_id: str) -> tuple[GameDefinition, ...]:
        """The expansions that add cards to ``game_id``, in file order."""
        return tuple(g for g in self.games if g.info.expansion_of == game_id)

    def expansion(self, game_id: str, expansion_id: str) -> GameDefinition:
        """The expansion ``expansion_id`` of ``game_id``; KeyError naming the expansions it has."""
        for expansion in self.expansions_of(game_id):
            if expansion.info.id == expansion_id:
                return expansion
        known = ", ".join(e.info.id for e in self.expansions_of(game_id)) or "none"
        raise KeyError(f"{game_id} has no expansion '{expansion_id}' (it has: {known})")
