"""High Card's engine: deal the hands, play the tricks, count them; and its bot. The random bot,
the table checks and the hand size come from cardforge's shared base (``generator.sim.base``)."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from generator.model import OptionValue
from generator.sim.api import TERMINAL, IllegalAction, Simulator
from generator.sim.base import bot_table, check_players, next_seat, no_parameter, per_players, refuse_settings

from .model import HighCardDefinition


class HighCardEngine:
    def __init__(self, definition: HighCardDefinition, players: int, options: Mapping[str, OptionValue]) -> None:
        check_players(definition, players)
        self.definition, self.players, self.options = definition, players, dict(options)
        self.ranks = [card.rank for card in definition.cards()]
        self.hand = per_players(definition.hand_sizes, players)

    def new_game(self, rng: random.Random) -> "HighCardState":
        deck = list(self.ranks)
        rng.shuffle(deck)
        return HighCardState(self.players, [sorted(deck[i * self.hand:(i + 1) * self.hand]) for i in range(self.players)])


class HighCardState:
    def __init__(self, players: int, hands: list[list[int]]) -> None:
        self.players, self.hands = players, hands
        self.tricks = [0] * players
        self.leader, self.trick, self._turns = 0, [], 0

    def current_player(self) -> int:
        if self.is_terminal():
            return TERMINAL
        seat = self.leader
        for _ in self.trick:
            seat = next_seat(seat, self.players)
        return seat

    def legal_actions(self) -> Sequence[int]:
        return () if self.is_terminal() else tuple(sorted(set(self.hands[self.current_player()])))

    def apply(self, action: Any) -> None:
        seat = self.current_player()
        if seat == TERMINAL or action not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} cannot play {action!r}")
        self.hands[seat].remove(action)
        self.trick.append(action)
        self._turns += 1
        if len(self.trick) == self.players:
            best = max(range(self.players), key=lambda i: (self.trick[i], -i))
            winner = (self.leader + best) % self.players
            self.tricks[winner] += 1
            self.leader, self.trick = winner, []

    def is_terminal(self) -> bool:
        return not any(self.hands) and not self.trick

    def scores(self) -> list[float]:
        return [float(t) for t in self.tricks]

    def observation(self, seat: int) -> Any:
        return (tuple(self.hands[seat]), tuple(self.trick))

    def check_invariants(self) -> None:
        pass

    def clone(self) -> "HighCardState":
        copy = HighCardState(self.players, [list(h) for h in self.hands])
        copy.tricks, copy.leader, copy.trick, copy._turns = list(self.tricks), self.leader, list(self.trick), self._turns
        return copy

    @property
    def turns(self) -> int:
        return self._turns

    def outcome(self) -> dict[str, Any]:
        return {"tricks": list(self.tricks)}


class HighBot:
    """Plays its highest card when it can still take the trick, else its lowest."""

    name = "high"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        _, trick = observation
        best = max(trick, default=0)
        return max(legal) if max(legal) > best else min(legal)


def make_high(param: str | None, seat: int, engine: Any) -> HighBot:
    no_parameter("high", param)
    return HighBot()


def make_engine(definition: HighCardDefinition, players: int, options: Mapping[str, OptionValue],
                **extra: Any) -> HighCardEngine:
    refuse_settings("High Card", extra)
    return HighCardEngine(definition, players, options)


SIMULATOR = Simulator(
    kind="highcard",
    make_engine=make_engine,
    bots=bot_table(high=make_high),
    best="high",
    competitive=True,
)
