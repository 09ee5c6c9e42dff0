"""What ``cardforge tune`` prints and its HTML report: the values chosen (or the closest), each goal's
figure with its interval, the games spent, what the change does to the rest, and the search's path."""

from __future__ import annotations

import math
from html import escape
from typing import Any, Sequence

from ...sim.goals import Estimate, Goal
from ...sim.sweep import value_text
from ...sim.tune import Finish, Outcome, Status
from .html import _findings, _page, html_table
from .svg import interval_chart
from .text import findings_lines, format_table

MAX_CHANGES = 8
"""Changed figures listed in the text (the report lists them all)."""

_FINISH = {
    Finish.MET: "chosen",
    Finish.UNCONFIRMED: "chosen, not confirmed",
    Finish.NONE: "no value meets the goals; the closest",
    Finish.STOPPED: "stopped before choosing; the closest so far",
}


def _values(values: Any, names: Sequence[str]) -> str:
    return ", ".join(f"{n}={value_text(values[n])}" for n in names)


def estimate_text(measured: tuple[Estimate, bool] | None) -> str:
    """A goal's estimate as the tables print it: ``1.20 points [0.29, 2.10]``."""
    if measured is None:
        return "not measured"
    estimate, percent = measured
    unit = " points" if percent else ""
    return f"{estimate.value:.2f}{unit} [{estimate.low:.2f}, {estimate.high:.2f}]"


def _goal_lines(outcome: Outcome) -> list[str]:
    lines = []
    confidence = f"{100 * outcome.search.confidence:g} %"
    standing = outcome.search.standings[outcome.chosen]
    looks = outcome.search.looks(outcome.chosen)
    where = (f"over {standing.confirmed:,} fresh games confirming it"
             + (f", in {looks} looks, each at half the error rate of the one before" if looks > 1 else "")
             if outcome.confirmed
             else f"over its {standing.games:,} games in the race, not confirmed")
    for goal, measured in zip(outcome.search.goals, outcome.estimates):
        percent = measured[1] if measured is not None else True
        verdict = goal.verdict(*measured).value if measured is not None else "not measured"
        lines.append(f"  {goal.figure_name()}: {estimate_text(measured)} ({confidence}, {where}); "
                     f"goal: {goal.describe(percent)}; {verdict}")
    return lines


def _definition(outcome: Outcome) -> str:
    return ", ".join(f"{k.name}={value_text(k.current) if k.current is not None else '(not written)'}"
                     for k in outcome.knobs)


def _search_rows(outcome: Outcome) -> tuple[list[str], list[list[Any]]]:
    names = [k.name for k in outcome.knobs]
    headers = names + ["games"] + [g.figure_name() for g in outcome.search.goals] + ["status"]
    rows = []
    for i, (candidate, standing) in enumerate(zip(outcome.search.candidates, outcome.search.standings)):
        if not standing.games:
            continue
        status = "chosen" if i == outcome.chosen and outcome.finish in (Finish.MET, Finish.UNCONFIRMED) else \
            "closest" if i == outcome.chosen else _STATUS[standing.status]
        estimates = outcome.confirmed if i == outcome.chosen and outcome.confirmed else standing.estimates
        rows.append([value_text(candidate.values[n]) for n in names] + [standing.games + standing.confirmed]
                    + [estimate_text(e) for e in estimates] + [status])
    return headers, rows


_STATUS = {Status.UNTRIED: "-", Status.RACING: "undecided", Status.LEFT: "misses", Status.INSIDE: "inside",
           Status.EDGE: "on the edge", Status.MET: "meets"}


def tune_text(outcome: Outcome, title: str, set_line: str) -> str:
    """The terminal output of a tune."""
    names = [k.name for k in outcome.knobs]
    search = outcome.search
    lines = [f"tune {title}",
             "goals: " + "; ".join(g.describe(g.percent if g.percent is not None else False) if g.kind != "figure"
                                   else g.text for g in search.goals),
             "tried: " + "; ".join(f"{k.name} = {', '.join(value_text(v) for v in k.values)}" for k in outcome.knobs)
             + f" (definition: {_definition(outcome)})", ""]
    lines.append(f"{_FINISH[outcome.finish]}: {_values(outcome.candidate.values, names)}"
                 + (f" ({outcome.why_stopped})" if outcome.why_stopped and outcome.finish is not Finish.MET else ""))
    lines += _goal_lines(outcome)
    undecided = search.undecided_before(outcome.chosen) if outcome.finish in (Finish.MET, Finish.UNCONFIRMED) else []
    if undecided:
        lines.append("  nearer the definition, and undecided when it was chosen: "
                     + "; ".join(_values(search.candidates[i].values, names) for i in undecided))
    if outcome.finish is Finish.UNCONFIRMED:
        lines.append("  the estimate meets the goals, but not with the confidence asked: a larger --budget plays more games")
    screening = (f"{search.screened_values:,} of the {math.prod(len(k.values) for k in outcome.knobs):,} combinations "
                 f"screened by a Bayesian search (Optuna's TPE), then " if search.screened_values else "")
    lines.append(f"games: {search.spent:,} searching ({screening}{sum(1 for s in search.standings if s.games)} of "
                 f"{len(search.candidates)} values raced, {len(search.rounds)} round{'' if len(search.rounds) == 1 else 's'})"
                 + (f", {outcome.confirmation_games:,} confirming" if outcome.confirmation_games else "")
                 + (f", {outcome.baseline_games:,} at the definition's values" if outcome.baseline_games else "")
                 + f"; {outcome.total_games:,} in all")
    if outcome.changes is not None:
        significant = outcome.changes.significant()
        lines += ["", "what the change does (definition's values -> chosen, same games; 95 %, Holm-corrected):"]
        if not significant:
            lines.append("  no other figure changes beyond chance")
        for compared in significant[:MAX_CHANGES]:
            d = compared.difference
            scale, unit = (100.0, " points") if compared.percent else (1.0, "")
            lines.append(f"  {compared.name}: {scale * d.a:.2f} -> {scale * d.b:.2f} "
                         f"({scale * d.difference:+.2f}{unit} [{scale * d.low:+.2f}, {scale * d.high:+.2f}])")
        if len(significant) > MAX_CHANGES:
            lines.append(f"  ... and {len(significant) - MAX_CHANGES} more (--json and --report list them all)")
    elif outcome.finish is Finish.MET and outcome.candidate.changed:
        lines += ["", "what the change does: not measured (the budget left no games to play the definition's own values)"]
    if outcome.summary is not None:
        lines += [""] + findings_lines(outcome.summary.findings, "at the chosen values, what to look at:", 5)
    headers, rows = _search_rows(outcome)
    lines += ["", f"the search ({100 * search.confidence:g} % intervals, values in order of preference):"]
    lines += format_table(headers, rows)
    if set_line and outcome.finish in (Finish.MET, Finish.UNCONFIRMED):
        lines += ["", f"to play it: cardforge simulate {title.split(':')[0]} {set_line}"
                  " (or tune again with --apply to write it into the definition)"]
    elif not set_line and outcome.finish is Finish.MET:
        lines += ["", "the definition's own values meet the goals: nothing to change"]
    return "\n".join(lines)


