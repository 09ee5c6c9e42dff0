"""``cardforge init``: a new project folder holding a copy of the shipped definitions, or of a
game's example project (``--example custom``: a small deck of our own, to start a game from)."""

from __future__ import annotations

import shutil
from pathlib import Path

from . import registry
from .paths import shipped_root

COPIED_FOLDERS: tuple[str, ...] = ("card_defs", "layouts")
EXAMPLE_FOLDERS = ("card_defs", "layouts", "art")
COPIED_SUFFIXES = (".yaml", ".yml", ".md", ".csv", ".xlsx", ".svg", ".png", ".jpg", ".jpeg", ".ttf")


class InitError(Exception):
    """The folder cannot be made into a project (it already holds one, is a file, or the example
    asked for does not exist)."""


def init_project(target: Path, example: str | None = None) -> list[Path]:
    """Copy the shipped definitions and layouts (or the example project of the game kind
    ``example``) into ``target``; returns the files written."""
    source, folders = shipped_root(), COPIED_FOLDERS
    if example is not None:
        try:
            description = registry.lookup(example)
        except registry.RegistryError as exc:
            raise InitError(str(exc)) from None
        if description.example is None:
            examples = ", ".join(d.kind for d in registry.descriptions() if d.example) or "none"
            raise InitError(f"{example} has no example project (examples: {examples})")
        source, folders = shipped_root() / description.example, EXAMPLE_FOLDERS
    if target.exists() and not target.is_dir():
        raise InitError(f"{target}: exists and is not a folder")
    for folder in folders:
        if (target / folder).exists():
            raise InitError(f"{target / folder}: already exists; nothing was changed")
    written: list[Path] = []
    target.mkdir(parents=True, exist_ok=True)
    for folder in folders:
        origin = source / folder
        if not origin.is_dir():
            continue
        for file in sorted(origin.rglob("*")):
            if file.is_file() and file.suffix.lower() in COPIED_SUFFIXES:
                destination = target / folder / file.relative_to(origin)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, destination)
                written.append(destination)
    (target / "output").mkdir(exist_ok=True)
    return written
