"""A tuck box for a deck: the net's geometry (pure) and its scene.

The box is sized from the cards it holds: its front and back panels are the card's width and
height plus a tolerance, its sides, lid and bottom as deep as the cards are thick together.
Laid flat, from left to right: a glue tab, the front (a thumb notch cut in its top edge), the
right side, the back, the left side. The lid hangs above the back with its tuck flap, the bottom
below the front with its own (a reverse tuck end: the two tucks close on opposite panels), and
each side has a dust flap at either end. Cut along the outline, fold on the dashed lines, glue
the tab inside the left side's free edge.

The front and back panels are drawn by a face template (its ``front`` and ``back``); the sides
and the lid carry the deck's title; the whole net is printed on the template's ground colour
with bleed around it.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..model.common import Colour
from .scene import WHITE, Anchor, Close, Group, Item, Line, LineTo, MoveTo, Paint, Path, PathOp, Scene, Text
from .messages import message

GLUE_TAB_MM = 10.0
TUCK_MM = 15.0
DUST_FLAP_MM = 15.0
FOLD = Colour("#6b6b6b")
CUT = Colour("#000000")
GLUE_HATCH = Colour("#8c8c8c")
LINE_MM = 0.2
NOTCH_STEPS = 12


@dataclass(frozen=True, slots=True)
class Panel:
    """A named part of the net (x, y, width, height in millimetres from the net's top-left)."""

    name: str
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True, slots=True)
class TuckBox:
    """The net of a reverse tuck-end box (see the module docstring), in millimetres."""

    width_mm: float
    """The front and back panels' width: the card's width plus the tolerance."""
    height_mm: float
    """The panels' height: the card's height plus the tolerance."""
    depth_mm: float
    """The sides', lid's and bottom's depth: the cards' count times their thickness."""
    glue_mm: float
    tuck_mm: float
    dust_mm: float
    notch_radius_mm: float
    panels: tuple[Panel, ...]
    outline: tuple[tuple[float, float], ...]
    """The cut path, a closed polygon (its last point joins the first)."""
    folds: tuple[tuple[float, float, float, float], ...]
    """Fold lines (x1, y1, x2, y2)."""
    glue: tuple[tuple[float, float], ...]
    """The glue tab's polygon."""

    @property
    def net_width_mm(self) -> float:
        return max(x for x, _ in self.outline)

    @property
    def net_height_mm(self) -> float:
        return max(y for _, y in self.outline)

    def panel(self, name: str) -> Panel:
        return next(p for p in self.panels if p.name == name)


def tuck_box(card_width_mm: float, card_height_mm: float, cards: int, thickness_mm: float,
             tolerance_mm: float) -> TuckBox:
    """The net of a box holding ``cards`` cards of that size, each ``thickness_mm`` thick."""
    w = card_width_mm + tolerance_mm
    h = card_height_mm + tolerance_mm
    d = cards * thickness_mm
    g = min(GLUE_TAB_MM, w / 3)
    t = min(TUCK_MM, h / 4)
    f = min(DUST_FLAP_MM, w * 0.4)
    r = min(w / 6, 10.0, h / 8)
    taper = min(d * 0.2, f * 0.3)
    glue_slant = min(g, h / 6)
    chamfer = min(t * 0.4, 4.0)
    xf, xr, xb, xl, xe = g, g + w, g + w + d, g + 2 * w + d, g + 2 * w + 2 * d
    top = max(t + d, f)  # the tallest thing above the body: lid and tuck, or a dust flap
    yt, yb = top, top + h
    yl, ytuck = yt - d, yt - d - t
    ybottom, ybtuck = yb + d, yb + d + t
    notch = [(xf + w / 2 - r * math.cos(math.pi * k / NOTCH_STEPS), yt + r * math.sin(math.pi * k / NOTCH_STEPS))
             for k in range(NOTCH_STEPS + 1)]
    outline = [
        (0.0, yt + glue_slant), (xf, yt), *notch, (xr, yt),
        (xr + taper, yt - f), (xb - taper, yt - f), (xb, yt),                       # right side's dust flap
        (xb, yl), (xb + 1.0, ytuck + chamfer), (xb + 1.0 + chamfer, ytuck),         # the lid and its tuck
        (xl - 1.0 - chamfer, ytuck), (xl - 1.0, ytuck + chamfer), (xl, yl), (xl, yt),
        (xl + taper, yt - f), (xe - taper, yt - f), (xe, yt),                       # left side's dust flap
        (xe, yb),
        (xe - taper, yb + f), (xl + taper, yb + f), (xl, yb),                       # left side's lower flap
        (xb, yb),
        (xb - taper, yb + f), (xr + taper, yb + f), (xr, yb),                       # right side's lower flap
        (xr, ybottom), (xr - 1.0, ybtuck - chamfer), (xr - 1.0 - chamfer, ybtuck),  # the bottom and its tuck
        (xf + 1.0 + chamfer, ybtuck), (xf + 1.0, ybtuck - chamfer), (xf, ybottom), (xf, yb),
        (0.0, yb - glue_slant),
    ]
    folds = (
        (xf, yt, xf, yb), (xr, yt, xr, yb), (xb, yt, xb, yb), (xl, yt, xl, yb),
        (xr, yt, xb, yt), (xb, yt, xl, yt), (xb, yl, xl, yl), (xl, yt, xe, yt),
        (xr, yb, xb, yb), (xl, yb, xe, yb), (xf, yb, xr, yb), (xf, ybottom, xr, ybottom),
    )
    panels = (
        Panel("front", xf, yt, w, h), Panel("right", xr, yt, d, h), Panel("back", xb, yt, w, h),
        Panel("left", xl, yt, d, h), Panel("lid", xb, yl, w, d), Panel("lid-tuck", xb, ytuck, w, t),
        Panel("bottom", xf, yb, w, d), Panel("bottom-tuck", xf, yb + d, w, t), Panel("glue", 0.0, yt, g, h),
    )
    glue = ((0.0, yt + glue_slant), (xf, yt), (xf, yb), (0.0, yb - glue_slant))
    return TuckBox(w, h, d, g, t, f, r, panels, tuple(outline), folds, glue)


