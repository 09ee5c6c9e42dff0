"""What every game's faces share: the tools a game draws with (settings, text measurer, face
templates), the card background, colour helpers, and regions of a face template filled with fitted
text or drawings (scaled to the build's card size). Each game's own faces live in its folder
(``generator/games/<game>/faces.py``); a game's description hands its faces to a build
(``generator.app.build.build_kit``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Callable, Mapping, Sequence, TypeVar

from ..model.common import Colour
from ..model.components import Component, ComponentKind
from ..model.source import UNKNOWN_LOC, SourceLoc
from ..model.suggest import closest
from ..model.templates import (
    Align,
    Artwork,
    FaceRegion,
    FaceTemplate,
    LayoutLibrary,
    ShapeKind,
    When,
    placeholders,
    truth,
)
from .kit import FaceSettings, FitProblem, Kit, Piece, PieceKind
from .regions import (
    ICON_LIKE,
    ArtworkError,
    ArtworkSource,
    MissingField,
    colour_of,
    fill_in,
    print_dpi,
    raster_size,
    shape_points,
    shown,
)
from .richtext import RichFit, fit_rich
from .scene import (
    BLACK,
    WHITE,
    Anchor,
    Circle,
    Close,
    Group,
    Image,
    Item,
    Line,
    LineTo,
    MoveTo,
    Origin,
    Paint,
    Path,
    PathOp,
    Rect,
    Text,
    TextMeasurer,
    with_origin,
)
from .textfit import Box

INK_SAVER_LINE = Colour("#9a9a9a")
_PLACEHOLDERS = re.compile(r"\{[^{}]*\}")
PRINT_DPI = 300
"""The resolution under which a picture prints visibly soft."""
INK_SAVER_LIGHT = 0.7
"""In ink-saver mode a template's text or stroke lighter than this (white on a solid colour) is
drawn black: the solid colour under it is not printed."""


def mix(colour: Colour, other: Colour, amount: float) -> Colour:
    """``colour`` moved ``amount`` (0..1) of the way towards ``other``."""
    a, b = colour.rgb, other.rgb
    return Colour("#" + "".join(f"{round((x + (y - x) * amount) * 255):02x}" for x, y in zip(a, b)))


def tint(colour: Colour, amount: float) -> Colour:
    return mix(colour, WHITE, amount)


def shade(colour: Colour, amount: float) -> Colour:
    return mix(colour, BLACK, amount)


def luminance(colour: Colour) -> float:
    r, g, b = colour.rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(colour: Colour) -> Colour:
    """A version of ``colour`` dark enough to read on white or a light tint of itself."""
    return shade(colour, 0.5) if luminance(colour) > 0.55 else shade(colour, 0.15)


_Made = TypeVar("_Made")


def _per_region(memo: dict[int, tuple[FaceRegion, _Made]], region: FaceRegion, make: Callable[[], _Made]) -> _Made:
    """``make()`` once per region: kept by the region's identity, with the region itself, so that
    a region a game makes for one card cannot pass its identity on to another."""
    kept = memo.get(id(region))
    if kept is not None and kept[0] is region:
        return kept[1]
    made = make()
    memo[id(region)] = (region, made)
    return made


@dataclass
class FaceContext:
    """One kit being drawn: settings, measurer, the game's face template, and fit problems found."""

    settings: FaceSettings
    measurer: TextMeasurer
    template: FaceTemplate
    problems: list[FitProblem] = field(default_factory=list)
    artwork: ArtworkSource | None = None
    """Reads the images of per-card image patterns (None: such regions are problems)."""
    booleans: frozenset[str] = frozenset()
    """The card fields that hold true or false: conditions compare them by meaning."""
    fallbacks: tuple[str, ...] = ()
    """The fonts that draw what a region's font lacks: the template's, then the project's."""
    words: Mapping[str, str] = field(default_factory=dict)
    """A region's literal text as written and its words in the language printed (a translation's
    ``words``): a back's title, a label."""
    _ground: Colour | None = None
    _compared: dict[int, tuple[FaceRegion, set[str]]] = field(default_factory=dict)
    """Per region with ``when: {equals/not}``, the values of its field the cards drawn had."""
    _fits: dict[tuple[object, ...], RichFit] = field(default_factory=dict)
    """Text already fitted on this template, by everything its fitting depends on: a deck
    repeats the same words in the same region (a value, a suit's name) on many cards."""
    _boxes: dict[int, tuple[FaceRegion, Box]] = field(default_factory=dict)
    """Each region's box on the card (``_per_region``)."""
    _origins: dict[int, tuple[FaceRegion, Origin]] = field(default_factory=dict)
    """What each region's items are marked with (``Origin``, ``_per_region``)."""

    @property
    def w(self) -> float:
        return self.settings.card_width_mm

    @property
    def h(self) -> float:
        return self.settings.card_height_mm

    @property
    def scale(self) -> float:
        return min(self.w / self.template.base_width_mm, self.h / self.template.base_height_mm)

    def box(self, region: FaceRegion) -> Box:
        """Where ``region`` lies on this kit's cards (the template scaled to the card size), made
        once per region: every card of a deck asks for the same boxes."""
        def make() -> Box:
            sx = self.w / self.template.base_width_mm
            sy = self.h / self.template.base_height_mm
            return Box(region.x_mm * sx, region.y_mm * sy, region.width_mm * sx, region.height_mm * sy)

        return _per_region(self._boxes, region, make)

    def background(self, fill: Colour, border: Colour | None = None) -> list[Item]:
        """A full-bleed background (white with an outline at the trim in ink-saver mode)."""
        s = self.settings
        if s.ink_saver:
            return [Rect(0.6, 0.6, self.w - 1.2, self.h - 1.2, Paint(None, border or INK_SAVER_LINE, 0.35), s.corner_radius_mm)]
        b = s.bleed_mm
        return [Rect(-b, -b, self.w + 2 * b, self.h + 2 * b, Paint(fill))]

    def panel(self, inset: float, fill: Colour, stroke: Colour | None = None) -> Rect:
        """An inner rounded panel ``inset`` mm inside the trim (outline only in ink-saver mode)."""
        s = self.settings
        paint = Paint(None, stroke or fill, 0.4) if s.ink_saver else Paint(fill, stroke, 0.4)
        return Rect(inset, inset, self.w - 2 * inset, self.h - 2 * inset, paint, max(s.corner_radius_mm - inset / 2, 1.0))

    def text(self, piece_id: str, region: FaceRegion, text: str, colour: Colour,
             anchor: Anchor = Anchor.MIDDLE, wrap: bool = True, source: SourceLoc = UNKNOWN_LOC,
             valign: str = "middle") -> list[Item]:
        """``text`` fitted in ``region``; a FitProblem (and nothing drawn) when it cannot fit.
        ``source`` is where a definition file holds the text, for the problem's location. The
        text's markup (``<b>``, ``<i>``, ``<br>``) and the template's icons (``:coin:``) are drawn
        as ``layout.richtext`` lays them out, each character in a font that has it (the
        template's and the project's fallback fonts); what does not print as written is a
        problem at the text."""
        if not text:
            return []
        self._unknown_icons(piece_id, region, text, source)
        box = self.box(region)
        key = (text, box, region.font, region.max_pt, region.min_pt, colour, anchor, wrap, valign)
        result = self._fits.get(key)
        if result is None:
            result = self._fits[key] = fit_rich(
                text, box, self.measurer, font=region.font, max_pt=region.max_pt * self.scale,
                min_pt=region.min_pt * self.scale, colour=colour, anchor=anchor, wrap_lines=wrap, valign=valign,
                icons=self.template.icons, fallbacks=self.fallbacks)
        written = _PLACEHOLDERS.sub("", region.text or "")  # the template's own words
        for issue in result.issues:
            own = bool(issue.snippet) and (issue.snippet in written if issue.rule == "layout.markup"
                                           else all(char in written for char in issue.snippet))
            self.problems.append(FitProblem("" if own else piece_id, region.name, issue.message, region.loc,
                                            UNKNOWN_LOC if own else source, issue.rule, issue.code, issue.warning))
        if result.problem is not None:
            self.problems.append(FitProblem(piece_id, region.name, result.problem, region.loc, source))
            return []
        return list(result.items)

    def _unknown_icons(self, piece_id: str, region: FaceRegion, text: str, source: SourceLoc) -> None:
        """A warning for each ``:name:`` of ``text`` that looks like an icon the template does not
        have (printed as written): at the card's text, or at the region when the template's own
        text has it. "10:30" or "a:b:c" are not icons."""
        known = [icon.name for icon in self.template.icons]
        for name in dict.fromkeys(m.group(1) for m in ICON_LIKE.finditer(text)):
            if name in known:
                continue
            close = closest(name, known)
            hint = f"did you mean '{close}'? " if close else ""
            have = (f"{hint}its icons: {', '.join(known)}" if known else
                    f"it has no icons: add 'icons: {{{name}: art/{name}.svg}}' to it")
            message = f"':{name}:' is printed as written: it is not an icon of face template '{self.template.name}' ({have})"
            in_template = f":{name}:" in (region.text or "")
            self.problems.append(FitProblem("" if in_template else piece_id, region.name, message, region.loc,
                                            UNKNOWN_LOC if in_template else source, "layout.icons", "unknown-icon",
                                            True))

    def regions(self, fill: FieldFill | None = None, values: Mapping[str, str] | None = None, *,
                piece_id: str = "", side: Sequence[FaceRegion] | None = None, colour: Colour = BLACK,
                sources: Mapping[str, SourceLoc] | None = None, texts: Mapping[str, str] | None = None) -> list[Item]:
        """Every region of a side of the template (the front by default), in order: ``fill``
        draws the fields the game draws itself (returning None for a field it leaves to the
        template), and ``values`` (the card's fields as text) fill placeholders, plain fields,
        conditions and colours. Mirrored regions are drawn twice. ``sources`` give, per field,
        where a definition file holds its text (for the location of a text that does not fit).
        ``texts`` are the fields as printed when they differ from ``values`` (a translation):
        text is drawn from them, while conditions, colours and pictures keep to ``values``."""
        items: list[Item] = []
        known = values or {}
        regions = self.template.regions if side is None else side
        self._ground = self._background_colour(regions, known)
        for region in regions:
            try:
                self._compare(region, known)
                if not shown(region.when, known, self.booleans):
                    continue
                drawn = self._region(region, fill, known, piece_id, colour, sources or {}, texts)
            except MissingField as exc:
                self._problem(piece_id, region, exc.message(), "layout.fields", "unknown-field")
                continue
            except (ArtworkError, ValueError) as exc:
                rule, code = ("layout.images", "image-unusable") if isinstance(exc, ArtworkError) else ("layout.fields", "bad-value")
                self._problem(piece_id, region, str(exc), rule, code)
                continue
            origin = _per_region(self._origins, region, lambda: Origin(region.name, region.loc, region.bleed))
            drawn = [with_origin(item, origin) for item in drawn]
            items += drawn
            if region.mirrored and drawn:
                items.append(Group(tuple(drawn), self.w, self.h, 180, origin=origin))
        return items

    def _compare(self, region: FaceRegion, values: Mapping[str, str]) -> None:
        """Notes the card's value of the field a region's ``when`` compares (see ``unmatched``)."""
        when = region.when
        if when is None or when.equals is None or when.field not in values:
            return
        value = values[when.field].strip()
        if when.field in self.booleans:
            meant = truth(value)
            value = "" if meant is None else str(meant).lower()
        self._compared.setdefault(id(region), (region, set()))[1].add(value)

    def unmatched(self) -> list[FitProblem]:
        """A warning for each ``when`` comparing with a value no card drawn here has (a misspelt
        ``equals: sunn`` hides its region from every card, ``not: sunn`` shows it on every
        card), at the condition's value in the layout file, naming the values the cards have."""
        problems: list[FitProblem] = []
        for region, seen in self._compared.values():
            when = region.when
            assert when is not None and when.equals is not None
            message = self._unmatched_message(when, when.equals, seen)
            if message is not None:
                problems.append(FitProblem("", region.name, message, UNKNOWN_LOC, when.loc, "layout.fields",
                                           "unmatched-condition", True))
        return problems

    def _unmatched_message(self, when: When, wanted: str, seen: set[str]) -> str | None:
        """Why ``when`` compares with a value no card has, or None when some card has it."""
        verb = "not" if when.negate else "equals"
        where = f"face template '{self.template.name}'"
        if when.field in self.booleans:
            meant = truth(wanted)
            if meant is None:
                return (f"when {when.field} {verb} '{wanted}': {when.field} is true or false (yes/no, 1/0), "
                        f"so this never matches a card of {where}")
            if str(meant).lower() in seen:
                return None
            return (f"when {when.field} {verb} '{wanted}': no card drawn with {where} has {when.field} "
                    f"{str(meant).lower()} (they have: {', '.join(sorted(v or '(empty)' for v in seen))})")
        if wanted in seen:
            return None
        have = sorted(v for v in seen if v)
        close = closest(wanted, have)
        hint = f"did you mean '{close}'? " if close else ""
        listed = ", ".join(have + (["(empty)"] if "" in seen else [])) or "(empty)"
        return (f"when {when.field} {verb} '{wanted}': no card drawn with {where} has that {when.field} "
                f"({hint}they have: {listed})")

    def ground(self, regions: Sequence[FaceRegion], values: Mapping[str, str]) -> Colour | None:
        """The colour of a side's ground: the fill of its first shape run to the bleed edge, if any."""
        return self._background_colour(regions, values)

    def _background_colour(self, regions: Sequence[FaceRegion], values: Mapping[str, str]) -> Colour | None:
        """The fill of the side's first background shape (run to the bleed edge), if any: in
        ink-saver mode light lines drawn on it take its colour."""
        for region in regions:
            if region.bleed and region.shape is not None and region.shape.fill is not None:
                try:
                    return colour_of(region.shape.fill, values, None)
                except (MissingField, ValueError):
                    return None
        return None

    def _problem(self, piece_id: str, region: FaceRegion, message: str, rule: str, code: str,
                 warning: bool = False) -> None:
        self.problems.append(FitProblem(piece_id, region.name, message, region.loc, UNKNOWN_LOC, rule, code, warning))

    def _check_resolution(self, piece_id: str, region: FaceRegion, art: Artwork, box: Box) -> None:
        """A PNG or JPEG must be readable, and is worth a warning when it prints under 300 dpi."""
        if art.kind == "svg":
            return
        size = raster_size(art.data, art.kind)
        if size is None or size[0] <= 0 or size[1] <= 0:
            raise ArtworkError(f"image '{art.name}' has no readable size (a damaged file?)")
        dpi = print_dpi(size, box.width, box.height)
        if dpi < PRINT_DPI:
            self._problem(piece_id, region, f"image '{art.name}' ({size[0]} x {size[1]} px) prints at {dpi:.0f} dpi "
                          f"in its {box.width:.1f} x {box.height:.1f} mm box; {PRINT_DPI} dpi or more print sharp",
                          "layout.images", "low-resolution", warning=True)

    def _region(self, region: FaceRegion, fill: FieldFill | None, values: Mapping[str, str], piece_id: str,
                colour: Colour, sources: Mapping[str, SourceLoc], texts: Mapping[str, str] | None = None) -> list[Item]:
        shown = values if texts is None else texts
        box = self.box(region)
        if region.shape is not None:
            return self._shape(region, box, values)
        if region.bleed and not self.settings.ink_saver:
            box = self._bled(box)
        if region.artwork is not None or region.image is not None:
            art = region.artwork
            if art is None:
                if self.artwork is None:
                    raise ArtworkError("per-card images cannot be read here")
                art = self.artwork.artwork(fill_in(region.image or "", values))
            if art.missing:
                return []  # a picture the layout file could not read: reported there
            self._check_resolution(piece_id, region, art, box)
            return [Image(box.x, box.y, box.width, box.height, art.data, art.kind, art.name)]
        ink_colour = colour_of(region.colour, values, colour) or colour
        if self.settings.ink_saver and region.colour is not None and luminance(ink_colour) > INK_SAVER_LIGHT:
            ink_colour = BLACK  # light text drawn on a solid colour would vanish on white paper
        if region.text is not None:
            text = fill_in(self.words.get(region.text, region.text), shown)
            names = [name for name, _ in placeholders(region.text)]
            source = next((sources[n] for n in names if n in sources), UNKNOWN_LOC)
            return self.text(piece_id, region, text, ink_colour, ANCHORS[region.align], region.wrap, source,
                             region.valign.value)
        drawn = fill(region, box) if fill is not None else None
        if drawn is not None:
            return drawn
        if region.field not in shown:
            raise MissingField(region.field, values)
        return self.text(piece_id, region, shown[region.field], ink_colour, ANCHORS[region.align], region.wrap,
                         sources.get(region.field, UNKNOWN_LOC), region.valign.value)

    def _outline(self, kind: ShapeKind, box: Box, colour: Colour) -> list[Item]:
        """Ink saver: a background that would run to the bleed edge is an outline at the trim (a
        round token's in its own colour, a card's in grey, as the games draw theirs)."""
        if kind is ShapeKind.CIRCLE:
            r = min(box.width, box.height) / 2
            return [Circle(box.x + box.width / 2, box.y + box.height / 2, r - 0.4, Paint(None, colour, 0.6))]
        return [Rect(box.x + 0.6, box.y + 0.6, box.width - 1.2, box.height - 1.2, Paint(None, INK_SAVER_LINE, 0.35),
                     self.settings.corner_radius_mm)]

    def _bled(self, box: Box) -> Box:
        """The box grown to the bleed edge on every side where it touches the trim."""
        b, eps = self.settings.bleed_mm, 1e-6
        left = box.x - b if box.x <= eps else box.x
        top = box.y - b if box.y <= eps else box.y
        right = box.x + box.width + (b if box.x + box.width >= self.w - eps else 0)
        bottom = box.y + box.height + (b if box.y + box.height >= self.h - eps else 0)
        return Box(left, top, right - left, bottom - top)

    def _shape(self, region: FaceRegion, box: Box, values: Mapping[str, str]) -> list[Item]:
        shape = region.shape
        assert shape is not None
        fill = colour_of(shape.fill, values, None)
        stroke = colour_of(shape.stroke, values, None)
        if self.settings.ink_saver:
            if stroke is not None and luminance(stroke) > INK_SAVER_LIGHT:
                stroke = self._ground or BLACK
            if region.bleed and fill is not None:
                return self._outline(shape.kind, box, fill)
            if fill is not None:
                fill, stroke = None, stroke or fill
        elif region.bleed:
            box = self._bled(box)
        paint = Paint(fill, stroke, shape.stroke_mm * self.scale, (), shape.opacity)
        if shape.kind is ShapeKind.RECT:
            return [Rect(box.x, box.y, box.width, box.height, paint)]
        if shape.kind is ShapeKind.ROUNDED:
            return [Rect(box.x, box.y, box.width, box.height, paint, shape.radius_mm * self.scale)]
        if shape.kind is ShapeKind.CIRCLE:
            return [Circle(box.x + box.width / 2, box.y + box.height / 2, min(box.width, box.height) / 2, paint)]
        if shape.kind is ShapeKind.LINE:
            line = stroke or fill or BLACK
            return [Line(box.x, box.y, box.x + box.width, box.y + box.height, line, shape.stroke_mm * self.scale)]
        sx, sy = self.w / self.template.base_width_mm, self.h / self.template.base_height_mm
        points = shape_points(shape, box.x, box.y, box.width, box.height, sx, sy)
        ops: list[PathOp] = [MoveTo(*points[0]), *(LineTo(*p) for p in points[1:]), Close()]
        return [Path(tuple(ops), paint)]


