"""Staged Firecrackers positions (for tests and worked examples): empty the decks, put chosen cards
in chosen places, hand a seat its turn; and a small seeded game loop with invariant checks.

Staging puts cards where a test says, even where play would not leave them (a discard pile beside
an empty deck): ``start`` checks the invariants, so stage a deck under a discard pile."""

from __future__ import annotations

import random
from typing import Any

from generator.sim.api import game_seed
from .engine import make_engine
from .state import FirecrackersState


def kind_of(state: FirecrackersState, label: str) -> int:
    """The kind index of a card label (``red-3-plain``)."""
    for kind in state.table.kinds:
        if kind.label == label:
            return kind.index
    raise KeyError(label)


def staged(definition: Any, players: int = 10, active: int | None = 3, expansion: Any = None,
           scoreworks: str | None = None, **options: Any) -> FirecrackersState:
    """A new game with every deck and discard emptied into the shop; only seats below ``active``
    are still in the round (10 players by default, so every colour is in play)."""
    engine = make_engine(definition, players, options, expansion=expansion, scoreworks=scoreworks)
    state = engine.new_game(random.Random(7))
    for seat in range(players):
        for card in state.deck[seat] + state.discard[seat]:
            shop_pile(state, state.table.kind[card]).append(card)
            state.shop_left += 1
            if state.table.action[card] is None:
                state.shop_plain += 1
        state.deck[seat] = []
        state.discard[seat] = []
        if active is not None and seat >= active:
            state.in_round[seat] = False
    return state


def shop_pile(state: FirecrackersState, kind: int) -> list[int]:
    """The shop pile that holds cards of ``kind``."""
    return state.shop[state.rules.pile_of_kind[kind]]


def take(state: FirecrackersState, label: str) -> int:
    """Take a card of kind ``label`` out of the shop, from anywhere in its pile."""
    kind = kind_of(state, label)
    pile = shop_pile(state, kind)
    index = max(i for i, c in enumerate(pile) if state.table.kind[c] == kind)
    return pile.pop(index)


def lay_on_top(state: FirecrackersState, *labels: str) -> None:
    """Put shop cards of the kinds ``labels`` on top of their piles (the last given on top)."""
    for label in labels:
        kind = kind_of(state, label)
        card = take(state, label)
        shop_pile(state, kind).append(card)


def empty_shop(state: FirecrackersState, keep: tuple[str, ...] = ()) -> None:
    """Destroy every shop card but one card of each kind in ``keep`` (staging the end of a game)."""
    kept = [take(state, label) for label in keep]
    for pile in state.shop:
        while pile:
            card = pile.pop()
            state.destroyed.append(card)
            state.shop_left -= 1
            if state.table.action[card] is None:
                state.shop_plain -= 1
    for card in kept:
        shop_pile(state, state.table.kind[card]).append(card)


def give(state: FirecrackersState, seat: int, zone: str, *labels: str) -> list[int]:
    """Move cards of the given kinds from the shop to a zone (deck: the last given is on top)."""
    cards = []
    for label in labels:
        card = take(state, label)
        state.shop_left -= 1
        if state.table.action[card] is None:
            state.shop_plain -= 1
        if zone == "revealed":
            state.deck[seat].append(card)
            state.draw(seat)
        else:
            getattr(state, zone)[seat].append(card)
        cards.append(card)
    return cards


def top(state: FirecrackersState, seat: int, *labels: str) -> None:
    """Stack the deck of ``seat`` so that ``labels`` come up in this order."""
    give(state, seat, "deck", *reversed(labels))


def start(state: FirecrackersState, seat: int = 0) -> FirecrackersState:
    """Give ``seat`` the first turn of the staged round (no turn was taken before it)."""
    state.pending_resolve = None
    state.turn_seat = seat
    state.previous_turn_seat = -1
    state._offer_turn(seat, continuing=False)
    state.check_invariants()
    return state


def play(engine: Any, bots: list[Any], seed: int, index: int, check_every: int = 0) -> FirecrackersState:
    """Play one game with the runner's seeding; check invariants every ``check_every`` decisions."""
    value = game_seed(seed, index)
    state: FirecrackersState = engine.new_game(random.Random(value))
    rngs = [random.Random(value * 31 + seat) for seat in range(len(bots))]
    decisions = 0
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat]))
        decisions += 1
        if check_every and decisions % check_every == 0:
            state.check_invariants()
        assert decisions < 100_000
    state.check_invariants()
    return state
