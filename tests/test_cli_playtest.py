"""The designer's playtest loop through the command line: what-ifs on the deck (``--set PATH=V``),
the deck each run records, ``compare`` with significance, and sweeps that resume (``--results``)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from generator.cli import table as table_module
from generator.cli.main import cli

pytestmark = pytest.mark.e2e


def invoke(*args: str) -> Any:
    return CliRunner().invoke(cli, list(args))


def as_json(result: Any) -> Any:
    assert result.exit_code == 0, result.output + result.stderr
    return json.loads(result.stdout)


def _without_time(data: Any) -> Any:
    """A summary (or a list of them) without the wall-clock figures."""
    if isinstance(data, list):
        return [_without_time(d) for d in data]
    return {k: v for k, v in data.items() if k != "elapsed_s"}


# --------------------------------------------------------------------------- what-ifs


def test_simulate_records_the_deck_it_played(project_copy: Path) -> None:
    plain = as_json(invoke("simulate", "hanabi", "-n", "2", "-k", "6", "-w", "1", "--bot", "smart", "--json", "--project", str(project_copy)))
    deck = plain["deck"]
    assert deck["project"] == str(project_copy.resolve()) and deck["changes"] == {}
    assert deck["files"][-1].endswith("hanabi.yaml") and len(deck["sha256"]) == 64
    changed = as_json(invoke("simulate", "hanabi", "-n", "2", "-k", "6", "-w", "1", "--bot", "smart", "--json",
                             "--project", str(project_copy), "--set", "tokens.note=6", "--set", "strikeout=keep"))
    assert changed["deck"]["changes"] == {"tokens.note": 6} and changed["deck"]["sha256"] == deck["sha256"]
    assert changed["rules"]["strikeout"] == "keep"
    text = invoke("simulate", "hanabi", "-n", "2", "-k", "3", "-w", "1", "--bot", "smart", "--project", str(project_copy),
                  "--set", "tokens.note=6")
    assert text.exit_code == 0, text.stderr
    assert f"definitions {deck['sha256'][:12]}, tokens.note=6" in text.stdout.splitlines()[1]
    (project_copy / "card_defs" / "hanabi.yaml").write_text(
        (project_copy / "card_defs" / "hanabi.yaml").read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    edited = as_json(invoke("simulate", "hanabi", "-n", "2", "-k", "6", "-w", "1", "--bot", "smart", "--json", "--project", str(project_copy)))
    assert edited["deck"]["sha256"] != deck["sha256"]  # other files, another hash; the same games
    assert {k: v for k, v in _without_time(edited).items() if k != "deck"} == \
        {k: v for k, v in _without_time(plain).items() if k != "deck"}


def test_a_deck_value_changes_the_games_and_its_own_value_does_not() -> None:
    base = as_json(invoke("simulate", "firecrackers", "-n", "3", "-k", "12", "-w", "1", "--json"))
    same = as_json(invoke("simulate", "firecrackers", "-n", "3", "-k", "12", "-w", "1", "--json",
                          "--set", "actions.treasure.coins=2"))
    rich = as_json(invoke("simulate", "firecrackers", "-n", "3", "-k", "12", "-w", "1", "--json",
                          "--set", "coins=3"))
    strip = ("deck", "elapsed_s", "findings")
    assert {k: v for k, v in same.items() if k not in strip} == {k: v for k, v in base.items() if k not in strip}
    assert rich["mean_turns"] != base["mean_turns"] and rich["deck"]["changes"] == {"coins": 3}


@pytest.mark.parametrize("assignment, message", [
    ("treasure.coins=2,3", "did you mean 'actions.treasure.coins'?"),
    ("explosion_treshold=9", "did you mean 'explosion_threshold'?"),
    ("actions.treasure.coins=two", "takes a whole number, not 'two'"),
    ("actions.treasure.coins", "expected PATH=V1"),
])
def test_wrong_what_ifs_are_usage_errors(assignment: str, message: str) -> None:
    result = invoke("simulate", "firecrackers", "-n", "2", "-k", "2", "-w", "1", "--set", assignment)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.stderr


def test_simulate_plays_one_deck() -> None:
    result = invoke("simulate", "firecrackers", "-k", "2", "--set", "actions.treasure.coins=2,3")
    assert result.exit_code == 2 and "sweep tries several" in result.stderr


@pytest.mark.parametrize("args, message", [
    (("simulate", "--rule", "explosion_threshold=9", "--set", "explosion_threshold=10"),
     "--rule explosion_threshold=... and --set explosion_threshold=...: give the option once"),
    (("sweep", "--rule", "explosion_threshold=9", "--set", "explosion_threshold=9,11"),
     "--rule explosion_threshold=... and --set explosion_threshold=...: give the option once"),
    (("sweep", "--set", "explosion_threshold=9,9"), "--set explosion_threshold: 9 is given twice"),
    (("sweep", "--set", "explosion_threshold=8..10,9"), "--set explosion_threshold: 9 is given twice"),
    (("sweep", "--set", "actions.treasure.coins=1,2,1"), "--set actions.treasure.coins: 1 is given twice"),
    (("sweep", "--set", "players=2,3,2"), "--set players: 2 is given twice"),
])
def test_a_set_that_would_be_lost_or_played_twice_is_a_usage_error(args: tuple[str, ...], message: str) -> None:
    result = invoke(args[0], "firecrackers", *args[1:], "-k", "2", "-w", "1")
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.stderr


def test_compare_plays_bs_set_against_as_rule() -> None:
    data = as_json(invoke("compare", "firecrackers", ".", ".", "-k", "6", "-w", "1", "--json",
                          "--rule", "explosion_threshold=9", "--set", "explosion_threshold=11"))
    assert (data["a"]["rules"]["explosion_threshold"], data["b"]["rules"]["explosion_threshold"]) == (9, 11)


def test_a_value_the_loader_refuses_is_one_error() -> None:
    result = invoke("simulate", "firecrackers", "-k", "2", "-w", "1", "--set", "actions.treasure.coins=1000000000000")
    assert result.exit_code == 1, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 2 and "coins must be at most 1000" in lines[0] and "unknown action" not in result.stderr
    assert "(the value given by --set actions.treasure.coins=1000000000000)" in lines[0]


def test_a_changed_deck_that_breaks_the_rules_is_refused() -> None:
    loader = invoke("simulate", "hanabi", "-k", "2", "-w", "1", "--set", "hand_size.3=0")
    assert loader.exit_code == 1
    assert "hanabi.yaml:" in loader.stderr and "(the value given by --set hand_size.3=0)" in loader.stderr
    assert "the deck changed by --set hand_size.3=0 is not a valid definition" in loader.stderr
    rules = invoke("simulate", "hanabi", "-k", "2", "-w", "1", "--set", "suits.1.symbol=heart")
    assert rules.exit_code == 1, rules.output
    assert "the deck changed by --set suits.1.symbol=heart: the definitions break the rules" in rules.stderr
    assert "Traceback" not in loader.stderr + rules.stderr


def test_sweep_over_deck_values_and_rule_options() -> None:
    rows = as_json(invoke("sweep", "firecrackers", "-n", "2", "-k", "6", "-w", "2", "--json",
                          "--set", "actions.treasure.coins=1,3", "--set", "explosion_threshold=9,11"))["rows"]
    assert [row["set"] for row in rows] == [
        {"actions.treasure.coins": 1, "explosion_threshold": 9}, {"actions.treasure.coins": 1, "explosion_threshold": 11},
        {"actions.treasure.coins": 3, "explosion_threshold": 9}, {"actions.treasure.coins": 3, "explosion_threshold": 11}]
    assert [row["deck"]["changes"] for row in rows[::2]] == [{"actions.treasure.coins": 1}, {"actions.treasure.coins": 3}]
    assert [row["rules"]["explosion_threshold"] for row in rows] == [9, 11, 9, 11]
    one = as_json(invoke("simulate", "firecrackers", "-n", "2", "-k", "6", "-w", "1", "--json",
                         "--set", "actions.treasure.coins=3", "--rule", "explosion_threshold=11"))
    row = {k: v for k, v in rows[3].items() if k not in ("set", "elapsed_s", "findings")}
    assert row == {k: v for k, v in one.items() if k not in ("elapsed_s", "findings")}  # same games on one process


def test_sweep_over_table_sizes_plays_each_size_as_simulate_does(tmp_path: Path) -> None:
    rows = as_json(invoke("sweep", "firecrackers", "-k", "6", "-w", "2", "--json",
                          "--set", "players=2..4", "--set", "explosion_threshold=9,11"))["rows"]
    assert [(row["set"]["players"], row["players"]) for row in rows] == [(2, 2), (2, 2), (3, 3), (3, 3), (4, 4), (4, 4)]
    assert [len(row["seat_win_rate"]) for row in rows] == [2, 2, 3, 3, 4, 4]
    one = as_json(invoke("simulate", "firecrackers", "-n", "3", "-k", "6", "-w", "1", "--json",
                         "--rule", "explosion_threshold=11"))
    row = {k: v for k, v in rows[3].items() if k not in ("set", "elapsed_s", "findings")}
    assert row == {k: v for k, v in one.items() if k not in ("elapsed_s", "findings")}
    report = tmp_path / "sizes.html"
    text = invoke("sweep", "firecrackers", "-k", "6", "-w", "1", "--set", "players=2,4", "--report", str(report))
    assert text.exit_code == 0, text.stderr
    assert "firecrackers: 2, 4 players" in text.stdout and "pyro:0.3 at every seat" in text.stdout
    two_seats = next(line for line in text.stdout.splitlines() if line.lstrip().startswith("2 "))
    assert two_seats.count(" - ") >= 1  # the seats a two-player table does not have
    assert "seat win rate goes" not in text.stdout  # seats of tables of different sizes are not compared
    page = report.read_text(encoding="utf-8")
    assert "<tr><td>players</td><td>2, 4</td>" in page
    assert "Win rate per seat against" not in page  # seat k of a 2- and of a 4-player table are not one seat
    assert "First seat&#x27;s edge against players" in page


@pytest.mark.parametrize("args, message", [
    (("sweep", "firecrackers", "--set", "players=1,3"), "played by 2, 3, 4, 5, 6, 7, 8, 9, 10 players, not 1"),
    (("sweep", "firecrackers", "-n", "3", "--set", "players=2,3"), "give the number of players once"),
    (("sweep", "firecrackers", "--set", "players=two"), "players takes a whole number, not 'two'"),
    (("compare", "firecrackers", ".", ".", "--set", "players=3"), "give --players"),
    (("sweep", "firecrackers", "--set", "players=2,3", "--bot", "pyro:0.3", "--bot", "random"), "2 bots given for 3 players"),
])
def test_wrong_table_sizes_are_usage_errors(args: tuple[str, ...], message: str) -> None:
    result = invoke(*args, "-k", "2", "-w", "1")
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.stderr


def test_a_value_of_the_expansion_in_play_is_set_by_its_path_after_the_expansion_id() -> None:
    table = ("simulate", "firecrackers", "-n", "3", "-k", "12", "-w", "1", "--json", "--expansion", "scoreworks",
             "--setting", "scoreworks=bonus_color")
    base = as_json(invoke(*table))
    same = as_json(invoke(*table, "--set", "scoreworks.cards.2.replaces_default=false"))
    replaced = as_json(invoke(*table, "--set", "scoreworks.cards.2.replaces_default=true"))
    strip = ("deck", "elapsed_s", "findings")
    assert {k: v for k, v in same.items() if k not in strip} == {k: v for k, v in base.items() if k not in strip}
    assert replaced["mean_score"] < base["mean_score"] / 2  # +5 per colour led instead of every card's number
    assert replaced["deck"]["changes"] == {"scoreworks.cards.2.replaces_default": True}
    assert replaced["deck"]["files"] == ["card_defs/firecrackers.yaml", "card_defs/scoreworks.yaml"]
    wrong = invoke(*table, "--set", "scoreworks.cards.2.replace_default=true")
    assert wrong.exit_code == 2 and "did you mean 'scoreworks.cards.2.replaces_default'?" in wrong.stderr
    without = invoke("simulate", "firecrackers", "-n", "3", "-k", "2", "--set", "scoreworks.cards.2.replaces_default=true")
    assert without.exit_code == 2 and "card_defs/scoreworks.yaml" not in without.stderr  # not in play


def test_sweep_resumes_from_its_results_folder(tmp_path: Path) -> None:
    folder = tmp_path / "cells"
    args = ["sweep", "hanabi", "-n", "2", "-k", "8", "-w", "1", "--bot", "smart", "--json", "--set", "tokens.note=6..8", "--results", str(folder)]
    first = as_json(invoke(*args))
    files = sorted(folder.glob("hanabi-*.json.gz"))
    assert len(files) == 3
    files[1].unlink()  # as if the sweep had been interrupted before its second cell
    files[2].write_bytes(b"not gzip at all")  # and a broken file
    again = invoke(*args)
    assert again.exit_code == 0, again.stderr
    assert "playing that cell again" in again.stderr
    resumed = json.loads(again.stdout)
    assert _without_time(resumed["rows"]) == _without_time(first["rows"]) and resumed["findings"] == first["findings"]
    assert len(sorted(folder.glob("hanabi-*.json.gz"))) == 3
    text_args = [a for a in args if a != "--json"]
    text = invoke(*text_args)
    assert "3 of 3 combinations read back" in text.stdout


@pytest.mark.parametrize("finished", [0, 1])
def test_an_interrupted_run_names_its_results_folder_only_when_a_cell_is_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, finished: int) -> None:
    real = table_module.run_cells

    def interrupted(cells: Any, *, on_result: Any, **options: Any) -> Any:
        for number in range(finished):
            on_result(number, real(cells[number:number + 1], workers=1)[0])
        raise KeyboardInterrupt

    monkeypatch.setattr(table_module, "run_cells", interrupted)
    folder = tmp_path / "cc2"
    result = invoke("compare", "firecrackers", ".", ".", "-k", "2", "--set", "coins=2", "--results", str(folder))
    assert result.exit_code == 130, result.output
    if finished:
        assert result.stderr.strip() == f"interrupted (finished cells are in {folder})"
    else:
        assert result.stderr.strip() == "interrupted" and not folder.exists()


# --------------------------------------------------------------------------- compare


def test_compare_a_deck_with_itself_finds_nothing(project_copy: Path) -> None:
    data = as_json(invoke("compare", "firecrackers", str(project_copy), str(project_copy), "-n", "3", "-k", "20",
                          "-w", "2", "--json"))
    assert data["correction"] == "Holm-Bonferroni" and data["significant"] == 0
    figures = {f["figure"]: f for f in data["figures"]}
    for name in ("mean score", "seat 0 win rate", "game length (turns)", "explosions per game"):
        assert figures[name]["difference"] == 0 and figures[name]["significant"] is False
        assert set(figures[name]) >= {"a", "b", "difference", "interval", "significant", "p_adjusted"}
    assert any(name.endswith("buy rate") for name in figures) and any(name.endswith("buyers' win share") for name in figures)
    assert data["a"]["deck"]["sha256"] == data["b"]["deck"]["sha256"]


def test_compare_finds_a_planted_difference(project_copy: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(project_copy, other)
    definition = other / "card_defs" / "firecrackers.yaml"
    text = definition.read_text(encoding="utf-8")
    assert "\ncoins: 1 " in text
    definition.write_text(text.replace("\ncoins: 1 ", "\ncoins: 3 "), encoding="utf-8")  # every plain card worth 3
    report = tmp_path / "compare.html"
    result = invoke("compare", "firecrackers", str(project_copy), str(other), "-n", "3", "-k", "60", "-w", "2",
                    "--report", str(report))
    assert result.exit_code == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("compare firecrackers: 3 players, 60 games each, seed 1 (the same seeds for A and B)")
    assert lines[1].startswith("A: ") and lines[2].startswith("B: ") and "Holm-Bonferroni" in lines[3]
    differs = lines[lines.index("what differs:") + 1:]
    assert differs[0].startswith("  - ") and "no figure differs" not in differs[0]
    assert any("game length (turns)" in line or "rounds per game" in line for line in differs[:12])
    page = report.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "What differs" in page and "<svg" in page
    assert page.index("What differs") < page.index("Decks")
    data = as_json(invoke("compare", "firecrackers", str(project_copy), str(other), "-n", "3", "-k", "60",
                          "-w", "1", "--json"))
    length = next(f for f in data["figures"] if f["figure"] == "game length (turns)")
    assert length["significant"] is True and length["difference"] < 0 and length["interval"][1] < 0


def test_compare_with_a_what_if_on_b() -> None:
    data = as_json(invoke("compare", "firecrackers", ".", ".", "-n", "3", "-k", "10", "-w", "1", "--json",
                          "--set", "coins=3"))
    assert data["a"]["deck"]["changes"] == {} and data["b"]["deck"]["changes"] == {"coins": 3}


def test_compare_usage() -> None:
    result = invoke("compare", "hanabi", ".")
    assert result.exit_code == 2 and "give two project folders" in result.stderr
    option = invoke("compare", "hanabi", ".", "--against=--output=/tmp/x")  # never passed on to git
    assert option.exit_code == 2 and "is not a revision" in option.stderr


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_compare_against_a_git_revision(project_copy: Path) -> None:
    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(project_copy), *args], check=True, capture_output=True)

    git("init", "-q")
    git("add", "card_defs", "layouts")
    git("-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-q", "-m", "deck")
    definition = project_copy / "card_defs" / "hanabi.yaml"
    definition.write_text(definition.read_text(encoding="utf-8").replace("note: 8", "note: 4"), encoding="utf-8")
    data = as_json(invoke("compare", "hanabi", str(project_copy), "--against", "HEAD", "-n", "2", "-k", "30",
                          "-w", "1", "--bot", "smart", "--json"))
    assert data["a"]["deck"]["project"].endswith(" at HEAD")
    assert data["a"]["deck"]["sha256"] != data["b"]["deck"]["sha256"]
    assert data["significant"] >= 1  # four note tokens instead of eight
    bad = invoke("compare", "hanabi", str(project_copy), "--against", "no-such-revision", "-k", "2")
    assert bad.exit_code == 1 and "--against: git" in bad.stderr
