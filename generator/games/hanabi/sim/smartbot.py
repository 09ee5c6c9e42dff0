"""The ``smart`` Hanabi bot: shared card knowledge, play clues, chop warnings, discard finesse.

It follows the conventions of SmartBot (Arthur O'Dwyer's Hanabi bots, the published results in
``hanabi.md``), re-implemented here over this project's observation and bitmask kinds.

Every copy keeps the same *common knowledge*: for every card in every hand (its own included), the
set of kinds the table can prove it may be, from clues, conventions and public counts. A copy only
ever adds its eyesight (the cards it sees in the others' hands) to a throw-away copy of that
knowledge when it decides, so at a table of ``smart`` bots all copies stay in step without seeing
their own cards. Partners that follow other conventions may be misread (a clue taken for a play
clue, a discard for a finesse); knowledge then drifts but never becomes impossible, and the bot
still plays legal, complete games.

Known limit (SmartBot's too): with two players the previous player is also the next one, so a chop
warning given while all note tokens are in the lid that touches the oldest card reads as a token
reclaim; in 1000 two-player games about 1 warning in 20 is lost that way.

Conventions:

- *Play clue*: a clue means "the newest touched card that might be playable is playable", unless
  the clue already makes some card surely playable.
- *Chop*: the card a player would discard next is the one, among those not known to be the last
  copy of a needed kind, most likely to be useless (the oldest on ties). If the next player's chop
  is the last copy of a needed kind, the player before warns them with a rank clue that touches it
  (or a play clue, which stops the discard). A rank clue touching the chop of the next player,
  when that rank could be a last copy, is read as that warning; any other turn tells the next
  player their chop is not a last copy.
- *Discard finesse*: discarding a card known to be playable tells the one player whose newest
  card is that very card what it is.
- With all note tokens in the lid (no discard allowed), a rank clue to the previous player about
  their oldest card only takes a token back and means nothing else.
- At the very end of the deck, a card that might be playable is tried while a storm token can be
  spared (never on the last storm when a strikeout scores zero).

One convention of this project's own, off by default (SmartBot does not have it; ``smart:stall``,
``best`` at two players, turns it on): *stall* (``stall=True``). A player discards only the chop
the player before saw, and let pass without a warning. When that player's turn moved the chop (a
warning protects the old chop, a clue or a play changes which card is most likely useless), the
next chop was never looked at: with a note token, the player gives a clue that the conventions read
as nothing but its words (no play, no warning), so the player before gets a turn to warn. Over 3000
two-player deals it loses 0.23 fewer last copies a game and scores 0.14 more
(``benchmarks/bench_hanabi_stall.py``); from three players it loses a few hundredths.

Kinds are ints ``suit * max_rank + rank - 1``; a card's knowledge and every property are kind
bitmasks, so each question ("surely playable?", "maybe worthless?") is one ``&``.
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from .engine import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE
from .observation import Observation

YES, MAYBE, NO = 2, 1, 0


def _count(mask: int) -> int:
    return mask.bit_count()


def _single(mask: int) -> bool:
    return mask & (mask - 1) == 0


def _kind(mask: int) -> int:
    return mask.bit_length() - 1


def _tri(mask: int, prop: int) -> int:
    """YES when every kind ``mask`` allows has the property, NO when none has, else MAYBE."""
    if mask & ~prop == 0:
        return YES
    return NO if mask & prop == 0 else MAYBE


def _narrow(mask: int, allowed: int) -> int:
    """``mask & allowed``, or ``mask`` unchanged when that would leave nothing (a misleading clue
    from another kind of bot, say): knowledge never becomes impossible."""
    narrowed = mask & allowed
    return narrowed if narrowed else mask


class SmartBot:
    """Convention bot that never sees its own cards (see the module docstring)."""

    name = "smart"

    def __init__(self, strikeout_zero: bool, five_returns: bool, stall: bool = False) -> None:
        self.strikeout_zero = strikeout_zero
        self.five_returns = five_returns
        self.stall = stall
        """Give a clue rather than discard a chop the player before never saw (the module docstring)."""
        self.next_turn = 0

    # ------------------------------------------------------------------ the table and its counts
    def _start(self, obs: Observation) -> None:
        """A new game: every card may be anything, nothing is public."""
        r, suits = obs.max_rank, obs.suits
        self.me, self.n, self.r, self.suits = obs.seat, obs.players, r, suits
        self.max_clues, self.max_storms = obs.max_clues, obs.max_storms
        self.discard_at_max = obs.can_discard_at_max
        self.copies = list(obs.copies)
        self.kinds = len(self.copies)
        self.suit_bits = [sum(1 << (s * r + v) for v in range(r)) for s in range(suits)]
        self.rank_bits = [sum(1 << (s * r + v) for s in range(suits)) for v in range(r)]
        self.full = sum(1 << k for k, c in enumerate(self.copies) if c > 0)
        size = len(obs.orders[obs.seat])
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(self.n)]
        self.know = [[self.full] * size for _ in range(self.n)]
        self.next_order = self.n * size
        self.deck_left = sum(self.copies) - self.next_order
        self.public = [0] * self.kinds
        """Cards of each kind played or discarded (fireworks, discard pile, misplays)."""
        self.fireworks = [0] * suits
        self.clues = obs.max_clues
        self.storms = 0
        self.kind_of: dict[int, int] = {}
        """Kinds of the others' cards, by order (what this seat has seen)."""
        self.next_turn = 0
        self.vouched = -1
        """The order of this seat's chop as the player before saw it before their turn (-1: none):
        the chop that player let pass without a warning."""
        self.unsettled = True
        """Knowledge changed since the last ``_settle``."""
        self._piles()

    def _piles(self) -> None:
        """Compute the playable, worthless and valuable kinds (and those all public) from scratch."""
        self.playable = self.worthless = self.valuable = self.public_gone = 0
        for suit in range(self.suits):
            self._suit_piles(suit)

    def _suit_piles(self, suit: int) -> None:
        """Recompute the playable, worthless, valuable and all-public kinds of one suit (after one of
        its cards became public)."""
        r, copies, public, top = self.r, self.copies, self.public, self.fireworks[suit]
        playable = worthless = valuable = gone = 0
        lost = False
        for v in range(r):
            k = suit * r + v
            bit = 1 << k
            if public[k] >= copies[k]:
                gone |= bit
            if v < top or lost:
                worthless |= bit
                continue
            if v == top:
                playable |= bit
            if public[k] == copies[k] - 1:
                valuable |= bit
            if public[k] >= copies[k]:
                lost = True  # every higher rank of this suit can no longer be played
        keep = ~self.suit_bits[suit]
        self.playable = (self.playable & keep) | playable
        self.worthless = (self.worthless & keep) | worthless
        self.valuable = (self.valuable & keep) | valuable
        self.public_gone = (self.public_gone & keep) | gone
        """Kinds whose every copy is public."""

    def _exhausted(self, held: dict[int, int]) -> int:
        """Kinds whose every copy is public or among ``held`` (copies by kind)."""
        gone, public, copies = self.public_gone, self.public, self.copies
        for k, n in held.items():
            if public[k] + n >= copies[k]:
                gone |= 1 << k
        return gone

    def _settle(self) -> None:
        """Common deduction before each move: a card not yet identified is none of the kinds whose
        copies are all public or identified in some hand; repeat while that identifies more."""
        if not self.unsettled:
            return
        self.unsettled = False
        know = self.know
        while True:
            located: dict[int, int] = {}
            for hand in know:
                for m in hand:
                    if m & (m - 1) == 0:  # identified
                        k = m.bit_length() - 1
                        located[k] = located.get(k, 0) + 1
            gone = self._exhausted(located)
            changed = False
            for hand in know:
                for i, m in enumerate(hand):
                    if m & gone and m & (m - 1):
                        new = m & ~gone
                        if new:
                            hand[i] = new
                            if new & (new - 1) == 0:
                                changed = True
            if not changed:
                return

    def _eyesight_gone(self, obs: Observation) -> int:
        """Kinds whose every copy is public, identified in this seat's hand or seen in another's."""
        held: dict[int, int] = {}
        for hand in obs.hands:
            if hand is not None:
                for k in hand:
                    held[k] = held.get(k, 0) + 1
        for m in self.know[self.me]:
            if m & (m - 1) == 0:
                k = m.bit_length() - 1
                held[k] = held.get(k, 0) + 1
        return self._exhausted(held)

    def own_possibilities(self, obs: Observation) -> list[int]:
        """The kinds each card of this seat's own hand may be (bitmasks), from the table's common
        knowledge and this seat's eyesight; read after ``decide`` (a search samples hands from it)."""
        gone = self._eyesight_gone(obs)
        return [self._eye(m, gone) for m in self.know[self.me]]

    def _discarding_allowed(self) -> bool:
        return bool(self.clues < self.max_clues or self.discard_at_max)

    # ------------------------------------------------------------------ the chop
    def next_discard(self, seat: int) -> int:
        """The slot ``seat`` would discard next by common knowledge, or -1 when it has a card known
        playable or worthless (it plays or drops that instead) or only known last copies."""
        best, best_fit = -1, 0.0
        playable, worthless, valuable = self.playable, self.worthless, self.valuable
        for i, m in enumerate(self.know[seat]):
            if m & ~playable == 0 or m & ~worthless == 0:
                return -1
            if m & ~valuable == 0:
                continue
            fit = 100 + (m & worthless).bit_count() / m.bit_count()
            if fit > best_fit:
                best, best_fit = i, fit
        return best

    def _could_be_valuable_with_rank(self, m: int, rank: int) -> bool:
        """Whether a rank clue ``rank`` on a card of knowledge ``m`` could mark a last copy."""
        if not 1 <= rank <= self.r or m & self.rank_bits[rank - 1] == 0:
            return False
        if _tri(m, self.valuable) != MAYBE:
            return False
        return bool(m & self.rank_bits[rank - 1] & self.valuable != 0)

    def _no_warning_given(self, giver: int) -> None:
        """A turn that was not a warning to the giver's next player: their chop is not a last copy."""
        if self.deck_left == 0 or self.clues == 0:
            return
        seat = (giver + 1) % self.n
        chop = self.next_discard(seat)
        if chop != -1:
            self.know[seat][chop] = _narrow(self.know[seat][chop], ~self.valuable)

    # ------------------------------------------------------------------ reading the log
    def _read(self, obs: Observation) -> None:
        """Replay every turn since this seat's last decision, each against the table as it was."""
        for p, hand in enumerate(obs.hands):
            if hand is not None:
                for order, kind in zip(obs.orders[p], hand):
                    self.kind_of[order] = kind
        first = obs.turn - len(obs.log)
        for seat, action, detail in obs.log:
            if action[0] <= DISCARD:
                order, kind, _ = detail
                if seat != self.me:
                    self.kind_of[order] = kind
        for i, (seat, action, detail) in enumerate(obs.log):
            if first + i < self.next_turn:
                continue
            self._settle()
            self.unsettled = True
            if self.stall and (seat + 1) % self.n == self.me:
                chop = self.next_discard(self.me)
                self.vouched = self.hands[self.me][chop] if chop >= 0 else -1
            if action[0] == PLAY or action[0] == DISCARD:
                self._see_card_leave(seat, action[0], detail)
            else:
                self._see_clue(seat, action, detail)
        self.next_turn = obs.turn

    def _see_card_leave(self, seat: int, action_type: int, detail: tuple[Any, ...]) -> None:
        order, kind, success = detail
        slot = self.hands[seat].index(order)
        self._no_warning_given(seat)
        if action_type == DISCARD:
            m = self.know[seat][slot]
            if _single(m) and m & ~self.playable == 0:
                self._read_discard_finesse(seat, _kind(m))  # the kind the table knew, the giver's reason
            if self.clues < self.max_clues:
                self.clues += 1
        elif success:
            self.fireworks[kind // self.r] += 1
            if kind % self.r == self.r - 1 and self.five_returns and self.clues < self.max_clues:
                self.clues += 1
        else:
            self.storms += 1
        self.public[kind] += 1
        self._suit_piles(kind // self.r)
        del self.hands[seat][slot]
        del self.know[seat][slot]
        if self.deck_left > 0:
            self.hands[seat].append(self.next_order)
            self.know[seat].append(self.full)
            self.next_order += 1
            self.deck_left -= 1

    def _read_discard_finesse(self, giver: int, kind: int) -> None:
        """A known playable card discarded: the newest card of the one other player holding that
        kind there is that kind; if this seat sees nobody with it, it is this seat's newest card."""
        bit = 1 << kind
        for p in range(self.n):
            if p == giver or p == self.me or not self.hands[p]:
                continue
            if self.kind_of.get(self.hands[p][-1]) == kind:
                self.know[p][-1] = _narrow(self.know[p][-1], bit)
                return
        if self.me != giver and self.hands[self.me]:
            self.know[self.me][-1] = _narrow(self.know[self.me][-1], bit)

    def _see_clue(self, giver: int, action: tuple[Any, ...], touched_orders: tuple[Any, ...]) -> None:
        kind_of_clue, target, value = action
        hand = self.hands[target]
        touched = {hand.index(o) for o in touched_orders}
        expecting = (giver + 1) % self.n
        warning = reclaim = False
        if kind_of_clue == COLOUR_CLUE:
            bits = self.suit_bits[value]
        else:
            bits = self.rank_bits[value - 1]
            chop = self.next_discard(expecting)
            reclaim = not self._discarding_allowed() and giver == (target + 1) % self.n and 0 in touched
            warning = (not reclaim and target == expecting and chop in touched
                       and self._could_be_valuable_with_rank(self.know[target][chop], value))
            if warning:
                self.know[target][chop] = _narrow(self.know[target][chop], self.valuable)
        knowledge = self.know[target]
        identified, inferred = self._apply_clue(knowledge, touched, bits)
        if not warning and not reclaim and not identified and inferred >= 0:
            knowledge[inferred] = _narrow(knowledge[inferred], self.playable)
        if target != expecting:
            self._no_warning_given(giver)
        self.clues -= 1

    def _apply_clue(self, knowledge: list[int], touched: set[int], bits: int) -> tuple[bool, int]:
        """Narrow ``knowledge`` by a clue; say whether a card became surely playable and which is the
        newest touched card that still only may be (the play clue's focus)."""
        identified, inferred = False, -1
        playable = self.playable
        for i in range(len(knowledge) - 1, -1, -1):
            m = knowledge[i]
            was_maybe = _tri(m, playable) == MAYBE
            new = _narrow(m, bits) if i in touched else _narrow(m, ~bits)
            knowledge[i] = new
            if was_maybe:
                now = _tri(new, playable)
                if now == YES:
                    identified = True
                elif now == MAYBE and i in touched and inferred == -1:
                    inferred = i
        return identified, inferred

    # ------------------------------------------------------------------ deciding
    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        action = self.decide(obs)
        if action in legal:
            return action
        return next((a for a in legal if a[0] == DISCARD), legal[0])  # never reached by the conventions

    def decide(self, obs: Observation) -> tuple[int, ...]:
        """The conventions' action for this observation (``choose`` without the legal list: the
        conventions only ever give legal actions)."""
        self.catch_up(obs)
        self._settle()
        return self._decide(obs)

    def catch_up(self, obs: Observation) -> None:
        """Read the turns since this model last read (a new game when it has none yet, or when the
        table is back in its first round: a bot may be reused). A model a search keeps of a partner
        reads several times in the first round: starting again there would lose the turns before
        the observation's log (a partner's first card played, and its hand out of step)."""
        if not hasattr(self, "hands") or obs.turn < min(obs.players, self.next_turn):
            self._start(obs)
        self._read(obs)

    def clone(self) -> "SmartBot":
        """An independent copy of this bot as it is now (for a search that plays ahead with it)."""
        other = type(self).__new__(type(self))
        other.__dict__.update(self.__dict__)
        if hasattr(self, "hands"):
            other.hands = [list(h) for h in self.hands]
            other.know = [list(k) for k in self.know]
            other.public = list(self.public)
            other.fireworks = list(self.fireworks)
            other.kind_of = dict(self.kind_of)
        return other

    def _decide(self, obs: Observation) -> tuple[int, ...]:
        gone = self._eyesight_gone(obs)
        if self.deck_left == 0:
            action = self._play_surely_playable(gone) or self._play_mystery(gone)
            if action:
                return action
        action = (self._warn(obs) or self._discard_finesse(obs) or self._play_surely_playable(gone)
                  or self._helpful_clue(obs) or self._play_mystery(gone))
        if action:
            return action
        if not self._discarding_allowed():
            right = (self.me - 1) % self.n
            return (RANK_CLUE, right, obs.hands[right][0] % self.r + 1)
        return (self._discard_worthless(gone) or self._stall(obs) or self._discard_chop()
                or self._discard_least_needed())

    def _stall(self, obs: Observation) -> tuple[int, ...] | None:
        """With ``stall``, a clue instead of discarding a chop the player before never saw (it moved
        during their turn): the first clue to the next player the conventions read as its words alone."""
        if not self.stall or self.clues == 0:
            return None
        chop = self.next_discard(self.me)
        if chop < 0 or self.hands[self.me][chop] == self.vouched:
            return None
        seat = (self.me + 1) % self.n
        kinds = obs.hands[seat]
        their_chop = self.next_discard(seat)
        for clue_type, value, bits in self._clues_touching(kinds):
            touched = {i for i, k in enumerate(kinds) if (bits >> k) & 1}
            if clue_type == RANK_CLUE and their_chop in touched:
                continue  # could read as a warning
            identified, inferred = self._apply_clue(list(self.know[seat]), touched, bits)
            if not identified and inferred < 0:
                return (clue_type, seat, value)
        return None

    def _eye(self, m: int, gone: int) -> int:
        """A card's knowledge with this seat's eyesight added."""
        return m if _single(m) else _narrow(m, ~gone)

    def _play_surely_playable(self, gone: int) -> tuple[int, ...] | None:
        """Play a card surely playable; first one the others do not know is (before they spend a clue
        on it), then the lowest rank."""
        best, best_fit = -1, 0
        for i, m in enumerate(self.know[self.me]):
            if m & self.playable == 0:
                continue
            eye = self._eye(m, gone)
            if eye & ~self.playable:
                continue
            rank = self._rank(eye)
            fit = self.r + 2 if rank < 0 else self.r + 1 - rank
            if m & ~self.playable:
                fit += 100
            if fit > best_fit:
                best, best_fit = i, fit
        return (PLAY, best) if best >= 0 else None

    def _rank(self, m: int) -> int:
        """The rank every kind of ``m`` shares, or -1."""
        rank = _kind(m) % self.r
        return rank + 1 if m & ~self.rank_bits[rank] == 0 else -1

    def _play_mystery(self, gone: int) -> tuple[int, ...] | None:
        """Near the end of the deck, try the card most likely playable while a storm can be spared."""
        spare = self.max_storms - self.storms
        if spare <= 1 and self.strikeout_zero:
            return None
        limit = 3 if spare >= 3 else 1
        if self.deck_left > limit:
            return None
        best, best_fit = -1, 0.0
        for i in range(len(self.know[self.me]) - 1, -1, -1):
            eye = self._eye(self.know[self.me][i], gone)
            if _tri(eye, self.playable) == MAYBE:
                fit = _count(eye & self.playable) / _count(eye)
                if fit > best_fit:
                    best, best_fit = i, fit
        return (PLAY, best) if best >= 0 else None

    def _warn(self, obs: Observation) -> tuple[int, ...] | None:
        """The next player's chop is a last copy: clue them (a play clue if one helps, else its rank)."""
        if self.clues == 0:
            return None
        seat = (self.me + 1) % self.n
        chop = self.next_discard(seat)
        if chop == -1:
            return None
        kind = obs.hands[seat][chop]
        if not (self.valuable >> kind) & 1:
            return None
        fit, clue = self._best_clue_for(obs, seat)
        if fit > 0 and clue is not None:
            return clue
        return (RANK_CLUE, seat, kind % self.r + 1)

    def _discard_finesse(self, obs: Observation) -> tuple[int, ...] | None:
        """Discard a known playable card that exactly one other player holds as their newest card."""
        if not self._discarding_allowed():
            return None
        newest = [obs.hands[p][-1] for p in range(self.n) if p != self.me and obs.hands[p]]
        for i, m in enumerate(self.know[self.me]):
            if _single(m) and m & self.valuable == 0 and m & ~self.playable == 0:
                if newest.count(_kind(m)) == 1:
                    return (DISCARD, i)
        return None

    def _helpful_clue(self, obs: Observation) -> tuple[int, ...] | None:
        """The most informative clue that shows some player a playable card and misleads no one."""
        if self.clues == 0:
            return None
        best_fit, best = 0, None
        for k in range(1, self.n):
            fit, clue = self._best_clue_for(obs, (self.me + k) % self.n)
            if clue is not None and fit > best_fit:
                best_fit, best = fit, clue
        return best

    def _best_clue_for(self, obs: Observation, seat: int) -> tuple[int, tuple[int, ...] | None]:
        """The clue to ``seat`` that reveals a playable card (or whose focus really is playable) and
        removes the most possibilities; never a rank the next player would read as a warning."""
        kinds = obs.hands[seat]
        r, playable = self.r, self.playable
        unplayable = ~playable
        old = self.know[seat]
        undecided = [c for c in range(len(kinds) - 1, -1, -1) if old[c] & playable and old[c] & unplayable]
        if not undecided:
            return -1, None  # no card may or may not be playable: no clue reveals or marks one
        avoid = -1
        if seat == (self.me + 1) % self.n:
            chop = self.next_discard(seat)
            if chop != -1 and self._could_be_valuable_with_rank(old[chop], kinds[chop] % r + 1):
                avoid = kinds[chop] % r + 1
        best_fit, best = -1, None
        for clue_type, value, bits in self._clues_touching(kinds):
            if clue_type == RANK_CLUE and value == avoid:
                continue
            # _narrow and _tri written out (a search calls this most): first whether the clue
            # qualifies, from the cards that may or may not be playable, newest first
            reveals = False
            misleading = MAYBE
            for c in undecided:
                m = old[c]
                hit = (bits >> kinds[c]) & 1
                new = (m & bits if hit else m & ~bits) or m
                if not new & unplayable:
                    reveals = True
                elif new & playable and hit and misleading == MAYBE:
                    misleading = NO if (playable >> kinds[c]) & 1 else YES
            if not reveals and misleading != NO:
                continue
            fit = 0
            for m, kind in zip(old, kinds):
                new = m & bits if (bits >> kind) & 1 else m & ~bits
                if new:
                    fit += m.bit_count() - new.bit_count()
            if fit > best_fit:
                best_fit, best = fit, (clue_type, seat, value)
        return best_fit, best

    def _clues_touching(self, kinds: Sequence[int]) -> list[tuple[int, int, int]]:
        """Every clue that touches a card of a hand of ``kinds``, colours by suit then ranks:
        ``(clue type, suit or rank, the kinds it names as a bitmask)``."""
        r = self.r
        clues = [(COLOUR_CLUE, s, self.suit_bits[s]) for s in sorted({k // r for k in kinds})]
        clues += [(RANK_CLUE, v, self.rank_bits[v - 1]) for v in sorted({k % r + 1 for k in kinds})]
        return clues

    def _discard_worthless(self, gone: int) -> tuple[int, ...] | None:
        """Drop a card surely useless, first one the others do not know is."""
        best, best_fit = -1, 0.0
        for i, m in enumerate(self.know[self.me]):
            if m & self.worthless == 0:
                continue
            if m & ~self.worthless and self._eye(m, gone) & ~self.worthless:
                continue
            fit = 2.0 - _count(m & self.worthless) / _count(m)
            if fit > best_fit:
                best, best_fit = i, fit
        return (DISCARD, best) if best >= 0 else None

    def _discard_chop(self) -> tuple[int, ...] | None:
        chop = self.next_discard(self.me)
        return (DISCARD, chop) if chop >= 0 else None

    def _discard_least_needed(self) -> tuple[int, ...]:
        """Every card is a known last copy: drop the highest rank (the furthest from being played)."""
        best, best_rank = 0, -2
        for i, m in enumerate(self.know[self.me]):
            rank = self._rank(m)
            if rank > best_rank:
                best, best_rank = i, rank
        return (DISCARD, best)


def make_smart(param: str | None, seat: int, engine: Any) -> SmartBot:
    """``smart``: SmartBot's conventions; ``smart:stall`` adds the stall (``best`` at two players).
    Reads the table's strikeout and five-returns-a-token options."""
    if param not in (None, "stall"):
        raise ValueError(f"smart takes no parameter but 'stall' (smart:stall), not {param!r}")
    return SmartBot(strikeout_zero=engine.strikeout_zero, five_returns=engine.five_returns, stall=param == "stall")
