"""``cardforge validate``: every check a build makes, on the definitions and the layouts, at once."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import click

from ..build import BuildError, BuildOptions, Toolkit, check_build
from ..fontbook import FontBook
from ..loader import DefinitionErrors, Problem, load_file
from ..loader.layouts import SECTIONS, load_layout_library
from ..loader.project import read_project
from ..loader.yamlnodes import compose_file
from ..model import GameDefinition, Project
from ..model.templates import LayoutLibrary
from ..paths import ProjectNotFound, display_path, find_project
from ..validate import Finding, Severity, validate_games
from .common import EXIT_ERROR, EXIT_OK, fail, project_option, usage_error

LOADER_RULE_ID = "loader"
"""The rule id a definition error carries in ``--json`` output (it comes from the loader, not a rule)."""
LAYOUT_RULES = "layout."
"""Findings about layouts (templates, text fit, sheets): what validating a layout file reports."""


def _looks_like_file(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or Path(name).is_file()


def _is_layout_file(path: Path) -> bool:
    """A layouts file (``cards:``, ``sheets:``, ``faces:``, ``fonts:`` at the top) rather than a
    definition (``game:``); a file that cannot be read is treated as a definition (its loader
    reports why)."""
    try:
        root = compose_file(path, display_path(path))
    except DefinitionErrors:
        return path.parent.name == "layouts"
    keys = {k.value for k, _ in getattr(root, "value", []) if hasattr(k, "value")} if root.tag.endswith(":map") else set()
    return bool(keys) and "game" not in keys and keys <= set(SECTIONS)


class _Selection:
    """What the command line asks to check: game ids, definition files, layout files.

    With no names, the whole project. Definition files are checked with the project's layouts
    (the project's own definitions are not loaded then). Layout files are read as files of the
    project's layouts and checked with every game; when they alone are named, only the layout
    findings are reported."""

    def __init__(self, project_dir: Path | None, names: tuple[str, ...]) -> None:
        try:
            self.root = find_project(project_dir)
        except ProjectNotFound as exc:
            fail(str(exc))
        self.layout_files: list[Path] = []
        definition_files: list[Path] = []
        ids: list[str] = []
        for name in names:
            if not _looks_like_file(name):
                ids.append(name)
                continue
            path = Path(name)
            if not path.is_file():
                usage_error(f"no such definition or layout file: {name}")
            (self.layout_files if _is_layout_file(path) else definition_files).append(path)
        self.layouts_only = bool(self.layout_files) and not ids and not definition_files
        self.problems: list[Problem] = []
        from_files: list[GameDefinition] = []
        for path in definition_files:
            try:
                from_files.extend(load_file(path, display_path(path)))
            except DefinitionErrors as exc:
                self.problems.extend(exc.problems)
        if definition_files and not ids:
            project = Project(str(self.root), tuple(from_files), self._layouts())
        else:
            project, problems = read_project(self.root, layouts=False)
            self.problems.extend(problems)
            project = replace(project, games=project.games + tuple(from_files), layouts=self._layouts())
        self.project = project
        self.games: list[GameDefinition] = list(from_files)
        for game_id in ids:
            try:
                self.games.append(project.game(game_id))
            except KeyError as exc:
                if not self.problems:  # else the game's file may be what has them: they are reported
                    usage_error(str(exc.args[0]))
        if not ids and not definition_files:
            self.games = list(project.games)

    def _layouts(self) -> LayoutLibrary | None:
        try:
            return load_layout_library(self.root, self.layout_files)
        except DefinitionErrors as exc:
            self.problems.extend(exc.problems)
            return None

    def findings(self) -> list[Finding]:
        """Every finding of every check a build makes (the definitions' rules alone when the
        layouts could not be loaded)."""
        layouts = self.project.layouts
        if layouts is None:
            return [] if self.layouts_only else validate_games(self.games)
        toolkit = Toolkit(layouts, FontBook(layouts.fonts))
        try:
            found = check_build(self.project, self.games, BuildOptions(all_packs=True), toolkit).findings
        except BuildError as exc:
            fail(str(exc))
        if self.layouts_only:
            found = [f for f in found if f.rule_id.startswith(LAYOUT_RULES)]
        return found


@click.command("validate")
@click.argument("names", metavar="[GAME_OR_FILE]...", nargs=-1)
@click.option("--json", "as_json", is_flag=True, help="Print the findings as a JSON array (for tools).")
@project_option
def validate_command(names: tuple[str, ...], as_json: bool, project_dir: Path | None) -> None:
    """Check the project as a build would, every mistake at once (default: every game).

    Checks the definitions against each game's rules, the layout templates (fields, fonts,
    images), text that does not fit its region at its smallest size, and cards that do not fit
    the sheet. A layout file (layouts/faces.yaml) may be named alone to check it with every game
    of the project.

    Each finding is printed as path:line:col: severity: message [rule/code], with notes on the
    lines after it. Exit status: 0 when there is no error (warnings allowed), 1 on any error,
    2 on a usage error.
    """
    selection = _Selection(project_dir, names)
    findings = selection.findings()
    problems = sorted(set(selection.problems))
    if as_json:
        click.echo(json.dumps([_problem_json(p) for p in problems] + [f.as_json() for f in findings], indent=2))
    else:
        for problem in problems:
            click.echo(str(problem))
        for finding in findings:
            click.echo(finding.format())
        if not problems:
            click.echo(_summary(selection, findings), err=bool(findings))
    failed = problems or any(f.is_error for f in findings)
    raise SystemExit(EXIT_ERROR if failed else EXIT_OK)


def _problem_json(problem: Problem) -> dict[str, object]:
    return {
        "rule": LOADER_RULE_ID,
        "code": "definition-error",
        "severity": Severity.ERROR.value,
        "message": problem.message,
        "game": "",
        "file": problem.loc.path,
        "line": problem.loc.line,
        "column": problem.loc.column,
        "notes": [],
    }


def _summary(selection: _Selection, findings: list[Finding]) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = sum(1 for f in findings if f.severity is Severity.WARNING)
    games = selection.games
    checked = ", ".join(g.info.id for g in games)
    if selection.layout_files:
        checked = f"{', '.join(display_path(p) for p in selection.layout_files)} with {checked}"
    if not findings:
        return f"ok: {len(games)} game{'s' if len(games) != 1 else ''} checked ({checked}), no findings"
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''} in {checked}"


COMMANDS = [validate_command]
