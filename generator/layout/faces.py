"""What every game's faces share: the tools a game draws with (settings, text measurer, face
templates), the card background, colour helpers, and regions of a face template filled with fitted
text or drawings (scaled to the build's card size). Each game's own faces live in its folder
(``generator/games/<game>/faces.py``) and are reached through the game registry."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from .. import registry
from ..model import GameDefinition
from ..model.common import Colour
from ..model.source import UNKNOWN_LOC, SourceLoc
from ..model.templates import FaceRegion, FaceTemplate, LayoutLibrary
from .kit import FaceSettings, FitProblem, Kit
from .scene import (
    BLACK,
    WHITE,
    Anchor,
    Group,
    Image,
    Item,
    Paint,
    Rect,
    Text,
    TextMeasurer,
)
from .textfit import Box, fit_text

INK_SAVER_LINE = Colour("#9a9a9a")


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


@dataclass
class FaceContext:
    """One kit being drawn: settings, measurer, the game's face template, and fit problems found."""

    settings: FaceSettings
    measurer: TextMeasurer
    template: FaceTemplate
    problems: list[FitProblem] = field(default_factory=list)

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
        sx = self.w / self.template.base_width_mm
        sy = self.h / self.template.base_height_mm
        return Box(region.x_mm * sx, region.y_mm * sy, region.width_mm * sx, region.height_mm * sy)

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
             anchor: Anchor = Anchor.MIDDLE, wrap: bool = True, source: SourceLoc = UNKNOWN_LOC) -> list[Item]:
        """``text`` fitted in ``region``; a FitProblem (and nothing drawn) when it cannot fit.
        ``source`` is where a definition file holds the text, for the problem's location."""
        if not text:
            return []
        result = fit_text(text, self.box(region), self.measurer, font=region.font,
                          max_pt=region.max_pt * self.scale, min_pt=region.min_pt * self.scale,
                          colour=colour, anchor=anchor, wrap_lines=wrap)
        if result.problem is not None:
            self.problems.append(FitProblem(piece_id, region.name, result.problem, region.loc, source))
            return []
        return list(result.items)

    def regions(self, fill: Callable[[FaceRegion, Box], list[Item]]) -> list[Item]:
        """Every region of the template filled by ``fill``; mirrored regions drawn twice."""
        items: list[Item] = []
        for region in self.template.regions:
            box = self.box(region)
            if region.artwork is not None:
                art = region.artwork
                drawn: list[Item] = [Image(box.x, box.y, box.width, box.height, art.data, art.kind, art.name)]
            else:
                drawn = fill(region, box)
            items += drawn
            if region.mirrored and drawn:
                items.append(Group(tuple(drawn), self.w, self.h, 180))
        return items


@dataclass(frozen=True, slots=True)
class FaceTools:
    """What a game's ``kit`` draws with: the build's face settings, the text measurer (font
    metrics) and the project's templates."""

    settings: FaceSettings
    measurer: TextMeasurer
    layouts: LayoutLibrary

    def context(self, template: str) -> FaceContext:
        """A fresh drawing context for the face template called ``template``."""
        return FaceContext(self.settings, self.measurer, self.layouts.face(template))


def build_kit(
    game: GameDefinition,
    tools: FaceTools,
    request: registry.DeckRequest | None = None,
    expansion: GameDefinition | None = None,
) -> Kit:
    """Every piece ``game`` prints for ``request`` (its game's ``kit``), with the pieces of
    ``expansion`` after its own."""
    request = request or registry.DeckRequest()
    kit = registry.describe(game).kit(game, tools, request)
    if expansion is not None:
        kit = kit.with_expansion(registry.describe(expansion).kit(expansion, tools, request))
    return kit


class UnknownField(ValueError):
    """A face template region names a field the game's faces do not know."""


def unknown_field(template: FaceTemplate, region: FaceRegion, known: tuple[str, ...]) -> UnknownField:
    return UnknownField(f"{region.loc}: region '{region.name}' of face template '{template.name}' has field "
                        f"'{region.field}'; known fields: {', '.join(known)}")


def title_text(x: float, y: float, text: str, size_pt: float, colour: Colour, font: str = "serif-bold") -> Text:
    return Text(x, y, text, font, size_pt, colour, Anchor.MIDDLE)
