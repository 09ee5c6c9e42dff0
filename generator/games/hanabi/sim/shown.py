"""Hanabi at a table (``cardforge play hanabi``): each hand held facing out (a player sees every
hand but their own), what the clues told of each card, the fireworks, the discard pile, the note
and storm tokens as printed.

A player's own cards are sent face down, each with what the clues told of it and its slot (the
handle a play, a discard or a click names); the others' cards face up. A play or a discard shows
its card in the log once it is made.
"""

from __future__ import annotations

from typing import Any

from generator.sim.tableview import ShownCard, ShownTable, ShownZone

from .engine import COLOUR_CLUE, DISCARD, PLAY, RANK_CLUE, HanabiEngine, HanabiState
from .observation import TOUCHED, rank_mask, suit_mask

BACK = "deck"
"""The component whose back a face-down card shows."""


def card_id(order: int) -> str:
    """How the table names the physical card dealt ``order``-th (hanab.live's order, from 1)."""
    return f"card-{order + 1}"


def _either(possible: list[str], every: list[str]) -> str:
    """``Red or Blue``, or ``not Green`` when that is shorter; empty when anything is possible."""
    if len(possible) == len(every):
        return ""
    excluded = [name for name in every if name not in possible]
    if len(possible) > len(excluded):
        return "not " + " or ".join(excluded)
    return " or ".join(possible)


class HanabiPresenter:
    """How a Hanabi game shows itself (``generator.sim.tableview.Presenter``)."""

    def __init__(self, engine: HanabiEngine) -> None:
        self.engine = engine
        definition = engine.definition
        self.suits = [suit.key for suit in definition.suits]
        self.suit_names = [suit.name for suit in definition.suits]

    def _piece(self, kind: int) -> str:
        """The printed piece that shows ``kind`` (the first copy: copies look the same)."""
        suit, rank = divmod(kind, self.engine.max_rank)
        return f"{self.suits[suit]}-{rank + 1}-1"

    def _kind(self, kind: int) -> str:
        suit, rank = divmod(kind, self.engine.max_rank)
        return f"{self.suit_names[suit]} {rank + 1}"

    def knowledge(self, known: int) -> str:
        """What the clues told of a card: the suits and ranks it may still be (empty when none)."""
        if not known & TOUCHED and known == self.engine.full_knowledge:
            return ""
        parts = [_either([name for s, name in enumerate(self.suit_names) if suit_mask(known) >> s & 1],
                         self.suit_names),
                 _either([str(r + 1) for r in range(self.engine.max_rank) if rank_mask(known) >> r & 1],
                         [str(r + 1) for r in range(self.engine.max_rank)])]
        return ", ".join(part for part in parts if part) or "touched"

    def table(self, state: HanabiState, seat: int | None) -> ShownTable:
        engine = self.engine
        deck, know = state.deck, state.knowledge
        zones = [ShownZone("deck", "deck", None, "hidden",
                           tuple(ShownCard(None, None, BACK) for _ in range(len(deck) - state.next_card)), "pile")]
        for player, hand in enumerate(state.hands):
            own = seat is not None and (seat < 0 or seat == player)
            cards = tuple(ShownCard(None, None, BACK, self.knowledge(know[o]),
                                    f"slot {slot + 1}" if seat == player else None) if own else
                          ShownCard(card_id(o), self._piece(deck[o]), BACK, self.knowledge(know[o]))
                          for slot, o in enumerate(hand))
            zones.append(ShownZone(f"hand:{player}", "hand", player, "others", cards, "hand"))
        played: dict[int, list[int]] = {s: [] for s in range(engine.suits)}
        for _seat, action, detail in state.log:
            if action[0] == PLAY and detail[2]:
                played[detail[1] // engine.max_rank].append(detail[0])
        for suit, orders in played.items():
            zones.append(ShownZone(f"fireworks:{self.suits[suit]}", f"{self.suit_names[suit]} firework", None,
                                   "public", tuple(ShownCard(card_id(o), self._piece(deck[o]), BACK) for o in orders),
                                   "pile" if len(orders) > 1 else "row"))
        zones.append(ShownZone("discard", "discard", None, "public",
                               tuple(ShownCard(card_id(o), self._piece(deck[o]), BACK) for o in state.discard_pile)))
        notes = tuple(ShownCard(f"note-{i + 1}", f"note-{i + 1}", "note-tokens") if i < state.clues else
                      ShownCard(None, None, "note-tokens") for i in range(engine.max_clues))
        storms = tuple(ShownCard(None, None, "storm-tokens") if i < state.storms else
                       ShownCard(f"storm-{i + 1}", f"storm-{i + 1}", "storm-tokens") for i in range(engine.max_storms))
        zones.append(ShownZone("notes", "note tokens", None, "public", notes))
        zones.append(ShownZone("storms", "storm tokens", None, "public", storms))
        counters = [("note tokens", f"{state.clues} of {engine.max_clues}"),
                    ("storm tokens", f"{state.storms} of {engine.max_storms}"),
                    ("cards in the deck", str(len(deck) - state.next_card))]
        if state.final_turns >= 0 and state.end is None:
            counters.append(("turns left", str(state.final_turns)))
        return ShownTable(seat, engine.players, state.current_player(), tuple(zones), tuple(counters),
                          tuple(state.scores()))

    def words(self, state: HanabiState, action: Any) -> str:
        kind = action[0]
        if kind == PLAY:
            return f"play slot {action[1] + 1}"
        if kind == DISCARD:
            return f"discard slot {action[1] + 1}"
        target = f"player {action[1] + 1}"
        if kind == COLOUR_CLUE:
            return f"tell {target} which cards are {self.suit_names[action[2]]}"
        if kind == RANK_CLUE:
            return f"tell {target} which cards are {action[2]}s"
        return str(action)

    def outcome_words(self, before: HanabiState, state: HanabiState, action: Any) -> str:
        _seat, done, detail = state.log[-1]
        if done[0] == PLAY:
            return f": {self._kind(detail[1])}, " + ("onto its firework" if detail[2] else "misplayed, a storm token")
        if done[0] == DISCARD:
            return f": {self._kind(detail[1])}"
        hand = state.hands[done[1]]
        slots = [str(hand.index(o) + 1) for o in detail if o in hand]
        return f" (slot{'s' if len(slots) != 1 else ''} {', '.join(slots)})" if slots else " (none)"

    def cards_named(self, state: HanabiState, action: Any) -> tuple[str, ...]:
        if action[0] in (PLAY, DISCARD):
            return (f"slot {action[1] + 1}",)
        r = self.engine.max_rank
        hand = state.hands[action[1]]
        if action[0] == COLOUR_CLUE:
            return tuple(card_id(o) for o in hand if state.deck[o] // r == action[2])
        return tuple(card_id(o) for o in hand if state.deck[o] % r == action[2] - 1)

    def encode(self, action: Any) -> Any:
        return list(action)


def hanabi_presenter(engine: HanabiEngine) -> HanabiPresenter:
    """The Simulator's ``presenter``."""
    return HanabiPresenter(engine)
