"""The hat-guessing bot ``info``: packing answers into a number, every reader decoding what the giver
meant, all copies keeping the same public knowledge, legal complete games under every rule option of
both definitions, the same games for the same seed with one or two workers."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import SIMULATOR, make_engine
from generator.games.hanabi.sim.engine import COLOUR_CLUE, HanabiState
from generator.games.hanabi.sim.hatclues import ClueCode
from generator.games.hanabi.sim.hatcode import Packer, Unpacker
from generator.games.hanabi.sim.infobot import InfoBot
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.sim.runner import make_bots, play_game, resolve_bots, run
from generator.app.catalog import GAMES

from .hanabi_rules import every_option_combination

PROJECT = load_project(shipped_root(), GAMES)
HANABI: HanabiDefinition = PROJECT.game("hanabi")  # type: ignore[assignment]
MULTI: HanabiDefinition = PROJECT.game("hanabi-multicolor")  # type: ignore[assignment]
PAPER = {"strikeout": "keep", "empty_clues": False}


# ---------------------------------------------------------------------- the arithmetic


@settings(max_examples=300, deadline=None)
@given(cap=st.integers(1, 400), data=st.data())
def test_unpacking_gives_back_every_answer_with_the_same_room(cap: int, data: Any) -> None:
    packer = Packer(cap)
    asked: list[tuple[int, int, int]] = []  # (room, answers, answer)
    while packer.room() > 1 and len(asked) < 12:
        room = packer.room()
        answers = data.draw(st.integers(2, room))
        answer = data.draw(st.integers(0, answers - 1))
        asked.append((room, answers, answer))
        packer.put(answer, answers)
    assert 0 <= packer.value < cap
    unpacker = Unpacker(packer.value, cap)
    for room, answers, answer in asked:
        assert unpacker.room() == room
        assert unpacker.take(answers) == answer
    assert unpacker.rest == 0


def test_a_packed_number_uses_every_value_below_the_cap() -> None:
    """Asking questions of 3 answers while room is left reaches every number below 10 exactly once."""
    seen = set()
    for first in range(3):
        packer = Packer(10)
        packer.put(first, 3)
        room = packer.room()
        for second in range(room):
            one = Packer(10)
            one.put(first, 3)
            one.put(second, room)
            seen.add(one.value)
    assert seen == set(range(10))


def test_an_answer_that_does_not_fit_is_refused() -> None:
    packer = Packer(5)
    with pytest.raises(ValueError):
        packer.put(0, 6)
    with pytest.raises(ValueError):
        Unpacker(5, 5)


# ---------------------------------------------------------------------- positions of real games


def play_to(definition: HanabiDefinition, players: int, options: dict[str, Any], seed: int,
            steps: int) -> tuple[HanabiState, list[InfoBot]]:
    """A position of a game of ``info`` bots after ``steps`` turns (or its end), every seat caught up."""
    engine = make_engine(definition, players, options)
    state = engine.new_game(random.Random(seed))
    bots = [InfoBot(engine.empty_clues, engine.five_returns) for _ in range(players)]
    for _ in range(steps):
        if state.end is not None:
            break
        seat = state.current
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), random.Random(0)))
    for seat, bot in enumerate(bots):
        bot.catch_up(state.observation(seat))
    return state, bots


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), steps=st.integers(0, 70),
       empty_clues=st.booleans(), multicolour=st.booleans(), cap_choice=st.integers(0, 50))
def test_every_other_player_decodes_the_hint_the_giver_meant(seed: int, players: int, steps: int, empty_clues: bool,
                                                            multicolour: bool, cap_choice: int) -> None:
    """The giver packs answers about every other hand; each reader, who sees every hand but its own,
    ends with exactly the giver's knowledge of every hand, its own included, and the answers are true."""
    definition = MULTI if multicolour else HANABI
    state, bots = play_to(definition, players, {"empty_clues": empty_clues}, seed, steps)
    giver = state.current if state.end is None else 0
    public = bots[giver].public
    hands = [[state.deck[o] for o in hand] for hand in state.hands]
    cap = ClueCode(players, len(definition.suits), definition.max_rank, empty_clues).cap(public, giver)
    cap = cap if cap_choice == 0 else cap_choice
    meant = public.copy()
    value = meant.hat_sum(giver, cap, hands)
    for reader in range(players):
        if reader == giver:
            continue
        assert bots[reader].public.same_as(public)
        decoded = public.copy()
        seen: list[list[int] | None] = [None if p == reader else h for p, h in enumerate(hands)]
        decoded.read_hat_sum(giver, reader, value, cap, seen)
        assert decoded.hands == meant.hands, f"seat {reader} read another hint"
    for seat, hand in enumerate(hands):
        for kind, table in zip(hand, meant.hands[seat]):
            assert kind in table, "an answer excluded the card's own kind"


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 5), steps=st.integers(0, 70), empty_clues=st.booleans())
def test_every_clue_for_a_number_says_that_number(seed: int, players: int, steps: int, empty_clues: bool) -> None:
    """Whatever number the giver wants, the clues offered for it are legal and read back as it."""
    state, bots = play_to(HANABI, players, {"empty_clues": empty_clues}, seed, steps)
    if state.end is not None:
        return
    giver = state.current
    public = bots[giver].public
    code = ClueCode(players, len(HANABI.suits), HANABI.max_rank, empty_clues)
    hands = [[state.deck[o] for o in hand] for hand in state.hands]
    legal = set(state.clone().legal_actions()) if state.clues > 0 else set()
    for value in range(code.cap(public, giver)):
        clues = code.clues_for(value, public, giver, hands)
        assert clues, f"no clue says {value}"
        for clue in clues:
            if state.clues > 0:
                assert clue in legal, clue
            target = clue[1]
            r = HANABI.max_rank
            touched = [(k // r == clue[2]) if clue[0] == COLOUR_CLUE else (k % r + 1 == clue[2]) for k in hands[target]]
            assert code.value_of(clue, touched, public, giver) == value


# ---------------------------------------------------------------------- whole games


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_copies_keep_the_same_public_knowledge(players: int) -> None:
    """After every turn, each seat's public knowledge (read from its own observation) is the same."""
    for empty_clues, seed in ((False, 1), (True, 2)):
        engine = make_engine(HANABI, players, {"empty_clues": empty_clues})
        state = engine.new_game(random.Random(seed))
        bots = [InfoBot(engine.empty_clues, engine.five_returns) for _ in range(players)]
        while state.end is None:
            seat = state.current
            state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), random.Random(0)))
            for other, bot in enumerate(bots):
                bot.catch_up(state.observation(other))
            assert all(bot.public.same_as(bots[0].public) for bot in bots[1:]), f"turn {state.turns}"


