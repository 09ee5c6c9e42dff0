"""Where a face's items land: every item of a scene with its bounding box on the card (mm, y
down, trim box from (0, 0)), the scale it is drawn at and the region it was drawn for. Pure."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from ...layout.regions import raster_size
from ...layout.scene import (
    PT_PER_MM,
    Anchor,
    Circle,
    Close,
    CurveTo,
    Group,
    Image,
    Item,
    Line,
    Origin,
    Path,
    PathOp,
    Rect,
    Scene,
    Text,
    TextMeasurer,
)

DESCENT_EM = 0.24
"""How far below the baseline a line of text reaches (descenders), in ems."""

Box = tuple[float, float, float, float]
"""x0, y0, x1, y1 in millimetres on the card."""


@dataclass(frozen=True, slots=True)
class Affine:
    """x' = a x + c y + e, y' = b x + d y + f (millimetres, y down)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    e: float = 0.0
    f: float = 0.0

    def then(self, group: Group) -> "Affine":
        """This transform applied after the group's own (translate, rotate clockwise, scale)."""
        turn = math.radians(group.rotation_deg)
        cos, sin = math.cos(turn) * group.scale, math.sin(turn) * group.scale
        # the group's matrix: [cos -sin dx; sin cos dy] (clockwise on a y-down page)
        return Affine(
            self.a * cos + self.c * sin, self.b * cos + self.d * sin,
            -self.a * sin + self.c * cos, -self.b * sin + self.d * cos,
            self.a * group.dx + self.c * group.dy + self.e, self.b * group.dx + self.d * group.dy + self.f,
        )

    @property
    def scale(self) -> float:
        return math.hypot(self.a, self.b)

    def box(self, box: Box) -> Box:
        """The box around ``box``'s four corners once transformed."""
        x0, y0, x1, y1 = box
        a, b, c, d, e, f = self.a, self.b, self.c, self.d, self.e, self.f
        if b == 0.0 and c == 0.0:  # no turn (nearly every item): the corners stay corners
            left, right, top, bottom = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
            return min(left, right), min(top, bottom), max(left, right), max(top, bottom)
        xs = (a * x0 + c * y0 + e, a * x1 + c * y0 + e, a * x0 + c * y1 + e, a * x1 + c * y1 + e)
        ys = (b * x0 + d * y0 + f, b * x1 + d * y0 + f, b * x0 + d * y1 + f, b * x1 + d * y1 + f)
        return min(xs), min(ys), max(xs), max(ys)


class Placed(NamedTuple):
    """One drawn item of a face: its box on the card and what it was drawn for (a named tuple:
    a face's check makes thousands)."""

    item: Item
    box: Box
    scale: float
    origin: Origin | None


def fitted(image: Image) -> Box:
    """The box an image fills once fitted into its region (proportions kept, centred)."""
    size = raster_size(image.data, image.kind) if image.kind != "svg" else None
    if size is None or size[0] <= 0 or size[1] <= 0:
        return image.x, image.y, image.x + image.width, image.y + image.height
    scale = min(image.width / size[0], image.height / size[1])
    w, h = size[0] * scale, size[1] * scale
    x, y = image.x + (image.width - w) / 2, image.y + (image.height - h) / 2
    return x, y, x + w, y + h


def text_box(text: Text, measurer: TextMeasurer) -> Box:
    """The box a line of text covers: its advance width, from the font's ascent to its descenders."""
    width = measurer.width_mm(text.text, text.font, text.size_pt)
    x0 = {Anchor.START: text.x, Anchor.MIDDLE: text.x - width / 2, Anchor.END: text.x - width}[text.anchor]
    return (x0, text.y - measurer.ascent_mm(text.font, text.size_pt), x0 + width,
            text.y + DESCENT_EM * text.size_pt / PT_PER_MM)


def own_box(item: Item, measurer: TextMeasurer) -> Box | None:
    """An item's box in its own coordinates (None for a group, walked instead)."""
    if isinstance(item, Rect):
        return item.x, item.y, item.x + item.width, item.y + item.height
    if isinstance(item, Circle):
        return item.cx - item.r, item.cy - item.r, item.cx + item.r, item.cy + item.r
    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    if isinstance(item, Path):
        return _outline_box(item.ops)
    if isinstance(item, Text):
        return text_box(item, measurer)
    if isinstance(item, Image):
        return fitted(item)
    return None


MAX_OUTLINES = 4096
"""Path outlines whose boxes are remembered (then it starts again)."""
_OUTLINE_BOXES: dict[int, tuple[tuple[PathOp, ...], Box | None]] = {}
"""The boxes of path outlines by the identity of their operations, kept with the operations (so
that an identity is not reused while remembered): a deck draws the same symbols at the same
places on many cards, and ``layout.symbols`` makes each placement's outline once (three in four
outlines a kit's check meets were met before)."""


def _outline_box(ops: tuple[PathOp, ...]) -> Box | None:
    """The box around a path's points (None for a path without any)."""
    found = _OUTLINE_BOXES.get(id(ops))
    if found is not None and found[0] is ops:
        return found[1]
    points: list[tuple[float, float]] = []
    for op in ops:
        if isinstance(op, CurveTo):
            points += [(op.x1, op.y1), (op.x2, op.y2), (op.x, op.y)]
        elif not isinstance(op, Close):
            points.append((op.x, op.y))
    box = None
    if points:
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        box = min(xs), min(ys), max(xs), max(ys)
    if len(_OUTLINE_BOXES) >= MAX_OUTLINES:
        _OUTLINE_BOXES.clear()
    _OUTLINE_BOXES[id(ops)] = (ops, box)
    return box


def all_items(items: tuple[Item, ...]) -> Iterator[Item]:
    """Every item, the items of groups included (groups themselves left out)."""
    for item in items:
        if isinstance(item, Group):
            yield from all_items(item.items)
        else:
            yield item


def placed_items(scene: Scene, measurer: TextMeasurer) -> Iterator[Placed]:
    """Every item of ``scene`` (groups walked) with its box on the card; an item inherits the
    region of the group it is in."""

    def walk(items: tuple[Item, ...], transform: Affine, origin: Origin | None) -> Iterator[Placed]:
        scale = transform.scale
        for item in items:
            here = item.origin or origin
            if isinstance(item, Group):
                yield from walk(item.items, transform.then(item), here)
                continue
            box = own_box(item, measurer)
            if box is not None:
                yield Placed(item, transform.box(box), scale, here)

    yield from walk(scene.items, Affine(), None)
