"""``cardforge tune``: the values of rule options or of the deck that meet the designer's goals
(seats equal, a first seat's edge, a length, a score, a card's use), found by a race over the values
(``generator.sim.tune``), confirmed by fresh games, with what the change does to the rest."""

from __future__ import annotations

import json
import math
import time
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Sequence

import click

from ..app.report.tune import estimate_text, tune_report, tune_text
from ..files.paths import display_path
from ..model import OptionValue
from ..model.limits import MAX_GAMES, MAX_SWEEP_RUNS
from ..model.suggest import closest
from ..sim.api import Figure
from ..sim.compare import compare_figures
from ..sim.goals import FIRST_SEAT_EDGE, SEATS_EQUAL, Goal, GoalError, Verdict, parse_goal
from ..sim.runner import Cell, RunResult
from ..sim.sweep import value_text
from ..sim.tune import (
    FIRST_BATCH,
    MIN_CONFIRMATION,
    Batch,
    Candidate,
    Finish,
    Knob,
    Outcome,
    Search,
    candidate,
    candidates,
    confirmation_seed,
    ranked,
    screen_seed,
)
from .common import fail, file_option, folder_option, usage_error
from .table import PLAYERS, Combination, Table, TableArgs, check_report, open_table, play, table_options, write_text

DEFAULT_BUDGET = 50_000
MAX_GRID = 10**9
"""The most combinations of values a tune screens (beyond MAX_SWEEP_RUNS, with Optuna)."""
SCREEN_TRIALS = 96
SCREEN_BATCH = 8
SCREEN_GAMES = 200
RACE_FINALISTS = 12
CHANGE_PENALTY = 0.1
"""Added to a screened combination's deviation for each value it changes (fewer changes preferred)."""
UNMEASURED = 10.0
"""The deviation of a goal a screened combination's games cannot measure."""
DECIMAL_STEPS = 10
"""A decimal range without a step is tried at this many steps (eleven values, ends included)."""


@click.command("tune")
@click.argument("game_id", metavar="GAME")
@table_options
@click.option("--vary", "varies", multiple=True, required=True, metavar="PATH=LO..HI[:STEP]",
              help="A rule option (by its name) or a value of the deck (by its path in the definition "
              "file, as --set takes it) and the values to try: LO..HI (whole numbers: each one; decimals: "
              f"{DECIMAL_STEPS} steps), LO..HI:STEP, or V1,V2,... Repeat to vary several values.")
@click.option("--goal", "goal_texts", multiple=True, required=True, metavar="GOAL",
              help="What the values should achieve: seats-equal[=POINTS] (every seat's win rate within "
              "2 points of the other seats' mean by default), first-seat-edge=0[±POINTS], length=TURNS[±T], rounds=N, "
              "decisions=N, score=N (the mean score), or any figure of simulate's report in a band "
              "('rocket buy rate=20..30', in points for a rate). Repeat: every goal must be met.")
@click.option("--confidence", type=click.FloatRange(0.5, 0.999), default=0.95, show_default=True,
              help="How sure the confirmation must be that every goal is met.")
@click.option("--budget", type=click.IntRange(MIN_CONFIRMATION, 10 * MAX_GAMES), default=DEFAULT_BUDGET,
              show_default=True, help="The most games the whole tune plays (search, confirmation and the "
              "definition's own values).")
@click.option("--time-limit", type=click.FloatRange(1, None), default=None, metavar="SECONDS",
              help="Start no new round after this many seconds (a confirmation is sized to end near it).")
@folder_option("--results", "results_dir",
               help="Write each batch of games to this folder as soon as it is played; the same tune run "
               "again (after Ctrl-C, or with a larger --budget) reads them back and goes on.")
@click.option("--apply", "apply_values", is_flag=True,
              help="Write the chosen values into the definition file (keeping its comments and layout).")
