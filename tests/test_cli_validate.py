"""``cardforge validate``: exit codes, text and JSON output, game ids and files as arguments."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli


def run(*args: str):  # type: ignore[no-untyped-def]
    return CliRunner().invoke(cli, list(args))


def edit(project: Path, file: str, old: str, new: str) -> None:
    path = project / "card_defs" / file
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


MULTICOLOR_NOTE = "note: 6 suits; the rulebook's deck has 5 (a variant of hanabi) [hanabi.rulebook/suit-count]"
"""The one finding of the shipped project: the multicolour variant differs from the rulebook."""


def test_shipped_games_validate_clean() -> None:
    result = run("validate")
    assert result.exit_code == 0, result.output
    note, summary = result.output.splitlines()
    assert note.startswith("card_defs/hanabi.yaml:") and note.endswith(MULTICOLOR_NOTE)
    assert summary.startswith("ok: 5 games checked") and summary.endswith(", 1 note")


def test_json_of_a_clean_project_holds_only_the_variant_note() -> None:
    result = run("validate", "--json")
    assert result.exit_code == 0
    (note,) = json.loads(result.output)
    assert (note["severity"], note["code"], note["game"]) == ("note", "suit-count", "hanabi-multicolor")


def test_blue_five_removed(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "    symbol: drop\n", "    symbol: drop\n    ranks: {1: 3, 2: 2, 3: 2, 4: 2}\n")
    result = run("validate", "hanabi", "--project", str(project_copy))
    assert result.exit_code == 1
    first = result.output.splitlines()[0]
    path, line, column, rest = first.split(":", 3)
    assert path.endswith("card_defs/hanabi.yaml") and int(line) == 36 and int(column) == 5
    assert "blue" in rest and "[hanabi.suit-shape/rank-missing]" in rest


def test_json_findings_have_every_field(project_copy: Path) -> None:
    edit(project_copy, "sequence.yaml", "  - 6C 5C 4C 3C 2C AH KH QH TH TS", "  - 6C 5C 4C 3C 2C AH KH QH TH TH")
    result = run("validate", "sequence", "--json", "--project", str(project_copy))
    assert result.exit_code == 1
    findings = json.loads(result.output)
    assert {f["code"] for f in findings} == {"card-extra", "card-missing"}
    for finding in findings:
        assert set(finding) >= {"rule", "code", "severity", "message", "file", "line", "column"}
        assert finding["file"].endswith("sequence.yaml") and finding["line"] > 0


def test_warnings_alone_exit_zero(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "note: 8", "note: 7")
    result = run("validate", "--project", str(project_copy))
    assert result.exit_code == 0
    assert "warning: 7 note tokens" in result.output


def test_only_the_named_games_are_checked(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "    symbol: drop\n", "    symbol: drop\n    ranks: {1: 3}\n")
    assert run("validate", "sequence", "--project", str(project_copy)).exit_code == 0
    assert run("validate", "hanabi", "--project", str(project_copy)).exit_code == 1


def test_definition_errors_are_reported_all_at_once(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "note: 8", "note: eight")
    edit(project_copy, "sequence.yaml", "decks: 2", "deks: 2")
    result = run("validate", "--project", str(project_copy))
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert any("hanabi.yaml" in line for line in lines) and any("sequence.yaml" in line for line in lines)
    assert "Traceback" not in result.output


def test_a_named_game_whose_file_is_broken_shows_why(project_copy: Path) -> None:
    """The game cannot be loaded, so it is not in the project: its file's problems are the answer,
    not a usage error saying the game does not exist."""
    edit(project_copy, "sequence.yaml", "decks: 2", "deks: 2")
    result = run("validate", "sequence", "--project", str(project_copy))
    assert result.exit_code == 1
    assert "sequence.yaml:" in result.output and "no game 'sequence'" not in result.output


def test_definition_errors_in_json(project_copy: Path) -> None:
    edit(project_copy, "hanabi.yaml", "note: 8", "note: eight")
    result = run("validate", "--json", "--project", str(project_copy))
    assert result.exit_code == 1
    (problem,) = json.loads(result.output)
    assert problem["rule"] == "loader" and problem["severity"] == "error" and problem["line"] == 46


def test_a_file_argument(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.yaml").write_text("game: hanabi\nid: mine\n")
    result = run("validate", "mine.yaml")
    assert result.exit_code == 1
    assert result.output.startswith("mine.yaml:")


@pytest.mark.parametrize("args", [("validate", "nope"), ("validate", "missing.yaml")])
def test_usage_errors_exit_two(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2


def test_a_card_list_argument_validates_the_deck_that_names_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert run("init", str(tmp_path / "proj"), "--example", "custom").exit_code == 0
    monkeypatch.chdir(tmp_path / "proj")
    result = run("validate", "card_defs/orchard.csv")
    assert result.exit_code == 0 and "ok: 1 game checked (orchard)" in result.output, result.output
    cards = tmp_path / "proj" / "card_defs" / "orchard.csv"
    cards.write_text(cards.read_text().replace("apple-3,1,orchard,apple,Apfel,3", "apple-3,1,orchard,appel,Apfel,3"))
    result = run("validate", "card_defs/orchard.csv")
    assert result.exit_code == 1 and "not valid YAML" not in result.output
    assert result.output.startswith("card_defs/orchard.csv:4:19: fruit 'appel' of card 'apple-3'")
    (tmp_path / "proj" / "card_defs" / "sky.csv").write_text("id,fruit\nsky-1,apple\n")
    result = run("validate", "card_defs/sky.csv")
    assert result.exit_code == 2
    assert "card_defs/sky.csv is a card list, and no definition of the project names it under cards:" in result.output
