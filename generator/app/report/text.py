"""Plain-text summaries of simulation runs for the terminal (the ``simulate`` and ``sweep`` output):
what to look at first, then the figures."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from ...sim.findings import Finding
from ...sim.skill import SkillTrace
from ...sim.summary import TIE_WORDS, Measures, RunSummary
from ...sim.sweep import SweepRow, sweep_findings, swept_values
from .tables import (
    Histogram,
    bin_histogram,
    bin_histograms,
    bots_text,
    cell_text,
    flatten_game_stats,
    histogram_groups,
)

BAR_WIDTH = 40
MAX_BINS = 20
"""Bars of the score distribution at most; wider ranges are grouped."""
GAME_HISTOGRAM_BINS = 8
MAX_FINDINGS = 8
"""Findings listed in full; the others are counted."""


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


def findings_lines(findings: Sequence[Finding], title: str = "what to look at:", limit: int = MAX_FINDINGS) -> list[str]:
    """The findings as a list, heaviest first (``nothing stands out`` when there are none)."""
    lines = [title]
    if not findings:
        return lines + ["  nothing stands out beyond chance in these games"]
    for finding in findings[:limit]:
        lines.append(f"  - {finding.text()}")
    if len(findings) > limit:
        lines.append(f"  ... and {len(findings) - limit} more (--json and --report list every finding)")
    return lines


def header_lines(summary: RunSummary, games_label: str = "games", swept: Mapping[str, Sequence[Any]] | None = None) -> list[str]:
    """Game, table, seed and bots; the deck played; the rules (swept options with all their values)."""
    settings = summary.settings
    swept = swept or {}
    players = ", ".join(str(n) for n in swept["players"]) if "players" in swept else str(summary.players)
    lines = [
        f"{summary.game_id}: {players} players, {summary.games} {games_label}, "
        f"seed {settings.seed if settings else '?'}, bots: {bots_text(settings.seat_bots, 'players' in swept) if settings else '?'}"
    ]
    if settings is None:
        return lines
    if settings.deck is not None:
        changes = {k: v for k, v in settings.deck.changes.items() if k not in swept}
        deck = settings.deck
        lines.append("deck: " + (deck.project or "?") + (f", definitions {deck.sha256[:12]}" if deck.sha256 else "")
                     + "".join(f", {k}={cell_text(v)}" for k, v in changes.items()))
    rules = {k: v for k, v in settings.rules.items() if k not in swept}
    if rules:
        lines.append("rules: " + ", ".join(f"{k}={cell_text(v)}" for k, v in rules.items()))
    for key, value in settings.extra.items():
        lines.append(f"{key}: {value}")
    for name, values in swept.items():
        lines.append(f"swept: {name} = {', '.join(cell_text(v) for v in values)}")
    return lines


def measures_lines(measures: Measures, competitive: bool) -> list[str]:
    """The designers' measures the run has."""
    rows: list[tuple[str, str]] = []
    fpa = measures.first_player_advantage
    if fpa is not None:
        p = f", p = {measures.first_player_p:.3g}" if measures.first_player_p is not None else ""
        rows.append(("first-player advantage", f"{100 * fpa.value:+.1f} points [{100 * fpa.low:+.1f}, {100 * fpa.high:+.1f}]"
                     f" (seat 0's win rate minus the other seats' mean{p})"))
    if measures.balance is not None:
        b = measures.balance
        rows.append(("balance", f"{100 * b.value:.1f} % [{100 * b.low:.1f}, {100 * b.high:.1f}] (1 minus the largest "
                     "gap between two seats' win rates)"))
    if measures.lead_changes is not None:
        lc = measures.lead_changes
        rows.append(("lead changes", f"{lc.value:.2f} per game [{lc.low:.2f}, {lc.high:.2f}]"))
    if measures.winner_deficit is not None:
        wd = measures.winner_deficit
        rows.append(("winner's worst deficit", f"{wd.value:.1f} points [{wd.low:.1f}, {wd.high:.1f}] behind the leader"))
    if measures.decisiveness is not None:
        d = measures.decisiveness
        rows.append(("winner clear after", f"{100 * d.value:.0f} % [{100 * d.low:.0f}, {100 * d.high:.0f}] of the game "
                     "(the rounds played before the winner led for good)"))
    if measures.length_spread is not None:
        sd, p10, p90 = measures.length_spread
        rows.append(("length spread", f"sd {sd:.1f} turns; 80 % of games last {p10:g} to {p90:g} turns"))
    if measures.decided_last_round is not None:
        dl = measures.decided_last_round
        rows.append(("decided in the last round", f"{_percent(dl.rate)} {_interval([dl.low, dl.high])} of games "
                     "(the leader before it did not win)"))
    needed: list[str] = []
    if measures.games_for_score is not None:
        needed.append(f"{measures.games_for_score:,} for the mean score within +-1 %")
    if measures.games_for_rate is not None:
        what = "every win rate" if competitive else "the perfect rate"
        needed.append(f"{measures.games_for_rate:,} for {what} within +-1 point")
    if needed:
        rows.append(("games needed", "; ".join(needed) + " (95 %)"))
    if not rows:
        return []
    width = max(len(k) for k, _ in rows)
    return ["measures:"] + [f"  {k.ljust(width)}  {v}" for k, v in rows]


