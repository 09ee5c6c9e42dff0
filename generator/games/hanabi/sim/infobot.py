"""The ``info`` Hanabi bot: hat guessing, every clue a recommendation for every other player at once.

Cox et al., "How to make the perfect fireworks display" (Mathematics Magazine 88(5), 2015) showed
that a clue can carry a number that each other player reads as information about their own hand:
the giver adds up, modulo the number of clues it may choose from, one number per other player
computed from that player's cards; every other player sees all those cards but their own, so
subtracting what they see leaves the number about their own hand. This bot follows hanabi.rs's
"information strategy" (the strongest published rule-based player at 3 to 5 players: 24.79 / 24.94
/ 24.92 at 3 / 4 / 5, ``hanabi.md``), re-written over this project's engine and generalised to its
rule options and variants:

- what the table knows: ``hatpublic`` (weighted card tables of every hand), whose questions
  (``hatquestions``) the hat numbers answer, packed by ``hatcode``;
- which clue says which number under the clue rule in play: ``hatclues`` (empty clues allowed give
  every colour and rank of every player, so more to say);
- the decisions, here: play a card known playable (the lowest rank, the one nobody else holds
  first); late in the deck's life, a card that is playable or dead with chance above 3 in 4 while a
  storm token can be spared; clue when someone holds a playable card they do not know of, or when all
  note tokens are in the box; else drop a known useless card (when several are known, which one is
  itself a hat number); else the card least likely to matter.

Every copy keeps the same ``PublicInfo`` by reading the log: its own moves included, each against
the table as it was. It never looks at its own cards: its own hand's tables narrow only through the
numbers the others' clues carry. Against bots following other conventions it misreads their clues
(the tables then drift, but never become empty: ``cardtable.narrowed``) and still plays legal,
complete games. With two players a hat clue speaks to one player only, and the bot is weak there
(hanabi.rs: 22.52); ``best`` at two players is ``smart``, and ``search`` plays stronger there.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.sim.base import no_parameter

from .cardtable import Board, CardTable, chance, mass, surely
from .engine import COLOUR_CLUE, DISCARD, PLAY
from .hatclues import Clue, ClueCode
from .hatpublic import PublicInfo
from .observation import Observation


class InfoBot:
    """Hat-guessing bot (see the module docstring); one per seat and game."""

    name = "info"

    def __init__(self, empty_clues: bool, five_returns: bool) -> None:
        self.empty_clues = empty_clues
        self.five_returns = five_returns
        self.next_turn = 0

    # ------------------------------------------------------------------ the table
    def _start(self, obs: Observation) -> None:
        """A new game: nothing is public yet."""
        self.me, self.n, self.r = obs.seat, obs.players, obs.max_rank
        self.max_clues, self.max_storms = obs.max_clues, obs.max_storms
        self.discard_at_max = obs.can_discard_at_max
        size = len(obs.orders[obs.seat])
        self.hand_size = size
        self.board = Board(obs.suits, obs.max_rank, obs.copies)
        self.public = PublicInfo(obs.players, size, self.board)
        self.code = ClueCode(obs.players, obs.suits, obs.max_rank, self.empty_clues)
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(self.n)]
        self.next_order = self.n * size
        total = sum(obs.copies)
        self.deck_left = total - self.next_order
        self.discard_threshold = total - obs.suits * obs.max_rank - self.n * size
        """Discards beyond which a risky play or dropping a known useless card is no longer worth it
        (hanabi.rs: the cards the deck has beyond one of each kind and the first hands)."""
        self.clues, self.storms, self.discards = obs.max_clues, 0, 0
        self.kind_of: dict[int, int] = {}
        """Kinds of the cards this seat has seen (others' hands, cards played or discarded), by order."""
        self.next_turn = 0

    def _seen_hands(self) -> list[list[int] | None]:
        """The kinds of every hand but this seat's own (as the table is now in the replay)."""
        return [None if p == self.me else [self.kind_of[o] for o in hand] for p, hand in enumerate(self.hands)]

    # ------------------------------------------------------------------ reading the log
    def _read(self, obs: Observation) -> None:
        """Replay every turn since this seat's last decision, each against the table as it was."""
        for p, hand in enumerate(obs.hands):
            if hand is not None:
                for order, kind in zip(obs.orders[p], hand):
                    self.kind_of[order] = kind
        for _, action, detail in obs.log:
            if action[0] <= DISCARD:
                self.kind_of[detail[0]] = detail[1]
        first = obs.turn - len(obs.log)
        for i, (seat, action, detail) in enumerate(obs.log):
            if first + i >= self.next_turn:
                if action[0] <= DISCARD:
                    self._see_card_leave(seat, action[0], detail)
                else:
                    self._see_clue(seat, action, detail)
        self.next_turn = obs.turn

    def _see_clue(self, giver: int, action: Sequence[int], touched_orders: Sequence[int]) -> None:
        target = action[1]
        public = self.public
        touched = [o in touched_orders for o in self.hands[target]]
        cap = self.code.cap(public, giver)
        if cap > 0:
            value = self.code.value_of(action, touched, public, giver) % cap
            public.read_hat_sum(giver, self.me, value, cap, self._seen_hands())
        kinds = self.board.suit_kinds[action[2]] if action[0] == COLOUR_CLUE else self.board.rank_kinds[action[2] - 1]
        public.clue(target, kinds, touched)
        self.clues -= 1

    def _see_card_leave(self, seat: int, action_type: int, detail: Sequence[Any]) -> None:
        order, kind, success = detail
        slot = self.hands[seat].index(order)
        public, board = self.public, self.board
        if action_type == DISCARD:
            useless = self._useless(public.hands[seat])
            if self.clues > 0:
                public.nobody_needs_a_clue(seat)
            if len(useless) > 1 and slot in useless:
                public.read_hat_sum(seat, self.me, useless.index(slot), len(useless), self._seen_hands())
        draws = self.deck_left > 0
        public.card_left(seat, slot, kind, draws)
        del self.hands[seat][slot]
        if draws:
            self.hands[seat].append(self.next_order)
            self.next_order += 1
            self.deck_left -= 1
        if action_type == DISCARD:
            board.discarded[kind] += 1
            self.discards += 1
            self.clues = min(self.clues + 1, self.max_clues)
        elif success:
            board.fireworks[kind // self.r] += 1
            if kind % self.r == self.r - 1 and self.five_returns:
                self.clues = min(self.clues + 1, self.max_clues)
        else:
            board.discarded[kind] += 1
            self.discards += 1
            self.storms += 1
        board.update()

    def _useless(self, hand: Sequence[CardTable]) -> list[int]:
        """Slots of cards known useless: surely dead, or one of two cards known to be the same kind."""
        useless = set()
        first: dict[int, int] = {}
        dead = self.board.dead
        for slot, table in enumerate(hand):
            if surely(table, dead):
                useless.add(slot)
            elif len(table) == 1:
                kind = next(iter(table))
                if kind in first:
                    useless.update((slot, first[kind]))
                else:
                    first[kind] = slot
        return sorted(useless)

    # ------------------------------------------------------------------ deciding
    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        action = self.decide(obs)
        if action in legal:
            return action
        return next((a for a in legal if a[0] == DISCARD), legal[0])  # only after another bot's misleading clue

    def decide(self, obs: Observation) -> tuple[int, ...]:
        """The strategy's action for this observation (always legal at a table of ``info`` bots)."""
        self.catch_up(obs)
        return self._decide(obs)

    def catch_up(self, obs: Observation) -> None:
        """Read the turns since this seat's last decision (a new game on the seat's first turn)."""
        if obs.turn < obs.players:  # this seat's first turn: a new game (a bot may be reused)
            self._start(obs)
        self._read(obs)

    def _private(self, obs: Observation) -> list[CardTable]:
        """This seat's own tables with its eyesight added: copies it sees in other hands are not there."""
        seen: dict[int, int] = {}
        for hand in obs.hands:
            if hand is not None:
                for kind in hand:
                    seen[kind] = seen.get(kind, 0) + 1
        private = []
        for table in self.public.hands[self.me]:
            narrowed = {k: w - seen.get(k, 0) for k, w in table.items() if w > seen.get(k, 0)}
            private.append(narrowed if narrowed else table)
        return private

    def _decide(self, obs: Observation) -> tuple[int, ...]:
        board, public = self.board, self.public
        private = self._private(obs)
        playable, dead = board.playable, board.dead

        known = [(-self._play_value(obs, t), slot) for slot, t in enumerate(private) if surely(t, playable)]
        if known:
            return (PLAY, min(known)[1])

        lives = self.max_storms - self.storms
        if lives > 1 and self.discards <= self.discard_threshold:
            risky = [(-chance(t, playable), slot) for slot, t in enumerate(private) if surely(t, playable | dead)]
            if risky:
                p, slot = min(risky)
                if -p > 0.75:
                    return (PLAY, slot)

        public_useless = self._useless(public.hands[self.me])
        useless = self._useless(private)
        others = [p for p in range(self.n) if p != self.me]
        can_play = [any((playable >> k) & 1 for k in obs.hands[p]) for p in others]
        if self.clues == self.max_clues or (self.clues > 0 and any(
                play and not public.knows_playable(p) for p, play in zip(others, can_play))):
            will_clue = True
        elif self.discards <= self.discard_threshold and useless:
            will_clue = False
        elif self.clues > 0 and any(can_play):
            will_clue = True
        else:
            will_clue = self.clues > self.max_clues // 2
        if will_clue and self.clues > 0:
            clue = self._clue(obs)
            if clue is not None:
                return clue

        if len(public_useless) > 1:
            future = public.copy()
            if self.clues > 0:
                future.nobody_needs_a_clue(self.me)
            value = future.hat_sum(self.me, len(public_useless), obs.hands)
            return (DISCARD, public_useless[value])
        if useless:
            return (DISCARD, useless[0])
        seen_kinds = 0
        for hand in obs.hands:
            if hand is not None:
                for kind in hand:
                    seen_kinds |= 1 << kind
        scores = []
        for slot, table in enumerate(private):
            seen_weight, total = mass(table, seen_kinds)
            dispensable, _ = mass(table, board.dispensable)
            rank = sum((k % self.r + 1) * w for k, w in table.items())
            scores.append(((20 * seen_weight + 10 * dispensable + rank) / total, -slot))
        return (DISCARD, -max(scores)[1])

    def _play_value(self, obs: Observation, table: CardTable) -> float:
        """How much playing a card known playable is worth: low ranks first (they unlock more), and
        cards no other player holds (theirs can wait)."""
        total = value = 0.0
        for kind, weight in table.items():
            holders = 1
            if self.deck_left > 0:
                holders += sum(1 for hand in obs.hands if hand is not None and kind in hand)
            total += weight
            value += weight * (10 - (kind % self.r + 1)) / holders
        return value / total

    def _clue(self, obs: Observation) -> Clue | None:
        """The clue whose hat number recommends what the table should learn; among the clues that
        say the number, the one whose own information narrows the most tables."""
        public = self.public
        cap = self.code.cap(public, self.me)
        if cap == 0:
            return None
        value = public.hat_sum(self.me, cap, obs.hands, commit=False)
        options = self.code.clues_for(value, public, self.me, obs.hands)
        if not options:
            return None
        if len(options) == 1:
            return options[0]
        return max(options, key=lambda clue: self._clue_goodness(obs, clue))

    def _clue_goodness(self, obs: Observation, clue: Clue) -> float:
        """How much the clue's own information narrows the target's tables (hanabi.rs's measure:
        the product of each card's weight ratio, doubled for a card it identifies or shows dead)."""
        board = self.board
        target = clue[1]
        kinds = board.suit_kinds[clue[2]] if clue[0] == COLOUR_CLUE else board.rank_kinds[clue[2] - 1]
        goodness = 1.0
        for table, kind in zip(self.public.hands[target], obs.hands[target]):
            if len(table) == 1 or surely(table, board.dead):
                continue
            keep = kinds if (kinds >> kind) & 1 else ~kinds
            old = sum(table.values())
            left = {k: w for k, w in table.items() if (keep >> k) & 1}
            new = sum(left.values())
            if new == 0:
                continue
            bonus = 2 if len(left) == 1 or surely(left, board.dead) else 1
            goodness *= bonus * old / new
        return goodness


def make_info(param: str | None, seat: int, engine: Any) -> InfoBot:
    """``info``: takes no parameter; reads the table's clue rule and five-returns-a-token option."""
    no_parameter("info", param)
    return InfoBot(empty_clues=engine.empty_clues, five_returns=engine.five_returns)
