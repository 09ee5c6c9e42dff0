"""Tables precomputed once per Sequence definition: cells, card -> cells, lines of five, jacks.

Everything the engine and the bots look up on every move is a tuple indexed by small integers, so a
move costs a few list operations; the tables come from the definition (a customised board or deck is
simulated as defined), never from a hard-coded layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import FREE_CELL, JackKind, SequenceDefinition

EMPTY = -1
"""Board value of an open cell (other values: a team number, or the engine's CORNER and VOID)."""

NOT_JACK = 0
TWO_EYED = 1
ONE_EYED = 2

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""Row, column (east), column (south), diagonal (south-east) and anti-diagonal (south-west)."""


@dataclass(frozen=True, slots=True)
class Geometry:
    """The board and deck of one definition as integer tables (cell = row * columns + column)."""

    rows: int
    columns: int
    length: int
    """Chips in a line that make a sequence (``sequence_length``)."""
    codes: tuple[str, ...]
    """Card code of each card id (ids are the distinct codes of the deck, in deck order)."""
    code_id: dict[str, int]
    deck: tuple[int, ...]
    """The card id of every physical card (both decks)."""
    jack: tuple[int, ...]
    """NOT_JACK, TWO_EYED or ONE_EYED per card id."""
    cells_of: tuple[tuple[int, ...], ...]
    """The board cells printed with each card id (empty for jacks and cards not on the board)."""
    cell_code: tuple[str, ...]
    """The code printed on each cell ('' where a ragged board has no cell)."""
    corners: tuple[int, ...]
    """Free cells (``XX``): they count for every team."""
    void: tuple[int, ...]
    """Positions of a ragged board that hold no cell."""
    windows: tuple[tuple[int, ...], ...]
    """Every straight run of ``length`` cells (rows, columns, both diagonals)."""
    window_sets: tuple[frozenset[int], ...]
    windows_of: tuple[tuple[int, ...], ...]
    """The windows through each cell."""
    window_corners: tuple[int, ...]
    """How many free corners each window holds."""

    @property
    def cells(self) -> int:
        return self.rows * self.columns


def build_geometry(definition: SequenceDefinition) -> Geometry:
    """The integer tables of ``definition`` (its board, deck, jacks and sequence length)."""
    board = definition.board
    rows, columns = board.rows, board.columns
    length = definition.sequence_length
    if length < 1:
        raise ValueError(f"sequence_length must be at least 1, not {length}")
    present: dict[int, str] = {}
    for r, row in enumerate(board.cells):
        for c, printed in enumerate(row):
            present[r * columns + c] = printed.code
    cell_code = tuple(present.get(i, "") for i in range(rows * columns))
    corners = tuple(i for i, code in enumerate(cell_code) if code == FREE_CELL)
    void = tuple(i for i, code in enumerate(cell_code) if code == "")

    deck_codes = [card.code for card in definition.cards()]
    codes: list[str] = []
    code_id: dict[str, int] = {}
    for code in deck_codes:
        if code not in code_id:
            code_id[code] = len(codes)
            codes.append(code)
    deck = tuple(code_id[code] for code in deck_codes)
    jack_of = {JackKind.TWO_EYED: TWO_EYED, JackKind.ONE_EYED: ONE_EYED}
    jack = tuple(jack_of.get(definition.jack_kind(code), NOT_JACK) for code in codes)  # type: ignore[arg-type]
    cells_of = tuple(
        () if jack[i] else tuple(cell for cell, printed in enumerate(cell_code) if printed == code)
        for i, code in enumerate(codes)
    )

    windows: list[tuple[int, ...]] = []
    for dr, dc in DIRECTIONS:
        for r in range(rows):
            for c in range(columns):
                end_r, end_c = r + dr * (length - 1), c + dc * (length - 1)
                if not (0 <= end_r < rows and 0 <= end_c < columns):
                    continue
                run = tuple((r + dr * k) * columns + (c + dc * k) for k in range(length))
                if all(cell_code[cell] for cell in run):
                    windows.append(run)
    through: list[list[int]] = [[] for _ in range(rows * columns)]
    for w, run in enumerate(windows):
        for cell in run:
            through[cell].append(w)
    corner_set = set(corners)
    return Geometry(
        rows=rows,
        columns=columns,
        length=length,
        codes=tuple(codes),
        code_id=code_id,
        deck=deck,
        jack=jack,
        cells_of=cells_of,
        cell_code=cell_code,
        corners=corners,
        void=void,
        windows=tuple(windows),
        window_sets=tuple(frozenset(run) for run in windows),
        windows_of=tuple(tuple(ws) for ws in through),
        window_corners=tuple(sum(1 for cell in run if cell in corner_set) for run in windows),
    )
