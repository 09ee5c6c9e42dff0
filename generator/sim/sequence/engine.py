"""The Sequence rules: deal, play a card and place or remove a chip, sequences, dead cards, the end.

Actions are integers: ``card * cells + cell`` plays card id ``card`` on ``cell`` (a chip for a
normal card or a two-eyed jack, a removal for a one-eyed jack); ``-1 - card`` exchanges a dead card
(discard it, draw another; once per turn, and the player then plays the turn as usual);
``claim_base + line`` (``claim_base = card ids x cells``) claims line of five ``line`` (an index of
``Geometry.windows``) as a sequence, a decision that follows a chip completing a line of six or
more (see below).

Choosing the five. A chip that completes a line of six or more completes several lines of five;
the player chooses which five form the sequence (``claims``: as many sequences as the chips allow,
two sequences of one team sharing at most one chip, as the rulebook allows). When more than one
choice is left the same player decides, one line at a time, before drawing; a choice that cannot
change the game (every choice wins it) is not asked.

``turns`` counts the cards played (chips placed or removed); dead-card exchanges and choices of
the five are decisions but not turns, and are counted apart in the outcome.

Decisions the rulebook leaves open (documented here and in the outcome):

- The last free cell taken without a win ends the game as a draw (``board_full``): with every cell
  taken only one-eyed jacks could still move, and a game can then cycle without end. Option
  ``full_board=continue`` plays on (jacks free and take cells) until a win, everyone passing, or
  ``MAX_TURNS``; at three players (three teams) that turns most heuristic draws into wins, in games
  about five times as long.
- A player who has no legal action (every card dead and no exchange left, no chips left...) passes.
  If every player passes in a row the game ends as a draw (``blocked``).
- With the advanced rule a one-eyed jack may take a chip of a completed sequence: that sequence is
  broken (it no longer counts; its other chips stay on the board). The chips left are then checked
  again: five of that team still in a row (a sequence of six broken at its end) are a sequence
  again, chosen by that team's next player in turn order when there is a choice.
- The draw deck runs out: ``deck_exhausted=reshuffle`` shuffles every discard pile into a new deck;
  ``draw`` ends the game as a draw as soon as a player must draw from an empty deck.
- A game still running after ``MAX_TURNS`` decisions ends as a draw (``turn_limit``); random play on
  the standard board stays far below it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ...model import OptionValue
from ...model.sequence import SequenceDefinition
from ..api import TERMINAL, IllegalAction, InvariantError
from .actions import LegalActions, removable_cells
from .claims import claim_options
from .geometry import EMPTY, NOT_JACK, ONE_EYED, TWO_EYED, Geometry
from .observation import SequenceView
from .table import SequenceTable, geometry_for, resolve_teams

__all__ = ["SequenceEngine", "SequenceState", "make_engine", "geometry_for", "resolve_teams", "EMPTY"]

CORNER = -2
VOID = -3
MIXED = -2
"""``window_owner`` of a window holding chips of two teams or more (dead for everyone)."""
MAX_TURNS = 2000

END_WIN = "sequences"
END_DECK = "deck_exhausted"
END_BLOCKED = "blocked"
END_FULL = "board_full"
END_TURN_LIMIT = "turn_limit"

@dataclass(frozen=True, slots=True)
class SequenceEngine(SequenceTable):
    """One Sequence table that deals games (implements ``api.Engine``)."""

    def new_game(self, rng: random.Random) -> "SequenceState":
        """Shuffle the two decks with ``rng`` and deal ``hand_size`` cards to each player."""
        return SequenceState.deal(self, rng)


def make_engine(definition: SequenceDefinition, players: int, options: Mapping[str, OptionValue], **extra: Any) -> SequenceEngine:
    """The Simulator's ``make_engine``: checks the table and reads the rule options."""
    if extra:
        raise ValueError(f"Sequence takes no extra settings ({', '.join(sorted(extra))})")
    if not isinstance(definition, SequenceDefinition):
        raise ValueError(f"'{definition.info.id}' is not a Sequence definition")
    engine = SequenceEngine.build(definition, players, options)
    assert isinstance(engine, SequenceEngine)
    return engine


