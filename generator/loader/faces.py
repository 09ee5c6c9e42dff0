"""Face templates (``faces:`` in ``layouts/*.yaml``): regions of text, fields, images and shapes
on the front and the back of a card, each mistake located at its line and column.

A region is placed by ``x``, ``y``, ``width``, ``height`` (millimetres on the template's base card)
and filled by exactly one of ``field`` (drawn by the game, or the card's value as text), ``text``
(with ``{field}`` placeholders), ``image`` (a file of the project, or a per-card pattern such as
``art/{id}.png``) and ``shape`` (rect, rounded, circle, line, polygon).
"""

from __future__ import annotations

import math
import re
from typing import Callable

import yaml

from ..model.limits import MAX_BLEED_MM, MAX_CARD_MM, MAX_FONT_PT, MAX_POLYGON_POINTS, MIN_FONT_PT
from ..model.templates import (
    Align,
    Artwork,
    FaceRegion,
    Icon,
    Shape,
    ShapeKind,
    VAlign,
    When,
    placeholders,
)
from .fields import Reader

FACE_FIELDS = ("extends", "base_width", "base_height", "regions", "front", "back", "icons", "fallback_fonts")
ICON_FIELDS = ("file", "size", "baseline")
"""An icon written as a mapping: its picture, its size in ems and how far it hangs below the baseline."""
SIDE_FIELDS = ("regions",)
PLACE = ("x", "y", "width", "height")
FILLS = ("field", "text", "image", "shape")
STYLE = ("font", "max_pt", "min_pt", "mirrored", "colour", "align", "valign", "wrap", "when", "bleed",
         "fill", "stroke", "stroke_width", "opacity", "radius", "points")
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)?")
"""A field a placeholder names: ``rank``, a translation ``name.de``, or the deck's ``deck.title``."""
FILTERS = ("upper", "lower")
_HEX = re.compile(r"^#[0-9a-fA-F]{6}$")
SHAPE_KINDS = tuple(k.value for k in ShapeKind)


def check_placeholders(reader: Reader, node: yaml.Node, text: str, what: str) -> bool:
    """True when every placeholder of ``text`` is well formed (else a located problem)."""
    stripped = text.replace("{{", "").replace("}}", "")
    if stripped.count("{") != stripped.count("}") or len(_PLACEHOLDER.findall(stripped)) != stripped.count("{"):
        reader.error(node, f"{what} '{text}': braces do not pair up (write {{{{ and }}}} for literal braces)")
        return False
    for name, flt in placeholders(text):
        if not _NAME.fullmatch(name):
            reader.error(node, f"{what} '{text}': '{{{name}}}' is not a field name")
            return False
        if flt is not None and flt not in FILTERS:
            reader.error(node, reader.unknown_message(flt, FILTERS, f"filter in '{{{name}|{flt}}}'"))
            return False
    return True


RegionEntry = tuple[yaml.ScalarNode, yaml.Node, Reader]
"""One region as written: its name, its mapping, and the reader of the file that writes it."""
Chain = list[dict[str, tuple[yaml.Node, Reader]]]
"""A face template's own fields and those of the templates it extends, nearest first."""


