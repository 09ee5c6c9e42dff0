"""What every engine repeats, written once: the random bot, the checks of a table (players, extra
settings, hand sizes), turn order, invariant checks (cards conserved, hand sizes), and traces and
their replay (``TraceSpec``).

A game's engine uses these pieces instead of its own copies; a rules file gets all of them
without writing any (``generator.playtest.rulesfile``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Callable, Hashable, Iterable, Mapping, Sequence, Sized

from ..model import GameDefinition, OptionValue
from ..model.common import PlayerCount
from . import traces
from .api import (
    Action,
    Bot,
    BotFactory,
    Engine,
    GameRecord,
    GameState,
    InvariantError,
    Replayer,
    Restored,
)

# --------------------------------------------------------------------------- bots


class RandomBot:
    """Any legal action, uniformly (the one draw it takes from its generator is skipped when only
    one action is legal). Reads no observation, so the runner never makes one for it."""

    name = "random"
    needs_state = True

    def choose(self, observation: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0] if len(legal) == 1 else rng.choice(legal)

    def choose_with_state(self, state: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[0] if len(legal) == 1 else rng.choice(legal)  # the same draw as randrange, cheaper


def no_parameter(name: str, param: str | None) -> None:
    """ValueError when a bot that takes no parameter is given one (``random:3``)."""
    if param is not None:
        raise ValueError(f"{name} takes no parameter")


def make_random(param: str | None, seat: int, engine: Any) -> Bot:
    """The ``random`` bot of every game (takes no parameter)."""
    no_parameter("random", param)
    return RandomBot()


def bot_table(**bots: BotFactory) -> dict[str, BotFactory]:
    """A game's bots, with ``random`` first (every game has it)."""
    return {"random": make_random, **bots}


# --------------------------------------------------------------------------- tables


def check_players(definition: GameDefinition, players: int) -> None:
    """ValueError unless the definition seats ``players``."""
    allowed = definition.info.players
    if players not in allowed:
        counts = ", ".join(str(n) for n in allowed)
        raise ValueError(f"{definition.info.id} is played by {counts} players, not {players}")


def refuse_settings(game: str, extra: Mapping[str, Any], allowed: Sequence[str] = ()) -> None:
    """ValueError naming the engine settings a game does not take (``--setting``, ``--expansion``)."""
    unknown = sorted(name for name in extra if name not in allowed)
    if unknown:
        raise ValueError(f"{game} takes no extra settings ({', '.join(unknown)})")


def per_players(entries: Sequence[PlayerCount], players: int, what: str = "hand size") -> int:
    """The value of a per-player-count table (a hand size) for ``players``; ValueError when the
    definition gives none."""
    for entry in entries:
        if entry.players == players:
            return entry.value
    raise ValueError(f"the definition gives no {what} for {players} players")


def check_conserved(piles: Iterable[Iterable[Hashable]], expected: Iterable[Hashable], what: str = "cards") -> None:
    """InvariantError unless the ``piles`` together hold exactly ``expected`` (each card in exactly
    one place), naming how many are missing and how many are placed twice."""
    placed = Counter(card for pile in piles for card in pile)
    wanted = Counter(expected)
    if placed != wanted:
        missing = sum((wanted - placed).values())
        extra = sum((placed - wanted).values())
        raise InvariantError(f"{what} not conserved: {sum(placed.values())} placed of {sum(wanted.values())}, "
                             f"{missing} missing, {extra} too many")


def check_hands(hands: Sequence[Sized], limit: int) -> None:
    """InvariantError when a seat holds more cards than its hand size."""
    for seat, hand in enumerate(hands):
        if len(hand) > limit:
            raise InvariantError(f"seat {seat} holds {len(hand)} cards, more than {limit}")


def next_seat(seat: int, players: int) -> int:
    """The seat after ``seat`` in turn order."""
    seat += 1
    return 0 if seat == players else seat


# --------------------------------------------------------------------------- traces


@dataclass(frozen=True)
class TraceSpec:
    """How a game is written as a trace and replayed (``generator.sim.traces``): the game gives
    its deal, its decisions in words and its outcome; the spec makes the Simulator's
    ``trace_game`` and ``replayer`` from them.

    ``step(state, action)`` applies ``action`` and returns ``{"seat", "action", "text"}`` (plus
    what else the game records); ``settings(engine)`` the engine settings a trace names (they are
    given back to ``make_engine`` on replay, after ``resolve``); ``describe(outcome)`` one line for
    ``cardforge replay``."""

    kind: str
    make_engine: Callable[..., Engine]
    deal: Callable[[Any], dict[str, Any]]
    step: Callable[[Any, Any], dict[str, Any]]
    outcome: Callable[[Any], dict[str, Any]]
    describe: Callable[[Mapping[str, Any]], str]
    settings: Callable[[Any], dict[str, Any]] | None = None
    check_settings: Callable[[Mapping[str, Any], Mapping[str, Any]], None] | None = None
    """Raises ReplayError when the settings given to ``replay`` do not fit the file's."""
    play_back: Callable[[GameState, Sequence[Any]], None] = traces.play_back
    """Applies the recorded decisions (default: actions decoded from JSON, checked seat by seat)."""

    def trace(self, engine: Any, state: Any, record: GameRecord) -> dict[str, Any]:
        """The Simulator's ``trace_game``: the game dealt again and written decision by decision."""
        settings = self.settings(engine) if self.settings is not None else None
        return traces.retrace(self.kind, engine, state, record, deal=self.deal, step=self.step,
                              outcome=self.outcome, settings=settings)

    def replay(self, definition: GameDefinition, data: Mapping[str, Any],
               overrides: Mapping[str, OptionValue] | None = None, **settings: Any) -> dict[str, Any]:
        """Replay a trace under the definition (``cardforge replay``); ReplayError when it does not
        replay."""
        players, options, seed = traces.read_header(data, definition, self.kind, overrides)
        if self.check_settings is not None:
            self.check_settings(traces.recorded_settings(data), settings)
        return traces.replay_game(data, definition, seed,
                                  lambda: self.make_engine(definition, players, options, **settings),
                                  deal=self.deal, outcome=self.outcome, play_back=self.play_back)

    def restore(self, definition: GameDefinition, data: Mapping[str, Any],
                overrides: Mapping[str, OptionValue] | None = None, **settings: Any) -> Restored:
        """The game a trace leaves (``cardforge play --from``): dealt from its seed, checked
        against its deal, its decisions played; ReplayError when it does not replay."""
        players, options, seed = traces.read_header(data, definition, self.kind, overrides)
        if self.check_settings is not None:
            self.check_settings(traces.recorded_settings(data), settings)
        engine, state = traces.restore_game(data, definition, seed,
                                            lambda: self.make_engine(definition, players, options, **settings),
                                            deal=self.deal, play_back=self.play_back)
        return Restored(engine, lambda again: again.new_game(random.Random(seed)), tuple(getattr(state, "history")), seed)

    def replayer(self) -> Replayer:
        """The Simulator's ``replayer`` for these traces."""
        return Replayer(traces.FILE_FORMAT, self.replay, traces.recorded_rules, self.describe,
                        recorded_settings=traces.recorded_settings if self.settings is not None else None,
                        restore=self.restore)
