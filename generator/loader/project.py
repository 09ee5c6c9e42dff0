"""Load a project folder: every ``card_defs/*.yaml`` file, all problems collected before failing."""

from __future__ import annotations

from pathlib import Path
from typing import Collection, Mapping, Sequence

import yaml

from ..files.paths import display_path, followed
from ..model import GameDefinition, OptionValue, Project, SourceLoc
from ..model.limits import MAX_CARDS, MAX_FOLDER_FILES
from .errors import DefinitionErrors, Problem
from .fields import Reader
from .folders import definition_files
from .kinds import GameKinds, GameReader
from .yamlnodes import compose_file

MAX_DEFINITION_FILES = MAX_FOLDER_FILES


def definitions_naming(root: Path, table: Path) -> list[Path]:
    """The definition files (the project's, and those beside ``table``) whose card list is the
    file ``table`` (a top-level ``cards: sky.csv``, or a component's): what ``cardforge validate
    card_defs/sky.csv`` checks. Files that cannot be read as YAML are passed over (validating them says why)."""
    wanted = followed(table)
    try:
        candidates = definition_files(root) if (root / "card_defs").is_dir() else []
        candidates += sorted(p for p in table.parent.iterdir() if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError:
        return []
    found: list[Path] = []
    for file in dict.fromkeys(candidates):
        if any(followed(file) == followed(f) for f in found):
            continue
        try:
            node = compose_file(file, display_path(file))
            names = [value for key in _TABLE_KEYS if (value := _top_scalar(node, key)) is not None]
            names += _component_tables(node)
            if any(followed(followed(file).parent / name) == wanted for name in names):
                found.append(file)
        except (DefinitionErrors, OSError, RuntimeError, ValueError):
            continue
    return found


_TABLE_KEYS = ("cards",)
"""The top-level fields of a definition that may name a card list file."""


def load_file(file: Path, games: GameKinds, shown_as: str | None = None) -> list[GameDefinition]:
    """Every game (and variant) one file defines; DefinitionErrors with all its problems."""
    path = shown_as or display_path(file)
    return _build(compose_file(file, path), path, file, games)


def _build(root: yaml.Node, path: str, file: Path, games_known: GameKinds,
           table_changes: Mapping[str, OptionValue] | None = None) -> list[GameDefinition]:
    reader = Reader(path, file=file, table_changes=dict(table_changes or {}))
    description = _description_of(reader, root, games_known)
    games: list[GameDefinition] = []
    if description is not None:
        games = list(description.load(reader, root))
        for game in games if not reader.problems else ():
            count = description.card_count(game)
            if count > MAX_CARDS:  # each game's loader refuses more first, where the counts are
                reader.error(game.info.loc, f"{game.info.id} has {count} cards; at most {MAX_CARDS} are supported")
    if reader.problems:
        raise DefinitionErrors(reader.problems, games if description is not None and description.partial else ())
    return games


def _description_of(reader: Reader, root: yaml.Node, games: GameKinds) -> GameReader | None:
    """The game the file's ``game:`` names (a located problem when none)."""
    if not isinstance(root, yaml.MappingNode):
        reader.error(root, "a definition file should be a mapping of fields (game: ..., id: ..., ...)")
        return None
    for key_node, value_node in root.value:
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "game":
            kind = reader.text(value_node, "game")
            if kind is None:
                return None
            try:
                return games.lookup(kind)
            except LookupError as exc:
                if kind in games.kinds():
                    reader.error(value_node, str(exc))  # known, but its package cannot be loaded
                else:
                    reader.choice(value_node, "game", games.kinds())
                return None
    reader.error(root, f"the file does not say which game it defines: add 'game: ...' ({', '.join(games.kinds())})")
    return None


def load_files(files: list[Path], games_known: GameKinds, root: Path | None = None) -> Project:
    """Load the given files as one project (all problems of all files at once)."""
    games, problems = _read_files(files, games_known)
    if problems:
        raise DefinitionErrors(problems)
    return Project(str(root) if root else "", tuple(games))


def _component_tables(root: yaml.Node) -> list[str]:
    """The card list files the components of a definition name (``components: {ships: {cards:
    ships.csv}}``)."""
    found: list[str] = []
    for key_node, value_node in root.value if isinstance(root, yaml.MappingNode) else ():
        if isinstance(key_node, yaml.ScalarNode) and key_node.value == "components" and isinstance(value_node,
                                                                                                   yaml.MappingNode):
            found += [name for _, component in value_node.value if (name := _top_scalar(component, "cards"))]
    return found


def _top_scalar(root: yaml.Node, key: str) -> str | None:
    """The text of a top-level ``key: value`` of a file, if it is a plain scalar."""
    if isinstance(root, yaml.MappingNode):
        for key_node, value_node in root.value:
            if isinstance(key_node, yaml.ScalarNode) and key_node.value == key and isinstance(value_node, yaml.ScalarNode):
                return str(value_node.value)
    return None


def _may_define(root: yaml.Node, wanted: Sequence[str]) -> bool:
    """Whether a file may define one of the ``wanted`` game ids or an expansion of one: its ``id``
    is one of them or the base of one (variant ids are ``base-variant``), or its ``expansion_of``
    names one."""
    own = _top_scalar(root, "id")
    base = _top_scalar(root, "expansion_of")
    return own is None or any(w == own or w.startswith(f"{own}-") or w == base for w in wanted)


Changes = Mapping[Path, Mapping[str, OptionValue]]
"""What-ifs: a definition file (resolved path) -> path in the file -> new value (``loader.whatif``)."""


def _read_files(files: list[Path], games_known: GameKinds, only: Sequence[str] | None = None,
                changes: Changes | None = None) -> tuple[list[GameDefinition], list[Problem]]:
    """The definitions of every file that loads, and every problem of every file. With ``only``,
    files that cannot define one of those game ids (or their expansions, or an expansion's base)
    are not built; with ``changes``, the changed values replace the file's before its game reads it."""
    problems: list[Problem] = []
    per_file: list[list[GameDefinition]] = []
    composed: list[tuple[Path, str, yaml.Node]] = []
    unreadable = False
    for file in files:
        path = display_path(file)
        try:
            composed.append((file, path, compose_file(file, path)))
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
            unreadable = True
    wanted = _with_bases(only, [root for _, _, root in composed]) if only is not None else None
    failed: set[str] = set()
    for file, path, root in composed:
        if wanted is not None and not _may_define(root, wanted):
            continue
        try:
            changed = changes.get(followed(file)) if changes else None
            in_tables: Mapping[str, OptionValue] = {}
            if changed:
                from .whatif import apply_changes, split_table_changes

                changed, in_tables = split_table_changes(root, changed)
                root = apply_changes(root, changed, path)
            per_file.append(_build(root, path, file, games_known, in_tables))
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
            failed.add(_top_scalar(root, "id") or "")
            partial = exc.partial
            if partial:  # checked by validate with the rest (a build refuses a file with problems)
                per_file.append(partial)
    # a partial read has no view of every base game, nor one where a file could not be read
    games, found = merge_files(per_file, complete=only is None and not unreadable, failed=failed)
    return games, problems + found


def merge_files(per_file: Sequence[Sequence[GameDefinition]], *, complete: bool = True,
                failed: Collection[str] = ()) -> tuple[list[GameDefinition], list[Problem]]:
    """The definitions of several files as one project, in file order: a game id used twice is a
    problem at its second use, and (when ``complete``: every file of the project was read) so is
    an expansion of a game the project does not have, unless that game's file is among those that
    ``failed`` to load (its own problems say why). The preview merges files it loaded one by one."""
    problems: list[Problem] = []
    games: list[GameDefinition] = []
    seen: dict[str, GameDefinition] = {}
    for loaded in per_file:
        for game in loaded:
            first = seen.get(game.info.id)
            if first is not None:
                problems.append(
                    Problem(game.info.loc, f"game id '{game.info.id}' is already used by {first.info.loc.path}")
                )
                continue
            seen[game.info.id] = game
            games.append(game)
    if complete:
        problems.extend(p for p, base in _check_expansions(games) if base not in failed)
    return games, problems


def _with_bases(only: Sequence[str], roots: Sequence[yaml.Node]) -> list[str]:
    """``only`` and the base games of the expansions among them (an expansion is built on its base)."""
    wanted = list(only)
    for root in roots:
        own, base = _top_scalar(root, "id"), _top_scalar(root, "expansion_of")
        if own in only and base is not None and base not in wanted:
            wanted.append(base)
    return wanted


def _check_expansions(games: list[GameDefinition]) -> list[tuple[Problem, str]]:
    """Expansions whose base game is not in the project, each with that base's id."""
    ids = {g.info.id for g in games}
    return [
        (Problem(g.info.loc, f"expansion_of: no game '{g.info.expansion_of}' in this project"), g.info.expansion_of)
        for g in games
        if g.info.expansion_of is not None and g.info.expansion_of not in ids
    ]


def read_project(root: Path, games_known: GameKinds, *, layouts: bool = True, only: Sequence[str] | None = None,
                 changes: Changes | None = None) -> tuple[Project, list[Problem]]:
    """Everything of the project folder ``root`` that loads, and every problem found on the way
    (definitions and, with ``layouts``, the layout files): a file with problems contributes none
    of its definitions, and a layout library with problems is left out (``layouts`` None).
    ``games_known`` are the games a definition may name (the application's game catalog).

    ``only`` names the games a command needs: other files are read but not built (a build of one
    game does not pay for the others); when a named game is then missing, every file is built,
    so the error names what the project has. ``changes`` are what-ifs on the definition files
    (see ``_read_files``)."""
    problems: list[Problem] = []
    games: list[GameDefinition] = []
    folder = root / "card_defs"
    if not folder.is_dir():
        problems.append(Problem(_loc(root), "no card_defs/ folder here"))
    else:
        files: list[Path] | None = None
        try:
            files = definition_files(root)
        except OSError as exc:
            problems.append(Problem(_loc(folder), f"cannot read the folder: {exc.strerror or exc}"))
        if files is None:
            pass
        elif not files:
            problems.append(Problem(_loc(folder), "card_defs/ holds no .yaml definition files"))
        elif len(files) > MAX_DEFINITION_FILES:
            problems.append(Problem(_loc(folder), f"card_defs/ holds {len(files)} files; at most {MAX_DEFINITION_FILES}"))
        else:
            games, found = _read_files(files, games_known, only, changes)
            if only is not None and not set(only) <= {g.info.id for g in games}:
                games, found = _read_files(files, games_known, None, changes)
            problems.extend(found)
    library = None
    if layouts:
        from .layouts import load_layout_library

        try:
            library = load_layout_library(root, games_known.layouts_folders([g.info.kind for g in games]))
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
    return Project(str(root), tuple(games), library), problems


def load_project(root: Path, games_known: GameKinds, *, layouts: bool = True, only: Sequence[str] | None = None,
                 changes: Changes | None = None) -> Project:
    """Every definition of the project folder ``root`` (and, with ``layouts``, its templates, fonts
    and artwork; with ``only`` and ``changes``, see ``read_project``); DefinitionErrors listing
    every problem. ``games_known``: the games a definition may name (``generator.app.catalog.GAMES``)."""
    project, problems = read_project(root, games_known, layouts=layouts, only=only, changes=changes)
    if problems:
        raise DefinitionErrors(problems)
    return project


def _loc(path: Path) -> SourceLoc:
    return SourceLoc(display_path(path), 1, 1)
