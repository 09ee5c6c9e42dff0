"""The Firecrackers shop: what a seat's coins can buy, the buying decision, taking a card.

The shop lies face up and a buyer may take any card of it (the piles only sort it). A seat that
stops buys card after card until it passes or nothing is affordable; pity_purchase buys once.
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .vocab import PASS


def buy_options(state: Board, coins: int) -> list[Any]:
    """``("buy", kind)`` for every kind in the shop that ``coins`` pay for, in kind order."""
    shop = state.shop
    found = []
    for cost, kind in state.rules.kinds_by_cost:
        if cost > coins:
            break
        if shop[kind]:
            found.append(kind)
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
    """Move one card of ``kind`` from the shop onto ``seat``'s discard pile."""
    card = state.shop[kind].pop()
    state.shop_left -= 1
    if state.table.action[card] is None:
        state.shop_plain -= 1
    state.discard[seat].append(card)
