"""Tabletop Simulator deck sheets: faces in a grid of at most 10 x 7 slots and 4096 px a side,
the last slot kept for the hidden back; each sheet drawn as one SVG and rasterised once.

Tabletop Simulator gives each sheet (a ``CustomDeck`` entry) one back image: a deck whose cards
print with different backs becomes one group of sheets per back, so each card keeps its own."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from ..files.fontbook import FontBook
from ..layout.scene import Scene
from .png import svg_to_png_px
from .svg import sheet_svg

MAX_COLS = 10
MAX_ROWS = 7
MAX_PX = 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1


@dataclass(frozen=True, slots=True)
class TtsSheet:
    """One deck image and the numbers Tabletop Simulator's custom deck asks for."""

    png: bytes
    cols: int
    rows: int
    count: int
    card_px: tuple[int, int]


def tts_sheets(fronts: Sequence[Scene], back: Scene, fonts: FontBook) -> list[TtsSheet]:
    """Deck sheets holding ``fronts`` in order (69 per sheet), each with ``back`` in its last slot."""
    if not fronts:
        return []
    w, h = fronts[0].width_mm, fronts[0].height_mm
    card_w = min(MAX_PX // MAX_COLS, int(MAX_PX // MAX_ROWS * w / h))
    card_h = round(card_w * h / w)
    sheets: list[TtsSheet] = []
    for start in range(0, len(fronts), PER_SHEET):
        chunk = list(fronts[start : start + PER_SHEET])
        slots = len(chunk) + 1
        cols = min(MAX_COLS, slots)
        rows = math.ceil(slots / cols)
        placed = [(scene, (i % cols) * w, (i // cols) * h) for i, scene in enumerate(chunk)]
        placed.append((back, (cols - 1) * w, (rows - 1) * h))
        svg = sheet_svg(placed, cols * w, rows * h, fonts)
        png = svg_to_png_px(svg, cols * card_w, rows * card_h)
        sheets.append(TtsSheet(png, cols, rows, len(chunk), (card_w, card_h)))
    return sheets


@dataclass(frozen=True, slots=True)
class TtsDeck:
    """The cards that share one back: their ids in slot order, the back, and their sheets."""

    back: Scene
    ids: tuple[str, ...]
    sheets: list[TtsSheet]


def tts_decks(cards: Sequence[tuple[str, Scene, Scene]], fonts: FontBook) -> list[TtsDeck]:
    """``cards`` (id, front, back) grouped by the back they print with, in order of first
    appearance; each group on its own sheets, its back in their hidden slot."""
    groups: dict[object, tuple[Scene, list[tuple[str, Scene]]]] = {}
    for card_id, front, back in cards:
        groups.setdefault(back.look(), (back, []))[1].append((card_id, front))
    return [TtsDeck(back, tuple(i for i, _ in members), tts_sheets([f for _, f in members], back, fonts))
            for back, members in groups.values()]
