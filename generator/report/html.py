"""Self-contained HTML reports of simulation runs and sweeps: inline CSS and SVG, no script, no network.

The input is the summary dict of ``generator.sim.stats.summarize`` with the run settings the CLI adds
(``game_id``, ``seed``, ``seat_bots``, ``rules``, ``extra``); a sweep is a list of such dicts, each
with a ``set`` dict of the swept option values.
"""

from __future__ import annotations

from html import escape
from typing import Any, Mapping, Sequence

from .svg import bar_chart, line_chart
from .tables import Histogram, Table, bin_histogram, cell_text, flatten_game_stats

_CSS = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 980px;
       color: #222; padding: 0 1em; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { font-size: 1.2em; margin-top: 1.6em;
     border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.6em 0; font-size: 0.92em; }
th, td { border: 1px solid #ddd; padding: 0.25em 0.6em; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th { background: #f3f3f3; }
.muted { color: #666; font-size: 0.9em; }
svg.chart { display: block; margin: 0.8em 0; max-width: 100%; height: auto; }
svg .title { font-size: 14px; font-weight: bold; } svg .tick, svg .legend { font-size: 11px; fill: #333; }
svg .axis { font-size: 12px; fill: #333; } svg .grid { stroke: #e5e5e5; } svg .axisline { stroke: #555; }
svg .err { stroke: #222; stroke-width: 1.4; fill: none; } svg .line { stroke-width: 2; }
"""


CHART_BINS = 40
"""Bars of a histogram chart at most; wider ranges are grouped."""


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str | None = None) -> str:
    """An HTML table, numbers right-aligned."""
    parts = ["<table>"]
    if caption:
        parts.append(f"<caption>{escape(caption)}</caption>")
    parts.append("<tr>" + "".join(f"<th>{escape(str(h))}</th>" for h in headers) + "</tr>")
    for row in rows:
        cells = []
        for cell in row:
            css = ' class="num"' if _is_number(cell) else ""
            cells.append(f"<td{css}>{escape(cell_text(cell))}</td>")
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "".join(parts)


def _page(title: str, body: Sequence[str]) -> str:
    return (
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        f"<title>{escape(title)}</title>\n<style>{_CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


def _settings(summary: Mapping[str, Any], games_label: str = "games") -> str:
    rows: list[list[Any]] = [
        ["game", summary.get("game_id", "?")],
        ["players", summary.get("players")],
        [games_label, summary.get("games")],
        ["seed", summary.get("seed")],
        ["bots by seat", ", ".join(summary.get("seat_bots", []))],
    ]
    for key, value in (summary.get("rules") or {}).items():
        rows.append([f"rule {key}", value])
    for key, value in (summary.get("extra") or {}).items():
        rows.append([key, value])
    return "<h2>Run settings</h2>" + html_table(["setting", "value"], rows)


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f} %"


def _summary_table(summary: Mapping[str, Any]) -> str:
    rows: list[list[Any]] = []
    if not summary.get("score_is_outcome"):
        rows.append(["mean score", f"{summary['mean_score']:.2f} \u00b1 {summary['stderr']:.2f} (standard error)"])
    rows.append(["lowest / highest score", f"{cell_text(summary.get('min_score'))} / {cell_text(summary.get('max_score'))}"])
    if summary.get("competitive"):
        rows.append(["shared wins (team wins and ties count for every winner)", summary.get("shared_wins", 0)])
        rows.append(["draws (nobody won)", summary.get("draws", 0)])
    else:
        ci = summary.get("perfect_rate_ci") or [0.0, 1.0]
        rows.append(["perfect games", f"{_percent(summary.get('perfect_rate'))} "
                     f"(95 % interval {_percent(ci[0])} to {_percent(ci[1])})"])
    rows.append(["mean length", f"{summary['mean_turns']:.1f} turns"])
    rows.append(["bot decisions", summary.get("decisions")])
    if summary.get("elapsed_s") is not None:
        rows.append(["time", f"{summary['elapsed_s']:.2f} s"])
    parts = ["<h2>Summary</h2>", html_table(["statistic", "value"], rows)]
    if summary.get("competitive") and summary.get("seat_win_rate"):
        seat_rows = []
        for seat, rate in enumerate(summary["seat_win_rate"]):
            low, high = summary["seat_win_rate_ci"][seat]
            bot = summary.get("seat_bots", [])[seat] if seat < len(summary.get("seat_bots", [])) else "?"
            seat_rows.append([seat, bot, summary["seat_mean_score"][seat], summary["seat_stderr"][seat],
                              _percent(rate), f"{_percent(low)} to {_percent(high)}"])
        parts.append(html_table(["seat", "bot", "mean score", "stderr", "win rate", "95 % interval"], seat_rows))
    bots = summary.get("bots") or []
    if bots:
        headers = ["bot", "seats", "mean score", "stderr"] + (["win rate", "95 % interval"] if summary.get("competitive") else [])
        rows2 = []
        for row in bots:
            cells: list[Any] = [row["bot"], ", ".join(str(s) for s in row["seats"]), row["mean_score"], row["stderr"]]
            if summary.get("competitive"):
                low, high = row.get("win_rate_ci", [0.0, 1.0])
                cells += [_percent(row.get("win_rate")), f"{_percent(low)} to {_percent(high)}"]
            rows2.append(cells)
        parts.append(html_table(headers, rows2, caption="Results per bot"))
    return "".join(parts)


def _charts(summary: Mapping[str, Any]) -> str:
    parts = ["<h2>Charts</h2>"]
    bins = bin_histogram(summary.get("score_histogram") or {}, CHART_BINS)
    competitive = bool(summary.get("competitive"))
    parts.append(bar_chart([k for k, _ in bins], [float(n) for _, n in bins],
                           title="Score distribution (every seat of every game)" if competitive else "Score distribution",
                           y_label="seat results" if competitive else "games", x_label="score",
                           value_format="{:.0f}"))
    if summary.get("competitive") and summary.get("seat_win_rate"):
        rates = [100 * r for r in summary["seat_win_rate"]]
        intervals = [(100 * lo, 100 * hi) for lo, hi in summary["seat_win_rate_ci"]]
        labels = [f"seat {s}" for s in range(len(rates))]
        parts.append(bar_chart(labels, rates, intervals=intervals, title="Win rate per seat (95 % interval)",
                               y_label="% of games won", x_label="seat", value_format="{:.1f} %"))
        parts.append(bar_chart(labels, [float(v) for v in summary["seat_mean_score"]],
                               title="Mean score per seat", y_label="score", x_label="seat", value_format="{:.2f}"))
    else:
        ci = summary.get("perfect_rate_ci") or [0.0, 0.0]
        parts.append(bar_chart(["perfect games"], [100 * (summary.get("perfect_rate") or 0.0)],
                               intervals=[(100 * ci[0], 100 * ci[1])], title="Perfect games (95 % interval)",
                               y_label="% of games", value_format="{:.1f} %"))
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
    for title, histogram in histograms:
        bins = bin_histogram(histogram, CHART_BINS)
        parts.append(bar_chart([k for k, _ in bins], [float(n) for _, n in bins], title=title.replace("_", " "),
                               y_label="count", value_format="{:.0f}"))
    return "".join(parts)


def simulation_report(summary: Mapping[str, Any]) -> str:
    """The HTML page of one run: settings, summary tables, charts and the game's own tables."""
    title = f"cardforge simulation: {summary.get('game_id', '?')}, {summary.get('players')} players"
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p class=\"muted\">{summary.get('games')} games played by bots; same seed, same games.</p>",
        _settings(summary),
        _summary_table(summary),
        _charts(summary),
        _game_tables(summary.get("game")),
    ]
    return _page(title, body)


def _set_label(row: Mapping[str, Any], names: Sequence[str]) -> str:
    return ", ".join(cell_text(row["set"][n]) for n in names)


def _draw_rate(row: Mapping[str, Any]) -> float:
    return (row.get("draws") or 0) / row["games"] if row.get("games") else 0.0


def sweep_report(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    """The HTML page of a sweep: settings, one row per value, and the curves against the value."""
    first = rows[0] if rows else {}
    axis = ", ".join(names)
    title = f"cardforge sweep: {first.get('game_id', '?')}, {axis}"
    labels = [_set_label(r, names) for r in rows]
    competitive = bool(first.get("competitive"))
    scored = not all(r.get("score_is_outcome") for r in rows)  # scores that only say who won: no mean
    headers = list(names) + (["mean score", "stderr"] if scored else []) + ["mean turns"]
    headers += [f"win seat {s}" for s in range(first.get("players", 0))] + ["draws"] if competitive else ["perfect games"]
    table_rows: list[list[Any]] = []
    for r in rows:
        cells: list[Any] = [r["set"][n] for n in names] + ([r["mean_score"], r["stderr"]] if scored else [])
        cells.append(r["mean_turns"])
        if competitive:
            cells += [_percent(x) for x in r.get("seat_win_rate", [])] + [_percent(_draw_rate(r))]
        else:
            cells += [_percent(r.get("perfect_rate"))]
        table_rows.append(cells)
    body = [
        f"<h1>{escape(title)}</h1>",
        f"<p class=\"muted\">The same table and seed under each value of {escape(axis)}.</p>",
        _settings(first, games_label="games per value") if rows else "",
        "<h2>Results</h2>",
        html_table(headers, table_rows),
        "<h2>Curves</h2>",
    ]
    if scored:
        body.append(line_chart(labels, [("mean score", [float(r["mean_score"]) for r in rows])],
                               title=f"Mean score against {axis}", y_label="mean score", x_label=axis))
    if competitive:
        seats = [(f"seat {s}", [100 * r["seat_win_rate"][s] for r in rows]) for s in range(first.get("players", 0))]
        if any(r.get("draws") for r in rows):
            seats.append(("draws", [100 * _draw_rate(r) for r in rows]))
        body.append(line_chart(labels, seats, title=f"Win rate per seat against {axis}",
                               y_label="% of games won", x_label=axis, y_min=0.0))
    else:
        body.append(line_chart(labels, [("perfect games", [100 * (r.get("perfect_rate") or 0.0) for r in rows])],
                               title=f"Perfect games against {axis}", y_label="% of games", x_label=axis, y_min=0.0))
    body.append(line_chart(labels, [("mean turns", [float(r["mean_turns"]) for r in rows])],
                           title=f"Game length against {axis}", y_label="turns", x_label=axis))
    for r, label in zip(rows, labels):
        if r.get("game"):
            body.append(f"<h2>Game statistics at {escape(axis)} = {escape(label)}</h2>")
            body.append(_game_tables(r["game"]).removeprefix("<h2>Game statistics</h2>"))
    return _page(title, body)


__all__ = ["simulation_report", "sweep_report", "html_table", "Table"]
