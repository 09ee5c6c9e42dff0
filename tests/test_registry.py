"""The registry walked with no per-game code: every registered game is loaded from its shipped
definition file, listed, validated, built and (where it has a simulator) simulated."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from generator.app.catalog import GAMES, RegistryError
from generator.cli.main import cli
from generator.games import BUILTIN
from tests.registered import definitions_of, project_of


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


@pytest.mark.e2e
@pytest.mark.parametrize("kind", GAMES.kinds())
def test_every_registered_game_goes_through_every_command(kind: str, tmp_path: Path) -> None:
    """Each game from the shipped definitions, or from its own example project."""
    description = GAMES.lookup(kind)
    project, folder = project_of(kind)
    where = ["--project", str(folder)] if folder is not None else []
    games = definitions_of(kind)

    def run(*args: str) -> Result:
        return CliRunner().invoke(cli, [*args, *where])

    listed = run("list").output
    for game in games:
        game_id = game.info.id
        assert f"{game_id} " in listed
        checked = run("validate", game_id)
        assert checked.exit_code == 0, checked.output
        records = json.loads(run("deck", game_id, "--all-packs", "--json").output)
        assert [r["id"] for r in records] == [c.id for c in game.cards()]
        built = run("build", game_id, "--out", str(tmp_path))
        assert built.exit_code == 0, built.output
        manifest = json.loads((tmp_path / f"{game_id}.json").read_text())
        assert (tmp_path / f"{game_id}.pdf").stat().st_size > 1000 and manifest["pages"]
        simulator = description.simulator()
        if simulator is not None:
            # the command's plumbing, not a bot's strength: random play where the game has it )
            quick = ["--bot", "random"] if "random" in simulator.bots else []
            played = run("simulate", game_id, "-k", "3", "-w", "1", "--json", *quick)
            assert played.exit_code == 0, played.output
            assert json.loads(played.stdout)["games"] == 3
        else:
            assert run("simulate", game_id, "-k", "3").exit_code == 2


def test_the_builtin_games_are_registered_first() -> None:
    assert GAMES.kinds()[: len(BUILTIN)] == tuple(BUILTIN)


@pytest.mark.parametrize("kind", GAMES.kinds())
def test_a_description_says_which_templates_it_draws(kind: str) -> None:
    description = GAMES.lookup(kind)
    assert description.kind == kind and description.title
    assert tuple(description.face_fields()) == description.face_templates
    rule_ids = [rule.id for rule in description.checks()]
    assert len(rule_ids) == len(set(rule_ids))


def test_an_unknown_kind_suggests_the_nearest() -> None:
    with pytest.raises(RegistryError, match="unknown game 'hanaby' \\(did you mean 'hanabi'\\?\\)"):
        GAMES.lookup("hanaby")