ANCHORS = {Align.LEFT: Anchor.START, Align.CENTRE: Anchor.MIDDLE, Align.RIGHT: Anchor.END}
FieldFill = Callable[[FaceRegion, Box], "list[Item] | None"]
"""Draws a field the game draws itself (a suit symbol, pips...), or returns None for a field the
template fills from the card's values."""


@dataclass(frozen=True, slots=True)
class FaceTools:
    """What a game's ``kit`` draws with: the build's face settings, the text measurer (font
    metrics) and the project's templates."""

    settings: FaceSettings
    measurer: TextMeasurer
    layouts: LayoutLibrary
    artwork: ArtworkSource | None = None
    sizes: tuple[tuple[str, float, float], ...] = ()
    """Components drawn at another size than their own: (component, width, height) in mm (a
    print shop's card size for each deck)."""
    shop_bleed: bool = False
    """Every component is drawn with ``settings.bleed_mm``, its own bleed ignored (a shop's)."""
    words: tuple[tuple[str, str], ...] = ()
    """The printed texts and their words in ``language`` (the game's ``info.words``)."""
    language: str = ""
    """The language the kit prints in (empty: the definition's first)."""

    def size_of(self, component: str) -> tuple[float, float] | None:
        """The size ``sizes`` gives ``component``, if any."""
        return next(((w, h) for name, w, h in self.sizes if name == component), None)

    def with_settings(self, settings: FaceSettings) -> "FaceTools":
        """The same tools drawing at other settings (a component's size and bleed)."""
        return replace(self, settings=settings)

    def context(self, template: str, booleans: frozenset[str] = frozenset()) -> FaceContext:
        """A fresh drawing context for the face template called ``template`` (``booleans``: the
        card fields that hold true or false)."""
        face = self.layouts.face(template)
        fallbacks = tuple(dict.fromkeys((*face.fallback_fonts, *self.layouts.fallback_fonts)))
        return FaceContext(self.settings, self.measurer, face, artwork=self.artwork, booleans=booleans,
                           fallbacks=fallbacks, words=dict(self.words))


