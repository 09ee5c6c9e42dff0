"""Firecrackers game state: rounds of reveal-or-stop, explosions, the shop, the end of the game.

Flow. A round starts with the Firemaster; seats still in the round take clockwise turns (seat + 1).
A turn is one decision: ``"reveal"`` (flip the top card of your deck, run its action, then check
for an explosion) or ``"stop"`` (leave the round and buy with the coins of your revealed cards).
Choices inside effects (which card to destroy, which colour, ...) and purchases are decisions of
the player concerned. The round ends when every seat is out; the last seat out (stopped or
exploded) is the "last player alive" and the next Firemaster; revealed cards go to their owners'
discard piles. The game ends after the round in which every shop pile is empty (short_game: all
action or all plain cards gone), or after ``max_rounds`` rounds (reported as such).

Decisions where the rulebook and firecrackers.md are silent (also in the effects' docstrings):

- The first Firemaster is seat 0 (so per-seat statistics show the first-player effect).
- The rulebook: "At any point, if your deck is empty, turn over and shuffle your discard pile to
  create your new deck." So the discard pile becomes the deck the moment the deck runs empty (the
  last card revealed or destroyed), and a card that lands on a discard pile beside an empty deck
  becomes the deck at once; cards revealed or bought later wait in the discard pile. With neither
  deck nor discard pile, the player can only stop.
- The shop (option ``shop``): the rulebook's piles, "one pile for all cards without an action"
  and "one pile per color (with all remaining cards)", face up and shuffled at setup; a buyer
  takes the top card of a pile. ``shop=open`` lets a buyer take any card of the shop.
- Explosions are checked when their owner reveals (after the revealed card's action); changes made
  by others (threshold changes, lost cards) take effect at that player's next reveal.
- "Prevents explosions" (stayin_alive, safety_suit) covers every explosion but super_cracker's,
  which "nothing prevents" (its card says so; buddy_explosion's says nothing of the kind).
- A turn skipped by force_skip still counts as a turn (for safety_suit); skips, forced moves and
  immunities end with the round.
- Actions that pick cards pick kinds (pack, number, action); which copy is taken does not matter.
- Ties. The rulebook says only "Highest score wins!" and names no draw, so every player with the
  highest score wins, however many tie: two of four, or every player of the table
  (``SIMULATOR.everyone_tied_wins``; a game where all tie is not "nobody wins").
"""

from __future__ import annotations

import copy
import random
from typing import Any, Mapping, Sequence

from ..model import ScoreworksCard
from generator.sim.api import TERMINAL, IllegalAction
from .actions import ask_destroy_own
from .board import Board, Effect
from .invariants import check_state, outcome_of
from .observation import FirecrackersView
from .reveal import reveal_one
from .rules import Rules
from .scoring import default_scores, score_game
from .scoreworks import underdog_seat
from .setup import CardTable, Deal
from .shop import offer_buy, shop_offer, take_from_shop
from .vocab import END, PASS, REVEAL, STOP

__all__ = ["END", "PASS", "REVEAL", "STOP", "FirecrackersState"]


