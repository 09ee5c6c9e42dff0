"""The definition commands as a user runs them: list, deck, board, init, and error exits."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.cli.main import cli


def run(*args: str, cwd: Path | None = None):  # type: ignore[no-untyped-def]
    runner = CliRunner()
    if cwd is None:
        return runner.invoke(cli, list(args))
    with runner.isolated_filesystem(temp_dir=cwd):
        return runner.invoke(cli, list(args))


def test_list_shows_games_variants_and_counts() -> None:
    result = run("list")
    assert result.exit_code == 0
    lines = {line.split()[0]: line for line in result.output.splitlines()}
    assert "50 cards" in lines["hanabi"] and "60 cards" in lines["hanabi-multicolor"]
    assert "variant of hanabi" in lines["hanabi-multicolor"]
    assert "104 cards" in lines["sequence"] and "120 cards" in lines["firecrackers"]
    assert "16 cards" in lines["scoreworks"]
    # Sequence is not played by 5, 7 or 11: the list says so instead of "2-12"
    assert "2-4, 6, 8-10, 12 players" in lines["sequence"] and "2-5 players" in lines["hanabi"]


def test_deck_hanabi_json() -> None:
    result = run("deck", "hanabi", "--json")
    assert result.exit_code == 0
    cards = json.loads(result.output)
    assert len(cards) == 50 and cards[0] == {"id": "red-1-1", "suit": "Red", "rank": 1}
    assert len({c["id"] for c in cards}) == 50


def test_deck_sequence_codes() -> None:
    cards = json.loads(run("deck", "sequence", "--json").output)
    assert len(cards) == 104 and {c["code"] for c in cards} >= {"TH", "AS", "2C", "JD"}
    assert all(set(c) == {"id", "code"} for c in cards)


def test_deck_firecrackers_players_and_expansion() -> None:
    four = json.loads(run("deck", "firecrackers", "--json").output)
    assert len(four) == 60 and set(four[0]) == {"id", "pack", "number", "action", "cost"}
    assert {c["pack"] for c in four} == {"red", "yellow", "green", "blue", "black"}
    assert len(json.loads(run("deck", "firecrackers", "--players", "10", "--json").output)) == 120
    every = json.loads(run("deck", "firecrackers", "--all-packs", "--json").output)
    assert len(every) == 120
    plus = json.loads(run("deck", "firecrackers", "--players", "3", "--expansion", "scoreworks", "--json").output)
    assert len(plus) == 50 + 16 and plus[-1]["pack"] == "scoreworks" and "key" in plus[-1]


def test_deck_is_deterministic() -> None:
    assert run("deck", "firecrackers", "--json").output == run("deck", "firecrackers", "--json").output


@pytest.mark.parametrize(
    "args",
    [
        ("deck", "nosuchgame", "--json"),
        ("deck", "hanabi", "--players", "7", "--json"),
        ("deck", "hanabi", "--expansion", "nope", "--json"),
        ("board", "hanabi", "--json"),
        ("deck", "hanabi", "--players", "x"),
    ],
)
def test_usage_errors_exit_2(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output


def test_board_json() -> None:
    rows = json.loads(run("board", "sequence", "--json").output)
    assert len(rows) == 10 and rows[0][0] == "XX" and rows[9][9] == "XX" and rows[4][6] == "AH"


def test_init_then_edit_then_commands_see_the_copy(tmp_path: Path) -> None:
    target = tmp_path / "mine"
    result = run("init", str(target))
    assert result.exit_code == 0, result.output
    assert (target / "card_defs" / "hanabi.yaml").is_file()
    hanabi = target / "card_defs" / "hanabi.yaml"
    hanabi.write_text(hanabi.read_text().replace("ranks: {1: 3, 2: 2, 3: 2, 4: 2, 5: 1}", "ranks: {1: 3, 2: 2, 3: 2, 4: 2, 5: 2}"))
    cards = json.loads(run("deck", "hanabi", "--json", "--project", str(target)).output)
    assert len(cards) == 55
    again = run("init", str(target))
    assert again.exit_code == 1 and "already exists" in again.output


def test_init_with_nothing_to_copy_is_an_error_and_creates_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An installation without the shipped files once made "Created mine/ with 0 files", exit 0."""
    from generator.app import initproject
    from generator.app.catalog import GAMES

    monkeypatch.setattr(initproject, "shipped_root", lambda: tmp_path / "empty-install")
    monkeypatch.setattr(type(GAMES.lookup("custom")), "example_folder", lambda _: tmp_path / "empty-install")
    for args in (("init", str(tmp_path / "mine")), ("init", str(tmp_path / "mine"), "--example", "custom")):
        result = run(*args)
        assert result.exit_code == 1 and "no definitions to copy" in result.output, result.output
        assert not (tmp_path / "mine").exists()


