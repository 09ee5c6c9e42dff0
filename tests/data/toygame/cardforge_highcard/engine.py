"""High Card's engine: deal the hands, play the tricks, count them; and two bots."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from generator.model import OptionValue
from generator.sim.api import TERMINAL, IllegalAction, Simulator

from .model import HighCardDefinition


class HighCardEngine:
    def __init__(self, definition: HighCardDefinition, players: int, options: Mapping[str, OptionValue]) -> None:
        if players not in definition.info.players:
            raise ValueError(f"High Card is played by {definition.info.players} players, not {players}")
        self.definition, self.players, self.options = definition, players, dict(options)
        self.ranks = [card.rank for card in definition.cards()]
        self.hand = definition.hand_size(players)

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
        return TERMINAL if self.is_terminal() else (self.leader + len(self.trick)) % self.players

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


class RandomBot:
    name = "random"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


class HighBot:
    """Plays its highest card when it can still take the trick, else its lowest."""

    name = "high"

    def choose(self, observation: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        _, trick = observation
        best = max(trick, default=0)
        return max(legal) if max(legal) > best else min(legal)


def make_engine(definition: HighCardDefinition, players: int, options: Mapping[str, OptionValue],
                **extra: Any) -> HighCardEngine:
    if extra:
        raise ValueError(f"High Card takes no extra settings ({', '.join(sorted(extra))})")
    return HighCardEngine(definition, players, options)


SIMULATOR = Simulator(
    kind="highcard",
    make_engine=make_engine,
    bots={"random": lambda param, seat, engine: RandomBot(), "high": lambda param, seat, engine: HighBot()},
    best="high",
    competitive=True,
)
