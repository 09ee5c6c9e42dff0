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
the five are decisions but not turns, and are counted apart in the outcome. ``history`` keeps every
action applied, in order (what a game's trace is written from, ``trace``).

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

from generator.model import OptionValue
from ..model import SequenceDefinition
from generator.sim.api import TERMINAL, IllegalAction, InvariantError
from generator.sim.base import check_conserved, check_hands, refuse_settings
from .actions import LegalActions, removable_cells
from .board import (CORNER, END_BLOCKED, END_DECK, END_FULL, END_TURN_LIMIT, END_WIN, MIXED, VOID,
                    SequenceBoard)
from .geometry import EMPTY, NOT_JACK, ONE_EYED, TWO_EYED
from .observation import SequenceView
from .table import SequenceTable, geometry_for, resolve_teams

__all__ = [
    "CORNER", "EMPTY", "END_BLOCKED", "END_DECK", "END_FULL", "END_TURN_LIMIT", "END_WIN", "MAX_TURNS",
    "MIXED", "VOID", "SequenceEngine", "SequenceState", "geometry_for", "make_engine", "resolve_teams",
]

MAX_TURNS = 2000

@dataclass(frozen=True, slots=True)
class SequenceEngine(SequenceTable):
    """One Sequence table that deals games (implements ``api.Engine``)."""

    def new_game(self, rng: random.Random) -> "SequenceState":
        """Shuffle the two decks with ``rng`` and deal ``hand_size`` cards to each player."""
        return SequenceState.deal(self, rng)


def make_engine(definition: SequenceDefinition, players: int, options: Mapping[str, OptionValue], **extra: Any) -> SequenceEngine:
    """The Simulator's ``make_engine``: checks the table and reads the rule options."""
    refuse_settings("Sequence", extra)
    if not isinstance(definition, SequenceDefinition):
        raise ValueError(f"'{definition.info.id}' is not a Sequence definition")
    engine = SequenceEngine.build(definition, players, options)
    assert isinstance(engine, SequenceEngine)
    return engine


class SequenceState(SequenceBoard):
    """A game in progress, mutated in place: the board (``SequenceBoard``) plus the cards, the
    hands and the order of play."""

    __slots__ = ("rng", "hands", "deck", "discards", "_turns", "exchanged", "jack_use", "exchanges",
                 "passes", "reshuffles", "history")

    rng: random.Random
    hands: list[list[int]]
    deck: list[int]
    discards: list[list[int]]
    _turns: int
    exchanged: bool
    jack_use: dict[str, list[int]]
    exchanges: list[int]
    passes: int
    reshuffles: int
    history: list[int]
    """Every action applied so far, in order."""

    @classmethod
    def deal(cls, engine: SequenceEngine, rng: random.Random) -> "SequenceState":
        state = cls.__new__(cls)
        state.set_up_board(engine)
        state.rng = rng
        deck = list(engine.geometry.deck)
        rng.shuffle(deck)
        state.hands = []
        for _ in range(engine.players):
            state.hands.append(deck[len(deck) - engine.hand_size:])
            del deck[len(deck) - engine.hand_size:]
        state.deck = deck
        state.discards = [[] for _ in range(engine.players)]
        state._turns = 0
        state.exchanged = False
        state.jack_use = {"two_eyed": [0] * engine.teams, "one_eyed": [0] * engine.teams}
        state.exchanges = [0] * engine.players
        state.passes = 0
        state.reshuffles = 0
        state.history = []
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
            if self.end is not None:
                raise IllegalAction(f"{self.describe(action)}: the game is over ({self.end})")
            raise IllegalAction(f"{self.describe(action)} is not legal for seat {self.current_player()} now")
        self.history.append(action)
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
        self.copy_board(other)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(hand) for hand in self.hands]
        other.deck = list(self.deck)
        other.discards = [list(pile) for pile in self.discards]
        other._turns = self._turns
        other.exchanged = self.exchanged
        other.jack_use = {key: list(value) for key, value in self.jack_use.items()}
        other.exchanges = list(self.exchanges)
        other.passes = self.passes
        other.reshuffles = self.reshuffles
        other.history = list(self.history)
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
        check_conserved([self.deck, *self.hands, *self.discards], self.geo.deck)
        check_hands(self.hands, self.engine.hand_size)
        self.check_board()

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
