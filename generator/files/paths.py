"""Where a project lives: ``--project DIR``, else the current folder if it has ``card_defs/``, else
the games shipped with the toolkit."""

from __future__ import annotations

import errno
import functools
import os
from pathlib import Path

PROJECT_MARKER = "card_defs"


class ProjectNotFound(Exception):
    """The folder named by ``--project`` is not a cardforge project."""


_PACKAGE = Path(__file__).resolve().parent.parent
"""The package folder (generator/)."""
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
        try:
            os.stat(marker)
        except OSError as exc:  # a link to nowhere, or a loop
            raise ProjectNotFound(f"{shown}: cannot be followed: {exc.strerror or exc}") from None
        raise ProjectNotFound(f"{shown}: not a folder; a project keeps its definitions in a {PROJECT_MARKER}/ folder")


def resolved(path: Path) -> Path:
    """``path`` made absolute with its symbolic links followed (``Path.resolve``), where a link loop
    is an OSError (ELOOP) naming the path, as every other failure to follow a path is: Python
    before 3.13 raises RuntimeError for it, which no handler of file errors expects."""
    try:
        return path.resolve()
    except RuntimeError:
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), str(path)) from None


def followed(path: Path) -> Path:
    """``path`` with its links followed, or made absolute as it is when it cannot be followed (a
    loop, a NUL character): to compare paths, where reading the path will then say what is wrong."""
    try:
        return resolved(path)
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


def display_path(path: Path | str, cwd: Path | None = None) -> str:
    """A path as the user would type it: relative to the current folder when inside it. Never
    fails: a path that cannot be followed (a link loop, a NUL character, a current folder that
    was removed) is shown as given."""
    try:
        here = resolved(cwd or Path.cwd())
        try:
            full = resolved(Path(path))
        except OSError:  # the path itself cannot be followed: its folder may be
            full = resolved(Path(path).parent) / Path(path).name
        return str(full.relative_to(here))
    except (OSError, ValueError):
        return str(path)