def tune_command(game_id: str, players: int | None, games: int, bots: tuple[str, ...], seed: int,
                 workers: int | None, scheduler: str | None, rules: tuple[str, ...], expansion_id: str | None,
                 settings: tuple[str, ...], as_json: bool, report_path: Path | None, project_dir: Path | None,
                 varies: tuple[str, ...], goal_texts: tuple[str, ...], confidence: float, budget: int,
                 time_limit: float | None, results_dir: Path | None, apply_values: bool) -> None:
    """Find the values of rule options or of the deck that meet goals, such as seats that win equally.

    A race over the values: each round plays the values still in it on the same seeds, twice as
    many games as the round before; a value whose interval misses a goal leaves; the value nearest
    the definition's whose estimates meet every goal is chosen and confirmed by fresh games, with
    its interval, and played against the definition's own values. Example: cardforge tune nothanks --players 4 --bot greedy --vary chips=5..15 --goal
    seats-equal=3 (--games is not used: the search sizes its own runs).
    """
    args = TableArgs(players, games, bots, seed, workers, scheduler, rules, expansion_id, settings)
    table = open_table(project_dir, game_id, args)
    check_report(report_path)
    goals = _goals(goal_texts, table)
    knobs = [_knob(table, text) for text in varies]
    if len({k.name for k in knobs}) != len(knobs):
        usage_error("--vary: each option or path may be given only once")
    count = math.prod(len(k.values) for k in knobs)
    if count > MAX_GRID:
        usage_error(f"--vary: {count:,} combinations of values; tune screens at most {MAX_GRID:,}")
    if count > MAX_SWEEP_RUNS:
        try:
            import optuna  # noqa: F401  (the screening of a large grid)
        except ImportError:
            usage_error(f"--vary: {count:,} combinations of values; beyond {MAX_SWEEP_RUNS} tune screens them with "
                        "a Bayesian search: pip install 'cardforge[tune]' (or narrow a range, or give a larger :STEP)")
    if apply_values:
        _check_apply(table, knobs)
    first = FIRST_BATCH * count if count <= MAX_SWEEP_RUNS else SCREEN_GAMES * SCREEN_BATCH
    least = _reserve(budget) + first
    if budget < least:
        usage_error(f"--budget {budget:,}: the first round plays {first:,} games and {_reserve(budget):,} are kept "
                    f"for the confirmation; give at least {least:,}")
    tuner = _Tuner(table, args, knobs, goals, confidence, budget, time_limit, results_dir, as_json)
    outcome = tuner.run()
    if report_path is not None:
        write_text(report_path, tune_report(outcome, table_title(table)))
    applied = _apply(table, outcome) if apply_values and outcome.finish is Finish.MET else []
    if as_json:
        click.echo(json.dumps({"game": game_id, "players": table.players, "seed": seed,
                               "bots": [str(b) for b in table.bot_specs], **outcome.to_json(),
                               "applied": applied}, ensure_ascii=False))
        return
    click.echo(tune_text(outcome, table_title(table), _command_line(table, outcome)))
    if apply_values:
        if outcome.finish is not Finish.MET:
            click.echo("--apply: nothing written (no value met every goal with the confidence asked)")
        for line in applied:
            click.echo(line)
    if report_path is not None:
        click.echo(f"report written to {display_path(report_path)}")


def _definition_values(knobs: Sequence[Knob]) -> Candidate:
    """The definition's own values as a candidate (a knob whose value the definition leaves out,
    or that is not among the values tried, takes its first value)."""
    return candidate(knobs, [k.current if k.current in k.values else k.values[0] for k in knobs])


