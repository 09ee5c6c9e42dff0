"""Load a project folder: every ``card_defs/*.yaml`` file, all problems collected before failing."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import yaml

from ..model import GameDefinition, GameKind, Project
from ..paths import display_path
from .errors import DefinitionErrors, Problem
from .fields import Reader
from .yamlnodes import compose_file

MAX_DEFINITION_FILES = 200


def _builders() -> dict[GameKind, Callable[[Reader, yaml.Node], list[GameDefinition]]]:
    from .firecrackers import build_firecrackers, build_scoreworks
    from .hanabi import build_hanabi
    from .sequence import build_sequence

    return {
        GameKind.HANABI: build_hanabi,  # type: ignore[dict-item]
        GameKind.SEQUENCE: build_sequence,  # type: ignore[dict-item]
        GameKind.FIRECRACKERS: build_firecrackers,  # type: ignore[dict-item]
        GameKind.SCOREWORKS: build_scoreworks,  # type: ignore[dict-item]
    }


def definition_files(root: Path) -> list[Path]:
    """The definition files of a project, in name order."""
    folder = root / "card_defs"
    return sorted(p for p in folder.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())


def load_file(file: Path, shown_as: str | None = None) -> list[GameDefinition]:
    """Every game (and variant) one file defines; DefinitionErrors with all its problems."""
    path = shown_as or display_path(file)
    root = compose_file(file, path)
    reader = Reader(path)
    kind = _kind_of(reader, root)
    games: list[GameDefinition] = []
    if kind is not None:
        games = _builders()[kind](reader, root)
    if reader.problems:
        raise DefinitionErrors(reader.problems)
    return games


def _kind_of(reader: Reader, root: yaml.Node) -> GameKind | None:
    if not isinstance(root, yaml.MappingNode):
        reader.error(root, "a definition file should be a mapping of fields (game: ..., id: ..., ...)")
        return None
    for key_node, value_node in root.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "game":
            value = reader.choice(value_node, "game", [k.value for k in GameKind])
            return GameKind(value) if value else None
    reader.error(root, f"the file does not say which game it defines: add 'game: ...' ({', '.join(k.value for k in GameKind)})")
    return None


def load_files(files: list[Path], root: Path | None = None) -> Project:
    """Load the given files as one project (all problems of all files at once)."""
    problems: list[Problem] = []
    games: list[GameDefinition] = []
    seen: dict[str, GameDefinition] = {}
    for file in files:
        try:
            loaded = load_file(file)
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
            continue
        for game in loaded:
            first = seen.get(game.info.id)
            if first is not None:
                problems.append(
                    Problem(game.info.loc, f"game id '{game.info.id}' is already used by {first.info.loc.path}")
                )
                continue
            seen[game.info.id] = game
            games.append(game)
    problems.extend(_check_expansions(games))
    if problems:
        raise DefinitionErrors(problems)
    return Project(str(root) if root else "", tuple(games))


def _check_expansions(games: list[GameDefinition]) -> list[Problem]:
    from ..model import ScoreworksDefinition

    ids = {g.info.id for g in games}
    return [
        Problem(g.info.loc, f"expansion_of: no game '{g.expansion_of}' in this project")
        for g in games
        if isinstance(g, ScoreworksDefinition) and g.expansion_of not in ids
    ]


def load_project(root: Path) -> Project:
    """Every definition of the project folder ``root``; DefinitionErrors listing every problem."""
    folder = root / "card_defs"
    if not folder.is_dir():
        raise DefinitionErrors([Problem(_loc(root), "no card_defs/ folder here")])
    files = definition_files(root)
    if not files:
        raise DefinitionErrors([Problem(_loc(folder), "card_defs/ holds no .yaml definition files")])
    if len(files) > MAX_DEFINITION_FILES:
        raise DefinitionErrors([Problem(_loc(folder), f"card_defs/ holds {len(files)} files; at most {MAX_DEFINITION_FILES}")])
    return load_files(files, root)


def _loc(path: Path):  # type: ignore[no-untyped-def]
    from ..model import SourceLoc

    return SourceLoc(display_path(path), 1, 1)
