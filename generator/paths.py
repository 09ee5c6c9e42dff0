"""Where a project lives: ``--project DIR``, else the current folder if it has ``card_defs/``, else
the games shipped with the toolkit."""

from __future__ import annotations

import functools
from pathlib import Path

PROJECT_MARKER = "card_defs"


class ProjectNotFound(Exception):
    """The folder named by ``--project`` is not a cardforge project."""


_PACKAGE = Path(__file__).resolve().parent
SHIPPED_IN_PACKAGE = "shipped"
"""The package folder a wheel holds the shipped files in (pyproject.toml's force-include puts the
repository's top-level ``card_defs/``, ``layouts/``, ``fonts/`` and ``examples/`` there)."""


@functools.cache
def shipped_root() -> Path:
    """The folder holding the shipped ``card_defs/``, ``layouts/``, ``fonts/`` and ``examples/``:
    inside the package when cardforge is installed from a wheel, else the root of the source tree
    (a checkout, or an editable install of one), where they are kept."""
    installed = _PACKAGE / SHIPPED_IN_PACKAGE
    return installed if (installed / PROJECT_MARKER).is_dir() else _PACKAGE.parent


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
