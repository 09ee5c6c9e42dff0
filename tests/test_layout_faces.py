"""Card faces: what each game's kit holds, text kept inside the safe zone, text that does not fit
reported with the card id, and golden dumps of a few faces.

Regenerate goldens after an intended change: ``CARDFORGE_UPDATE_GOLDENS=1 pytest tests/test_layout_faces.py``.
"""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from generator.games.firecrackers.model import FirecrackersDefinition
from generator.layout import faces
from generator.app.build import build_kit
from generator.layout.faces import FaceTools
from generator.layout.richtext import fit_rich
from generator.layout.kit import FaceSettings, Kit
from generator.layout.scene import Close, Group, Item, MoveTo, Text
from generator.layout.symbols import SHAPES
from generator.loader.layouts import load_layout_library
from generator.model import GameDefinition, Project
from generator.model.common import Symbol
from generator.files.paths import shipped_root
from generator.model.definition import DeckRequest
from generator.files.fontbook import FontBook
from generator.loader.layouts import shipped_fonts

from .scenedump import dump

GOLDEN = Path(__file__).parent / "golden" / "scenes"
LAYOUTS = load_layout_library(shipped_root())
FONTS = FontBook(shipped_fonts())
POKER = FaceSettings(63.5, 88.9, 3.0, 3.0, 3.0)


TOOLS = FaceTools(POKER, FONTS, LAYOUTS)


def kit(project: Project, game_id: str, *, players: int | None = None, all_packs: bool = False,
        expansion: GameDefinition | None = None) -> Kit:
    request = DeckRequest(players=players, all_cards=all_packs)
    return build_kit(project.game(game_id), TOOLS, request, expansion)


def test_hanabi_kits(shipped_project: Project) -> None:
    base = kit(shipped_project, "hanabi")
    assert len(base.cards) == 50 and len({p.front.key for p in base.cards}) == 25
    assert len({p.back.key for p in base.cards if p.back}) == 1
    assert len(base.tokens) == 11 and all(t.round and t.back is not None for t in base.tokens)
    assert [s.id for s in base.pages] == ["rules"] and base.fit_problems == ()
    variant = kit(shipped_project, "hanabi-multicolor")
    assert len(variant.cards) == 60 and len({p.front.key for p in variant.cards}) == 30


def test_copies_share_their_scene(shipped_project: Project) -> None:
    base = kit(shipped_project, "hanabi")
    ones = [p for p in base.cards if p.id.startswith("red-1-")]
    assert len(ones) == 3 and ones[0].front is ones[1].front is ones[2].front


def test_sequence_kit(shipped_project: Project) -> None:
    result = kit(shipped_project, "sequence")
    assert len(result.cards) == 104 and len({p.front.key for p in result.cards}) == 52
    assert len(result.tokens) == 144 and all(t.round and t.back is None for t in result.tokens)
    assert len({t.front.key for t in result.tokens}) == 3
    (board,) = result.boards
    assert board.kind.value == "board" and board.component == "board" and board.front.width_mm == pytest.approx(390)
    assert [c.name for c in result.components] == ["deck", "chips", "board"]


def test_jacks_say_what_they_do(shipped_project: Project) -> None:
    result = kit(shipped_project, "sequence")
    texts = {p.id: " ".join(t.text for t in _texts(p.front.items)) for p in result.cards}
    assert "TWO-EYED" in texts["JD-1"] and "WILD" in texts["JD-1"]
    assert "ONE-EYED" in texts["JS-1"] and "REMOVE" in texts["JS-1"]


@pytest.mark.parametrize(("players", "count"), [(2, 60), (3, 50), (4, 60), (10, 120)])
def test_firecrackers_cards_for_player_counts(shipped_project: Project, players: int, count: int) -> None:
    assert len(kit(shipped_project, "firecrackers", players=players).cards) == count


def test_firecrackers_all_packs_and_scoreworks(shipped_project: Project) -> None:
    expansion = shipped_project.expansions_of("firecrackers")[0]
    result = kit(shipped_project, "firecrackers", all_packs=True, expansion=expansion)
    assert len(result.cards) == 136
    assert sum(1 for p in result.cards if p.id.startswith("scoreworks-")) == 16
    assert result.fit_problems == ()


def _texts(items, dx: float = 0.0, dy: float = 0.0):  # type: ignore[no-untyped-def]
    for item in items:
        if isinstance(item, Text):
            yield item
        elif isinstance(item, Group):
            yield from _texts(item.items)


