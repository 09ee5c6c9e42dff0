"""``cardforge compare``: two decks of one game side by side, played with the same seeds, every
figure with its difference, interval and verdict after the Holm-Bonferroni correction."""

from __future__ import annotations

import json
import tempfile
from contextlib import ExitStack
from pathlib import Path

import click

from ..app.report.compare import compare_report, compare_text
from ..files.gitrev import RevisionError, checkout
from ..files.paths import ProjectNotFound, display_path, find_project
from ..sim.compare import SideBySide, compare_figures
from .common import fail, folder_option, usage_error
from .table import (
    TableArgs,
    check_report,
    folder_table_options,
    open_table,
    play,
    write_text,
)


@click.command("compare")
@click.argument("game_id", metavar="GAME")
@click.argument("folders", nargs=-1, type=click.Path(file_okay=False, path_type=Path), metavar="DIR_A [DIR_B]")
@folder_table_options
@click.option("--against", "revision", default=None, metavar="REV",
              help="Compare the project folder (DIR_A, default: the current project) as it is (B) with "
              "the same folder at this git revision (A): HEAD, a branch, a tag, a commit.")
@click.option("--set", "changes", multiple=True, metavar="PATH=VALUE",
              help="Change a value of B's deck (A is left as it is), by its path in the definition "
              "file or a rule option by its name: compare firecrackers . . --set actions.treasure.coins=3")
@folder_option("--results", "results_dir",
               help="Write each deck's games to this folder as they are played; run again to resume.")
def compare_command(game_id: str, folders: tuple[Path, ...], players: int | None, games: int,
                    bots: tuple[str, ...], seed: int, workers: int | None, scheduler: str | None,
                    rules: tuple[str, ...], expansion_id: str | None, settings: tuple[str, ...], as_json: bool,
                    report_path: Path | None, revision: str | None, changes: tuple[str, ...],
                    results_dir: Path | None) -> None:
    """Play GAME from two project folders with the same seeds and print each figure of A and B with their difference.

    For each figure (mean score, seat win rates, draws or perfect games, game length, and the
    game's own: each card's buy rate and buyers' win share, each action) it prints A, B, B - A
    with its 95 % interval, and marks the differences that are significant after the
    Holm-Bonferroni correction for the number of figures. Example: cardforge compare
    firecrackers my-deck my-deck-v2 --players 4 --games 2000
    """
    args = TableArgs(players, games, bots, seed, workers, scheduler, rules, expansion_id, settings)
    with ExitStack() as stack:
        if revision is not None:
            if revision.startswith("-") or not revision.strip():
                usage_error(f"--against: {revision!r} is not a revision")  # never an option of git
            if len(folders) > 1:
                usage_error("--against compares one folder with itself at a revision: give one DIR")
            folder_b = _project_root(folders[0] if folders else None)
            folder_a = _checkout(folder_b, revision, Path(stack.enter_context(tempfile.TemporaryDirectory())))
        elif len(folders) == 2:
            folder_a, folder_b = folders
        else:
            usage_error("give two project folders DIR_A DIR_B, or one with --against REV")
        table_a = open_table(folder_a, game_id, args, "A")
        table_b = open_table(folder_b, game_id, args, "B")
        check_report(report_path)
        if revision is not None:
            table_a.shown_as = f"{folder_b} at {revision}"  # the checkout is temporary: name the revision
        combos = table_b.combinations(changes, over_rules=True)  # B's value against A's --rule
        if len(combos) != 1:
            usage_error("--set: compare changes B's deck to one value per path")
        combo = combos[0]
        if combo.players is not None:
            usage_error("--set players: both decks are played at the same table; give --players")
        cells = [table_a.cell(), table_b.cell(combo)]
        played = play(cells, args, f"{game_id} A and B", as_json, results_dir=results_dir,
                      identities=[table_a.identity({}), table_b.identity(combo.changes)])
    share = played.elapsed_s / 2
    result_a, result_b = played.results
    side = SideBySide(
        table_a.summary(result_a, share, {}, cells[0].definition),
        table_b.summary(result_b, share, combo.changes, cells[1].definition),
        compare_figures(table_a.figures(result_a), table_b.figures(result_b)),
    )
    if report_path is not None:
        write_text(report_path, compare_report(side))
    if as_json:
        click.echo(json.dumps(side.to_json(), ensure_ascii=False))
    else:
        click.echo(compare_text(side))
        if report_path is not None:
            click.echo(f"report written to {display_path(report_path)}")


def _project_root(folder: Path | None) -> Path:
    try:
        return find_project(folder)
    except ProjectNotFound as exc:
        fail(str(exc))


def _checkout(folder: Path, revision: str, into: Path) -> Path:
    """The project folder at ``revision`` (``generator.files.gitrev``), or its refusal on one line, exit 1."""
    try:
        return checkout(folder, revision, into)
    except RevisionError as exc:
        fail(str(exc))
