"""Helpers shared by the command modules: the --project option, loading, and exit codes."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable, NoReturn, Sequence

import click

from ..app.catalog import GAMES
from ..files.paths import ProjectNotFound, find_project
from ..loader import DefinitionErrors, load_project
from ..model import GameDefinition, Project

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


class Number(click.ParamType):  # type: ignore[type-arg]  # generic in new click only; subscripting fails at run time in older ones
    """A finite number from ``low`` to ``high`` (``nan``, ``inf`` and ``1e308`` are usage errors)."""

    name = "number"

    def __init__(self, low: float, high: float, unit: str = "") -> None:
        self.low, self.high, self.unit = low, high, unit

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> float:
        if isinstance(value, float) and math.isfinite(value):
            number = value
        else:
            try:
                number = float(str(value).strip())
            except ValueError:
                self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(number) or not self.low <= number <= self.high:
            self.fail(f"{value} is not a number from {self.low:g} to {self.high:g}{self.unit}", param, ctx)
        return number


def finite_pair(text: str, limit: float, what: str) -> tuple[float, float]:
    """``X,Y``: two finite numbers each within plus or minus ``limit`` (click.BadParameter if not)."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise click.BadParameter(f"expected X,Y {what}, e.g. 1.5,-0.5") from None
    if not all(math.isfinite(v) and -limit <= v <= limit for v in (x, y)):
        raise click.BadParameter(f"{text}: each number must be from -{limit:g} to {limit:g} {what}")
    return x, y


def _folder(_ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    if value is None:
        return None
    if not value.strip() or "\0" in value:
        raise click.BadParameter("name a folder (an empty name would write into the current folder)")
    return Path(value)


def _file(_ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    if value is None:
        return None
    if not value.strip() or "\0" in value:
        raise click.BadParameter("name a file")
    return Path(value)


def folder_option(*names: str, help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An output folder option: a non-empty name; what it names is checked when it is written
    (it must be a real folder, or absent)."""
    return click.option(*names, type=click.Path(file_okay=False), callback=_folder, default=None,
                        metavar="DIR", help=help)


def file_option(*names: str, help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An output file option: a non-empty name; only a regular file is replaced (``atomicio``)."""
    return click.option(*names, type=click.Path(dir_okay=False), callback=_file, default=None,
                        metavar="FILE", help=help)


def not_empty(_ctx: click.Context | None, _param: click.Parameter | None, value: Any) -> Any:
    """An option's callback: a name given empty (``--board-paper ''``, ``--cards ''``) is a usage
    error rather than silently the default (each item of a repeated option is checked)."""
    items = value if isinstance(value, tuple) else (value,)
    if any(isinstance(item, str) and not item.strip() for item in items):
        raise click.BadParameter("a name is needed here; an empty one was given")
    return value


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
        return load_project(root, GAMES, layouts=layouts, only=list(only) or None)
    except DefinitionErrors as exc:
        fail(exc.report())


def game_or_usage_error(project: Project, game_id: str) -> GameDefinition:
    """The game called ``game_id``, or a usage error (exit 2) listing the project's games."""
    try:
        return project.game(game_id)
    except KeyError as exc:
        usage_error(str(exc.args[0]))
