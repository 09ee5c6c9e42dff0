"""The ``search`` bot: imagined deals fit what the seat knows, the partners' model reproduces their turns,
legal complete games under every rule option, the same games for the same seed with any number of
workers, and a budget given as ``search:N``."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import SIMULATOR, make_engine
from generator.games.hanabi.sim.engine import PLAY
from generator.games.hanabi.sim.searchbot import ENDGAME, ENDGAME_FACTOR, SearchBot
from generator.games.hanabi.sim.worlds import clue_masks, imagine_deck, unseen_copies
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.sim.runner import BotSpecError, bot_rng, make_bots, resolve_bots, run
from generator.app.catalog import GAMES

from .hanabi_rules import every_option_combination

pytestmark = pytest.mark.e2e

PROJECT = load_project(shipped_root(), GAMES)
HANABI: HanabiDefinition = PROJECT.game("hanabi")  # type: ignore[assignment]
MULTI: HanabiDefinition = PROJECT.game("hanabi-multicolor")  # type: ignore[assignment]
PAPER = {"strikeout": "keep", "empty_clues": False}


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60), players=st.integers(2, 5), multicolour=st.booleans())
def test_an_imagined_deal_fits_the_clues_and_the_counts(seed: int, steps: int, players: int, multicolour: bool) -> None:
    """The imagined deck keeps every card the seat sees, deals its own hand within its clue knowledge,
    and holds exactly the copies the seat cannot see."""
    definition = MULTI if multicolour else HANABI
    engine = make_engine(definition, players, {})
    state = engine.new_game(random.Random(seed))
    rng = random.Random(seed + 1)
    for _ in range(steps):
        if state.end is not None:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    if state.end is not None:
        return
    obs = state.observation(state.current)
    masks = clue_masks(obs)
    deck = imagine_deck(obs, masks, rng)
    for p, hand in enumerate(state.hands):
        for slot, order in enumerate(hand):
            if p == obs.seat:
                assert (masks[slot] >> deck[order]) & 1
            else:
                assert deck[order] == state.deck[order]
    hidden = [deck[o] for o in state.hands[obs.seat]] + deck[state.next_card:]
    left = unseen_copies(obs)
    assert Counter(hidden) == Counter({k: n for k, n in enumerate(left) if n > 0})


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_partners_model_reproduces_their_turns(players: int) -> None:
    """At a table playing the blueprint, the true deal always explains the partners' turns since the
    seat's last one (else the belief filter would throw the truth away). From three players this
    needs the target of a discard finesse a partner read from the searcher's own newest card."""
    engine = make_engine(HANABI, players, PAPER)
    checked = 0
    for index in range(6):
        state = engine.new_game(random.Random(index))
        bots = [SearchBot(engine, 0) for _ in range(players)]
        rngs = [bot_rng(index, seat) for seat in range(players)]
        while state.end is None:
            seat = state.current
            obs = state.observation(seat)
            bot = bots[seat]
            previous = bot.previous
            action = bot.choose(obs, state.legal_actions(), rngs[seat])
            if previous is not None:
                assert bot.explains(list(state.deck), obs, previous), f"game {index}, turn {state.turns}"
                checked += 1
            state.apply(action)
    assert checked > 250


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_partners_models_hold_the_cards_the_partners_hold(players: int) -> None:
    """At every decision, the seat's model of each partner has every hand as the table has it, card
    for card: a model that lost a turn of the first round (a card played before the seat's first
    turn) went out of step, and a later clue to a card it did not know of stopped the game."""
    engine = make_engine(HANABI, players, PAPER)
    checked = 0
    for index in range(3):
        state = engine.new_game(random.Random(index))
        bots = [SearchBot(engine, 0) for _ in range(players)]
        rngs = [bot_rng(index, seat) for seat in range(players)]
        while state.end is None:
            seat = state.current
            action = bots[seat].choose(state.observation(seat), state.legal_actions(), rngs[seat])
            for partner in bots[seat].partners.values():
                assert partner.hands == state.hands, f"game {index}, turn {state.turns}"
                checked += 1
            state.apply(action)
    assert checked > 100 * (players - 1)


