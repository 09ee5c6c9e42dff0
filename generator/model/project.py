"""A project: the folder of definitions a command works on, and the games read from it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from .firecrackers import FirecrackersDefinition, ScoreworksDefinition
from .hanabi import HanabiDefinition
from .sequence import SequenceDefinition

GameDefinition = Union[HanabiDefinition, SequenceDefinition, FirecrackersDefinition, ScoreworksDefinition]


@dataclass(frozen=True, slots=True)
class Project:
    """Every game and variant of a project folder, in file order (variants after their base game)."""

    root: str
    games: tuple[GameDefinition, ...]

    def ids(self) -> tuple[str, ...]:
        return tuple(game.info.id for game in self.games)

    def game(self, game_id: str) -> GameDefinition:
        """The game or variant called ``game_id``; KeyError listing the known ids when absent."""
        for game in self.games:
            if game.info.id == game_id:
                return game
        raise KeyError(f"no game '{game_id}' in this project (it has: {', '.join(self.ids())})")

    def expansions_of(self, game_id: str) -> tuple[ScoreworksDefinition, ...]:
        return tuple(
            g for g in self.games if isinstance(g, ScoreworksDefinition) and g.expansion_of == game_id
        )
