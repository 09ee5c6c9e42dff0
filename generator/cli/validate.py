"""``cardforge validate``: check definitions against each game's rules and report every finding."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..loader import DefinitionErrors, load_file, load_project
from ..model import GameDefinition
from ..paths import ProjectNotFound, display_path, find_project
from ..validate import Finding, Severity, validate_games
from .common import EXIT_ERROR, EXIT_OK, fail, project_option, usage_error

LOADER_RULE_ID = "loader"
"""The rule id a definition error carries in ``--json`` output (it comes from the loader, not a rule)."""


def _looks_like_file(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or Path(name).is_file()


def _select(project_dir: Path | None, names: tuple[str, ...]) -> list[GameDefinition]:
    """The games named on the command line (ids of the project or definition files), or all of them."""
    try:
        root = find_project(project_dir)
    except ProjectNotFound as exc:
        fail(str(exc))
    files = [n for n in names if _looks_like_file(n)]
    ids = [n for n in names if not _looks_like_file(n)]
    games: list[GameDefinition] = []
    problems = []
    for name in files:
        path = Path(name)
        if not path.is_file():
            usage_error(f"no such definition file: {name}")
        try:
            games.extend(load_file(path, display_path(path)))
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
    if ids or not files:
        try:
            project = load_project(root)
        except DefinitionErrors as exc:
            problems.extend(exc.problems)
        else:
            for game_id in ids:
                try:
                    games.append(project.game(game_id))
                except KeyError as exc:
                    usage_error(str(exc.args[0]))
            if not names:
                games.extend(project.games)
    if problems:
        raise DefinitionErrors(problems)
    return games


@click.command("validate")
@click.argument("names", metavar="[GAME_OR_FILE]...", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as a JSON array (for tools).")
@project_option
def validate_command(names: tuple[str, ...], as_json: bool, project_dir: Path | None) -> None:
    """Check game definitions against each game's rules (default: every game of the project).

    Each finding is printed as path:line:col: severity: message [rule/code]. Exit status: 0 when
    there is no error (warnings allowed), 1 on any error, 2 on a usage error.
    """
    try:
        games = _select(project_dir, names)
    except DefinitionErrors as exc:
        if as_json:
            click.echo(json.dumps([_problem_json(p) for p in exc.problems], indent=2))
            raise SystemExit(EXIT_ERROR)
        fail(exc.report())
    findings = validate_games(games)
    if as_json:
        click.echo(json.dumps([f.as_json() for f in findings], indent=2))
    else:
        for finding in findings:
            click.echo(finding.format())
        click.echo(_summary(games, findings), err=bool(findings))
    raise SystemExit(EXIT_ERROR if any(f.is_error for f in findings) else EXIT_OK)


def _problem_json(problem) -> dict[str, object]:  # type: ignore[no-untyped-def]
    return {
        "rule": LOADER_RULE_ID,
        "code": "definition-error",
        "severity": Severity.ERROR.value,
        "message": problem.message,
        "game": "",
        "file": problem.loc.path,
        "line": problem.loc.line,
        "column": problem.loc.column,
    }


def _summary(games: list[GameDefinition], findings: list[Finding]) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    checked = ", ".join(g.info.id for g in games)
    if not findings:
        return f"ok: {len(games)} game{'s' if len(games) != 1 else ''} checked ({checked}), no findings"
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''} in {checked}"


COMMANDS = [validate_command]
