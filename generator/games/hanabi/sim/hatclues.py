"""Which clue says which hat number, under the table's clue rule.

The giver's number is below the sum, over the other players in seat order after the giver, of the
choices each offers; the number picks the player and one of that player's choices. What a choice is
depends on the rule on clues touching no card:

- **Empty clues allowed** (the rulebook): every colour and every rank is a choice for every player
  (suits + ranks each), whatever their hand.
- **A clue must touch a card**: the choices are about the player's *focus* card, picked from public
  knowledge (the card whose suit and rank are the least known; dead or identified cards last):
  0 a rank clue touching it, 1 a colour clue touching it, and either 2 any clue not touching it, or,
  when the table knows the hand holds two suits and two ranks, 2 a rank clue and 3 a colour clue
  not touching it (hanabi.rs's information strategy). A choice is offered only when every hand the
  table thinks possible can take it: "a clue not touching the focus" needs a card of another kind,
  certain with four cards when no kind has four copies, not with fewer (late in the game).

Readers decode the number from the clue alone: whom it named, whether it was a colour or a rank, and
(for the second rule) whether it touched the focus card.
"""

from __future__ import annotations

from typing import Callable, Sequence

from .cardtable import CardTable, surely
from .engine import COLOUR_CLUE, RANK_CLUE
from .hatpublic import PublicInfo

Clue = tuple[int, int, int]
"""An engine clue action: ``(COLOUR_CLUE, target, suit)`` or ``(RANK_CLUE, target, rank)``."""


class ClueCode:
    """The choices each player offers and the clue that says a number, for one table."""

    def __init__(self, players: int, suits: int, max_rank: int, empty_clues: bool) -> None:
        self.players, self.suits, self.max_rank = players, suits, max_rank
        self.empty_clues = empty_clues

    # ------------------------------------------------------------------ what a clue may say
    def choices(self, info: PublicInfo, seat: int) -> int:
        """How many numbers a clue to ``seat`` can say (0: no clue can be given to them)."""
        if self.empty_clues:
            return self.suits + self.max_rank
        hand = info.hands[seat]
        if not hand:
            return 0
        if not self._may_share(hand, self.suits, lambda k: k // self.max_rank) and \
                not self._may_share(hand, self.max_rank, lambda k: k % self.max_rank):
            return 4
        return 3 if self._surely_two_kinds(info, hand) else 2

    def cap(self, info: PublicInfo, giver: int) -> int:
        """How many numbers a clue from ``giver`` can say: the sum over the other players."""
        return sum(self.choices(info, (giver + k) % self.players) for k in range(1, self.players))

    def focus(self, info: PublicInfo, seat: int) -> int:
        """The slot of ``seat``'s focus card: the least known, dead or identified cards last."""
        best, best_score = 0, -1
        dead = info.board.dead
        for slot, table in enumerate(info.hands[seat]):
            if len(table) == 1 or surely(table, dead):
                score = 0
            else:
                score = 1 + (len({k // self.max_rank for k in table}) > 1) + (len({k % self.max_rank for k in table}) > 1)
            if score > best_score:
                best, best_score = slot, score
        return best

    @staticmethod
    def _may_share(hand: Sequence[CardTable], values: int, value_of: Callable[[int], int]) -> bool:
        """Whether every card of the hand may have one same value (suit or rank)."""
        return any(all(any(value_of(k) == v for k in table) for table in hand) for v in range(values))

    @staticmethod
    def _surely_two_kinds(info: PublicInfo, hand: Sequence[CardTable]) -> bool:
        """The hand surely holds two cards of different kinds: no kind every card may be has as
        many copies unaccounted for as the hand has cards."""
        if len(hand) < 2:
            return False
        common = set(hand[0])
        for table in hand[1:]:
            common &= table.keys()
        return all(info.unseen[k] < len(hand) for k in common)

    # ------------------------------------------------------------------ number -> clue -> number
    def clues_for(self, value: int, info: PublicInfo, giver: int, hands: Sequence[Sequence[int] | None]) -> list[Clue]:
        """Every clue that says ``value`` (the giver sees ``hands``); several when any clue not
        touching the focus will do."""
        for k in range(1, self.players):
            seat = (giver + k) % self.players
            choices = self.choices(info, seat)
            if value >= choices:
                value -= choices
                continue
            if self.empty_clues:
                return [(COLOUR_CLUE, seat, value) if value < self.suits else (RANK_CLUE, seat, value - self.suits + 1)]
            kinds = hands[seat]
            assert kinds is not None
            r = self.max_rank
            focus = kinds[self.focus(info, seat)]
            suit, rank = focus // r, focus % r + 1
            if value == 0:
                return [(RANK_CLUE, seat, rank)]
            if value == 1:
                return [(COLOUR_CLUE, seat, suit)]
            ranks = sorted({k % r + 1 for k in kinds if k % r + 1 != rank})
            suits = sorted({k // r for k in kinds if k // r != suit})
            if choices == 3:
                return [(RANK_CLUE, seat, v) for v in ranks] + [(COLOUR_CLUE, seat, s) for s in suits]
            if value == 2:
                return [(RANK_CLUE, seat, v) for v in ranks]
            return [(COLOUR_CLUE, seat, s) for s in suits]
        raise ValueError("hat number beyond the clues this giver can give")

    def value_of(self, clue: Sequence[int], touched: Sequence[bool], info: PublicInfo, giver: int) -> int:
        """The number a clue from ``giver`` says (``touched``: which cards of the target it touched),
        read from public knowledge before the clue."""
        kind_of_clue, target, value = clue[0], clue[1], clue[2]
        offset = (target - giver) % self.players
        before = sum(self.choices(info, (giver + k) % self.players) for k in range(1, offset))
        if self.empty_clues:
            return before + (value if kind_of_clue == COLOUR_CLUE else self.suits + value - 1)
        choices = self.choices(info, target)
        is_rank = kind_of_clue == RANK_CLUE
        focus = self.focus(info, target)
        if focus < len(touched) and touched[focus]:
            return before + (0 if is_rank else 1)
        if choices == 4:
            return before + (2 if is_rank else 3)
        return before + min(2, choices - 1)  # choices 2: another bot's clue, read as best we can