@pytest.mark.parametrize("definition", [HANABI, MULTI], ids=["hanabi", "multicolor"])
def test_search_plays_legal_complete_games_under_every_option(definition: HanabiDefinition) -> None:
    """Every combination of the definition's rule options (every value of each: the five-suit game and
    the six-suit variant), two players, where it is ``best``, with a small budget so that the test is
    quick but still searches: every action is the engine's legal one, every game ends."""
    combinations = every_option_combination(definition)
    assert len(combinations) == 2 * 2 * 2 * 2 * 7
    playouts = 0
    for index, options in enumerate(combinations):
        engine = make_engine(definition, 2, options)
        state = engine.new_game(random.Random(index))
        bots = [SearchBot(engine, 8), SearchBot(engine, 8)]
        rngs = [bot_rng(index, seat) for seat in range(2)]
        while state.end is None:
            seat = state.current
            legal = state.legal_actions()
            action = bots[seat].choose(state.observation(seat), legal, rngs[seat])
            assert action in legal, (options, action)
            state.apply(action)
            state.check_invariants()
        assert state.turns < 200
        playouts += sum(bot.playouts for bot in bots)
    assert playouts > 20 * len(combinations)


def test_search_plays_the_six_suit_variant_and_larger_tables() -> None:
    for definition, players in ((MULTI, 2), (HANABI, 3)):
        engine = make_engine(definition, players, PAPER)
        bots = make_bots(SIMULATOR, engine, [BotSpec("search", "24")] * players)
        state = engine.new_game(random.Random(3))
        rngs = [bot_rng(3, seat) for seat in range(players)]
        while state.end is None:
            seat = state.current
            legal = state.legal_actions()
            action = bots[seat].choose(state.observation(seat), legal, rngs[seat])
            assert action in legal
            state.apply(action)
        assert state.score() > 10


def test_same_seed_same_games_with_one_or_two_workers() -> None:
    one = run(SIMULATOR, HANABI, 2, [BotSpec("search", "40")], 2, seed=8, workers=1, options=PAPER)
    two = run(SIMULATOR, HANABI, 2, [BotSpec("search", "40")], 2, seed=8, workers=2, options=PAPER)
    assert one.records == two.records


def test_the_budget_is_a_whole_number_of_playouts() -> None:
    engine = make_engine(HANABI, 2, PAPER)
    assert make_bots(SIMULATOR, engine, [BotSpec("search", "0")] * 2)[0].budget == 0  # type: ignore[attr-defined]
    for bad in ("abc", "-1", "1.5", "10000000"):
        with pytest.raises(BotSpecError):
            make_bots(SIMULATOR, engine, [BotSpec("search", bad)] * 2)


def test_best_answers_at_a_commands_speed() -> None:
    """``best`` never searches: a default ``simulate hanabi`` (two players, 1000 games) would take
    hours; ``search`` is asked for by name."""
    assert [(s.name, s.param) for s in resolve_bots(SIMULATOR, [BotSpec("best")], 2)] == [("smart", "stall")] * 2
    assert [s.name for s in resolve_bots(SIMULATOR, [BotSpec("best")], 3)] == ["info"] * 3


def test_every_decision_is_searched_from_the_bots_own_endgame() -> None:
    """A play of a card surely playable is searched only in the last rounds: from ``ENDGAME`` cards
    left in the draw pile by default, from the bot's own ``endgame`` when it is given one (what
    ``benchmarks/bench_hanabi_endgame.py`` compares)."""
    engine = make_engine(HANABI, 2, PAPER)
    obs = engine.new_game(random.Random(3)).observation(0)
    surely_playable = [1 << 0] + [(1 << engine.kinds) - 1] * (engine.hand_size - 1)  # the first card a red 1
    default = make_bots(SIMULATOR, engine, [BotSpec("search")] * 2)[0]
    assert isinstance(default, SearchBot) and (default.endgame, default.endgame_factor) == (ENDGAME, ENDGAME_FACTOR)
    assert obs.deck_size > ENDGAME and default._no_doubt(obs, surely_playable, (0, 0))
    late = SearchBot(engine, 200, endgame=obs.deck_size)
    assert not late._no_doubt(obs, surely_playable, (0, 0))


def blueprint_shadow(bot: SearchBot) -> SearchBot:
    """A search of budget 0 (the blueprint) fed the same turns as ``bot`` so far: what the
    conventions alone would play at ``bot``'s next decision."""
    shadow = SearchBot(bot.engine, 0)
    shadow.blueprint, shadow.partners, shadow.past = (bot.blueprint.clone(),
                                                       {s: p.clone() for s, p in bot.partners.items()},
                                                       bot.past[-1:])
    return shadow


