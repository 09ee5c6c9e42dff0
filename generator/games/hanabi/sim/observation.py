"""What one Hanabi seat sees: the others' cards, every card's clue knowledge, the table; never its own faces.

Clue knowledge of a card is one int: bit ``s`` set while the card may still be of suit ``s``, bit
``RANK_SHIFT + r - 1`` while it may still be of rank ``r``, and ``TOUCHED`` once a clue touched it.
"""

from __future__ import annotations

from typing import Any

RANK_SHIFT = 8
TOUCHED = 1 << 16


def suit_mask(knowledge: int) -> int:
    """The suits a card may still be (bit per suit)."""
    return knowledge & 0xFF


def rank_mask(knowledge: int) -> int:
    """The ranks a card may still be (bit ``r - 1`` for rank ``r``)."""
    return (knowledge >> RANK_SHIFT) & 0xFF


class Observation:
    """A read-only snapshot for one seat (plain slots, built on every decision, so kept cheap).

    ``hands[p]`` is the tuple of card kinds of player ``p`` (None for the observer's own hand);
    ``orders[p]`` the deck orders of the cards in each hand (oldest first, public: they only say
    which physical card is where); ``knowledge[p]`` the packed clue knowledge of each of them;
    ``log`` the last turns (one per player) as ``(seat, action, detail)``, see ``HanabiState.log``.
    """

    __slots__ = ("seat", "players", "suits", "max_rank", "max_clues", "max_storms", "copies", "hands", "orders",
                 "knowledge", "fireworks", "discarded", "clues", "storms", "deck_size", "turn",
                 "final_turns", "log", "can_discard_at_max")

    def __init__(self, seat: int, engine: Any, hands: tuple[Any, ...], orders: tuple[Any, ...],
                 knowledge: tuple[Any, ...], fireworks: tuple[int, ...], discarded: tuple[int, ...], clues: int,
                 storms: int, deck_size: int, turn: int, final_turns: int, log: tuple[Any, ...]) -> None:
        self.seat = seat
        self.players = engine.players
        self.suits = engine.suits
        self.max_rank = engine.max_rank
        self.max_clues = engine.max_clues
        self.max_storms = engine.max_storms
        self.copies: tuple[int, ...] = engine.copies_t
        self.can_discard_at_max = engine.discard_at_max
        self.hands = hands
        self.orders = orders
        self.knowledge = knowledge
        self.fireworks = fireworks
        self.discarded = discarded
        self.clues = clues
        self.storms = storms
        self.deck_size = deck_size
        self.turn = turn
        self.final_turns = final_turns
        self.log = log


def unseen_copies(obs: Observation) -> list[int]:
    """Copies of each kind the seat of ``obs`` cannot see: in its own hand or in the draw pile."""
    r = obs.max_rank
    left = [c - d for c, d in zip(obs.copies, obs.discarded)]
    for s, top in enumerate(obs.fireworks):
        for rank in range(top):
            left[s * r + rank] -= 1
    for hand in obs.hands:
        if hand is not None:
            for kind in hand:
                left[kind] -= 1
    return left
