"""Small inline SVG charts (bar charts with error bars, line charts) as text, for the HTML report.

Hand-written SVG, no library and no script: the report must open in a browser with no network.
Coordinates are SVG user units (pixels of the page).
"""

from __future__ import annotations

import math
from html import escape
from typing import Callable, Collection, Sequence

PALETTE = ("#3366cc", "#dc3912", "#ff9900", "#109618", "#990099", "#0099c6", "#dd4477", "#66aa00",
           "#8c564b", "#1f1f5c", "#22aa99", "#c9a800")
"""Twelve distinct series colours (readable on white; no grey, which marks reference series): up
to twelve seats each have their own."""
REFERENCE_COLOUR = "#808080"
"""Reference series (draws beside the seats' win rates): grey and dashed, apart from the palette."""
REFERENCE_DASH = "6 4"

WIDTH = 640
HEIGHT = 300
MARGIN_LEFT = 56
MARGIN_RIGHT = 16
MARGIN_TOP = 30
MARGIN_BOTTOM = 56
LEGEND_COLUMNS = 4
"""Legend entries per row at most (fewer when the names are long)."""
CHAR_WIDTH = 6.5
"""Rough width of a character of an 11-unit label, to keep axis labels apart."""
LEGEND_ROW = 16


def _num(value: float) -> str:
    """A coordinate with two decimals at most (short, stable output)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round tick values covering ``low``..``high`` (steps of 1, 2 or 5 x 10^k)."""
    if not math.isfinite(low) or not math.isfinite(high):
        return [0.0]
    if high <= low:
        high = low + 1.0
    raw = (high - low) / max(1, count)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    if ticks[-1] < high:
        ticks.append(round(ticks[-1] + step, 10))
    return ticks