@pytest.mark.parametrize("setting", [{"threshold": 1e9}, {"focus": 0}])
def test_a_search_that_keeps_no_challenger_plays_the_blueprint(setting: dict[str, float]) -> None:
    """The threshold and the focus are the bot's own (what ``benchmarks/bench_hanabi_decisions.py``
    varies): with a threshold no playout can reach, or no candidate kept besides the blueprint's
    after a round, every decision, searched or not, is the blueprint's (with the defaults, this game
    leaves the blueprint at least once)."""
    engine = make_engine(HANABI, 2, PAPER)
    state = engine.new_game(random.Random(7))
    bots = [SearchBot(engine, 40, **setting) for _ in range(2)]
    rngs = [random.Random(seat) for seat in range(2)]
    while not state.is_terminal():
        seat = state.current_player()
        obs, legal = state.observation(seat), state.legal_actions()
        shadow = blueprint_shadow(bots[seat])
        action = bots[seat].choose(obs, legal, rngs[seat])
        assert action == shadow.choose(obs, legal, random.Random(0))
        state.apply(action)


def test_judging_plays_every_action_out_in_the_same_worlds() -> None:
    """``judge`` (after ``prepare``) plays each action once in each of the same worlds: the same action
    twice gets the same values, and another action other values in some world."""
    engine = make_engine(HANABI, 2, PAPER)
    state = engine.new_game(random.Random(5))
    bot = SearchBot(engine, 200)
    obs, legal = state.observation(0), state.legal_actions()
    planned = bot.prepare(obs, legal)
    other = next(a for a in legal if a != planned and a[0] != planned[0])
    same, again, different = bot.judge(obs, [planned, planned, other], 12, random.Random(1))
    assert len(same) == len(different) == 12 and same == again
    assert all(0 <= value <= 26 for value in same + different) and same != different


def test_a_search_counts_its_departures_from_the_blueprint() -> None:
    """``departures`` counts the decisions whose action is not the blueprint's (what
    ``benchmarks/bench_hanabi_departures.py`` prints): the blueprint, fed the same turns, would have
    played otherwise exactly that many times (this game leaves it at least once)."""
    engine = make_engine(HANABI, 2, PAPER)
    state = engine.new_game(random.Random(7))
    bots = [SearchBot(engine, 40) for _ in range(2)]
    rngs = [random.Random(seat) for seat in range(2)]
    differed = 0
    while not state.is_terminal():
        seat = state.current_player()
        obs, legal = state.observation(seat), state.legal_actions()
        shadow = blueprint_shadow(bots[seat])
        action = bots[seat].choose(obs, legal, rngs[seat])
        differed += action != shadow.choose(obs, legal, random.Random(0))
        state.apply(action)
    assert sum(bot.departures for bot in bots) == differed >= 1


def test_a_partner_off_the_blueprint_leaves_the_worlds_unexplained() -> None:
    """``unexplained`` counts the worlds for which no deal explaining the partner's last moves was
    found: most of them when the partner clues and discards at random (it plays no card, so it
    loses no storm token itself), far fewer when it follows the blueprint."""
    shares = {}
    for partner in ("blueprint", "random"):
        engine = make_engine(HANABI, 2, PAPER)
        state = engine.new_game(random.Random(4))
        searcher, follower = SearchBot(engine, 40), SearchBot(engine, 0)
        rngs = [random.Random(seat) for seat in range(2)]
        while not state.is_terminal():
            seat = state.current_player()
            obs, legal = state.observation(seat), state.legal_actions()
            if seat == 0:
                action = searcher.choose(obs, legal, rngs[0])
            elif partner == "blueprint":
                action = follower.choose(obs, legal, rngs[1])
            else:
                action = rngs[1].choice([a for a in legal if a[0] != PLAY])
            state.apply(action)
        assert searcher.worlds_dealt >= 8  # two rounds of worlds at least: a decision searched
        shares[partner] = searcher.unexplained / searcher.worlds_dealt
    assert shares["random"] > 0.5 and shares["blueprint"] < shares["random"] / 2, shares


class ScriptedPlayouts(SearchBot):
    """A search whose playouts are scripted: each action's value in the k-th world dealt to it."""

    def __init__(self, engine: object, values: dict[object, list[float]], **settings: float) -> None:
        super().__init__(engine, 200, **settings)  # type: ignore[arg-type]
        self.values = values
        self.dealt: Counter[object] = Counter()

    def _playout(self, world: object, action: object) -> float:  # type: ignore[override]
        value = self.values.get(action, self.values["other"])
        self.dealt[action] += 1
        return value[(self.dealt[action] - 1) % len(value)]


