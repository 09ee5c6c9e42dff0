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
- An empty deck is refilled by shuffling the discard pile when a card is needed; with neither,
  the player can only stop.
- The shop lies face up: a buyer may take any card of it (the piles only sort it).
- Explosions are checked when their owner reveals (after the revealed card's action); changes made
  by others (threshold changes, lost cards) take effect at that player's next reveal.
- "Prevents explosions" (stayin_alive, safety_suit) covers every explosion but super_cracker's and
  buddy_explosion's, which "nothing prevents".
- A turn skipped by force_skip still counts as a turn (for safety_suit); skips, forced moves and
  immunities end with the round.
- Actions that pick cards pick kinds (pack, number, action); which copy is taken does not matter.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from ..model import ScoreworksCard
from generator.sim.api import TERMINAL, IllegalAction
from .observation import FirecrackersView
from .rules import Rules
from .scoring import ScoreSheet, default_scores, score_game
from .scoreworks import underdog_seat
from .setup import CardTable, Deal

REVEAL = "reveal"
STOP = "stop"
END = "end"
"""End the turn without stopping (after no_hesitation allowed more reveals)."""
PASS = "pass"
"""Buy nothing more; also 'none' in optional choices."""

Resolver = Callable[..., None]


class FirecrackersState:
    """A Firecrackers game in progress (mutable; ``clone`` copies it)."""

    def __init__(self, table: CardTable, rules: Rules, players: int, rng: random.Random, deal: Deal,
                 scoreworks: ScoreworksCard | None) -> None:
        self.table = table
        self.rules = rules
        self.n = players
        self.rng = rng
        self.scoreworks = scoreworks
        self.deck: list[list[int]] = [list(d) for d in deal.decks]
        self.discard: list[list[int]] = [[] for _ in range(players)]
        self.revealed: list[list[int]] = [[] for _ in range(players)]
        self.aside: list[list[int]] = [[] for _ in range(players)]
        self.destroyed: list[int] = []
        self.shop: list[list[int]] = [[] for _ in table.kinds]
        for card in deal.shop:
            self.shop[table.kind[card]].append(card)
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
        self.tasks: list[tuple[Callable[..., None], tuple[Any, ...]]] = []
        self.on_table: dict[str, int] = {}
        """Action -> cards with it lying in revealed rows (kept by ``draw`` and ``leave_row``)."""
        self.pending_seat = TERMINAL
        self.pending_kind = ""
        self.pending_options: list[Any] = []
        self.pending_resolve: tuple[Resolver, tuple[Any, ...]] | None = None
        self.buy_coins = 0
        self._start_round()
        self._run()

    # ----------------------------------------------------------------- the GameState interface
    def current_player(self) -> int:
        """The seat to decide, or TERMINAL."""
        return self.pending_seat

    def legal_actions(self) -> Sequence[Any]:
        """The options of the pending decision."""
        return self.pending_options

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.pending_seat == TERMINAL

    def apply(self, action: Any) -> None:
        """Play ``action`` for the seat to act, then run the game on to its next decision."""
        if self.pending_seat == TERMINAL:
            raise IllegalAction("the game is over")
        if action not in self.pending_options:
            raise IllegalAction(f"{action!r} is not legal now ({self.pending_kind}: {self.pending_options})")
        resolve = self.pending_resolve
        assert resolve is not None
        self.turns += 1
        self.pending_seat = TERMINAL
        self.pending_resolve = None
        resolve[0](*resolve[1], action)
        self._run()

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
        import copy

        return copy.deepcopy(self, {id(self.table): self.table, id(self.rules): self.rules})

    def outcome(self) -> dict[str, Any]:
        """Facts of the game for the statistics (see ``summary.summarize``)."""
        from .invariants import outcome_of

        return outcome_of(self)

    # ----------------------------------------------------------------- engine loop
    def _run(self) -> None:
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
        then runs ``resolve(*args, choice)`` (a bound method or a function given the state in
        ``args``, so ``clone`` can rebind it)."""
        if not options:
            return
        self.pending_seat = seat
        self.pending_kind = kind
        self.pending_options = options
        self.pending_resolve = (resolve, args)

    # ----------------------------------------------------------------- rounds and turns
    def _start_round(self) -> None:
        n = self.n
        self.round += 1
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
        self.reset_totals()
        self.push(self._begin_turn, self.firemaster)

    def _begin_turn(self, seat: int) -> None:
        self.seat_turns[seat] += 1
        if self.skips[seat] > 0:
            self.skips[seat] -= 1
            self.push(self._advance, seat)
            return
        self._offer_turn(seat, continuing=False)

    def _offer_turn(self, seat: int, continuing: bool) -> None:
        can_reveal = bool(self.deck[seat] or self.discard[seat])
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
            self.refill(seat)
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
            self.push(self.reveal_one, seat)  # flips 2 cards at once
        self.reveal_one(seat)

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

    # ----------------------------------------------------------------- reveal and explosion
    def refill(self, seat: int) -> bool:
        """Shuffle the discard pile into an empty deck; False if the player has no card to draw."""
        if self.deck[seat]:
            return True
        if not self.discard[seat]:
            return False
        deck = self.discard[seat]
        self.discard[seat] = []
        self.rng.shuffle(deck)
        self.deck[seat] = deck
        return True

    def draw(self, seat: int) -> int | None:
        """Take the top card of the deck onto the revealed row (refilling the deck if needed)."""
        if not self.refill(seat):
            return None
        card = self.deck[seat].pop()
        self.revealed[seat].append(card)
        table = self.table
        action = table.action[card]
        if action is not None:
            self.on_table[action] = self.on_table.get(action, 0) + 1
        cached = self.plain_totals[seat]
        if cached is not None:
            cached[table.colour[card]] += table.number[card]
        return card

    def reveal_one(self, seat: int) -> None:
        """Reveal one card: instant explosions (own_fault, reckless_neighbor), then its action, then
        the explosion check."""
        if not self.in_round[seat]:
            return
        card = self.draw(seat)
        if card is None:
            return
        table = self.table
        on_table = self.on_table
        if on_table.get("own_fault") and self.table_has("own_fault", exclude=card):
            colour = table.colour[card]
            earlier = self.revealed[seat][:-1]
            if any(table.colour[c] == colour for c in earlier) and self.explode(seat):
                return
        if on_table.get("reckless_neighbor") and self.table_has("reckless_neighbor", exclude=card):
            previous = self._previous_last(seat)
            if previous is not None and table.number[previous] == table.number[card] and self.explode(seat):
                return
        action = table.action[card]
        if action is None:
            self.check_explosion(seat)
        else:
            self.push(self.check_explosion, seat)
            self.rules.effects[action](self, seat, card)

    def _previous_last(self, seat: int) -> int | None:
        """The last card revealed this round by the seat before ``seat`` (reckless_neighbor)."""
        row = self.revealed[(seat - 1) % self.n]
        return row[-1] if row and self.n > 1 else None

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
        and numbers applied, wildcards (face up) adding or taking 4 on every colour present.
        The list may be shared: callers must not change it."""
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

    def check_explosion(self, seat: int) -> None:
        """Explode ``seat`` if it is still in and over a threshold."""
        if self.in_round[seat] and self.over_threshold(seat):
            self.explode(seat)

    def explode(self, seat: int, preventable: bool = True) -> bool:
        """Make ``seat`` explode; returns False when stayin_alive or safety_suit prevented it.

        stayin_alive: the first time this round, the player stays in and reveals another card at once;
        the card that would have made it explode is turned face down (else the unchanged total would
        explode it on the very next card, and the action would never help).
        buddy_explosion: the nearest seats still in the round on both sides explode too (unpreventable).
        pity_purchase: the player discards the revealed row and may buy one card of cost <= 2."""
        if not self.in_round[seat]:
            return True
        if preventable:
            if self.seat_turns[seat] <= self.safe_until[seat]:
                return False
            if not self.stayin_used[seat] and self.row_has(seat, "stayin_alive"):
                self.stayin_used[seat] = True
                if self.revealed[seat]:
                    self.face_down.add(self.revealed[seat][-1])
                    self.reset_totals()
                self.push(self.reveal_one, seat)
                return False
        self.in_round[seat] = False
        self.exploded[seat] = True
        self.explosions[seat] += 1
        self.last_out = seat
        if self.row_has(seat, "buddy_explosion"):
            for neighbour in self.neighbours_in_round(seat):
                self.explode(neighbour, preventable=False)
        if self.row_has(seat, "pity_purchase"):
            self.move_row_to_discard(seat)
            from .shop import offer_buy

            self.push(offer_buy, self, seat, 2, True)
        return True

    def neighbours_in_round(self, seat: int) -> list[int]:
        """The nearest seat still in the round on each side (one seat if both sides meet)."""
        found: list[int] = []
        for direction in (1, -1):
            for step in range(1, self.n):
                other = (seat + direction * step) % self.n
                if self.in_round[other]:
                    if other not in found:
                        found.append(other)
                    break
        return found

    def neighbour(self, seat: int) -> int:
        """"Your neighbour" of single-neighbour effects (option ``neighbour``): next or previous seat."""
        return (seat + self.rules.neighbour_step) % self.n

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

    # ----------------------------------------------------------------- stopping and buying
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

    def _stop(self, seat: int) -> None:
        """Stop: sudden_burst for the first to stop (2 more cards, no actions, no explosion), then buy."""
        self.in_round[seat] = False
        self.stops[seat] += 1
        self.last_out = seat
        if not self.someone_stopped and self.row_has(seat, "sudden_burst"):
            for _ in range(2):
                self.draw(seat)
        self.someone_stopped = True
        from .shop import offer_buy

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
        """stick_it_out: the last player alive takes any one shop card for free (one per such card)."""
        options: list[Any] = [("take", k) for k, pile in enumerate(self.shop) if pile]
        if options:
            options.append(PASS)
        self.ask(seat, "free_card", options, self._take_free, seat)

    def _take_free(self, seat: int, action: Any) -> None:
        if action != PASS:
            from .shop import take_from_shop

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
        from .actions import ask_destroy_own

        ask_destroy_own(self, seat, ("revealed", "discard"), "last_alive_destroy")

    def _close_round(self) -> None:
        for seat in range(self.n):
            self.move_row_to_discard(seat)
        self.standings.append(default_scores(self.table, [self.owned(s) for s in range(self.n)]))
        self.firemaster = self.last_out
        if self.shop_left == 0:
            self._finish("shop_empty")
        elif self.rules.short_game and (self.shop_plain == 0 or self.shop_plain == self.shop_left):
            self._finish("short_game")
        elif self.round >= self.rules.max_rounds:
            self._finish("max_rounds")
        else:
            self._start_round()

    def owned(self, seat: int) -> list[int]:
        """Every card a seat owns: deck, discard, revealed row and set-aside cards."""
        return self.deck[seat] + self.discard[seat] + self.revealed[seat] + self.aside[seat]

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

    # ----------------------------------------------------------------- invariants
    def check_invariants(self) -> None:
        """Cards conserved (each card in exactly one place), coins and points within bounds."""
        from .invariants import check_state

        check_state(self)
