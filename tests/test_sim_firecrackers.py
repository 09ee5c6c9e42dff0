"""The Firecrackers simulator: setup for 2-10 players, rounds, the Firemaster, explosions, the end,
invariants over many games, determinism, observations, bots and statistics."""

from __future__ import annotations

import dataclasses
import random

import pytest

from generator.games.firecrackers.model import BLACK
from generator.sim import runner
from generator.sim.play import winners_of
from generator.sim.api import BotSpec, InvariantError
from generator.games.firecrackers.sim.bots import make_pyro, make_random
from generator.games.firecrackers.sim.engine import make_engine
from generator.games.firecrackers.sim.setup import starting_colours
from generator.model.options import RuleOptions
from generator.games.firecrackers.sim.staging import empty_shop, give, kind_of, lay_on_top, play, staged, start, top
from generator.games.firecrackers.sim.vocab import PASS, REVEAL, STOP
from generator.sim.rulesets import RulesetError
from generator.app.simulators import simulator_for


ORDER = ["red", "yellow", "green", "blue", "brown", "orange", "turquoise", "purple", "pink", "white"]


@pytest.mark.parametrize("players", range(2, 11))
def test_setup_by_player_count(fc, players):
    engine = make_engine(fc, players, {})
    sets = 2 if players == 2 else 1
    colours = ORDER[: players * sets]
    assert engine.table.packs == (BLACK, *colours)
    assert engine.table.size == 20 + 10 * len(colours)
    start_colours = starting_colours(fc, players)
    assert start_colours == tuple(ORDER[: 3 if players <= 6 else 4])
    for seed in range(3):
        state = engine.new_game(random.Random(seed))
        state.check_invariants()
        assert state.current_player() == 0 and list(state.legal_actions()) == [REVEAL, STOP]
        for seat in range(players):
            deck = state.deck[seat]
            packs = sorted(state.table.cards[c].pack for c in deck)
            black = 2 if players <= 6 else 1
            assert packs == sorted([BLACK] * black + list(start_colours))
            if players <= 6:
                assert all(state.table.action[c] is None for c in deck if state.table.cards[c].pack != BLACK)
        assert state.shop_left == engine.table.size - 5 * players
        if players >= 7:  # 7+ starting decks of 6 plain cards per colour: action cards are dealt too
            dealt = [c for seat in range(players) for c in state.deck[seat]]
            assert any(state.table.action[c] is not None and state.table.cards[c].pack != BLACK for c in dealt)


def test_shop_kinds_carry_the_printed_costs(fc):
    table = make_engine(fc, 10, {}).table
    costs = {k.label: k.cost for k in table.kinds}
    assert costs["red-1-plain"] == 1 and costs["red-5-plain"] == 3 and costs["yellow-3-garbage"] == 1
    assert costs["turquoise-5-buddy_explosion"] == 5 and costs["green-2-stick_it_out"] == 2
    assert costs["black-2-double_sight"] == 2 and costs["black-4-money_trade"] == 3


def test_a_customised_deck_is_simulated_as_defined(fc):
    rich = dataclasses.replace(
        fc, actions=tuple(dataclasses.replace(a, coins=5) if a.key == "treasure" else a for a in fc.actions))
    s = staged(rich)
    give(s, 0, "revealed", "yellow-2-treasure")
    start(s).apply(STOP)
    assert s.buy_coins == 5
    odd = dataclasses.replace(fc, actions=fc.actions + (dataclasses.replace(fc.actions[0], key="mystery"),))
    packs = tuple(
        dataclasses.replace(p, entries=p.entries + (dataclasses.replace(p.entries[1], action="mystery"),))
        if p.key == "red" else p for p in fc.packs)
    with pytest.raises(ValueError, match="mystery"):
        make_engine(dataclasses.replace(odd, packs=packs), 4, {})


def test_a_round_and_the_firemaster_passing_on(fc):
    s = make_engine(fc, 3, {}).new_game(random.Random(3))
    s.apply(STOP)  # seat 0
    s.apply(REVEAL)  # seat 1
    revealed = s.revealed[1][0]
    s.apply(STOP)  # seat 2
    assert s.current_player() == 1
    s.apply(STOP)  # seat 1, last alive, one coin
    while s.pending_kind == "buy":
        s.apply(PASS)
    assert s.round == 2 and s.firemaster == 1 and s.current_player() == 1
    assert all(not row for row in s.revealed) and revealed in s.discard[1]
    s.check_invariants()


