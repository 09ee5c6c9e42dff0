"""The HTML report: a well-formed, self-contained page with its charts and the game's own tables."""

from __future__ import annotations

import json
import re
from html import unescape
from html.parser import HTMLParser
from typing import Any

import pytest

from generator.app.report.html import html_table, simulation_report, sweep_report
from generator.app.report.svg import PALETTE, REFERENCE_COLOUR, bar_chart, line_chart, nice_ticks
from generator.app.report.tables import bin_histogram, cell_text, flatten_game_stats
from generator.app.report.text import summary_text, sweep_text
from generator.sim.api import BotSpec
from generator.sim.runner import run
from generator.sim.summary import RunSettings, RunSummary, summarize
from generator.sim.sweep import SweepRow
from tests.test_sim_runner import TOY_COOP, TOY_RACE, toy_definition

VOID = {"meta", "br", "rect", "line", "path", "circle", "polyline", "img", "hr"}


class _Checker(HTMLParser):
    """Checks that every element is closed in order and collects tag names."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.links.append(value)
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        assert self.stack and self.stack[-1] == tag, f"</{tag}> closes <{self.stack[-1] if self.stack else None}>"
        self.stack.pop()


def check_page(page: str) -> _Checker:
    assert page.startswith("<!DOCTYPE html>")
    checker = _Checker()
    checker.feed(page)
    checker.close()
    assert checker.stack == [], f"unclosed elements: {checker.stack}"
    assert "<script" not in page and checker.links == [], "the report must not load anything"
    return checker


def _summary(simulator: Any, players: int, games: int = 60) -> RunSummary:
    result = run(simulator, toy_definition(), players, [BotSpec("random"), BotSpec("greedy")] if players == 2
                 else [BotSpec("random")], games, seed=2)
    settings = RunSettings("toy <game>", simulator.kind, 2, result.bots, dict(result.options))
    return summarize(result.records, players, competitive=simulator.competitive,
                     game_summary=simulator.summarize, elapsed_s=0.5, settings=settings)


def test_competitive_report_has_charts_and_tables() -> None:
    summary = _summary(TOY_RACE, 2)
    page = simulation_report(summary)
    checker = check_page(page)
    assert checker.tags.count("svg") == 4  # histogram, win rate per seat, mean score per seat, seats' histograms
    assert "Score distribution" in page and "Win rate per seat" in page
    assert "the same bars for every seat" in page
    assert "toy &lt;game&gt;" in page and "toy <game>" not in page  # escaped
    assert page.count('class="bar"') >= len(summary.scores.histogram) + 2
    assert page.index("What to look at") < page.index("Run settings")
    assert 'class="err"' in page  # the win-rate intervals
    assert "mean_total" in page and "<h3>cards</h3>" in page  # game-specific stats rendered as tables


def test_cooperative_report_shows_perfect_games() -> None:
    page = simulation_report(_summary(TOY_COOP, 3))
    check_page(page)
    assert "Perfect games" in page and "Win rate per seat" not in page


def test_sweep_report_draws_curves() -> None:
    rows = []
    for target in (10, 20, 30):
        result = run(TOY_RACE, toy_definition(), 2, [BotSpec("greedy")], 20, seed=1, options={"target": target})
        settings = RunSettings("toy", "toyrace", 1, result.bots, dict(result.options))
        summary = summarize(result.records, 2, competitive=True, game_summary=TOY_RACE.summarize, settings=settings)
        rows.append(SweepRow({"target": target}, summary))
    page = sweep_report(rows, ["target"])
    checker = check_page(page)
    assert checker.tags.count("polyline") >= 4  # mean score, 2 seats, length
    assert page.count('class="err"') >= 3 * 4  # error bars on every point of the curves
    assert "Win rate per seat against target" in page
    assert "swept target" in page and "10, 20, 30" in page  # the settings show every swept value
    text = sweep_text(rows, ["target"])
    lines = text.splitlines()
    assert "swept: target = 10, 20, 30" in lines and not any(line.startswith("rules: target") for line in lines)
    table = lines[lines.index(next(line for line in lines if line.startswith("target"))) + 1:]
    assert [line.split()[0] for line in table] == ["10", "20", "30"]


def _toy_row(values: dict[str, Any], target: int, players: int = 2) -> SweepRow:
    result = run(TOY_RACE, toy_definition(), players, [BotSpec("greedy")], 20, seed=1, options={"target": target})
    settings = RunSettings("toy", "toyrace", 1, result.bots, dict(result.options))
    return SweepRow(values, summarize(result.records, players, competitive=True, settings=settings))


def _charts(page: str) -> dict[str, str]:
    """Each chart of a page by its title."""
    charts = re.findall(r"<svg.*?</svg>", page, re.S)
    return {unescape(re.search(r'class="title"[^>]*>([^<]*)<', c).group(1)): c for c in charts}  # type: ignore[union-attr]


def test_a_sweep_of_two_names_draws_one_line_per_value_of_the_second() -> None:
    rows = [_toy_row({"target": t, "bonus": b}, t + b) for t in (10, 20, 30) for b in (0, 5)]
    charts = _charts(sweep_report(rows, ["target", "bonus"]))
    length = charts["Game length against target, one line per bonus"]
    assert length.count("<polyline") == 2 and "bonus=0" in length and "bonus=5" in length
    ticks = re.findall(r'class="tick"[^>]*text-anchor="middle">([^<]*)<', length)
    assert ticks == ["10", "20", "30"]  # the first name's values, not "10, 0 / 10, 5 / 20, 0 ..."
    assert all(p.count(",") == 3 for p in re.findall(r'points="([^"]*)"', length))  # three points each
    seats = [title for title in charts if title.startswith("Win rate per seat")]
    assert seats == ["Win rate per seat against target at bonus=0", "Win rate per seat against target at bonus=5"]


def test_a_sweep_over_table_sizes_joins_no_seat_across_sizes() -> None:
    rows = [_toy_row({"players": n}, 20, players=n) for n in (2, 3, 4)]
    charts = _charts(sweep_report(rows, ["players"]))
    assert not any(title.startswith("Win rate per seat") for title in charts)
    edge = charts["First seat's edge against players"]
    assert edge.count("<polyline") == 1 and "seat 0 - others" in edge


def test_draws_are_grey_and_dashed_and_twelve_seats_have_twelve_colours() -> None:
    series = [(f"seat {k}", [float(k), float(k + 1)]) for k in range(12)] + [("draws", [1.0, 2.0])]
    svg = line_chart(["a", "b"], series, references=[12], title="t")
    lines = re.findall(r'<polyline[^>]*stroke="([^"]*)"[^>]*?(stroke-dasharray="[^"]*")?/>', svg)
    colours = [colour for colour, _ in lines]
    assert len(set(colours)) == 13 and colours[12] == REFERENCE_COLOUR and REFERENCE_COLOUR not in PALETTE
    assert [bool(dash) for _, dash in lines] == [False] * 12 + [True]


def test_wide_tables_wrap_their_headers_to_fit_the_page() -> None:
    headers = ["card", "copies", "per_game", "buyer_share", "buyers_mean_score", "others_mean_score",
               "buyers_win_share", "win_share_low", "win_share_high", "effect", "p_holm", "flag"]
    table = html_table(headers, [["red-1-plain", 3, 0.5, 0.25, 40.0, 41.0, 0.3, 0.2, 0.4, 0.01, 1.0, ""]])
    assert table.startswith('<table class="wide">') and "<th>buyers mean score</th>" in table
    assert html_table(["seat", "mean"], [[0, 1.0]]).startswith("<table>")


def test_bar_chart_scales_bars_to_values() -> None:
    svg = bar_chart(["a", "b"], [10.0, 5.0], title="t")
    heights = [float(part.split('"')[0]) for part in svg.split('class="bar"')[1:] for part in [part.split('height="')[1]]]
    assert heights[0] == pytest.approx(2 * heights[1])
    assert line_chart(["1", "2"], [("s", [1.0, 2.0])], title="t").count("<circle") == 2


def test_bar_chart_draws_negative_values_below_the_zero_line() -> None:
    """A lowest-wins game's mean scores are negative: each bar runs from the zero line down to its
    value, inside the chart, as long as its value says (the axis used to stay 0..1 and the bars were
    drawn thousands of units away, with no height)."""
    import re

    svg = bar_chart(["0", "1", "2"], [-30.4, -46.6, 12.0], title="Mean score per seat",
                    intervals=[(-33.0, -27.8), (-50.9, -42.3), (10.0, 14.0)])
    bars = [tuple(float(v) for v in m) for m in re.findall(r'class="bar" x="[^"]+" y="([^"]+)" width="[^"]+" height="([^"]+)"', svg)]
    zero = float(re.search(r'class="axisline"[^>]* y1="([^"]+)"', svg).group(1))
    top, bottom = 30, 300 - 56
    for (y, height), value in zip(bars, (-30.4, -46.6, 12.0)):
        assert top <= y and y + height <= bottom and height > 0
        assert (y == pytest.approx(zero)) == (value < 0)  # a negative bar hangs from the zero line
    assert bars[1][1] / bars[0][1] == pytest.approx(46.6 / 30.4, rel=0.01)
    assert ">-50<" in svg or ">-60<" in svg  # the axis reaches below the lowest interval


def test_nice_ticks() -> None:
    assert nice_ticks(0, 25) == [0, 5, 10, 15, 20, 25]
    assert nice_ticks(0, 0.37)[-1] >= 0.37
    assert nice_ticks(3, 3) == [3.0, 3.2, 3.4, 3.6, 3.8, 4.0]


def test_flatten_game_stats_and_cells() -> None:
    scalars, tables = flatten_game_stats({
        "explosion_rate": 0.25,
        "per_seat": [1, 2],
        "balance": [{"card": "a", "bought": 3}, {"card": "b", "bought": 1, "win_rate": 0.5}],
        "ends": {"sequences": 9, "deck": 1},
        "jacks": {"one_eyed": {"used": 3}, "two_eyed": {"used": 5}},
    })
    assert scalars == [("explosion_rate", 0.25), ("per_seat", [1, 2])]
    titles = {title: (headers, rows) for title, headers, rows in tables}
    assert titles["balance"] == (["card", "bought", "win_rate"], [["a", 3, None], ["b", 1, 0.5]])
    assert titles["ends"][1] == [["sequences", 9], ["deck", 1]]
    assert titles["jacks"] == (["jacks", "used"], [["one_eyed", 3], ["two_eyed", 5]])
    assert cell_text(2.0) == "2" and cell_text(None) == "-" and cell_text(0.123456) == "0.1235"


def test_summary_text_for_both_kinds() -> None:
    race = summary_text(_summary(TOY_RACE, 2))
    assert "per seat:" in race and "win rate" in race and "game statistics:" in race
    assert race.splitlines()[2] == "" and race.splitlines()[3] == "what to look at:"  # findings first
    coop = summary_text(_summary(TOY_COOP, 3))
    assert "perfect games" in coop and "per seat:" not in coop


def test_bin_histogram_groups_wide_ranges() -> None:
    few = {"1": 2, "3": 1}
    assert bin_histogram(few, 10) == [("1", 2), ("2", 0), ("3", 1)]  # the empty bin is kept
    rounds = {**{str(v): 3 for v in range(5, 13)}, "14": 1, "17": 1}  # Firecrackers' rounds per game
    assert [label for label, _ in bin_histogram(rounds, 40)] == [str(v) for v in range(5, 18)]
    assert bin_histogram({"0.5": 1, "1.5": 2}, 10) == [("0.5", 1), ("1.5", 2)]  # other values as they are
    wide = {str(v): 1 for v in range(-7, 93)}  # 100 values
    bins = bin_histogram(wide, 20)
    assert len(bins) <= 21 and sum(n for _, n in bins) == 100
    assert bins[0] == ("-10..-6", 2) and bins[1] == ("-5..-1", 5)
    histograms: list = []
    flatten_game_stats({"rounds": {"mean": 3.5, "histogram": {"3": 1, "4": 1}},
                        "seats": [{"seat": "a", "histogram": {"1": 2}}]}, histograms=histograms)
    assert [tuple(h) for h in histograms] == [("rounds.histogram", {"3": 1, "4": 1}, "rounds.histogram"),
                                              ("seats a", {"1": 2}, "seats histogram")]


def _firecrackers_summary() -> RunSummary:
    """Two-player Firecrackers records where every seat of every game bought a treasure."""
    from generator.sim.api import GameRecord
    from generator.app.simulators import simulator_for

    simulator = simulator_for("firecrackers")
    records = []
    for i in range(40):
        bought = [{"yellow-2-treasure": 1, **({"red-3-plain": 1} if i % 2 == seat else {})} for seat in range(2)]
        scores = (30.0 + i % 7, 28.0 + i % 5)
        outcome = {"bought": bought, "explosions": [1, 2], "stops": [3, 3], "rounds": 5 + i % 4, "end": "shop_empty"}
        records.append(GameRecord(i, i, scores, 50, 50, (0,) if scores[0] > scores[1] else (1,), ("pyro", "pyro"), outcome))
    settings = RunSettings("firecrackers", "firecrackers", 1, ("pyro", "pyro"), {})
    return summarize(records, 2, competitive=True, game_summary=simulator.summarize,
                     game_findings=simulator.findings, settings=settings)


def test_a_card_every_seat_bought_has_no_others_to_compare_with() -> None:
    summary = _firecrackers_summary()
    row = next(r for r in summary.game["balance_cards"] if r["card"] == "yellow-2-treasure")
    assert row["buyer_share"] == 1 and row["others_mean_score"] is None
    assert '"others_mean_score": null' in json.dumps(summary.to_json())
    text = summary_text(summary).splitlines()
    header = next(li for li in text if li.lstrip().startswith("card ")).split()
    line = next(li for li in text if li.lstrip().startswith("yellow-2-treasure")).split()
    assert line[header.index("others_mean_score")] == "-"
    page = simulation_report(summary)
    cells = page.split("<td>yellow-2-treasure</td>", 1)[1].split("</tr>", 1)[0]
    assert "<td>-</td>" in cells


def test_seat_scores_tables_name_their_seats() -> None:
    summary = _firecrackers_summary()
    text = summary_text(summary).splitlines()
    header = text.index("seat_scores:") + 1
    assert text[header].split()[:2] == ["seat", "mean"] and text[header + 1].split()[0] == "0"
    page = simulation_report(summary)
    assert "<h3>seat scores</h3><table><tr><th>seat</th>" in page


def test_a_run_slower_than_a_game_a_second_says_seconds_a_game() -> None:
    """It said "0 games/s"."""
    from dataclasses import replace as replaced


    summary = _summary(TOY_RACE, 2, games=4)
    slow = replaced(summary, lengths=replaced(summary.lengths, elapsed_s=10.0))
    assert "2.50 s a game" in summary_text(slow) and "0 games/s" not in summary_text(slow)
    quick = replaced(summary, lengths=replaced(summary.lengths, elapsed_s=2.0))
    assert "2.00 games/s" in summary_text(quick)
