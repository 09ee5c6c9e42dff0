"""Hanabi bots: ``random``, ``simple`` (rules of thumb), ``cheat`` (sees its own hand: an upper
bound) and ``holmes`` (tracks what every card may be and follows play/save clue conventions); the
strongest, ``smart``, has its own module (``smartbot``) and is registered here with the others.

Every bot except ``cheat`` decides from ``Observation`` only. Kinds are ints ``suit * max_rank +
rank - 1``; sets of kinds are bitmasks (bit ``kind``).
"""

from __future__ import annotations

import random
from typing import Any, Sequence

from generator.sim.api import BotFactory
from generator.sim.base import bot_table, no_parameter

from .engine import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE
from .observation import RANK_SHIFT, TOUCHED, Observation, unseen_copies
from .infobot import make_info
from .searchbot import make_search
from .smartbot import make_smart


class Tables:
    """Kind bitmasks of one table shape (suits x ranks), and the per-turn sets of a position."""

    def __init__(self, suits: int, max_rank: int) -> None:
        self.suits, self.max_rank = suits, max_rank
        self.suit_bits = [sum(1 << (s * max_rank + r) for r in range(max_rank)) for s in range(suits)]
        self.rank_bits = [sum(1 << (s * max_rank + r) for s in range(suits)) for r in range(max_rank)]
        self._cache: dict[int, int] = {}

    def from_knowledge(self, knowledge: int) -> int:
        """Kinds allowed by a card's clue knowledge alone."""
        key = knowledge & 0xFFFF
        mask = self._cache.get(key)
        if mask is None:
            suits = sum(self.suit_bits[s] for s in range(self.suits) if (key >> s) & 1)
            ranks = sum(self.rank_bits[r] for r in range(self.max_rank) if (key >> (RANK_SHIFT + r)) & 1)
            mask = suits & ranks
            self._cache[key] = mask
        return mask


class Position:
    """Playable, dead and critical kinds, and the kinds the observer cannot see anywhere."""

    __slots__ = ("playable", "dead", "critical", "unseen")

    def __init__(self, obs: Observation, tables: Tables) -> None:
        r = obs.max_rank
        copies, discarded = obs.copies, obs.discarded
        playable = dead = critical = 0
        for s, top in enumerate(obs.fireworks):
            lost = False
            for rank in range(r):
                kind = s * r + rank
                if rank < top or lost:
                    dead |= 1 << kind
                else:
                    if rank == top:
                        playable |= 1 << kind
                    if copies[kind] - discarded[kind] == 1:
                        critical |= 1 << kind
                    if copies[kind] - discarded[kind] <= 0:
                        lost = True
        left = unseen_copies(obs)
        self.playable, self.dead, self.critical = playable, dead, critical
        self.unseen = sum(1 << k for k, n in enumerate(left) if n > 0)


def _lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