def _reserve(budget: int) -> int:
    """Games of the budget the race leaves for the confirmation."""
    return max(MIN_CONFIRMATION, budget // 4)


def table_title(table: Table) -> str:
    bots = ", ".join(str(b) for b in table.bot_specs)
    rules = ", ".join(f"{k}={value_text(v)}" for k, v in table.overrides.items())
    return (f"{table.game_id}: {table.players} players, bots: {bots}, seed {table.args.seed}"
            + (f", rules: {rules}" if rules else ""))


# --------------------------------------------------------------------------- reading the options


def _goals(texts: Sequence[str], table: Table) -> list[Goal]:
    goals = []
    for text in texts:
        try:
            goal = parse_goal(text)
        except GoalError as exc:
            usage_error(str(exc))
        if goal.kind in (SEATS_EQUAL, FIRST_SEAT_EDGE) and (not table.simulator.competitive or table.players < 2):
            usage_error(f"--goal {text}: {table.game_id} at {table.players} players has no seats that compete")
        goals.append(goal)
    return goals


def _knob(table: Table, text: str) -> Knob:
    """A ``--vary`` as the values to try, checked as ``sweep --set`` checks them, with the
    definition's own value."""
    name, sep, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not sep or not name or not spec:
        usage_error(f"--vary: expected PATH=LO..HI, got {text!r}")
    if name == PLAYERS:
        usage_error("--vary players: tune varies the game, not the table; give --players")
    options = table.definition.info.options
    if name in {o.name for o in options}:
        option = options.get(name)
        kind: type = option.kind
        current: OptionValue | None = table.definition.info.options.resolve(None)[name]
    else:
        values = table.deck_values()
        found = values.get(name)
        if found is None:
            table.axis(text)  # names the nearest correct path (usage error)
        kind = found.kind if found is not None else str
        current = found.value if found is not None else None
    axis = table.axis(f"{name}={_listed(name, spec, kind)}")
    return Knob(axis.name, tuple(axis.values), current)


def _listed(name: str, spec: str, kind: type) -> str:
    """``LO..HI[:STEP]`` written out as ``V1,V2,...`` (what ``--set`` takes); a list as it is."""
    low, dots, rest = spec.partition("..")
    if not dots:
        return spec
    high, colon, step_text = rest.partition(":")
    try:
        first, last = Decimal(low.strip()), Decimal(high.strip())
        step = Decimal(step_text.strip()) if colon else None
    except InvalidOperation:
        usage_error(f"--vary {name}={spec}: expected LO..HI or LO..HI:STEP with numbers")
    if not (first.is_finite() and last.is_finite()) or last < first:
        usage_error(f"--vary {name}={spec}: the range's low end comes first")
    if kind is int:
        if first != first.to_integral_value() or last != last.to_integral_value():
            usage_error(f"--vary {name}={spec}: {name} takes whole numbers")
        step = step if step is not None else Decimal(1)
        if step != step.to_integral_value():
            usage_error(f"--vary {name}={spec}: a whole number's step is a whole number")
    elif kind is float:
        step = step if step is not None else (last - first) / DECIMAL_STEPS or Decimal(1)
    else:
        usage_error(f"--vary {name}: a range needs a number; list the values (V1,V2,...)")
    if step <= 0:
        usage_error(f"--vary {name}={spec}: the step is above 0")
    count = int((last - first) / step) + 1
    if count > MAX_SWEEP_RUNS:
        usage_error(f"--vary {name}={spec}: {count:,} values; tune tries at most {MAX_SWEEP_RUNS}")
    values = [first + i * step for i in range(count)]
    return ",".join(_decimal_text(v) for v in values)


def _decimal_text(value: Decimal) -> str:
    text = format(value.normalize(), "f")
    return text if text != "-0" else "0"


# --------------------------------------------------------------------------- playing


class _Tuner:
    """The tune of one table: the race, then the confirmation and the definition's own values."""

    def __init__(self, table: Table, args: TableArgs, knobs: Sequence[Knob], goals: Sequence[Goal],
                 confidence: float, budget: int, time_limit: float | None, results_dir: Path | None,
                 hidden: bool) -> None:
        self.table = table
        self.args = args
        self.knobs = tuple(knobs)
        self.goals = list(goals)
        self.budget = budget
        self.time_limit = time_limit
        self.results_dir = results_dir
        self.hidden = hidden
        self.confidence = confidence
        self.grid = math.prod(len(k.values) for k in knobs)
        self.search = Search(candidates(knobs) if self.grid <= MAX_SWEEP_RUNS else [_definition_values(knobs)], goals,
                             seed=args.seed, confidence=confidence, seats=table.players)
        """The race (over a screening's finalists when the grid is too large to race whole)."""
        self.cells: dict[tuple[OptionValue, ...] | None, Cell] = {}
        self.start = time.perf_counter()
        self.played_s = 0.0
        self.played_games = 0
        self.spent_outside = 0
        """Games of the definition's own values (the search counts its rounds and confirmations)."""

    # ----------------------------------------------------------------- helpers
    def combination(self, candidate: Candidate | None) -> Combination:
        """The table's combination of a candidate's values (None: the definition's own values)."""
        values = dict(candidate.values) if candidate is not None else {}
        rules = {k.name: values[k.name] for k in self.knobs if candidate is not None and k.name in _option_names(self.table)}
        changes = {k: v for k, v in values.items() if k not in rules}
        return Combination(values, rules, changes)

    def cell(self, candidate: Candidate | None) -> Cell:
        """The cell of a candidate (None: the definition's values), made once."""
        key = None if candidate is None else tuple(candidate.values[k.name] for k in self.knobs)
        if key not in self.cells:
            self.cells[key] = self.table.cell(self.combination(candidate), games=1)
        return self.cells[key]

    def candidate(self, index: int | None) -> Candidate | None:
        return None if index is None else self.search.candidates[index]

    def games_left(self) -> int:
        return self.budget - self.search.spent - self.search.confirmed_games - self.spent_outside

    def seconds_left(self) -> float:
        return math.inf if self.time_limit is None else self.time_limit - (time.perf_counter() - self.start)

    def play(self, jobs: Sequence[tuple[Candidate | None, int, int]], label: str) -> list[RunResult]:
        """Play ``(candidate, games, seed)`` cells on one executor, each kept under ``--results``."""
        cells = [replace(self.cell(candidate), games=games, seed=seed) for candidate, games, seed in jobs]
        identities = [self.table.identity(self.combination(c).changes) for c, _, _ in jobs]
        played = play(cells, self.args, label, self.hidden, results_dir=self.results_dir, identities=identities,
                      interrupted=self.so_far)
        if played.resumed < len(cells):  # the pace of games played now (read-back ones took no time)
            self.played_s += played.elapsed_s
            self.played_games += sum(c.games for c in cells) * (len(cells) - played.resumed) // len(cells)
        return played.results

    def so_far(self) -> str:
        """What the search knew when Ctrl-C stopped it, and how to go on."""
        played = [i for i, s in enumerate(self.search.standings) if s.games]
        if not played:
            lines = ["tune: no round finished yet"]
        else:
            names = [k.name for k in self.knobs]
            lines = ["tune so far (95 % intervals):"]
            for i in played:
                standing = self.search.standings[i]
                values = ", ".join(f"{n}={value_text(self.search.candidates[i].values[n])}" for n in names)
                estimates = "; ".join(estimate_text(e) for e in standing.estimates)
                lines.append(f"  {values}: {standing.games:,} games, {estimates}, {standing.status.value}")
        lines.append("run the same tune with --results DIR to keep every batch as it is played and go on after Ctrl-C"
                     if self.results_dir is None else "run the same tune again to go on from the batches kept")
        return "\n".join(lines)

    def figures(self, result: RunResult) -> list[Figure]:
        """The figures goals read: the run's, and the decisions of each game."""
        found = self.table.figures(result)
        keys = tuple(r.index for r in result.records)
        found.append(Figure("decisions per game", tuple(float(r.decisions) for r in result.records), keys))
        return found

    # ----------------------------------------------------------------- the tune
    def run(self) -> Outcome:
        why = ""
        attempt = 0
        if self.grid > MAX_SWEEP_RUNS:
            self.screen()
        while True:
            why = self.race()
            chosen = self.search.choice(self.confirmable())
            if chosen is None:  # the race ended without a choice: confirm its leader with what is left
                chosen = self.search.leader()
                if chosen is None or self.confirmable() < MIN_CONFIRMATION:
                    break
            while True:  # confirm: fresh games until every goal is met or one is missed
                wanted = self.search.confirmation_games(chosen)
                games = min(wanted if wanted is not None else MAX_GAMES, self.confirmable())
                if games < MIN_CONFIRMATION:
                    verdicts = self.search.verdicts(chosen)
                    finish = Finish.MET if all(v is Verdict.MET for v in verdicts) else Finish.UNCONFIRMED
                    return self.finish(finish, chosen, why=why or "the budget ran out")
                seed = confirmation_seed(self.args.seed, attempt)
                attempt += 1
                result = self.play([(self.candidate(chosen), games, seed)], f"{self.table.game_id} tune: confirming")[0]
                figures = self.figures(result)
                self.search.confirm(chosen, games, figures)
                verdicts = self.search.verdicts(chosen)
                if Verdict.MISSED in verdicts:
                    self.search.leave(chosen)  # the race goes on without it
                    break
                if all(v is Verdict.MET for v in verdicts):
                    return self.finish(Finish.MET, chosen, (games, seed, result, figures), why)
        if self.search.racing():
            return self.finish(Finish.STOPPED, self.search.closest(), why=why or "the budget ran out")
        return self.finish(Finish.NONE, self.search.closest(), why=why)

    def confirmable(self) -> int:
        """Games a confirmation may play: what the budget and the time limit leave."""
        return max(0, min(self.games_left(), MAX_GAMES, self.affordable()))

    def affordable(self) -> int:
        """Games that fit in the time left at the pace measured so far (no limit without one)."""
        left = self.seconds_left()
        if math.isinf(left) or not self.played_games:
            return MAX_GAMES
        return max(0, int(left * self.played_games / max(self.played_s, 1e-6)))

    def race(self) -> str:
        """Rounds until the search chooses, every value leaves, or the budget or time runs out
        (then says which)."""
        while True:
            if self.seconds_left() <= 0:
                return "the time limit ran out"
            batches = self.search.plan(self.games_left() - _reserve(self.budget))
            if not batches:
                if self.search.choice(self.confirmable()) is not None or not self.search.racing():
                    return ""
                return "the budget ran out"
            self.play_round(batches)
            self.check_figures()

    def screen(self) -> None:
        """A grid too large to race whole: a Bayesian search (Optuna's TPE sampler, seeded) plays
        SCREEN_GAMES games at each of up to SCREEN_TRIALS combinations, SCREEN_BATCH at a time on
        the same seed, minimising how far the goals' estimates lie outside their bands (plus
        CHANGE_PENALTY for each value changed); the RACE_FINALISTS best combinations, and the
        definition's own values when they are in the grid, then race as a small grid would."""
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        sampler = optuna.samplers.TPESampler(seed=self.args.seed % 2**32, n_startup_trials=SCREEN_BATCH * 2)
        study = optuna.create_study(direction="minimize", sampler=sampler)
        scores: dict[tuple[OptionValue, ...], float] = {}
        found: dict[tuple[OptionValue, ...], Candidate] = {}
        played: dict[tuple[OptionValue, ...], list[Figure]] = {}
        spent = 0
        for number in range(SCREEN_TRIALS // SCREEN_BATCH):
            room = self.games_left() - spent - _reserve(self.budget) - 2 * FIRST_BATCH * RACE_FINALISTS
            if room < SCREEN_GAMES * SCREEN_BATCH or self.seconds_left() <= 0:
                break  # the race after it keeps two rounds of its finalists
            trials = [study.ask() for _ in range(SCREEN_BATCH)]
            picks = [tuple(k.values[t.suggest_int(k.name, 0, len(k.values) - 1)] for k in self.knobs) for t in trials]
            fresh = list(dict.fromkeys(p for p in picks if p not in scores))
            seed = screen_seed(self.args.seed, number)
            jobs = [(candidate(self.knobs, p), SCREEN_GAMES, seed) for p in fresh]
            results = self.play(jobs, f"{self.table.game_id} tune: screening {number + 1}") if jobs else []
            spent += SCREEN_GAMES * len(jobs)
            for pick, (chosen, _, _), result in zip(fresh, jobs, results):
                figures = self.figures(result)
                played[pick] = figures
                deviation = 0.0
                for goal in self.goals:
                    measured = goal.measure(figures, self.confidence)
                    deviation += goal.deviation(*measured) if measured is not None else UNMEASURED
                scores[pick] = deviation + CHANGE_PENALTY * chosen.changed
                found[pick] = chosen
            for trial, pick in zip(trials, picks):
                study.tell(trial, scores[pick])
        best = sorted(scores, key=lambda p: scores[p])[:RACE_FINALISTS]
        finalists = [found[p] for p in best]
        own = _definition_values(self.knobs)
        if own.changed == 0 and all(c.values != own.values for c in finalists):
            finalists.append(own)
        self.search = Search(ranked(finalists), self.goals, seed=self.args.seed, confidence=self.confidence,
                             seats=self.table.players, screened=spent)
        self.search.screened_values = len(scores)
        for index, chosen in enumerate(self.search.candidates):  # a finalist's screening games count in the race
            pick = tuple(chosen.values[k.name] for k in self.knobs)
            if pick in played:
                self.search.add(index, SCREEN_GAMES, played[pick], counted=False)

    def play_round(self, batches: Sequence[Batch]) -> None:
        number = len(self.search.rounds) + 1
        label = f"{self.table.game_id} tune: round {number}, {len(batches)} values"
        results = self.play([(self.candidate(b.index), b.games, b.seed) for b in batches], label)
        self.search.record(batches, [self.figures(r) for r in results])

    def check_figures(self) -> None:
        """After the first round: a goal naming a figure no run reports is a usage error."""
        if len(self.search.rounds) != 1:
            return
        names = {f.name for s in self.search.standings for batch in s.figures for f in batch}
        for goal in self.goals:
            if goal.kind == "figure" and not any(n.casefold() == goal.figure.casefold() for n in names):
                hint = closest(goal.figure, sorted(names))
                usage_error(f"--goal {goal.text}: no run of {self.table.game_id} reports '{goal.figure}' "
                            + (f"(did you mean '{hint}'?)" if hint else f"(figures: {', '.join(sorted(names))})"))

    def finish(self, finish: Finish, chosen: int, last: tuple[int, int, RunResult, list[Figure]] | None = None,
               why: str = "") -> Outcome:
        """The outcome; for a confirmed choice that changes the definition, the definition's own
        values on the last confirmation's seed (paired) show what the change does to the rest."""
        changes = summary = None
        baseline = 0
        candidate = self.search.candidates[chosen]
        confirmed = tuple(self.search.final(chosen)) if self.search.standings[chosen].confirmed else ()
        if last is not None:
            games, seed, result, figures = last
            summary = self.table.summary(result, None, self.combination(candidate).changes, self.cell(candidate).definition)
            if candidate.changed and self.games_left() >= games:
                base = self.play([(None, games, seed)], f"{self.table.game_id} tune: the definition's values")[0]
                baseline = games
                self.spent_outside += games
                changes = compare_figures(self.figures(base), figures)
        return Outcome(self.search, self.knobs, finish, chosen, confirmed, baseline, changes, summary, why)


# --------------------------------------------------------------------------- applying


def _option_names(table: Table) -> set[str]:
    return {o.name for o in table.definition.info.options}


def _command_line(table: Table, outcome: Outcome) -> str:
    """The ``--set`` options that play the chosen values (simulate and sweep take them)."""
    changed = outcome.candidate.changes(outcome.knobs)
    return " ".join(f"--set {name}={value_text(value)}" for name, value in changed.items())


def _targets(table: Table, name: str) -> tuple[Path, str] | None:
    """The file and the path inside it where ``--apply`` writes ``name`` (a rule option: its
    ``options.NAME.default``), or None when the value is not written in a definition file."""
    from ..loader.whatif import read_deck_values

    if name in _option_names(table):
        owner = (table.files[0], f"options.{name}.default") if table.files else None
    else:
        owner = table.owner(name)
    if owner is None:
        return None
    file, inside = owner
    found = read_deck_values(file).get(inside)
    return (file, inside) if found is not None and found.value is not None else None


def _check_apply(table: Table, knobs: Sequence[Knob]) -> None:
    """Before any game: ``--apply`` for a value no definition file writes is a usage error."""
    for knob in knobs:
        if _targets(table, knob.name) is None:
            usage_error(f"--apply: {knob.name} is not written in a definition file (a card list's cell, or a "
                        "value the file leaves out); tune prints the --set line to use instead")


def _apply(table: Table, outcome: Outcome) -> list[str]:
    """Write the chosen values into their files, each file in one step; the lines saying what
    was written."""
    from ..files.atomicio import OutputError
    from ..loader.errors import DefinitionErrors
    from ..loader.whatif import write_values

    by_file: dict[Path, dict[str, OptionValue]] = {}
    for name, value in outcome.candidate.changes(outcome.knobs).items():
        target = _targets(table, name)
        if target is None:
            continue
        by_file.setdefault(target[0], {})[target[1]] = value
    lines = []
    for file, values in by_file.items():
        try:
            write_values(file, values)
        except (OutputError, DefinitionErrors) as exc:
            fail(exc.report() if isinstance(exc, DefinitionErrors) else str(exc))
        except OSError as exc:
            fail(f"{display_path(file)}: cannot write: {exc.strerror or exc}")
        said = ", ".join(f"{k}: {value_text(v)}" for k, v in values.items())
        lines.append(f"applied to {display_path(file)}: {said}")
    if not by_file:
        lines.append("--apply: the definition's values already meet the goals; nothing written")
    return lines
