"""Tabletop Simulator deck sheets: faces in a grid of at most 10 x 7 slots and 4096 px a side,
the last slot kept for the hidden back; each sheet drawn as one SVG and rasterised once.

Tabletop Simulator gives each sheet (a ``CustomDeck`` entry) one back image: a deck whose cards
print with different backs becomes one group of sheets per back, so each card keeps its own.
``saved_object`` puts the sheets and the tokens together as a saved object TTS loads."""

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


CARD_SCALE = 1.0
"""Tabletop Simulator's scale of a custom card (a poker card at 1.0)."""
TOKEN_THICKNESS = 0.2


def _guid(name: str) -> str:
    """A six-hex-digit object id, the same for the same name (a saved object is reproducible)."""
    import hashlib

    return hashlib.sha256(name.encode("utf-8")).hexdigest()[:6]


def _transform(x: float = 0.0, y: float = 1.0, z: float = 0.0, *, face_down: bool = False,
               scale: tuple[float, float, float] = (1.0, 1.0, 1.0)) -> dict[str, float]:
    return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale[0], "scaleY": scale[1], "scaleZ": scale[2]}


def saved_object(name: str, sheets: Sequence[dict[str, object]], tokens: Sequence[dict[str, object]],
                 base_url: str) -> dict[str, object]:
    """A Tabletop Simulator saved object (the JSON TTS loads from its Saved Objects folder): one
    ``Deck`` per component of cards, its sheets as ``CustomDeck`` entries (card ``CardID`` =
    sheet number x 100 + slot), and every token or tile as a ``Custom_Tile``. ``sheets`` and
    ``tokens`` are the entries of ``GAME-tts.json``; image URLs are ``base_url`` + file name (a
    ``file://`` folder, or where the images are uploaded)."""
    by_component: dict[str, list[tuple[int, dict[str, object]]]] = {}
    for number, sheet in enumerate(sheets, 1):
        by_component.setdefault(str(sheet.get("component") or "cards"), []).append((number, sheet))
    objects: list[dict[str, object]] = []
    for offset, (component, numbered) in enumerate(by_component.items()):
        custom: dict[str, dict[str, object]] = {}
        contained: list[dict[str, object]] = []
        ids: list[int] = []
        for number, sheet in numbered:
            entry = {"FaceURL": base_url + str(sheet["image"]), "BackURL": base_url + str(sheet["back"]),
                     "NumWidth": sheet["NumWidth"], "NumHeight": sheet["NumHeight"], "BackIsHidden": True,
                     "UniqueBack": False, "Type": 0}
            custom[str(number)] = entry
            names = sheet["ids"]
            assert isinstance(names, list)
            for slot, card in enumerate(names):
                card_id = number * 100 + slot
                ids.append(card_id)
                contained.append({"GUID": _guid(f"{name}/{card}"), "Name": "Card", "Nickname": str(card),
                                  "Description": "", "Transform": _transform(face_down=True),
                                  "CardID": card_id, "CustomDeck": {str(number): entry}, "Hands": True,
                                  "SidewaysCard": False})
        objects.append({"GUID": _guid(f"{name}/{component}"), "Name": "Deck", "Nickname": f"{name} {component}",
                        "Description": "", "Transform": _transform(x=offset * 3.0, face_down=True),
                        "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": contained, "Hands": False,
                        "SidewaysCard": False})
    x = len(by_component) * 3.0
    for kind in tokens:
        count = int(str(kind.get("count", 1)))
        size = kind.get("size_mm") or [25.0, 25.0]
        assert isinstance(size, list)
        scale = max(float(size[0]), float(size[1])) / 25.0  # a tile of scale 1 is about an inch across
        image = {"ImageURL": base_url + str(kind["image"]),
                 "ImageSecondaryURL": base_url + str(kind.get("back") or kind["image"]),
                 "ImageScalar": 1.0, "WidthScale": 0.0,
                 "CustomTile": {"Type": kind.get("Type", 0), "Thickness": TOKEN_THICKNESS, "Stackable": True,
                                "Stretch": True}}
        names = kind.get("ids") or []
        assert isinstance(names, list)
        for i in range(count):
            piece = str(names[i]) if i < len(names) else f"{kind['image']}-{i + 1}"
            objects.append({"GUID": _guid(f"{name}/{piece}"), "Name": "Custom_Tile", "Nickname": piece,
                            "Description": str(kind.get("component", "")),
                            "Transform": _transform(x=x, y=1.0 + i * TOKEN_THICKNESS, scale=(scale, 1.0, scale)),
                            "CustomImage": image})
        x += 3.0
    return {"SaveName": name, "GameMode": "", "Date": "", "VersionNumber": "", "Gravity": 0.5, "PlayArea": 0.5,
            "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "TabStates": {}, "ObjectStates": objects}
