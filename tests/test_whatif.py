"""What-ifs on a deck: values addressed by their path in the YAML, changed before the game's loader
reads the file; wrong paths get the nearest correct one; a changed deck is read and checked as a
written one would be."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from generator.loader import DefinitionErrors, load_project
from generator.loader.whatif import (
    WhatIfError,
    apply_changes,
    check_path,
    deck_values,
    digest,
    nearest_path,
    read_deck_values,
    source_file,
)
from generator.loader.yamlnodes import compose_text
from generator.files.paths import shipped_root
from generator.app.catalog import GAMES

ROOT = shipped_root()
FILES = {game: ROOT / "card_defs" / f"{game}.yaml" for game in ("hanabi", "sequence", "firecrackers")}
VALUES = {game: read_deck_values(file) for game, file in FILES.items()}


def _load(game: str, changes: dict[str, object]) -> object:
    project = load_project(ROOT, GAMES, layouts=False, only=[game], changes={FILES[game].resolve(): changes})
    return project.game(game)


def test_paths_and_kinds_come_from_the_file() -> None:
    fc, hanabi, sequence = VALUES["firecrackers"], VALUES["hanabi"], VALUES["sequence"]
    assert fc["actions.treasure.coins"].kind is int and fc["actions.treasure.coins"].value == 2
    assert fc["price.base.3"].value == 2 and fc["coins"].value == 1
    assert fc["options.short_game.default"].kind is bool
    assert fc["packs.red.cards.2.action"].value == "destroy_discard"
    assert hanabi["ranks.5"].value == 1 and hanabi["hand_size.3"].value == 5 and hanabi["tokens.note"].value == 8
    assert hanabi["suits.1.key"].value == "yellow" and hanabi["suits.1.key"].kind is str
    assert sequence["hand_size.3"].value == 6 and sequence["sequence_length"].value == 5
    loc = fc["actions.treasure.coins"].loc
    line = FILES["firecrackers"].read_text(encoding="utf-8").splitlines()[loc.line - 1]
    assert line[loc.column - 1:].startswith("2") and "coins" in line


@pytest.mark.parametrize("wanted, nearest", [
    ("treasure.coins", "actions.treasure.coins"),
    ("actions.tresure.coins", "actions.treasure.coins"),
    ("price.base.9", "price.base."),
    ("actions.treasure", "actions.treasure."),
    ("setup.starting_decks.0.black_card", "setup.starting_decks.0.black_cards"),
])
def test_a_wrong_path_gets_the_nearest_correct_one(wanted: str, nearest: str) -> None:
    known = VALUES["firecrackers"]
    found = nearest_path(wanted, list(known))
    assert found is not None and found in known and found.startswith(nearest)
    with pytest.raises(WhatIfError, match="has no value at") as error:
        check_path(wanted, known, "card_defs/firecrackers.yaml")
    assert f"did you mean '{found}'?" in str(error.value)


def test_a_path_far_from_any_gives_examples() -> None:
    with pytest.raises(WhatIfError, match="paths are keys and list positions joined by dots"):
        check_path("zzzz.qqqq", VALUES["hanabi"], "card_defs/hanabi.yaml")


def test_values_parse_by_kind() -> None:
    coins = VALUES["firecrackers"]["actions.treasure.coins"]
    assert coins.parse("1,3..5") == [1, 3, 4, 5]
    with pytest.raises(WhatIfError, match="takes a whole number"):
        coins.parse("2.5")
    assert VALUES["firecrackers"]["options.short_game.default"].parse("true,no") == [True, False]
    with pytest.raises(WhatIfError, match="true or false"):
        VALUES["firecrackers"]["options.short_game.default"].parse("maybe")
    assert VALUES["hanabi"]["suits.0.colour"].parse("#112233") == ["#112233"]


def test_a_changed_value_reaches_the_definition() -> None:
    fc = _load("firecrackers", {"actions.treasure.coins": 3, "price.base.1": 2})
    treasure = next(a for a in fc.actions if a.key == "treasure")  # type: ignore[attr-defined]
    assert treasure.coins == 3
    hanabi = _load("hanabi", {"ranks.5": 2})
    fives = sum(1 for card in hanabi.cards() if card.rank == 5)  # type: ignore[attr-defined]
    assert fives == 2 * len(hanabi.suits)  # type: ignore[attr-defined]
    sequence = _load("sequence", {"hand_size.2": 8})
    assert sequence.hand_size(2) == 8  # type: ignore[attr-defined]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(["hanabi", "sequence", "firecrackers"]), st.data())
def test_setting_a_value_to_itself_changes_nothing(game: str, data: st.DataObject) -> None:
    """Any value of any shipped file, set to what it already is: the very same definition."""
    path = data.draw(st.sampled_from(sorted(p for p, v in VALUES[game].items() if v.value is not None)))
    unchanged = load_project(ROOT, GAMES, layouts=False, only=[game]).game(game)
    assert _load(game, {path: VALUES[game][path].value}) == unchanged


def test_a_value_an_entry_leaves_out_can_be_added() -> None:
    """``boom_burglar`` writes no action_cost (the price table's default applies); other actions do."""
    absent = VALUES["firecrackers"]["actions.boom_burglar.action_cost"]
    assert absent.value is None and absent.kind is int
    assert "actions.boom_burglar.label" not in [p for p, v in VALUES["firecrackers"].items() if v.value is None]
    fc = _load("firecrackers", {"actions.boom_burglar.action_cost": 3})
    burglar = next(a for a in fc.actions if a.key == "boom_burglar")  # type: ignore[attr-defined]
    unchanged = next(a for a in load_project(ROOT, GAMES, layouts=False, only=["firecrackers"]).game("firecrackers").actions
                     if a.key == "boom_burglar")  # type: ignore[attr-defined]
    assert burglar.action_cost == 3 and unchanged.action_cost != 3
    costs = {c.cost for c in fc.cards(4) if c.action == "boom_burglar"}  # type: ignore[attr-defined]
    assert costs != {c.cost for c in load_project(ROOT, GAMES, layouts=False, only=["firecrackers"]).game("firecrackers").cards(4)
                     if c.action == "boom_burglar"}  # type: ignore[attr-defined]


def test_a_broken_value_is_reported_at_its_place() -> None:
    with pytest.raises(DefinitionErrors) as errors:
        _load("hanabi", {"hand_size.3": 0})
    place = VALUES["hanabi"]["hand_size.3"].loc
    assert any(p.loc == place for p in errors.value.problems), errors.value.report()


def test_changes_copy_only_their_path_not_what_an_alias_shares() -> None:
    text = "a: &shared {x: 1, y: 2}\nb: *shared\nc: [1, 2, 3]\n"
    root = compose_text(text, "t.yaml")
    values = deck_values(root, "t.yaml")
    assert set(values) == {"a.x", "a.y", "b.x", "b.y", "c.0", "c.1", "c.2"}
    changed = apply_changes(root, {"b.x": 9, "c.1": 7}, "t.yaml")
    after = deck_values(changed, "t.yaml")
    assert after["b.x"].value == 9 and after["a.x"].value == 1 and after["c.1"].value == 7
    assert deck_values(root, "t.yaml")["b.x"].value == 1  # the original nodes are left alone
    with pytest.raises(DefinitionErrors, match="takes a whole number"):
        apply_changes(root, {"a.x": "one"}, "t.yaml")
    with pytest.raises(DefinitionErrors, match="did you mean 'a.y'"):
        apply_changes(root, {"a.z": 1}, "t.yaml")


def test_source_file_and_digest(shipped_project: object, tmp_path: Path) -> None:
    hanabi = load_project(ROOT, GAMES, layouts=False, only=["hanabi"]).game("hanabi-multicolor")
    assert source_file(ROOT, hanabi) == FILES["hanabi"]
    first = digest([FILES["hanabi"]])
    assert len(first) == 64 and digest([FILES["hanabi"]]) == first
    copy = tmp_path / "hanabi.yaml"
    copy.write_bytes(FILES["hanabi"].read_bytes() + b"\n# a comment\n")
    assert digest([copy]) != first


def test_yaml_is_composed_not_loaded() -> None:
    """The walk reads composed nodes: a document is never turned into Python objects first."""
    root = compose_text("n: 0x10\nf: 1.5\nb: yes\ns: text\n", "t.yaml")
    values = deck_values(root, "t.yaml")
    assert [values[k].kind for k in "nfbs"] == [int, float, bool, str]
    assert values["n"].value == 16 and values["b"].value is True
    assert isinstance(root, yaml.MappingNode)