def skill_lines(trace: SkillTrace) -> list[str]:
    """The skill trace: each better bot against the one below it, its win rate with the interval."""
    lines = [f"skill trace (each bot against the one below it, taking every seat in turn; "
             f"{_percent(1 / trace.players)} by chance):"]
    rows = [[f"{step.stronger} vs {step.weaker}", step.games, _percent(step.rate), _interval([step.low, step.high]),
             "beyond chance" if step.beyond_chance else "-"] for step in trace.steps]
    lines.extend(format_table(["step", "games", "win rate", "95 % CI", ""], rows))
    return lines


def summary_text(summary: RunSummary) -> str:
    """A readable report of one run: the findings first, then scores, seats, bots, measures,
    distributions and the game's own statistics."""
    lines = header_lines(summary)
    lines.append("")
    lines += findings_lines(summary.findings)
    lines.append("")
    scores = summary.scores
    if not scores.is_outcome:
        lines.append(f"mean score     {scores.mean:.2f} +- {scores.stderr:.2f}"
                     f"   (min {cell_text(scores.minimum)}, max {cell_text(scores.maximum)})"
                     + ("   the lowest score wins" if scores.lowest_wins else "")
                     + (f"; ties: {TIE_WORDS[scores.tie_break]}" if scores.tie_break != "shared" else ""))
    seats = summary.seats
    if seats is not None:
        lines.append(f"shared wins    {seats.shared_wins} (team wins and ties count for every winner)"
                     f"   draws {seats.draws}")
    elif summary.perfect is not None:
        perfect = summary.perfect
        lines.append(f"perfect games  {_percent(perfect.rate.rate)} {_interval(perfect.rate.interval())}"
                     f"  ({perfect.games} of {summary.games})")
    lengths = summary.lengths
    lines.append(f"mean turns     {lengths.mean:.1f} +- {lengths.stderr:.1f}   (median {lengths.median:g}, "
                 f"max {cell_text(lengths.maximum)})")
    elapsed = lengths.elapsed_s
    speed = ""
    if elapsed:
        per_second = summary.games / elapsed
        pace = f"{per_second:,.0f} games/s" if per_second >= 10 else f"{per_second:.2f} games/s" if per_second >= 1 else \
            f"{elapsed / summary.games:,.2f} s a game" if summary.games else "no game"
        speed = f", {pace}, {lengths.decisions / elapsed:,.0f} decisions/s"
    lines.append(f"decisions      {lengths.decisions}" + (f"   ({elapsed:.2f} s{speed})" if elapsed is not None else ""))
    if seats is not None:
        lines.append("")
        lines.append("per seat:")
        rows = []
        for seat, rate in enumerate(seats.win_rate):
            rows.append([seat, summary.seat_bot(seat), f"{seats.mean_score[seat]:.2f} +- {seats.stderr[seat]:.2f}",
                         _percent(rate.rate), _interval(rate.interval())])
        lines.extend(format_table(["seat", "bot", "mean score", "win rate", "95 % CI"], rows))
    if len(summary.bots) > 1:
        lines.append("")
        lines.append("per bot:")
        headers = ["bot", "seats", "mean score"] + (["win rate", "95 % CI"] if summary.competitive else [])
        rows = []
        for bot in summary.bots:
            cells: list[Any] = [bot.bot, ",".join(str(s) for s in bot.seats), f"{bot.mean_score:.2f} +- {bot.stderr:.2f}"]
            if bot.win is not None:
                cells += [_percent(bot.win.rate), _interval(bot.win.interval())]
            rows.append(cells)
        lines.extend(format_table(headers, rows))
    measures = measures_lines(summary.measures, summary.competitive)
    if measures:
        lines.append("")
        lines += measures
    if summary.skill is not None:
        lines.append("")
        lines += skill_lines(summary.skill)
    lines.append("")
    lines.append("score distribution (every seat of every game):" if summary.competitive else "score distribution:")
    lines.extend(_histogram_lines(scores.histogram))
    if seats is not None and summary.players > 1 and not scores.is_outcome:
        lines.append("")
        lines.append("score distribution per seat (games; the same bars for every seat):")
        labels, counts = bin_histograms(seats.histograms, MAX_BINS)
        rows = [[label, *(c[i] for c in counts)] for i, label in enumerate(labels)]
        lines.extend(format_table(["score", *(f"seat {s}" for s in range(summary.players))], rows))
    if summary.game:
        lines += game_lines(summary.game)
    return "\n".join(lines)


