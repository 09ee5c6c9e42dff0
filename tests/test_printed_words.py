"""Printed words agree with the rules: the shipped cards print their values from the definition,
and free text that states another number, or may where the rulebook says must, is reported at
the text; a deck that narrows the rulebook's player counts or recolours a suit gets a finding at
the value to edit. Each test plants the mistake a fidelity trial found in a copy of the shipped
definitions and runs the real command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli
from generator.games.firecrackers import rulebook
from generator.games.firecrackers.sim.scoreworks import RULES
from generator.validate.wording import compare, modals, numbers


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    assert CliRunner().invoke(cli, ["init", str(root)]).exit_code == 0
    return root


def edit(path: Path, old: str, new: str) -> int:
    """Replace ``old`` (once) and return the line it is on."""
    text = path.read_text()
    assert text.count(old) == 1, old
    path.write_text(text.replace(old, new))
    return text[:text.index(old)].count("\n") + 1


def findings(project: Path, *names: str) -> list[str]:
    result = CliRunner().invoke(cli, ["validate", *names, "--project", str(project)])
    return [line for line in result.output.splitlines() if "[" in line and not line.startswith(" ")]


def at(lines: list[str], code: str) -> list[str]:
    return [line for line in lines if line.endswith(f"/{code}]")]


def test_the_shipped_cards_print_their_values_from_the_definition() -> None:
    text = (Path(__file__).parent.parent / "card_defs" / "firecrackers.yaml").read_text()
    assert 'effect: "Worth {coins} coins when buying."' in text and "Worth {points} points at the end." in text
    assert '"+{bonus} for each colour' in (Path(__file__).parent.parent / "card_defs" / "scoreworks.yaml").read_text()


def test_a_card_worth_2_coins_printed_worth_3_is_an_error_at_its_text(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, 'effect: "Worth {coins} coins when buying."', 'effect: "Worth 3 coins when buying."')
    (found,) = at(findings(project, "firecrackers"), "value-mismatch")
    assert f"firecrackers.yaml:{line}:" in found and ": error:" in found and "says 3 where the game plays 2" in found
    assert "[firecrackers.printed-values/value-mismatch]" in found


def test_free_text_that_agrees_with_the_value_is_no_finding(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    edit(definition, 'effect: "Worth {coins} coins when buying."', 'effect: "Worth two coins when buying."')
    assert not at(findings(project, "firecrackers"), "value-mismatch")


def test_an_effect_whose_number_differs_from_the_rulebook_is_a_warning(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, '"You may reveal up to 3 cards this turn."', '"You may reveal up to 4 cards this turn."')
    (found,) = at(findings(project, "firecrackers"), "number")
    assert f"firecrackers.yaml:{line}:" in found and ": warning:" in found and "says 4" in found


def test_a_scoreworks_rule_printed_plus_3_where_the_scoring_gives_plus_5(project: Path) -> None:
    definition = project / "card_defs" / "scoreworks.yaml"
    line = edit(definition, '"+{bonus} for each colour in which', '"+3 for each colour in which')
    (found,) = at(findings(project, "scoreworks"), "value-mismatch")
    assert f"scoreworks.yaml:{line}:" in found and ": error:" in found and "says 3 where the game plays 5" in found


def test_a_core_rule_printed_may_where_the_rulebook_says_must(project: Path) -> None:
    definition = project / "card_defs" / "scoreworks.yaml"
    line = edit(definition, "text: If you can buy something, you must.", "text: If you can buy something, you may.")
    (found,) = at(findings(project, "scoreworks"), "modal")
    assert f"scoreworks.yaml:{line}:" in found and "'may' where the rulebook says 'must'" in found


def test_the_scoring_plays_the_numbers_its_cards_print() -> None:
    """The engine's Scoreworks rules take their numbers from the table the printed rules fill."""
    assert set(rulebook.SCOREWORKS_VALUES) <= set(RULES) and set(rulebook.SCOREWORKS_WORDS) == set(RULES)