def test_a_failed_init_leaves_no_half_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills (or the command is stopped) half way through the copy: the target holds
    none of the new folders and no temporary folder, so the next init is not refused."""
    from generator.app import initproject

    real, copied = initproject.shutil.copyfile, []

    def full_disk(source: Path, target: Path) -> None:
        if len(copied) == 3:
            raise OSError(28, "No space left on device")
        copied.append(real(source, target))

    monkeypatch.setattr(initproject.shutil, "copyfile", full_disk)
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    result = run("init", str(tmp_path / "mine"))
    assert result.exit_code == 1 and "No space left on device" in result.output, result.output
    assert sorted(p.name for p in (tmp_path / "mine").iterdir()) == ["notes.txt"]
    monkeypatch.setattr(initproject.shutil, "copyfile", real)
    assert run("init", str(tmp_path / "mine")).exit_code == 0
    assert (tmp_path / "mine" / "card_defs" / "hanabi.yaml").is_file()


def test_project_defaults_to_current_folder_with_card_defs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run("init", str(tmp_path / "p"))
    (tmp_path / "p" / "card_defs" / "scoreworks.yaml").unlink()
    (tmp_path / "p" / "card_defs" / "firecrackers.yaml").unlink()
    monkeypatch.chdir(tmp_path / "p")
    result = run("list")
    assert "firecrackers" not in result.output and "hanabi" in result.output


def test_definition_errors_exit_1_with_places_and_no_traceback(tmp_path: Path) -> None:
    run("init", str(tmp_path / "p"))
    file = tmp_path / "p" / "card_defs" / "hanabi.yaml"
    file.write_text(file.read_text().replace("note: 8", "note: no").replace("storm: 3", "strom: 3"))
    result = run("list", "--project", str(tmp_path / "p"))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    lines = [l for l in result.output.splitlines() if "hanabi.yaml" in l]
    assert any(":37:9: tokens.note should be a whole number" in l or "tokens.note should be a whole number" in l for l in lines)
    assert any("unknown field in tokens 'strom' (did you mean 'storm'?)" in l for l in lines)


def test_project_option_must_be_a_project(tmp_path: Path) -> None:
    result = run("list", "--project", str(tmp_path))
    assert result.exit_code == 1 and "not a cardforge project" in result.output


def test_version_is_written_once() -> None:
    """``cardforge --version`` and the installed distribution's metadata both read generator/__init__.py."""
    from importlib import metadata

    import generator

    assert run("--version").output == f"cardforge, version {generator.__version__}\n"
    assert metadata.version("cardforge") == generator.__version__


def test_init_into_a_link_is_refused_and_writes_nothing(tmp_path: Path) -> None:
    """A symbolic link named as the new project is refused as every output refuses one: its
    target is left as it was."""
    target = tmp_path / "elsewhere"
    target.mkdir()
    (tmp_path / "link").symlink_to(target, target_is_directory=True)
    result = run("init", str(tmp_path / "link"))
    assert result.exit_code == 1 and "is a symbolic link" in result.output and "Traceback" not in result.output
    assert list(target.iterdir()) == []


def test_init_makes_a_path_a_thousand_folders_deep(tmp_path: Path) -> None:
    """Each missing folder is made in turn (a recursion per level overflowed the interpreter's stack)."""
    import shutil

    deep = tmp_path.joinpath(*["d"] * 1000)
    try:
        result = run("init", str(deep))
        assert result.exit_code == 0, result.output
        assert (deep / "card_defs").is_dir()
    finally:  # the tree is removed from the bottom: pytest's recursive removal would overflow too
        if deep.exists():
            shutil.rmtree(deep)
        folder = deep.parent
        while folder != tmp_path:
            if folder.exists():
                folder.rmdir()
            folder = folder.parent


@pytest.mark.parametrize("args", [("build", "hanabi", "--board-paper", ""), ("build", "hanabi", "--paper", " "),
                                  ("export", "hanabi", "--showcase", "s.png", "--cards", ""),
                                  ("build", "hanabi", "--card-size", "")])
def test_an_option_given_an_empty_name_is_a_usage_error(args: tuple[str, ...]) -> None:
    result = run(*args)  # refused while the options are read: nothing is built
    assert result.exit_code == 2 and "an empty one was given" in result.output
