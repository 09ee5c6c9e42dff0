"""Sequence at a table (``cardforge play sequence``): the printed board with each team's chips on
their spaces, every hand (only one's own face up), the discard piles, the draw deck.

Every space of the board is a place a seat can click (``r3c4``, as the actions say it): a click
offers the plays that put a chip there or take one away. A card in hand is named by its code
(``7H``): both copies of a card do the same.
"""

from __future__ import annotations

from typing import Any

from generator.sim.tableview import Placed, ShownCard, ShownTable, ShownZone

from ..faces import BOARD_BORDER_MM, BOARD_CELL_MM
from .board import CORNER
from .engine import SequenceEngine, SequenceState

BACK = "deck"
"""The component whose back a face-down card shows."""
CHIP_MM = 24.0
"""A chip's size on a space (the printed chips are a token's size: drawn smaller than the space)."""


class SequencePresenter:
    """How a Sequence game shows itself (``generator.sim.tableview.Presenter``)."""

    def __init__(self, engine: SequenceEngine) -> None:
        self.engine = engine
        self.chips = [chip.key for chip in engine.definition.chips]

    def _space(self, cell: int) -> str:
        columns = self.engine.geometry.columns
        return f"r{cell // columns}c{cell % columns}"

    def table(self, state: SequenceState, seat: int | None) -> ShownTable:
        engine, geo = self.engine, state.geo
        codes = geo.codes
        placed = []
        for cell, owner in enumerate(state.board):
            row, column = divmod(cell, geo.columns)
            x = BOARD_BORDER_MM + (column + 0.5) * BOARD_CELL_MM
            y = BOARD_BORDER_MM + (row + 0.5) * BOARD_CELL_MM
            chip = f"chip-{self.chips[owner]}-1" if owner >= 0 else None
            label = "" if owner != CORNER else "free"
            placed.append(Placed(x, y, CHIP_MM if chip else BOARD_CELL_MM, CHIP_MM if chip else BOARD_CELL_MM, chip,
                                 self._space(cell), label))
        zones = [ShownZone("board", "board", None, "public", (ShownCard("board", "board", None),), "board",
                           tuple(placed)),
                 ShownZone("deck", "deck", None, "hidden", tuple(ShownCard(None, None, BACK) for _ in state.deck), "pile")]
        for player, hand in enumerate(state.hands):
            seen = seat is None or seat == player
            cards = tuple(ShownCard(codes[card], f"{codes[card]}-1", BACK) if seen else ShownCard(None, None, BACK)
                          for card in hand)
            zones.append(ShownZone(f"hand:{player}", "hand", player, "owner", cards, "hand"))
            zones.append(ShownZone(f"discard:{player}", "discard", player, "public",
                                   tuple(ShownCard(codes[card], f"{codes[card]}-1", BACK)
                                         for card in state.discards[player]), "pile"))
        counters = [(f"team {self.chips[team]}", f"{state.seq_count[team]} of {engine.to_win} sequences, "
                     f"{state.chips_left[team]} chips left") for team in range(engine.teams)]
        if engine.teams < engine.players:
            counters += [(f"player {seat_ + 1}", f"team {self.chips[engine.team_of(seat_)]}")
                         for seat_ in range(engine.players)]
        scores = tuple(state.scores()) if state.end is not None else None
        return ShownTable(seat, engine.players, state.current_player(), tuple(zones), tuple(counters), scores)

    def words(self, state: SequenceState, action: Any) -> str:
        return state.describe(action)

    def outcome_words(self, before: SequenceState, state: SequenceState, action: Any) -> str:
        return ""

    def cards_named(self, state: SequenceState, action: Any) -> tuple[str, ...]:
        geo = state.geo
        if action < 0:
            return (geo.codes[-1 - action],)
        if action >= state.claim_base:
            run = geo.windows[action - state.claim_base]
            return tuple(self._space(cell) for cell in run)
        card, cell = divmod(action, geo.cells)
        return (geo.codes[card], self._space(cell))

    def encode(self, action: Any) -> Any:
        return action


def sequence_presenter(engine: SequenceEngine) -> SequencePresenter:
    """The Simulator's ``presenter``."""
    return SequencePresenter(engine)
