"""Self-contained HTML reports of simulation runs and sweeps: inline CSS and SVG, no script, no network.

The input is a ``generator.sim.summary.RunSummary`` (with its settings); a sweep is a list of
``generator.sim.sweep.SweepRow``. Every page opens with what to look at (the findings).
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Mapping, Sequence

from ...sim.findings import Finding
from ...sim.skill import SkillTrace
from ...sim.stats import Z_95
from ...sim.summary import TIE_WORDS, Measures, RunSummary
from ...sim.sweep import SweepRow, sweep_findings, swept_values, value_text
from .svg import bar_chart, line_chart
from .tables import (
    Histogram,
    Table,
    bin_histogram,
    bin_histograms,
    bots_text,
    cell_text,
    flatten_game_stats,
    histogram_groups,
)

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 980px;
       color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; margin-top: 1.6em;
     border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; overflow-wrap: anywhere; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f3f3f3; vertical-align: bottom; }
table.wide { font-size: 0.8em; } table.wide th, table.wide td { padding: 0.2em 0.35em; }
.muted { color: #666; font-size: 0.9em; }
svg.chart { display: block; margin: 0.8em 0; max-width: 100%; height: auto; }
svg .title { font-size: 14px; font-weight: bold; } svg .tick, svg .legend { font-size: 11px; fill: #333; }
svg .axis { font-size: 12px; fill: #333; } svg .grid { stroke: #e5e5e5; } svg .axisline { stroke: #555; }
svg .err { stroke-width: 1.4; fill: none; } svg .line { stroke-width: 2; }
ul.findings { padding-left: 1.2em; } ul.findings li { margin: 0.35em 0; }
ul.findings .evidence { color: #555; font-size: 0.92em; }
tr.flag td { background: #fff1cc; } tr.flag-low td { background: #e6f0ff; }
"""


CHART_BINS = 40
"""Bars of a histogram chart at most; wider ranges are grouped."""
SEAT_CHART_BINS = 20
"""Points of the per-seat score curves at most (several curves on one chart)."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


FLAG_COLUMN = "flag"
"""A game table's column marking outliers (``high``/``low``): those rows are highlighted."""


WIDE_TABLE = 8
"""A table with more columns than this is set smaller, so it fits the page (the balance tables)."""


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str | None = None) -> str:
    """An HTML table, numbers right-aligned; rows whose ``flag`` column is set are highlighted.
    Headers read with spaces for underscores (``buyers mean score``), so they wrap: with a wide
    table's smaller type, every column fits a page of 1100 pixels, none behind a scroll bar."""
    parts = ['<table class="wide">' if len(headers) > WIDE_TABLE else "<table>"]
    if caption:
        parts.append(f"<caption>{escape(caption)}</caption>")
    parts.append("<tr>" + "".join(f"<th>{escape(str(h).replace('_', ' '))}</th>" for h in headers) + "</tr>")
    flag = list(headers).index(FLAG_COLUMN) if FLAG_COLUMN in headers else None
    for row in rows:
        cells = []
        for cell in row:
            css = ' class="num"' if _is_number(cell) else ""
            cells.append(f"<td{css}>{escape(cell_text(cell))}</td>")
        marked = row[flag] if flag is not None and flag < len(row) else None
        css_row = (' class="flag-low"' if str(marked) == "low" else ' class="flag"') if marked else ""
        parts.append(f"<tr{css_row}>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def _page(title: str, body: Sequence[str]) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _findings(findings: Sequence[Finding]) -> str:
    """The opening section: what a designer should look at, with its evidence."""
    parts = ["<h2>What to look at</h2>"]
    if not findings:
        return parts[0] + "<p>Nothing stands out beyond chance in these games.</p>"
    items = []
    for finding in findings:
        evidence = f' <span class="evidence">({escape(finding.evidence)})</span>' if finding.evidence else ""
        items.append(f"<li>{escape(finding.sentence)}{evidence}</li>")
    return parts[0] + '<ul class="findings">' + "".join(items) + "</ul>"


def _settings(summary: RunSummary, games_label: str = "games", swept: Mapping[str, Sequence[Any]] | None = None) -> str:
    swept = swept or {}
    settings = summary.settings
    players: Any = ", ".join(str(n) for n in swept["players"]) if swept and "players" in swept else summary.players
    rows: list[list[Any]] = [["game", summary.game_id], ["players", players], [games_label, summary.games]]
    if settings is not None:
        rows.append(["seed", settings.seed])
        rows.append(["bots by seat", bots_text(settings.seat_bots, "players" in swept)])
        deck = settings.deck
        if deck is not None:
            rows.append(["project", deck.project or "?"])
            if deck.sha256:
                rows.append(["definitions (SHA-256 of " + ", ".join(deck.files) + ")", deck.sha256])
            for key, value in deck.changes.items():
                if key not in swept:
                    rows.append([f"changed {key}", value])
        for key, value in settings.rules.items():
            if key not in swept:
                rows.append([f"rule {key}", value])
        for key, text in settings.extra.items():
            rows.append([key, text])
    for key, values in swept.items():
        rows.append([f"swept {key}", ", ".join(cell_text(v) for v in values)])
    return "<h2>Run settings</h2>" + html_table(["setting", "value"], rows)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f} %"