DEFAULT_COMPONENTS = {"cards": "deck", "tokens": "tokens", "boards": "board"}
"""The component of a piece a game's kit leaves unnamed (a game package written before
components), by the part of the kit it is in."""


def named(kit: Kit) -> Kit:
    """The kit with every piece in a component: a piece that names none is put in its part's
    default (``deck``, ``tokens``, ``board``), and every component a piece names is listed."""
    parts = {}
    for part, default in DEFAULT_COMPONENTS.items():
        pieces: tuple[Piece, ...] = getattr(kit, part)
        parts[part] = tuple(p if p.component else replace(p, component=default) for p in pieces)
    listed = {c.name for c in kit.components}
    extra: dict[str, Component] = {}
    for piece in (*parts["cards"], *parts["tokens"], *parts["boards"]):
        if piece.component not in listed and piece.component not in extra:
            kind = ComponentKind.DECK if piece.kind is PieceKind.CARD else ComponentKind(piece.kind.value)
            extra[piece.component] = Component(piece.component, kind, shape=piece.shape)
    if not extra and all(parts[part] == getattr(kit, part) for part in parts):
        return kit
    return replace(kit, cards=parts["cards"], tokens=parts["tokens"], boards=parts["boards"],
                   components=kit.components + tuple(extra.values()))


class UnknownField(ValueError):
    """A face template region names a field the game's faces do not know."""


def unknown_field(template: FaceTemplate, region: FaceRegion, known: tuple[str, ...]) -> UnknownField:
    return UnknownField(f"{region.loc}: region '{region.name}' of face template '{template.name}' has field "
                        f"'{region.field}'; known fields: {', '.join(known)}")


def title_text(x: float, y: float, text: str, size_pt: float, colour: Colour, font: str = "serif-bold") -> Text:
    return Text(x, y, text, font, size_pt, colour, Anchor.MIDDLE)
