"""What ``simulate``, ``sweep`` and ``compare`` share: the table options, a table as the command line
describes it (definition, simulator, players, bots, rules, what-ifs on the deck), and playing
cells on the chosen executor (local processes or a Dask cluster) with a progress bar."""

from __future__ import annotations

import itertools
import math
import os
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NoReturn, Sequence

import click

from ..app.catalog import GAMES
from ..app.simulators import simulator_for
from ..files.atomicio import OutputError, check_folder, check_target, write_atomic
from ..files.paths import display_path, followed
from ..loader import DefinitionErrors, load_project
from ..loader.whatif import (
    DeckValue,
    WhatIfError,
    check_path,
    digest,
    nearest_path,
    read_deck_values,
    source_file,
)
from ..model import GameDefinition, OptionValue, Project
from ..model.limits import MAX_GAMES, MAX_PLAYERS, MAX_SEED, MAX_SWEEP_RUNS, MAX_WORKERS
from ..model.options import OptionError
from ..model.suggest import closest
from ..sim.api import BotSpec, Figure, GameRecord, Simulator
from ..sim.compare import run_figures
from ..sim.errors import GameError
from ..sim.runner import (
    Cell,
    RunResult,
    TurnLimitExceeded,
    describe_cell,
    prepare,
    result_of,
    run_cells,
)
from ..sim.summary import DeckIdentity, RunSettings, RunSummary, summarize
from ..sim.sweep import value_text
from ..validate import validate_games
from . import exit_code
from .common import (
    fail,
    file_option,
    game_or_usage_error,
    open_project,
    project_option,
    usage_error,
)

# --------------------------------------------------------------------------- options


def table_options(func: Callable[..., Any], *, project: bool = True) -> Callable[..., Any]:
    """The options that describe one table and one run (shared by simulate, sweep and compare)."""
    decorators: list[Callable[[Callable[..., Any]], Callable[..., Any]]] = [
        click.option("--players", "-n", type=click.IntRange(1, MAX_PLAYERS), default=None,
                     help="Number of players (default: the smallest count the game allows)."),
        click.option("--games", "-k", type=click.IntRange(1, MAX_GAMES), default=1000, show_default=True,
                     help=f"Number of games to play (at most {MAX_GAMES:,})."),
        click.option("--bot", "bots", multiple=True, metavar="NAME[:PARAM]",
                     help="Bot of each seat in order (give one per seat), or one bot for every seat. "
                     "'best' names the game's strongest fair bot at the table's size (it may differ "
                     "with the number of players). Default: best."),
        click.option("--seed", type=click.IntRange(-MAX_SEED, MAX_SEED), default=1, show_default=True,
                     help="Run seed: the same seed gives the same games whatever the number of workers."),
        click.option("--workers", "-w", type=click.IntRange(1, MAX_WORKERS), default=None,
                     help=f"Worker processes (default: every core of this machine; at most {MAX_WORKERS})."),
        click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", callback=_scheduler_address,
                     help="Play the games on a Dask cluster through this scheduler (pip install "
                     "'cardforge[dask]'); the same seed gives the same games as on this machine."),
        click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE",
                     help="Override a rule option of the definition (repeatable)."),
        click.option("--expansion", "expansion_id", default=None, metavar="ID",
                     help="Play with an expansion of the game (for Firecrackers: scoreworks)."),
        click.option("--setting", "settings", multiple=True, metavar="NAME=VALUE",
                     help="An engine setting of the game (Firecrackers: scoreworks=KEY fixes the "
                     "Scoreworks card in play). Repeatable."),
        click.option("--json", "as_json", is_flag=True,
                     help="Print the result as JSON on stdout (no progress bar)."),
        file_option("--report", "report_path",
                    help="Write an HTML report with charts to this file (self-contained, works offline)."),
        traceback_option,
        prints_option,
        quiet_option,
    ]
    if project:
        decorators.append(project_option)
    for decorator in reversed(decorators):
        func = decorator(func)
    return func


TRACEBACK = "cardforge.traceback"
"""Where ``--traceback`` is kept for the command (``click.Context.meta``)."""

