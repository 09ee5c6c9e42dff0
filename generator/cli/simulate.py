"""``cardforge simulate`` and ``replay``: play many games of a definition with bots (with what-ifs
on the deck), and replay community game files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import click

from ..app.catalog import GAMES
from ..app.report.html import simulation_report
from ..app.report.tables import cell_text
from ..app.report.text import summary_text
from ..app.simulators import simulator_for
from ..files.atomicio import OutputError, check_folder
from ..files.paths import display_path
from ..files.saferead import MAX_REPLAY_BYTES, ReadError, load_json, read_regular
from ..model import GameDefinition, Project
from ..model.limits import MAX_GAMES
from ..sim import skill, traces
from ..sim.api import GameRecord, ReplayError, Simulator
from ..sim.errors import GameError
from ..app.guarded import call_guarded
from ..validate import validate_games
from .common import (
    EXIT_ERROR,
    fail,
    folder_option,
    game_or_usage_error,
    open_project,
    project_option,
    usage_error,
)
from .table import (
    TableArgs,
    check_report,
    open_table,
    parse_rules,
    play,
    refuse_invalid,
    show_traceback,
    table_options,
    traceback_option,
    write_text,
)


def _game_writer(directory: Path) -> tuple[Callable[[GameRecord, dict[str, Any]], None], list[int]]:
    """A callback writing each game's community file as ``DIR/game-00001.json`` (numbered from 1) as
    soon as it is played, and the list of exported indexes it fills."""
    try:
        check_folder(directory)
        directory.mkdir(parents=True, exist_ok=True)
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{display_path(directory)}: cannot create: {exc.strerror or exc}")
    earlier = sorted(directory.glob("game-*.json"))
    if earlier:
        click.echo(f"note: {display_path(directory)} already holds {len(earlier)} game files; files with the "
                   f"numbers of this run are replaced, the others are kept", err=True)
    written: list[int] = []

    def write(record: GameRecord, data: dict[str, Any]) -> None:
        write_text(directory / f"game-{record.index + 1:05d}.json", json.dumps(data, ensure_ascii=False) + "\n")
        written.append(record.index)

    return write, written


# --------------------------------------------------------------------------- simulate

@click.command("simulate")
@click.argument("game_id", metavar="GAME")
@table_options
@click.option("--set", "changes", multiple=True, metavar="PATH=VALUE",
              help="Change a value of the deck for this run, by its path in the definition file "
              "(actions.treasure.coins=3, price.base.3=1, ranks.5=2, hand_size.3=5), or a rule "
              "option by its name. Repeatable; the changed deck must still pass validation.")
@folder_option("--export", "export_dir",
               help="Write every game to this folder (game-00001.json ...) in the game's community "
               "format (Hanabi: hanab.live JSON), else as a JSON trace of every decision (Sequence, "
               "Firecrackers, rules-file games); replay reads both.")
@click.option("--skill-games", type=click.IntRange(0, MAX_GAMES), default=None,
              help="Games of each step of the skill trace (random, greedy, then rollout, each "
              f"against the bot below it), for games played by the general bots (rules files); default "
              f"{skill.DEFAULT_GAMES}, or --games when fewer; 0 leaves it out.")
def simulate_command(game_id: str, players: int | None, games: int, bots: tuple[str, ...], seed: int,
                     workers: int | None, scheduler: str | None, rules: tuple[str, ...], expansion_id: str | None,
                     settings: tuple[str, ...], as_json: bool, report_path: Path | None,
                     project_dir: Path | None, changes: tuple[str, ...], export_dir: Path | None,
                     skill_games: int | None) -> None:
    """Play GAME many times with bots and print score, length and win statistics.

    The summary opens with what to look at (seats that are not equal, cards whose buyers win far
    more than the others, games that run long...). Example: cardforge simulate firecrackers
    --players 4 --games 1000 --set actions.treasure.coins=3
    """
    args = TableArgs(players, games, bots, seed, workers, scheduler, rules, expansion_id, settings)
    table = open_table(project_dir, game_id, args)
    check_report(report_path)
    if export_dir is not None and table.simulator.export_game is None and table.simulator.trace_game is None:
        usage_error(f"--export: {game_id} has no game file format to export to")
    combos = table.combinations(changes)
    if len(combos) != 1:
        usage_error("--set: simulate plays one deck; give one value per path (sweep tries several)")
    combo = combos[0]
    cell = table.cell(combo, export=export_dir is not None)
    if skill_games is None:
        skill_games = min(skill.DEFAULT_GAMES, games)
    ladder = skill.skill_cells(table.simulator, cell.definition, cell.players, cell.seed, games=skill_games,
                               options=cell.options, extra=cell.extra) \
        if skill_games and skill.has_skill_trace(table.simulator) else []
    write_game, exported = _game_writer(export_dir) if export_dir is not None else (None, [])
    played = play([cell], args, f"{game_id} x{cell.players}", as_json, on_export=write_game,
                  identities=[table.identity(combo.changes)])
    summary = table.summary(played.results[0], played.elapsed_s, combo.changes, cell.definition)
    if ladder:  # after the run, so its time and speed are its own
        climbed = play(ladder, args, f"{game_id} skill trace", as_json)
        summary = summary.with_skill(skill.skill_trace(climbed.results, cell.players))
    if report_path is not None:
        write_text(report_path, simulation_report(summary))
    if as_json:
        click.echo(json.dumps(summary.to_json(), ensure_ascii=False))
    else:
        click.echo(summary_text(summary))
        if export_dir is not None:
            click.echo(f"exported {len(exported)} games to {display_path(export_dir)}")
        if report_path is not None:
            click.echo(f"report written to {display_path(report_path)}")


# --------------------------------------------------------------------------- replay

@click.command("replay")
@click.argument("game_id", metavar="GAME")
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object per file on stdout.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
              help="Override a rule option where a file does not record it (a note says when it does).")
@project_option
@traceback_option
def replay_command(game_id: str, files: tuple[Path, ...], as_json: bool, rules: tuple[str, ...],
                   project_dir: Path | None) -> None:
    """Replay recorded games of GAME (Hanabi: hanab.live JSON; others: simulate --export traces)
    and print each game's result.

    Every file is tried; an illegal action is reported as FILE: action N: reason (N counts from
    0), and the command then exits 1. A trace is dealt again from its seed and must come to the
    outcome it records; a game played with an expansion is replayed with the project's.
    Example: cardforge replay hanabi game.json --json
    """
    project = open_project(project_dir)
    definition = game_or_usage_error(project, game_id)
    try:
        simulator: Simulator | None = simulator_for(definition.info.kind)
    except KeyError:
        simulator = None
    replayer = simulator.replayer if simulator is not None else None
    if simulator is None or replayer is None:
        usage_error(f"{game_id} has no game file format to replay")
    refuse_invalid([definition])
    overrides = parse_rules(definition, rules)

    failed = False
    for path in files:
        name = display_path(path)
        try:
            data = load_json(read_regular(path, MAX_REPLAY_BYTES, "game file"))
        except ReadError as exc:
            click.echo(f"{name}: {exc}", err=True)
            failed = True
            continue
        if not isinstance(data, dict):
            click.echo(f"{name}: not a {replayer.file_format} game (expected a JSON object)", err=True)
            failed = True
            continue
        foreign = traces.foreign_trace(data, definition.info.kind, name)
        if foreign is not None:  # read as the game's own format, it would fail on a field it lacks
            click.echo(f"{name}: {foreign}", err=True)
            failed = True
            continue
        fixed = replayer.recorded_rules(data)
        for rule, value in overrides.items():
            if rule in fixed and fixed[rule] != value:
                click.echo(f"note: {name}: --rule {rule} not used: the file was played with "
                           f"{rule}={cell_text(fixed[rule])}", err=True)
        try:
            settings = _file_settings(project, definition, simulator, data)
            if simulator.runs_designer_code:  # whatever the rules file does, this command goes on to say so
                rules_path = getattr(getattr(definition, "engine", None), "path", None)
                outcome = call_guarded(replayer.replay, definition, data, overrides,
                                       where=f"{rules_path}:1" if isinstance(rules_path, str) else "", **settings)
            else:
                outcome = replayer.replay(definition, data, overrides, **settings)
        except ReplayError as exc:
            where = f"action {exc.action_index}: " if exc.action_index is not None else ""
            click.echo(f"{name}: {where}{exc.reason}", err=True)
            failed = True
            continue
        except GameError as exc:  # a mistake of the rules file the game is played by
            click.echo(f"{name}: {exc.report(traceback=show_traceback())}", err=True)
            failed = True
            continue
        if as_json:
            click.echo(json.dumps({"file": name, **outcome}, ensure_ascii=False))
        else:
            click.echo(f"{name}: {replayer.describe(outcome)}")
    if failed:
        raise SystemExit(EXIT_ERROR)


def _file_settings(project: Project, definition: GameDefinition, simulator: Simulator,
                   data: dict[str, Any]) -> dict[str, Any]:
    """The engine settings a game file names, resolved as --expansion and --setting are (the
    expansion looked up in the project and checked like the game); ReplayError when it cannot be."""
    replayer = simulator.replayer
    named = replayer.recorded_settings(data) if replayer is not None and replayer.recorded_settings else {}
    settings: dict[str, Any] = {}
    for name, value in named.items():
        if name != "expansion" and name not in simulator.settings:
            raise ReplayError(None, f"'settings': {definition.info.id} has no engine setting '{name}'")
        if name != "expansion":
            settings[name] = value
    if "expansion" in named:
        try:
            expansion = project.expansion(definition.info.id, named["expansion"])
        except KeyError as exc:
            raise ReplayError(None, f"the game was played with the expansion '{named['expansion']}': "
                                    f"{exc.args[0]}") from None
        if any(f.is_error for f in validate_games([expansion], GAMES)):
            raise ReplayError(None, f"the expansion '{expansion.info.id}' breaks its rules (cardforge validate "
                                    f"{expansion.info.id} lists them)")
        settings["expansion"] = expansion
    return settings


COMMANDS = [simulate_command, replay_command]