def _summary_table(summary: RunSummary) -> str:
    rows: list[list[Any]] = []
    scores = summary.scores
    if not scores.is_outcome:
        rows.append(["mean score", f"{scores.mean:.2f} \u00b1 {scores.stderr:.2f} (standard error)"
                     + ("; the lowest score wins" if scores.lowest_wins else "")
                     + (f"; ties: {TIE_WORDS[scores.tie_break]}" if scores.tie_break != "shared" else "")])
    rows.append(["lowest / highest score", f"{cell_text(scores.minimum)} / {cell_text(scores.maximum)}"])
    seats = summary.seats
    if seats is not None:
        rows.append(["shared wins (team wins and ties count for every winner)", seats.shared_wins])
        rows.append(["draws (nobody won)", seats.draws])
    elif summary.perfect is not None:
        rate = summary.perfect.rate
        rows.append(["perfect games", f"{_percent(rate.rate)} (95 % interval {_percent(rate.low)} to {_percent(rate.high)})"])
    lengths = summary.lengths
    rows.append(["mean length", f"{lengths.mean:.1f} turns (median {lengths.median:g}, longest {cell_text(lengths.maximum)})"])
    rows.append(["bot decisions", lengths.decisions])
    if lengths.elapsed_s is not None:
        rows.append(["time", f"{lengths.elapsed_s:.2f} s"])
    parts = ["<h2>Summary</h2>", html_table(["statistic", "value"], rows)]
    if seats is not None:
        seat_rows = []
        for seat, rate in enumerate(seats.win_rate):
            seat_rows.append([seat, summary.seat_bot(seat), seats.mean_score[seat], seats.stderr[seat],
                              _percent(rate.rate), f"{_percent(rate.low)} to {_percent(rate.high)}"])
        parts.append(html_table(["seat", "bot", "mean score", "stderr", "win rate", "95 % interval"], seat_rows))
    if summary.bots:
        headers = ["bot", "seats", "mean score", "stderr"] + (["win rate", "95 % interval"] if summary.competitive else [])
        rows2 = []
        for bot in summary.bots:
            cells: list[Any] = [bot.bot, ", ".join(str(s) for s in bot.seats), bot.mean_score, bot.stderr]
            if bot.win is not None:
                cells += [_percent(bot.win.rate), f"{_percent(bot.win.low)} to {_percent(bot.win.high)}"]
            rows2.append(cells)
        parts.append(html_table(headers, rows2, caption="Results per bot"))
    return "".join(parts)


