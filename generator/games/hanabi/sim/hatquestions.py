"""The questions a hat clue answers about each hand, and which one to ask next.

A question has a number of answers; its giver computes the answer from the cards it sees and every
reader narrows the card tables of that hand by it. Which question comes next is a function of
public knowledge only (the hand's tables as narrowed by earlier answers, the board, the room left),
so giver and readers ask the same questions (Cox et al., "How to make the perfect fireworks
display"; the choice of questions follows hanabi.rs's information strategy):

1. while the player knows no playable card: one question "which of these cards is the first that is
   playable (or, when it knows no dead card either, dead)?", over as many cards as fit;
2. else, about a card whose chance of being playable is near 0.7: "is it playable?";
3. else, the card least likely dead: "which block of its possible kinds is it in?", its kinds dealt
   round-robin into as many blocks as fit (dead kinds in a block of their own).
"""

from __future__ import annotations

from typing import Protocol, Sequence

from .cardtable import Board, CardTable, mass, narrowed


class Question(Protocol):
    """One question about a hand."""

    @property
    def answers(self) -> int:
        """How many answers it has (at least 2)."""

    def answer(self, kinds: Sequence[int]) -> int:
        """The answer for the hand ``kinds`` (the giver sees them)."""

    def learn(self, answer: int, hand: list[CardTable]) -> None:
        """Narrow the hand's tables by ``answer``."""


class HasKinds:
    """Is card ``slot`` one of ``kinds``? (0: no, 1: yes)."""

    __slots__ = ("slot", "kinds")
    answers = 2

    def __init__(self, slot: int, kinds: int) -> None:
        self.slot, self.kinds = slot, kinds

    def answer(self, kinds: Sequence[int]) -> int:
        return (self.kinds >> kinds[self.slot]) & 1

    def learn(self, answer: int, hand: list[CardTable]) -> None:
        hand[self.slot] = narrowed(hand[self.slot], self.kinds if answer else ~self.kinds)


class FirstYes:
    """Which of these yes/no questions is the first answered yes? (0: none, i: the i-th)."""

    __slots__ = ("questions", "answers")

    def __init__(self, questions: Sequence[HasKinds]) -> None:
        self.questions = tuple(questions)
        self.answers = len(self.questions) + 1

    def answer(self, kinds: Sequence[int]) -> int:
        for i, question in enumerate(self.questions):
            if question.answer(kinds):
                return i + 1
        return 0

    def learn(self, answer: int, hand: list[CardTable]) -> None:
        for i, question in enumerate(self.questions):
            if i + 1 == answer:
                question.learn(1, hand)
                return
            question.learn(0, hand)


class Partition:
    """Which block of card ``slot``'s possible kinds is it in?"""

    __slots__ = ("slot", "block", "answers")

    def __init__(self, slot: int, table: CardTable, room: int, dead: int) -> None:
        self.slot = slot
        live = sorted(k for k in table if not (dead >> k) & 1)
        has_dead = len(live) < len(table)
        blocks = room - 1 if has_dead else room
        self.block: dict[int, int] = {kind: i % blocks for i, kind in enumerate(live)}
        count = min(len(live), blocks)
        if has_dead:
            for kind in table:
                if (dead >> kind) & 1:
                    self.block[kind] = count
            count += 1
        self.answers = count

    def answer(self, kinds: Sequence[int]) -> int:
        return self.block.get(kinds[self.slot], 0)

    def learn(self, answer: int, hand: list[CardTable]) -> None:
        kinds = 0
        for kind, block in self.block.items():
            if block == answer:
                kinds |= 1 << kind
        hand[self.slot] = narrowed(hand[self.slot], kinds)


def next_question(hand: Sequence[CardTable], board: Board, room: int) -> Question | None:
    """The next question to ask about ``hand`` when at most ``room`` answers fit, or None (nothing
    fits, or nothing is worth asking). Public knowledge only: giver and readers call it alike."""
    if room < 2:
        return None
    playable, dead = board.playable, board.dead
    facts = []
    for slot, table in enumerate(hand):
        yes_play, total = mass(table, playable)
        yes_dead, _ = mass(table, dead)
        facts.append((slot, yes_play / total if total else 0.0, yes_dead / total if total else 0.0))
    knows_playable = any(p == 1.0 for _, p, _ in facts)
    knows_dead = any(d == 1.0 for _, _, d in facts)
    open_cards = [f for f in facts if f[2] != 1.0 and len(hand[f[0]]) > 1]

    if not knows_playable:
        asks: list[tuple[bool, int, float]] = [(False, slot, p) for slot, p, _ in open_cards if p > 0.0]
        if not knows_dead:
            asks += [(True, slot, d) for slot, _, d in open_cards if d > 0.0]
        if len(asks) > room - 1:
            asks.sort(key=lambda a: (a[0], -a[2]))  # playability first, the likeliest first
            del asks[room - 1:]
        # the least likely first: finding a yes late tells the most about the cards asked before
        asks.sort(key=lambda a: (a[0], a[2]))
        if asks:
            return FirstYes([HasKinds(slot, dead if is_dead else playable) for is_dead, slot, _ in asks])

    near = [(abs(p - 0.7), slot) for slot, p, _ in open_cards if abs(p - 0.7) < 0.2]
    if near:
        return HasKinds(min(near)[1], playable)
    if open_cards:
        slot = min((d, slot) for slot, _, d in open_cards)[1]
        return Partition(slot, hand[slot], room, dead)
    return None