@pytest.mark.parametrize("threshold, explodes", [(10, False), (6, True)])
def test_explosion_threshold_option(fc, threshold, explodes):
    s = staged(fc, explosion_threshold=threshold)
    give(s, 0, "revealed", "red-5-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[0] == int(explodes) and s.in_round[0] is not explodes


def test_explosion_is_per_colour(fc):
    s = staged(fc)
    give(s, 0, "revealed", "red-5-plain", "yellow-5-plain", "green-5-plain")
    top(s, 0, "red-4-plain", "red-1-plain")
    start(s).apply(REVEAL)
    assert s.in_round[0] and s.totals(0)[s.table.packs.index("red")] == 9


def test_exploded_player_buys_nothing_and_stopping_buys(fc):
    s = staged(fc)
    give(s, 0, "revealed", "red-5-plain", "red-4-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.explosions[0] == 1 and s.pending_kind == "turn" and s.current_player() == 1


def test_game_ends_after_the_round_the_shop_runs_out(fc):
    s = staged(fc)
    for seat in range(1, s.n):
        s.in_round[seat] = False
    give(s, 0, "revealed", "yellow-1-plain")
    empty_shop(s, keep=("red-1-plain",))
    start(s).apply(STOP)
    s.apply(("buy", kind_of(s, "red-1-plain")))
    assert s.is_terminal() and s.outcome()["end"] == "shop_empty" and s.scores()[0] == 2.0
    s.check_invariants()


def test_short_game_ends_when_the_plain_cards_are_gone(fc):
    s = staged(fc, short_game=True)
    for seat in range(1, s.n):
        s.in_round[seat] = False
    for pile in s.shop:
        for card in [c for c in pile if s.table.action[c] is None]:
            pile.remove(card)
            s.destroyed.append(card)
            s.shop_left -= 1
            s.shop_plain -= 1
    start(s).apply(STOP)
    assert s.is_terminal() and s.outcome()["end"] == "short_game"
    long = staged(fc)
    long.shop_plain = 0
    for seat in range(1, long.n):
        long.in_round[seat] = False
    start(long).apply(STOP)
    assert not long.is_terminal()


def test_the_discard_pile_becomes_the_deck_the_moment_the_deck_is_empty(fc):
    """Rulebook: "At any point, if your deck is empty, turn over and shuffle your discard pile to
    create your new deck." The last card revealed makes the discard pile the new deck at once; the
    cards revealed and bought later that round wait in the discard pile for the next refill."""
    s = staged(fc)
    lay_on_top(s, "green-1-plain")
    for seat in range(1, s.n):
        s.in_round[seat] = False
    (old,) = give(s, 0, "discard", "yellow-2-plain")
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.deck[0] == [old] and s.discard[0] == []
    s.apply(STOP)
    s.apply(("buy", kind_of(s, "green-1-plain")))
    assert s.round == 2 and s.deck[0] == [old]
    assert sorted(s.table.label(c) for c in s.discard[0]) == ["green-1-plain", "red-1-plain"]
    s.check_invariants()


def test_a_card_landing_beside_an_empty_deck_becomes_the_deck(fc):
    """A player who revealed every card has neither deck nor discard pile; a card bought then is the
    new deck at once (and the revealed row, discarded at the end of the round, waits)."""
    s = staged(fc)
    lay_on_top(s, "green-1-plain")
    for seat in range(1, s.n):
        s.in_round[seat] = False
    top(s, 0, "red-1-plain")
    start(s).apply(REVEAL)
    assert s.deck[0] == [] and s.discard[0] == []
    s.apply(STOP)
    s.apply(("buy", kind_of(s, "green-1-plain")))
    assert [s.table.label(c) for c in s.deck[0]] == ["green-1-plain"]
    assert [s.table.label(c) for c in s.discard[0]] == ["red-1-plain"]


def test_invariants_refuse_an_empty_deck_beside_a_discard_pile(fc):
    s = staged(fc)
    give(s, 0, "discard", "red-1-plain")
    with pytest.raises(InvariantError, match="empty deck"):
        s.check_invariants()


def _stop_with_five_coins(s):
    give(s, 0, "revealed", "red-1-plain", "yellow-1-plain", "green-1-plain", "blue-1-plain", "brown-1-plain")
    start(s).apply(STOP)
    assert s.pending_kind == "buy"
    return [a[1] for a in s.legal_actions() if a != PASS]


def test_the_shop_sells_the_top_card_of_each_pile(fc):
    """Rulebook: the shop has "one pile for all cards without an action" and "one pile per color
    (with all remaining cards)": a buyer takes the top card of a pile, not any card."""
    s = staged(fc)
    lay_on_top(s, "red-5-plain", "black-2-cleanup", "orange-2-force_reveal")
    offered = _stop_with_five_coins(s)
    assert {kind_of(s, "red-5-plain"), kind_of(s, "orange-2-force_reveal"), kind_of(s, "black-2-cleanup")} <= set(offered)
    assert kind_of(s, "yellow-5-plain") not in offered  # in the plain pile, under the red 5
    assert len(offered) == len({s.rules.pile_of_kind[k] for k in offered}) <= s.rules.piles
    assert s.rules.piles == 1 + len(s.table.packs)
    s.apply(("buy", kind_of(s, "orange-2-force_reveal")))
    assert [s.table.label(c) for c in s.deck[0]] == ["orange-2-force_reveal"]  # beside an empty deck
    s.check_invariants()


def test_open_shop_option_sells_any_card(fc):
    s = staged(fc, shop="open")
    offered = _stop_with_five_coins(s)
    assert kind_of(s, "red-5-plain") in offered and kind_of(s, "yellow-4-plain") in offered


def test_shop_piles_are_shuffled_by_the_seed(fc):
    engine = make_engine(fc, 4, {})
    tops = [tuple(pile[-1] for pile in engine.new_game(random.Random(seed)).shop) for seed in (1, 1, 2)]
    assert tops[0] == tops[1] and tops[0] != tops[2]
    state = engine.new_game(random.Random(1))
    view = state.observation(0)
    assert set(view.shop_counts().values()) == {1} and len(view.shop_counts()) == engine.rules.piles
    assert sum(view.shop_pile_sizes()) == state.shop_left


def test_rule_options_are_read_from_the_definition_only(fc):
    """The engine takes no default of its own: a definition without an option it needs is refused."""
    options = RuleOptions(tuple(o for o in fc.info.options if o.name != "shop"))
    lacking = dataclasses.replace(fc, info=dataclasses.replace(fc.info, options=options))
    with pytest.raises(RulesetError, match="'shop'"):
        make_engine(lacking, 4, {})
    assert make_engine(fc, 4, {"wildcards": "revealed_colours"}).rules.settings.wildcards == "revealed_colours"


def test_max_rounds(fc):
    s = make_engine(fc, 3, {"max_rounds": 1}).new_game(random.Random(1))
    for _ in range(3):
        s.apply(STOP)
    assert s.is_terminal() and s.outcome()["end"] == "max_rounds" and s.outcome()["rounds"] == 1


def test_invariant_check_catches_a_lost_card(fc):
    s = make_engine(fc, 3, {}).new_game(random.Random(1))
    s.deck[0].pop()
    with pytest.raises(InvariantError):
        s.check_invariants()


def _bots(engine, kinds):
    return [make_pyro(None, s, engine) if k == "pyro" else make_random(None, s, engine) for s, k in enumerate(kinds)]


def _many(fc, sw, games, check_every):
    for index in range(games):
        players = 2 + index % 9
        expansion = sw if index % 2 else None
        engine = make_engine(fc, players, {"max_rounds": 40}, expansion=expansion)
        kinds = ["random" if (index + s) % 3 == 0 else "pyro" for s in range(players)]
        state = play(engine, _bots(engine, kinds), 11, index, check_every=check_every)
        assert state.is_terminal() and len(state.scores()) == players


@pytest.mark.e2e
def test_invariants_over_many_games(fc, sw):
    _many(fc, sw, 1200, check_every=4)


@pytest.mark.slow
def test_invariants_over_thousands_of_games(fc, sw):
    _many(fc, sw, 4000, check_every=1)


def test_determinism_and_clone(fc, sw):
    engine = make_engine(fc, 4, {}, expansion=sw)
    a = play(engine, _bots(engine, ["pyro", "random"] * 2), 3, 5)
    b = play(engine, _bots(engine, ["pyro", "random"] * 2), 3, 5)
    assert a.outcome() == b.outcome() and a.scores() == b.scores()
    s = engine.new_game(random.Random(9))
    rng = random.Random(4)
    for _ in range(30):
        s.apply(rng.choice(s.legal_actions()))
    c = s.clone()
    r1, r2 = random.Random(8), random.Random(8)
    while not s.is_terminal():
        s.apply(r1.choice(s.legal_actions()))
        c.apply(r2.choice(c.legal_actions()))
    assert c.is_terminal() and c.outcome() == s.outcome()


def test_observation_hides_the_order_of_hidden_cards(fc):
    s = make_engine(fc, 3, {}).new_game(random.Random(2))
    t = s.clone()
    t.deck[0].reverse()
    t.deck[1].reverse()
    assert s.observation(0).as_dict() == t.observation(0).as_dict()
    view = s.observation(1).as_dict()
    assert "deck" in view and sum(view["deck"].values()) == len(s.deck[1])
    with pytest.raises(ValueError):
        s.observation(0).owned_counts(1)


def test_registered_simulator_and_bot_parameters(fc):
    sim = simulator_for("firecrackers")
    assert sim.best.startswith("pyro") and set(sim.bots) == {"random", "pyro"}
    engine = make_engine(fc, 4, {})
    assert make_pyro("0.45", 0, engine).threshold == 0.45
    for bad in ("x", "1.5", "-0.1"):
        with pytest.raises(ValueError):
            make_pyro(bad, 0, engine)
    with pytest.raises(ValueError):
        make_random("1", 0, engine)


def test_best_beats_random(fc):
    sim = simulator_for("firecrackers")
    result = runner.run(sim, fc, 4, [BotSpec.parse(s) for s in ("best", "random", "random", "random")], 60, 17)
    wins = sum(1.0 / len(r.winners) for r in result.records if 0 in r.winners)
    assert wins / 60 > 0.8


def test_mixed_table_and_summary(fc, sw):
    sim = simulator_for("firecrackers")
    specs = [BotSpec.parse(s) for s in ("pyro:0.3", "pyro:0.5", "random")]
    result = runner.run(sim, fc, 3, specs, 40, 2, extra={"expansion": sw})
    summary = sim.summarize(result.records, 3)
    assert set(summary["bot_scores"]) == {"pyro:0.3", "pyro:0.5", "random"}
    assert 0.99 < sum(summary["seat_win_share"]) <= 1.0 + 1e-9
    assert 0.0 < summary["explosion_rate"] < 1.0 and summary["rounds"]["mean"] > 1
    row = summary["balance_cards"][0]
    assert {"card", "copies", "buyers_mean_score", "buyers_win_share", "others_mean_score"} <= set(row)
    assert any(r["action"] == "plain" for r in summary["balance_actions"])
    assert sum(v["games"] for v in summary["scoreworks"].values()) == 40
    again = runner.run(sim, fc, 3, specs, 40, 2, extra={"expansion": sw})
    assert again.records == result.records


def test_every_tied_player_wins_however_many_tie(fc):
    """"Highest score wins!" names no draw: a tie of the whole table is a shared win, as a tie of
    two players of four is (seed 1, threshold 9: game 1 ends 107-107)."""
    sim = simulator_for("firecrackers")
    result = runner.run(sim, fc, 2, [BotSpec("best")], 10, 1, options={"explosion_threshold": 9})
    tied = [r for r in result.records if len(set(r.scores)) == 1]
    assert tied and all(r.winners == (0, 1) for r in tied)
    assert all(r.winners for r in result.records)
    summary = sim.summarize(result.records, 2)
    assert sum(summary["seat_win_share"]) == pytest.approx(1.0)
    assert winners_of({}, (7.0, 7.0, 7.0), True, everyone_tied_wins=True) == (0, 1, 2)
    assert winners_of({}, (7.0, 7.0, 3.0), True, everyone_tied_wins=True) == (0, 1)


@pytest.mark.slow
def test_workers_do_not_change_results(fc, sw):
    sim = simulator_for("firecrackers")
    one = runner.run(sim, fc, 4, [BotSpec("best")], 60, 5, extra={"expansion": sw})
    two = runner.run(sim, fc, 4, [BotSpec("best")], 60, 5, extra={"expansion": sw}, workers=2)
    assert one.records == two.records
