"""Plain-text summaries of simulation runs for the terminal (the ``simulate`` and ``sweep`` output)."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .tables import Histogram, bin_histogram, cell_text, flatten_game_stats

BAR_WIDTH = 40
MAX_BINS = 20
"""Bars of the score distribution at most; wider ranges are grouped."""
GAME_HISTOGRAM_BINS = 8


def _percent(rate: float | None) -> str:
    return "-" if rate is None else f"{100 * rate:.1f} %"


def _interval(pair: Sequence[float] | None) -> str:
    return "" if not pair else f"[{100 * pair[0]:.1f}, {100 * pair[1]:.1f}]"


def format_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], indent: str = "  ") -> list[str]:
    """Rows of cells as aligned text columns (numbers right-aligned)."""
    texts = [[cell_text(c) for c in row] for row in rows]
    widths = [len(h) for h in headers]
    for row in texts:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    numeric = [all(_is_number(row[i]) for row in rows if i < len(row)) and rows for i in range(len(headers))]
    lines = [indent + "  ".join(h.ljust(w) if not numeric[i] else h.rjust(w) for i, (h, w) in enumerate(zip(headers, widths)))]
    for row in texts:
        cells = [c.rjust(widths[i]) if numeric[i] else c.ljust(widths[i]) for i, c in enumerate(row)]
        lines.append(indent + "  ".join(cells).rstrip())
    return lines


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _histogram_lines(histogram: Mapping[str, int]) -> list[str]:
    bins = bin_histogram(histogram, MAX_BINS)
    total = sum(count for _, count in bins) or 1
    peak = max((count for _, count in bins), default=1) or 1
    width = max((len(k) for k, _ in bins), default=1)
    lines = []
    for key, count in bins:
        bar = "#" * max(1 if count else 0, round(BAR_WIDTH * count / peak))
        lines.append(f"  {key.rjust(width)} | {bar} {count} ({100 * count / total:.1f} %)")
    return lines


def summary_text(summary: Mapping[str, Any]) -> str:
    """A readable report of one run's summary (as built by ``generator.sim.stats.summarize``)."""
    lines: list[str] = []
    bots = ", ".join(summary.get("seat_bots", []))
    lines.append(
        f"{summary.get('game_id', '?')}: {summary['players']} players, {summary['games']} games, "
        f"seed {summary.get('seed', '?')}, bots: {bots}"
    )
    rules = summary.get("rules") or {}
    if rules:
        lines.append("rules: " + ", ".join(f"{k}={cell_text(v)}" for k, v in rules.items()))
    for key, value in (summary.get("extra") or {}).items():
        lines.append(f"{key}: {value}")
    lines.append("")
    if not summary.get("score_is_outcome"):
        lines.append(
            f"mean score     {summary['mean_score']:.2f} +- {summary['stderr']:.2f}"
            f"   (min {cell_text(summary.get('min_score'))}, max {cell_text(summary.get('max_score'))})"
        )
    if summary.get("competitive"):
        lines.append(f"shared wins    {summary.get('shared_wins', 0)} (team wins and ties count for every winner)"
                     f"   draws {summary.get('draws', 0)}")
    else:
        lines.append(
            f"perfect games  {_percent(summary.get('perfect_rate'))} {_interval(summary.get('perfect_rate_ci'))}"
            f"  ({summary.get('perfect_games', 0)} of {summary['games']})"
        )
    lines.append(f"mean turns     {summary['mean_turns']:.1f} +- {summary.get('turns_stderr', 0.0):.1f}")
    elapsed = summary.get("elapsed_s")
    speed = ""
    if elapsed:
        speed = f", {summary['games'] / elapsed:,.0f} games/s, {summary['decisions'] / elapsed:,.0f} decisions/s"
    lines.append(f"decisions      {summary['decisions']}" + (f"   ({elapsed:.2f} s{speed})" if elapsed is not None else ""))
    if summary.get("competitive"):
        lines.append("")
        lines.append("per seat:")
        rows = []
        for seat, rate in enumerate(summary.get("seat_win_rate", [])):
            rows.append([
                seat, summary.get("seat_bots", ["?"] * (seat + 1))[seat],
                f"{summary['seat_mean_score'][seat]:.2f} +- {summary['seat_stderr'][seat]:.2f}",
                _percent(rate), _interval(summary["seat_win_rate_ci"][seat]),
            ])
        lines.extend(format_table(["seat", "bot", "mean score", "win rate", "95 % CI"], rows))
    bots_rows = summary.get("bots") or []
    if len(bots_rows) > 1:
        lines.append("")
        lines.append("per bot:")
        headers = ["bot", "seats", "mean score"] + (["win rate", "95 % CI"] if summary.get("competitive") else [])
        rows = []
        for row in bots_rows:
            cells = [row["bot"], ",".join(str(s) for s in row["seats"]), f"{row['mean_score']:.2f} +- {row['stderr']:.2f}"]
            if summary.get("competitive"):
                cells += [_percent(row.get("win_rate")), _interval(row.get("win_rate_ci"))]
            rows.append(cells)
        lines.extend(format_table(headers, rows))
    lines.append("")
    lines.append("score distribution (every seat of every game):" if summary.get("competitive")
                 else "score distribution:")
    lines.extend(_histogram_lines(summary.get("score_histogram", {})))
    game = summary.get("game")
    if game:
        histograms: list[Histogram] = []
        scalars, tables = flatten_game_stats(game, histograms=histograms)
        lines.append("")
        lines.append("game statistics:")
        width = max((len(k) for k, _ in scalars), default=0)
        for key, value in scalars:
            lines.append(f"  {key.ljust(width)}  {cell_text(value)}")
        for title, headers, rows in tables:
            lines.append("")
            lines.append(f"{title}:")
            lines.extend(format_table(headers, rows))
        if histograms:
            lines.append("")
            lines.append("distributions (value: games):")
            width = max(len(title) for title, _ in histograms)
            for title, histogram in histograms:
                bins = bin_histogram(histogram, GAME_HISTOGRAM_BINS)
                lines.append(f"  {title.ljust(width)}  " + "  ".join(f"{k}: {n}" for k, n in bins))
    return "\n".join(lines)


def sweep_text(rows: Sequence[Mapping[str, Any]], names: Sequence[str]) -> str:
    """One line per swept value: mean score, perfect or per-seat win rates, mean turns."""
    if not rows:
        return "no rows"
    first = rows[0]
    lines = [
        f"{first.get('game_id', '?')}: {first['players']} players, {first['games']} games per value, "
        f"seed {first.get('seed', '?')}, bots: {', '.join(first.get('seat_bots', []))}",
        "",
    ]
    competitive = bool(first.get("competitive"))
    scored = not all(row.get("score_is_outcome") for row in rows)  # scores that only say who won: no mean
    headers = list(names) + (["mean score", "+-"] if scored else [])
    if competitive:
        headers += [f"win seat {s}" for s in range(first["players"])] + ["draws"]
    else:
        headers += ["perfect"]
    headers += ["mean turns"]
    table = []
    for row in rows:
        cells: list[Any] = [row["set"][name] for name in names]
        if scored:
            cells += [f"{row['mean_score']:.2f}", f"{row['stderr']:.2f}"]
        if competitive:
            cells += [_percent(rate) for rate in row.get("seat_win_rate", [])]
            cells += [_percent((row.get("draws") or 0) / row["games"] if row.get("games") else 0.0)]
        else:
            cells += [_percent(row.get("perfect_rate"))]
        cells += [f"{row['mean_turns']:.1f}"]
        table.append(cells)
    lines.extend(format_table(headers, table, indent=""))
    return "\n".join(lines)