def game_lines(game: Mapping[str, Any]) -> list[str]:
    """The game's own statistics: values, tables, and distributions (a group's share their bars)."""
    histograms: list[Histogram] = []
    scalars, tables = flatten_game_stats(game, histograms=histograms)
    lines = ["", "game statistics:"]
    width = max((len(k) for k, _ in scalars), default=0)
    for key, value in scalars:
        lines.append(f"  {key.ljust(width)}  {cell_text(value)}")
    for title, headers, rows in tables:
        lines.append("")
        lines.append(f"{title}:")
        lines.extend(format_table(headers, rows))
    if histograms:
        lines.append("")
        lines.append("distributions (value: games; histograms of one table share their bars):")
        width = max(len(h.title) for h in histograms)
        for _, members in histogram_groups(histograms):
            labels, counts = bin_histograms([h.counts for h in members], GAME_HISTOGRAM_BINS)
            for member, row in zip(members, counts):
                lines.append(f"  {member.title.ljust(width)}  " + "  ".join(f"{k}: {n}" for k, n in zip(labels, row)))
    return lines


def sweep_text(rows: Sequence[SweepRow], names: Sequence[str]) -> str:
    """The sweep's findings, then one line per swept value: mean score, perfect or per-seat win
    rates with their intervals, mean turns."""
    if not rows:
        return "no rows"
    first = rows[0].summary
    lines = header_lines(first, "games per value", swept_values(rows, names))
    lines.append("")
    lines += findings_lines(sweep_findings(rows, names))
    lines.append("")
    competitive = first.competitive
    scored = not all(row.summary.scores.is_outcome for row in rows)  # scores that only say who won: no mean
    headers = list(names) + (["mean score", "+-"] if scored else [])
    seats = max(row.summary.players for row in rows)  # the largest table when players are swept
    if competitive:
        headers += [f"win seat {s}" for s in range(seats)] + ["draws"]
    else:
        headers += ["perfect", "95 % CI"]
    headers += ["mean turns"]
    table = []
    for row in rows:
        summary = row.summary
        cells: list[Any] = [row.values[name] for name in names]
        if scored:
            cells += [f"{summary.scores.mean:.2f}", f"{summary.scores.stderr:.2f}"]
        if summary.seats is not None:
            cells += [f"{_percent(r.rate)} {_interval(r.interval())}" for r in summary.seats.win_rate]
            cells += ["-"] * (seats - len(summary.seats.win_rate))
            cells += [_percent(summary.seats.draws / summary.games if summary.games else 0.0)]
        elif summary.perfect is not None:
            cells += [_percent(summary.perfect.rate.rate), _interval(summary.perfect.rate.interval())]
        cells += [f"{summary.lengths.mean:.1f}"]
        table.append(cells)
    lines.extend(format_table(headers, table, indent=""))
    return "\n".join(lines)
