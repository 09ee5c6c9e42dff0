"""The hanab.live format: replaying files, every refused action with its index, and export round trips."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from generator.games.hanabi.model import HanabiDefinition
from generator.games.hanabi.sim import SIMULATOR, export, make_engine, replay
from generator.games.hanabi.sim.hanablive import ReplayError
from generator.loader import load_project
from generator.files.paths import shipped_root
from generator.sim.api import BotSpec
from generator.sim.runner import make_bots, play_game_state
from generator.app.catalog import GAMES

DATA = Path(__file__).parent / "data" / "hanablive"
PROJECT = load_project(shipped_root(), GAMES)
HANABI: HanabiDefinition = PROJECT.game("hanabi")  # type: ignore[assignment]
MULTI: HanabiDefinition = PROJECT.game("hanabi-multicolor")  # type: ignore[assignment]

# Suit-ordered deck: player 0 holds red 1,1,1,2,2 (orders 0-4), player 1 red 3,3,4,4,5 (orders 5-9).
DECK = [{"suitIndex": s, "rank": r} for s in range(5) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)]


def game(actions: list[dict[str, Any]], **options: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"players": ["Alice", "Bob"], "deck": DECK, "actions": actions}
    if options:
        data["options"] = {"variant": "No Variant", **options}
    return data


def play(order: int) -> dict[str, int]:
    return {"type": 0, "target": order}


def discard(order: int) -> dict[str, int]:
    return {"type": 1, "target": order}


def test_happy_path() -> None:
    # Alice plays red 1, Bob clues Alice's 2s, Alice plays red 2 (order 3), Bob discards red 4 (order 7)
    result = replay(HANABI, game([play(0), {"type": 3, "target": 0, "value": 2}, play(3), discard(7)]))
    assert result == {"score": 2, "fireworks": {"red": 2, "yellow": 0, "green": 0, "blue": 0, "white": 0},
                      "strikes": 0, "clues": 8, "turns": 4, "end": "unfinished"}


def test_sample_files_replay() -> None:
    two = replay(HANABI, json.loads((DATA / "holmes-2p.json").read_text()))
    assert two["end"] == "deck_out" and two["score"] == 12 and two["fireworks"]["blue"] == 4
    four = replay(MULTI, json.loads((DATA / "multicolor-holmes-4p.json").read_text()))
    assert four["score"] == 21 and four["fireworks"]["multicolor"] == 4 and four["strikes"] == 1


def test_a_strikeout_and_a_game_over_action() -> None:
    # Alice misplays red 2 three times in a row between Bob's clues
    actions = [play(3), {"type": 3, "target": 0, "value": 1}, play(4), {"type": 3, "target": 0, "value": 1}]
    actions.append({"type": 0, "target": 10})  # the card Alice drew first (yellow 1): fine
    result = replay(HANABI, game(actions))
    assert result["strikes"] == 2 and result["score"] == 1
    out = replay(HANABI, game([play(3), {"type": 0, "target": 7}, play(4)]))
    assert out["end"] == "strikeout" and out["score"] == 0 and out["strikes"] == 3
    assert replay(HANABI, game([play(3), {"type": 0, "target": 7}, play(4)]), {"strikeout": "keep"})["score"] == 0
    ended = replay(HANABI, game([play(0), {"type": 4, "target": 1, "value": 4}]))
    assert ended["end"] == "terminated" and ended["score"] == 1


@pytest.mark.parametrize(("actions", "index", "words"), [
    ([play(7)], 0, "not in the hand"),
    ([play(0), play(0)], 1, "not in the hand"),
    ([{"type": 3, "target": 0, "value": 1}], 0, "themselves"),
    ([play(0), discard(5)], 1, "note tokens"),
    ([{"type": 2, "target": 1, "value": 5}], 0, "out of range"),
    ([{"type": 3, "target": 1, "value": 6}], 0, "out of range"),
    ([{"type": 3, "target": 1, "value": 0}], 0, "out of range"),
    ([{"type": 3, "target": 2, "value": 1}], 0, "no such player"),
    ([{"type": 9, "target": 0}], 0, "unknown action type 9"),
    ([{"target": 0}], 0, "integer 'type'"),
    ([play(0), {"type": 4, "target": 0, "value": 1}, play(5)], 2, "after the end"),
    ([play(3), play(7), play(4), play(5)], 3, "after the end"),
])
def test_refused_actions_name_their_index(actions: list[dict[str, Any]], index: int, words: str) -> None:
    with pytest.raises(ReplayError) as info:
        replay(HANABI, game(actions))
    assert info.value.action_index == index and words in info.value.reason
    assert str(info.value).startswith(f"action {index}: ")


def test_clues_without_tokens_and_empty_clues_from_the_file() -> None:
    clues = [{"type": 3, "target": 1 - i % 2, "value": 3 if i % 2 == 0 else 1} for i in range(9)]
    with pytest.raises(ReplayError) as info:
        replay(HANABI, game(clues))
    assert info.value.action_index == 8 and "no note token" in info.value.reason
    empty = [{"type": 2, "target": 1, "value": 2}]  # Bob holds no green card
    assert replay(HANABI, game(empty))["clues"] == 7  # the definition allows it by default
    with pytest.raises(ReplayError) as info:
        replay(HANABI, game(empty, emptyClues=False))  # the file's table option wins
    assert info.value.action_index == 0
    assert replay(HANABI, game([discard(0)]), {"discard_at_max_clues": True})["clues"] == 8


@pytest.mark.parametrize(("mutate", "words"), [
    (lambda d: d.pop("players"), "players"),
    (lambda d: d.update(players=["solo"]), "1 players"),
    (lambda d: d.update(deck="nope"), "deck"),
    (lambda d: d["deck"].pop(), "49 cards (50 in the game); 0 white 5 (1 in the game)"),
    (lambda d: d["deck"].__setitem__(0, {"suitIndex": 0, "rank": 5}), "2 red 5 (1 in the game)"),
    (lambda d: d.update(options={"deckPlays": True}), "'deckPlays' is not supported"),
    (lambda d: d.update(rules={"nope": 1}), "no rule option 'nope'"),
    (lambda d: d.update(rules={"storm_tokens": "99"}), "takes one of printed"),
    (lambda d: d["deck"].__setitem__(0, {"suitIndex": 7, "rank": 1}), "no suit 7"),
    (lambda d: d["deck"].__setitem__(0, {"suitIndex": 0}), "integer"),
    (lambda d: d.update(actions={}), "actions"),
    (lambda d: d.update(options={"variant": "Rainbow (6 Suits)"}), "variant"),
    (lambda d: d.update(options={"emptyClues": "yes"}), "emptyClues"),
])
def test_malformed_files_have_no_index(mutate: Any, words: str) -> None:
    data = copy.deepcopy(game([play(0)]))
    mutate(data)
    with pytest.raises(ReplayError) as info:
        replay(HANABI, data)
    assert info.value.action_index is None and words in str(info.value)
    with pytest.raises(ReplayError):
        replay(HANABI, [1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(("definition", "players", "bot", "options"), [
    (HANABI, 2, "holmes", {}),
    (HANABI, 3, "random", {"empty_clues": False}),
    (HANABI, 5, "simple", {"strikeout": "keep"}),
    (MULTI, 4, "holmes", {"empty_clues": False, "discard_at_max_clues": True}),
])
def test_exported_games_replay_to_the_same_result(definition: HanabiDefinition, players: int, bot: str,
                                                   options: dict[str, Any]) -> None:
    engine = make_engine(definition, players, options)
    for index in range(5):
        record, state = play_game_state(engine, make_bots(SIMULATOR, engine, [BotSpec(bot)] * players), 3, index)
        data = json.loads(json.dumps(export(state)))
        assert data["options"]["variant"] == ("No Variant" if definition is HANABI else "6 Suits")
        assert len(data["deck"]) == len(engine.deck_kinds) and len(data["players"]) == players
        result = replay(definition, data, options)
        assert result["score"] == record.outcome["score"] and result["end"] == record.outcome["end"]
        assert result["fireworks"] == record.outcome["fireworks"] and result["turns"] == record.turns


def test_the_multicolour_suit_is_suit_index_5() -> None:
    engine = make_engine(MULTI, 2)
    state = engine.new_game(random.Random(1))
    data = export(state)
    assert {c["suitIndex"] for c in data["deck"]} == set(range(6))
    with pytest.raises(ReplayError):
        replay(HANABI, data)  # a 6-suit file is no plain Hanabi game


@pytest.mark.parametrize("rules", [{"storm_tokens": "4"}, {"discard_at_max_clues": True}, {"strikeout": "keep"},
                                   {"five_returns_clue": False, "empty_clues": False}])
def test_exported_games_carry_their_rules_and_replay_to_the_same_result(rules: dict[str, Any]) -> None:
    """Rules the site's format cannot hold (a strikeout that keeps the score, four storm tokens...)
    travel in the file's ``rules``: replaying under the definition's defaults gives the same games."""
    from generator.games.hanabi.sim import SIMULATOR
    from generator.sim.api import BotSpec
    from generator.sim.runner import run

    result = run(SIMULATOR, HANABI, 2, [BotSpec("random")], 40, seed=3, options=rules, export=True)
    for record, data in zip(result.records, result.exports):
        assert data["rules"] == {**HANABI.info.options.defaults(), **rules}
        replayed = replay(HANABI, json.loads(json.dumps(data)))
        assert (replayed["score"], replayed["strikes"], replayed["turns"]) == (
            record.outcome["score"], record.outcome["strikes"], record.turns)
