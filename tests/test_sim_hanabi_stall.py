"""The stall convention of ``SmartBot`` (``stall=True``; ``smart:stall``, ``best`` at two players): a
clue instead of discarding a chop the player before never saw, read by everyone as its words alone."""

from __future__ import annotations

import copy
import random

import pytest

from generator.app.catalog import GAMES
from generator.files.paths import shipped_root
from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import SIMULATOR, make_engine
from generator.games.hanabi.sim.engine import COLOUR_CLUE, DISCARD, HanabiEngine
from generator.games.hanabi.sim.searchbot import SearchBot
from generator.games.hanabi.sim.smartbot import SmartBot, make_smart
from generator.loader import load_project
from generator.model.options import OptionValue
from generator.sim.api import game_seed

_GAME = load_project(shipped_root(), GAMES).game("hanabi")
assert isinstance(_GAME, HanabiDefinition)
HANABI: HanabiDefinition = _GAME
PAPER: dict[str, OptionValue] = {"strikeout": "keep", "empty_clues": False}


def engine(players: int) -> HanabiEngine:
    return make_engine(HANABI, players, PAPER)


def literal(mask: int, clued: bool, bits: int) -> int:
    """A card's knowledge after a clue's words alone (touched: one of ``bits``; else none of them)."""
    narrowed = mask & bits if clued else mask & ~bits
    return narrowed or mask


def test_a_stall_replaces_a_discard_of_a_chop_nobody_saw_and_says_only_its_words() -> None:
    """Over 40 two-player games: wherever the stalling bot gives another action than SmartBot would
    in the same position, SmartBot would discard its chop, that chop is not the one the partner saw
    before their turn, and the stall is a clue to the partner that changes the partner's knowledge
    (as every seat reads it) by its words alone: no card read as playable, no warning."""
    table = engine(2)
    stalls = 0
    for index in range(40):
        state = table.new_game(random.Random(game_seed(3, index)))
        bots = [SmartBot(table.strikeout_zero, table.five_returns, stall=True) for _ in range(2)]
        while not state.is_terminal():
            seat = state.current_player()
            obs = state.observation(seat)
            bot = bots[seat]
            action = bot.choose(obs, state.legal_actions(), random.Random(0))
            plain = bot.clone()
            plain.stall = False
            without = plain._decide(obs)
            if action != without:
                stalls += 1
                chop = bot.next_discard(seat)
                assert without == (DISCARD, chop)
                assert bot.hands[seat][chop] != bot.vouched
                partner = 1 - seat
                assert action[0] != DISCARD and action[1] == partner
                kinds = obs.hands[partner]
                assert kinds is not None
                bits = bot.suit_bits[action[2]] if action[0] == COLOUR_CLUE else bot.rank_bits[action[2] - 1]
                words = bot.clone()
                words.know[partner] = [literal(m, bool((bits >> k) & 1), bits) for m, k in zip(bot.know[partner], kinds)]
                words.unsettled = True
                words._settle()
                state.apply(action)
                for view in (bots[partner], bot):  # the partner reads it, and so does the giver's own copy
                    view.catch_up(state.observation(view.me))
                    view._settle()
                    assert view.know[partner] == words.know[partner]
                continue
            state.apply(action)
    assert stalls >= 5, stalls


def test_smart_keeps_smartbot_conventions_and_the_stall_is_asked_for_or_best_at_two_players() -> None:
    """``smart`` is SmartBot as published: no stall; ``smart:stall`` stalls, and is ``best`` at two
    players. ``search`` keeps SmartBot's conventions at every size (over the stall it gained nothing
    measurable at two players for more CPU; from three the stall loses)."""
    table = engine(2)
    assert SmartBot(False, False).stall is False
    assert make_smart(None, 0, table).stall is False
    assert make_smart("stall", 0, table).stall is True
    with pytest.raises(ValueError, match="smart:stall"):
        make_smart("stalls", 0, table)
    assert SIMULATOR.best_bot(2) == "smart:stall" and SIMULATOR.best_bot(3) == "info"
    for players in (2, 3, 5):
        bot = SearchBot(engine(players), 200)
        assert bot.blueprint.stall is False


def test_a_clone_shares_nothing_it_changes_with_the_original() -> None:
    """A search plays ahead with clones of its models: whatever a clone reads and decides leaves the
    original as it was (a chop record shared between them once changed the searches' worlds)."""
    table = engine(2)
    state = table.new_game(random.Random(game_seed(5, 0)))
    bots = [SmartBot(table.strikeout_zero, table.five_returns, stall=True) for _ in range(2)]
    checked = 0
    while not state.is_terminal():
        seat = state.current_player()
        state.apply(bots[seat].choose(state.observation(seat), state.legal_actions(), random.Random(0)))
        if state.turns % 5 == 0 and not state.is_terminal():
            original = bots[0]
            before = copy.deepcopy(original.__dict__)
            ahead = state.clone()
            clones = [bot.clone() for bot in bots]
            for _ in range(6):
                if ahead.is_terminal():
                    break
                turn = ahead.current_player()
                ahead.apply(clones[turn].choose(ahead.observation(turn), ahead.legal_actions(), random.Random(0)))
            clones[0].catch_up(ahead.observation(0))
            assert original.__dict__ == before
            checked += 1
    assert checked >= 5
