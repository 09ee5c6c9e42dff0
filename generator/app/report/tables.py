"""Turn a game's own statistics (any JSON-like dict) into plain values and tables for display.

Rules, so any engine's ``summarize`` output shows up without special code:
- a number, text, boolean or list of plain values is one ``key  value`` line;
- a list of dicts is a table (columns: every key, in order of first appearance);
- a dict of dicts is a table whose first column holds the outer keys;
- a dict of plain values is a two-column table (key, value);
- a ``histogram`` entry (value -> count) is taken out of its table and drawn as a chart;
- anything deeper is shown by the same rules with ``outer.inner`` titles.
"""

from __future__ import annotations

import math
from typing import Any, Mapping, NamedTuple, Sequence

Table = tuple[str, list[str], list[list[Any]]]
"""A titled table: title, column headers, rows of cells."""

class Histogram(NamedTuple):
    """A titled histogram (value as text -> count); histograms of one table's rows (each seat's
    scores) share a ``group`` and are drawn with the same bars."""

    title: str
    counts: dict[str, int]
    group: str


def is_histogram(key: str, value: Any) -> bool:
    """A ``histogram`` (or ``*_histogram``) entry: a dict of value -> count, drawn as a chart."""
    return (
        (key == "histogram" or key.endswith("_histogram"))
        and isinstance(value, Mapping)
        and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value.values())
    )


def bin_histogram(histogram: Mapping[str, int], max_bins: int) -> list[tuple[str, int]]:
    """At most ``max_bins`` bars: every whole number from the lowest value to the highest when
    they fit (the empty ones too, so the axis is evenly spaced), other values as they are when few,
    else equal-width ranges (width 1, 2 or 5 x 10^k; labels ``10..14`` for whole numbers, both
    ends included, empty ranges kept)."""
    labels, counts = bin_histograms([histogram], max_bins)
    return list(zip(labels, counts[0]))


