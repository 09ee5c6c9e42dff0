"""Layout templates: the shipped sizes, ``extends``, a project's own templates, and located errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.loader import DefinitionErrors
from generator.loader.layouts import load_layout_library
from generator.files.paths import shipped_root


def test_shipped_sizes_are_exact() -> None:
    # the shipped files alone: a game package's faces are read for the projects of its game (tests/test_game_plugins.py)
    library = load_layout_library(shipped_root())
    assert (library.card("poker").width_mm, library.card("poker").height_mm) == (63.5, 88.9)
    assert (library.card("poker-metric").width_mm, library.card("poker-metric").height_mm) == (63.0, 88.0)
    assert library.card("bridge").width_mm == 57.15 and library.card("bridge").safe_mm == 3.0
    assert (library.card("tarot").width_mm, library.card("tarot").height_mm) == (70.0, 120.0)
    assert (library.sheet("a4").width_mm, library.sheet("a4").height_mm) == (210.0, 297.0)
    assert (library.sheet("letter").width_mm, library.sheet("letter").height_mm) == (215.9, 279.4)
    assert library.sheet("letter").margin_mm >= 4.2 and library.sheet("letter").bleed_mm == 3.0
    assert library.sheet("a2").large and not library.sheet("a4").large
    assert {f.name for f in library.faces} == {"hanabi", "hanabi-note", "hanabi-storm", "sequence", "sequence-chip",
                                               "firecrackers", "scoreworks"}


def _project(tmp_path: Path, text: str) -> Path:
    (tmp_path / "layouts").mkdir()
    (tmp_path / "layouts" / "mine.yaml").write_text(text)
    return tmp_path


def test_project_templates_extend_and_override_shipped_ones(tmp_path: Path) -> None:
    root = _project(tmp_path, "cards:\n  jumbo: {extends: poker, width: 88.9, height: 127}\n"
                              "  poker: {width: 64, height: 89}\n"
                              "sheets:\n  a4-wide: {extends: a4, margin: 10, gutter: 4}\n")
    library = load_layout_library(root)
    jumbo = library.card("jumbo")
    assert (jumbo.width_mm, jumbo.height_mm, jumbo.safe_mm) == (88.9, 127.0, 3.0)
    assert library.card("poker").width_mm == 64.0
    wide = library.sheet("a4-wide")
    assert (wide.width_mm, wide.margin_mm, wide.gutter_mm) == (210.0, 10.0, 4.0)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("cards:\n  x: {extends: pokr, width: 50}\n", "did you mean 'poker'"),
        ("cards:\n  x: {extends: y}\n  y: {extends: x}\n", "extends itself"),
        ("cards:\n  x: {width: -5, height: 80}\n", "must be positive"),
        ("sheets:\n  x: {extends: a4, margin: 2}\n", "outside what printers can print"),
        ("cards:\n  x: {width: 50, heigth: 80}\n", "did you mean 'height'"),
        ("faces:\n  x:\n    regions:\n      r: {x: 1, y: 1, width: 0, height: 3, field: rank}\n", "positive width"),
    ],
)
def test_template_mistakes_are_located(tmp_path: Path, text: str, message: str) -> None:
    root = _project(tmp_path, text)
    with pytest.raises(DefinitionErrors) as info:
        load_layout_library(root)
    report = info.value.report()
    assert message in report
    assert "layouts/mine.yaml:" in report or "mine.yaml:" in report
