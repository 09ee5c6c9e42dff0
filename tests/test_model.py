"""Unit tests of the pure model: options, source locations, colours and each game's derived data."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.games.firecrackers.model import FirecrackersDefinition
from generator.games.hanabi.model import HanabiDefinition
from generator.games.sequence.model import SequenceDefinition
from generator.model import (
    Colour,
    GameInfo,
    OptionError,
    Project,
    RuleOption,
    RuleOptions,
    SourceLoc,
)

OPTIONS = RuleOptions(
    (
        RuleOption("empty_clues", True, "a clue may touch no card"),
        RuleOption("strikeout", "zero", "score on strikeout", choices=("zero", "keep")),
        RuleOption("threshold", 10, "explosion threshold", minimum=2, maximum=40),
        RuleOption("ratio", 0.5, "a number"),
    )
)


def test_option_defaults_and_overrides() -> None:
    assert OPTIONS.defaults() == {"empty_clues": True, "strikeout": "zero", "threshold": 10, "ratio": 0.5}
    assert OPTIONS.resolve({"strikeout": "keep", "ratio": 1})["ratio"] == 1.0
    assert OPTIONS.parse_assignments(["empty_clues=no", "threshold=12", "strikeout=keep"]) == {
        "empty_clues": False,
        "threshold": 12,
        "strikeout": "keep",
    }


@pytest.mark.parametrize(
    "assignment",
    ["nope=1", "strikeout=half", "threshold=1", "threshold=41", "threshold=ten", "empty_clues=maybe", "=3", "threshold"],
)
def test_bad_option_assignments_say_why(assignment: str) -> None:
    with pytest.raises(OptionError) as info:
        OPTIONS.parse_assignments([assignment])
    assert str(info.value)


def test_resolve_checks_types() -> None:
    with pytest.raises(OptionError):
        OPTIONS.resolve({"threshold": "12"})
    with pytest.raises(OptionError):
        OPTIONS.resolve({"empty_clues": 1})


def test_source_loc_and_colour() -> None:
    loc = SourceLoc("card_defs/x.yaml", 3, 5)
    assert str(loc) == "card_defs/x.yaml:3:5"
    assert loc.shifted(4) == SourceLoc("card_defs/x.yaml", 3, 9)
    assert Colour("#ff8000").rgb == pytest.approx((1.0, 128 / 255, 0.0))


def test_hanabi_cards_and_scores(shipped_project: Project) -> None:
    game = shipped_project.game("hanabi")
    assert isinstance(game, HanabiDefinition)
    cards = game.cards()
    assert len(cards) == 50 and len({c.id for c in cards}) == 50
    assert [c.id for c in cards[:4]] == ["red-1-1", "red-1-2", "red-1-3", "red-2-1"]
    assert game.perfect_score == 25 and game.hand_size(4) == 4
    variant = shipped_project.game("hanabi-multicolor")
    assert isinstance(variant, HanabiDefinition)
    assert len(variant.cards()) == 60 and variant.perfect_score == 30
    assert variant.info.variant_of == "hanabi"


def test_sequence_teams_and_wins(shipped_project: Project) -> None:
    game = shipped_project.game("sequence")
    assert isinstance(game, SequenceDefinition)
    assert [game.teams_for(p) for p in (2, 3, 4, 6, 8, 9, 10, 12)] == [2, 3, 2, 2, 2, 3, 2, 2]
    assert game.to_win(2) == 2 and game.to_win(3) == 1
    cards = game.cards()
    assert len(cards) == 104 and cards[0].id == "2S-1" and cards[-1].id == "AC-2"
    assert game.jack_kind("JD") is not None and game.jack_kind("QS") is None


def test_firecrackers_prices_and_setup(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    assert game.price.cost(5, game.action("treasure")) == 4
    assert game.price.cost(1, None) == 1
    assert game.price.cost(3, game.action("garbage")) == 1  # 2 - 1
    assert game.setup.colours_for(2) == ("red", "yellow", "green", "blue")
    assert len(game.setup.colours_for(10)) == 10
    assert len(game.cards()) == 120
    assert len(game.cards(4)) == 20 + 4 * 10
    assert game.coins("treasure") == 2 and game.coins(None) == 1


@given(st.sets(st.integers(1, 30), min_size=1))
def test_player_counts_read_back_as_the_counts_they_name(counts: set[int]) -> None:
    info = GameInfo("g", "g", "G", "none", "", tuple(sorted(counts)), "poker", RuleOptions(()))
    named: set[int] = set()
    for part in info.players_text.split(", "):
        low, _, high = part.partition("-")
        named |= set(range(int(low), int(high or low) + 1))
    assert named == counts
    assert info.players_text.count(", ") == sum(1 for c in counts if c - 1 not in counts) - 1
