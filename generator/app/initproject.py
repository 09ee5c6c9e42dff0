"""``cardforge init``: a new project folder holding a copy of the shipped definitions, or of a
game's example project (``--example custom``: a small deck of our own, to start a game from;
``--example kit``: a small game of several decks, tokens, a board and a tuck box).

The project is copied into a temporary folder inside the target first and its folders are renamed
into place together, so an interrupted or failed ``init`` leaves no half project behind (a second
``init`` would refuse it as "already exists")."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from pathlib import Path

from ..files.atomicio import OutputError, PREFIX, check_folder, held_signals
from ..files.paths import shipped_root
from .catalog import GAMES, RegistryError

COPIED_FOLDERS: tuple[str, ...] = ("card_defs", "layouts")
EXAMPLE_FOLDERS = ("card_defs", "layouts", "art")
COPIED_SUFFIXES = (".yaml", ".yml", ".md", ".csv", ".xlsx", ".svg", ".png", ".jpg", ".jpeg", ".ttf", ".py")
"""What a project is made of (``.py``: a rules file, ``engine: rules.py``)."""


class InitError(Exception):
    """The folder cannot be made into a project (it already holds one, is a file, or the example
    asked for does not exist or holds no files)."""


def project_source(example: str | None = None) -> tuple[Path, tuple[str, ...]]:
    """The folder a new project is copied from and its folders to copy: the shipped games, or the
    example project of the game kind ``example`` (InitError when it has none)."""
    if example is None:
        return shipped_root(), COPIED_FOLDERS
    try:
        _, folder = GAMES.example(example)
    except RegistryError as exc:
        raise InitError(str(exc)) from None
    if folder is None:
        examples = ", ".join(n for d in GAMES.descriptions() for n in d.example_names()) or "none"
        raise InitError(f"{example} has no example project (examples: {examples})")
    return folder, EXAMPLE_FOLDERS


def files_to_copy(source: Path, folders: tuple[str, ...]) -> list[Path]:
    """The files of ``source``'s ``folders`` a project is made of, relative to ``source``."""
    found: list[Path] = []
    for folder in folders:
        origin = source / folder
        if origin.is_dir():
            found += [file.relative_to(source) for file in sorted(origin.rglob("*"))
                      if file.is_file() and file.suffix.lower() in COPIED_SUFFIXES]
    return found


def init_project(target: Path, example: str | None = None) -> list[Path]:
    """Copy the shipped definitions and layouts (or the example project of the game kind
    ``example``) into ``target``; returns the files written. InitError, with nothing written, when
    ``target`` already holds a project or there is nothing to copy."""
    source, folders = project_source(example)
    files = files_to_copy(source, folders)
    if not any(file.parts[0] == "card_defs" for file in files):
        what = f"the example of {example}" if example else "the shipped games"
        raise InitError(f"{source}: {what} has no definitions to copy (no card_defs/ files); this installation "
                        "of cardforge is incomplete, reinstall it")
    try:
        check_folder(target)  # as every output: a real folder or nothing, never a link followed
    except OutputError as exc:
        raise InitError(f"{exc}; nothing was written") from None
    made = {file.parts[0] for file in files}
    for folder in sorted(made):
        if (target / folder).exists() or (target / folder).is_symlink():
            raise InitError(f"{target / folder}: already exists; nothing was changed")
    created = not target.exists()
    try:
        _make_folders(target)
        stage = Path(tempfile.mkdtemp(prefix=PREFIX, dir=target))
    except OSError as exc:
        raise InitError(f"{target}: cannot create the project: {exc.strerror or exc}") from None
    editor = not os.path.lexists(target / EDITOR_FOLDER)  # an editor set up already is left as it is
    try:
        for file in files:
            (stage / file).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / file, stage / file)
        if editor:
            files += _editor_settings(stage)
            made.add(EDITOR_FOLDER)
        with held_signals():
            _move_in(stage, target, sorted(made))
    except OSError as exc:
        raise InitError(f"{target}: cannot create the project: {exc.strerror or exc}; nothing was kept") from None
    finally:
        with held_signals():
            shutil.rmtree(stage, ignore_errors=True)
            if created and not any(target.iterdir()):
                target.rmdir()
    with contextlib.suppress(OSError):  # where builds go; a build makes it too, so it is no error here
        (target / "output").mkdir(exist_ok=True)
    return [target / file for file in files]


EDITOR_FOLDER = ".vscode"
SCHEMA_FILES = {"definitions": "cardforge/definition.schema.json", "layouts": "cardforge/layout.schema.json"}
SCHEMA_GLOBS = {"definitions": ["card_defs/*.yaml", "card_defs/**/*.yaml"], "layouts": ["layouts/*.yaml"]}


def _editor_settings(stage: Path) -> list[Path]:
    """The JSON Schemas of the definitions and layouts (``generator.app.schema``) and the editor
    setting that checks the project's YAML against them as it is typed (VS Code's YAML extension
    reads ``yaml.schemas``); the files, relative to the project."""
    from .schema import SCHEMAS

    written = []
    settings: dict[str, object] = {}
    for name, path in SCHEMA_FILES.items():
        file = Path(EDITOR_FOLDER) / path
        (stage / file).parent.mkdir(parents=True, exist_ok=True)
        (stage / file).write_text(json.dumps(SCHEMAS[name](), indent=1) + "\n", encoding="utf-8")
        settings[f"./{file.as_posix()}"] = SCHEMA_GLOBS[name]
        written.append(file)
    config = Path(EDITOR_FOLDER) / "settings.json"
    (stage / config).write_text(json.dumps({"yaml.schemas": settings}, indent=1) + "\n", encoding="utf-8")
    return [*written, config]


def _make_folders(target: Path) -> None:
    """``target`` and the folders above it that are missing, one by one from the top (``mkdir
    (parents=True)`` recurses once per level: a path a thousand folders deep overflowed it)."""
    missing = []
    folder = target
    while not os.path.lexists(folder) and folder != folder.parent:
        missing.append(folder)
        folder = folder.parent
    for folder in reversed(missing):
        folder.mkdir()


def _move_in(stage: Path, target: Path, folders: list[str]) -> None:
    """Rename the staged ``folders`` into ``target``, all or none (a failure moves back those done)."""
    moved: list[str] = []
    try:
        for folder in folders:
            os.rename(stage / folder, target / folder)
            moved.append(folder)
    except OSError:
        for folder in reversed(moved):
            os.rename(target / folder, stage / folder)
        raise
