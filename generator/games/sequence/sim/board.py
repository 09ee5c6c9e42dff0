"""The chips on a Sequence board: window tables kept up to date chip by chip, completed sequences,
the choice of the five of a long line, and breaking a sequence (advanced rule).

``SequenceBoard`` is the base of the game state (``engine.SequenceState`` adds cards, hands and
the order of play). A chip placed or removed updates the tables of every line of five through its
cell, so finding a sequence or a near-sequence costs a few list operations.
"""

from __future__ import annotations

from typing import Sequence

from generator.sim.api import InvariantError
from .claims import claim_options
from .geometry import EMPTY, Geometry
from .table import SequenceTable

CORNER = -2
VOID = -3
MIXED = -2
"""``window_owner`` of a window holding chips of two teams or more (dead for everyone)."""

END_WIN = "sequences"
END_DECK = "deck_exhausted"
END_BLOCKED = "blocked"
END_FULL = "board_full"
END_TURN_LIMIT = "turn_limit"


class SequenceBoard:
    """The board part of a game in progress: chips, window tables, sequences, the pending choice."""

    __slots__ = (
        "engine", "geo", "board", "own", "occupied", "window_owner", "window_count", "seq_overlap",
        "locked", "sequences", "seq_count", "chips_left", "free", "near", "player", "winner", "end",
        "broken", "claim_base", "claim_seat", "claim_team", "claim_sets", "claim_placed",
        "claim_after_break", "choices", "long_lines", "remade",
    )

    engine: SequenceTable
    geo: Geometry
    board: list[int]
    own: list[list[int]]
    occupied: list[int]
    window_owner: list[int]
    window_count: list[int]
    seq_overlap: list[list[int]]
    locked: list[int]
    sequences: list[tuple[int, int]]
    """(team, line) of every completed sequence."""
    seq_count: list[int]
    chips_left: list[int]
    free: int
    near: set[int]
    player: int
    """The seat whose turn it is."""
    winner: int | None
    end: str | None
    broken: int
    claim_base: int
    """The action of line 0 when choosing the five (card ids x cells)."""
    claim_seat: int
    claim_team: int
    claim_sets: list[tuple[int, ...]]
    """The choices of lines left while a player chooses the five (empty otherwise)."""
    claim_placed: bool
    """Whether the turn's card placed a chip (else it removed one)."""
    claim_after_break: bool
    choices: int
    long_lines: int
    remade: int

    def set_up_board(self, engine: SequenceTable) -> None:
        """An empty board (free corners, no chip) for ``engine``'s table."""
        geo = engine.geometry
        self.engine = engine
        self.geo = geo
        board = [EMPTY] * geo.cells
        for cell in geo.corners:
            board[cell] = CORNER
        for cell in geo.void:
            board[cell] = VOID
        self.board = board
        self.free = board.count(EMPTY)
        nwin = len(geo.windows)
        self.own = [[0] * nwin for _ in range(engine.teams)]
        self.occupied = [0] * nwin
        self.window_owner = [EMPTY] * nwin
        self.window_count = list(geo.window_corners)
        self.near = {w for w, corners in enumerate(geo.window_corners) if corners == geo.length - 1}
        self.seq_overlap = [[0] * nwin for _ in range(engine.teams)]
        self.locked = [0] * geo.cells
        self.sequences = []
        self.seq_count = [0] * engine.teams
        self.chips_left = list(engine.chips)
        self.player = 0
        self.winner = None
        self.end = None
        self.broken = 0
        self.claim_base = len(geo.codes) * geo.cells
        self.claim_seat = -1
        self.claim_team = -1
        self.claim_sets = []
        self.claim_placed = False
        self.claim_after_break = False
        self.choices = 0
        self.long_lines = 0
        self.remade = 0

    def copy_board(self, other: "SequenceBoard") -> None:
        """Make ``other`` an independent copy of this board (``clone``)."""
        other.engine = self.engine
        other.geo = self.geo
        other.board = list(self.board)
        other.free = self.free
        other.own = [list(row) for row in self.own]
        other.occupied = list(self.occupied)
        other.window_owner = list(self.window_owner)
        other.window_count = list(self.window_count)
        other.near = set(self.near)
        other.seq_overlap = [list(row) for row in self.seq_overlap]
        other.locked = list(self.locked)
        other.sequences = list(self.sequences)
        other.seq_count = list(self.seq_count)
        other.chips_left = list(self.chips_left)
        other.player = self.player
        other.winner = self.winner
        other.end = self.end
        other.broken = self.broken
        other.claim_base = self.claim_base
        other.claim_seat = self.claim_seat
        other.claim_team = self.claim_team
        other.claim_sets = list(self.claim_sets)
        other.claim_placed = self.claim_placed
        other.claim_after_break = self.claim_after_break
        other.choices = self.choices
        other.long_lines = self.long_lines
        other.remade = self.remade

    def _end_turn(self) -> None:
        """What follows a card's chip and any choice of the five (the state draws and moves on)."""
        raise NotImplementedError

    def claim_actions(self) -> list[int]:
        """The lines the chooser may claim next (as actions), in line order: those in some choice
        left but not in all (a line every choice holds is claimed anyway)."""
        sets = [set(option) for option in self.claim_sets]
        lines = sorted(set().union(*sets) - sets[0].intersection(*sets[1:])) if sets else []
        return [self.claim_base + w for w in lines]

    def _finish(self, reason: str, winner: int | None) -> None:
        self.end = reason
        self.winner = winner

    def _place(self, cell: int, team: int) -> None:
        """A chip of ``team`` on ``cell``: update the windows through it, record new sequences."""
        geo = self.geo
        self.board[cell] = team
        self.free -= 1
        self.chips_left[team] -= 1
        own = self.own[team]
        occupied, owner, count = self.occupied, self.window_owner, self.window_count
        length = geo.length
        near = self.near
        complete: list[int] | None = None
        for w in geo.windows_of[cell]:
            own[w] += 1
            occupied[w] += 1
            k = count[w] = count[w] + 1
            if k == length - 1:
                near.add(w)
            elif k == length:
                near.discard(w)
            current = owner[w]
            if current == EMPTY:
                owner[w] = team
            elif current != team:
                owner[w] = MIXED
                continue
            if count[w] == length:
                if complete is None:
                    complete = [w]
                else:
                    complete.append(w)
        if complete is not None:
            self._offer_claims(team, complete, after_break=False)

    def _chooser(self, team: int) -> int:
        """The player who chooses for ``team``: the player to act if of that team, else the team's
        next player in turn order."""
        players, teams = self.engine.players, self.engine.teams
        for step in range(players):
            seat = (self.player + step) % players
            if seat % teams == team:
                return seat
        raise AssertionError(f"no seat plays for team {team}")

    def _offer_claims(self, team: int, candidates: Sequence[int], after_break: bool) -> None:
        """Claim the largest set of the full lines ``candidates`` that ``team`` may claim; when there
        is a choice that can change the game, the team's player chooses (``claim_sets`` pending)."""
        claimed = [w for t, w in self.sequences if t == team]
        options = claim_options(self.geo.window_sets, claimed, candidates)
        if not options:
            return
        if len(options) > 1:
            self.long_lines += 1
        if len(options) > 1 and self.seq_count[team] + len(options[0]) < self.engine.to_win:
            self.claim_sets = options
            self.claim_team = team
            self.claim_seat = self._chooser(team)
            self.claim_after_break = after_break
            self.choices += 1
            return
        self._claim_all(team, options[0], after_break)

    def _choose_line(self, line: int) -> None:
        """The chooser picks ``line``: the choices left are those holding it; the last one is claimed."""
        self.claim_sets = [option for option in self.claim_sets if line in option]
        if len(self.claim_sets) > 1:
            return
        (lines,) = self.claim_sets
        self.claim_sets = []
        self.claim_seat = -1
        self._claim_all(self.claim_team, lines, self.claim_after_break)
        self._end_turn()

    def _claim_all(self, team: int, lines: Sequence[int], after_break: bool) -> None:
        """Record ``lines`` as sequences of ``team``; the team wins when it has enough."""
        for w in lines:
            self.sequences.append((team, w))
            self.seq_count[team] += 1
            self._mark(team, w, 1)
        if after_break:
            self.remade += len(lines)
        if self.seq_count[team] >= self.engine.to_win:
            self._finish(END_WIN, team)

    def _mark(self, team: int, w: int, step: int) -> None:
        geo = self.geo
        overlap = self.seq_overlap[team]
        for cell in geo.windows[w]:
            self.locked[cell] += step
            for x in geo.windows_of[cell]:
                overlap[x] += step

    def _remove(self, cell: int) -> None:
        """A one-eyed jack takes the chip on ``cell`` back to its team's supply."""
        geo = self.geo
        team = self.board[cell]
        broken: list[int] = []
        if self.locked[cell]:
            for entry in [s for s in self.sequences if cell in geo.window_sets[s[1]]]:
                self.sequences.remove(entry)
                self.seq_count[entry[0]] -= 1
                self._mark(entry[0], entry[1], -1)
                self.broken += 1
                broken.append(entry[1])
        self.board[cell] = EMPTY
        self.free += 1
        self.chips_left[team] += 1
        own_by_team = self.own
        occupied, owner, count = self.occupied, self.window_owner, self.window_count
        teams = self.engine.teams
        near, length = self.near, geo.length
        for w in geo.windows_of[cell]:
            own_by_team[team][w] -= 1
            occupied[w] -= 1
            k = count[w] = count[w] - 1
            if k == length - 1:
                near.add(w)
            elif k == length - 2:
                near.discard(w)
            if occupied[w] == 0:
                owner[w] = EMPTY
            elif owner[w] == MIXED:
                holders = [t for t in range(teams) if own_by_team[t][w]]
                if len(holders) == 1:
                    owner[w] = holders[0]
        if broken:
            self._recheck(team, broken)

    def _recheck(self, team: int, broken: list[int]) -> None:
        """After a one-eyed jack broke ``team``'s sequences ``broken`` (advanced rule), the chips left
        are checked again: a full line of five of the team that no sequence of it now blocks (the
        rest of a broken line of six) is a sequence."""
        geo = self.geo
        owner, count, length = self.window_owner, self.window_count, geo.length
        claimed = {w for t, w in self.sequences if t == team}
        candidates = sorted({x for w in broken for cell in geo.windows[w] for x in geo.windows_of[cell]
                             if owner[x] == team and count[x] == length and x not in claimed})
        if candidates:
            self._offer_claims(team, candidates, after_break=True)

    def check_board(self) -> None:
        """Chips within each supply, free corners, window tables and sequences consistent."""
        geo, engine = self.geo, self.engine
        for team in range(engine.teams):
            placed = sum(1 for owner in self.board if owner == team)
            if self.chips_left[team] < 0 or placed + self.chips_left[team] != engine.chips[team]:
                raise InvariantError(f"team {team}: {placed} chips on the board and {self.chips_left[team]} left, supply {engine.chips[team]}")
        for cell in geo.corners:
            if self.board[cell] != CORNER:
                raise InvariantError(f"free corner {cell} holds a chip")
        for w, run in enumerate(geo.windows):
            owners = [self.board[cell] for cell in run if self.board[cell] >= 0]
            count = len(owners) + geo.window_corners[w]
            if self.occupied[w] != len(owners) or self.window_count[w] != count:
                raise InvariantError(f"window {w}: counts out of date")
            teams = set(owners)
            expected = EMPTY if not teams else (teams.pop() if len(teams) == 1 else MIXED)
            if self.window_owner[w] != expected:
                raise InvariantError(f"window {w}: owner {self.window_owner[w]}, expected {expected}")
        locked = [0] * geo.cells
        for team, w in self.sequences:
            for cell in geo.windows[w]:
                if self.board[cell] != team and self.board[cell] != CORNER:
                    raise InvariantError(f"sequence {geo.windows[w]} of team {team} has a cell not its own")
                locked[cell] += 1
            for other_team, other in self.sequences:
                if other != w and other_team == team and len(geo.window_sets[w] & geo.window_sets[other]) > 1:
                    raise InvariantError(f"two sequences of team {team} share more than one chip")
        if self.near != {w for w, k in enumerate(self.window_count) if k == geo.length - 1}:
            raise InvariantError("windows one chip short of a sequence out of date")
        if self.free != self.board.count(EMPTY):
            raise InvariantError("free cell count out of date")
        if locked != self.locked:
            raise InvariantError("locked cells do not match the completed sequences")
        for team in range(engine.teams):
            if self.seq_count[team] != sum(1 for t, _ in self.sequences if t == team):
                raise InvariantError(f"team {team}: sequence count out of date")
            if self.end is None and self.seq_count[team] >= engine.to_win:
                raise InvariantError(f"team {team} has won but the game goes on")
        if self.end == END_WIN and (self.winner is None or self.seq_count[self.winner] < engine.to_win):
            raise InvariantError("the game ended on sequences without a winner")
        if self.claim_sets:
            if self.end is not None or len(self.claim_sets) < 2 or self.claim_seat % engine.teams != self.claim_team:
                raise InvariantError("a choice of the five pending without two choices for the team's player")
            for option in self.claim_sets:
                for w in option:
                    if self.window_owner[w] != self.claim_team or self.window_count[w] != geo.length:
                        raise InvariantError(f"line {w} offered as a sequence is not full of the team's chips")