def tune_report(outcome: Outcome, title: str) -> str:
    """A self-contained HTML page: the result, each goal's figure over the values tried (dot and
    interval, the chosen value marked), the search's rounds, and the changes."""
    names = [k.name for k in outcome.knobs]
    search = outcome.search
    body = [f"<h1>Tune {escape(title)}</h1>",
            f"<p class=\"muted\">values tried: {escape('; '.join(f'{k.name} = ' + ', '.join(value_text(v) for v in k.values) for k in outcome.knobs))}"
            f" (definition: {escape(_definition(outcome))}); confidence {100 * search.confidence:g} %</p>",
            "<h2>Result</h2>",
            f"<p><strong>{escape(_FINISH[outcome.finish])}: {escape(_values(outcome.candidate.values, names))}</strong>"
            + (f" ({escape(outcome.why_stopped)})" if outcome.why_stopped and outcome.finish is not Finish.MET else "") + "</p>",
            "<ul>" + "".join(f"<li>{escape(line.strip())}</li>" for line in _goal_lines(outcome)) + "</ul>",
            f"<p>games: {search.spent:,} searching, {outcome.confirmation_games:,} confirming, "
            f"{outcome.baseline_games:,} at the definition's values; {outcome.total_games:,} in all</p>"]
    for g, goal in enumerate(search.goals):
        body.append(_goal_chart(outcome, g, goal, names))
    body.append("<h2>The search</h2>")
    body.append(html_table(["round", "games each", "values played", "values that left"],
                           [[r.number + 1, r.games_each, len(r.played), len(r.left)] for r in search.rounds]))
    headers, rows = _search_rows(outcome)
    body.append(html_table(headers, rows, "every value played, in order of preference"))
    if outcome.changes is not None:
        body.append("<h2>What the change does</h2>")
        rows_changed = []
        for compared in outcome.changes.significant():
            d = compared.difference
            scale = 100.0 if compared.percent else 1.0
            rows_changed.append([compared.name, round(scale * d.a, 2), round(scale * d.b, 2), round(scale * d.difference, 2),
                                 f"[{scale * d.low:+.2f}, {scale * d.high:+.2f}]"])
        body.append(html_table(["figure", "definition", "chosen", "change", "95 % interval"], rows_changed,
                               "figures that change beyond chance (Holm-corrected); rates in points")
                    if rows_changed else "<p>No other figure changes beyond chance.</p>")
    if outcome.summary is not None:
        body.append(_findings(outcome.summary.findings))
    return _page(f"Tune {title}", body)


def _goal_chart(outcome: Outcome, index: int, goal: Goal, names: Sequence[str]) -> str:
    labels, values, intervals, marked = [], [], [], []
    for i, (candidate, standing) in enumerate(zip(outcome.search.candidates, outcome.search.standings)):
        measured = standing.estimates[index] if standing.estimates else None
        if measured is None:
            continue
        estimate = measured[0]
        labels.append(_values(candidate.values, names))
        values.append(estimate.value)
        intervals.append((estimate.low, estimate.high))
        marked.append(i == outcome.chosen)
    confirmed = outcome.confirmed[index] if outcome.confirmed else None
    if confirmed is not None:
        labels.append(_values(outcome.candidate.values, names) + " (confirmation)")
        values.append(confirmed[0].value)
        intervals.append((confirmed[0].low, confirmed[0].high))
        marked.append(True)
    if not labels:
        return ""
    percent = next((m[1] for s in outcome.search.standings for m in s.estimates[index:index + 1] if m is not None), False)
    low, high = goal.bounds(percent)
    return interval_chart(labels, values, intervals, title=f"{goal.figure_name()}: the goal is {low:g} to {high:g} (green)",
                          x_label=goal.figure_name() + ", each value over its games, with its interval",
                          marked=marked, band=(low, high))
