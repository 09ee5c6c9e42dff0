"""Helpers shared by the command modules: the --project option, loading, and exit codes."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

import click

from ..loader import DefinitionErrors, load_project
from ..model import GameDefinition, Project
from ..paths import ProjectNotFound, find_project

EXIT_OK = 0
EXIT_ERROR = 1  # a finding, a definition error, a failed build
EXIT_USAGE = 2  # a usage error (click's own code for bad options)


def project_option(func: Callable[..., Any]) -> Callable[..., Any]:
    """``--project DIR``: the folder holding card_defs/ and layouts/."""
    return click.option(
        "--project",
        "project_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help="Project folder (holding card_defs/ and layouts/). Default: the current folder if it "
        "has card_defs/, else the games shipped with cardforge.",
    )(func)


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``message`` on stderr and exit with ``code`` (no traceback)."""
    click.echo(message, err=True)
    raise SystemExit(code)


def usage_error(message: str) -> NoReturn:
    raise click.UsageError(message)


def open_project(project_dir: Path | None, *, layouts: bool = False, only: Sequence[str] = ()) -> Project:
    """Load every definition of the project (and, with ``layouts``, its templates, fonts and
    artwork; with ``only``, just what those games need), or print all problems and exit 1."""
    try:
        root = find_project(project_dir)
    except ProjectNotFound as exc:
        fail(str(exc))
    try:
        return load_project(root, layouts=layouts, only=list(only) or None)
    except DefinitionErrors as exc:
        fail(exc.report())


def game_or_usage_error(project: Project, game_id: str) -> GameDefinition:
    """The game called ``game_id``, or a usage error (exit 2) listing the project's games."""
    try:
        return project.game(game_id)
    except KeyError as exc:
        usage_error(str(exc.args[0]))