def test_numbers_and_modals_are_read_as_people_write_them() -> None:
    assert numbers("Worth -1 coin; scores double its number, up to 3 cards, half your coins") == {
        -1: 1, 2: 1, 3: 1, 0.5: 1}
    assert modals("You may destroy; they must reveal") == {"may", "must"}
    assert [d.kind for d in compare("Worth {coins} coins.", "Worth {coins} coins.", {"coins": 2}, {})] == []
    assert [d.kind for d in compare("Worth 2 coins.", "Worth {coins} coins.", {"coins": 2}, {})] == []
    assert [d.kind for d in compare("Worth 1 coin.", "Worth {coins} coins.", {"coins": 2}, {})] == ["value"]


def test_narrowing_firecrackers_players_is_reported_at_players(project: Path) -> None:
    definition = project / "card_defs" / "firecrackers.yaml"
    line = edit(definition, "players: {min: 2, max: 10}", "players: {min: 3, max: 6}")
    found = [f for f in findings(project, "firecrackers") if "firecrackers.setup/players]" in f]
    assert len(found) == 1 and f"firecrackers.yaml:{line}:10:" in found[0] and ": warning:" in found[0]
    assert "leaves out 2, 7, 8, 9, 10 players" in found[0]


def test_hanabi_without_two_players_is_a_warning_at_players(project: Path) -> None:
    definition = project / "card_defs" / "hanabi.yaml"
    line = edit(definition, "players: [2, 3, 4, 5]", "players: [3, 4, 5]")
    (found,) = at(findings(project, "hanabi"), "players-narrowed")
    assert f"hanabi.yaml:{line}:10:" in found and ": warning:" in found and "leaves out 2 players" in found


def test_sequence_with_two_teams_at_most_is_a_note_the_rulebook_allows(project: Path) -> None:
    definition = project / "card_defs" / "sequence.yaml"
    text = definition.read_text()
    old = next(line for line in text.splitlines() if line.startswith("players:"))
    line = edit(definition, old, "players: [2, 4, 6, 8, 10, 12]")
    (found,) = at(findings(project, "sequence"), "players-narrowed")
    assert f"sequence.yaml:{line}:" in found and ": note:" in found and "2 players or 2 teams" in found
    edit(definition, "players: [2, 4, 6, 8, 10, 12]", "players: [2, 3, 4]")
    (found,) = at(findings(project, "sequence"), "players-narrowed")
    assert ": warning:" in found


def test_a_recoloured_suit_is_a_warning_at_the_suit(project: Path) -> None:
    definition = project / "card_defs" / "hanabi.yaml"
    edit(definition, 'colour: "#d62828"\n    symbol: heart', 'colour: "#1d5fbf"\n    symbol: heart')
    (found,) = at(findings(project, "hanabi"), "suit-colour")
    assert "suit 'red' is printed #1d5fbf, which reads as blue" in found and ": warning:" in found
    edit(definition, "  - key: white\n    name: White", "  - key: purple\n    name: Purple")
    replaced = [f for f in at(findings(project, "hanabi"), "suit-colour") if "takes the place" in f]
    assert len(replaced) == 1 and "white" in replaced[0]


def test_setup_and_scoreworks_findings_point_at_their_value(project: Path) -> None:
    scoreworks = project / "card_defs" / "scoreworks.yaml"
    text = scoreworks.read_text()
    start = text.index("  - key: black_magic")
    end = text.index("\n\n", start)
    scoreworks.write_text(text[:start] + text[end + 1:])
    cards_line = next(n for n, line in enumerate(scoreworks.read_text().splitlines(), 1) if line == "cards:")
    (found,) = at(findings(project, "scoreworks"), "card-count")
    assert f"scoreworks.yaml:{cards_line + 1}:" in found  # the list of cards, not the file's first line
