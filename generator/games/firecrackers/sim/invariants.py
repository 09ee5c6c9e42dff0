"""A Firecrackers state's invariants (cards conserved, counters in step, coins and points within
bounds) and its outcome record for the statistics."""

from __future__ import annotations

from typing import Any

from generator.sim.api import TERMINAL, InvariantError
from generator.sim.base import check_conserved
from .board import Board


def outcome_of(state: Board) -> dict[str, Any]:
    """Facts of the game for the statistics (see ``summary.summarize``)."""
    kinds = state.table.kinds
    purchases: dict[str, int] = {}
    actions: dict[str, int] = {}
    per_seat: list[dict[str, int]] = []
    for seat_bought in state.bought:
        mine: dict[str, int] = {}
        for kind, count in seat_bought.items():
            label = kinds[kind].label
            purchases[label] = purchases.get(label, 0) + count
            key = kinds[kind].action or "plain"
            actions[key] = actions.get(key, 0) + count
            mine[label] = mine.get(label, 0) + count
        per_seat.append(dict(sorted(mine.items())))
    sheet = state.sheet
    return {
        "end": state.end_reason,
        "rounds": state.round,
        "explosions": list(state.explosions),
        "stops": list(state.stops),
        "purchases": dict(sorted(purchases.items())),
        "purchases_by_action": dict(sorted(actions.items())),
        "bought": per_seat,
        "free_cards": state.free_cards,
        "destroyed": len(state.destroyed),
        "scores": list(sheet.scores) if sheet else [],
        "default_scores": list(sheet.default) if sheet else [],
        "scoreworks": state.scoreworks.key if state.scoreworks else None,
        "underdog_colour": sheet.underdog_colour if sheet else None,
        "standings": [list(row) for row in state.standings],
    }


def check_state(state: Board) -> None:
    """Cards conserved (each card in exactly one place), no empty deck beside a discard pile, shop
    piles as laid out, coins and points within bounds."""
    piles = [pile for seat in range(state.n)
             for pile in (state.deck[seat], state.discard[seat], state.revealed[seat], state.aside[seat])]
    check_conserved([*piles, *state.shop, state.destroyed], range(state.table.size))
    counted: dict[str, int] = {}
    for row in state.revealed:
        for c in row:
            action = state.table.action[c]
            if action is not None:
                counted[action] = counted.get(action, 0) + 1
    if {k: v for k, v in state.on_table.items() if v} != counted:
        raise InvariantError("count of revealed actions out of step")
    if state.sheet is None:
        for seat in range(state.n):
            cached = state.plain_totals[seat]
            if cached is not None:
                fresh = [0] * len(state.table.packs)
                for c in state.revealed[seat]:
                    if c not in state.face_down:
                        colour = state.eff_colour.get(c, state.table.colour[c])
                        fresh[colour] += state.eff_number.get(c, state.table.number[c])
                if fresh != cached:
                    raise InvariantError(f"running totals of seat {seat} out of step")
    if state.shop_left != sum(len(p) for p in state.shop):
        raise InvariantError("shop count out of step")
    pile_of_kind = state.rules.pile_of_kind
    for index, pile in enumerate(state.shop):
        if any(pile_of_kind[state.table.kind[c]] != index for c in pile):
            raise InvariantError("a shop pile holds a card of another pile")
    for seat in range(state.n):
        if not state.deck[seat] and state.discard[seat]:
            raise InvariantError(f"seat {seat} has an empty deck beside a discard pile (the rulebook: "
                                 "'at any point, if your deck is empty', the discard pile becomes the deck)")
    if state.pending_kind == "buy" and state.pending_seat != TERMINAL:
        most = max(1, max(state.table.coins) * 2) * state.table.size
        if not 0 <= state.buy_coins <= most:
            raise InvariantError(f"coins out of bounds: {state.buy_coins}")
    if state.sheet is not None:
        bound = state.rules.points_bound * state.table.size * 2 + 5 * (len(state.table.packs) + 10) + 10
        for score in state.sheet.scores:
            if abs(score) > bound:
                raise InvariantError(f"score {score} out of bounds (|score| <= {bound})")
    if not state.is_terminal():
        if state.pending_seat not in range(state.n):
            raise InvariantError("the seat to act is not at the table")
        if state.pending_kind == "turn" and not state.in_round[state.pending_seat]:
            raise InvariantError("a seat out of the round has the turn")
    if state.round > state.rules.max_rounds:
        raise InvariantError("played past max_rounds")
