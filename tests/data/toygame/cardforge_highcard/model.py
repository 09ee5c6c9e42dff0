"""High Card's definition: colours, the highest rank, hand size."""

from __future__ import annotations

from dataclasses import dataclass, field

from generator.model.common import Colour, GameInfo, PlayerCount
from generator.model.source import UNKNOWN_LOC, SourceLoc

KIND = "highcard"


@dataclass(frozen=True, slots=True)
class HighCardColour:
    key: str
    colour: Colour
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class HighCardCard:
    id: str
    colour: str
    rank: int
    loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)


@dataclass(frozen=True, slots=True)
class HighCardDefinition:
    info: GameInfo
    colours: tuple[HighCardColour, ...]
    top_rank: int
    hand_sizes: tuple[PlayerCount, ...]
    top_rank_loc: SourceLoc = field(default=UNKNOWN_LOC, compare=False)

    def cards(self) -> tuple[HighCardCard, ...]:
        return tuple(HighCardCard(f"{c.key}-{rank}", c.key, rank, c.loc)
                     for c in self.colours for rank in range(1, self.top_rank + 1))

    def hand_size(self, players: int) -> int:
        return next(entry.value for entry in self.hand_sizes if entry.players == players)