def _measures(measures: Measures, competitive: bool) -> str:
    rows: list[list[Any]] = []
    fpa = measures.first_player_advantage
    if fpa is not None:
        p = f" (p = {measures.first_player_p:.3g})" if measures.first_player_p is not None else ""
        rows.append(["first-player advantage (seat 0's win rate minus the other seats' mean)",
                     f"{100 * fpa.value:+.1f} points [{100 * fpa.low:+.1f}, {100 * fpa.high:+.1f}]{p}"])
    if measures.balance is not None:
        b = measures.balance
        rows.append(["balance (1 minus the largest gap between two seats' win rates)",
                     f"{100 * b.value:.1f} % [{100 * b.low:.1f}, {100 * b.high:.1f}]"])
    if measures.lead_changes is not None:
        lc = measures.lead_changes
        rows.append(["lead changes per game", f"{lc.value:.2f} [{lc.low:.2f}, {lc.high:.2f}]"])
    if measures.winner_deficit is not None:
        wd = measures.winner_deficit
        rows.append(["the winner's worst deficit (points behind the leader)", f"{wd.value:.1f} [{wd.low:.1f}, {wd.high:.1f}]"])
    if measures.decisiveness is not None:
        d = measures.decisiveness
        rows.append(["share of the game before the winner led for good (decisiveness)",
                     f"{100 * d.value:.0f} % [{100 * d.low:.0f}, {100 * d.high:.0f}]"])
    if measures.length_spread is not None:
        sd, p10, p90 = measures.length_spread
        rows.append(["game length spread (turns)", f"sd {sd:.1f}; 10th to 90th percentile {p10:g} to {p90:g}"])
    if measures.decided_last_round is not None:
        dl = measures.decided_last_round
        rows.append(["games decided in the last round (the leader before it did not win)",
                     f"{_percent(dl.rate)} [{_percent(dl.low)}, {_percent(dl.high)}]"])
    if measures.games_for_score is not None:
        rows.append(["games for the mean score within \u00b11 % (95 %)", measures.games_for_score])
    if measures.games_for_rate is not None:
        what = "every win rate" if competitive else "the perfect rate"
        rows.append([f"games for {what} within \u00b11 point (95 %)", measures.games_for_rate])
    if not rows:
        return ""
    return "<h2>Measures</h2>" + html_table(["measure", "value"], rows)


def _charts(summary: RunSummary) -> str:
    parts = ["<h2>Charts</h2>"]
    bins = bin_histogram(summary.scores.histogram, CHART_BINS)
    competitive = summary.competitive
    parts.append(bar_chart([k for k, _ in bins], [float(n) for _, n in bins],
                           title="Score distribution (every seat of every game)" if competitive else "Score distribution",
                           y_label="seat results" if competitive else "games", x_label="score",
                           value_format="{:.0f}"))
    seats = summary.seats
    if seats is not None and seats.win_rate:
        rates = [100 * r.rate for r in seats.win_rate]
        intervals = [(100 * r.low, 100 * r.high) for r in seats.win_rate]
        labels = [f"seat {s}" for s in range(len(rates))]
        parts.append(bar_chart(labels, rates, intervals=intervals, title="Win rate per seat (95 % interval)",
                               y_label="% of games won", x_label="seat", value_format="{:.1f} %"))
        parts.append(bar_chart(labels, [float(v) for v in seats.mean_score],
                               intervals=[(m - Z_95 * e, m + Z_95 * e) for m, e in zip(seats.mean_score, seats.stderr)],
                               title="Mean score per seat (95 % interval)" + (
                                   ", the lowest wins" if summary.scores.lowest_wins else ""),
                               y_label="score", x_label="seat",
                               value_format="{:.2f}"))
        if not summary.scores.is_outcome and len(seats.histograms) > 1:
            labels2, counts = bin_histograms(seats.histograms, SEAT_CHART_BINS)
            parts.append(line_chart(labels2, [(f"seat {s}", [float(c) for c in row]) for s, row in enumerate(counts)],
                                    title="Score distribution per seat (the same bars for every seat)",
                                    y_label="games", x_label="score", y_min=0.0))
    elif summary.perfect is not None:
        rate = summary.perfect.rate
        parts.append(bar_chart(["perfect games"], [100 * rate.rate], intervals=[(100 * rate.low, 100 * rate.high)],
                               title="Perfect games (95 % interval)", y_label="% of games", value_format="{:.1f} %"))
    return "".join(parts)


