"""A game from outside the repository registers through the ``cardforge.games`` entry point: the
toy package in tests/data/toygame is pip-installed into a folder of its own and the real command
lists, validates, builds and simulates it; its own rules and faces do the game-specific work."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

pytestmark = pytest.mark.e2e

TOY = Path(__file__).parent / "data" / "toygame"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy game installed with pip into a folder that is put on PYTHONPATH."""
    work = tmp_path_factory.mktemp("toygame")
    shutil.copytree(TOY, work / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", "build"))
    target = work / "site"
    result = subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(target),
                             str(work / "src")], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    return target


@pytest.fixture()
def example(tmp_path: Path) -> Path:
    shutil.copytree(TOY / "cardforge_highcard" / "example", tmp_path / "example")
    return tmp_path / "example"


def cardforge(*args: str, cwd: Path, site: Path | None, **extra: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, **extra}
    if site is not None:
        env["PYTHONPATH"] = str(site)
    return subprocess.run([sys.executable, "-m", "generator.cli.main", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_an_installed_game_is_listed_validated_built_and_simulated(site: Path, example: Path) -> None:
    assert not (example / "layouts").exists()  # the package carries its face templates
    listed = cardforge("list", cwd=example, site=site)
    assert listed.returncode == 0 and "highcard" in listed.stdout and "27 cards" in listed.stdout
    checked = cardforge("validate", cwd=example, site=site)
    assert checked.returncode == 0 and checked.stdout.startswith("ok: 1 game checked (highcard)")
    deck = json.loads(cardforge("deck", "highcard", "--json", cwd=example, site=site).stdout)
    assert len(deck) == 27 and deck[0] == {"id": "sun-1", "colour": "sun", "rank": 1}
    built = cardforge("build", "--out", "out", cwd=example, site=site)
    assert built.returncode == 0, built.stderr
    manifest = json.loads((example / "out" / "highcard.json").read_text())
    placed = [item["card"] for page in manifest["pages"] for item in page["items"] if item["kind"] == "card"]
    assert sorted(set(placed)) == sorted(card["id"] for card in deck)
    assert len(PdfReader(example / "out" / "highcard.pdf").pages) == len(manifest["pages"])
    played = cardforge("simulate", "highcard", "-n", "3", "-k", "60", "--bot", "high", "--bot", "random",
                       "--bot", "random", "-w", "1", "--json", cwd=example, site=site)
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout)
    assert summary["games"] == 60 and summary["seat_bots"] == ["high", "random", "random"]
    assert summary["seat_win_rate"][0] > summary["seat_win_rate"][1]


def test_its_own_rules_and_faces_report_located_mistakes(site: Path, example: Path) -> None:
    definition = example / "card_defs" / "highcard.yaml"
    definition.write_text(definition.read_text().replace('  moss: "#4c8a3c"\n', "").replace("top_rank: 9", "top_rank: 4"))
    (example / "layouts").mkdir()  # the project's own copy of the package's template replaces it
    (example / "layouts" / "highcard.yaml").write_text(
        (TOY / "cardforge_highcard" / "layouts" / "highcard.yaml").read_text().replace("field: colour_name",
                                                                                       "field: colour_names"))
    result = cardforge("validate", "--json", cwd=example, site=site)
    assert result.returncode == 1
    found = {(f["rule"], f["code"], f["file"], f["line"]) for f in json.loads(result.stdout)}
    assert ("highcard.colours", "too-few-colours", "card_defs/highcard.yaml", 2) in found
    assert ("generic.hand-sizes", "deck-too-small", "card_defs/highcard.yaml", 11) in found  # the moss line is gone
    assert ("layout.templates", "unknown-field", "layouts/highcard.yaml", 7) in found


def test_its_own_rules_take_declared_deviations(site: Path, example: Path) -> None:
    """``deviations:`` belong to every definition's header and are applied by validate for every
    game: a game from another package gets them with no code of its own."""
    definition = example / "card_defs" / "highcard.yaml"
    text = definition.read_text().replace('  moss: "#4c8a3c"\n', "").replace("hand_size: {2: 6, 3: 6, 4: 5}",
                                                                         "hand_size: {2: 4, 3: 4, 4: 4}")
    definition.write_text(text.replace("players: [2, 3, 4]\n", "players: [2, 3, 4]\ndeviations:\n"
                                       "  highcard.colours/too-few-colours: a two-colour edition for small hands\n"))
    result = cardforge("validate", "--json", cwd=example, site=site)
    assert result.returncode == 0, result.stdout + result.stderr
    (note,) = json.loads(result.stdout)
    assert (note["rule"], note["severity"], note["deviation"]) == (
        "highcard.colours", "note", "a two-colour edition for small hands")
    played = cardforge("simulate", "highcard", "-k", "5", "-w", "1", "--json", cwd=example, site=site)
    assert played.returncode == 0, played.stderr


def test_without_the_package_the_game_is_unknown(site: Path, example: Path) -> None:
    """With game packages turned off (CARDFORGE_NO_GAME_PACKAGES=1), the installed toy game is not
    read, whatever this environment holds, and its definition names an unknown game, located."""
    result = cardforge("validate", cwd=example, site=site, CARDFORGE_NO_GAME_PACKAGES="1")
    assert result.returncode == 1
    assert "card_defs/highcard.yaml:2:7: unknown game 'highcard' (expected one of: hanabi, sequence" in result.stdout
    assert "highcard)" not in result.stdout


def test_a_game_package_carries_its_example_project(site: Path, tmp_path: Path) -> None:
    """cardforge init DIR --example highcard copies the example the toy package installs with it."""
    created = cardforge("init", "mine", "--example", "highcard", cwd=tmp_path, site=site)
    assert created.returncode == 0, created.stderr
    assert (tmp_path / "mine" / "card_defs" / "highcard.yaml").is_file()
    assert cardforge("validate", cwd=tmp_path / "mine", site=site).stdout.startswith("ok: 1 game checked (highcard)")


def test_a_registered_game_that_cannot_be_imported_is_a_located_error(tmp_path: Path, example: Path) -> None:
    broken = tmp_path / "site"
    info = broken / "cardforge_missing-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardforge-missing\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[cardforge.games]\nhighcard = cardforge_nowhere:GAME\n")
    result = cardforge("validate", cwd=example, site=broken)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert ("card_defs/highcard.yaml:2:7: game 'highcard' is registered as cardforge_nowhere:GAME but cannot be "
            "loaded: No module named 'cardforge_nowhere'") in result.stdout
