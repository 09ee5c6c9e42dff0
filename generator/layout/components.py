"""Drawing any component from its description (``generator.model.components``): the size its
faces are drawn at, the drawing context of its face template, and its pieces' kind and outline.

Every game draws its tokens, tiles, boards and mats through here (Hanabi's note and storm tokens,
Sequence's chips and board, a designer's kit), so one component prints the same whatever game it
belongs to.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model.components import Component, ComponentKind, PieceShape, Size
from ..model.templates import LayoutLibrary
from .faces import FaceContext, FaceTools
from .kit import FaceSettings, PieceKind

DEFAULT_SAFE_MM = 3.0
"""The safe zone of a piece given in millimetres (a card template gives its own)."""
DEFAULT_CARD_RADIUS_MM = 3.0
"""The corner radius of a card given in millimetres (a card template gives its own)."""


class SizeError(KeyError):
    """A size names a card template the layouts do not have."""


@dataclass(frozen=True, slots=True)
class PieceSize:
    """A component's trim size, safe zone and corner radius, resolved."""

    width_mm: float
    height_mm: float
    safe_mm: float
    corner_radius_mm: float


def resolve_size(layouts: LayoutLibrary, component: Component, tools: "FaceTools | None" = None) -> PieceSize:
    """The size ``component`` prints at: its card template's, or its millimetres (a disc's corner
    radius is half its width). SizeError for a card template the layouts lack."""
    size = component.size
    if size.template:
        try:
            card = layouts.card(size.template)
        except KeyError as exc:
            raise SizeError(exc.args[0]) from None
        width, height, safe, radius = card.width_mm, card.height_mm, card.safe_mm, card.corner_radius_mm
    else:
        width, height = size.width_mm, size.height_mm
        safe = min(DEFAULT_SAFE_MM, width / 6, height / 6)
        radius = DEFAULT_CARD_RADIUS_MM if component.kind is ComponentKind.DECK else 0.0
    forced = tools.size_of(component.name) if tools is not None else None
    if forced is not None and tools is not None:
        width, height = forced  # a shop's size: its safe zone too
        safe = tools.settings.safe_mm
    if component.shape is PieceShape.ROUND:
        radius = min(width, height) / 2
    elif component.kind is not ComponentKind.DECK:
        radius = 0.0
    return PieceSize(width, height, safe, radius)


def settings_for(base: FaceSettings, size: PieceSize, component: Component, shop_bleed: bool = False) -> FaceSettings:
    """The build's face settings at a component's size and bleed (its own, else the build's;
    always the build's for a print shop)."""
    bleed = base.bleed_mm if component.bleed_mm is None or shop_bleed else component.bleed_mm
    return replace(base, card_width_mm=size.width_mm, card_height_mm=size.height_mm, bleed_mm=bleed,
                   safe_mm=size.safe_mm, corner_radius_mm=size.corner_radius_mm)


def component_context(tools: FaceTools, component: Component, template: str,
                      booleans: frozenset[str] = frozenset(), size: PieceSize | None = None) -> FaceContext:
    """A drawing context for ``component``'s pieces with the face template ``template`` (at
    ``size``, else the component's own)."""
    found = size or resolve_size(tools.layouts, component, tools)
    return tools.with_settings(settings_for(tools.settings, found, component, tools.shop_bleed)).context(template,
                                                                                                       booleans)


def mm_size(width_mm: float, height_mm: float) -> Size:
    """A size in millimetres (for components a game describes in code)."""
    return Size("", width_mm, height_mm)


def piece_kind(component: Component) -> PieceKind:
    return PieceKind.of(component.kind)