def _game_tables(game: Mapping[str, Any] | None) -> str:
    if not game:
        return ""
    histograms: list[Histogram] = []
    scalars, tables = flatten_game_stats(game, histograms=histograms)
    parts = ["<h2>Game statistics</h2>"]
    if scalars:
        parts.append(html_table(["statistic", "value"], [[k, v] for k, v in scalars]))
    for title, headers, rows in tables:
        parts.append(f"<h3>{escape(title.replace('_', ' '))}</h3>")
        parts.append(html_table(headers, rows))
    for group, members in histogram_groups(histograms):
        labels, counts = bin_histograms([h.counts for h in members], CHART_BINS)
        if len(members) == 1:
            parts.append(bar_chart(labels, [float(n) for n in counts[0]], title=members[0].title.replace("_", " "),
                                   y_label="count", value_format="{:.0f}"))
        else:
            parts.append(line_chart(labels, [(m.title.replace("_", " "), [float(n) for n in row])
                                             for m, row in zip(members, counts)],
                                    title=f"{group.replace('_', ' ')} (the same bars for each)", y_label="count",
                                    y_min=0.0))
    return "".join(parts)


def _skill(trace: SkillTrace | None) -> str:
    """The skill trace: a table and a chart of each step's win rate with its interval, and chance."""
    if trace is None or not trace.steps:
        return ""
    chance = 100 / trace.players
    rows = [[f"{step.stronger} against {step.weaker}", step.games, _percent(step.rate),
             f"{_percent(step.low)} to {_percent(step.high)}", "yes" if step.beyond_chance else "no"]
            for step in trace.steps]
    labels = [f"{step.stronger} vs {step.weaker}" for step in trace.steps]
    chart = line_chart(labels, [("stronger bot's win rate", [100 * step.rate for step in trace.steps]),
                                ("chance", [chance] * len(trace.steps))],
                       intervals=[[(100 * step.low, 100 * step.high) for step in trace.steps], None],
                       title="Skill trace: each better bot against the one below it (95 % interval)",
                       y_label="% of games won", x_label="step", y_min=0.0, y_max=100.0, references=(1,))
    return ("<h2>Skill trace</h2><p>Each bot plays the one below it, taking every seat in turn (the others "
            f"play the weaker bot); by chance it would win {chance:.1f} % of games. Steps above chance say "
            "that playing better wins more.</p>"
            + html_table(["step", "games", "win rate", "95 % interval", "beyond chance"], rows) + chart)


def simulation_report(summary: RunSummary) -> str:
    """The HTML page of one run: what to look at, settings, summary tables, measures, charts and
    the game's own tables."""
    title = f"cardforge simulation: {summary.game_id}, {summary.players} players"
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p class=\"muted\">{summary.games} games played by bots; same seed, same games.</p>",
        _findings(summary.findings),
        _settings(summary),
        _summary_table(summary),
        _measures(summary.measures, summary.competitive),
        _skill(summary.skill),
        _charts(summary),
        _game_tables(summary.game),
    ]
    return _page(title, body)


def _draw_rate(summary: RunSummary) -> float:
    return summary.seats.draws / summary.games if summary.seats is not None and summary.games else 0.0


def _ci(mean: float, se: float) -> tuple[float, float]:
    return (mean - Z_95 * se, mean + Z_95 * se)


Curves = list[tuple[str, list[SweepRow | None]]]
"""Series of a sweep's charts: each one's name and its row at each x value (None: not played)."""


def _curve_groups(rows: Sequence[SweepRow], names: Sequence[str]) -> tuple[list[str], Curves]:
    """The x labels (the first swept name's values, in the order played) and one series per
    combination of the other swept names (its name ``strikeout=keep``; '' when one name is swept)."""
    xs = swept_values(rows, names)[names[0]]
    groups: dict[tuple[Any, ...], list[SweepRow | None]] = {}
    for row in rows:
        key = tuple((type(row.values[n]), row.values[n]) for n in names[1:])
        groups.setdefault(key, [None] * len(xs))[xs.index(row.values[names[0]])] = row
    curves = [(", ".join(f"{n}={value_text(v)}" for n, (_, v) in zip(names[1:], key)), cells)
              for key, cells in groups.items()]
    return [value_text(x) for x in xs], curves


