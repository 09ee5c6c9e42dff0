"""What the whole table knows in the hat-guessing strategy: a card table for every card in every hand,
the board, and the hat sums a clue or a discard carries.

Every copy of the ``info`` bot keeps one ``PublicInfo`` and changes it only by public events (a clue
and what it touched, a card played or discarded and what it was, the answers a hat number carries),
so all copies hold the same one. A hat sum: the giver packs, for each other player, the answers to
``hatquestions.next_question`` about that player's hand (``hatcode``), adds the numbers modulo the
number of choices it has, and chooses the action that says the sum. Each reader computes the numbers
of the hands it sees, subtracts them, and unpacks the rest as the answers about its own hand.
"""

from __future__ import annotations

from typing import Sequence

from .cardtable import Board, CardTable, narrowed
from .hatcode import Packer, Unpacker
from .hatquestions import next_question


class PublicInfo:
    """Card tables of every hand (oldest card first) and the board, as the whole table knows them."""

    __slots__ = ("players", "board", "hands", "unseen")

    def __init__(self, players: int, hand_size: int, board: Board) -> None:
        self.players = players
        self.board = board
        self.unseen = [c for c in board.copies]
        """Copies of each kind not yet public (what a newly drawn card may be)."""
        fresh = {k: c for k, c in enumerate(self.unseen) if c > 0}
        self.hands: list[list[CardTable]] = [[dict(fresh) for _ in range(hand_size)] for _ in range(players)]

    def copy(self) -> "PublicInfo":
        other = PublicInfo.__new__(PublicInfo)
        other.players, other.board, other.unseen = self.players, self.board.copy(), list(self.unseen)
        other.hands = [[dict(t) for t in hand] for hand in self.hands]
        return other

    def same_as(self, other: "PublicInfo") -> bool:
        """Both hold the same tables, counts and board (the copies of a table stay in step)."""
        return (self.hands == other.hands and self.unseen == other.unseen
                and self.board.fireworks == other.board.fireworks and self.board.discarded == other.board.discarded)

    # ------------------------------------------------------------------ public events
    def clue(self, target: int, kinds: int, touched: Sequence[bool]) -> None:
        """A clue about ``kinds`` (a suit's or a rank's) touched these cards of ``target`` and no other."""
        hand = self.hands[target]
        for slot, hit in enumerate(touched):
            hand[slot] = narrowed(hand[slot], kinds if hit else ~kinds)

    def card_left(self, seat: int, slot: int, kind: int, draws: bool) -> None:
        """The card in ``slot`` of ``seat`` was played or discarded and was ``kind``; ``draws``: a new
        card replaces it. The board is the caller's to update."""
        hand = self.hands[seat]
        del hand[slot]
        if draws:
            hand.append({k: c for k, c in enumerate(self.unseen) if c > 0})
        self.unseen[kind] -= 1
        for tables in self.hands:
            for table in tables:
                weight = table.get(kind)
                if weight is not None:
                    if weight > 1:
                        table[kind] = weight - 1
                    elif len(table) > 1:  # a misread card keeps its last kind rather than none
                        del table[kind]

    def nobody_needs_a_clue(self, actor: int) -> None:
        """``actor`` discarded while clues were available: every other player who knows no playable
        card has none (else ``actor`` would have clued them)."""
        playable = self.board.playable
        for seat, hand in enumerate(self.hands):
            if seat != actor and not self.knows_playable(seat):
                for i, table in enumerate(hand):
                    hand[i] = narrowed(table, ~playable)

    def knows_playable(self, seat: int) -> bool:
        playable = self.board.playable
        return any(all((playable >> k) & 1 for k in table) for table in self.hands[seat])

    # ------------------------------------------------------------------ hat numbers
    def pack(self, hand: list[CardTable], kinds: Sequence[int], cap: int) -> int:
        """The giver's number, below ``cap``, for a hand whose tables are ``hand`` (one of ``hands``,
        or a copy when the giver only weighs a clue) and whose cards are ``kinds``; narrows ``hand``
        by the answers, as every reader will."""
        packer = Packer(cap)
        while True:
            question = next_question(hand, self.board, packer.room())
            if question is None:
                return packer.value
            answer = question.answer(kinds)
            question.learn(answer, hand)
            packer.put(answer, question.answers)

    def unpack(self, seat: int, value: int, cap: int) -> None:
        """Read ``value`` (below ``cap``) as the answers about ``seat``'s own hand, and narrow it."""
        hand = self.hands[seat]
        unpacker = Unpacker(value, cap)
        while True:
            question = next_question(hand, self.board, unpacker.room())
            if question is None:
                return
            question.learn(unpacker.take(question.answers), hand)

    def hat_sum(self, giver: int, cap: int, hands: Sequence[Sequence[int] | None], commit: bool = True) -> int:
        """The giver's hat sum for every other player (``hands[p]``: the kinds of ``p``'s cards),
        modulo ``cap``; narrows their tables by the answers (``commit=False``: leaves them as they
        are, for a giver still deciding)."""
        total = 0
        for seat in range(self.players):
            if seat != giver:
                kinds = hands[seat]
                assert kinds is not None, "the giver sees every other hand"
                tables = self.hands[seat] if commit else list(self.hands[seat])  # questions replace tables, never change one
                total += self.pack(tables, kinds, cap)
        return total % cap

    def read_hat_sum(self, giver: int, me: int, value: int, cap: int, hands: Sequence[Sequence[int] | None]) -> None:
        """A reader's side of ``hat_sum``: subtract the numbers of the hands it sees (``hands``: every
        hand but the giver's and ``me``'s), then unpack the rest as ``me``'s answers."""
        rest = value
        for seat in range(self.players):
            if seat != giver and seat != me:
                kinds = hands[seat]
                assert kinds is not None, "a reader sees every other hand"
                rest -= self.pack(self.hands[seat], kinds, cap)
        if me != giver:
            self.unpack(me, rest % cap, cap)
