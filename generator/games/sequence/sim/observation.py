"""What one seat of a Sequence game sees: its own hand and the public board, never the other hands.

The view reads the live state through ``PublicState``, the facts of it the view may show (a
protocol the engine's state meets), so this module needs no import of the engine.
"""

from __future__ import annotations

from typing import Protocol

from .table import SequenceTable


class PublicState(Protocol):
    """The parts of a game state a view reads (all public but this seat's hand)."""

    @property
    def engine(self) -> SequenceTable: ...

    hands: list[list[int]]
    board: list[int]
    window_owner: list[int]
    window_count: list[int]
    seq_overlap: list[list[int]]
    near: set[int]
    locked: list[int]
    sequences: list[tuple[int, int]]
    discards: list[list[int]]
    deck: list[int]
    chips_left: list[int]
    claim_sets: list[tuple[int, ...]]

    def _can_exchange(self) -> bool: ...

    def claim_actions(self) -> list[int]: ...


class SequenceView:
    """A seat's observation: its own hand, public facts, and read access to the public board tables.

    The tables (board, window counts, sequences) are the live state's lists: public information,
    valid until the next move; a bot must not change them. Other players' hands are not reachable."""

    __slots__ = ("seat", "team", "hand", "_state")

    def __init__(self, state: PublicState, seat: int) -> None:
        self.seat = seat
        self.team = seat % state.engine.teams
        self.hand = tuple(state.hands[seat])
        self._state = state

    @property
    def engine(self) -> SequenceTable:
        return self._state.engine

    @property
    def decision(self) -> str:
        """``play`` (a card, or a dead card's exchange) or ``claim`` (which five form a sequence)."""
        return "claim" if self._state.claim_sets else "play"

    @property
    def claim_lines(self) -> tuple[int, ...]:
        """While choosing the five: the lines (``Geometry.windows`` indexes) that may be picked next."""
        base = len(self._state.engine.geometry.codes) * self._state.engine.geometry.cells
        return tuple(action - base for action in self._state.claim_actions())

    @property
    def board(self) -> list[int]:
        return self._state.board

    @property
    def window_owner(self) -> list[int]:
        return self._state.window_owner

    @property
    def window_count(self) -> list[int]:
        return self._state.window_count

    @property
    def seq_overlap(self) -> list[list[int]]:
        return self._state.seq_overlap

    @property
    def near(self) -> set[int]:
        """Windows one chip short of a sequence (whoever holds them)."""
        return self._state.near

    @property
    def can_exchange(self) -> bool:
        """Whether a dead card may be exchanged now (rule on, not yet this turn, a card to draw)."""
        return self._state._can_exchange()

    @property
    def locked(self) -> list[int]:
        return self._state.locked

    @property
    def sequences(self) -> tuple[tuple[int, int], ...]:
        return tuple(self._state.sequences)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._state.hands)

    @property
    def discards(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(pile) for pile in self._state.discards)

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def chips_left(self) -> tuple[int, ...]:
        return tuple(self._state.chips_left)