def _tick_label(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _frame(title: str, y_label: str, x_label: str, ticks: Sequence[float], scale_y: Callable[[float], float],
           plot_w: float) -> list[str]:
    """Title, axis labels, horizontal grid lines and y tick labels."""
    parts = [_title(title)]
    for tick in ticks:
        y = scale_y(tick)
        parts.append(
            f'<line class="grid" stroke="#e5e5e5" x1="{MARGIN_LEFT}" y1="{_num(y)}" x2="{_num(MARGIN_LEFT + plot_w)}" y2="{_num(y)}"/>'
            f'<text class="tick" font-size="11" x="{MARGIN_LEFT - 6}" y="{_num(y + 4)}" text-anchor="end">{escape(_tick_label(tick))}</text>'
        )
    parts.append(
        f'<text class="axis" font-size="12" transform="translate(14,{_num(MARGIN_TOP + (HEIGHT - MARGIN_TOP - MARGIN_BOTTOM) / 2)}) '
        f'rotate(-90)" text-anchor="middle">{escape(y_label)}</text>'
    )
    parts.append(f'<text class="axis" font-size="12" x="{_num(MARGIN_LEFT + plot_w / 2)}" y="{HEIGHT - 8}" text-anchor="middle">{escape(x_label)}</text>')
    return parts


TITLE_CHAR = 0.6
"""Rough width of a bold character, in units of its font size."""


def _title(title: str) -> str:
    """A chart's title, centred, in smaller type when 14 units would run past the chart's edges."""
    size = min(14.0, (WIDTH - 16) / max(1, len(title)) / TITLE_CHAR)
    return (f'<text class="title" font-size="{_num(size)}" font-weight="bold" x="{_num(WIDTH / 2)}" y="18" '
            f'text-anchor="middle" style="font-size: {_num(size)}px">{escape(title)}</text>')


def _svg(parts: Sequence[str], label: str, height: float = HEIGHT) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 {WIDTH} {_num(height)}" '
        f'width="{WIDTH}" height="{_num(height)}" role="img" aria-label="{escape(label)}" font-family="sans-serif">'
        + "".join(parts) + "</svg>"
    )


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    title: str,
    y_label: str = "",
    x_label: str = "",
    intervals: Sequence[tuple[float, float]] | None = None,
    y_max: float | None = None,
    value_format: str = "{:g}",
) -> str:
    """Vertical bars, one per label, from zero to the value (below the zero line for a negative
    value), with optional error bars (``intervals`` as (low, high))."""
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    spans = [*values, *(v for pair in intervals or () for v in pair)]
    top = max([*spans, 0.0])
    bottom = min([*spans, 0.0])
    if y_max is not None:
        top = max(top, y_max) if bottom < 0 else y_max
    ticks = nice_ticks(bottom, top if top > bottom else bottom + 1.0)
    floor, ceiling = ticks[0], ticks[-1]
    span = (ceiling - floor) or 1.0

    def scale_y(value: float) -> float:
        return MARGIN_TOP + plot_h * (1 - (value - floor) / span)

    parts = _frame(title, y_label, x_label, ticks, scale_y, plot_w)
    n = max(1, len(values))
    slot = plot_w / n
    bar_w = max(1.0, slot * 0.75)
    longest = max((len(label) for label in labels), default=1)
    show_every = max(1, math.ceil((longest * CHAR_WIDTH + 8) / slot))  # labels must not overlap
    for i, (label, value) in enumerate(zip(labels, values)):
        x = MARGIN_LEFT + i * slot + (slot - bar_w) / 2
        zero, end = scale_y(0.0), scale_y(value)
        tip = escape(f"{label}: {value_format.format(value)}")
        parts.append(
            f'<rect class="bar" x="{_num(x)}" y="{_num(min(zero, end))}" width="{_num(bar_w)}" '
            f'height="{_num(abs(zero - end))}" fill="{PALETTE[0]}"><title>{tip}</title></rect>'
        )
        if intervals is not None:
            low, high = intervals[i]
            cx = x + bar_w / 2
            parts.append(
                f'<path class="err" stroke="#222" stroke-width="1.4" fill="none" d="M{_num(cx)} {_num(scale_y(low))}V{_num(scale_y(high))}'
                f'M{_num(cx - 5)} {_num(scale_y(low))}h10M{_num(cx - 5)} {_num(scale_y(high))}h10"/>'
            )
        if i % show_every == 0:
            parts.append(
                f'<text class="tick" font-size="11" x="{_num(x + bar_w / 2)}" y="{_num(MARGIN_TOP + plot_h + 16)}" '
                f'text-anchor="middle">{escape(label)}</text>'
            )
    parts.append(f'<line class="axisline" stroke="#555" x1="{MARGIN_LEFT}" y1="{_num(scale_y(0.0))}" '
                 f'x2="{_num(MARGIN_LEFT + plot_w)}" y2="{_num(scale_y(0.0))}"/>')
    return _svg(parts, title)