class FirecrackersState(Board):
    """A Firecrackers game in progress (mutable; ``clone`` copies it): the board plus the flow of
    rounds and turns, behind the one game interface of ``api.GameState``."""

    def __init__(self, table: CardTable, rules: Rules, effects: Mapping[str, Effect], players: int,
                 rng: random.Random, deal: Deal, scoreworks: ScoreworksCard | None) -> None:
        super().__init__(table, rules, effects, players, rng, deal, scoreworks)
        self._start_round()
        self.run()

    # ----------------------------------------------------------------- the GameState interface
    def current_player(self) -> int:
        """The seat to decide, or TERMINAL."""
        return self.pending_seat

    def legal_actions(self) -> Sequence[Any]:
        """The options of the pending decision."""
        return self.pending_options

    def apply(self, action: Any) -> None:
        """Play ``action`` for the seat to act, then run the game on to its next decision."""
        if self.pending_seat == TERMINAL:
            raise IllegalAction("the game is over")
        if action not in self.pending_options:
            raise IllegalAction(f"{action!r} is not legal now ({self.pending_kind}: {self.pending_options})")
        resolve = self.pending_resolve
        assert resolve is not None
        self.history.append(action)
        self.turns += 1
        self.pending_seat = TERMINAL
        self.pending_resolve = None
        resolve[0](*resolve[1], action)
        self.run()

    def scores(self) -> list[float]:
        """Final score of each seat (zeros before the end)."""
        if self.sheet is None:
            return [0.0] * self.n
        return [float(s) for s in self.sheet.scores]

    def observation(self, seat: int) -> FirecrackersView:
        """What ``seat`` sees (a read-only view)."""
        return FirecrackersView(self, seat)

    def clone(self) -> "FirecrackersState":
        """A deep copy (the rng too). Queued steps and the pending resolver are bound methods, or
        functions with the state among their arguments, so deepcopy rebinds them to the copy."""
        shared = {id(self.table): self.table, id(self.rules): self.rules, id(self.effects): self.effects}
        return copy.deepcopy(self, shared)

    def outcome(self) -> dict[str, Any]:
        """Facts of the game for the statistics (see ``summary.summarize``)."""
        return outcome_of(self)

    def check_invariants(self) -> None:
        """Cards conserved (each card in exactly one place), coins and points within bounds."""
        check_state(self)

    # ----------------------------------------------------------------- rounds and turns
    def _start_round(self) -> None:
        self.round += 1
        self.reset_round()
        self.push(self._begin_turn, self.firemaster)

    def _begin_turn(self, seat: int) -> None:
        self.seat_turns[seat] += 1
        if self.skips[seat] > 0:
            self.skips[seat] -= 1
            self.push(self._advance, seat)
            return
        self.previous_turn_seat = self.turn_seat if self.turn_seat != seat else -1
        self.turn_seat = seat
        self._offer_turn(seat, continuing=False)

    def _offer_turn(self, seat: int, continuing: bool) -> None:
        can_reveal = bool(self.deck[seat])
        forced = None if continuing else self.forced[seat]
        self.forced[seat] = None
        if forced == STOP or not can_reveal:
            options = [STOP]
        elif forced == REVEAL:
            options = [REVEAL]
        elif continuing:
            options = [REVEAL, END, STOP]
        else:
            options = [REVEAL, STOP]
        self.peek_seat = -1
        if self.goggles[seat] and can_reveal:
            self.goggles[seat] = False
            self.peek_seat = seat
        self.ask(seat, "turn", options, self._turn, seat)

    def _turn(self, seat: int, action: str) -> None:
        self.peek_seat = -1
        if action == STOP:
            self.extra[seat] = 0
            self.push(self._advance, seat)
            self._stop(seat)
            return
        if action == END:
            self.extra[seat] = 0
            self.push(self._advance, seat)
            return
        if self.extra[seat] > 0 and action == REVEAL:
            self.extra[seat] -= 1
        self.push(self._after_reveal, seat)
        if self.on_table.get("risky_rocket"):
            self.push(reveal_one, self, seat)  # flips 2 cards at once
        reveal_one(self, seat)

    def _after_reveal(self, seat: int) -> None:
        if self.in_round[seat] and self.extra[seat] > 0:
            self._offer_turn(seat, continuing=True)
        else:
            self.extra[seat] = 0
            self._advance(seat)

    def _advance(self, seat: int) -> None:
        """Give the turn to the next seat still in the round, or end the round."""
        n = self.n
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if self.in_round[nxt]:
                self._begin_turn(nxt)
                return
        self._end_round()

    # ----------------------------------------------------------------- stopping and buying
    def _stop(self, seat: int) -> None:
        """Stop: sudden_burst for the first to stop (2 more cards, no actions, no explosion), then buy."""
        self.in_round[seat] = False
        self.stops[seat] += 1
        self.last_out = seat
        if not self.someone_stopped and self.row_has(seat, "sudden_burst"):
            for _ in range(2):
                self.draw(seat)
        self.someone_stopped = True
        offer_buy(self, seat, self.coins(seat), False)

    # ----------------------------------------------------------------- end of round and game
    def _end_round(self) -> None:
        """Round end: stick_it_out free cards, raincheck, the last-alive destroy, then clean up."""
        last = self.last_out
        self.push(self._close_round)
        if self.rules.last_alive_destroy:
            self.push(self._last_alive_destroy, last)
        if self.scoreworks is not None and self.scoreworks.key == "raincheck":
            self.push(self._raincheck, last)
        for _ in range(sum(1 for c in self.revealed[last] if self.table.action[c] == "stick_it_out")):
            self.push(self._free_card, last)

    def _free_card(self, seat: int) -> None:
        """stick_it_out: the last player alive takes "any one shop card" for free (one per such card):
        a card the shop offers, so the top card of a pile unless the shop is open."""
        options: list[Any] = [("take", k) for k in shop_offer(self)]
        if options:
            options.append(PASS)
        self.ask(seat, "free_card", options, self._take_free, seat)

    def _take_free(self, seat: int, action: Any) -> None:
        if action != PASS:
            take_from_shop(self, seat, action[1])
            self.free_cards += 1

    def _raincheck(self, seat: int) -> None:
        """Scoreworks raincheck: set one revealed card aside (out of the deck, still scored)."""
        options: list[Any] = [("aside", i) for i in range(len(self.revealed[seat]))]
        if options:
            options.append(PASS)
        self.ask(seat, "raincheck", options, self._set_aside, seat)

    def _set_aside(self, seat: int, action: Any) -> None:
        if action != PASS:
            card = self.revealed[seat].pop(action[1])
            self.leave_row(seat, card)
            self.aside[seat].append(card)

    def _last_alive_destroy(self, seat: int) -> None:
        """Scoreworks core rule: the last player alive may destroy one revealed or discarded card."""
        ask_destroy_own(self, seat, ("revealed", "discard"), "last_alive_destroy")

    def _close_round(self) -> None:
        for seat in range(self.n):
            self.move_row_to_discard(seat)
        self.standings.append(default_scores(self.table, [self.owned(s) for s in range(self.n)]))
        self.firemaster = self.last_out
        if self.shop_left == 0:
            self._finish("shop_empty")
        elif self.rules.settings.short_game and (self.shop_plain == 0 or self.shop_plain == self.shop_left):
            self._finish("short_game")
        elif self.round >= self.rules.max_rounds:
            self._finish("max_rounds")
        else:
            self._start_round()

    def _finish(self, reason: str) -> None:
        """Score the game; with Scoreworks' underdog the last-placed seat first picks its colour."""
        self.end_reason = reason
        self.tasks.clear()
        self.pending_seat = TERMINAL
        self.pending_options = []
        card = self.scoreworks
        if card is not None and card.key == "underdog" and self.n >= 2:
            owned = [self.owned(s) for s in range(self.n)]
            seat = underdog_seat(self.table, owned, card.replaces_default)
            self.ask(seat, "underdog", list(self.table.packs), self._score)
        else:
            self._score(None)

    def _score(self, underdog_colour: str | None) -> None:
        owned = [self.owned(s) for s in range(self.n)]
        card = self.scoreworks
        self.sheet = score_game(self.table, owned, card.key if card else None,
                                card.replaces_default if card else False, underdog_colour)
        self.pending_seat = TERMINAL
        self.pending_options = []