def _metric_chart(labels: Sequence[str], curves: Curves, metric: str, value: Callable[[RunSummary], float | None],
                  interval: Callable[[RunSummary], tuple[float, float] | None], *, title: str, y_label: str,
                  x_label: str, y_min: float | None = None) -> str:
    """One line per series of ``curves`` (named ``metric`` when one name is swept)."""
    series = [(name or metric, [value(r.summary) if r is not None else None for r in cells]) for name, cells in curves]
    bars = [[interval(r.summary) if r is not None else None for r in cells] for _, cells in curves]
    return line_chart(labels, series, intervals=bars, title=title, y_label=y_label, x_label=x_label, y_min=y_min)


def _seat_charts(labels: Sequence[str], curves: Curves, against: str, x_label: str) -> list[str]:
    """Win rate per seat, one chart per series of ``curves`` (each seat a line, draws a grey dashed
    one), over tables of one size."""
    charts = []
    for name, cells in curves:
        seated = [r.summary.seats if r is not None else None for r in cells]
        players = max((len(s.win_rate) for s in seated if s is not None), default=0)
        series: list[tuple[str, list[float | None]]] = [
            (f"seat {k}", [100 * s.win_rate[k].rate if s is not None else None for s in seated]) for k in range(players)]
        bars: list[list[tuple[float, float] | None] | None] = [
            [(100 * s.win_rate[k].low, 100 * s.win_rate[k].high) if s is not None else None for s in seated]
            for k in range(players)]
        references = []
        if any(s is not None and s.draws for s in seated):
            references.append(len(series))
            series.append(("draws", [100 * _draw_rate(r.summary) if r is not None else None for r in cells]))
            bars.append(None)
        title = f"Win rate per seat against {against}" + (f" at {name}" if name else "")
        charts.append(line_chart(labels, series, intervals=bars, references=references, title=title,
                                 y_label="% of games won", x_label=x_label, y_min=0.0))
    return charts


def _first_seat_charts(labels: Sequence[str], curves: Curves, against: str, x_label: str) -> list[str]:
    """When the table size is swept: the first seat's edge (seat 0's win rate minus the other
    seats' mean, 0 at a fair table of any size) and the draws, one line per series of ``curves``."""
    def edge(summary: RunSummary) -> float | None:
        fpa = summary.measures.first_player_advantage
        return None if fpa is None else 100 * fpa.value

    def edge_interval(summary: RunSummary) -> tuple[float, float] | None:
        fpa = summary.measures.first_player_advantage
        return None if fpa is None else (100 * fpa.low, 100 * fpa.high)

    charts = []
    if any(r is not None and r.summary.measures.first_player_advantage is not None for _, cells in curves for r in cells):
        charts.append(_metric_chart(labels, curves, "first seat", edge, edge_interval,
                                    title=f"First seat's edge against {against}",
                                    y_label="seat 0 - others, points", x_label=x_label))
    if any(r is not None and _draw_rate(r.summary) for _, cells in curves for r in cells):
        charts.append(_metric_chart(labels, curves, "draws", lambda s: 100 * _draw_rate(s), lambda s: None,
                                    title=f"Draws against {against}", y_label="% of games", x_label=x_label, y_min=0.0))
    return charts


