"""``cardforge simulate``, ``replay`` and ``sweep``: play many games of a definition with bots,
replay community game files, and compare a rule option's values."""

from __future__ import annotations

import itertools
import json
import math
import os
import sys
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import click

from ..atomicio import OutputError, check_folder, check_target, write_atomic
from ..model import GameDefinition, OptionValue, Project
from ..model.limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED, MAX_SWEEP_RUNS, MAX_WORKERS
from ..model.options import OptionError
from ..paths import display_path
from ..saferead import MAX_REPLAY_BYTES, ReadError, load_json, read_regular
from ..report.html import simulation_report, sweep_report
from ..report.tables import cell_text
from ..report.text import summary_text, sweep_text
from ..sim.api import BotSpec, GameRecord, ReplayError, Simulator
from ..sim.registry import simulator_for
from ..sim.runner import RunResult, TurnLimitExceeded, check_table, run
from ..sim.stats import summarize
from ..validate import validate_games
from . import exit_code
from .common import (
    EXIT_ERROR,
    fail,
    file_option,
    folder_option,
    game_or_usage_error,
    open_project,
    project_option,
    usage_error,
)

# --------------------------------------------------------------------------- shared table options

def _table_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The options that describe one table and one run (shared by simulate and sweep)."""
    decorators = [
        click.argument("game_id", metavar="GAME"),
        click.option("--players", "-n", type=click.IntRange(1, MAX_PLAYERS), default=None,
                     help="Number of players (default: the smallest count the game allows)."),
        click.option("--games", "-k", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
                     help=f"Number of games to play (at most {MAX_GAMES:,})."),
        click.option("--bot", "bots", multiple=True, metavar="NAME[:PARAM]",
                     help="Bot of each seat in order (give one per seat), or one bot for every seat. "
                     "'best' names the game's strongest fair bot. Default: best."),
        click.option("--seed", type=click.IntRange(-MAX_SEED, MAX_SEED), default=1, show_default=True,
                     help="Run seed: the same seed gives the same games whatever the number of workers."),
        click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=None,
                     help=f"Worker processes (default: every core of this machine; at most {MAX_WORKERS})."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                     help="Override a rule option of the definition (repeatable)."),
        click.option("--expansion", "expansion_id", default=None, metavar="ID",
                     help="Play with an expansion of the game (for Firecrackers: scoreworks)."),
        click.option("--setting", "settings", multiple=True, metavar="NAME=VALUE",
                     help="An engine setting of the game (Firecrackers: scoreworks=KEY fixes the "
                     "Scoreworks card in play). Repeatable."),
        click.option("--json", "as_json", is_flag=True,
                     help="Print the summary as JSON on stdout (no progress bar)."),
        file_option("--report", "report_path",
                    help="Write an HTML report with charts to this file (self-contained, works offline)."),
        project_option,
    ]
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


class _Table:
    """A table as the command line describes it: definition, simulator, players, bots, rules."""

    def __init__(self, project: Project, game_id: str, players: int | None, bots: Sequence[str],
                 rules: Sequence[str], expansion_id: str | None, settings: tuple[str, ...]) -> None:
        self.definition: GameDefinition = game_or_usage_error(project, game_id)
        kind = self.definition.info.kind
        try:
            self.simulator: Simulator = simulator_for(kind)
        except KeyError as exc:
            usage_error(f"{game_id} cannot be simulated: {exc.args[0]}")
        except ImportError as exc:
            fail(f"{game_id}: the {kind} simulator is not available ({exc})")
        self.players = players if players is not None else self.definition.info.min_players
        if self.players not in self.definition.info.players:
            allowed = ", ".join(str(n) for n in self.definition.info.players)
            usage_error(f"{game_id} is played by {allowed} players, not {self.players} (--players)")
        self.bot_specs = tuple(BotSpec.parse(text) for text in bots) or (BotSpec("best"),)
        self.overrides = _parse_rules(self.definition, rules)
        self.extra = _extra_settings(project, self.definition, self.simulator, expansion_id, settings)
        _refuse_invalid([self.definition, *([self.extra["expansion"]] if "expansion" in self.extra else [])])

    def check(self, overrides: dict[str, OptionValue] | None = None) -> tuple[BotSpec, ...]:
        """Build the table once; a bot, rule or setting the engine refuses is a usage error."""
        try:
            return check_table(self.simulator, self.definition, self.players, self.bot_specs,
                               options=overrides if overrides is not None else self.overrides,
                               extra=self.extra)
        except (ValueError, KeyError) as exc:
            usage_error(str(exc.args[0]) if exc.args else str(exc))

    def play(self, games: int, seed: int, workers: int, overrides: dict[str, OptionValue],
             progress: Callable[[int], None] | None,
             on_export: Callable[[GameRecord, dict[str, Any]], None] | None = None) -> RunResult:
        """Run the games (``on_export`` receives each game's community file as it is played); a game
        that never ends or Ctrl-C ends the command without a traceback."""
        try:
            return run(self.simulator, self.definition, self.players, self.bot_specs, games, seed,
                       workers=workers, options=overrides, extra=self.extra, progress=progress,
                       on_export=on_export)
        except TurnLimitExceeded as exc:
            fail(f"{self.definition.info.id}: {exc}")
        except KeyboardInterrupt as exc:
            fail("interrupted", exit_code(exc))

    def summary(self, result: RunResult, elapsed_s: float) -> dict[str, Any]:
        """The run's statistics with its settings (``--json`` output, text and report input)."""
        summary = summarize(result.records, result.players, competitive=result.competitive,
                            game_summary=self.simulator.summarize, elapsed_s=elapsed_s,
                            score_is_outcome=self.simulator.score_is_outcome)
        settings = {
            "game_id": result.game_id,
            "kind": result.kind,
            "seed": result.seed,
            "seat_bots": list(result.bots),
            "rules": dict(result.options),
        }
        if result.extra:
            settings["extra"] = dict(result.extra)
        return {**settings, **summary}


def _refuse_invalid(definitions: Sequence[GameDefinition]) -> None:
    """Exit 1 with the findings when a definition breaks its game's rules, as ``build`` does: the
    simulator plays only decks that could be printed."""
    findings = validate_games(definitions)
    if any(f.is_error for f in findings):
        for finding in findings:
            if finding.is_error:
                click.echo(finding.format(), err=True)
        fail("the definitions break the rules of their games (listed above); nothing was played")


def _parse_rules(definition: GameDefinition, rules: Sequence[str]) -> dict[str, OptionValue]:
    try:
        overrides = definition.info.options.parse_assignments(list(rules))
    except OptionError as exc:
        usage_error(f"--rule: {exc}")
    _warn_unsimulated(definition, overrides)
    return overrides


def _warn_unsimulated(definition: GameDefinition, names: Sequence[str] | dict[str, OptionValue]) -> None:
    """A note on stderr for options the simulator does not model (they change nothing in the games)."""
    for name in names:
        if not definition.info.options.get(name).simulated:
            click.echo(f"note: rule option '{name}' is not simulated: it does not change the games", err=True)


def _extra_settings(project: Project, definition: GameDefinition, simulator: Simulator,
                    expansion_id: str | None, settings: tuple[str, ...]) -> dict[str, Any]:
    """The ``make_engine`` keywords for ``--expansion`` and each ``--setting NAME=VALUE``."""
    extra: dict[str, Any] = {}
    if expansion_id is not None:
        try:
            extra["expansion"] = project.expansion(definition.info.id, expansion_id)
        except KeyError as exc:
            usage_error(str(exc.args[0]))
    for item in settings:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            usage_error(f"--setting: expected NAME=VALUE, got {item!r}")
        if name not in simulator.settings:
            known = ", ".join(sorted(simulator.settings)) or "none"
            usage_error(f"--setting: {definition.info.id} has no engine setting '{name}' (settings: {known})")
        extra[name] = value.strip()
    return extra


def _workers(value: int | None) -> int:
    return value if value is not None else max(1, min(MAX_WORKERS, os.cpu_count() or 1))


@contextmanager
def _progress(total: int, label: str, hidden: bool) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr, or nothing when hidden (``--json``) or stderr is not a terminal."""
    stream = sys.stderr
    if hidden or not stream.isatty():
        yield None
        return
    with click.progressbar(length=total, label=label, file=stream, show_pos=True) as bar:
        yield bar.update


def _check_report(path: Path | None) -> None:
    """Refuse a --report that could not be written before any game is played."""
    if path is not None:
        try:
            check_target(path)
        except OutputError as exc:
            fail(str(exc))


def _write_text(path: Path, text: str) -> None:
    """Write a report or a game file in one step (an interrupted run leaves no half-written file)."""
    try:
        write_atomic(path, text.encode("utf-8"))
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{display_path(path)}: cannot write: {exc.strerror or exc}")


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
        _write_text(directory / f"game-{record.index + 1:05d}.json", json.dumps(data, ensure_ascii=False) + "\n")
        written.append(record.index)

    return write, written


# --------------------------------------------------------------------------- simulate

@click.command("simulate")
@_table_options
@folder_option("--export", "export_dir", help="Write every game to this folder in the game's community format "
               "(Hanabi: hanab.live JSON, game-00001.json ...).")
def simulate_command(game_id: str, players: int | None, games: int, bots: tuple[str, ...], seed: int,
                     workers: int | None, rules: tuple[str, ...], expansion_id: str | None,
                     settings: tuple[str, ...], as_json: bool, report_path: Path | None,
                     project_dir: Path | None, export_dir: Path | None) -> None:
    """Play GAME many times with bots and print score, length and win statistics.

    Example: cardforge simulate hanabi --players 3 --games 1000 --bot best --seed 7
    """
    project = open_project(project_dir)
    table = _Table(project, game_id, players, bots, rules, expansion_id, settings)
    _check_report(report_path)
    if export_dir is not None and table.simulator.export_game is None:
        usage_error(f"--export: {game_id} has no community file format to export to")
    table.check()
    write_game, exported = _game_writer(export_dir) if export_dir is not None else (None, [])
    start = time.perf_counter()
    with _progress(games, f"{game_id} x{table.players}", as_json) as progress:
        result = table.play(games, seed, _workers(workers), table.overrides, progress, on_export=write_game)
    elapsed = time.perf_counter() - start
    summary = table.summary(result, elapsed)
    if report_path is not None:
        _write_text(report_path, simulation_report(summary))
    if as_json:
        click.echo(json.dumps(summary, ensure_ascii=False))
    else:
        click.echo(summary_text(summary))
        if export_dir is not None:
            click.echo(f"exported {len(exported)} games to {display_path(export_dir)}")
        if report_path is not None:
            click.echo(f"report written to {display_path(report_path)}")


# --------------------------------------------------------------------------- sweep

def _sweep_values(definition: GameDefinition, assignment: str) -> tuple[str, list[OptionValue]]:
    """``NAME=V1,V2,...`` (whole-number options also take ``A..B``) as checked option values."""
    name, sep, text = assignment.partition("=")
    name = name.strip()
    if not sep or not name or not text.strip():
        usage_error(f"--set: expected OPTION=V1,V2,..., got {assignment!r}")
    try:
        option = definition.info.options.get(name)
        values: list[OptionValue] = []
        for item in text.split(","):
            low, dots, high = item.partition("..")
            if dots and option.kind is int:
                try:
                    first, last = int(low), int(high)
                except ValueError:
                    raise OptionError(f"option '{name}': bad range {item!r}") from None
                if last - first + 1 > MAX_SWEEP_RUNS - len(values):
                    raise OptionError(f"option '{name}': {item} is {last - first + 1:,} values; a sweep plays "
                                      f"at most {MAX_SWEEP_RUNS}")
                values.extend(option.check(v) for v in range(first, last + 1))
            else:
                values.append(option.parse(item))
    except OptionError as exc:
        usage_error(f"--set: {exc}")
    if not values:
        usage_error(f"--set: no values for '{name}'")
    _warn_unsimulated(definition, [name])
    return name, values


@click.command("sweep")
@_table_options
@click.option("--set", "sweeps", multiple=True, required=True, metavar="OPTION=V1,V2,...",
              help="A rule option and the values to try (whole numbers also take A..B). Repeat to "
              "try every combination.")
def sweep_command(game_id: str, players: int | None, games: int, bots: tuple[str, ...], seed: int,
                  workers: int | None, rules: tuple[str, ...], expansion_id: str | None,
                  settings: tuple[str, ...], as_json: bool, report_path: Path | None,
                  project_dir: Path | None, sweeps: tuple[str, ...]) -> None:
    """Play the same table under each value of a rule option and print one summary row per value.

    Every value is played with the same seed, so the rows differ by the rule only.
    Example: cardforge sweep firecrackers --players 4 --set explosion_threshold=8..12 --games 500
    """
    project = open_project(project_dir)
    table = _Table(project, game_id, players, bots, rules, expansion_id, settings)
    _check_report(report_path)
    axes = [_sweep_values(table.definition, text) for text in sweeps]
    names = [name for name, _ in axes]
    if len(set(names)) != len(names):
        usage_error("--set: each option may be swept only once")
    runs = math.prod(len(v) for _, v in axes)
    if runs > MAX_SWEEP_RUNS:
        usage_error(f"--set: {runs:,} combinations of values; a sweep plays at most {MAX_SWEEP_RUNS}")
    if runs * games > MAX_GAMES:
        usage_error(f"--games: {runs} runs of {games:,} games are {runs * games:,} games; a sweep plays at most {MAX_GAMES:,}")
    combos = [dict(zip(names, values)) for values in itertools.product(*(v for _, v in axes))]
    for combo in combos:
        table.check({**table.overrides, **combo})
    rows: list[dict[str, Any]] = []
    with _progress(games * len(combos), f"{game_id} sweep", as_json) as progress:
        for combo in combos:
            start = time.perf_counter()
            result = table.play(games, seed, _workers(workers), {**table.overrides, **combo}, progress)
            rows.append({"set": combo, **table.summary(result, time.perf_counter() - start)})
    if report_path is not None:
        _write_text(report_path, sweep_report(rows, names))
    if as_json:
        click.echo(json.dumps(rows, ensure_ascii=False))
    else:
        click.echo(sweep_text(rows, names))
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
def replay_command(game_id: str, files: tuple[Path, ...], as_json: bool, rules: tuple[str, ...],
                   project_dir: Path | None) -> None:
    """Replay recorded games of GAME (Hanabi: hanab.live JSON) and print each game's result.

    Every file is tried; an illegal action is reported as FILE: action N: reason, and the command
    then exits 1. Example: cardforge replay hanabi game.json --json
    """
    project = open_project(project_dir)
    definition = game_or_usage_error(project, game_id)
    try:
        replayer = simulator_for(definition.info.kind).replayer
    except KeyError:
        replayer = None
    if replayer is None:
        usage_error(f"{game_id} has no game file format to replay")
    _refuse_invalid([definition])
    overrides = _parse_rules(definition, rules)

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
        fixed = replayer.recorded_rules(data)
        for rule, value in overrides.items():
            if rule in fixed and fixed[rule] != value:
                click.echo(f"note: {name}: --rule {rule} not used: the file was played with "
                           f"{rule}={cell_text(fixed[rule])}", err=True)
        try:
            outcome = replayer.replay(definition, data, overrides)
        except ReplayError as exc:
            where = f"action {exc.action_index}: " if exc.action_index is not None else ""
            click.echo(f"{name}: {where}{exc.reason}", err=True)
            failed = True
            continue
        if as_json:
            click.echo(json.dumps({"file": name, **outcome}, ensure_ascii=False))
        else:
            click.echo(f"{name}: {replayer.describe(outcome)}")
    if failed:
        raise SystemExit(EXIT_ERROR)


COMMANDS = [simulate_command, replay_command, sweep_command]