class SequenceState:
    """A game in progress, mutated in place; window tables are kept up to date move by move."""

    __slots__ = (
        "engine", "geo", "rng", "board", "own", "occupied", "window_owner", "window_count",
        "seq_overlap", "locked", "sequences", "seq_count", "chips_left", "hands", "deck", "discards",
        "player", "_turns", "exchanged", "winner", "end", "jack_use", "exchanges", "passes",
        "reshuffles", "broken", "free", "near", "claim_base", "claim_seat", "claim_team", "claim_sets",
        "claim_placed", "claim_after_break", "choices", "long_lines", "remade",
    )

    engine: SequenceEngine
    geo: Geometry
    rng: random.Random
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
    hands: list[list[int]]
    deck: list[int]
    discards: list[list[int]]
    player: int
    _turns: int
    exchanged: bool
    winner: int | None
    end: str | None
    jack_use: dict[str, list[int]]
    exchanges: list[int]
    passes: int
    reshuffles: int
    broken: int
    free: int
    near: set[int]
    claim_base: int
    """The action of line 0 when choosing the five (card ids x cells)."""
    claim_seat: int
    claim_team: int
    claim_sets: list[tuple[int, ...]]
    """The choices of lines left while a player chooses the five (empty otherwise)."""
    claim_placed: bool
    claim_after_break: bool
    choices: int
    long_lines: int
    remade: int

    @classmethod
    def deal(cls, engine: SequenceEngine, rng: random.Random) -> "SequenceState":
        geo = engine.geometry
        state = cls.__new__(cls)
        state.engine = engine
        state.geo = geo
        state.rng = rng
        board = [EMPTY] * geo.cells
        for cell in geo.corners:
            board[cell] = CORNER
        for cell in geo.void:
            board[cell] = VOID
        state.board = board
        state.free = board.count(EMPTY)
        nwin = len(geo.windows)
        state.own = [[0] * nwin for _ in range(engine.teams)]
        state.occupied = [0] * nwin
        state.window_owner = [EMPTY] * nwin
        state.window_count = list(geo.window_corners)
        state.near = {w for w, corners in enumerate(geo.window_corners) if corners == geo.length - 1}
        state.seq_overlap = [[0] * nwin for _ in range(engine.teams)]
        state.locked = [0] * geo.cells
        state.sequences = []
        state.seq_count = [0] * engine.teams
        state.chips_left = list(engine.chips)
        deck = list(geo.deck)
        rng.shuffle(deck)
        state.hands = []
        for _ in range(engine.players):
            state.hands.append(deck[len(deck) - engine.hand_size:])
            del deck[len(deck) - engine.hand_size:]
        state.deck = deck
        state.discards = [[] for _ in range(engine.players)]
        state.player = 0
        state._turns = 0
        state.exchanged = False
        state.winner = None
        state.end = None
        state.jack_use = {"two_eyed": [0] * engine.teams, "one_eyed": [0] * engine.teams}
        state.exchanges = [0] * engine.players
        state.passes = 0
        state.reshuffles = 0
        state.broken = 0
        state.claim_base = len(geo.codes) * geo.cells
        state.claim_seat = -1
        state.claim_team = -1
        state.claim_sets = []
        state.claim_placed = False
        state.claim_after_break = False
        state.choices = 0
        state.long_lines = 0
        state.remade = 0
        if not state._has_move(0):
            state._advance()
        return state

    # ----- the GameState protocol -------------------------------------------------------------

    def current_player(self) -> int:
        if self.end is not None:
            return TERMINAL
        return self.claim_seat if self.claim_sets else self.player

    def is_terminal(self) -> bool:
        return self.end is not None

    @property
    def turns(self) -> int:
        return self._turns

    def legal_actions(self) -> Sequence[int]:
        """Every legal action of the current player, card by card in hand order, exchanges last;
        while the five of a sequence are being chosen, the lines still to choose from.

        A snapshot of the decision (hand, board, flags) listed on first use: a bot that builds its
        move from the observation never pays for the list, which stays right after later moves."""
        if self.claim_sets:
            return self.claim_actions()
        return LegalActions(self._snapshot())

    def list_actions(self) -> list[int]:
        """The legal actions as a plain list."""
        return list(self.legal_actions())

    def claim_actions(self) -> list[int]:
        """The lines the chooser may claim next (as actions), in line order: those in some choice
        left but not in all (a line every choice holds is claimed anyway)."""
        sets = [set(option) for option in self.claim_sets]
        lines = sorted(set().union(*sets) - sets[0].intersection(*sets[1:])) if sets else []
        return [self.claim_base + w for w in lines]

    def _snapshot(self) -> tuple[Any, ...]:
        """What the legal actions depend on, copied (the board lists are copied at C speed)."""
        if self.end is not None:
            return ()
        team = self.player % self.engine.teams
        return (
            self.geo, tuple(self.hands[self.player]), self.board[:], self.locked[:], team,
            self.engine.teams, self.chips_left[team] > 0, self.engine.advanced, self._can_exchange(),
        )

    def is_legal(self, action: Any) -> bool:
        """Whether ``action`` is legal now (checked directly, without listing every action)."""
        if self.end is not None or type(action) is not int:
            return False
        if self.claim_sets:
            return action in self.claim_actions()
        geo = self.geo
        hand = self.hands[self.player]
        if action < 0:
            card = -1 - action
            return card < len(geo.codes) and card in hand and self._is_dead(card) and self._can_exchange()
        card, cell = divmod(action, geo.cells)
        if card >= len(geo.codes) or card not in hand:
            return False
        team = self.player % self.engine.teams
        kind = geo.jack[card]
        if kind == ONE_EYED:
            owner = self.board[cell]
            return owner >= 0 and owner != team and (self.engine.advanced or not self.locked[cell])
        if self.chips_left[team] <= 0 or self.board[cell] != EMPTY:
            return False
        return kind == TWO_EYED or cell in geo.cells_of[card]

    def apply(self, action: Any) -> None:
        """Play ``action`` for the current player (see the module docstring for the encoding)."""
        if not self.is_legal(action):
            raise IllegalAction(f"{self.describe(action)} is not legal for seat {self.player} now")
        seat = self.player
        if self.claim_sets:
            self._choose_line(action - self.claim_base)
            return
        hand = self.hands[seat]
        if action < 0:
            card = -1 - action
            hand.remove(card)
            self.discards[seat].append(card)
            self.exchanges[seat] += 1
            self.exchanged = True
            self._draw(seat)
            if self.end is None and not self._has_move(seat):
                self._advance()
            return
        self._turns += 1
        geo = self.geo
        card, cell = divmod(action, geo.cells)
        hand.remove(card)
        self.discards[seat].append(card)
        team = seat % self.engine.teams
        if geo.jack[card] == ONE_EYED:
            self.jack_use["one_eyed"][team] += 1
            self._remove(cell)
            self.claim_placed = False
        else:
            if geo.jack[card] == TWO_EYED:
                self.jack_use["two_eyed"][team] += 1
            self._place(cell, team)
            self.claim_placed = True
        if not self.claim_sets:
            self._end_turn()

    def _end_turn(self) -> None:
        """After the card's chip (and the choice of any sequence): full board, draw, next player."""
        if self.end is None and self.claim_placed and self.free == 0 and self.engine.full_board_draws:
            self._finish(END_FULL, None)
        if self.end is not None:
            return
        self._draw(self.player)
        if self.end is None:
            self._advance()

    def scores(self) -> list[float]:
        """1 for each seat of the winning team, 0 for the others; 0.5 for everyone in a draw."""
        if self.winner is None:
            return [0.5 if self.end is not None else 0.0] * self.engine.players
        teams = self.engine.teams
        return [1.0 if seat % teams == self.winner else 0.0 for seat in range(self.engine.players)]

    def observation(self, seat: int) -> SequenceView:
        """What ``seat`` sees: the board, the discard piles, its own hand and the others' hand sizes."""
        return SequenceView(self, seat)

    def outcome(self) -> dict[str, Any]:
        """End reason, winning team, sequences per team, jack use, dead-card exchanges, passes, choices
        of the five asked (``sequence_choices``; ``lines_with_a_choice`` also counts those not asked
        because every choice won) and sequences found again after a break."""
        return {
            "end": self.end,
            "winner_team": self.winner,
            "teams": self.engine.teams,
            "sequences": list(self.seq_count),
            "two_eyed_jacks": list(self.jack_use["two_eyed"]),
            "one_eyed_jacks": list(self.jack_use["one_eyed"]),
            "dead_card_exchanges": list(self.exchanges),
            "passes": self.passes,
            "reshuffles": self.reshuffles,
            "broken_sequences": self.broken,
            "sequences_after_break": self.remade,
            "sequence_choices": self.choices,
            "lines_with_a_choice": self.long_lines,
            "chips_on_board": [self.engine.chips[t] - self.chips_left[t] for t in range(self.engine.teams)],
        }

    def clone(self) -> "SequenceState":
        other = SequenceState.__new__(SequenceState)
        other.engine = self.engine
        other.geo = self.geo
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
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
        other.hands = [list(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.discards = [list(pile) for pile in self.discards]
        other.player = self.player
        other._turns = self._turns
        other.exchanged = self.exchanged
        other.winner = self.winner
        other.end = self.end
        other.jack_use = {key: list(value) for key, value in self.jack_use.items()}
        other.exchanges = list(self.exchanges)
        other.passes = self.passes
        other.reshuffles = self.reshuffles
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
        return other

    def describe(self, action: Any) -> str:
        """An action in words (``play 7H on r3c4``, ``one-eyed JS removes r2c2``, ``exchange dead 5C``,
        ``sequence r5c0-r5c4``)."""
        if type(action) is not int:
            return f"action {action!r}"
        geo = self.geo
        if action < 0:
            card = -1 - action
            return f"exchange dead {geo.codes[card]}" if card < len(geo.codes) else f"action {action}"
        if self.claim_base <= action < self.claim_base + len(geo.windows):
            run = geo.windows[action - self.claim_base]
            ends = [f"r{cell // geo.columns}c{cell % geo.columns}" for cell in (run[0], run[-1])]
            return f"sequence {ends[0]}-{ends[1]}"
        card, cell = divmod(action, geo.cells)
        if card >= len(geo.codes):
            return f"action {action}"
        where = f"r{cell // geo.columns}c{cell % geo.columns}"
        kind = geo.jack[card]
        if kind == ONE_EYED:
            return f"one-eyed {geo.codes[card]} removes {where}"
        return f"{'two-eyed ' if kind == TWO_EYED else ''}play {geo.codes[card]} on {where}"

    def check_invariants(self) -> None:
        """Cards conserved, chips within each supply, window tables and sequences consistent."""
        geo, engine = self.geo, self.engine
        cards = list(self.deck)
        for hand in self.hands:
            cards.extend(hand)
        for pile in self.discards:
            cards.extend(pile)
        if sorted(cards) != sorted(geo.deck):
            raise InvariantError("cards are not conserved (deck + hands + discards != the two decks)")
        for seat, hand in enumerate(self.hands):
            if len(hand) > engine.hand_size:
                raise InvariantError(f"seat {seat} holds {len(hand)} cards, more than {engine.hand_size}")
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

    # ----- rules ------------------------------------------------------------------------------

    def _removable(self, team: int) -> list[int]:
        return removable_cells(self.board, self.locked, team, self.engine.teams, self.engine.advanced)

    def _is_dead(self, card: int) -> bool:
        geo = self.geo
        if geo.jack[card] != NOT_JACK:
            return False
        board = self.board
        for cell in geo.cells_of[card]:
            if board[cell] == EMPTY:
                return False
        return True

    def _can_exchange(self) -> bool:
        if not self.engine.exchange or self.exchanged:
            return False
        if self.deck:
            return True
        if not self.engine.reshuffle:
            return False
        return any(self.discards)

    def _has_move(self, seat: int) -> bool:
        """Whether ``seat`` (about to act) has any legal action; cheap in the usual case."""
        geo, board = self.geo, self.board
        team = seat % self.engine.teams
        has_chips = self.chips_left[team] > 0
        dead = False
        for card in self.hands[seat]:
            kind = geo.jack[card]
            if kind == NOT_JACK:
                free = False
                for cell in geo.cells_of[card]:
                    if board[cell] == EMPTY:
                        free = True
                        break
                if free:
                    if has_chips:
                        return True
                else:
                    dead = True
            elif kind == TWO_EYED:
                if has_chips and self.free:
                    return True
            elif self._removable(team):
                return True
        return dead and self.player == seat and self._can_exchange()

    def _advance(self) -> None:
        """Pass to the next player who can act; everyone unable to act ends the game (``blocked``)."""
        if self._turns >= MAX_TURNS:
            self._finish(END_TURN_LIMIT, None)
            return
        players = self.engine.players
        seat = self.player
        for _ in range(players):
            seat = (seat + 1) % players
            self.player = seat
            self.exchanged = False
            if self._has_move(seat):
                return
            self.passes += 1
        self._finish(END_BLOCKED, None)

    def _draw(self, seat: int) -> None:
        deck = self.deck
        if not deck:
            if not self.engine.reshuffle:
                self._finish(END_DECK, None)
                return
            for pile in self.discards:
                deck.extend(pile)
                pile.clear()
            if not deck:
                return
            self.rng.shuffle(deck)
            self.reshuffles += 1
        self.hands[seat].append(deck.pop())

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
