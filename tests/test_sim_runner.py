"""The runner on a tiny toy game: determinism across workers, bot channels, winners, turn limits.

The toy game ("card race") is defined here and reused by tests/test_cli_simulate.py and
tests/test_report.py: each player holds 3 hidden cards from a shuffled deck of 1s, 2s and 3s; a
turn plays one card onto a shared total and draws; the game ends when the total reaches the target
or the cards run out. Competitive: each seat scores the sum of its played cards. Cooperative: the
table wins when the total ends exactly on the target.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

import pytest

from generator.model.common import GameInfo
from generator.model.options import OptionError, RuleOption, RuleOptions
from generator.games.api import DeckRequest, GameDescription
from generator.sim.api import (
    TERMINAL,
    BotSpec,
    GameRecord,
    IllegalAction,
    InvariantError,
    Simulator,
    game_seed,
)
from generator.sim.runner import (
    BotSpecError,
    TurnLimitExceeded,
    bot_rng,
    check_table,
    play_game,
    resolve_bots,
    run,
)

# --------------------------------------------------------------------------- the toy game


@dataclass(frozen=True, slots=True)
class ToyDefinition:
    """A stand-in for a game definition: only ``info`` is read by the runner."""

    info: GameInfo

    def cards(self) -> tuple[()]:
        return ()


def toy_definition(game_id: str = "toy", kind: str = "toyrace") -> ToyDefinition:
    options = RuleOptions((
        RuleOption("target", 20, "total that ends the game", minimum=5, maximum=60),
        RuleOption("copies", 6, "copies of each card value in the deck", minimum=1, maximum=20),
    ))
    return ToyDefinition(GameInfo(game_id, kind, "Toy", "none", "a toy", (2, 3, 4), "poker", options))


class ToyState:
    """A game of card race in progress (mutable, like the real engines)."""

    def __init__(self, players: int, target: int, deck: list[int], spin: bool = False) -> None:
        self.players = players
        self.target = target
        self.deck = deck
        self.hands = [[self.deck.pop() for _ in range(3)] for _ in range(players)]
        self.played = [0] * players
        self.total = 0
        self.player = 0
        self._turns = 0
        self.spin = spin  # a broken engine that never ends (for the turn-limit test)
        self.initial_cards = len(deck) + 3 * players

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.player

    def legal_actions(self) -> list[int]:
        return sorted(set(self.hands[self.player])) if not self.is_terminal() else []

    def apply(self, action: Any) -> None:
        if self.is_terminal() or action not in self.hands[self.player]:
            raise IllegalAction(f"cannot play {action!r}")
        hand = self.hands[self.player]
        hand.remove(action)
        if not self.spin:
            self.total += action
            self.played[self.player] += action
        else:
            self.deck.insert(0, action)
        if self.deck:
            hand.append(self.deck.pop())
        self.player = (self.player + 1) % self.players
        self._turns += 1

    def is_terminal(self) -> bool:
        return self.total >= self.target or not any(self.hands)

    def scores(self) -> list[float]:
        return [float(p) for p in self.played]

    def observation(self, seat: int) -> dict[str, Any]:
        return {"seat": seat, "total": self.total, "target": self.target, "hand": list(self.hands[seat])}

    def check_invariants(self) -> None:
        held = len(self.deck) + sum(len(h) for h in self.hands)
        if held + self._turns != self.initial_cards and not self.spin:
            raise InvariantError("cards not conserved")

    def clone(self) -> "ToyState":
        other = ToyState.__new__(ToyState)
        other.players, other.target, other.spin = self.players, self.target, self.spin
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.played = list(self.played)
        other.total, other.player, other._turns = self.total, self.player, self._turns
        other.initial_cards = self.initial_cards
        return other

    @property
    def turns(self) -> int:
        return self._turns

    def outcome(self) -> dict[str, Any]:
        return {"won": self.total == self.target, "total": self.total, "end": "target" if self.total >= self.target else "cards"}


@dataclass
class ToyEngine:
    players: int
    options: Mapping[str, Any]
    spin: bool = False

    def new_game(self, rng: random.Random) -> ToyState:
        deck = [v for v in (1, 2, 3) for _ in range(int(self.options["copies"]))]
        rng.shuffle(deck)
        return ToyState(self.players, int(self.options["target"]), deck, self.spin)


def make_toy_engine(definition: ToyDefinition, players: int, options: Mapping[str, Any], **extra: Any) -> ToyEngine:
    unknown = set(extra) - {"spin", "expansion", "scoreworks"}
    if unknown:
        raise TypeError(f"unexpected settings {sorted(unknown)}")
    if extra.get("scoreworks") not in (None, "fuse", "spark"):
        raise ValueError(f"unknown scoreworks card '{extra['scoreworks']}'")
    merged = {"target": 20, "copies": 6, **options}
    return ToyEngine(players, merged, bool(extra.get("spin", False)))


class RandomBot:
    name = "random"

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        assert set(legal) <= set(observation["hand"])
        return rng.choice(list(legal))


class GreedyBot:
    """Plays its highest card, or the card that lands exactly on the target."""

    name = "greedy"

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        need = observation["target"] - observation["total"]
        return need if need in legal else max(legal)


class CautiousBot:
    """Plays its lowest card with probability ``p`` (a bot parameter: ``cautious:0.7``)."""

    name = "cautious"

    def __init__(self, p: float) -> None:
        self.p = p

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        return min(legal) if rng.random() < self.p else max(legal)


class PeekBot:
    """Sees the state (needs_state channel) and plays what lands on the target if the deck allows."""

    name = "peek"
    needs_state = True

    def __init__(self) -> None:
        self.seen_states = 0

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        raise AssertionError("a needs_state bot must be asked through choose_with_state")

    def choose_with_state(self, state: ToyState, legal: Sequence[int], rng: random.Random) -> int:
        self.seen_states += 1
        need = state.target - state.total
        return need if need in legal else min(legal)


class BoundBot(GreedyBot):
    """Gets the state through bind_state before each choose."""

    name = "bound"

    def __init__(self) -> None:
        self.state: ToyState | None = None

    def bind_state(self, state: ToyState) -> None:
        self.state = state

    def choose(self, observation: Any, legal: Sequence[int], rng: random.Random) -> int:
        assert self.state is not None and self.state.total == observation["total"]
        return super().choose(observation, legal, rng)


def _cautious(param: str | None, seat: int, engine: Any) -> CautiousBot:
    p = float(param) if param is not None else 0.5
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"cautious takes a probability 0..1, not {param}")
    return CautiousBot(p)


def _random(param: str | None, seat: int, engine: Any) -> RandomBot:
    return RandomBot()


def _greedy(param: str | None, seat: int, engine: Any) -> GreedyBot:
    return GreedyBot()


def _peek(param: str | None, seat: int, engine: Any) -> PeekBot:
    return PeekBot()


def _bound(param: str | None, seat: int, engine: Any) -> BoundBot:
    return BoundBot()


TOY_BOTS = {"random": _random, "greedy": _greedy, "cautious": _cautious, "peek": _peek, "bound": _bound}


def toy_summary(records: Sequence[GameRecord], players: int) -> dict[str, Any]:
    ends: dict[str, int] = {}
    for record in records:
        ends[record.outcome["end"]] = ends.get(record.outcome["end"], 0) + 1
    return {
        "mean_total": sum(r.outcome["total"] for r in records) / len(records),
        "ends": ends,
        "cards": [{"card": v, "players": players} for v in (1, 2, 3)],
    }


def toy_export(state: ToyState) -> dict[str, Any]:
    return {"players": [f"seat {s}" for s in range(state.players)], "total": state.total, "played": state.played}


TOY_RACE = Simulator("toyrace", make_toy_engine, TOY_BOTS, best="greedy", competitive=True, summarize=toy_summary)
TOY_COOP = Simulator("toycoop", make_toy_engine, TOY_BOTS, best="greedy", competitive=False,
                     summarize=toy_summary, export_game=toy_export)


class ToyGame(GameDescription[ToyDefinition]):
    """A game description for the toy game: simulated only (no files, faces or rules of its own)."""

    title = "Card race"

    def __init__(self, kind: str, simulator: Simulator) -> None:
        self.kind = kind
        self._simulator = simulator

    def load(self, reader: Any, root: Any) -> list[ToyDefinition]:
        return []

    def checks(self) -> list[Any]:
        return []

    def kit(self, definition: ToyDefinition, tools: Any, request: DeckRequest) -> Any:
        raise NotImplementedError("the toy game prints nothing")

    def deck_records(self, definition: ToyDefinition, request: DeckRequest) -> list[dict[str, Any]]:
        return []

    def simulator(self) -> Simulator:
        return self._simulator

# --------------------------------------------------------------------------- tests


@pytest.mark.e2e
@pytest.mark.parametrize("start_method", [None, "spawn"])
def test_same_records_with_one_or_two_workers(start_method: str | None) -> None:
    definition = toy_definition()
    specs = [BotSpec("random"), BotSpec("cautious", "0.3"), BotSpec("greedy")]
    one = run(TOY_RACE, definition, 3, specs, 60, seed=11, workers=1)
    two = run(TOY_RACE, definition, 3, specs, 60, seed=11, workers=2, start_method=start_method)
    assert one.records == two.records
    assert [r.index for r in two.records] == list(range(60))
    assert one.bots == ("random", "cautious:0.3", "greedy")


def test_seed_changes_games_and_progress_counts_every_game() -> None:
    definition = toy_definition()
    seen: list[int] = []
    a = run(TOY_RACE, definition, 2, [BotSpec("random")], 40, seed=1, progress=seen.append)
    b = run(TOY_RACE, definition, 2, [BotSpec("random")], 40, seed=2)
    assert sum(seen) == 40
    assert [r.scores for r in a.records] != [r.scores for r in b.records]
    assert all(r.seed == game_seed(1, r.index) for r in a.records)


def test_play_game_record_fields() -> None:
    engine = make_toy_engine(toy_definition(), 2, {"target": 20, "copies": 6})
    record = play_game(engine, [GreedyBot(), RandomBot()], seed=5, index=3, competitive=True, labels=["greedy", "random"])
    assert record.index == 3 and record.seed == game_seed(5, 3)
    assert record.decisions == record.turns > 0
    assert sum(record.scores) == record.outcome["total"] >= 20
    top = max(record.scores)
    tops = tuple(s for s, v in enumerate(record.scores) if v == top)
    assert record.winners == (tops if len(tops) == 1 else ())
    again = play_game(engine, [GreedyBot(), RandomBot()], seed=5, index=3, competitive=True,
                      labels=["greedy", "random"])
    assert again == record


def test_cooperative_winners_are_every_seat_or_none() -> None:
    result = run(TOY_COOP, toy_definition(), 3, [BotSpec("greedy")], 50, seed=3)
    outcomes = {bool(r.winners) for r in result.records}
    assert outcomes == {True, False}  # the toy is won sometimes, lost sometimes
    for record in result.records:
        assert record.winners in ((), (0, 1, 2))
        assert bool(record.winners) == record.outcome["won"]


def test_state_bots_get_the_state_and_peeking_helps() -> None:
    definition = toy_definition()
    fair = run(TOY_COOP, definition, 2, [BotSpec("random")], 80, seed=9)
    peek = run(TOY_COOP, definition, 2, [BotSpec("peek")], 80, seed=9)
    bound = run(TOY_COOP, definition, 2, [BotSpec("bound")], 20, seed=9)
    assert sum(1 for r in peek.records if r.winners) > sum(1 for r in fair.records if r.winners)
    assert all(r.decisions > 0 for r in bound.records)


def test_bot_rngs_are_per_seat_and_fixed() -> None:
    assert bot_rng(123, 0).random() == bot_rng(123, 0).random()
    assert bot_rng(123, 0).random() != bot_rng(123, 1).random()


def test_resolve_bots() -> None:
    assert resolve_bots(TOY_RACE, [BotSpec("best")], 3) == (BotSpec("greedy"),) * 3
    assert resolve_bots(TOY_RACE, [BotSpec("random"), BotSpec("best")], 2) == (BotSpec("random"), BotSpec("greedy"))
    with pytest.raises(BotSpecError, match="unknown bot 'nobody'.*greedy"):
        resolve_bots(TOY_RACE, [BotSpec("nobody")], 2)
    with pytest.raises(BotSpecError, match="2 bots given for 3 players"):
        resolve_bots(TOY_RACE, [BotSpec("random"), BotSpec("random")], 3)


def test_check_table_refuses_bad_tables() -> None:
    definition = toy_definition()
    with pytest.raises(BotSpecError, match="cautious:2"):
        check_table(TOY_RACE, definition, 2, [BotSpec("cautious", "2")])
    with pytest.raises(ValueError, match="played by 2, 3, 4 players, not 7"):
        check_table(TOY_RACE, definition, 7, [BotSpec("random")])
    with pytest.raises(OptionError, match="target"):
        check_table(TOY_RACE, definition, 2, [BotSpec("random")], options={"target": 1000})
    with pytest.raises(ValueError, match="scoreworks card 'nope'"):
        check_table(TOY_RACE, definition, 2, [BotSpec("random")], extra={"scoreworks": "nope"})


def test_options_reach_the_engine() -> None:
    short = run(TOY_RACE, toy_definition(), 2, [BotSpec("greedy")], 10, seed=4, options={"target": 6})
    long = run(TOY_RACE, toy_definition(), 2, [BotSpec("greedy")], 10, seed=4, options={"target": 40})
    assert short.options["target"] == 6
    assert max(r.turns for r in short.records) < min(r.turns for r in long.records)


def test_turn_limit_stops_a_game_that_never_ends() -> None:
    with pytest.raises(TurnLimitExceeded, match="did not end within 500 decisions"):
        run(TOY_RACE, toy_definition(), 2, [BotSpec("random")], 2, seed=1, extra={"spin": True}, max_turns=500)


@pytest.mark.e2e
def test_export_keeps_one_file_per_game_in_order() -> None:
    result = run(TOY_COOP, toy_definition(), 2, [BotSpec("greedy")], 7, seed=2, export=True, workers=2)
    assert len(result.exports) == 7
    assert [e["total"] for e in result.exports] == [r.outcome["total"] for r in result.records]


@pytest.mark.e2e
def test_export_callback_receives_every_game_and_keeps_none() -> None:
    """``on_export`` gets each game's file as it is played (any order, any workers); the result keeps
    none of them (a long run's files need not fit in memory) and its records are unchanged."""
    seen: dict[int, dict] = {}
    result = run(TOY_COOP, toy_definition(), 2, [BotSpec("greedy")], 23, seed=2, workers=2,
                 on_export=lambda record, data: seen.__setitem__(record.index, data))
    kept = run(TOY_COOP, toy_definition(), 2, [BotSpec("greedy")], 23, seed=2, export=True)
    assert result.exports == () and result.records == kept.records
    assert [seen[i] for i in range(23)] == list(kept.exports)


def test_competitive_winners_teams_ties_and_draws() -> None:
    from generator.sim.play import winners_of

    assert winners_of({}, (1.0, 0.0, 1.0, 0.0), True) == (0, 2)  # a team of seats 0 and 2
    assert winners_of({}, (5.0, 7.0, 7.0), True) == (1, 2)  # a tie for the top
    assert winners_of({}, (0.5, 0.5), True) == ()  # every seat tied: a draw
    assert winners_of({"won": True}, (25.0, 25.0), None) == (0, 1)  # cooperative, inferred
    assert winners_of({"won": False}, (20.0, 20.0), False) == ()
