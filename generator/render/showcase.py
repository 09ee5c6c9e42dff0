"""Pictures for a game's page (``cardforge export GAME --showcase FILE.png``): chosen faces drawn
as a fanned hand or a grid, each cut to its outline (rounded card corners, a disc, a hexagon) with a
soft shadow, at a chosen width, on a transparent or coloured background.

The layout (where each face goes, turned how far) is worked out in millimetres first; then every
face is rasterised once at the picture's scale (``render.png``), turned, and composited with
Pillow. Squib's ``showcase`` and ``hand`` are the anchors.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from ..files.fontbook import FontBook
from ..layout.kit import Kit, Piece, PieceKind
from ..layout.scene import Scene
from ..layout.sheets import corner_radii, groups
from ..model.common import Colour
from ..model.components import PieceShape
from .png import scene_png

SHADOW_OPACITY = 0.45
MARGIN = 0.08
"""Room around the arrangement, as a share of the largest piece's height (for the shadows)."""
FAN_STEP_DEG = 9.0
FAN_MAX_DEG = 70.0
FAN_RADIUS = 2.4
"""The fan's pivot lies this many card heights below the cards' centres."""
GRID_GAP = 0.12
"""Room between the grid's cells, as a share of a cell."""
MAX_PIECES = 60
"""Pieces one picture draws (a hand of 60 is already a blur)."""


class Arrangement(str, Enum):
    """How the pieces are laid out."""

    FAN = "fan"
    GRID = "grid"


@dataclass(frozen=True, slots=True)
class Shown:
    """A piece as the picture draws it: its face and its outline."""

    scene: Scene
    shape: PieceShape
    radius_mm: float
    outline: tuple[tuple[float, float], ...] = ()
    card: bool = True
    """A card (the grid's cells are as large as the largest card)."""


def shown(piece: Piece, radius_mm: float) -> Shown:
    return Shown(piece.front, piece.shape, radius_mm, piece.cut_outline(), piece.kind is PieceKind.CARD)


def default_sample(kit: Kit, arrangement: Arrangement) -> list[Piece]:
    """What a showcase shows unless told: a fan holds up to seven cards, taken in turn from each
    deck; a grid shows a sample of each component (three faces of a deck, two of tokens and tiles,
    one board or mat; a box's net is not a picture of the box)."""
    if arrangement is Arrangement.FAN:
        decks = [_spread(_distinct(pieces), 7) for _, pieces in groups(kit.cards)]
        hand: list[Piece] = []
        for turn in range(max((len(d) for d in decks), default=0)):
            hand += [deck[turn] for deck in decks if turn < len(deck)]
        return hand[:7] or _distinct(kit.tokens)[:7]
    chosen = [piece for _, pieces in groups(kit.cards) for piece in _spread(_distinct(pieces), 3)]
    chosen += [piece for _, pieces in groups(kit.tokens) for piece in _spread(_distinct(pieces), 2)]
    chosen += [pieces[0] for _, pieces in groups(kit.boards) if pieces[0].kind.value in ("board", "mat")]
    return chosen


def chosen_pieces(kit: Kit, names: Sequence[str]) -> tuple[list[Piece], list[str]]:
    """The pieces ``names`` choose, in that order, each distinct face once: a component's name
    takes a sample of it, a card id that card, an id without its copy number its first copy.
    Also the names that choose nothing."""
    found: list[Piece] = []
    missing: list[str] = []
    for name in names:
        in_component = [p for p in kit.pieces if p.component == name]
        if in_component:
            found += _spread(_distinct(in_component), 3)
            continue
        exact = [p for p in kit.pieces if p.id == name]
        copies = exact or [p for p in kit.pieces if p.id.startswith(f"{name}-")]
        if copies:
            found.append(copies[0])
        else:
            missing.append(name)
    return found, missing


def _spread(pieces: list[Piece], count: int) -> list[Piece]:
    """``count`` of ``pieces`` spread evenly over them (the first and the last among them)."""
    if len(pieces) <= count:
        return pieces
    if count == 1:
        return pieces[:1]
    return [pieces[round(i * (len(pieces) - 1) / (count - 1))] for i in range(count)]


def _distinct(pieces: Sequence[Piece]) -> list[Piece]:
    """Each distinct front once, in order."""
    seen: dict[str, Piece] = {}
    for piece in pieces:
        seen.setdefault(piece.front.key, piece)
    return list(seen.values())


@dataclass(frozen=True, slots=True)
class Placed:
    """Where a piece goes in the picture, in millimetres: its centre, how far it is turned
    (degrees clockwise) and how much it is scaled."""

    piece: Shown
    x: float
    y: float
    angle: float
    scale: float = 1.0


def fan(pieces: Sequence[Shown]) -> list[Placed]:
    """A hand: the pieces spread like a fan held in one hand, each turned about a pivot below
    the middle of the hand, the first on the left (drawn first, under the others)."""
    if not pieces:
        return []
    height = max(p.scene.height_mm for p in pieces)
    spread = min(FAN_MAX_DEG, FAN_STEP_DEG * (len(pieces) - 1))
    radius = FAN_RADIUS * height
    placed = []
    for index, piece in enumerate(pieces):
        angle = -spread / 2 + (spread * index / (len(pieces) - 1) if len(pieces) > 1 else 0.0)
        theta = math.radians(angle)
        placed.append(Placed(piece, radius * math.sin(theta), -radius * math.cos(theta), angle))
    return placed


