"""The game catalog (generator/app/catalog.py): an installed game package is imported only when a
definition or the command names its kind, or when the games are listed; a package that cannot be
imported is a clear error where it is named, never a crash of another command."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.app.catalog import GameCatalog, RegistryError

ROOT = Path(__file__).resolve().parents[1]


def install_watched_package(folder: Path, marker: Path, *, fails: bool = False) -> None:
    """A package ``watched_game`` registered as the game kind ``watched`` (a dist-info folder, as
    pip leaves one) that writes ``marker`` when it is imported (and then fails, with ``fails``)."""
    info = folder / "watched_game-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: watched-game\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[cardforge.games]\nwatched = watched_game:GAME\n")
    body = f"from pathlib import Path\nPath({str(marker)!r}).write_text('imported')\n"
    body += "raise RuntimeError('this package is broken')\n" if fails else "GAME = None\n"
    (folder / "watched_game.py").write_text(body)


def test_a_package_is_imported_only_when_its_kind_is_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    marker = tmp_path / "imported"
    install_watched_package(tmp_path / "site", marker, fails=True)
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    catalog = GameCatalog()
    assert catalog.lookup("hanabi").kind == "hanabi"
    assert catalog.layouts_folders(["hanabi", "custom"]) == ()
    assert {d.kind for d in catalog.builtin_descriptions()} == {"hanabi", "sequence", "firecrackers", "scoreworks",
                                                                 "custom"}
    assert "watched" in catalog.kinds()  # its entry point is read: nothing is imported for that
    assert not marker.exists()
    with pytest.raises(RegistryError, match="game 'watched' is registered as watched_game:GAME but cannot be "
                                            "loaded: RuntimeError: this package is broken"):
        catalog.lookup("watched")
    assert marker.exists()
    assert "watched" not in {d.kind for d in catalog.descriptions()}  # a listing leaves it out


@pytest.mark.e2e
def test_commands_on_other_games_never_import_a_package(tmp_path: Path) -> None:
    marker = tmp_path / "imported"
    install_watched_package(tmp_path / "site", marker)
    env = {**os.environ, "PYTHONPATH": str(tmp_path / "site")}
    for args in (["validate"], ["list"], ["deck", "hanabi", "--json"], ["build", "hanabi", "--out", str(tmp_path / "o")],
                 ["simulate", "hanabi", "--games", "2", "--workers", "1"]):
        done = subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=ROOT, env=env, capture_output=True,
                              text=True)
        assert done.returncode == 0, done.stderr
        assert not marker.exists(), f"cardforge {' '.join(args)} imported a game package it does not use"
