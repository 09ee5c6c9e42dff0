"""Where a project lives: ``--project DIR``, else the current folder if it has ``card_defs/``, else
the games shipped with the toolkit."""

from __future__ import annotations

from pathlib import Path

PROJECT_MARKER = "card_defs"


class ProjectNotFound(Exception):
    """The folder named by ``--project`` is not a cardforge project."""


def shipped_root() -> Path:
    """The folder holding the shipped ``card_defs/``, ``layouts/`` and ``fonts/`` (the source tree)."""
    return Path(__file__).resolve().parent.parent


def find_project(option: str | Path | None, cwd: Path | None = None) -> Path:
    """The project folder a command works on (see the module docstring). A ``card_defs`` that is
    not a folder is an error, not a reason to work on the shipped games instead."""
    if option is not None:
        root = Path(option)
        _refuse_marker_file(root)
        if not (root / PROJECT_MARKER).is_dir():
            raise ProjectNotFound(f"{root}: not a cardforge project (no {PROJECT_MARKER}/ folder)")
        return root.resolve()
    here = (cwd or Path.cwd())
    _refuse_marker_file(here)
    if (here / PROJECT_MARKER).is_dir():
        return here.resolve()
    return shipped_root()


def _refuse_marker_file(root: Path) -> None:
    marker = root / PROJECT_MARKER
    if (marker.exists() or marker.is_symlink()) and not marker.is_dir():
        shown = display_path(marker)
        raise ProjectNotFound(f"{shown}: not a folder; a project keeps its definitions in a {PROJECT_MARKER}/ folder")


def display_path(path: Path, cwd: Path | None = None) -> str:
    """A path as the user would type it: relative to the current folder when inside it."""
    here = (cwd or Path.cwd()).resolve()
    try:
        return str(path.resolve().relative_to(here))
    except ValueError:
        return str(path)
