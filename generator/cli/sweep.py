"""``cardforge sweep``: the same table under each combination of values of rule options and of the
deck itself, every cell on one executor, one summary row per combination."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from ..app.report.html import sweep_report
from ..app.report.text import sweep_text
from ..files.paths import display_path
from ..sim.sweep import SweepRow, sweep_findings
from .common import folder_option, usage_error
from .table import TableArgs, check_report, open_table, play, table_options, write_text


@click.command("sweep")
@click.argument("game_id", metavar="GAME")
@table_options
@click.option("--set", "sweeps", multiple=True, required=True, metavar="PATH=V1,V2,...",
              help="A rule option (by its name), a value of the deck (by its path in the definition "
              "file: actions.treasure.coins, price.base.3, ranks.5...) or 'players' (the table size), "
              "and the values to try (whole numbers also take A..B). Repeat to try every combination.")
@folder_option("--results", "results_dir",
               help="Write each combination's games to this folder as soon as they are played; run the "
               "same sweep again to resume where it stopped.")
def sweep_command(game_id: str, players: int | None, games: int, bots: tuple[str, ...], seed: int,
                  workers: int | None, scheduler: str | None, rules: tuple[str, ...], expansion_id: str | None,
                  settings: tuple[str, ...], as_json: bool, report_path: Path | None,
                  project_dir: Path | None, sweeps: tuple[str, ...], results_dir: Path | None) -> None:
    """Play the same table under each value of a rule option or of the deck and print one summary row per value.

    Every value is played with the same seed, so the rows differ by the values only; the output
    opens with the figures that change beyond chance. Example: cardforge sweep firecrackers
    --players 4 --set explosion_threshold=8..12 --set actions.treasure.coins=1,2,3 --games 500;
    every table size: cardforge sweep firecrackers --set players=2..10 --set explosion_threshold=8..12
    """
    args = TableArgs(players, games, bots, seed, workers, scheduler, rules, expansion_id, settings)
    table = open_table(project_dir, game_id, args)
    check_report(report_path)
    combos = table.combinations(sweeps)
    names = list(combos[0].values) if combos else []
    if not names:
        usage_error("--set: give at least one PATH=V1,V2,...")
    cells = [table.cell(combo) for combo in combos]
    played = play(cells, args, f"{game_id} sweep", as_json, results_dir=results_dir,
                  identities=[table.identity(c.changes) for c in combos])
    total = sum(c.games for c in cells) or 1
    rows = []
    for combo, cell, result in zip(combos, cells, played.results):
        share = played.elapsed_s * len(result.records) / total  # the cell's share of the time
        summary = table.summary(result, share, combo.changes, cell.definition)
        rows.append(SweepRow(combo.values, summary, tuple(table.figures(result, with_game=False))))
    if report_path is not None:
        write_text(report_path, sweep_report(rows, names))
    if as_json:
        click.echo(json.dumps(sweep_json(rows, names), ensure_ascii=False))
    else:
        click.echo(sweep_text(rows, names))
        if played.resumed:
            click.echo(f"{played.resumed} of {len(cells)} combinations read back from {display_path(results_dir)}"
                       if results_dir is not None else "")
        if report_path is not None:
            click.echo(f"report written to {display_path(report_path)}")


def sweep_json(rows: list[SweepRow], names: list[str]) -> dict[str, Any]:
    """The ``--json`` object: the sweep's findings (shaped as ``simulate --json``'s) and its rows."""
    return {"findings": [f.to_json() for f in sweep_findings(rows, names)], "rows": [row.to_json() for row in rows]}