traceback_option = click.option(
    "--traceback", is_flag=True, expose_value=False, is_eager=True,
    callback=lambda ctx, param, value: ctx.meta.__setitem__(TRACEBACK, bool(value)),
    help="With a mistake in a game's rules file, show the whole Python traceback too (the message "
    "names the line of the rules file without it).")


PRINTS = "cardforge.show_prints"
"""Where ``--show-prints`` is kept for the command (``click.Context.meta``)."""

prints_option = click.option(
    "--show-prints", is_flag=True, expose_value=False,
    callback=lambda ctx, param, value: ctx.meta.__setitem__(PRINTS, bool(value)),
    help="Show what a game's rules file prints, each line marked with its game (the last 16,000 "
    "characters a game). Without it, what it prints is shown only with a game that fails.")


def _flag(key: str) -> bool:
    """Whether the running command's flag kept under ``key`` in ``click.Context.meta`` is on."""
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get(key))


def show_prints() -> bool:
    """Whether the command was given ``--show-prints``."""
    return _flag(PRINTS)


def show_traceback() -> bool:
    """Whether the command was given ``--traceback`` (or ``cardforge --traceback COMMAND``)."""
    ctx = click.get_current_context(silent=True)
    if ctx is None:
        return False
    root = ctx.find_root().obj
    return bool(ctx.meta.get(TRACEBACK) or (isinstance(root, dict) and root.get("traceback")))


def game_failed(error: GameError, cells: Sequence[Cell] = ()) -> NoReturn:
    """Exit 1 with a mistake of a game's rules: located, with the game that shows it and how to
    play that game again."""
    hint = ""
    context = error.context
    if context is not None and cells:
        cell = cells[0]
        bots = " ".join(f"--bot {bot}" for bot in context.bots) if len(set(context.bots)) > 1 else \
            f"--bot {context.bots[0]}"
        hint = (f"cardforge simulate {cell.definition.info.id} --players {context.players} {bots} --seed "
                f"{context.run_seed} --games {context.index + 1} --workers 1 (with the same --rule and --set: "
                f"its last game is game {context.index})")
    fail(error.report(replay_hint=hint, traceback=show_traceback()))


