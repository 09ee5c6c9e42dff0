"""The shipped definitions load into the model exactly as the rulebooks describe them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from generator.games.firecrackers.model import (
    FirecrackersDefinition,
    PointsRule,
    ScoreworksDefinition,
)
from generator.games.hanabi.model import HanabiDefinition
from generator.games.sequence.model import JackKind, SequenceDefinition
from generator.loader import DefinitionErrors, load_project
from generator.model import Project
from generator.app.catalog import GAMES


def test_every_game_and_variant_is_there(shipped_project: Project) -> None:
    assert set(shipped_project.ids()) == {"hanabi", "hanabi-multicolor", "sequence", "firecrackers", "scoreworks"}


def test_hanabi(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    assert [s.key for s in game.suits] == ["red", "yellow", "green", "blue", "white"]
    assert len({s.symbol for s in game.suits}) == 5
    cards = game.cards()
    assert len(cards) == 50 and len({c.id for c in cards}) == 50
    assert Counter(c.rank for c in cards if c.suit == "blue") == {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}
    assert (game.note_tokens, game.storm_tokens) == (8, 3)
    assert [game.hand_size(n) for n in (2, 3, 4, 5)] == [5, 5, 4, 4]
    options = game.info.options.defaults()
    assert options["empty_clues"] is True and options["strikeout"] == "zero"
    assert game.perfect_score == 25


def test_hanabi_multicolour_variant(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi-multicolor")
    assert isinstance(game, HanabiDefinition) and game.info.variant_of == "hanabi"
    assert [s.key for s in game.suits][-1] == "multicolor"
    assert len(game.cards()) == 60 and game.perfect_score == 30
    assert Counter(c.rank for c in game.cards() if c.suit == "multicolor") == {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}


def test_sequence(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    cards = game.cards()
    assert len(cards) == 104 and Counter(c.code for c in cards) == {c: 2 for c in {c.code for c in cards}}
    assert cards[0].code == "2S" and cards[8].code == "TS" and cards[9].code == "JS"
    board = game.board.codes()
    assert len(board) == 10 and all(len(row) == 10 for row in board)
    assert board[0][0] == board[0][9] == board[9][0] == board[9][9] == "XX"
    assert board[1] == "6C 5C 4C 3C 2C AH KH QH TH TS".split()
    flat = Counter(code for row in board for code in row)
    assert flat["XX"] == 4 and all(n == 2 for code, n in flat.items() if code != "XX")
    assert len(flat) == 49 and not any(code.startswith("J") for code in flat)
    assert game.jack_kind("JD") == game.jack_kind("JC") == JackKind.TWO_EYED
    assert game.jack_kind("JH") == game.jack_kind("JS") == JackKind.ONE_EYED
    assert [(c.key, c.count) for c in game.chips] == [("blue", 48), ("green", 48), ("red", 48)]
    assert {p: game.hand_size(p) for p in game.info.players} == {2: 7, 3: 6, 4: 6, 6: 5, 8: 4, 9: 4, 10: 3, 12: 3}
    assert game.to_win(2) == 2 and game.to_win(3) == 1


def test_board_cells_know_their_column(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    cell = game.board.cells[3][4]
    text = Path(cell.loc.path).read_text().splitlines() if Path(cell.loc.path).exists() else None
    if text is not None:
        line = text[cell.loc.line - 1]
        assert line[cell.loc.column - 1 : cell.loc.column + 1] == cell.code


COST_TABLE = {
    None: {1: 1, 2: 1, 3: 2, 4: 2, 5: 3},
    "ordinary": {2: 2, 3: 3, 4: 3, 5: 4},
    "garbage": {2: 1, 3: 1, 4: 1, 5: 2},
    "buddy_explosion": {2: 3, 3: 4, 4: 4, 5: 5},
    "sudden_burst": {2: 3, 3: 4, 4: 4, 5: 5},
}


def test_firecrackers(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    everything = game.cards()
    assert len(everything) == 120 and len({c.id for c in everything}) == 120
    assert [p.key for p in game.packs][-1] == "black" and len(game.packs) == 11
    black = [c for c in everything if c.pack == "black"]
    assert Counter(c.number for c in black) == {2: 10, 4: 10} and all(c.action for c in black)
    assert Counter(c.action for c in black if c.number == 4)["double_sight"] == 1
    assert [c.action for c in black if c.number == 2][:3] == ["double_sight", "multicolor", "wildcard_up"]
    for card in everything:
        if card.pack == "black":
            assert card.cost == {2: 2, 4: 3}[card.number]
            continue
        kind = None if card.action is None else card.action if card.action in COST_TABLE else "ordinary"
        assert card.cost == COST_TABLE[kind][card.number], card
    assert game.coins("treasure") == 2 and game.coins("garbage") == 0 and game.coins(None) == 1
    assert game.coins("points_trade") == -1 and game.coins("money_trade") == 3
    assert game.action("super_cracker").points.rule == PointsRule.FIXED and game.action("super_cracker").points.amount == 13
    assert len(game.cards(4)) == 60 and len(game.cards(2)) == 60 and len(game.cards(10)) == 120
    assert game.setup.colours_for(3) == ("red", "yellow", "green")
    assert game.setup.starting_deck(7).starting_colours == 4 and game.setup.starting_deck(7).black_cards == 1


def test_scoreworks(shipped_project: Project) -> None:
    game = shipped_project.game("scoreworks")
    assert isinstance(game, ScoreworksDefinition) and game.expansion_of == "firecrackers"
    assert len(game.scoring_cards) == 16 and len({c.key for c in game.scoring_cards}) == 16
    assert game.card("shifted").replaces_default and not game.card("bonus_color").replaces_default
    assert [r.key for r in game.core_rules] == ["last_alive_destroy", "must_buy"]


def edit(project: Path, file: str, old: str, new: str) -> None:
    path = project / "card_defs" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_all_problems_of_all_files_reported_at_once(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "    colour: \"#d62828\"", "    color: \"#d62828\"")
    edit(project_copy, "sequence.yaml", "sequence_length: 5", "sequence_length: 0")
    edit(project_copy, "firecrackers.yaml", "action: garbage}", "action: garbag}")
    with pytest.raises(DefinitionErrors) as info:
        load_project(project_copy, GAMES)
    messages = [str(p) for p in info.value.problems]
    assert len(messages) >= 3
    assert any("hanabi.yaml" in m and "did you mean 'colour'?" in m for m in messages)
    assert any("sequence.yaml" in m and "sequence_length must be at least 2" in m for m in messages)
    assert any("firecrackers.yaml" in m and "unknown action 'garbag' (did you mean 'garbage'?)" in m for m in messages)


def test_an_action_that_fails_to_read_is_reported_once(project_copy: Path) -> None:
    """The packs and cards naming an action whose entry has a mistake are not "unknown action"."""
    edit(project_copy, "firecrackers.yaml", "effect: \"Worth {coins} coins when buying.\"\n    coins: 2",
         "effect: \"Worth {coins} coins when buying.\"\n    coins: 1000000000000")
    with pytest.raises(DefinitionErrors) as info:
        load_project(project_copy, GAMES)
    messages = [str(p) for p in info.value.problems]
    assert len(messages) == 1 and "coins must be at most 1000, not 1000000000000" in messages[0], messages


def test_duplicate_game_ids_across_files(project_copy: Path) -> None:
    text = (project_copy / "card_defs" / "hanabi.yaml").read_text()
    (project_copy / "card_defs" / "hanabi2.yaml").write_text(text)
    with pytest.raises(DefinitionErrors) as info:
        load_project(project_copy, GAMES)
    assert "game id 'hanabi' is already used" in str(info.value)