def outline_path(box: TuckBox, paint: Paint) -> Path:
    """The net's outline as a closed path painted with ``paint``."""
    ops: list[PathOp] = [MoveTo(*box.outline[0]), *(LineTo(x, y) for x, y in box.outline[1:]), Close()]
    return Path(tuple(ops), paint)


def die_lines(box: TuckBox, ground: Colour = WHITE, language: str = "") -> list[Item]:
    """The lines printed over the net: the cut outline, dashed folds, a hatched glue tab, in a
    colour that shows on the net's ``ground``."""
    cut = CUT if ground == WHITE else ink_on(ground)
    fold = FOLD if ground == WHITE else ink_on(ground)
    items: list[Item] = [outline_path(box, Paint(None, cut, LINE_MM))]
    items += [Line(x1, y1, x2, y2, fold, LINE_MM, (2.0, 1.5)) for x1, y1, x2, y2 in box.folds]
    glue = box.panel("glue")
    step, k = 2.5, -glue.height
    while k < glue.width:
        # the line x - y = k (from the tab's top-left corner), cut to the tab's trapezoid
        segment = clip_to_convex(((glue.x + k - 1.0, glue.y - 1.0),
                                  (glue.x + k + glue.height + 1.0, glue.y + glue.height + 1.0)), box.glue)
        if segment is not None:
            (x1, y1), (x2, y2) = segment
            items.append(Line(x1, y1, x2, y2, fold, 0.15))
        k += step
    items.append(Group((Text(0, 0, message("glue", language), "sans", 6, fold, Anchor.MIDDLE),), glue.x + glue.width / 2 + 1.0,
                       glue.y + glue.height / 2, -90))
    return items


def clip_to_convex(segment: tuple[tuple[float, float], tuple[float, float]],
                   polygon: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], tuple[float, float]] | None:
    """The part of ``segment`` inside a convex ``polygon`` (Cyrus-Beck), or None."""
    (x0, y0), (x1, y1) = segment
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    n = len(polygon)
    area = sum(polygon[i][0] * polygon[(i + 1) % n][1] - polygon[(i + 1) % n][0] * polygon[i][1] for i in range(n))
    sign = 1.0 if area > 0 else -1.0
    for i in range(n):
        (ax, ay), (bx, by) = polygon[i], polygon[(i + 1) % n]
        # inward normal of the edge a -> b
        nx, ny = -(by - ay) * sign, (bx - ax) * sign
        denominator = nx * dx + ny * dy
        numerator = nx * (x0 - ax) + ny * (y0 - ay)
        if abs(denominator) < 1e-12:
            if numerator < 0:
                return None
            continue
        t = -numerator / denominator
        if denominator > 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return None
    return (x0 + dx * low, y0 + dy * low), (x0 + dx * high, y0 + dy * high)


def box_scene(key: str, box: TuckBox, ground: Colour, bleed_mm: float, front: tuple[Item, ...],
              back: tuple[Item, ...], spine: list[Item], lid: list[Item]) -> Scene:
    """The printed net: the ground colour over the net and ``bleed_mm`` beyond its outline (the
    outline filled and stroked twice as wide as the bleed: white paper shows the shape to cut),
    the front and back panels' drawings in place, the spine drawing on both sides and the lid's
    turned to be read from the front when the box is closed. ``spine`` is drawn on a ``depth x
    height`` box turned upright (its x along the panel's height), ``lid`` on a ``width x depth``
    box."""
    w, h = box.net_width_mm, box.net_height_mm
    items: list[Item] = [outline_path(box, Paint(ground, ground, max(2 * bleed_mm, 0.01)))]
    panel = box.panel("front")
    items.append(Group(front, panel.x, panel.y))
    panel = box.panel("back")
    items.append(Group(back, panel.x, panel.y))
    for name in ("right", "left"):
        panel = box.panel(name)
        # the spine's text runs up the side: drawn along x on a height x depth box, turned -90 degrees
        items.append(Group(tuple(spine), panel.x, panel.y + panel.height, -90))
    panel = box.panel("lid")
    items.append(Group(tuple(lid), panel.x + panel.width, panel.y + panel.height, 180))
    return Scene(key, w, h, bleed_mm, tuple(items))


def ink_on(ground: Colour) -> Colour:
    """Text colour that reads on ``ground``: white on a dark ground, near black on a light one."""
    r, g, b = ground.rgb
    return WHITE if 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.55 else Colour("#1a1a1a")

