"""Firecrackers at a table (``cardforge play firecrackers``): each player's face-down deck, the row
of cards they revealed this round, their discard pile and the cards set aside; the shop's piles
(only the top card of a pile face up, every card with ``shop=open``); the round, the Firemaster,
the explosion thresholds and the coins to spend.

A reveal says in the log which cards it turned over and who exploded.
"""

from __future__ import annotations

from typing import Any

from generator.sim.tableview import ShownCard, ShownTable, ShownZone

from .engine import FirecrackersEngine
from .state import FirecrackersState
from .trace import KIND_ARGUMENT, SEAT_AND_ROW, aftermath, decision_words

BACK = "deck"
"""The component whose back a face-down card shows."""


class FirecrackersPresenter:
    """How a Firecrackers game shows itself (``generator.sim.tableview.Presenter``)."""

    def __init__(self, engine: FirecrackersEngine) -> None:
        self.engine = engine

    def _card(self, state: FirecrackersState, card: int) -> ShownCard:
        piece = state.table.cards[card].id
        return ShownCard(piece, piece, BACK)

    def table(self, state: FirecrackersState, seat: int | None) -> ShownTable:
        zones: list[ShownZone] = []
        face_down = ShownCard(None, None, BACK)
        for player in range(state.n):
            zones.append(ShownZone(f"deck:{player}", "deck", player, "hidden",
                                   tuple(face_down for _ in state.deck[player]), "pile"))
            zones.append(ShownZone(f"revealed:{player}", "revealed", player, "public",
                                   tuple(self._card(state, c) for c in state.revealed[player])))
            zones.append(ShownZone(f"discard:{player}", "discard", player, "public",
                                   tuple(self._card(state, c) for c in state.discard[player]), "pile"))
            if state.aside[player]:
                zones.append(ShownZone(f"aside:{player}", "set aside", player, "public",
                                       tuple(self._card(state, c) for c in state.aside[player])))
        open_shop = state.rules.open_shop
        for index, pile in enumerate(state.shop):
            cards = tuple(self._card(state, c) if open_shop or seat is None or position == len(pile) - 1 else face_down
                          for position, c in enumerate(pile))
            zones.append(ShownZone(f"shop:{index + 1}", f"shop pile {index + 1}", None,
                                   "public" if open_shop else "hidden", cards, "row" if open_shop else "pile"))
        if state.destroyed:
            zones.append(ShownZone("destroyed", "destroyed", None, "public",
                                   tuple(self._card(state, c) for c in state.destroyed), "pile"))
        packs = state.table.packs
        counters = [("round", str(state.round)), ("Firemaster", f"player {state.firemaster + 1}"),
                    ("explodes at", ", ".join(f"{pack} {limit}" for pack, limit in zip(packs, state.thresholds())))]
        if state.pending_kind == "buy":
            counters.append(("coins to spend", str(state.buy_coins)))
        if state.scoreworks is not None:
            counters.append(("Scoreworks", state.scoreworks.key))
        scores = tuple(state.scores()) if state.pending_seat < 0 else None
        return ShownTable(seat, state.n, state.current_player(), tuple(zones), tuple(counters), scores)

    def words(self, state: FirecrackersState, action: Any) -> str:
        return decision_words(state, state.current_player(), state.pending_kind, action)

    def outcome_words(self, before: FirecrackersState, state: FirecrackersState, action: Any) -> str:
        seat = before.current_player()
        return aftermath(set(before.revealed[seat]), list(before.explosions), state, seat, before.pending_kind)

    def cards_named(self, state: FirecrackersState, action: Any) -> tuple[str, ...]:
        if not isinstance(action, tuple):
            return ()
        table, verb = state.table, action[0]
        if verb in KIND_ARGUMENT:
            tops = [pile[-1] for pile in state.shop if pile] if not state.rules.open_shop else \
                [c for pile in state.shop for c in pile]
            return tuple(table.cards[c].id for c in tops if table.kind[c] == action[1])
        if verb in SEAT_AND_ROW and isinstance(action[1], int) and len(action) > 2:
            row = state.revealed[action[1]]
            return (table.cards[row[action[2]]].id,) if 0 <= action[2] < len(row) else ()
        return ()

    def encode(self, action: Any) -> Any:
        return list(action) if isinstance(action, tuple) else action


def firecrackers_presenter(engine: FirecrackersEngine) -> FirecrackersPresenter:
    """The Simulator's ``presenter``."""
    return FirecrackersPresenter(engine)