class SimpleBot:
    """Rules of thumb: play a card clues prove playable; clue the next player's playable card;
    discard the oldest card no clue touched."""

    name = "simple"

    def __init__(self) -> None:
        self.tables: Tables | None = None

    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if self.tables is None:
            self.tables = Tables(obs.suits, obs.max_rank)
        tables = self.tables
        pos = Position(obs, tables)
        legal_set = set(legal)
        mine = obs.knowledge[obs.seat]
        for slot, kn in enumerate(mine):
            poss = tables.from_knowledge(kn)
            if poss and poss & ~pos.playable == 0:
                return (PLAY, slot)
        if obs.clues > 0:
            for k in range(1, obs.players):
                target = (obs.seat + k) % obs.players
                for slot, kind in enumerate(obs.hands[target]):
                    kn = obs.knowledge[target][slot]
                    if (pos.playable >> kind) & 1 and tables.from_knowledge(kn) & ~pos.playable:
                        rank_known = (kn >> RANK_SHIFT) & 0xFF == 1 << (kind % obs.max_rank)
                        clue = ((COLOUR_CLUE, target, kind // obs.max_rank) if rank_known
                                else (RANK_CLUE, target, kind % obs.max_rank + 1))
                        if clue in legal_set:
                            return clue
        for slot, kn in enumerate(mine):
            if not kn & TOUCHED and (DISCARD, slot) in legal_set:
                return (DISCARD, slot)
        if (DISCARD, 0) in legal_set:
            return (DISCARD, 0)
        clues = [a for a in legal if a[0] >= COLOUR_CLUE]
        return rng.choice(clues) if clues else legal[0]


class CheatBot:
    """Sees its own hand through the engine's documented cheat hook ``HanabiState.peek_hand`` (the
    runner binds the live state with ``bind_state`` before each decision): an upper bound, not a player."""

    name = "cheat"

    def __init__(self) -> None:
        self.state: Any = None
        self.tables: Tables | None = None

    def bind_state(self, state: Any) -> None:
        self.state = state

    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if self.tables is None:
            self.tables = Tables(obs.suits, obs.max_rank)
        pos = Position(obs, self.tables)
        hand = self.state.peek_hand(obs.seat)
        r = obs.max_rank
        playable = [(kind % r, slot) for slot, kind in enumerate(hand) if (pos.playable >> kind) & 1]
        if playable:
            # 5s first (they return a token), then the card that unlocks the most cards others hold
            held = [k for h in obs.hands if h is not None for k in h]
            playable.sort(key=lambda t: (t[0] != r - 1, -sum(1 for k in held if k == hand[t[1]] + 1), t[0]))
            return (PLAY, playable[0][1])
        legal_set = set(legal)
        if (DISCARD, 0) in legal_set and obs.clues < obs.max_clues:
            seen = [k for h in obs.hands if h is not None for k in h]
            best, best_value = 0, None
            for slot, kind in enumerate(hand):
                if (pos.dead >> kind) & 1:
                    value = 0
                elif kind in seen or hand.count(kind) > 1:
                    value = 1
                elif (pos.critical >> kind) & 1:
                    value = 100
                else:
                    value = 10 + (r - kind % r)  # keep low ranks, they are needed soonest
                if best_value is None or value < best_value:
                    best, best_value = slot, value
            if best_value is not None and (best_value < 100 or obs.clues == 0):
                return (DISCARD, best)
        clues = [a for a in legal if a[0] >= COLOUR_CLUE]
        if clues:
            return clues[0]
        return (DISCARD, 0) if (DISCARD, 0) in legal_set else legal[0]


class HolmesBot:
    """Convention bot that never sees its own cards.

    It reads every turn from the observation's log and works out what each of its cards may be from
    the clues, the discards, the fireworks and the cards it sees. Conventions (shared by all its
    copies, computed from public facts only): the *chop* is the oldest card of a hand that no clue
    has protected. A clue touching the receiver's chop is a *save* (the chop is protected); any other
    clue is a *play* clue on its focus (the newest touched card not already play-clued), which is
    then one of the kinds that were playable when the clue was given. On its turn: save the card the
    next player would discard when it is critical; play a card surely playable (in the last round,
    one likely playable); give the best play clue; discard a surely dead card, else the oldest
    unprotected card that no clue showed may be critical; with all tokens available, give the
    clue that does the least harm.
    """

    name = "holmes"

    def __init__(self) -> None:
        self.tables: Tables | None = None
        self.marks: dict[int, int] = {}
        """Order -> kinds it was play-clued as."""
        self.touched: set[int] = set()
        """Protected orders (each clue's focus: the saved chop or the play-clued card); the chop is
        the oldest card of a hand not in this set."""
        self.hands: list[list[int]] = []
        self.fireworks: list[int] = []
        self.next_card = 0
        self.deck_total = 0
        self.next_turn = 0

    # ---------------------------------------------------------------- reading the log
    def _start(self, obs: Observation) -> None:
        self.tables = Tables(obs.suits, obs.max_rank)
        self.marks, self.touched, self.next_turn = {}, set(), 0
        size = len(obs.orders[obs.seat])
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(obs.players)]
        self.next_card = obs.players * size
        self.deck_total = sum(obs.copies)
        self.fireworks = [0] * obs.suits

    def _playable_now(self) -> int:
        r = self.tables.max_rank  # type: ignore[union-attr]
        return sum(1 << (s * r + top) for s, top in enumerate(self.fireworks) if top < r)

    def _read(self, obs: Observation) -> None:
        first = obs.turn - len(obs.log)
        r = obs.max_rank
        for i, (seat, action, detail) in enumerate(obs.log):
            if first + i < self.next_turn:
                continue
            if action[0] == PLAY or action[0] == DISCARD:
                order, kind, success = detail
                if success:
                    self.fireworks[kind // r] += 1
                self.hands[seat].remove(order)
                self.marks.pop(order, None)
                if self.next_card < self.deck_total:
                    self.hands[seat].append(self.next_card)
                    self.next_card += 1
            else:
                target = action[1]
                candidates = [o for o in detail if o not in self.marks]
                hand = self.hands[target]
                chop = next((o for o in hand if o not in self.touched), None)
                if chop is not None and chop in detail:
                    self.touched.add(chop)
                elif candidates:
                    focus = max(candidates)
                    value = action[2]
                    allowed = (self.tables.suit_bits[value] if action[0] == COLOUR_CLUE  # type: ignore[union-attr]
                               else self.tables.rank_bits[value - 1])  # type: ignore[union-attr]
                    mark = allowed & self._playable_now()
                    if mark:
                        self.marks[focus] = mark
                    self.touched.add(focus)

        self.next_turn = obs.turn

    # ---------------------------------------------------------------- deciding
    def choose(self, obs: Observation, legal: Sequence[Any], rng: random.Random) -> Any:
        if obs.turn < obs.players:  # the seat's first turn: a new game (a bot may be reused)
            self._start(obs)
        self._read(obs)
        tables = self.tables
        assert tables is not None
        pos = Position(obs, tables)
        legal_set = set(legal)
        seat, r = obs.seat, obs.max_rank
        mine = obs.orders[seat]
        poss = []
        for slot, order in enumerate(mine):
            p = tables.from_knowledge(obs.knowledge[seat][slot]) & pos.unseen
            mark = self.marks.get(order)
            if mark and p & mark:
                p &= mark
            poss.append(p)
        if obs.clues > 0:
            save = self._save_clue(obs, pos, legal_set)
            if save is not None:
                return save
        # a card surely playable (5s first, then the lowest rank)
        best = None
        for slot, p in enumerate(poss):
            if p and p & ~pos.playable == 0:
                rank = max(k % r for k in range(p.bit_length()) if (p >> k) & 1)
                key = (rank != r - 1, rank)
                if best is None or key < best[0]:
                    best = (key, slot)
        if best is None and obs.storms < obs.max_storms - 1:
            # a play-clued card: one of the kinds playable when clued; some may have been played since
            for slot, order in enumerate(mine):
                p = poss[slot]
                if order in self.marks and p & pos.playable and p & ~(pos.playable | pos.dead) == 0:
                    best = ((True, 0), slot)
                    break
        if best is None and obs.deck_size == 0 and obs.storms < obs.max_storms - 1:
            # the last round: a card that may well be playable is worth a storm token
            chances = [(bin(p & pos.playable).count("1") / max(1, bin(p).count("1")), -slot) for slot, p in enumerate(poss)]
            chance, slot = max(chances)
            if chance >= 0.5:
                best = ((True, 0), -slot)
        if best is not None:
            return (PLAY, best[1])
        if obs.clues > 0:
            play = self._play_clue(obs, pos, legal_set)
            if play is not None:
                return play
        can_discard = obs.clues < obs.max_clues or obs.can_discard_at_max
        if can_discard:
            useless = pos.dead | self._claimed(obs, pos, others_only=True)
            for slot, p in enumerate(poss):
                if p and p & ~useless == 0:
                    return (DISCARD, slot)
            candidate = self._discard_candidate(obs, seat, pos)
            if candidate is not None:
                return (DISCARD, candidate)
            # every card protected: drop the one least likely to matter (unmarked, never critical)
            ranked = sorted(range(len(mine)), key=lambda s: (
                mine[s] in self.marks,
                bin(poss[s] & pos.critical).count("1") / max(1, bin(poss[s] & ~pos.dead).count("1")),
                s))
            risky = mine[ranked[0]] in self.marks or poss[ranked[0]] & pos.critical
            if not risky or obs.clues == 0:
                return (DISCARD, ranked[0])
        return self._harmless_clue(obs, legal, pos)

    def _discard_candidate(self, obs: Observation, seat: int, pos: Position) -> int | None:
        """The slot ``seat`` discards when it has nothing better: the oldest unprotected card that no
        clue has shown may be critical, else the chop (public knowledge only, so others can predict it)."""
        chop = None
        tables = self.tables
        assert tables is not None
        for slot, order in enumerate(obs.orders[seat]):
            if order in self.touched:
                continue
            kn = obs.knowledge[seat][slot]
            if not kn & TOUCHED or not tables.from_knowledge(kn) & pos.critical:
                return slot
            if chop is None:
                chop = slot
        return chop

    def _claimed(self, obs: Observation, pos: Position, others_only: bool = False) -> int:
        """Kinds some teammate already holds touched (so will play or keep): never clue a second copy."""
        claimed = 0
        for p, hand in enumerate(obs.hands):
            if hand is None:
                continue
            for slot, order in enumerate(obs.orders[p]):
                if order in self.touched:
                    claimed |= 1 << hand[slot]
        if others_only:
            return claimed
        for slot, order in enumerate(obs.orders[obs.seat]):
            mark = self.marks.get(order)
            if mark and mark & (mark - 1) == 0:
                claimed |= mark
        return claimed

    def _will_play(self, obs: Observation, target: int, pos: Position) -> bool:
        return any(order in self.marks and (pos.playable >> kind) & 1
                   for order, kind in zip(obs.orders[target], obs.hands[target]))

    def _touches(self, obs: Observation, target: int, clue: tuple[int, ...]) -> list[int]:
        r = obs.max_rank
        hand = obs.hands[target]
        if clue[0] == COLOUR_CLUE:
            return [o for o, k in zip(obs.orders[target], hand) if k // r == clue[2]]
        return [o for o, k in zip(obs.orders[target], hand) if k % r == clue[2] - 1]

    def _save_clue(self, obs: Observation, pos: Position, legal: set[Any]) -> Any:
        """Save the card the next player would discard when it is critical: a clue touching the chop
        (so it reads as a save and protects it) and that card (touched, it is never discarded while
        it may be critical)."""
        target = (obs.seat + 1) % obs.players
        orders, hand = obs.orders[target], obs.hands[target]
        chop_slot = next((s for s, o in enumerate(orders) if o not in self.touched), None)
        slot = self._discard_candidate(obs, target, pos)
        if chop_slot is None or slot is None or self._will_play(obs, target, pos) or obs.deck_size == 0:
            return None
        kind = hand[slot]
        if not (pos.critical >> kind) & 1:
            return None
        r = obs.max_rank
        best_key, best = None, None
        for clue in ((RANK_CLUE, target, kind % r + 1), (COLOUR_CLUE, target, kind // r)):
            if clue not in legal:
                continue
            touched = self._touches(obs, target, clue)
            if orders[chop_slot] not in touched:
                # no chop: it reads as a play clue, which protects its focus; fine when it marks nothing
                focus = max((o for o in touched if o not in self.marks), default=None)
                allowed = (self.tables.suit_bits[clue[2]] if clue[0] == COLOUR_CLUE  # type: ignore[union-attr]
                           else self.tables.rank_bits[clue[2] - 1])  # type: ignore[union-attr]
                if focus != orders[slot] or allowed & pos.playable:
                    continue
            saved = sum(1 for o, k in zip(orders, hand) if o in touched and o not in self.touched
                        and (pos.critical >> k) & 1)
            junk = sum(1 for o, k in zip(orders, hand) if o in touched and o not in self.touched
                       and (pos.dead >> k) & 1)
            key = (-saved, junk, len(touched))
            if best_key is None or key < best_key:
                best_key, best = key, clue
        return best

    def _play_clue(self, obs: Observation, pos: Position, legal: set[Any]) -> Any:
        claimed = self._claimed(obs, pos)
        best_key, best = None, None
        for k in range(1, obs.players):
            target = (obs.seat + k) % obs.players
            orders, hand = obs.orders[target], obs.hands[target]
            chop = next((o for o in orders if o not in self.touched), None)
            kind_of = dict(zip(orders, hand))
            for kind in set(hand):
                if not (pos.playable >> kind) & 1 or (claimed >> kind) & 1:
                    continue
                for clue in ((RANK_CLUE, target, kind % obs.max_rank + 1), (COLOUR_CLUE, target, kind // obs.max_rank)):
                    if clue not in legal:
                        continue
                    touched = self._touches(obs, target, clue)
                    newly = [o for o in touched if o not in self.marks]
                    if not newly or chop in touched:
                        continue
                    focus = max(newly)
                    if not (pos.playable >> kind_of[focus]) & 1 or (claimed >> kind_of[focus]) & 1:
                        continue
                    good = sum(1 for o in newly if (pos.playable >> kind_of[o]) & 1)
                    key = (-good, kind_of[focus] % obs.max_rank, k, clue[0])
                    if best_key is None or key < best_key:
                        best_key, best = key, clue
        return best

    def _harmless_clue(self, obs: Observation, legal: Sequence[Any], pos: Position) -> Any:
        """Nothing to play or discard: the clue that does the least harm and the most good (touches no
        new card, or protects a useful card), never one that would mark a card as playable wrongly."""
        r = obs.max_rank
        best_key, best = None, None
        for clue in legal:
            if clue[0] < COLOUR_CLUE:
                continue
            target = clue[1]
            kind_of = dict(zip(obs.orders[target], obs.hands[target]))
            touched = self._touches(obs, target, clue)
            chop = next((o for o in obs.orders[target] if o not in self.touched), None)
            newly = [o for o in touched if o not in self.marks or o == chop]
            if not newly:
                key = 2
            else:
                focus = chop if chop in newly else max(newly)
                kind = kind_of[focus]
                if focus != chop:
                    allowed = (self.tables.suit_bits[clue[2]] if clue[0] == COLOUR_CLUE  # type: ignore[union-attr]
                               else self.tables.rank_bits[clue[2] - 1])  # type: ignore[union-attr]
                    if allowed & pos.playable:
                        continue  # would read as a play clue on a card that is not playable
                if (pos.dead >> kind) & 1:
                    key = 5
                elif (pos.critical >> kind) & 1:
                    key = 0
                else:
                    key = 1 if kind % r < 2 else 3
            full_key = (key, len(touched))
            if best_key is None or full_key < best_key:
                best_key, best = full_key, clue
        if best is not None:
            return best
        return next((a for a in legal if a[0] >= COLOUR_CLUE), legal[0])


def make_simple(param: str | None, seat: int, engine: Any) -> SimpleBot:
    """``simple``: takes no parameter."""
    no_parameter("simple", param)
    return SimpleBot()


def make_cheat(param: str | None, seat: int, engine: Any) -> CheatBot:
    """``cheat``: takes no parameter."""
    no_parameter("cheat", param)
    return CheatBot()


def make_holmes(param: str | None, seat: int, engine: Any) -> HolmesBot:
    """``holmes``: takes no parameter."""
    no_parameter("holmes", param)
    return HolmesBot()


BOTS: dict[str, BotFactory] = bot_table(simple=make_simple, cheat=make_cheat, holmes=make_holmes, smart=make_smart,
                                         info=make_info, search=make_search)
"""Hanabi's bots, with the shared ``random`` first."""
