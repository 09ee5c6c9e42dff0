"""The Firecrackers table in play: every pile, the in-round facts, and the primitives on them.

``Board`` is the data of a game and the small operations every rule uses (draw a card, refill a
deck, move a row to its discard pile, the explosion totals, coins, queuing steps and asking a
seat to choose). It knows no rule of play order, shop or card effect: ``state`` (the flow of rounds
and turns), ``reveal`` (revealing and exploding), ``shop`` and ``actions`` (card effects) build on
it, so the package's imports form no circle.

The engine hands the board the card effects (``effects``: action key -> effect), so revealing a
card can run its effect without this module importing the effects.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping

from ..model import ScoreworksCard
from generator.sim.api import TERMINAL
from .points import ScoreSheet
from .rules import Rules
from .setup import CardTable, Deal, lay_out_shop
from .vocab import Resolver

Effect = Callable[["Board", int, int], None]
"""What a revealed action card does: ``effect(board, seat, card)``."""

Task = tuple[Callable[..., None], tuple[Any, ...]]


class Board:
    """The piles and facts of one Firecrackers game (mutable; the state adds the flow of play)."""

    def __init__(self, table: CardTable, rules: Rules, effects: Mapping[str, Effect], players: int,
                 rng: random.Random, deal: Deal, scoreworks: ScoreworksCard | None) -> None:
        self.table = table
        self.rules = rules
        self.effects = effects
        self.n = players
        self.rng = rng
        self.scoreworks = scoreworks
        self.deck: list[list[int]] = [list(d) for d in deal.decks]
        self.discard: list[list[int]] = [[] for _ in range(players)]
        self.revealed: list[list[int]] = [[] for _ in range(players)]
        self.aside: list[list[int]] = [[] for _ in range(players)]
        self.destroyed: list[int] = []
        self.shop = lay_out_shop(table, deal.shop, rules.pile_of_kind, rules.piles,
                                 None if rules.open_shop else rng)
        """The shop's piles, top card last (``rules.pile_of_kind`` says which pile holds a kind)."""
        self.shop_left = len(deal.shop)
        self.shop_plain = sum(1 for c in deal.shop if table.action[c] is None)
        self.round = 0
        self.firemaster = 0
        self.last_out = 0
        self.turns = 0
        self.seat_turns = [0] * players
        self.explosions = [0] * players
        self.stops = [0] * players
        self.bought: list[dict[int, int]] = [{} for _ in range(players)]
        self.standings: list[list[int]] = []
        """Each seat's points (its cards' default sum) after each round, for the statistics."""
        self.free_cards = 0
        self.end_reason = ""
        self.sheet: ScoreSheet | None = None
        self.tasks: list[Task] = []
        self.history: list[Any] = []
        """Every decision taken so far, in order (what a game's trace is written from)."""
        self.on_table: dict[str, int] = {}
        """Action -> cards with it lying in revealed rows (kept by ``draw`` and ``leave_row``)."""
        self.pending_seat = TERMINAL
        self.pending_kind = ""
        self.pending_options: list[Any] = []
        self.pending_resolve: tuple[Resolver, tuple[Any, ...]] | None = None
        self.buy_coins = 0
        self.reset_round()

    def reset_round(self) -> None:
        """The facts that last one round, as a round starts."""
        n = self.n
        self.in_round = [True] * n
        self.exploded = [False] * n
        self.face_down: set[int] = set()
        self.eff_colour: dict[int, int] = {}
        self.eff_number: dict[int, int] = {}
        self.threshold_shift = [0] * len(self.table.packs)
        self.stayin_used = [False] * n
        self.safe_until = [-1] * n
        self.halve = [False] * n
        self.goggles = [False] * n
        self.peek_seat = -1
        self.forced: list[str | None] = [None] * n
        self.skips = [0] * n
        self.extra = [0] * n
        self.someone_stopped = False
        self.turn_seat = -1
        """The seat whose turn it is (skipped turns are not taken)."""
        self.previous_turn_seat = -1
        """The seat that took the turn before, if not the same seat (reckless_neighbor)."""
        self.reset_totals()

    # ----------------------------------------------------------------- steps and decisions
    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.pending_seat == TERMINAL

    def run(self) -> None:
        """Run queued steps until a decision is needed or the game is over."""
        tasks = self.tasks
        while self.pending_resolve is None and tasks:
            fn, args = tasks.pop()
            fn(*args)

    def push(self, fn: Callable[..., None], *args: Any) -> None:
        """Queue a step to run before the steps queued earlier (a stack)."""
        self.tasks.append((fn, args))

    def ask(self, seat: int, kind: str, options: list[Any], resolve: Resolver, *args: Any) -> None:
        """Make ``seat`` choose one of ``options`` (nothing happens if there are none); the choice
        then runs ``resolve(*args, choice)`` (a bound method or a function given the board in
        ``args``, so ``clone`` can rebind it)."""
        if not options:
            return
        self.pending_seat = seat
        self.pending_kind = kind
        self.pending_options = options
        self.pending_resolve = (resolve, args)

    # ----------------------------------------------------------------- decks and rows
    def refill(self, seat: int) -> None:
        """The rulebook: "At any point, if your deck is empty, turn over and shuffle your discard
        pile to create your new deck." Called wherever a deck may run empty or a discard pile may
        grow beside an empty deck, so a deck is never empty while its discard pile holds a card."""
        if self.deck[seat] or not self.discard[seat]:
            return
        deck = self.discard[seat]
        self.discard[seat] = []
        self.rng.shuffle(deck)
        self.deck[seat] = deck

    def to_discard(self, seat: int, card: int) -> None:
        """Put ``card`` on ``seat``'s discard pile (the new deck at once if the deck is empty)."""
        self.discard[seat].append(card)
        if not self.deck[seat]:
            self.refill(seat)

    def draw(self, seat: int) -> int | None:
        """Take the top card of the deck onto the revealed row (None if the deck is empty); the
        discard pile becomes the deck the moment the last card is taken."""
        deck = self.deck[seat]
        if not deck:
            return None
        card = deck.pop()
        if not deck:
            self.refill(seat)
        self.revealed[seat].append(card)
        table = self.table
        action = table.action[card]
        if action is not None:
            self.on_table[action] = self.on_table.get(action, 0) + 1
        cached = self.plain_totals[seat]
        if cached is not None:
            cached[table.colour[card]] += table.number[card]
        return card

    def leave_row(self, seat: int, card: int) -> None:
        """Forget a card's in-round changes when it leaves ``seat``'s revealed row (every removal
        calls it)."""
        action = self.table.action[card]
        if action is not None:
            self.on_table[action] -= 1
        self.plain_totals[seat] = None
        self.face_down.discard(card)
        self.eff_colour.pop(card, None)
        self.eff_number.pop(card, None)

    def move_row_to_discard(self, seat: int) -> None:
        """Move ``seat``'s revealed row onto its discard pile."""
        for card in self.revealed[seat]:
            self.leave_row(seat, card)
        self.discard[seat].extend(self.revealed[seat])
        self.revealed[seat] = []
        if not self.deck[seat]:
            self.refill(seat)

    def owned(self, seat: int) -> list[int]:
        """Every card a seat owns: deck, discard, revealed row and set-aside cards."""
        return self.deck[seat] + self.discard[seat] + self.revealed[seat] + self.aside[seat]

    def table_has(self, action: str, exclude: int = -1) -> bool:
        """Whether a card with ``action`` (other than ``exclude``) lies revealed in front of anyone."""
        count = self.on_table.get(action, 0)
        if exclude >= 0 and self.table.action[exclude] == action:
            count -= 1
        return count > 0

    def row_has(self, seat: int, action: str) -> bool:
        """Whether ``seat``'s revealed row holds a card with ``action``."""
        if not self.on_table.get(action):
            return False
        table_action = self.table.action
        return any(table_action[c] == action for c in self.revealed[seat])

    def previous_player(self, seat: int) -> int:
        """"The previous player" of reckless_neighbor for a card ``seat`` reveals, or -1 if none.

        previous_turn (the card's words): the player who took the turn before this one (a reveal out
        of turn, after stayin_alive, compares with the player whose turn it is); seat_before: the
        seat before, even when that player is out of the round."""
        if self.rules.settings.reckless_neighbor == "seat_before":
            other = (seat - 1) % self.n
        elif seat == self.turn_seat:
            other = self.previous_turn_seat
        else:
            other = self.turn_seat
        return -1 if other == seat else other

    def previous_last(self, seat: int) -> int | None:
        """The last card the previous player revealed this round (still in their row), or None."""
        other = self.previous_player(seat)
        if other < 0:
            return None
        row = self.revealed[other]
        return row[-1] if row else None

    def neighbour(self, seat: int) -> int:
        """"Your neighbour" of single-neighbour effects (option ``neighbour``): next or previous seat."""
        return (seat + self.rules.settings.neighbour_step) % self.n

    # ----------------------------------------------------------------- explosion totals
    def reset_totals(self) -> None:
        """Forget the running totals (a card left a row, was turned face down or shifted)."""
        self.plain_totals: list[list[int] | None] = [None] * self.n

    def _running_totals(self, seat: int) -> list[int] | None:
        """The running per-colour sum of a row while no card in play changes it (else None)."""
        cached = self.plain_totals[seat]
        if cached is None and not (self.face_down or self.eff_colour or self.eff_number):
            cached = [0] * len(self.table.packs)
            colour_of = self.table.colour
            number_of = self.table.number
            for c in self.revealed[seat]:
                cached[colour_of[c]] += number_of[c]
            self.plain_totals[seat] = cached
        return cached

    def totals(self, seat: int) -> list[int]:
        """The explosion total of each colour for ``seat``: face-down cards left out, shifted colours
        and numbers applied, wildcards (face up) adding or taking 4: "your total of every colour
        counts 4 higher (lower)", on every colour (option ``wildcards``: or only on the colours of
        your revealed cards). The list may be shared: callers must not change it."""
        cached = self.plain_totals[seat]
        on_table = self.on_table
        if not (on_table.get("wildcard_up") or on_table.get("wildcard_down")):
            if cached is None:
                cached = self._running_totals(seat)
            if cached is not None:
                return cached
        table = self.table
        colour_of = table.colour
        number_of = table.number
        totals = [0] * len(table.packs)
        row = self.revealed[seat]
        face_down = self.face_down
        if face_down or self.eff_colour or self.eff_number:
            eff_colour = self.eff_colour
            eff_number = self.eff_number
            counted = [c for c in row if c not in face_down]
            colours = [eff_colour.get(c, colour_of[c]) for c in counted]
            for c, colour in zip(counted, colours):
                totals[colour] += eff_number.get(c, number_of[c])
        else:
            for c in row:
                totals[colour_of[c]] += number_of[c]
            on_table = self.on_table
            if not (on_table.get("wildcard_up") or on_table.get("wildcard_down")):
                return totals
            counted = row
            colours = [colour_of[c] for c in row]
        on_table = self.on_table
        if on_table.get("wildcard_up") or on_table.get("wildcard_down"):
            action_of = table.action
            shift = 0
            for c in counted:
                action = action_of[c]
                if action == "wildcard_up":
                    shift += 4
                elif action == "wildcard_down":
                    shift -= 4
            if shift:
                if self.rules.settings.wildcards == "every_colour":
                    return [t + shift for t in totals]
                for colour in set(colours):
                    totals[colour] += shift
        return totals

    def thresholds(self) -> list[int]:
        """The explosion threshold of each colour (option plus this round's changes)."""
        base = self.rules.threshold
        return [base + s for s in self.threshold_shift]

    def over_threshold(self, seat: int) -> bool:
        """Whether some colour total of ``seat`` reaches its threshold."""
        base = self.rules.threshold
        for t, s in zip(self.totals(seat), self.threshold_shift):
            if t > 0 and t >= base + s:
                return True
        return False

    # ----------------------------------------------------------------- coins
    def coins(self, seat: int) -> int:
        """Coins of the revealed row: card coins (definition), doubled by style_points when every
        card shares a colour or number with another, then halved (round down) after safety_suit."""
        table = self.table
        row = self.revealed[seat]
        coins = sum(table.coins[c] for c in row)
        if len(row) >= 2 and self.row_has(seat, "style_points"):
            colours = [self.eff_colour.get(c, table.colour[c]) for c in row]
            numbers = [self.eff_number.get(c, table.number[c]) for c in row]
            if all(colours.count(colours[i]) > 1 or numbers.count(numbers[i]) > 1 for i in range(len(row))):
                coins *= 2
        coins = max(0, coins)
        if self.halve[seat]:
            coins //= 2
        return coins
