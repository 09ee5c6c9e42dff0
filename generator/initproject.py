"""``cardforge init``: a new project folder holding a copy of the shipped definitions."""

from __future__ import annotations

import shutil
from pathlib import Path

from .paths import shipped_root

COPIED_FOLDERS = ("card_defs", "layouts")


class InitError(Exception):
    """The folder cannot be made into a project (it already holds one, or is a file)."""


def init_project(target: Path) -> list[Path]:
    """Copy the shipped definitions and layouts into ``target``; returns the files written."""
    if target.exists() and not target.is_dir():
        raise InitError(f"{target}: exists and is not a folder")
    for folder in COPIED_FOLDERS:
        if (target / folder).exists():
            raise InitError(f"{target / folder}: already exists; nothing was changed")
    source = shipped_root()
    written: list[Path] = []
    target.mkdir(parents=True, exist_ok=True)
    for folder in COPIED_FOLDERS:
        origin = source / folder
        if not origin.is_dir():
            continue
        for file in sorted(origin.rglob("*")):
            if file.is_file() and file.suffix in (".yaml", ".yml", ".md"):
                destination = target / folder / file.relative_to(origin)
                destination.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, destination)
                written.append(destination)
    (target / "output").mkdir(exist_ok=True)
    return written