def read_face(reader: Reader, fields: dict[str, tuple[yaml.Node, Reader]], what: str, fonts: tuple[str, ...],
              artwork: Callable[[Reader, yaml.Node], Artwork | None],
              width: float, height: float, chain: Chain | None = None,
              ) -> tuple[tuple[FaceRegion, ...] | None, tuple[FaceRegion, ...] | None, tuple[Icon, ...],
                         tuple[str, ...]] | None:
    """The front regions, the back regions (None when the template has no back), the icons and the
    fallback fonts of a face template's merged fields; None when the template is unusable
    (problems recorded). ``chain`` (the template's own fields, then those of each template it
    extends) merges the sides region by region: a region named as in a template it extends
    replaces that one in its place, a new region is painted after them, and ``name: null``
    removes an inherited region."""
    chain = chain or [fields]
    for link in chain:
        if "regions" in link and "front" in link:
            node, field_reader = link["front"]
            field_reader.error(node, f"{what} has both 'regions' and 'front': 'regions' is the front")
            return None
    if not any("regions" in link or "front" in link for link in chain):
        reader.error(reader_node(fields, reader), f"{what} needs 'front' (or 'regions')")
        return None
    icons = _icons(fields, artwork) if "icons" in fields else ()
    fallback: tuple[str, ...] = ()
    if "fallback_fonts" in fields:
        node, field_reader = fields["fallback_fonts"]
        keys = [field_reader.choice(item, "fallback font", fonts)
                for item in field_reader.sequence(node, f"{what} fallback_fonts") or []]
        fallback = tuple(dict.fromkeys(key for key in keys if key is not None))
    side = _Side(fonts, artwork, width, height, what)
    front = _merged_side(chain, ("regions", "front"), f"{what} front")
    back_entries = _merged_side(chain, ("back",), f"{what} back")
    regions = side.regions_of(front) if front is not None else None
    back = side.regions_of(back_entries) if back_entries is not None else None
    return regions, back, icons, fallback


def _merged_side(chain: Chain, keys: tuple[str, ...], what: str) -> list[RegionEntry] | None:
    """The regions of one side through the ``extends`` chain (see ``read_face``); None when no
    template of the chain has that side."""
    merged: dict[str, RegionEntry] = {}
    found = False
    for link in reversed(chain):
        key = next((k for k in keys if k in link), None)
        if key is None:
            continue
        node, reader = link[key]
        if key != "regions":
            sub = reader.mapping(node, what, ("regions",), ())
            if sub is None or "regions" not in sub:
                continue
            node = sub["regions"]
        found = True
        for key_node, value_node in reader.entries(node, "regions"):
            name = str(key_node.value)
            if isinstance(value_node, yaml.ScalarNode) and value_node.tag == "tag:yaml.org,2002:null":
                if name in merged:
                    del merged[name]
                else:
                    reader.error(key_node, f"region '{name}' is null, which removes an inherited region, but "
                                           f"{what} inherits no region '{name}'")
                continue
            merged[name] = (key_node, value_node, reader)
    return list(merged.values()) if found else None


def reader_node(fields: dict[str, tuple[yaml.Node, Reader]], reader: Reader) -> yaml.Node:
    """A node to locate a problem of the whole template at (its first field)."""
    return next(iter(fields.values()))[0]


def _icons(fields: dict[str, tuple[yaml.Node, Reader]],
           artwork: Callable[[Reader, yaml.Node], Artwork | None]) -> tuple[Icon, ...]:
    """``icons: {coin: art/coin.svg}``, or ``coin: {file: art/coin.svg, size: 1.2, baseline: 0.15}``
    (the height in ems of the text, and the share of the picture below the baseline)."""
    node, reader = fields["icons"]
    icons = []
    for key_node, value_node in reader.entries(node, "icons"):
        name = reader.name(key_node, "an icon name")
        size: float | None = None
        baseline = 0.2
        file_node: yaml.Node | None = value_node
        if isinstance(value_node, yaml.MappingNode):
            sub = reader.mapping(value_node, f"icon '{key_node.value}'", ("file",), ICON_FIELDS[1:]) or {}
            file_node = sub.get("file")
            if "size" in sub:
                size = reader.number(sub["size"], f"icon '{key_node.value}' size", minimum=0.1, maximum=10)
            if "baseline" in sub:
                baseline = reader.number(sub["baseline"], f"icon '{key_node.value}' baseline", minimum=-1,
                                         maximum=2) or 0.0
        art = artwork(reader, file_node) if file_node is not None else None
        if name is not None and art is not None:
            icons.append(Icon(name, art, reader.loc(key_node), size, baseline))
    return tuple(icons)