@pytest.mark.e2e
@pytest.mark.parametrize("definition", [HANABI, MULTI], ids=["hanabi", "multicolor"])
def test_info_plays_legal_complete_games_under_every_option(definition: HanabiDefinition) -> None:
    """Every combination of the definition's rule options (every value of each: the five-suit game and
    the six-suit variant), each at one table size of 2 to 5 in turn: the strategy's own action is
    always legal (never the fallback) and every game ends."""
    combinations = every_option_combination(definition)
    assert len(combinations) == 2 * 2 * 2 * 2 * 7
    for index, options in enumerate(combinations):
        players = 2 + index % 4
        engine = make_engine(definition, players, options)
        state = engine.new_game(random.Random(index))
        bots = [InfoBot(engine.empty_clues, engine.five_returns) for _ in range(players)]
        while state.end is None:
            seat = state.current
            action = bots[seat].decide(state.observation(seat))
            assert action in state.legal_actions(), (options, players, action)
            state.apply(action)
            state.check_invariants()
        assert state.turns < 200


@pytest.mark.e2e
@pytest.mark.parametrize("definition", [HANABI, MULTI], ids=["hanabi", "multicolor"])
def test_same_seed_same_games_with_one_or_two_workers(definition: HanabiDefinition) -> None:
    """The same seed gives the same records whatever the number of worker processes."""
    one = run(SIMULATOR, definition, 4, [BotSpec("info")], 6, seed=12, workers=1, options=PAPER)
    two = run(SIMULATOR, definition, 4, [BotSpec("info")], 6, seed=12, workers=2, options=PAPER)
    assert one.records == two.records
    assert len({r.decisions for r in one.records}) > 1  # six different games, not one


def test_info_sanity_at_four_players() -> None:
    """A quick check, not the measurement (benchmarks/bench_hanabi_bots.py): 20 games average above 22."""
    engine = make_engine(HANABI, 4, PAPER)
    scores = [play_game(engine, make_bots(SIMULATOR, engine, [BotSpec("info")] * 4), 5, i, competitive=False).scores[0]
              for i in range(20)]
    assert sum(scores) / 20 > 22


def test_info_against_other_conventions_still_plays_legal_games() -> None:
    """Mixed with bots that follow other conventions it misreads their clues, but never breaks."""
    engine = make_engine(HANABI, 4, {})
    specs = [BotSpec("info"), BotSpec("smart"), BotSpec("info"), BotSpec("random")]
    for index in range(6):
        record = play_game(engine, make_bots(SIMULATOR, engine, specs), 3, index, competitive=False)
        assert record.decisions > 0


def test_best_is_info_from_three_players() -> None:
    for players in (3, 4, 5):
        assert [str(s) for s in resolve_bots(SIMULATOR, [BotSpec("best")], players)] == ["info"] * players
