"""What one seat of a Sequence game sees: its own hand and the public board, never the other hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import SequenceEngine, SequenceState


class SequenceView:
    """A seat's observation: its own hand, public facts, and read access to the public board tables.

    The tables (board, window counts, sequences) are the live state's lists: public information,
    valid until the next move; a bot must not change them. Other players' hands are not reachable."""

    __slots__ = ("seat", "team", "hand", "_state")

    def __init__(self, state: "SequenceState", seat: int) -> None:
        self.seat = seat
        self.team = seat % state.engine.teams
        self.hand = tuple(state.hands[seat])
        self._state = state

    @property
    def engine(self) -> "SequenceEngine":
        return self._state.engine

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
