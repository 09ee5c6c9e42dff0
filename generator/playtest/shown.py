"""A rules-file game at a table (``cardforge play``): its zones as each seat sees them, its own
plain values as counters, and the scores when they do not depend on a card hidden from the seat.

A zone's visibility decides everything: a card in a zone the seat may not see is sent face down,
as its component's back, with no id.
"""

from __future__ import annotations

import random
from typing import Any

from ..sim.errors import GameError
from ..sim.tableview import ShownCard, ShownTable, ShownZone
from .cards import Card
from .state import State, encode_action
from .zones import Visibility, Zone

COUNTER_TYPES = (int, float, str, bool)
SCORE_PROBES = 3
"""Deals of what a seat cannot see on which the scores must agree before the seat is shown them
(scores that change with the hidden cards would tell the seat something about them)."""


def _kind(zone: Zone) -> str:
    if zone.visibility is Visibility.HIDDEN:
        return "pile"
    if zone.owner is not None and zone.visibility in (Visibility.OWNER, Visibility.OTHERS):
        return "hand"
    return "row"


class RulesPresenter:
    """How a rules-file game shows itself at a table (``generator.sim.tableview.Presenter``)."""

    def table(self, state: State, seat: int | None) -> ShownTable:
        zones = []
        for zone in state.zones:
            seen = seat is None or (zone.visible_to(seat) if seat >= 0 else zone.visibility is Visibility.PUBLIC)
            cards = tuple(ShownCard(card.id, card.id, card.component) if seen else ShownCard(None, None, card.component)
                          for card in zone)
            zones.append(ShownZone(zone.label, zone.name, zone.owner, zone.visibility.value, cards, _kind(zone)))
        counters = tuple((name, str(value)) for name, value in vars(state).items()
                         if not name.startswith("_") and type(value) in COUNTER_TYPES)
        return ShownTable(seat, len(state.players), state.current_player(), tuple(zones), counters,
                          self._scores(state, seat))

    def _scores(self, state: State, seat: int | None) -> tuple[float, ...] | None:
        """The scores, when every deal of the cards hidden from ``seat`` gives the same ones
        (computed on those deals only, never on the real one, so a refusal tells nothing)."""
        try:
            if seat is None or all(zone.visible_to(seat) or not zone for zone in state.zones if seat >= 0) and \
                    all(zone.visibility is Visibility.PUBLIC or not zone for zone in state.zones if seat < 0):
                return tuple(state.scores())
            if seat < 0:
                return None
            found = {tuple(state.determinize(seat, random.Random(probe)).scores()) for probe in range(SCORE_PROBES)}
        except GameError:  # scores() that only make sense at the end of the game
            return None
        return found.pop() if len(found) == 1 else None

    def words(self, state: State, action: Any) -> str:
        return state.words(action)

    def outcome_words(self, before: State, state: State, action: Any) -> str:
        return ""

    def cards_named(self, state: State, action: Any) -> tuple[str, ...]:
        named: list[str] = []

        def walk(part: Any) -> None:
            if isinstance(part, Card):
                named.append(part.id)
            elif isinstance(part, (tuple, list)):
                for inner in part:
                    walk(inner)

        walk(action)
        return tuple(named)

    def encode(self, action: Any) -> Any:
        return encode_action(action)


def rules_presenter(engine: Any) -> RulesPresenter:
    """The Simulator's ``presenter`` of a rules-file game (the same for every engine)."""
    return RulesPresenter()
