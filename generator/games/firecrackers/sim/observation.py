"""What one Firecrackers seat may see: every public fact plus the composition of its own deck.

``FirecrackersView`` is a read-only window onto the live state (built per decision, so it must be
cheap); it never returns the order of hidden cards: decks are given as sorted kind counts, and the
top card only after safety_goggles. ``as_dict()`` is a full snapshot (for tests and reports).
"""

from __future__ import annotations

from typing import Any

from .board import Board
from .scoreworks import underdog_leads
from .setup import CardTable


class FirecrackersView:
    """The observation of ``seat``: public rows, piles and shop; its own deck as counts."""

    __slots__ = ("_state", "seat")

    def __init__(self, state: Board, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def table(self) -> CardTable:
        """The card data of the table (public: the game's deck list)."""
        return self._state.table

    @property
    def players(self) -> int:
        """Seats at the table."""
        return self._state.n

    @property
    def decision(self) -> str:
        """What is being decided: ``turn``, ``buy`` or the action's key (``destroy_others``...)."""
        return self._state.pending_kind

    @property
    def round(self) -> int:
        """The current round (1-based)."""
        return self._state.round

    @property
    def coins(self) -> int:
        """Coins left while buying."""
        return self._state.buy_coins

    @property
    def scoreworks(self) -> str | None:
        """Key of the Scoreworks card in play, or None."""
        card = self._state.scoreworks
        return card.key if card else None

    def revealed(self, seat: int) -> tuple[int, ...]:
        """Card ids of a seat's revealed row (public), in reveal order."""
        return tuple(self._state.revealed[seat])

    def face_down(self, card: int) -> bool:
        """Whether a revealed card lies face down (blind_eye; stayin_alive=hide_card)."""
        return card in self._state.face_down

    def in_round(self) -> tuple[bool, ...]:
        """Which seats are still in the round."""
        return tuple(self._state.in_round)

    def totals(self, seat: int | None = None) -> list[int]:
        """Explosion totals per colour of a seat (public: computed from its revealed row)."""
        return list(self._state.totals(self.seat if seat is None else seat))

    def thresholds(self) -> list[int]:
        """The explosion threshold of each colour this round."""
        return self._state.thresholds()

    def deck_counts(self) -> dict[int, int]:
        """Kind -> count of this seat's own deck (composition only, never the order)."""
        counts: dict[int, int] = {}
        kind = self._state.table.kind
        for c in self._state.deck[self.seat]:
            counts[kind[c]] = counts.get(kind[c], 0) + 1
        return dict(sorted(counts.items()))

    def discard_counts(self, seat: int | None = None) -> dict[int, int]:
        """Kind -> count of a discard pile (face up, public)."""
        counts: dict[int, int] = {}
        kind = self._state.table.kind
        for c in self._state.discard[self.seat if seat is None else seat]:
            counts[kind[c]] = counts.get(kind[c], 0) + 1
        return dict(sorted(counts.items()))

    def shop_counts(self) -> dict[int, int]:
        """Kind -> cards on offer: every card of an open shop; the top card of each pile otherwise
        (the cards beneath lie under it)."""
        state = self._state
        if state.rules.open_shop:
            return {k: len(p) for k, p in enumerate(state.shop) if p}
        kind = state.table.kind
        return dict(sorted((kind[p[-1]], 1) for p in state.shop if p))

    def shop_pile_sizes(self) -> tuple[int, ...]:
        """How many cards each shop pile holds (public)."""
        return tuple(len(p) for p in self._state.shop)

    def deck_size(self, seat: int) -> int:
        """How many cards a seat has in its deck (public)."""
        return len(self._state.deck[seat])

    def peek(self) -> int | None:
        """The kind of this seat's top card, if safety_goggles lets it look now."""
        state = self._state
        if state.peek_seat == self.seat and state.deck[self.seat]:
            return state.table.kind[state.deck[self.seat][-1]]
        return None

    def owned_counts(self, seat: int | None = None) -> dict[int, int]:
        """Kind -> count of everything this seat owns (its own cards: it knows them)."""
        seat = self.seat if seat is None else seat
        if seat != self.seat:
            raise ValueError("another seat's deck is hidden")
        counts: dict[int, int] = {}
        kind = self._state.table.kind
        for c in self._state.owned(seat):
            counts[kind[c]] = counts.get(kind[c], 0) + 1
        return counts

    def underdog_leads(self) -> dict[str, int]:
        """At the end of a game with Scoreworks' underdog, when this seat picks the colour: colour ->
        its lead over the best opponent after that pick (every collection is shown at the end)."""
        state = self._state
        card = state.scoreworks
        if state.pending_kind != "underdog" or state.pending_seat != self.seat or card is None:
            raise ValueError("this seat is not picking underdog's colour")
        owned = [state.owned(s) for s in range(state.n)]
        return underdog_leads(state.table, owned, card.replaces_default, self.seat)

    def owned_size(self) -> int:
        """How many cards this seat owns."""
        state = self._state
        s = self.seat
        return len(state.deck[s]) + len(state.discard[s]) + len(state.revealed[s]) + len(state.aside[s])

    def explosion_risk(self) -> float:
        """Chance that this seat's next revealed card makes it explode, from its own deck's
        composition (the card's action left out; 1 when a total already reaches its threshold)."""
        state = self._state
        seat = self.seat
        table = state.table
        source = state.deck[seat]
        if not source:
            return 0.0
        immune = state.seat_turns[seat] <= state.safe_until[seat]
        action_of = table.action
        number_of = table.number
        colour_of = table.colour
        bombs = table.bombs
        if immune:
            bad = sum(1 for c in source if c in bombs) if bombs else 0
        else:
            totals = state.totals(seat)
            on_table = state.on_table
            if not on_table or not (on_table.get("wildcard_up") or on_table.get("wildcard_down")
                                    or on_table.get("own_fault") or on_table.get("reckless_neighbor")
                                    or on_table.get("stayin_alive") or on_table.get("risky_rocket")):
                if max(totals) + table.max_number < state.rules.threshold + min(state.threshold_shift):
                    return (sum(1 for c in source if c in bombs) / len(source)) if bombs else 0.0
            row = state.revealed[seat]
            base = state.rules.threshold
            limits = [base + s for s in state.threshold_shift]
            if any(t > 0 and t >= limit for t, limit in zip(totals, limits)):
                return 1.0  # the next reveal's explosion check finds a total at its threshold already
            room = [limit - t for t, limit in zip(totals, limits)]
            if ((on_table.get("wildcard_up") or on_table.get("wildcard_down"))
                    and state.rules.settings.wildcards == "revealed_colours"):
                face_down = state.face_down
                counted = [c for c in row if c not in face_down]
                shift = sum(4 if action_of[c] == "wildcard_up" else -4 for c in counted
                            if action_of[c] in ("wildcard_up", "wildcard_down"))
                present = {state.eff_colour.get(c, colour_of[c]) for c in counted}
                room = [r if colour in present else r - shift for colour, r in enumerate(room)]
            own_fault = bool(on_table.get("own_fault"))
            prev = state.previous_last(seat) if on_table.get("reckless_neighbor") else None
            if own_fault or prev is not None:
                seen = {colour_of[c] for c in row} if own_fault else set()
                prev_number = number_of[prev] if prev is not None else -1
                bad = 0
                for c in source:
                    colour = colour_of[c]
                    number = number_of[c]
                    if number >= room[colour] or c in bombs or number == prev_number or colour in seen:
                        bad += 1
            elif table.max_number < min(room):
                bad = sum(1 for c in source if c in bombs) if bombs else 0
            elif bombs:
                bad = sum(1 for c in source if number_of[c] >= room[colour_of[c]] or c in bombs)
            else:
                bad = sum(1 for c in source if number_of[c] >= room[colour_of[c]])
        risk = bad / len(source)
        if (not immune and not state.stayin_used[seat] and state.rules.settings.stayin_alive == "hide_card"
                and state.row_has(seat, "stayin_alive")):
            risk *= 0.5  # the card that would explode is hidden, and the next one is usually safe
        if state.on_table.get("risky_rocket"):
            risk = 1.0 - (1.0 - risk) ** 2
        return risk

    def as_dict(self) -> dict[str, Any]:
        """A full snapshot of what this seat sees (JSON-ready)."""
        state = self._state
        peek = self.peek()
        return {
            "seat": self.seat,
            "decision": self.decision,
            "round": self.round,
            "coins": self.coins if self.decision == "buy" else None,
            "scoreworks": self.scoreworks,
            "in_round": list(self.in_round()),
            "revealed": [[state.table.label(c) for c in row] for row in state.revealed],
            "face_down": sorted(state.table.label(c) for c in state.face_down),
            "totals": self.totals(),
            "thresholds": self.thresholds(),
            "deck": {state.table.kinds[k].label: n for k, n in self.deck_counts().items()},
            "deck_sizes": [len(d) for d in state.deck],
            "discards": [{state.table.kinds[k].label: n for k, n in self.discard_counts(s).items()}
                         for s in range(state.n)],
            "shop": {state.table.kinds[k].label: n for k, n in self.shop_counts().items()},
            "shop_piles": list(self.shop_pile_sizes()),
            "peek": None if peek is None else state.table.kinds[peek].label,
            "firemaster": state.firemaster,
        }