def line_chart(
    x_labels: Sequence[str],
    series: Sequence[tuple[str, Sequence[float | None]]],
    *,
    title: str,
    y_label: str = "",
    x_label: str = "",
    y_min: float | None = None,
    y_max: float | None = None,
    intervals: Sequence[Sequence[tuple[float, float] | None] | None] | None = None,
    references: Collection[int] = (),
) -> str:
    """One line with markers per named series over evenly spaced x values, with a legend;
    ``intervals`` (one list of (low, high) per series, or None) draws error bars. A None value
    (a seat a smaller table does not have) leaves a gap. The series numbered in ``references``
    (draws beside the seats) are grey and dashed; the others take the palette's colours in order,
    so no two of up to twelve share one."""
    plot_w = WIDTH - MARGIN_LEFT - MARGIN_RIGHT
    plot_h = HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
    bars = list(intervals) if intervals is not None else [None] * len(series)
    all_values = [v for _, values in series for v in values if v is not None] or [0.0]
    all_values += [v for pairs in bars if pairs for pair in pairs if pair is not None for v in pair]
    low = y_min if y_min is not None else min(0.0, min(all_values))
    high = y_max if y_max is not None else max(all_values)
    ticks = nice_ticks(low, high)
    bottom, ceiling = ticks[0], ticks[-1]
    span = (ceiling - bottom) or 1.0

    def scale_y(value: float) -> float:
        return MARGIN_TOP + plot_h * (1 - (value - bottom) / span)

    n = max(1, len(x_labels))

    def scale_x(i: int) -> float:
        return MARGIN_LEFT + (plot_w * (i + 0.5) / n)

    parts = _frame(title, y_label, x_label, ticks, scale_y, plot_w)
    longest = max((len(label) for label in x_labels), default=1)
    show_every = max(1, math.ceil((longest * CHAR_WIDTH + 8) / (plot_w / n)))  # labels must not overlap
    for i, label in enumerate(x_labels):
        if i % show_every:
            continue
        parts.append(f'<text class="tick" font-size="11" x="{_num(scale_x(i))}" y="{_num(MARGIN_TOP + plot_h + 16)}" '
                     f'text-anchor="middle">{escape(label)}</text>')
    offsets = [(k - (len(series) - 1) / 2) * min(4.0, plot_w / n / max(1, len(series)) / 2) for k in range(len(series))]
    colours = _series_colours(len(series), references)
    columns, column_w = _legend_columns([name for name, _ in series])
    for k, (name, values) in enumerate(series):
        colour = colours[k]
        dash = f' stroke-dasharray="{REFERENCE_DASH}"' if k in references else ""
        for run in _runs(values):
            points = " ".join(f"{_num(scale_x(i))},{_num(scale_y(v))}" for i, v in run)
            parts.append(f'<polyline class="line" points="{points}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        pairs = bars[k] if k < len(bars) else None
        for i, pair in enumerate(pairs or ()):
            if pair is None:
                continue
            low, high = pair
            x = scale_x(i) + offsets[k]  # series side by side, so their bars do not hide each other
            parts.append(f'<path class="err" stroke="{colour}" stroke-width="1.4" fill="none" '
                         f'd="M{_num(x)} {_num(scale_y(low))}V{_num(scale_y(high))}'
                         f'M{_num(x - 3)} {_num(scale_y(low))}h6M{_num(x - 3)} {_num(scale_y(high))}h6"/>')
        for i, v in enumerate(values):
            if v is None:
                continue
            parts.append(f'<circle cx="{_num(scale_x(i))}" cy="{_num(scale_y(v))}" r="3.5" fill="{colour}">'
                         f'<title>{escape(f"{name} at {x_labels[i]}: {v:g}")}</title></circle>')
        legend_x = MARGIN_LEFT + (k % columns) * column_w
        legend_y = HEIGHT + 4 + LEGEND_ROW * (k // columns)
        swatch = (f'<line x1="{_num(legend_x - 2)}" y1="{_num(legend_y + 5)}" x2="{_num(legend_x + 12)}" y2="{_num(legend_y + 5)}" '
                  f'stroke="{colour}" stroke-width="2"{dash}/>' if dash else
                  f'<rect x="{_num(legend_x)}" y="{_num(legend_y)}" width="10" height="10" fill="{colour}"/>')
        parts.append(swatch + f'<text class="legend" font-size="11" x="{_num(legend_x + 16)}" y="{_num(legend_y + 9)}">'
                     f'{escape(name)}</text>')
    parts.append(f'<line class="axisline" stroke="#555" x1="{MARGIN_LEFT}" y1="{_num(MARGIN_TOP + plot_h)}" '
                 f'x2="{_num(MARGIN_LEFT + plot_w)}" y2="{_num(MARGIN_TOP + plot_h)}"/>')
    rows = math.ceil(len(series) / columns)
    return _svg(parts, title, HEIGHT + 8 + LEGEND_ROW * rows)


def _series_colours(count: int, references: Collection[int]) -> list[str]:
    """Each series' colour: grey for references, else the palette's next colour (wrapping only
    past twelve)."""
    colours = []
    drawn = 0
    for k in range(count):
        if k in references:
            colours.append(REFERENCE_COLOUR)
        else:
            colours.append(PALETTE[drawn % len(PALETTE)])
            drawn += 1
    return colours


def _legend_columns(names: Sequence[str]) -> tuple[int, float]:
    """Legend entries per row and the width of each, so long names do not run into the next."""
    width = WIDTH - MARGIN_LEFT
    column_w = max(145.0, max((len(name) for name in names), default=0) * CHAR_WIDTH + 28)
    columns = max(1, min(LEGEND_COLUMNS, int(width // column_w)))
    return columns, max(column_w, 145.0)


def _runs(values: Sequence[float | None]) -> list[list[tuple[int, float]]]:
    """The stretches of consecutive values that are not None, with their positions."""
    runs: list[list[tuple[int, float]]] = [[]]
    for i, v in enumerate(values):
        if v is None:
            if runs[-1]:
                runs.append([])
        else:
            runs[-1].append((i, v))
    return [run for run in runs if run]


def interval_chart(
    labels: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    *,
    title: str,
    x_label: str = "",
    marked: Sequence[bool] | None = None,
    band: tuple[float, float] | None = None,
) -> str:
    """A forest plot: one row per label, a dot at its value and a line over its interval, with a
    line at zero (differences whose interval leaves out zero stand out); ``marked`` rows in red;
    ``band``, a range shaded green behind the rows (a goal's)."""
    row_h = 22
    left = min(300.0, max(120.0, CHAR_WIDTH * max((len(label) for label in labels), default=10) + 16))
    plot_w = WIDTH - left - MARGIN_RIGHT - 10
    height = MARGIN_TOP + row_h * max(1, len(labels)) + 44
    ends = [v for pair in intervals for v in pair] + list(values) + [0.0] + (list(band) if band else [])
    low, high = min(ends), max(ends)
    pad = (high - low) * 0.05 or 1.0
    ticks = nice_ticks(low - pad, high + pad)
    first, last = ticks[0], ticks[-1]
    span = (last - first) or 1.0

    def scale_x(value: float) -> float:
        return left + plot_w * (value - first) / span

    parts = [_title(title)]
    bottom = MARGIN_TOP + row_h * max(1, len(labels))
    for tick in ticks:
        x = scale_x(tick)
        parts.append(f'<line class="grid" stroke="#e5e5e5" x1="{_num(x)}" y1="{MARGIN_TOP}" x2="{_num(x)}" y2="{_num(bottom)}"/>'
                     f'<text class="tick" font-size="11" x="{_num(x)}" y="{_num(bottom + 14)}" text-anchor="middle">{escape(_tick_label(tick))}</text>')
    if band is not None:
        parts.append(f'<rect class="band" fill="#dff3e0" x="{_num(scale_x(band[0]))}" y="{MARGIN_TOP}" '
                     f'width="{_num(max(1.0, scale_x(band[1]) - scale_x(band[0])))}" height="{_num(bottom - MARGIN_TOP)}"/>')
    parts.append(f'<line class="axisline" stroke="#555" x1="{_num(scale_x(0.0))}" y1="{MARGIN_TOP}" '
                 f'x2="{_num(scale_x(0.0))}" y2="{_num(bottom)}"/>')
    for i, (label, value, (lo, hi)) in enumerate(zip(labels, values, intervals)):
        y = MARGIN_TOP + row_h * i + row_h / 2
        colour = PALETTE[1] if marked is not None and marked[i] else PALETTE[0]
        parts.append(f'<text class="tick" font-size="11" x="{_num(left - 8)}" y="{_num(y + 4)}" text-anchor="end">{escape(label)}</text>'
                     f'<path class="err" stroke="{colour}" stroke-width="1.6" fill="none" d="M{_num(scale_x(lo))} {_num(y)}H{_num(scale_x(hi))}'
                     f'M{_num(scale_x(lo))} {_num(y - 4)}v8M{_num(scale_x(hi))} {_num(y - 4)}v8"/>'
                     f'<circle cx="{_num(scale_x(value))}" cy="{_num(y)}" r="3.5" fill="{colour}">'
                     f'<title>{escape(f"{label}: {value:g} [{lo:g}, {hi:g}]")}</title></circle>')
    parts.append(f'<text class="axis" font-size="12" x="{_num(left + plot_w / 2)}" y="{_num(bottom + 32)}" text-anchor="middle">{escape(x_label)}</text>')
    return _svg(parts, title, height)