class _Side:
    """Reads the regions of one side of a face template."""

    def __init__(self, fonts: tuple[str, ...], artwork: Callable[[Reader, yaml.Node], Artwork | None],
                 width: float, height: float, template: str) -> None:
        self.fonts = fonts
        self.artwork = artwork
        self.width = width
        self.height = height
        self.template = template

    def regions_of(self, entries: list[RegionEntry]) -> tuple[FaceRegion, ...]:
        found: list[FaceRegion] = []
        for key_node, value_node, reader in entries:
            name = reader.name(key_node, "a region name")
            region = self.region(reader, value_node, name or str(key_node.value))
            if name is not None and region is not None:
                found.append(region)
        return tuple(found)

    def region(self, reader: Reader, node: yaml.Node, name: str) -> FaceRegion | None:
        what = f"region '{name}'"
        sub = reader.mapping(node, what, (), PLACE + FILLS + STYLE)
        if sub is None:
            return None
        before = len(reader.problems)
        fills = [key for key in FILLS if key in sub]
        if len(fills) != 1:
            reader.error(node, f"{what} needs exactly one of {', '.join(FILLS)}" + (f" (it has {', '.join(fills)})" if fills else ""))
        bleed = bool(reader.boolean(sub["bleed"], f"{what} bleed")) if "bleed" in sub else False
        place = self._place(reader, node, sub, what)
        recoverable = len(reader.problems)
        font = reader.choice(sub["font"], "font", self.fonts) if "font" in sub else "sans"
        recoverable = len(reader.problems) - recoverable  # an unknown font: measured with sans meanwhile
        max_pt = self._number(reader, sub, "max_pt", 12.0, MIN_FONT_PT, MAX_FONT_PT)
        min_pt = self._number(reader, sub, "min_pt", 6.0, MIN_FONT_PT, MAX_FONT_PT)
        if max_pt is not None and min_pt is not None and min_pt > max_pt:
            reader.error(node, f"{what}: min_pt ({min_pt:g}) must be at most max_pt ({max_pt:g})")
        mirrored = bool(reader.boolean(sub["mirrored"], f"{what} mirrored")) if "mirrored" in sub else False
        wrap = bool(reader.boolean(sub["wrap"], f"{what} wrap")) if "wrap" in sub else True
        colour = self._colour(reader, sub, "colour") if "colour" in sub else None
        align = Align(reader.choice(sub["align"], "align", [a.value for a in Align]) or "centre") if "align" in sub else Align.CENTRE
        valign = VAlign(reader.choice(sub["valign"], "valign", [a.value for a in VAlign]) or "middle") if "valign" in sub else VAlign.MIDDLE
        when = self._when(reader, sub["when"]) if "when" in sub else None
        field = ""
        text = image = None
        artwork: Artwork | None = None
        shape = None
        if fills == ["field"]:
            field = reader.name(sub["field"], f"{what} field") or ""
        elif fills == ["text"]:
            text = reader.text(sub["text"], f"{what} text", allow_empty=True)
            if text is not None and not check_placeholders(reader, sub["text"], text, f"{what} text"):
                text = None
        elif fills == ["image"]:
            raw = reader.text(sub["image"], "image")
            if raw is not None and "{" in raw:
                if check_placeholders(reader, sub["image"], raw, f"{what} image"):
                    image = raw
            elif raw is not None:
                known = len(reader.problems)
                artwork = self.artwork(reader, sub["image"])
                recoverable += len(reader.problems) - known  # a picture that cannot be read: drawn as nothing
            field = "image"
        elif fills == ["shape"]:
            shape = self._shape(reader, sub, what)
        kind = sub["shape"].value if "shape" in sub and isinstance(sub["shape"], yaml.ScalarNode) else None
        if "points" in sub and (kind is None or (kind in SHAPE_KINDS and kind != ShapeKind.POLYGON.value)):
            reader.error(sub["points"], f"{what}: points are for a polygon shape")  # a misspelt kind says so itself
        if kind == ShapeKind.POLYGON.value and place is not None:
            self._points_on_card(reader, sub, what, place)
        if len(reader.problems) - recoverable > before or place is None:
            return None
        x, y, w, h = place
        return FaceRegion(name, x, y, w, h, field, font or "sans", max_pt or 12.0, min_pt or 6.0, mirrored, artwork,
                          reader.loc(node), text=text, image=image, shape=shape, colour=colour, align=align,
                          valign=valign, wrap=wrap, when=when, bleed=bleed)

    def _place(self, reader: Reader, node: yaml.Node, sub: dict[str, yaml.Node],
               what: str) -> tuple[float, float, float, float] | None:
        """The region's box; without one (no x, y, width or height), the whole card."""
        given = [key for key in PLACE if key in sub]
        if not given:
            return 0.0, 0.0, self.width, self.height
        if len(given) != len(PLACE):
            missing = ", ".join(key for key in PLACE if key not in sub)
            reader.error(node, f"{what} is missing {missing} (its place on the card, in millimetres)")
            return None
        values = [reader.number(sub[key], f"{what} {key}", minimum=-MAX_CARD_MM - MAX_BLEED_MM,
                                maximum=MAX_CARD_MM + MAX_BLEED_MM) for key in PLACE]
        if any(v is None for v in values):
            return None
        x, y, w, h = (float(v) for v in values if v is not None)
        if w <= 0 or h <= 0:
            reader.error(node, f"{what} needs a positive width and height")
            return None
        reach = MAX_BLEED_MM + 1e-9  # a background printed to the cut may start in the bleed
        if not (-reach <= x and x + w <= self.width + reach and -reach <= y and y + h <= self.height + reach):
            reader.error(node, f"{what} ({x:g}, {y:g}, {w:g} x {h:g} mm) is not on the {self.width:g} x "
                               f"{self.height:g} mm card of {self.template} (nor within {MAX_BLEED_MM:g} mm of its edges)")
            return None
        return x, y, w, h

    def _points_on_card(self, reader: Reader, sub: dict[str, yaml.Node], what: str,
                        place: tuple[float, float, float, float]) -> None:
        """A polygon's points, relative to the region's box, lie on the card as a region does (at
        most ``MAX_BLEED_MM`` past an edge): each point that does not is reported where it is written."""
        if "points" not in sub or not isinstance(sub["points"], yaml.SequenceNode):
            return
        if len(sub["points"].value) > MAX_POLYGON_POINTS:
            return  # refused as such
        x, y, _, _ = place
        reach = MAX_BLEED_MM + 1e-9
        for item in sub["points"].value:
            pair = item.value if isinstance(item, yaml.SequenceNode) else []
            try:
                px, py = (float(v.value) for v in pair)
            except (TypeError, ValueError):
                continue  # not a point of two numbers: already reported
            ax, ay = x + px, y + py
            if not (-reach <= ax <= self.width + reach and -reach <= ay <= self.height + reach):
                reader.error(item, f"{what}: the point [{px:g}, {py:g}] is at ({ax:g}, {ay:g}) mm, not on the "
                                   f"{self.width:g} x {self.height:g} mm card of {self.template} (nor within "
                                   f"{MAX_BLEED_MM:g} mm of its edges); points are measured from the region's "
                                   f"top-left corner ({x:g}, {y:g})")

    def _number(self, reader: Reader, sub: dict[str, yaml.Node], key: str, default: float,
                low: float, high: float) -> float | None:
        if key not in sub:
            return default
        value = reader.number(sub[key], key, minimum=-math.inf, maximum=math.inf)
        if value is not None and not low <= value <= high:
            reader.error(sub[key], f"{key} must be from {low:g} to {high:g}, not {value:g}")
            return None
        return value

    def _colour(self, reader: Reader, sub: dict[str, yaml.Node], key: str) -> str | None:
        text = reader.text(sub[key], key)
        if text is None:
            return None
        if _HEX.match(text):
            return text.lower()
        if text.startswith("{") and text.endswith("}") and check_placeholders(reader, sub[key], text, key):
            if len(placeholders(text)) == 1:
                return text
        reader.error(sub[key], f"{key} should be a colour like \"#d62828\" or a field like \"{{colour}}\", not {text!r}")
        return None

    def _when(self, reader: Reader, node: yaml.Node) -> When | None:
        if isinstance(node, yaml.ScalarNode):
            text = reader.text(node, "when")
            if text is None:
                return None
            negate = text.startswith("!")
            name = text.lstrip("!").strip()
            if not _NAME.fullmatch(name):
                reader.error(node, f"when: '{text}' should name a field ('suit', or '!suit' for cards without one)")
                return None
            return When(name, None, negate, reader.loc(node))
        fields = reader.mapping(node, "when", ("field",), ("equals", "not"))
        if fields is None or "field" not in fields:
            return None
        field_name = reader.text(fields["field"], "when field")
        if "equals" in fields and "not" in fields:
            reader.error(node, "when: give equals or not, not both")
            return None
        value_node = fields.get("equals", fields.get("not"))
        value = None if value_node is None else reader.text(value_node, "when value", allow_empty=True)
        if field_name is None or (value_node is not None and value is None):
            return None
        return When(field_name, value, "not" in fields, reader.loc(value_node if value_node is not None else node))

    def _shape(self, reader: Reader, sub: dict[str, yaml.Node], what: str) -> Shape | None:
        """The shape a region draws; None when any of its values is wrong (each reported once, at
        its place: a mistyped colour is not also "no colour", nor a polygon's points "not for a polygon")."""
        before = len(reader.problems)
        kind = reader.choice(sub["shape"], "shape", list(SHAPE_KINDS))
        fill = self._colour(reader, sub, "fill") if "fill" in sub else None
        stroke = self._colour(reader, sub, "stroke") if "stroke" in sub else None
        width = self._number(reader, sub, "stroke_width", 0.3, 0.0, 20.0)
        opacity = self._number(reader, sub, "opacity", 1.0, 0.0, 1.0)
        radius = self._number(reader, sub, "radius", 3.0, 0.0, 100.0)
        given = len(reader.problems)
        points = self._points(reader, sub, what) if "points" in sub else []
        if kind == ShapeKind.POLYGON.value and len(points) < 3 and len(reader.problems) == given:
            reader.error(sub["shape"], f"{what}: a polygon needs points: [[x, y], ...] (at least 3)")
        if "fill" not in sub and "stroke" not in sub:
            reader.error(sub["shape"], f"{what}: a shape needs a fill or a stroke colour")
        if len(reader.problems) > before or kind is None or width is None or opacity is None or radius is None:
            return None
        return Shape(ShapeKind(kind), fill, stroke, width, opacity, radius, tuple(points))

    def _points(self, reader: Reader, sub: dict[str, yaml.Node], what: str) -> list[tuple[float, float]]:
        """``points: [[x, y], ...]``, each mistake located at its point."""
        points: list[tuple[float, float]] = []
        items = reader.sequence(sub["points"], f"{what} points") or []
        if len(items) > MAX_POLYGON_POINTS:
            reader.error(sub["points"], f"{what}: a polygon of {len(items):,} points; at most {MAX_POLYGON_POINTS:,} are supported")
            return points
        for item in items:
            pair = reader.sequence(item, "a point (x, y)")
            if pair is None or len(pair) != 2:
                if pair is not None:
                    reader.error(item, "a point is [x, y]")
                continue
            px, py = (reader.number(v, "a point coordinate") for v in pair)
            if px is not None and py is not None:
                points.append((px, py))
        return points