@pytest.mark.parametrize("challenger, more", [
    ([0.0, 0.25], True),     # a gain of 0.125 a world: above the threshold, within two standard errors
    ([0.0, 0.0, 0.0, 0.6], True),   # 0.15, noisier still
    ([5.0], False),          # clearly better: no need
    ([0.0], False),          # no better at all: no need
    ([-1.0, -0.5], False),   # clearly worse
])
def test_a_close_call_gets_more_worlds_for_the_two_closest_actions(challenger: list[float], more: bool) -> None:
    """With ``extra``, a decision whose best challenger is near the threshold gets up to ``extra``
    times the budget more playouts, for the blueprint's action and that challenger only; a clear
    call gets none."""
    engine = make_engine(HANABI, 2, PAPER)
    state = engine.new_game(random.Random(5))
    obs, legal = state.observation(0), state.legal_actions()
    probe = SearchBot(engine, 200)
    planned = probe.prepare(obs, legal)
    other = next(a for a in legal if a != planned)
    plain = ScriptedPlayouts(engine, {planned: [0.0], other: challenger, "other": [-3.0]})
    extended = ScriptedPlayouts(engine, {planned: [0.0], other: challenger, "other": [-3.0]}, extra=2)
    for bot in (plain, extended):
        bot.prepare(obs, legal)
        bot._search(obs, legal, planned, random.Random(1))
    extra = {a: extended.dealt[a] - plain.dealt[a] for a in extended.dealt}
    if more:
        assert extra[planned] == extra[other] > 0 and extended.playouts - plain.playouts == 2 * extra[planned] <= 400
        assert set(a for a, n in extra.items() if n) == {planned, other}
    else:
        assert extended.dealt == plain.dealt


@pytest.mark.parametrize("players", [2, 3])
def test_a_deeper_filter_explains_the_true_deal_over_every_turn_it_replays(players: int) -> None:
    """With ``depth``, the filter replays the turns since the seat's ``depth``-th last turn: at a
    table playing the blueprint, the true deal explains every partner's turn among them."""
    engine = make_engine(HANABI, players, PAPER)
    deepest = 0
    for index in range(3):
        state = engine.new_game(random.Random(index))
        bots = [SearchBot(engine, 0, depth=4) for _ in range(players)]
        rngs = [bot_rng(index, seat) for seat in range(players)]
        while state.end is None:
            seat = state.current
            obs, legal = state.observation(seat), state.legal_actions()
            bot = bots[seat]
            window = (bot.past[0], bot._logs(obs)) if bot.past else None
            action = bot.choose(obs, legal, rngs[seat])  # the partners' models before each turn kept
            if window is not None:
                checked, explained = bot._checks(list(state.deck), *window, set())
                assert explained == checked, f"game {index}, turn {state.turns}"
                deepest = max(deepest, checked)
            state.apply(action)
    assert deepest == 4 * (players - 1)


@pytest.mark.parametrize("partner", ["blueprint", "random"])
def test_a_deeper_filter_stops_checking_the_turns_of_a_partner_off_the_blueprint(partner: str) -> None:
    """A partner's turn no deal explained at a decision (a partner clueing and discarding at random)
    is not checked again by the deeper filter, and the worlds still come; a partner following the
    blueprint has no such turn."""
    engine = make_engine(HANABI, 2, PAPER)
    state = engine.new_game(random.Random(4))
    searcher, follower = SearchBot(engine, 40, depth=3), SearchBot(engine, 0)
    rngs = [random.Random(seat) for seat in range(2)]
    marked = 0
    while not state.is_terminal():
        seat = state.current_player()
        obs, legal = state.observation(seat), state.legal_actions()
        if seat == 0:
            earlier = set(searcher.departed)
            action = searcher.choose(obs, legal, rngs[0])
            assert not earlier & set(searcher._checked)  # not checked again
            marked = max(marked, len(searcher.departed))
            assert all(turn % 2 == 1 for turn in searcher.departed)  # the partner's turns only
        elif partner == "blueprint":
            action = follower.choose(obs, legal, rngs[1])
        else:
            action = rngs[1].choice([a for a in legal if a[0] != PLAY])
        state.apply(action)
    assert searcher.worlds_dealt >= 8
    assert (marked >= 2) if partner == "random" else (marked == 0)
