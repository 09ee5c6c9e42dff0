"""The Firecrackers shop: what a seat's coins can buy, the buying decision, taking a card.

The rulebook lays the shop out face up in piles: "one pile for all cards without an action" and
"one pile per color (with all remaining cards)". By default (option ``shop=piles``) a buyer takes
the top card of a pile; ``shop=open`` lets a buyer take any card (one pile per kind). A seat that
stops buys card after card until it passes or nothing is affordable; pity_purchase buys once.
Options name card kinds (``("buy", kind)``): a kind lies in one pile only.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .vocab import PASS


def shop_offer(state: Board) -> list[int]:
    """The kinds a buyer may take now, in kind order: the top card of every pile."""
    kind = state.table.kind
    return sorted(kind[pile[-1]] for pile in state.shop if pile)


def buy_options(state: Board, coins: int) -> list[Any]:
    """``("buy", kind)`` for every kind on offer that ``coins`` pay for, in kind order."""
    shop = state.shop
    found = []
    if state.rules.open_shop:
        for cost, kind in state.rules.kinds_by_cost:
            if cost > coins:
                break
            if shop[kind]:
                found.append(kind)
    else:
        kind_of = state.table.kind
        cost_of = state.table.cost
        for pile in shop:
            if pile and cost_of[pile[-1]] <= coins:
                found.append(kind_of[pile[-1]])
    found.sort()
    return [("buy", k) for k in found]


def offer_buy(state: Board, seat: int, coins: int, once: bool) -> None:
    """Let ``seat`` buy cards with ``coins`` (``once``: a single card, pity_purchase); with the
    Scoreworks must_buy rule passing is not allowed while something is affordable."""
    options = buy_options(state, coins)
    if not options:
        return
    if not state.rules.must_buy:
        options.append(PASS)
    state.buy_coins = coins
    state.ask(seat, "buy", options, _buy, state, seat, coins, once)


def _buy(state: Board, seat: int, coins: int, once: bool, action: Any) -> None:
    if action == PASS:
        return
    kind = action[1]
    take_from_shop(state, seat, kind)
    state.bought[seat][kind] = state.bought[seat].get(kind, 0) + 1
    if not once:
        offer_buy(state, seat, coins - state.table.kinds[kind].cost, False)


def take_from_shop(state: Board, seat: int, kind: int) -> None:
    """Move the top card of the pile of ``kind`` (a card of that kind) onto ``seat``'s discard pile."""
    pile = state.shop[state.rules.pile_of_kind[kind]]
    if not pile or state.table.kind[pile[-1]] != kind:
        raise ValueError(f"the shop offers no {state.table.kinds[kind].label} now")
    card = pile.pop()
    state.shop_left -= 1
    if state.table.action[card] is None:
        state.shop_plain -= 1
    state.to_discard(seat, card)
