"""A Firecrackers state's invariants (cards conserved, counters in step, coins and points within
bounds) and its outcome record for the statistics."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from generator.sim.api import TERMINAL, InvariantError

if TYPE_CHECKING:
    from .state import FirecrackersState


def outcome_of(self: "FirecrackersState") -> dict[str, Any]:
    """Facts of the game for the statistics (see ``summary.summarize``)."""
    kinds = self.table.kinds
    purchases: dict[str, int] = {}
    actions: dict[str, int] = {}
    per_seat: list[dict[str, int]] = []
    for seat_bought in self.bought:
        mine: dict[str, int] = {}
        for kind, count in seat_bought.items():
            label = kinds[kind].label
            purchases[label] = purchases.get(label, 0) + count
            key = kinds[kind].action or "plain"
            actions[key] = actions.get(key, 0) + count
            mine[label] = mine.get(label, 0) + count
        per_seat.append(dict(sorted(mine.items())))
    sheet = self.sheet
    return {
        "end": self.end_reason,
        "rounds": self.round,
        "explosions": list(self.explosions),
        "stops": list(self.stops),
        "purchases": dict(sorted(purchases.items())),
        "purchases_by_action": dict(sorted(actions.items())),
        "bought": per_seat,
        "free_cards": self.free_cards,
        "destroyed": len(self.destroyed),
        "scores": list(sheet.scores) if sheet else [],
        "default_scores": list(sheet.default) if sheet else [],
        "scoreworks": self.scoreworks.key if self.scoreworks else None,
        "underdog_colour": sheet.underdog_colour if sheet else None,
        "standings": [list(row) for row in self.standings],
    }


def check_state(self: "FirecrackersState") -> None:
    """Cards conserved (each card in exactly one place), coins and points within bounds."""
    seen: list[int] = []
    for seat in range(self.n):
        seen += self.deck[seat] + self.discard[seat] + self.revealed[seat] + self.aside[seat]
    for pile in self.shop:
        seen += pile
    seen += self.destroyed
    if sorted(seen) != list(range(self.table.size)):
        raise InvariantError(f"cards not conserved: {len(seen)} placed of {self.table.size}, "
                             f"{len(seen) - len(set(seen))} duplicated")
    counted: dict[str, int] = {}
    for row in self.revealed:
        for c in row:
            if self.table.action[c] is not None:
                counted[self.table.action[c]] = counted.get(self.table.action[c], 0) + 1
    if {k: v for k, v in self.on_table.items() if v} != counted:
        raise InvariantError("count of revealed actions out of step")
    if self.sheet is None:
        for seat in range(self.n):
            cached = self.plain_totals[seat]
            if cached is not None:
                fresh = [0] * len(self.table.packs)
                for c in self.revealed[seat]:
                    if c not in self.face_down:
                        colour = self.eff_colour.get(c, self.table.colour[c])
                        fresh[colour] += self.eff_number.get(c, self.table.number[c])
                if fresh != cached:
                    raise InvariantError(f"running totals of seat {seat} out of step")
    if self.shop_left != sum(len(p) for p in self.shop):
        raise InvariantError("shop count out of step")
    for kind, pile in enumerate(self.shop):
        if any(self.table.kind[c] != kind for c in pile):
            raise InvariantError("a shop pile holds a card of another kind")
    if self.pending_kind == "buy" and self.pending_seat != TERMINAL:
        most = max(1, max(self.table.coins) * 2) * self.table.size
        if not 0 <= self.buy_coins <= most:
            raise InvariantError(f"coins out of bounds: {self.buy_coins}")
    if self.sheet is not None:
        bound = self.rules.points_bound * self.table.size * 2 + 5 * (len(self.table.packs) + 10) + 10
        for score in self.sheet.scores:
            if abs(score) > bound:
                raise InvariantError(f"score {score} out of bounds (|score| <= {bound})")
    if not self.is_terminal():
        if self.pending_seat not in range(self.n):
            raise InvariantError("the seat to act is not at the table")
        if self.pending_kind == "turn" and not self.in_round[self.pending_seat]:
            raise InvariantError("a seat out of the round has the turn")
    if self.round > self.rules.max_rounds:
        raise InvariantError("played past max_rounds")