def grid(pieces: Sequence[Shown]) -> list[Placed]:
    """A spread on a table: rows of equal cells as large as the largest card, each piece centred
    in its cell (a larger one, a board, shrunk to fit it)."""
    if not pieces:
        return []
    cards = [p for p in pieces if p.card] or list(pieces)
    cell_w = max(min(p.scene.width_mm, 120.0) for p in cards)
    cell_h = max(min(p.scene.height_mm, 160.0) for p in cards)
    cols = max(1, min(len(pieces), math.ceil(math.sqrt(len(pieces) * 1.8))))
    gap = GRID_GAP * max(cell_w, cell_h)
    placed = []
    for index, piece in enumerate(pieces):
        col, row = index % cols, index // cols
        scale = min(1.0, cell_w / piece.scene.width_mm, cell_h / piece.scene.height_mm)
        placed.append(Placed(piece, col * (cell_w + gap), row * (cell_h + gap), 0.0, scale))
    return placed


def _extent(placed: Placed) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) a placed piece covers once turned."""
    w, h = placed.piece.scene.width_mm * placed.scale, placed.piece.scene.height_mm * placed.scale
    theta = math.radians(placed.angle)
    half_w = (abs(w * math.cos(theta)) + abs(h * math.sin(theta))) / 2
    half_h = (abs(w * math.sin(theta)) + abs(h * math.cos(theta))) / 2
    return placed.x - half_w, placed.y - half_h, placed.x + half_w, placed.y + half_h


def showcase_png(pieces: Sequence[Shown], fonts: FontBook, arrangement: Arrangement, width_px: int,
                 background: Colour | None, shadow: bool = True) -> bytes:
    """The picture (see the module docstring): ``width_px`` wide, as tall as the arrangement
    needs; ``background`` None is transparent."""
    layout = fan(pieces) if arrangement is Arrangement.FAN else grid(pieces)
    if not layout:
        raise ValueError("nothing to show")
    boxes = [_extent(p) for p in layout]
    margin = MARGIN * max(p.piece.scene.height_mm * p.scale for p in layout)
    x0, y0 = min(b[0] for b in boxes) - margin, min(b[1] for b in boxes) - margin
    x1, y1 = max(b[2] for b in boxes) + margin, max(b[3] for b in boxes) + margin
    px_per_mm = width_px / (x1 - x0)
    height_px = max(1, round((y1 - y0) * px_per_mm))
    r, g, b = background.rgb if background is not None else (0.0, 0.0, 0.0)
    fill = (round(r * 255), round(g * 255), round(b * 255), 0 if background is None else 255)
    canvas = Image.new("RGBA", (width_px, height_px), fill)
    faces: dict[tuple[str, float], Image.Image] = {}
    for placed in layout:
        key = (placed.piece.scene.key, placed.scale)
        face = faces.get(key)
        if face is None:
            face = faces[key] = _face(placed.piece, fonts, px_per_mm * placed.scale)
        turned = face.rotate(-placed.angle, resample=Image.Resampling.BICUBIC, expand=True)
        cx, cy = (placed.x - x0) * px_per_mm, (placed.y - y0) * px_per_mm
        left, top = round(cx - turned.width / 2), round(cy - turned.height / 2)
        if shadow:
            _shadow(canvas, turned, left, top, face.width)
        _composite(canvas, turned, left, top)
    out = io.BytesIO()
    canvas.save(out, "PNG", optimize=True)
    return out.getvalue()


def _face(piece: Shown, fonts: FontBook, px_per_mm: float) -> Image.Image:
    """The piece's face rasterised at ``px_per_mm`` and cut to its outline (transparent outside)."""
    scene = piece.scene
    png = scene_png(scene, fonts, dpi=max(1, round(px_per_mm * 25.4)))
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    mask = Image.new("L", image.size, 0)
    draw = ImageDraw.Draw(mask)
    sx, sy = image.width / scene.width_mm, image.height / scene.height_mm
    if piece.shape is PieceShape.ROUND:
        draw.ellipse((0, 0, image.width - 1, image.height - 1), fill=255)
    elif piece.outline:
        draw.polygon([(x * sx, y * sy) for x, y in piece.outline], fill=255)
    else:
        draw.rounded_rectangle((0, 0, image.width - 1, image.height - 1), radius=piece.radius_mm * sx, fill=255)
    image.putalpha(ImageChops.multiply(image.getchannel("A"), mask))
    return image


def _composite(canvas: Image.Image, image: Image.Image, left: int, top: int) -> None:
    """``image`` drawn over ``canvas`` with its top-left corner at (left, top), even partly outside."""
    layer = Image.new("RGBA", canvas.size, (0, 0, 0, 0))
    layer.paste(image, (left, top))
    canvas.alpha_composite(layer)


def _shadow(canvas: Image.Image, face: Image.Image, left: int, top: int, size_px: int) -> None:
    """A soft shadow under ``face``: its outline, blurred, offset down and to the right."""
    blur = max(2, round(size_px * 0.035))
    pad = blur * 3
    alpha = face.getchannel("A").point(lambda a: round(a * SHADOW_OPACITY))
    shadow = Image.new("L", (face.width + 2 * pad, face.height + 2 * pad), 0)
    shadow.paste(alpha, (pad, pad))
    shadow = shadow.filter(ImageFilter.GaussianBlur(blur))
    dark = Image.new("RGBA", shadow.size, (20, 20, 30, 0))
    dark.putalpha(shadow)
    offset = max(1, round(size_px * 0.03))
    _composite(canvas, dark, left - pad + offset, top - pad + offset)


def shown_pieces(kit: Kit, pieces: Sequence[Piece]) -> list[Shown]:
    """The pieces as the picture draws them, each with its corner radius."""
    radii = corner_radii(kit)
    return [shown(piece, radii.get(piece.id, 0.0)) for piece in pieces][:MAX_PIECES]
