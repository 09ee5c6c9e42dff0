"""Sequence bots: ``random`` (any legal action, the shared bot) and ``heuristic`` (lines, blocks,
jacks kept for need).

The heuristic bot, per turn:

1. exchanges a dead card when it may (a free improvement of the hand);
2. scores every natural placement (a card on one of its free cells) by the lines through the cell:
   its own open lines grow in value steeply with their length, opponents' open lines are worth
   blocking in the same way; a placement that completes a sequence beats everything;
3. keeps its jacks unless they matter: a two-eyed jack completes a sequence no card in hand can
   complete, or blocks an opponent's line one chip short of a sequence that no card can block;
   a one-eyed jack breaks such a line by removing one of its chips (not part of a sequence);
4. plays the best natural placement, or, holding only jacks, the best jack move;
5. when a chip completes a line of six or more, it picks the five that leave the most for a second
   sequence: the lines still open to its team beside the sequences it would then hold (a chip of
   the first may serve in the second), valued as placements are.

It reads only its observation (its hand and the public board), never the other hands.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.sim.api import Action, BotFactory
from generator.sim.base import bot_table, no_parameter
from .claims import compatible
from .geometry import EMPTY, NOT_JACK, TWO_EYED
from .observation import SequenceView
from .table import SequenceTable


class HeuristicBot:
    """Extends its lines, blocks near-sequences, saves jacks for sequences and blocks (see module)."""

    name = "heuristic"

    def __init__(self, engine: SequenceTable) -> None:
        geo = engine.geometry
        length = geo.length
        self.cells = geo.cells
        self.length = length
        self.windows = geo.windows
        self.windows_of = geo.windows_of
        self.cells_of = geo.cells_of
        self.jack = geo.jack
        self.window_sets = geo.window_sets
        self.claim_base = len(geo.codes) * geo.cells
        self.win_value = 10 ** 6
        self.block_value = 10 ** 5
        # Value of adding a chip to a window already holding k of one's own (corners included).
        self.mine = [4 ** k for k in range(length)] + [0]
        self.mine[length - 1] = self.win_value
        # Value of putting a chip into an opponent's open window holding k of theirs.
        self.block = [0] + [3 ** k for k in range(1, length)] + [0]
        self.block[length - 1] = self.block_value
        if length >= 2:
            self.block[length - 2] = max(self.block[length - 2], 4 ** (length - 1))

    def cell_value(self, view: SequenceView, cell: int) -> int:
        """What a chip of the bot's team on ``cell`` is worth (own lines extended, others blocked)."""
        team = view.team
        owner, count, overlap = view.window_owner, view.window_count, view.seq_overlap[team]
        mine, block = self.mine, self.block
        value = 0
        for w in self.windows_of[cell]:
            o = owner[w]
            if o == EMPTY or o == team:
                if overlap[w] <= 1:
                    value += mine[count[w]]
            elif o >= 0:
                value += block[count[w]]
        return value

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        view: SequenceView = observation
        if view.decision == "claim":
            return self.claim_base + self.pick_five(view, view.claim_lines)
        board, jack, cells = view.board, self.jack, self.cells
        team = view.team
        best_action, best_value = None, -1
        two_eyed = one_eyed = -1
        seen = set()
        can_place = view.chips_left[team] > 0
        exchange = -1
        for card in view.hand:
            if card in seen:
                continue
            seen.add(card)
            kind = jack[card]
            if kind == NOT_JACK:
                dead = True
                for cell in self.cells_of[card]:
                    if board[cell] == EMPTY and can_place:
                        dead = False
                        value = self.cell_value(view, cell)
                        if value > best_value:
                            best_action, best_value = card * cells + cell, value
                    elif board[cell] == EMPTY:
                        dead = False
                if dead and exchange < 0:
                    exchange = card
            elif kind == TWO_EYED:
                if can_place:
                    two_eyed = card
            else:
                one_eyed = card
        if exchange >= 0 and view.can_exchange:
            return -1 - exchange
        if best_value >= self.win_value:
            return best_action
        if two_eyed >= 0 or one_eyed >= 0:
            action = self._jack_move(view, two_eyed, one_eyed, best_value, best_action is None)
            if action is not None:
                return action
        if best_action is not None:
            return best_action
        return legal[rng.randrange(len(legal))]

    def pick_five(self, view: SequenceView, lines: Sequence[int]) -> int:
        """The line to claim that leaves the most for a second sequence (the first such line on a tie)."""
        team = view.team
        owner, count = view.window_owner, view.window_count
        mine = [4 ** k for k in range(self.length)]
        own = [w for t, w in view.sequences if t == team]

        def left(line: int) -> int:
            """What the team's open lines are worth beside its sequences once ``line`` is one."""
            held = own + [line]
            return sum(mine[count[x]] for x in range(len(self.windows))
                       if (owner[x] == EMPTY or owner[x] == team) and count[x] < self.length
                       and all(compatible(self.window_sets, x, s) for s in held))

        return max(lines, key=lambda line: (left(line), -line))

    def _jack_move(self, view: SequenceView, two_eyed: int, one_eyed: int, natural: int, forced: bool) -> Action | None:
        """A jack move when it matters (or when only jacks can be played), else None."""
        team, board, cells = view.team, view.board, self.cells
        owner, overlap = view.window_owner, view.seq_overlap[team]
        win_cell = threat_window = -1
        for w in sorted(view.near):
            run = self.windows[w]
            o = owner[w]
            if (o == EMPTY or o == team) and overlap[w] <= 1:
                if win_cell < 0:
                    win_cell = next(cell for cell in run if board[cell] == EMPTY)
            elif o >= 0 and threat_window < 0:
                threat_window = w
        if two_eyed >= 0 and win_cell >= 0:
            return two_eyed * cells + win_cell
        if threat_window >= 0 and natural < self.block_value:
            if two_eyed >= 0:
                cell = next(c for c in self.windows[threat_window] if board[c] == EMPTY)
                return two_eyed * cells + cell
            if one_eyed >= 0:
                target = self._removal(view, self.windows[threat_window])
                if target >= 0:
                    return one_eyed * cells + target
        if not forced:
            return None
        if two_eyed >= 0:
            empty = [cell for cell, o in enumerate(board) if o == EMPTY]
            if empty:
                return two_eyed * cells + max(empty, key=lambda cell: self.cell_value(view, cell))
        if one_eyed >= 0:
            target = self._removal(view, range(len(board)))
            if target >= 0:
                return one_eyed * cells + target
        return None

    def _removal(self, view: SequenceView, candidates: Any) -> int:
        """The removable opponent chip among ``candidates`` whose lines are strongest, or -1."""
        team, board, locked = view.team, view.board, view.locked
        advanced = view.engine.advanced
        owner, count = view.window_owner, view.window_count
        best, best_value = -1, -1
        for cell in candidates:
            o = board[cell]
            if o < 0 or o == team or (locked[cell] and not advanced):
                continue
            value = sum(4 ** count[w] for w in self.windows_of[cell] if owner[w] == o)
            if value > best_value:
                best, best_value = cell, value
        return best


def make_heuristic(param: str | None, seat: int, engine: SequenceTable) -> HeuristicBot:
    """The ``heuristic`` bot (takes no parameter)."""
    no_parameter("the heuristic bot", param)
    return HeuristicBot(engine)


BOTS: dict[str, BotFactory] = bot_table(heuristic=make_heuristic)
"""``random`` (the shared one, ``generator.sim.base``) and ``heuristic``."""
BEST = "heuristic"