def _scheduler_address(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """``--scheduler``: a scheduler's address, checked before anything connects (usage error)."""
    from ..app.cluster import check_address  # no dask import: the address is only read

    try:
        return None if value is None else check_address(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def folder_table_options(func: Callable[..., Any]) -> Callable[..., Any]:
    """The table options without ``--project`` (``compare`` names its folders as arguments)."""
    return table_options(func, project=False)


@dataclass(frozen=True)
class TableArgs:
    """The table options as given (one object, so commands pass them on whole)."""

    players: int | None
    games: int
    bots: tuple[str, ...]
    seed: int
    workers: int | None
    scheduler: str | None
    rules: tuple[str, ...]
    expansion_id: str | None
    settings: tuple[str, ...]


# --------------------------------------------------------------------------- what-ifs


PLAYERS = "players"
"""The ``--set`` name of the number of players (a sweep over table sizes)."""


@dataclass(frozen=True)
class Axis:
    """One ``--set``: a rule option (``deck`` None), a value of the deck, or the number of players
    (``name`` is ``players``), and the values to try."""

    name: str
    values: tuple[OptionValue, ...]
    deck: DeckValue | None = None

    @property
    def is_players(self) -> bool:
        return self.name == PLAYERS and self.deck is None


@dataclass(frozen=True)
class Combination:
    """One combination of the ``--set`` values: rule overrides, changes to the deck and the number
    of players (None: the table's)."""

    values: dict[str, OptionValue]
    rules: dict[str, OptionValue]
    changes: dict[str, OptionValue]
    players: int | None = None


# --------------------------------------------------------------------------- the table


class Table:
    """A table as the command line describes it, in one project folder."""

    def __init__(self, project: Project, game_id: str, args: TableArgs, label: str = "") -> None:
        self.project = project
        self.root = Path(project.root) if project.root else None
        self.game_id = game_id
        self.args = args
        self.label = label
        self.definition: GameDefinition = game_or_usage_error(project, game_id)
        kind = self.definition.info.kind
        try:
            self.simulator: Simulator = simulator_for(kind)
        except KeyError as exc:
            usage_error(f"{game_id} cannot be simulated: {exc.args[0]}")
        except ImportError as exc:
            fail(f"{game_id}: the {kind} simulator is not available ({exc})")
        self.players = args.players if args.players is not None else self.definition.info.min_players
        if self.players not in self.definition.info.players:
            allowed = ", ".join(str(n) for n in self.definition.info.players)
            usage_error(f"{game_id} is played by {allowed} players, not {self.players} (--players)")
        self.bot_specs = tuple(BotSpec.parse(text) for text in args.bots) or (BotSpec("best"),)
        self.overrides = parse_rules(self.definition, args.rules)
        self.extra = _extra_settings(project, self.definition, self.simulator, args.expansion_id, args.settings)
        expansion = self.extra.get("expansion")
        refuse_invalid([self.definition, *([expansion] if expansion is not None else [])], self.where())
        found = [source_file(self.root, d) for d in (self.definition, expansion) if d is not None] if self.root else []
        self.files = tuple(f for f in found if f is not None)
        read_too = [Path(name) for d in (self.definition, expansion) if d is not None
                    for name in GAMES.describe(d).source_files(d)]
        self.hashed = self.files + tuple(f for f in read_too if f.is_file())
        """The files the deck is read from: the definitions, and what they read (a card list, a rules file)."""
        self.sha256 = digest(self.hashed) if self.files else None
        self._values: dict[str, DeckValue] | None = None
        self._owners: dict[str, tuple[Path, str]] = {}
        """Each ``--set`` path's file and its path inside that file."""
        self.shown_as: str | None = None
        """How the deck's folder is named in its identity (default: the folder's path)."""

    def where(self) -> str:
        """How messages name this table's deck (``A``/``B`` in a comparison)."""
        return f"{self.label}: " if self.label else ""

    # ----------------------------------------------------------------- what-ifs
    def deck_values(self) -> dict[str, DeckValue]:
        """Every value of the game's definition file that ``--set`` can change, then those of the
        expansion in play, by their path in its file after the expansion's id
        (``scoreworks.cards.2.replaces_default``)."""
        if self._values is None:
            values: dict[str, DeckValue] = {}
            try:
                for file, prefix in zip(self.files, ("", f"{self.args.expansion_id}.")):
                    for path, value in read_deck_values(file).items():
                        if prefix + path not in values:  # the game's own paths come first
                            values[prefix + path] = replace(value, path=prefix + path)
                            self._owners[prefix + path] = (followed(file), path)
            except DefinitionErrors as exc:
                fail(exc.report())
            if self.files:  # the values the definition reads from elsewhere: a card list's cells
                for path, value in GAMES.describe(self.definition).what_ifs(self.definition).items():
                    if path not in values:
                        values[path] = value
                        self._owners[path] = (self.files[0].resolve(), path)
            self._values = values
        return self._values

    def owner(self, path: str) -> tuple[Path, str] | None:
        """The file that holds the deck value at ``path`` and its path inside that file (None for
        a path ``deck_values`` does not know)."""
        self.deck_values()
        return self._owners.get(path)

    def _changes_by_file(self, changes: Mapping[str, OptionValue]) -> dict[Path, dict[str, OptionValue]]:
        """``changes`` grouped by the file that holds each value, with paths inside that file."""
        self.deck_values()
        by_file: dict[Path, dict[str, OptionValue]] = {}
        for path, value in changes.items():
            file, inside = self._owners[path]
            by_file.setdefault(file, {})[inside] = value
        return by_file

    def axis(self, assignment: str, over_rules: bool = False) -> Axis:
        """``--set NAME=V1,V2`` as an axis: a rule option by its name, else a value of the deck by
        its path in the definition file; a wrong one names the nearest correct one. A rule option
        also given with ``--rule`` is a usage error (one of them would silently lose), unless
        ``over_rules``: ``compare`` plays B's ``--set`` against A's ``--rule``."""
        name, sep, text = assignment.partition("=")
        name = name.strip()
        if not sep or not name or not text.strip():
            usage_error(f"--set: expected PATH=V1,V2,..., got {assignment!r}")
        options = self.definition.info.options
        if name in {o.name for o in options}:
            if name in self.overrides and not over_rules:
                usage_error(f"--rule {name}=... and --set {name}=...: give the option once "
                            "(--set plays each of its values, --rule fixes one)")
            return Axis(name, _once_each(name, _rule_values(self.definition, name, text)))
        if name == PLAYERS:
            return Axis(name, _once_each(name, self._player_counts(text)))
        values = self.deck_values()
        shown = " or ".join(display_path(f) for f in self.files) or f"the definition of {self.game_id}"
        if name not in values:
            known = [o.name for o in options] + list(values)
            hint = nearest_path(name, known) if known else None
            near = f"did you mean '{hint}'?" if hint else f"rule options: {', '.join(o.name for o in options) or 'none'}"
            usage_error(f"--set: '{name}' is neither a rule option of {self.game_id} nor a value of {shown} ({near})")
        try:
            deck_value = check_path(name, values, shown)
            parsed = deck_value.parse(text)
        except WhatIfError as exc:
            usage_error(f"--set: {exc}")
        return Axis(name, _once_each(name, parsed), deck_value)

    def _player_counts(self, text: str) -> list[int]:
        """``--set players=2..5`` (or ``2,4,6``): table sizes the game allows, checked."""
        if self.args.players is not None:
            usage_error("--players and --set players=...: give the number of players once")
        try:
            counts = DeckValue(PLAYERS, int, None, self.definition.info.loc).parse(text)
        except WhatIfError as exc:
            usage_error(f"--set: {exc}")
        allowed = self.definition.info.players
        wrong = [n for n in counts if n not in allowed]
        if wrong:
            usage_error(f"--set players: {self.game_id} is played by {', '.join(str(n) for n in allowed)} players, "
                        f"not {', '.join(str(n) for n in wrong)}")
        return [int(n) for n in counts]

    def combinations(self, assignments: Sequence[str], over_rules: bool = False) -> list[Combination]:
        """Every combination of the ``--set`` values (one, with no change, when none is given);
        ``over_rules``: as ``axis``'s."""
        axes = [self.axis(text, over_rules) for text in assignments]
        names = [a.name for a in axes]
        if len(set(names)) != len(names):
            usage_error("--set: each option or path may be given only once")
        runs = math.prod(len(a.values) for a in axes)
        if runs > MAX_SWEEP_RUNS:
            usage_error(f"--set: {runs:,} combinations of values; a sweep plays at most {MAX_SWEEP_RUNS}")
        if runs * self.args.games > MAX_GAMES:
            usage_error(f"--games: {runs} runs of {self.args.games:,} games are {runs * self.args.games:,} games; "
                        f"a sweep plays at most {MAX_GAMES:,}")
        combos = []
        for values in itertools.product(*(a.values for a in axes)):
            chosen = dict(zip(names, values))
            rules = {a.name: v for a, v in zip(axes, values) if a.deck is None and not a.is_players}
            changes = {a.name: v for a, v in zip(axes, values) if a.deck is not None}
            players = next((int(v) for a, v in zip(axes, values) if a.is_players), None)
            combos.append(Combination(chosen, rules, changes, players))
        return combos

    def deck(self, changes: Mapping[str, OptionValue]) -> tuple[GameDefinition, dict[str, Any]]:
        """The definition (and engine settings) with ``changes`` to the deck, read again by the
        game's own loader and checked as a build would: a changed deck that breaks the rules is
        refused, its mistakes reported at their place."""
        if not changes:
            return self.definition, self.extra
        assert self.root is not None and self.files
        said = ", ".join(f"--set {k}={v}" for k, v in changes.items())
        places = {str(self.deck_values()[k].loc): f"{k}={v}" for k, v in changes.items()}
        try:
            project = load_project(self.root, GAMES, layouts=False, only=[self.game_id],
                                   changes=self._changes_by_file(changes))
        except DefinitionErrors as exc:
            for problem in exc.problems:
                given = places.get(str(problem.loc))
                click.echo(str(problem) + (f" (the value given by --set {given})" if given else ""), err=True)
            fail(f"{self.where()}the deck changed by {said} is not a valid definition (above); nothing was played")
        definition = project.game(self.game_id)
        extra = dict(self.extra)
        if "expansion" in extra:
            extra["expansion"] = project.expansion(self.game_id, self.args.expansion_id or "")
        expansion = extra.get("expansion")
        refuse_invalid([definition, *([expansion] if expansion is not None else [])],
                        f"{self.where()}the deck changed by {said}: ")
        return definition, extra

    def identity(self, changes: Mapping[str, OptionValue]) -> DeckIdentity:
        """Which deck a cell plays: the folder, the definitions' hash and the changed values."""
        return DeckIdentity(
            project=self.shown_as or (str(self.root) if self.root else self.project.root),
            files=tuple(display_path(f) for f in self.hashed),
            sha256=self.sha256,
            changes=dict(changes),
        )

    # ----------------------------------------------------------------- cells
    def cell(self, combo: Combination | None = None, games: int | None = None, export: bool = False) -> Cell:
        """The cell of one combination, checked: a bot, rule or setting the engine refuses is a
        usage error, before any game is played."""
        combo = combo or Combination({}, {}, {})
        definition, extra = self.deck(combo.changes)
        players = combo.players if combo.players is not None else self.players
        cell = Cell(self.simulator, definition, players, self.bot_specs, games or self.args.games,
                    self.args.seed, {**self.overrides, **combo.rules}, extra, export)
        try:
            prepare(cell)
        except GameError as exc:
            game_failed(exc)
        except (ValueError, KeyError) as exc:
            usage_error(self.where() + (str(exc.args[0]) if exc.args else str(exc)))
        return cell

    def summary(self, result: RunResult, elapsed_s: float | None, changes: Mapping[str, OptionValue],
                definition: GameDefinition | None = None) -> RunSummary:
        """The run's statistics with its settings (``--json`` output, text and report input);
        ``definition``: the deck played (default: the table's, unchanged)."""
        settings = RunSettings(
            game_id=result.game_id, kind=result.kind, seed=result.seed, seat_bots=result.bots,
            rules=dict(result.options), extra=dict(result.extra), deck=self.identity(changes),
        )
        return summarize(result.records, result.players, competitive=result.competitive,
                         game_summary=self.simulator.summarize, game_findings=self.simulator.findings,
                         elapsed_s=elapsed_s, score_is_outcome=self.simulator.score_is_outcome,
                         settings=settings, definition=definition or self.definition)

    def figures(self, result: RunResult, *, with_game: bool = True) -> list[Figure]:
        """The figures ``compare`` and sweeps test (the game's own too, with ``with_game``)."""
        return run_figures(result.records, result.players, competitive=result.competitive,
                           score_is_outcome=self.simulator.score_is_outcome,
                           game_figures=self.simulator.figures if with_game else None)


def _once_each(name: str, values: Sequence[OptionValue]) -> tuple[OptionValue, ...]:
    """The values of one ``--set``, refused when one is given twice (it would play the same row twice)."""
    seen: set[tuple[type, OptionValue]] = set()
    for value in values:
        key = (type(value), value)
        if key in seen:
            usage_error(f"--set {name}: {value_text(value)} is given twice; give each value once")
        seen.add(key)
    return tuple(values)


def _rule_values(definition: GameDefinition, name: str, text: str) -> list[OptionValue]:
    """``V1,V2,...`` of a rule option (whole-number options also take ``A..B``), checked."""
    try:
        option = definition.info.options.get(name)
        values: list[OptionValue] = []
        items = text.split(",", MAX_SWEEP_RUNS)
        if len(items) > MAX_SWEEP_RUNS:
            raise OptionError(f"option '{name}': more than {MAX_SWEEP_RUNS} values; a sweep plays at most {MAX_SWEEP_RUNS}")
        for item in items:
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
    return values


def refuse_invalid(definitions: Sequence[GameDefinition], where: str = "") -> None:
    """Exit 1 with the findings when a definition breaks its game's rules, as ``build`` does: the
    simulator plays only decks that could be printed."""
    findings = validate_games(definitions, GAMES)
    if any(f.is_error for f in findings):
        for finding in findings:
            if finding.is_error:
                click.echo(finding.format(), err=True)
        fail(f"{where}the definitions break the rules of their games (listed above); nothing was played")


def parse_rules(definition: GameDefinition, rules: Sequence[str]) -> dict[str, OptionValue]:
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
            close = closest(name, list(simulator.settings))
            hint = f"did you mean '{close}'? " if close else ""
            usage_error(f"--setting: {definition.info.id} has no engine setting '{name}' ({hint}settings: {known})")
        extra[name] = value.strip()
    return extra


# --------------------------------------------------------------------------- playing


def workers_of(value: int | None) -> int:
    return value if value is not None else max(1, min(MAX_WORKERS, os.cpu_count() or 1))


PROGRESS_EVERY_S = 5.0
"""Seconds between two progress lines when the error stream is not a terminal (a CI log, a file)."""


class ProgressLines:
    """Progress for a stream that is not a terminal: a line every ``every`` seconds (done of total,
    rate, time left), never a bar redrawn in place. ``clock`` gives seconds (passed in: tests
    drive it)."""

    def __init__(self, total: int, label: str, write: Callable[[str], None], clock: Callable[[], float],
                 every: float = PROGRESS_EVERY_S) -> None:
        self.total, self.label, self.write, self.clock, self.every = total, label, write, clock, every
        self.done = 0
        self.start = self.last = clock()

    def __call__(self, count: int) -> None:
        self.done += count
        now = self.clock()
        if now - self.last >= self.every or (self.done >= self.total and self.last != self.start):
            self.last = now
            self.write(progress_line(self.label, self.done, self.total, now - self.start))


def progress_line(label: str, done: int, total: int, elapsed_s: float) -> str:
    """``simulate orchard x2: 4,000/10,000 games (40 %), 812 games/s, about 7 s left``."""
    rate = done / elapsed_s if elapsed_s > 0 else 0.0
    share = f" ({100 * done / total:.0f} %)" if total else ""
    left = f", about {_duration((total - done) / rate)} left" if rate > 0 and done < total else ""
    return f"{label}: {done:,}/{total:,} games{share}, {rate:,.0f} games/s{left}"


def _duration(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 120:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 120:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


QUIET = "cardforge.quiet"
"""Where ``--quiet`` is kept for the command (``click.Context.meta``)."""

quiet_option = click.option(
    "--quiet", "-q", is_flag=True, expose_value=False,
    callback=lambda ctx, param, value: ctx.meta.__setitem__(QUIET, bool(value)),
    help="No progress: neither the bar on a terminal nor the progress lines written elsewhere (a log).")


@contextmanager
def progress_bar(total: int, label: str, hidden: bool) -> Iterator[Callable[[int], None] | None]:
    """Progress on stderr: a bar on a terminal, else a line every few seconds (``ProgressLines``:
    a CI log or a file shows the run is alive); nothing when hidden (``--json``) or ``--quiet``."""
    stream = sys.stderr
    if hidden or _flag(QUIET):
        yield None
        return
    if not stream.isatty():
        def write(line: str) -> None:
            click.echo(line, err=True)

        yield ProgressLines(total, label, write, time.monotonic, PROGRESS_EVERY_S)
        return
    with click.progressbar(length=total, label=label, file=stream, show_pos=True) as bar:
        yield bar.update


def check_report(path: Path | None) -> None:
    """Refuse a --report that could not be written before any game is played."""
    if path is not None:
        try:
            check_target(path)
        except OutputError as exc:
            fail(str(exc))


def write_text(path: Path, text: str) -> None:
    """Write a report or a game file in one step (an interrupted run leaves no half-written file)."""
    try:
        write_atomic(path, text.encode("utf-8"))
    except OutputError as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"{display_path(path)}: cannot write: {exc.strerror or exc}")


@dataclass
class Played:
    """Every cell's result, and how long the playing took."""

    results: list[RunResult]
    elapsed_s: float
    resumed: int = 0


def play(cells: Sequence[Cell], args: TableArgs, label: str, hidden: bool, *,
         on_export: Callable[[GameRecord, dict[str, Any]], None] | None = None,
         results_dir: Path | None = None, identities: Sequence[DeckIdentity] = (),
         interrupted: Callable[[], str] | None = None) -> Played:
    """Play every cell on one executor (local processes, or the Dask cluster of ``--scheduler``),
    with one progress bar. With ``results_dir``, cells played earlier are read back instead of
    played, and each cell is written there as soon as it is done. A game that never ends, an
    unreachable cluster or Ctrl-C end the command without a traceback (``interrupted`` says what
    was learnt before Ctrl-C, on stderr)."""
    from ..app.runstore import ResultStore

    store = ResultStore(results_dir) if results_dir is not None else None
    if results_dir is not None:
        try:
            check_folder(results_dir)  # before any game is played, not when the first cell is done
        except OutputError as exc:
            fail(str(exc))
    descriptions = [{**describe_cell(c), "deck": _deck_key(identities[i] if i < len(identities) else None)}
                    for i, c in enumerate(cells)]
    results: list[RunResult | None] = [None] * len(cells)
    if store is not None:
        for i, (cell, description) in enumerate(zip(cells, descriptions)):
            records, problem = store.load(description)
            if problem:
                click.echo(f"note: {problem}; playing that cell again", err=True)
            if records is not None:
                results[i] = result_of(cell, records)
    todo = [i for i, r in enumerate(results) if r is None]
    if args.scheduler is not None and args.workers is not None:
        usage_error("--workers and --scheduler: the cluster's workers play the games; give one of them")
    executor = _executor(args) if todo else None
    start = time.perf_counter()
    kept = [len(cells) - len(todo)]  # cells in results_dir: read back, then each one written

    def done(number: int, result: RunResult) -> None:
        index = todo[number]
        results[index] = result
        if store is not None:
            try:
                store.save(descriptions[index], result.records)
            except OutputError as exc:
                fail(str(exc))
            except OSError as exc:
                fail(f"{display_path(store.folder)}: cannot write: {exc.strerror or exc}")
            kept[0] += 1

    try:
        with progress_bar(sum(cells[i].games for i in todo), label, hidden) as progress:
            if todo:
                run_cells([cells[i] for i in todo], executor=executor, progress=progress, on_export=on_export,
                          on_result=done)
    except TurnLimitExceeded as exc:
        fail(f"{exc}")
    except GameError as exc:
        game_failed(exc, cells)
    except KeyboardInterrupt as exc:
        if interrupted is not None:
            click.echo(interrupted(), err=True)
        fail("interrupted" + (f" (finished cells are in {display_path(results_dir)})"
                              if results_dir is not None and kept[0] else ""), exit_code(exc))
    finally:
        close = getattr(executor, "close", None)
        if close is not None:
            close()
    elapsed = time.perf_counter() - start
    return Played([r for r in results if r is not None], elapsed, len(cells) - len(todo))


def _deck_key(identity: DeckIdentity | None) -> dict[str, Any]:
    """The part of a deck's identity that fixes its games (not where the folder is)."""
    if identity is None:
        return {}
    return {"sha256": identity.sha256, "changes": dict(identity.changes)}


def _executor(args: TableArgs) -> Any:
    """Local processes, or a connected Dask cluster (a clear error within seconds when it cannot
    be reached)."""
    from ..app.guarded import GuardedExecutor

    if args.scheduler is None:
        return GuardedExecutor(workers_of(args.workers), show_prints=show_prints())
    from ..app.cluster import ClusterError, DaskExecutor

    try:
        return DaskExecutor.connect(args.scheduler)
    except ClusterError as exc:
        fail(str(exc))


def open_table(project_dir: Path | None, game_id: str, args: TableArgs, label: str = "") -> Table:
    """The table of ``game_id`` in the project folder (``--project`` or a compared folder)."""
    return Table(open_project(project_dir), game_id, args, label)
