"""Where the tests that walk the registry find a game's definitions: the shipped project, else the
game's own example project (a game package carries one). A built-in game with neither fails; an
installed game package with neither is skipped, saying so: the suite stays green whatever game
packages the environment holds, and tests every one that gives it something to play."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from generator.app.catalog import GAMES
from generator.games import BUILTIN
from generator.loader import load_project
from generator.model import GameDefinition, Project
from generator.files.paths import shipped_root


@functools.cache
def _load(folder: Path) -> Project:
    return load_project(folder, GAMES)


def project_of(kind: str) -> tuple[Project, Path | None]:
    """The project holding definitions of ``kind``, and its folder when it is not the shipped one."""
    shipped = _load(shipped_root())
    if any(g.info.kind == kind for g in shipped.games):
        return shipped, None
    folder = GAMES.lookup(kind).example_folder()
    if folder is not None and (folder / "card_defs").is_dir():
        return _load(folder), folder
    if kind in BUILTIN:
        pytest.fail(f"no shipped definition or example of the built-in game '{kind}'")
    pytest.skip(f"the game package of '{kind}' gives no example project to play")


def definitions_of(kind: str) -> list[GameDefinition]:
    """Every definition of ``kind`` in ``project_of(kind)``."""
    project, _ = project_of(kind)
    found = [g for g in project.games if g.info.kind == kind]
    assert found, f"the project of '{kind}' has no game of that kind"
    return found