def _sweep_curves(rows: Sequence[SweepRow], names: Sequence[str], scored: bool, competitive: bool) -> list[str]:
    """The sweep's charts: each figure over the first swept name's values, one line per
    combination of the other swept names (not one line zig-zagging through every combination).

    Seats: with one table size, each seat's win rate (one chart per combination of the other
    names, a line per seat). When ``players`` is swept, seat k of a 3-player table and of a
    5-player one are not the same seat (its fair share is 1/3 against 1/5), so no line joins
    them: the chart shows the first seat's win rate minus the other seats' mean instead, which is 0
    at a fair table whatever its size, and the draws."""
    labels, curves = _curve_groups(rows, names)
    x_label = names[0]
    against = names[0] + (f", one line per {', '.join(names[1:])}" if len(names) > 1 else "")
    charts = []
    if scored:
        charts.append(_metric_chart(labels, curves, "mean score", lambda s: float(s.scores.mean),
                                    lambda s: _ci(s.scores.mean, s.scores.stderr),
                                    title=f"Mean score against {against}", y_label="mean score", x_label=x_label))
    if competitive and len({r.summary.players for r in rows}) > 1:
        charts += _first_seat_charts(labels, curves, against, x_label)
    elif competitive:
        charts += _seat_charts(labels, curves, names[0], x_label)
    else:
        def perfect(summary: RunSummary) -> float | None:
            return None if summary.perfect is None else 100 * summary.perfect.rate.rate

        def perfect_interval(summary: RunSummary) -> tuple[float, float] | None:
            rate = summary.perfect.rate if summary.perfect is not None else None
            return None if rate is None else (100 * rate.low, 100 * rate.high)

        charts.append(_metric_chart(labels, curves, "perfect games", perfect, perfect_interval,
                                    title=f"Perfect games against {against}", y_label="% of games",
                                    x_label=x_label, y_min=0.0))
    charts.append(_metric_chart(labels, curves, "mean turns", lambda s: float(s.lengths.mean),
                                lambda s: _ci(s.lengths.mean, s.lengths.stderr),
                                title=f"Game length against {against}", y_label="turns", x_label=x_label))
    return charts


def sweep_report(rows: Sequence[SweepRow], names: Sequence[str]) -> str:
    """The HTML page of a sweep: what changes, settings, one row per value, and the curves against
    the values with their 95 % intervals."""
    first = rows[0].summary if rows else None
    axis = ", ".join(names)
    title = f"cardforge sweep: {first.game_id if first else '?'}, {axis}"
    labels = [r.label(names) for r in rows]
    competitive = bool(first and first.competitive)
    players = max((r.summary.players for r in rows), default=0)  # the largest table when players are swept
    scored = not all(r.summary.scores.is_outcome for r in rows)  # scores that only say who won: no mean
    headers = list(names) + (["mean score", "stderr"] if scored else []) + ["mean turns"]
    headers += ([f"win seat {s}" for s in range(players)] + ["draws"]) if competitive else ["perfect games", "95 % interval"]
    table_rows: list[list[Any]] = []
    for r in rows:
        s = r.summary
        cells: list[Any] = [r.values[n] for n in names] + ([s.scores.mean, s.scores.stderr] if scored else [])
        cells.append(s.lengths.mean)
        if s.seats is not None:
            cells += [f"{_percent(x.rate)} [{100 * x.low:.1f}, {100 * x.high:.1f}]" for x in s.seats.win_rate]
            cells += ["-"] * (players - len(s.seats.win_rate))
            cells += [_percent(_draw_rate(s))]
        elif s.perfect is not None:
            cells += [_percent(s.perfect.rate.rate), f"{_percent(s.perfect.rate.low)} to {_percent(s.perfect.rate.high)}"]
        table_rows.append(cells)
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p class=\"muted\">The same table and seed under each value of {escape(axis)}; "
        "error bars are 95 % intervals.</p>",
        _findings(sweep_findings(rows, names)),
        _settings(first, games_label="games per value", swept=swept_values(rows, names)) if first else "",
        "<h2>Results</h2>",
        html_table(headers, table_rows),
        "<h2>Curves</h2>",
    ]
    body += _sweep_curves(rows, names, scored, competitive) if rows and names else []
    for r, label in zip(rows, labels):
        if r.summary.game:
            body.append(f"<h2>Game statistics at {escape(axis)} = {escape(label)}</h2>")
            body.append(_game_tables(r.summary.game).removeprefix("<h2>Game statistics</h2>"))
    return _page(title, body)


__all__ = ["simulation_report", "sweep_report", "html_table", "Table"]
