"""The legal actions of one Sequence decision, from a snapshot of the state, listed on first use.

Listing every action costs most when a jack is held (a two-eyed jack fits any of ~90 open cells);
the heuristic bot builds its move from the observation instead, so the list is made only for a
caller that looks at it.
"""

from __future__ import annotations

from collections.abc import Sequence as SequenceABC
from itertools import compress
from typing import Any, Iterator

from .geometry import EMPTY, NOT_JACK, TWO_EYED


def removable_cells(board: list[int], locked: list[int], team: int, teams: int, advanced: bool) -> list[int]:
    """Cells a one-eyed jack of ``team`` may clear: other teams' chips, outside sequences unless advanced."""
    cells = range(len(board))
    found: list[int] = []
    for other in range(teams):
        if other != team:
            found.extend(compress(cells, map(other.__eq__, board)))
    if teams > 2:
        found.sort()
    if advanced:
        return found
    return [cell for cell in found if not locked[cell]]


def _list_actions(snapshot: tuple[Any, ...]) -> list[int]:
    """The legal actions of a decision snapshot (see ``SequenceState._snapshot``)."""
    if not snapshot:
        return []
    geo, hand, board, locked, team, teams, has_chips, advanced, can_exchange = snapshot
    ncells = geo.cells
    actions: list[int] = []
    dead: list[int] = []
    empty: list[int] | None = None
    removable: list[int] | None = None
    for card in dict.fromkeys(hand):
        kind = geo.jack[card]
        base = card * ncells
        if kind == NOT_JACK:
            free = [cell for cell in geo.cells_of[card] if board[cell] == EMPTY]
            if not free:
                dead.append(card)
            elif has_chips:
                actions.extend([base + cell for cell in free])
        elif kind == TWO_EYED:
            if has_chips:
                if empty is None:
                    empty = list(compress(range(ncells), map(EMPTY.__eq__, board)))
                actions.extend(map(base.__add__, empty))
        else:
            if removable is None:
                removable = removable_cells(board, locked, team, teams, advanced)
            actions.extend(map(base.__add__, removable))
    if dead and can_exchange:
        actions.extend(-1 - card for card in dead)
    return actions


class LegalActions(SequenceABC[int]):
    """The legal actions of one decision snapshot (``SequenceState._snapshot``), listed on first use."""

    __slots__ = ("_snapshot", "_actions")

    def __init__(self, snapshot: tuple[Any, ...]) -> None:
        self._snapshot: tuple[Any, ...] | None = snapshot
        self._actions: list[int] | None = None

    def fix(self) -> list[int]:
        """The actions as a list (made once)."""
        if self._actions is None:
            assert self._snapshot is not None
            self._actions = _list_actions(self._snapshot)
            self._snapshot = None
        return self._actions

    def __len__(self) -> int:
        return len(self.fix())

    def __getitem__(self, index: Any) -> Any:
        return self.fix()[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self.fix())

    def __contains__(self, action: object) -> bool:
        return action in self.fix()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions):
            other = other.fix()
        return self.fix() == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.fix())
