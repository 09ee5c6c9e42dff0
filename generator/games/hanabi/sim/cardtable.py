"""Weighted card tables and the public facts of the fireworks, shared by the hat-guessing bot's parts.

A *card table* is what the table knows of one card in a hand: ``{kind: weight}`` over the kinds the
card may still be, the weight being how many copies of that kind are not yet public (played or
discarded). Kinds are ints ``suit * max_rank + rank - 1``; sets of kinds are bitmasks. A table is
never empty while the players follow the same conventions; ``narrowed`` keeps it so when another
bot's clue misleads (the card then keeps what it had).
"""

from __future__ import annotations

from typing import Sequence

CardTable = dict[int, int]
"""Kind -> weight (copies not yet public) for every kind one card may still be."""


def mass(table: CardTable, kinds: int) -> tuple[int, int]:
    """The weight of the kinds in the bitmask ``kinds``, and the table's whole weight."""
    yes = total = 0
    for kind, weight in table.items():
        total += weight
        if (kinds >> kind) & 1:
            yes += weight
    return yes, total


def chance(table: CardTable, kinds: int) -> float:
    """The probability that the card is one of ``kinds`` (0.0 for an empty table)."""
    yes, total = mass(table, kinds)
    return yes / total if total else 0.0


def surely(table: CardTable, kinds: int) -> bool:
    """Every kind the card may be is in ``kinds``."""
    return all((kinds >> kind) & 1 for kind in table)


def never(table: CardTable, kinds: int) -> bool:
    """No kind the card may be is in ``kinds``."""
    return not any((kinds >> kind) & 1 for kind in table)


def narrowed(table: CardTable, kinds: int) -> CardTable:
    """The table restricted to ``kinds``; the table itself when that would leave nothing."""
    kept = {kind: weight for kind, weight in table.items() if (kinds >> kind) & 1}
    return kept if kept else table


class Board:
    """The public facts of the fireworks: what is played, discarded, and so playable, dead or
    dispensable; ``update`` after every card that becomes public."""

    __slots__ = ("suits", "max_rank", "copies", "fireworks", "discarded", "playable", "dead", "dispensable",
                 "suit_kinds", "rank_kinds")

    def __init__(self, suits: int, max_rank: int, copies: Sequence[int]) -> None:
        self.suits, self.max_rank = suits, max_rank
        self.copies = tuple(copies)
        self.fireworks = [0] * suits
        self.discarded = [0] * len(copies)
        self.suit_kinds = tuple(sum(1 << (s * max_rank + r) for r in range(max_rank)) for s in range(suits))
        """Bitmask of the kinds of each suit."""
        self.rank_kinds = tuple(sum(1 << (s * max_rank + r) for s in range(suits)) for r in range(max_rank))
        """Bitmask of the kinds of each rank (index rank - 1)."""
        self.playable = self.dead = self.dispensable = 0
        self.update()

    def copy(self) -> "Board":
        other = Board.__new__(Board)
        other.suits, other.max_rank, other.copies = self.suits, self.max_rank, self.copies
        other.fireworks, other.discarded = list(self.fireworks), list(self.discarded)
        other.suit_kinds, other.rank_kinds = self.suit_kinds, self.rank_kinds
        other.playable, other.dead, other.dispensable = self.playable, self.dead, self.dispensable
        return other

    def update(self) -> None:
        """Recompute the playable, dead and dispensable kinds.

        Dead: below its firework, or above a rank whose every copy is discarded (it can never be
        played). Dispensable: dead, or not the last copy of its kind left undiscarded."""
        r, copies, discarded = self.max_rank, self.copies, self.discarded
        playable = dead = dispensable = 0
        for s, top in enumerate(self.fireworks):
            blocked = False
            for rank in range(r):
                kind = s * r + rank
                bit = 1 << kind
                if rank < top or blocked:
                    dead |= bit
                    dispensable |= bit
                    continue
                if rank == top:
                    playable |= bit
                left = copies[kind] - discarded[kind]
                if left != 1:
                    dispensable |= bit
                if left <= 0:
                    blocked = True
                    dead |= bit
        self.playable, self.dead, self.dispensable = playable, dead, dispensable

    def score(self) -> int:
        return sum(self.fireworks)