def bin_histograms(histograms: Sequence[Mapping[str, int]], max_bins: int) -> tuple[list[str], list[list[int]]]:
    """The same bars for several histograms (one per seat...), so they read side by side: the bar
    labels and each histogram's counts in them (see ``bin_histogram``)."""
    try:
        points = [sorted((float(k), int(v)) for k, v in h.items()) for h in histograms]
    except ValueError:
        keys = list(dict.fromkeys(str(k) for h in histograms for k in h))
        return keys, [[int(h.get(k, 0)) for k in keys] for h in histograms]
    values = sorted({x for group in points for x, _ in group})
    if not values:
        return [], [[] for _ in histograms]
    integers = all(x.is_integer() for x in values)
    if integers and values[-1] - values[0] < max_bins:  # every whole number between, the empty ones too
        values = [values[0] + i for i in range(int(values[-1] - values[0]) + 1)]
    if len(values) <= max_bins:
        where = {x: i for i, x in enumerate(values)}
        counts = [[0] * len(values) for _ in histograms]
        for row, group in zip(counts, points):
            for x, n in group:
                row[where[x]] += n
        return [_value_text(x) for x in values], counts
    low, high = values[0], values[-1]
    raw = (high - low + (1 if integers else 0)) / max_bins
    width = next(m * 10 ** e for e in range(-6, 12) for m in (1, 2, 5) if m * 10 ** e >= raw)
    if integers:
        width = max(1, round(width))
    start = math.floor(low / width) * width
    count = int((high - start) // width) + 1
    counts = [[0] * count for _ in histograms]
    for row, group in zip(counts, points):
        for x, n in group:
            row[min(count - 1, int((x - start) // width))] += n
    labels = []
    for i in range(count):
        a = start + i * width
        if integers:
            labels.append(_value_text(a) if width == 1 else f"{_value_text(a)}..{_value_text(a + width - 1)}")
        else:
            labels.append(f"{a:g}..{a + width:g}")
    return labels, counts


def _value_text(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def is_plain(value: Any) -> bool:
    """A value shown as one cell: number, text, boolean, None, or a list of such values."""
    if isinstance(value, (list, tuple)):
        return all(is_plain(v) and not isinstance(v, (list, tuple)) for v in value)
    return value is None or isinstance(value, (int, float, str, bool))


def cell_text(value: Any) -> str:
    """A value as a short cell text: floats with at most 4 significant decimals, lists joined."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return f"{value:.1f}" if abs(value) >= 100 else f"{value:.4g}"
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(v) for v in value)
    if isinstance(value, Mapping):
        return ", ".join(f"{k}={cell_text(v)}" for k, v in value.items())
    return str(value)


def _list_table(title: str, items: Sequence[Mapping[str, Any]], histograms: list[Histogram]) -> Table:
    """Rows from dicts; histogram cells leave the table for the histogram list."""
    headers: list[str] = []
    for item in items:
        for key in item:
            if key not in headers and not is_histogram(str(key), item[key]):
                headers.append(str(key))
    rows = []
    for i, item in enumerate(items):
        rows.append([item.get(h) for h in headers])
        label = cell_text(item.get(headers[0])) if headers and not _is_number(item.get(headers[0])) else str(i)
        for key, value in item.items():
            if is_histogram(str(key), value):
                histograms.append(Histogram(f"{title} {label}", {str(k): int(v) for k, v in value.items()},
                                            f"{title} {key}"))
    return title, headers, rows


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _row_dict(value: Any) -> bool:
    """A dict of plain values and histograms: one table row."""
    return isinstance(value, Mapping) and all(is_plain(v) or is_histogram(str(k), v) for k, v in value.items())


def flatten_game_stats(
    stats: Mapping[str, Any], prefix: str = "", histograms: list[Histogram] | None = None
) -> tuple[list[tuple[str, Any]], list[Table]]:
    """Split game statistics into ``(key, value)`` lines and tables (see the module docstring);
    histograms found on the way are appended to ``histograms`` when given."""
    found: list[Histogram] = histograms if histograms is not None else []
    scalars: list[tuple[str, Any]] = []
    tables: list[Table] = []
    for key, value in stats.items():
        title = f"{prefix}{key}"
        if is_histogram(str(key), value):
            found.append(Histogram(title, {str(k): int(v) for k, v in value.items()}, title))
        elif is_plain(value):
            scalars.append((title, value))
        elif isinstance(value, (list, tuple)) and value and all(_row_dict(v) for v in value):
            tables.append(_list_table(title, list(value), found))
        elif isinstance(value, Mapping) and value and all(_row_dict(v) for v in value.values()):
            items: list[Mapping[str, Any]] = [{title: k, **dict(v)} for k, v in value.items()]
            tables.append(_list_table(title, items, found))
        elif isinstance(value, Mapping) and value and all(is_plain(v) for v in value.values()):
            tables.append((title, [title, "value"], [[k, v] for k, v in value.items()]))
        elif isinstance(value, Mapping):
            sub_scalars, sub_tables = flatten_game_stats(value, f"{title}.", found)
            scalars.extend(sub_scalars)
            tables.extend(sub_tables)
        else:
            scalars.append((title, cell_text(value)))
    return scalars, tables


def histogram_groups(histograms: Sequence[Histogram]) -> list[tuple[str, list[Histogram]]]:
    """The histograms by group, in order of first appearance (a group's members share bars)."""
    groups: dict[str, list[Histogram]] = {}
    for item in histograms:
        groups.setdefault(item.group, []).append(item)
    return list(groups.items())


def bots_text(seat_bots: Sequence[str], tables_vary: bool = False) -> str:
    """The bots of each seat; one bot at every seat of tables of several sizes is said so."""
    if tables_vary and len(set(seat_bots)) == 1:
        return f"{seat_bots[0]} at every seat"
    return ", ".join(seat_bots)
