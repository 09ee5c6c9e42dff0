"""``cardforge validate``: every check a build makes, on the definitions and the layouts, at once."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Sequence

import click

from ..app.build import BuildError, BuildOptions, Toolkit, check_build
from ..app.catalog import GAMES
from ..files.fontbook import FontBook
from ..files.paths import ProjectNotFound, display_path, find_project
from ..loader import DefinitionErrors, Problem, definitions_naming, load_file
from ..loader.layouts import SECTIONS, ProjectArtwork, read_layout_library
from ..loader.project import read_project
from ..loader.yamlnodes import compose_file
from ..model import GameDefinition, Project
from ..model.templates import LayoutLibrary
from ..validate import Finding, Severity, validate_games
from .common import EXIT_ERROR, EXIT_OK, fail, project_option, usage_error

LOADER_RULE_ID = "loader"
"""The rule id a definition error carries in ``--json`` output (it comes from the loader, not a rule)."""
LAYOUT_RULES = "layout."
"""Findings about layouts (templates, text fit, sheets): what validating a layout file reports."""


def _card_lists() -> tuple[str, ...]:
    """The suffixes of card list files (imported only when names are given: reading card lists,
    spreadsheets included, is not needed to check a whole project whose decks have none)."""
    from ..loader.cardlists import KINDS

    return KINDS


def _looks_like_file(name: str) -> bool:
    return name.lower().endswith((".yaml", ".yml", *_card_lists())) or "/" in name or Path(name).is_file()


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
    (the project's own definitions are not loaded then); a card list file (.csv, .xlsx) stands
    for the definitions that name it. Layout files are read as files of the
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
            if "\0" in name or not (path.exists() or path.is_symlink()):
                usage_error(f"no such definition or layout file: {name}")  # else its reading says what it is
            if path.suffix.lower() in _card_lists():
                definition_files.extend(self._definitions_of(path, name))
                continue
            (self.layout_files if _is_layout_file(path) else definition_files).append(path)
        self.layouts_only = bool(self.layout_files) and not ids and not definition_files
        self.problems: list[Problem] = []
        from_files: list[GameDefinition] = []
        for path in definition_files:
            try:
                from_files.extend(load_file(path, GAMES, display_path(path)))
            except DefinitionErrors as exc:
                self.problems.extend(exc.problems)
                from_files.extend(exc.partial)
        if definition_files and not ids:
            project = Project(str(self.root), tuple(from_files), self._layouts(from_files))
        else:
            project, problems = read_project(self.root, GAMES, layouts=False)
            self.problems.extend(problems)
            games = project.games + tuple(from_files)
            project = replace(project, games=games, layouts=self._layouts(games))
        self.project = project
        self.games: list[GameDefinition] = list(from_files)
        for game_id in ids:
            try:
                self.games.append(project.game(game_id))
            except KeyError as exc:
                if not self.problems:  # else the game's file is broken: its problems say why
                    usage_error(str(exc.args[0]))
        if not ids and not definition_files:
            self.games = list(project.games)

    def _definitions_of(self, table: Path, name: str) -> list[Path]:
        """The definitions whose card list ``table`` is (a card list is checked with its deck);
        a usage error naming the file to validate when none of the project's names it."""
        found = definitions_naming(self.root, table)
        if not found:
            beside = table.with_suffix(".yaml")
            hint = f" (cardforge validate {display_path(beside)}?)" if beside.is_file() else ""
            usage_error(f"{name} is a card list, and no definition of the project names it under cards: "
                        f"validate the definition (.yaml) whose cards: should name it{hint}")
        return found

    def _layouts(self, games: Sequence[GameDefinition]) -> LayoutLibrary | None:
        """The project's layouts as far as they read (their problems reported with the rest): a
        mistake in a template does not hide the fields, the fit and the glyphs of the cards."""
        folders = GAMES.layouts_folders([game.info.kind for game in games])
        library, problems = read_layout_library(self.root, folders, self.layout_files)
        self.problems.extend(problems)
        return library

    def findings(self) -> list[Finding]:
        """Every finding of every check a build makes (the definitions' rules alone when the
        layouts could not be loaded)."""
        layouts = self.project.layouts
        if layouts is None:
            return [] if self.layouts_only else validate_games(self.games, GAMES)
        toolkit = Toolkit(layouts, FontBook(layouts.fonts), ProjectArtwork(self.root))
        try:
            found = check_build(self.project, self.games, BuildOptions(all_packs=True, lang="all"), toolkit,
                                check_only=True).findings
        except BuildError as exc:
            fail(str(exc))
        if self.layouts_only:
            found = [f for f in found if f.rule_id.startswith(LAYOUT_RULES)]
        if self.problems:  # a definition that does not load leaves its templates unused: no news
            found = [f for f in found if f.code != "unused-template"]
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
    of the project; a card list (card_defs/deck.csv) checks the definitions whose cards: name it.

    Each finding is printed as path:line:col: severity: message [rule/code], with notes on the
    lines after it; a departure the definition declares under deviations: is a note. Exit status:
    0 when there is no error (warnings and notes allowed), 1 on any error, 2 on a usage error.
    """
    selection = _Selection(project_dir, names)
    findings = selection.findings()
    problems = sorted(set(selection.problems))
    if as_json:
        import json

        click.echo(json.dumps([_problem_json(p) for p in problems] + [f.as_json() for f in findings], indent=2))
    else:
        for problem in problems:
            click.echo(str(problem))
        for finding in findings:
            click.echo(finding.format())
        if not problems:
            click.echo(_summary(selection, findings), err=any(f.severity is not Severity.NOTE for f in findings))
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
    notes = len(findings) - errors - warnings
    games = selection.games
    checked = ", ".join(g.info.id for g in games)
    if selection.layout_files:
        checked = f"{', '.join(display_path(p) for p in selection.layout_files)} with {checked}"
    noted = f", {notes} note{'s' if notes != 1 else ''}" if notes else ""
    if not errors and not warnings:
        return f"ok: {len(games)} game{'s' if len(games) != 1 else ''} checked ({checked}), " + (
            noted[2:] if notes else "no findings")
    return f"{errors} error{'s' if errors != 1 else ''}, {warnings} warning{'s' if warnings != 1 else ''}{noted} in {checked}"


COMMANDS = [validate_command]
