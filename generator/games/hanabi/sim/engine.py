"""The Hanabi engine of one table: the deal, the four actions, the end of the game and the invariants.

Cards are ints: a card's *kind* is ``suit * max_rank + rank - 1`` and a physical card is named by
its *order*, its index in the shuffled deck (the hanab.live convention). Actions are small tuples
whose first item is the hanab.live action type: ``(0, slot)`` play, ``(1, slot)`` discard,
``(2, target_seat, suit_index)`` colour clue, ``(3, target_seat, rank)`` rank clue. Hands are lists
of orders, oldest card first. What each card's owner knows from clues is packed in one int per order
(see ``observation``). Hot paths use plain lists and ints, no dataclasses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Literal, Mapping, Sequence

from generator.model import OptionValue
from generator.sim.api import TERMINAL, IllegalAction, InvariantError
from generator.sim.base import check_players, refuse_settings
from generator.sim.rulesets import read_ruleset

from ..model import HanabiDefinition
from .observation import RANK_SHIFT, TOUCHED, Observation

PLAY, DISCARD, COLOUR_CLUE, RANK_CLUE = 0, 1, 2, 3
"""Action types (the hanab.live numbers)."""

END_PERFECT = "perfect"
END_STRIKEOUT = "strikeout"
END_DECK_OUT = "deck_out"
"""End reasons: every firework complete, the last storm token turned, the last round after the deck ran out."""


@dataclass(frozen=True, slots=True)
class HanabiRules:
    """The rule options the engine plays by (their defaults are in the definition's ``options``)."""

    empty_clues: bool
    strikeout: Literal["zero", "keep"]
    discard_at_max_clues: bool
    five_returns_clue: bool
    storm_tokens: str
    """``printed``: the definition's storm tokens; or a number of tokens to play with."""


class HanabiEngine:
    """Deals and plays Hanabi games for one table (implements ``api.Engine``)."""

    def __init__(self, definition: HanabiDefinition, players: int, options: Mapping[str, OptionValue] | None = None) -> None:
        check_players(definition, players)
        if len(definition.suits) > 8 or definition.max_rank > 8:
            raise ValueError("the Hanabi engine handles at most 8 suits and ranks 1-8")
        self.definition = definition
        self.players = players
        self.options: dict[str, OptionValue] = dict(definition.info.options.resolve(options))
        self.rules = read_ruleset(HanabiRules, self.options, game=definition.info.id)
        self.empty_clues = self.rules.empty_clues
        self.strikeout_zero = self.rules.strikeout == "zero"
        self.discard_at_max = self.rules.discard_at_max_clues
        self.five_returns = self.rules.five_returns_clue
        self.suits = len(definition.suits)
        self.max_rank = definition.max_rank
        self.max_clues = definition.note_tokens
        storms = self.rules.storm_tokens
        self.max_storms = definition.storm_tokens if storms == "printed" else int(storms)
        """Storm tokens in play: those printed (the default), or the ``storm_tokens`` option's number."""
        self.hand_size = definition.hand_size(players)
        self.perfect = self.suits * self.max_rank
        self.kinds = self.suits * self.max_rank
        self.deck_kinds: tuple[int, ...] = tuple(
            definition.suits.index(definition.suit(card.suit)) * self.max_rank + card.rank - 1
            for card in definition.cards()
        )
        self.copies = [0] * self.kinds
        for kind in self.deck_kinds:
            self.copies[kind] += 1
        self.copies_t: tuple[int, ...] = tuple(self.copies)
        self.full_knowledge = ((1 << self.suits) - 1) | (((1 << self.max_rank) - 1) << RANK_SHIFT)
        self.plays: tuple[tuple[int, ...], ...] = tuple((PLAY, slot) for slot in range(self.hand_size))
        self.discards: tuple[tuple[int, ...], ...] = tuple((DISCARD, slot) for slot in range(self.hand_size))
        self.colour_clues = tuple(tuple((COLOUR_CLUE, t, s) for s in range(self.suits)) for t in range(players))
        self.rank_clues = tuple(tuple((RANK_CLUE, t, r) for r in range(1, self.max_rank + 1)) for t in range(players))
        self._legal_cache: dict[tuple[int, int, bool, bool], tuple[tuple[int, ...], ...]] = {}
        self.face_bits: tuple[int, ...] = tuple((1 << (k // self.max_rank)) | (1 << (RANK_SHIFT + k % self.max_rank))
                                                for k in range(self.kinds))
        """Per kind: its suit's bit and its rank's bit (as in a card's knowledge)."""
        self._touching: dict[int, tuple[tuple[int, ...], ...]] = {}

    def new_game(self, rng: random.Random) -> "HanabiState":
        """Shuffle the deck with ``rng`` and deal."""
        deck = list(self.deck_kinds)
        rng.shuffle(deck)
        return HanabiState(self, deck)

    def game_from_deck(self, deck: Sequence[int]) -> "HanabiState":
        """A game dealt from a given deck order (kinds, top first): for replays."""
        if sorted(deck) != sorted(self.deck_kinds):
            raise ValueError("the deck is not this game's full deck")
        return HanabiState(self, list(deck))

    def all_clues(self, seat: int, clues_left: bool) -> tuple[tuple[int, ...], ...]:
        """Every clue ``seat`` may give to the others when any clue touching no card is allowed."""
        if not clues_left:
            return ()
        out: list[tuple[int, ...]] = []
        for k in range(1, self.players):
            t = (seat + k) % self.players
            out.extend(self.colour_clues[t])
            out.extend(self.rank_clues[t])
        return tuple(out)

    def imagined(self, obs: Observation, deck: list[int]) -> "HanabiState":
        """The game as the seat of ``obs`` may imagine it, to play ahead in a search: the table it
        sees, with ``deck`` (kinds by order) giving the cards it does not see (its own hand and the
        draw pile). Orders already played or discarded are not read; the discard pile's orders are
        not known to an observation and are left out (the counts are kept)."""
        state = HanabiState(self, None)
        state.deck = deck
        state.next_card = len(deck) - obs.deck_size
        state.hands = [list(h) for h in obs.orders]
        knowledge = [self.full_knowledge] * len(deck)
        for orders, known in zip(obs.orders, obs.knowledge):
            for order, k in zip(orders, known):
                knowledge[order] = k
        state.knowledge = knowledge
        state.fireworks = list(obs.fireworks)
        state.discarded = list(obs.discarded)
        state.discard_pile = []
        state.clues, state.storms, state.current = obs.clues, obs.storms, obs.seat
        state.final_turns, state.log, state.end, state._turns = obs.final_turns, list(obs.log), None, obs.turn
        return state

    def touching_clues(self, target: int, faces: int) -> tuple[tuple[int, ...], ...]:
        """The clues to ``target`` that touch a card when the suits and ranks in their hand are the
        bits of ``faces`` (``face_bits`` or-ed over the hand): colours by suit, then ranks. Cached:
        at most 2 ** (suits + ranks) hands' worth per player."""
        key = (faces << 5) | target
        clues = self._touching.get(key)
        if clues is None:
            colours, ranks = self.colour_clues[target], self.rank_clues[target]
            clues = (tuple(colours[s] for s in range(self.suits) if (faces >> s) & 1)
                     + tuple(ranks[r] for r in range(self.max_rank) if (faces >> (RANK_SHIFT + r)) & 1))
            self._touching[key] = clues
        return clues

    def kind_name(self, kind: int) -> str:
        """``red 3``: for messages."""
        return f"{self.definition.suits[kind // self.max_rank].key} {kind % self.max_rank + 1}"


class HanabiState:
    """One Hanabi game in progress (implements ``api.GameState``); mutated in place."""

    __slots__ = ("engine", "deck", "next_card", "hands", "knowledge", "fireworks", "discarded",
                 "discard_pile", "clues", "storms", "current", "final_turns", "log", "end", "_turns")

    def __init__(self, engine: HanabiEngine, deck: list[int] | None) -> None:
        self.engine = engine
        if deck is None:  # clone() fills the slots itself
            return
        self.deck = deck
        """Kinds by order, top of the deck first; ``next_card`` is the order of the next draw."""
        players, size = engine.players, engine.hand_size
        self.hands = [list(range(p * size, (p + 1) * size)) for p in range(players)]
        self.next_card = players * size
        self.knowledge = [engine.full_knowledge] * len(deck)
        self.fireworks = [0] * engine.suits
        self.discarded = [0] * engine.kinds
        self.discard_pile: list[int] = []
        self.clues = engine.max_clues
        self.storms = 0
        self.current = 0
        self.final_turns = -1
        """Turns left once the deck has run out (-1 before)."""
        self.log: list[tuple[Any, ...]] = []
        """One entry per turn: ``(seat, action, detail)``; detail is ``(order, kind, success)`` for a
        play or discard, the tuple of touched orders for a clue."""
        self.end: str | None = None
        self._turns = 0

    # ------------------------------------------------------------------ the GameState protocol
    def current_player(self) -> int:
        return TERMINAL if self.end is not None else self.current

    def is_terminal(self) -> bool:
        return self.end is not None

    @property
    def turns(self) -> int:
        return self._turns

    def legal_actions(self) -> Sequence[tuple[int, ...]]:
        """Plays, discards (unless all note tokens are in the lid and the option forbids it), clues."""
        if self.end is not None:
            return ()
        engine = self.engine
        seat = self.current
        can_discard = self.clues < engine.max_clues or engine.discard_at_max
        n = len(self.hands[seat])
        if engine.empty_clues or self.clues == 0:
            key = (seat, n, can_discard, self.clues > 0)
            cached = engine._legal_cache.get(key)
            if cached is None:
                cached = engine.plays[:n] + (engine.discards[:n] if can_discard else ()) + engine.all_clues(seat, self.clues > 0)
                engine._legal_cache[key] = cached
            return cached
        out = engine.plays[:n] + engine.discards[:n] if can_discard else engine.plays[:n]
        deck, bits, players = self.deck, engine.face_bits, engine.players
        for k in range(1, players):
            t = seat + k
            if t >= players:
                t -= players
            faces = 0
            for o in self.hands[t]:
                faces |= bits[deck[o]]
            out += engine.touching_clues(t, faces)
        return out

    def apply(self, action: Any) -> None:
        """Play ``action`` for the current player; IllegalAction says why it is refused."""
        if self.end is not None:
            raise IllegalAction("the game is over")
        if type(action) is not tuple or len(action) < 2:
            raise IllegalAction(f"not a Hanabi action: {action!r}")
        engine = self.engine
        seat = self.current
        hand = self.hands[seat]
        kind_of_action = action[0]
        completed = False  # a firework got its last card (only then can every firework be complete)
        if kind_of_action == PLAY or kind_of_action == DISCARD:
            if len(action) != 2 or type(action[1]) is not int or not 0 <= action[1] < len(hand):
                raise IllegalAction(f"no card in slot {action[1]!r} of player {seat}'s hand")
            if kind_of_action == DISCARD and self.clues >= engine.max_clues and not engine.discard_at_max:
                raise IllegalAction(f"cannot discard with all {engine.max_clues} note tokens available")
            order = hand.pop(action[1])
            kind = self.deck[order]
            r = engine.max_rank
            suit, rank = divmod(kind, r)
            success = False
            if kind_of_action == PLAY:
                if self.fireworks[suit] == rank:
                    success = True
                    self.fireworks[suit] = rank + 1
                    if rank + 1 == r:
                        completed = True
                        if engine.five_returns and self.clues < engine.max_clues:
                            self.clues += 1
                else:
                    self.storms += 1
                    self.discarded[kind] += 1
                    self.discard_pile.append(order)
            else:
                if self.clues < engine.max_clues:
                    self.clues += 1
                self.discarded[kind] += 1
                self.discard_pile.append(order)
            self.log.append((seat, action, (order, kind, success)))
            if self.next_card < len(self.deck):
                hand.append(self.next_card)
                self.next_card += 1
                if self.next_card == len(self.deck):
                    self.final_turns = engine.players + 1  # this turn, then one more for everyone
        elif kind_of_action == COLOUR_CLUE or kind_of_action == RANK_CLUE:
            if len(action) != 3:
                raise IllegalAction(f"not a Hanabi action: {action!r}")
            target, value = action[1], action[2]
            if type(target) is not int or not 0 <= target < engine.players:
                raise IllegalAction(f"no player {target!r}")
            if target == seat:
                raise IllegalAction("a player cannot give a clue to themselves")
            if self.clues <= 0:
                raise IllegalAction("no note token left to give a clue")
            r = engine.max_rank
            if kind_of_action == COLOUR_CLUE:
                if type(value) is not int or not 0 <= value < engine.suits:
                    raise IllegalAction(f"no suit {value!r}")
                bit = 1 << value
                touched = tuple(o for o in self.hands[target] if self.deck[o] // r == value)
                keep = bit | ~((1 << engine.suits) - 1)
            else:
                if type(value) is not int or not 1 <= value <= r:
                    raise IllegalAction(f"no rank {value!r}")
                bit = 1 << (RANK_SHIFT + value - 1)
                touched = tuple(o for o in self.hands[target] if self.deck[o] % r == value - 1)
                keep = bit | ((1 << RANK_SHIFT) - 1) | TOUCHED
            if not touched and not engine.empty_clues:
                raise IllegalAction("a clue must touch at least one card (empty_clues is off)")
            know = self.knowledge
            for o in self.hands[target]:
                if o in touched:
                    know[o] = (know[o] & keep) | TOUCHED
                else:
                    know[o] &= ~bit
            self.clues -= 1
            self.log.append((seat, action, touched))
        else:
            raise IllegalAction(f"unknown action type {kind_of_action!r}")
        self._turns += 1
        if self.storms >= engine.max_storms:
            self.end = END_STRIKEOUT
        elif completed and sum(self.fireworks) == engine.perfect:
            self.end = END_PERFECT
        elif self.final_turns > 0:
            self.final_turns -= 1
            if self.final_turns == 0:
                self.end = END_DECK_OUT
        self.current = (seat + 1) % engine.players

    def score(self) -> int:
        """The team score: fireworks played, 0 after a strikeout under ``strikeout=zero``."""
        if self.end == END_STRIKEOUT and self.engine.strikeout_zero:
            return 0
        return sum(self.fireworks)

    def scores(self) -> list[float]:
        return [float(self.score())] * self.engine.players

    def outcome(self) -> dict[str, Any]:
        """End reason, score, whether it is perfect, storm and note tokens, fireworks by suit key."""
        engine = self.engine
        score = self.score()
        return {
            "end": self.end,
            "score": score,
            "max_score": engine.perfect,
            "won": score == engine.perfect,
            "strikes": self.storms,
            "clues": self.clues,
            "fireworks": {s.key: self.fireworks[i] for i, s in enumerate(engine.definition.suits)},
        }

    def observation(self, seat: int) -> Observation:
        """What ``seat`` sees: everything but the faces of its own cards."""
        deck, know = self.deck, self.knowledge
        hands = tuple([None if p == seat else tuple([deck[o] for o in h]) for p, h in enumerate(self.hands)])
        return Observation(
            seat, self.engine, hands,
            tuple([tuple(h) for h in self.hands]),
            tuple([tuple([know[o] for o in h]) for h in self.hands]),
            tuple(self.fireworks), tuple(self.discarded), self.clues, self.storms,
            len(deck) - self.next_card, self._turns, self.final_turns,
            tuple(self.log[-self.engine.players:]),
        )

    def peek_hand(self, seat: int) -> tuple[int, ...]:
        """CHEAT HOOK: the kinds in ``seat``'s own hand. Only the ``cheat`` bot (an upper bound, bound
        to the live state by the runner's ``bind_state``) and the engine's own tools may call it."""
        return tuple(self.deck[o] for o in self.hands[seat])

    def clone(self) -> "HanabiState":
        copy = HanabiState(self.engine, None)
        copy.deck = self.deck  # never mutated after the deal
        copy.next_card = self.next_card
        copy.hands = [list(h) for h in self.hands]
        copy.knowledge = list(self.knowledge)
        copy.fireworks = list(self.fireworks)
        copy.discarded = list(self.discarded)
        copy.discard_pile = list(self.discard_pile)
        copy.clues, copy.storms, copy.current = self.clues, self.storms, self.current
        copy.final_turns, copy.log, copy.end, copy._turns = self.final_turns, list(self.log), self.end, self._turns
        return copy

    def check_invariants(self) -> None:
        """Cards conserved (deck + hands + fireworks + discards = full deck), tokens in bounds."""
        engine = self.engine
        if not 0 <= self.clues <= engine.max_clues:
            raise InvariantError(f"{self.clues} note tokens (0..{engine.max_clues})")
        if not 0 <= self.storms <= engine.max_storms:
            raise InvariantError(f"{self.storms} storm tokens (0..{engine.max_storms})")
        if self.storms == engine.max_storms and self.end != END_STRIKEOUT:
            raise InvariantError("the last storm token is turned but the game goes on")
        seen = list(range(self.next_card, len(self.deck))) + [o for h in self.hands for o in h] + self.discard_pile
        played = [0] * engine.kinds
        for s, top in enumerate(self.fireworks):
            if not 0 <= top <= engine.max_rank:
                raise InvariantError(f"firework {s} at {top}")
            for rank in range(top):
                played[s * engine.max_rank + rank] += 1
        counts = [0] * engine.kinds
        for o in seen:
            counts[self.deck[o]] += 1
        for k in range(engine.kinds):
            if counts[k] + played[k] != engine.copies[k]:
                raise InvariantError(f"{engine.kind_name(k)}: {counts[k] + played[k]} cards, {engine.copies[k]} in the deck")
        if len(set(seen)) != len(seen):
            raise InvariantError("a card is in two places")
        discards = [0] * engine.kinds
        for o in self.discard_pile:
            discards[self.deck[o]] += 1
        if discards != self.discarded:
            raise InvariantError("discard counts do not match the discard pile")
        for h in self.hands:
            if len(h) > engine.hand_size:
                raise InvariantError("a hand holds too many cards")
            if self.next_card < len(self.deck) and len(h) != engine.hand_size and self.end is None:
                raise InvariantError("a hand is short while the deck still has cards")
            for o in h:
                k = self.deck[o]
                kn = self.knowledge[o]
                if not (kn >> (k // engine.max_rank)) & 1 or not (kn >> (RANK_SHIFT + k % engine.max_rank)) & 1:
                    raise InvariantError(f"clue knowledge of card {o} excludes its own face")


def make_engine(definition: HanabiDefinition, players: int, options: Mapping[str, OptionValue] | None = None,
                **extra: Any) -> HanabiEngine:
    """The Simulator's ``make_engine``; Hanabi takes no extra settings."""
    refuse_settings("Hanabi", extra)
    return HanabiEngine(definition, players, options)
