"""Text and HTML of ``cardforge compare``: what differs beyond chance first, then every figure of A
and B with the difference B - A, its 95 % interval and whether it survives the correction."""

from __future__ import annotations

from html import escape
from typing import Any

from ...sim.compare import Compared, SideBySide
from ...sim.summary import RunSummary
from .html import _findings, _page, html_table
from .svg import interval_chart
from .text import findings_lines, format_table

GROUP_TITLES = {"run": "the run", "cards": "cards", "actions": "actions"}
MAX_CHART_ROWS = 30


def _value(compared: Compared, value: float) -> str:
    return f"{100 * value:.1f} %" if compared.percent else f"{value:.2f}"


def _signed(compared: Compared, value: float) -> str:
    return f"{100 * value:+.1f}" if compared.percent else f"{value:+.2f}"


def _change(compared: Compared) -> str:
    d = compared.difference
    unit = " points" if compared.percent else ""
    return (f"{_value(compared, d.a)} -> {_value(compared, d.b)} ({_signed(compared, d.difference)}{unit} "
            f"[{_signed(compared, d.low)}, {_signed(compared, d.high)}])")


def _deck_line(label: str, summary: RunSummary) -> str:
    deck = summary.settings.deck if summary.settings is not None else None
    return f"{label}: " + (deck.short() if deck is not None else "?")


def _groups(side: SideBySide) -> list[tuple[str, list[Compared]]]:
    """The compared figures by group; the game's groups with the significant differences first."""
    groups: dict[str, list[Compared]] = {}
    for compared in side.comparison.figures:
        groups.setdefault(compared.group, []).append(compared)
    result = []
    for group, members in groups.items():
        if group != "run":
            members = sorted(members, key=lambda c: (not c.difference.significant, c.difference.p_value,
                                                     -abs(c.difference.difference)))
        result.append((group, members))
    return result


def _intro(side: SideBySide) -> list[str]:
    a, comparison = side.a, side.comparison
    settings = a.settings
    bots = ", ".join(settings.seat_bots) if settings else "?"
    return [
        f"compare {a.game_id}: {a.players} players, {a.games} games each, seed {settings.seed if settings else '?'} "
        f"(the same seeds for A and B), bots: {bots}",
        _deck_line("A", a),
        _deck_line("B", side.b),
        f"differences are B - A with their 95 % intervals; * marks those significant at "
        f"{100 * comparison.alpha:g} % after the {comparison.correction} correction over "
        f"{len(comparison.figures)} figures ({len(comparison.significant())} here)",
    ]


def _chart(figures: list[Compared], title: str, x_label: str, scale: float | None) -> str:
    """Differences with their intervals: rates in points (``scale`` 100), other figures in percent
    of A's value (their units differ: turns, points, explosions)."""
    if scale is None:
        figures = [c for c in figures if c.difference.a]
    if not figures:
        return ""

    def k(c: Compared) -> float:
        return scale if scale is not None else 100.0 / abs(c.difference.a)

    return interval_chart([c.name for c in figures], [c.difference.difference * k(c) for c in figures],
                          [(c.difference.low * k(c), c.difference.high * k(c)) for c in figures],
                          title=title, x_label=x_label, marked=[c.difference.significant for c in figures])


def compare_text(side: SideBySide) -> str:
    """The terminal output of ``compare``."""
    lines = _intro(side)
    lines.append("")
    significant = side.comparison.significant()
    lines.append("what differs:")
    if not significant:
        lines.append("  no figure differs beyond chance")
    for compared in significant[:12]:
        lines.append(f"  - {compared.name}: {_change(compared)}")
    if len(significant) > 12:
        lines.append(f"  ... and {len(significant) - 12} more (marked * below)")
    for label, summary in (("A", side.a), ("B", side.b)):
        lines.append("")
        lines += findings_lines(summary.findings, f"what to look at in {label}:", limit=3)
    for group, members in _groups(side):
        lines.append("")
        lines.append(f"{GROUP_TITLES.get(group, group)}:")
        rows: list[list[Any]] = []
        for c in members:
            d = c.difference
            rows.append([c.name, _value(c, d.a), _value(c, d.b), _signed(c, d.difference),
                         f"[{_signed(c, d.low)}, {_signed(c, d.high)}]", f"{d.p_adjusted:.3g}",
                         "*" if d.significant else ""])
        lines.extend(format_table(["figure", "A", "B", "B - A", "95 % interval", "p (Holm)", ""], rows))
    if side.comparison.skipped:
        lines.append("")
        lines.append("not compared: " + "; ".join(f"{name} ({why})" for name, why in side.comparison.skipped[:10])
                     + (f"; and {len(side.comparison.skipped) - 10} more" if len(side.comparison.skipped) > 10 else ""))
    return "\n".join(lines)


def compare_report(side: SideBySide) -> str:
    """The HTML page of ``compare``: what differs, both decks, every figure, the differences drawn
    with their intervals."""
    title = f"cardforge compare: {side.a.game_id}, {side.a.players} players"
    intro = _intro(side)
    significant = side.comparison.significant()
    items = "".join(f"<li>{escape(c.name)}: {escape(_change(c))}</li>" for c in significant)
    parts = [
        f"<h1>{escape(title)}</h1>",
        "".join(f'<p class="muted">{escape(line)}</p>' for line in intro[:1] + intro[3:]),
        "<h2>What differs</h2>",
        f'<ul class="findings">{items}</ul>' if items else "<p>No figure differs beyond chance.</p>",
        "<h2>Decks</h2>",
        html_table(["", "deck"], [["A", intro[1][3:]], ["B", intro[2][3:]]]),
    ]
    for group, members in _groups(side):
        shown = [c for c in members if group == "run" or c.difference.significant][:MAX_CHART_ROWS]
        title = GROUP_TITLES.get(group, group) + ("" if group == "run" else ", significant only")
        parts.append(f"<h2>{escape(GROUP_TITLES.get(group, group).capitalize())}</h2>")
        parts.append(_chart([c for c in shown if c.percent], f"B - A: rates of {title}", "difference (points)", 100.0))
        parts.append(_chart([c for c in shown if not c.percent], f"B - A: values of {title}",
                            "difference (% of A's value)", None))
        rows = []
        for c in members:
            d = c.difference
            rows.append([c.name, _value(c, d.a), _value(c, d.b), _signed(c, d.difference),
                         f"[{_signed(c, d.low)}, {_signed(c, d.high)}]", f"{d.p_adjusted:.3g}",
                         "significant" if d.significant else ""])
        parts.append(html_table(["figure", "A", "B", "B - A", "95 % interval", "p (Holm)", "flag"], rows))
    for label, summary in (("A", side.a), ("B", side.b)):
        parts.append(_findings(summary.findings).replace("<h2>What to look at</h2>",
                                                          f"<h2>What to look at in {label}</h2>"))
    return _page(title, parts)