def _text_boxes(items: tuple[Item, ...], w: float, h: float):  # type: ignore[no-untyped-def]
    """Text extents in card coordinates (only translations and 180-degree turns are used)."""
    for item in items:
        if isinstance(item, Text):
            width = FONTS.width_mm(item.text, item.font, item.size_pt)
            left = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor.value]
            yield left, item.y - FONTS.ascent_mm(item.font, item.size_pt), left + width, item.y
        elif isinstance(item, Group) and item.rotation_deg in (0, 180) and item.scale == 1:
            for x0, y0, x1, y1 in _text_boxes(item.items, w, h):
                if item.rotation_deg == 180:
                    x0, y0, x1, y1 = item.dx - x1, item.dy - y1, item.dx - x0, item.dy - y0
                else:
                    x0, y0, x1, y1 = x0 + item.dx, y0 + item.dy, x1 + item.dx, y1 + item.dy
                yield x0, y0, x1, y1


@pytest.mark.parametrize("game_id", ["hanabi", "sequence", "firecrackers", "scoreworks"])
def test_card_text_stays_inside_the_safe_zone(shipped_project: Project, game_id: str) -> None:
    result = kit(shipped_project, game_id, all_packs=True) if game_id == "firecrackers" else kit(shipped_project, game_id)
    safe = POKER.safe_mm
    for scene in {p.front.key: p.front for p in result.cards}.values():
        for x0, y0, x1, y1 in _text_boxes(scene.items, scene.width_mm, scene.height_mm):
            assert safe - 0.01 <= x0 and x1 <= scene.width_mm - safe + 0.01, (scene.key, x0, x1)
            assert safe - 0.01 <= y0 and y1 <= scene.height_mm - safe + 0.01, (scene.key, y0, y1)


def test_overlong_effect_is_a_fit_problem_with_the_card_id(shipped_project: Project) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    long_effect = "Take " + "one more card and then another " * 30
    actions = tuple(replace(a, effect=long_effect) if a.key == "treasure" else a for a in game.actions)
    result = build_kit(replace(game, actions=actions), TOOLS, DeckRequest(players=4))
    problems = [p for p in result.fit_problems if p.region == "effect"]
    assert problems and all("treasure" in p.piece_id for p in problems)


def test_words_repeated_on_many_cards_are_fitted_once_and_reported_on_each(
        shipped_project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    game = shipped_project.game("firecrackers")
    assert isinstance(game, FirecrackersDefinition)
    long_effect = "Take " + "one more card and then another " * 30
    actions = tuple(replace(a, effect=long_effect) if a.key == "treasure" else a for a in game.actions)
    fitted: list[str] = []

    def counted(text: str, *args: object, **kwargs: object) -> object:
        fitted.append(text)
        return fit_rich(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(faces, "fit_rich", counted)
    result = build_kit(replace(game, actions=actions), TOOLS, DeckRequest(players=4))
    treasures = {p.id for p in result.cards if "treasure" in p.id}
    reported = {p.piece_id for p in result.fit_problems if p.region == "effect"}
    assert len(treasures) > 1 and reported == treasures
    assert fitted.count(long_effect) == 1


def test_every_symbol_is_made_of_closed_paths() -> None:
    assert set(SHAPES) == set(Symbol)
    for shape in SHAPES.values():
        ops = shape()
        assert isinstance(ops[0], MoveTo) and isinstance(ops[-1], Close)
        assert sum(isinstance(o, MoveTo) for o in ops) == sum(isinstance(o, Close) for o in ops)


@pytest.mark.parametrize(
    ("game_id", "card_id", "name"),
    [("hanabi", "red-1-1", "hanabi-red-1"), ("sequence", "JD-1", "sequence-two-eyed-jack"),
     ("firecrackers", "red-2-destroy_discard-1", "firecrackers-red-2-action")],
)
def test_golden_scenes(shipped_project: Project, game_id: str, card_id: str, name: str) -> None:
    result = kit(shipped_project, game_id)
    scene = next(p.front for p in result.cards if p.id == card_id)
    text = dump(scene)
    golden = GOLDEN / f"{name}.txt"
    if os.environ.get("CARDFORGE_UPDATE_GOLDENS") == "1":
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text)
    assert text == golden.read_text()
