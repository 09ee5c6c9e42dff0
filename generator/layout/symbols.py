"""Vector symbols drawn from paths (suits, Hanabi and Firecrackers pack symbols, jacks' eyes).

Every shape is designed in a unit box (-1..1, y down) and placed by centre and size, so a symbol
prints sharp at any size and needs no font or image. Subpaths of one shape all wind the same way,
so overlapping parts (a club's three lobes) fill as one under the non-zero rule.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Callable, Sequence

from ..model.common import Symbol
from .scene import Close, CurveTo, LineTo, MoveTo, Paint, Path, PathOp

Point = tuple[float, float]
_K = 0.5522847498  # control-point distance of a quarter circle drawn with one cubic Bezier


def _area(points: Sequence[Point]) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(points, [*points[1:], points[0]])) / 2


def _polygon(points: Sequence[Point]) -> list[PathOp]:
    """A closed polygon, turned so that every shape winds the same way."""
    pts = list(points) if _area(points) >= 0 else list(reversed(points))
    return [MoveTo(*pts[0]), *(LineTo(*p) for p in pts[1:]), Close()]


def _circle(cx: float, cy: float, r: float) -> list[PathOp]:
    k = _K * r
    return [
        MoveTo(cx + r, cy),
        CurveTo(cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        CurveTo(cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        CurveTo(cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        CurveTo(cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        Close(),
    ]


def _star(points: int, outer: float, inner: float, turn: float = -90.0) -> list[PathOp]:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180.0 / points)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return _polygon(pts)


def _regular(sides: int, r: float, turn: float) -> list[PathOp]:
    return _polygon([(r * math.cos(math.radians(turn + i * 360 / sides)),
                      r * math.sin(math.radians(turn + i * 360 / sides))) for i in range(sides)])


def _curves(start: Point, segments: Sequence[tuple[Point, Point, Point]]) -> list[PathOp]:
    ops: list[PathOp] = [MoveTo(*start)]
    for (x1, y1), (x2, y2), (x, y) in segments:
        ops.append(CurveTo(x1, y1, x2, y2, x, y))
    ops.append(Close())
    return ops


def _heart() -> list[PathOp]:
    return _curves((0, 0.95), [
        ((-0.35, 0.6), (-1, 0.2), (-1, -0.32)),
        ((-1, -0.78), (-0.45, -1.05), (0, -0.58)),
        ((0.45, -1.05), (1, -0.78), (1, -0.32)),
        ((1, 0.2), (0.35, 0.6), (0, 0.95)),
    ])


def _spade() -> list[PathOp]:
    ops: list[PathOp] = [
        MoveTo(0, -1),
        CurveTo(0.35, -0.6, 0.95, -0.3, 0.95, 0.15),
        CurveTo(0.95, 0.6, 0.42, 0.78, 0.1, 0.42),
        LineTo(0.32, 1),
        LineTo(-0.32, 1),
        LineTo(-0.1, 0.42),
        CurveTo(-0.42, 0.78, -0.95, 0.6, -0.95, 0.15),
        CurveTo(-0.95, -0.3, -0.35, -0.6, 0, -1),
        Close(),
    ]
    return ops


def _club() -> list[PathOp]:
    return [*_circle(0, -0.5, 0.42), *_circle(-0.5, 0.12, 0.42), *_circle(0.5, 0.12, 0.42),
            *_polygon([(0, 0.05), (0.32, 1), (-0.32, 1)])]


def _drop() -> list[PathOp]:
    return _curves((0, -1), [
        ((0.3, -0.5), (0.75, -0.05), (0.75, 0.35)),
        ((0.75, 0.8), (0.4, 1), (0, 1)),
        ((-0.4, 1), (-0.75, 0.8), (-0.75, 0.35)),
        ((-0.75, -0.05), (-0.3, -0.5), (0, -1)),
    ])


def _moon() -> list[PathOp]:
    return _curves((0.25, -1), [
        ((-0.55, -0.95), (-1, -0.42), (-1, 0.08)),
        ((-1, 0.62), (-0.5, 1), (0.1, 1)),
        ((0.48, 1), (0.78, 0.85), (0.95, 0.58)),
        ((0.3, 0.72), (-0.38, 0.35), (-0.38, -0.18)),
        ((-0.38, -0.6), (-0.1, -0.9), (0.25, -1)),
    ])


def _cross() -> list[PathOp]:
    w = 0.3
    return _polygon([(-w, -1), (w, -1), (w, -w), (1, -w), (1, w), (w, w), (w, 1), (-w, 1),
                     (-w, w), (-1, w), (-1, -w), (-w, -w)])


def _flower() -> list[PathOp]:
    ops: list[PathOp] = []
    for i in range(5):
        a = math.radians(-90 + i * 72)
        ops += _circle(0.55 * math.cos(a), 0.55 * math.sin(a), 0.42)
    return ops + _circle(0, 0, 0.35)


def _bolt() -> list[PathOp]:
    return _polygon([(0.25, -1), (-0.6, 0.12), (-0.05, 0.12), (-0.3, 1), (0.62, -0.18), (0.08, -0.18), (0.4, -1)])


def _spiral() -> list[PathOp]:
    turns, steps, width = 2.25, 90, 0.2
    outer, inner = [], []
    for i in range(steps + 1):
        t = i / steps
        a = 2 * math.pi * turns * t
        r = 0.12 + 0.8 * t
        outer.append(((r + width / 2) * math.cos(a), (r + width / 2) * math.sin(a)))
        inner.append((max(r - width / 2, 0.02) * math.cos(a), max(r - width / 2, 0.02) * math.sin(a)))
    return _polygon(outer + list(reversed(inner)))


def _sun() -> list[PathOp]:
    ops = _circle(0, 0, 0.52)
    for i in range(8):
        a = math.radians(i * 45)
        tip = (math.cos(a), math.sin(a))
        left = (0.6 * math.cos(a - 0.28), 0.6 * math.sin(a - 0.28))
        right = (0.6 * math.cos(a + 0.28), 0.6 * math.sin(a + 0.28))
        ops += _polygon([left, tip, right])
    return ops


SHAPES: dict[Symbol, Callable[[], list[PathOp]]] = {
    Symbol.CIRCLE: lambda: _circle(0, 0, 0.9),
    Symbol.TRIANGLE: lambda: _polygon([(0, -0.95), (1, 0.8), (-1, 0.8)]),
    Symbol.SQUARE: lambda: _polygon([(-0.8, -0.8), (0.8, -0.8), (0.8, 0.8), (-0.8, 0.8)]),
    Symbol.DIAMOND: lambda: _polygon([(0, -1), (0.72, 0), (0, 1), (-0.72, 0)]),
    Symbol.STAR: lambda: _star(5, 1, 0.42),
    Symbol.HEXAGON: lambda: _regular(6, 0.95, 0),
    Symbol.HEART: _heart,
    Symbol.MOON: _moon,
    Symbol.DROP: _drop,
    Symbol.CROSS: _cross,
    Symbol.SPADE: _spade,
    Symbol.CLUB: _club,
    Symbol.FLOWER: _flower,
    Symbol.BOLT: _bolt,
    Symbol.SPIRAL: _spiral,
    Symbol.SUN: _sun,
    Symbol.BURST: lambda: _star(12, 1, 0.55),
}


def _place(ops: Sequence[PathOp], cx: float, cy: float, half: float) -> tuple[PathOp, ...]:
    """``ops`` (a unit shape) scaled by ``half`` and moved to (cx, cy): the hot loop of drawing
    symbols (a kit places a few hundred, thousands of operations), so written out flat."""
    placed: list[PathOp] = []
    append = placed.append
    for op in ops:
        if isinstance(op, LineTo):
            append(LineTo(cx + op.x * half, cy + op.y * half))
        elif isinstance(op, CurveTo):
            append(CurveTo(cx + op.x1 * half, cy + op.y1 * half, cx + op.x2 * half, cy + op.y2 * half,
                           cx + op.x * half, cy + op.y * half))
        elif isinstance(op, MoveTo):
            append(MoveTo(cx + op.x * half, cy + op.y * half))
        else:
            append(op)
    return tuple(placed)


@lru_cache(maxsize=None)
def _unit(kind: Symbol) -> tuple[PathOp, ...]:
    """The shape of ``kind`` in its unit box, worked out once (a kit draws the same few symbols
    hundreds of times, and the live preview lays kits out again on every save)."""
    return tuple(SHAPES[kind]())


@lru_cache(maxsize=4096)
def _placed(kind: Symbol, cx: float, cy: float, half: float) -> tuple[PathOp, ...]:
    """The outline of ``kind`` at one place and size: the cards of a deck draw their symbols at the
    same few places, so most are made once (placing one makes dozens of path operations)."""
    return _place(_unit(kind), cx, cy, half)


def symbol(kind: Symbol, cx: float, cy: float, size_mm: float, paint: Paint) -> Path:
    """The symbol ``kind`` centred on (cx, cy), ``size_mm`` wide and high."""
    return Path(_placed(kind, cx, cy, size_mm / 2), paint)


def circle_path(cx: float, cy: float, r: float, paint: Paint) -> Path:
    """A circle as a path (for shapes that combine circles with other outlines)."""
    return Path(tuple(_circle(cx, cy, r)), paint)


def eye(cx: float, cy: float, width_mm: float, paint: Paint, pupil: Paint) -> tuple[Path, Path]:
    """An eye (almond outline and pupil): the mark of a jack's power."""
    half, h = width_mm / 2, width_mm * 0.28
    almond = Path((
        MoveTo(cx - half, cy),
        CurveTo(cx - half * 0.5, cy - h * 1.3, cx + half * 0.5, cy - h * 1.3, cx + half, cy),
        CurveTo(cx + half * 0.5, cy + h * 1.3, cx - half * 0.5, cy + h * 1.3, cx - half, cy),
        Close(),
    ), paint)
    return almond, circle_path(cx, cy, h * 0.75, pupil)
