"""The import paths that rules files and game packages use keep working: the toy game's imports as
they were written before the code moved into layers, the rules-file API, the contract checker,
and the old home of the game API (``generator.registry``), which warns and gives the very same
objects as the new ones."""

from __future__ import annotations

import importlib
import sys
import warnings

import pytest

from generator.app.catalog import GAMES, RegistryError
from generator.games.api import DeckRequest, GameDescription

OLD_IMPORTS: tuple[tuple[str, tuple[str, ...]], ...] = (
    # the toy game package (tests/data/toygame) as written for 0.1, and the rules files' API
    ("generator.registry", ("DeckRequest", "GameDescription")),
    ("generator.layout.faces", ("FaceContext", "FaceTools", "ink", "tint", "unknown_field")),
    ("generator.layout.kit", ("Kit", "Piece", "PieceKind")),
    ("generator.layout.scene", ("Anchor", "Item", "Scene", "Text")),
    ("generator.layout.textfit", ("Box",)),
    ("generator.loader.common", ("HEADER_OPTIONAL", "HEADER_REQUIRED", "make_info", "read_header", "read_per_players")),
    ("generator.loader.fields", ("Reader",)),
    ("generator.model", ("Colour", "GameDefinition", "OptionValue")),
    ("generator.model.common", ("Colour", "GameInfo", "PlayerCount")),
    ("generator.model.source", ("UNKNOWN_LOC", "SourceLoc")),
    ("generator.model.templates", ("FaceRegion",)),
    ("generator.sim.api", ("TERMINAL", "IllegalAction", "Simulator")),
    ("generator.sim.base", ("bot_table", "check_players", "next_seat", "no_parameter", "per_players", "refuse_settings")),
    ("generator.sim.compare", ("Figure",)),
    ("generator.sim.contract", ("ContractError", "check_game")),
    ("generator.sim.runner", ("make_bots", "play_game", "play_game_state", "run", "BotSpecError")),
    ("generator.validate.registry", ("Reporter", "Rule", "RulePack")),
    ("generator.playtest", ("State",)),
)


@pytest.mark.parametrize(("module", "names"), OLD_IMPORTS, ids=[m for m, _ in OLD_IMPORTS])
def test_an_old_import_path_still_imports(module: str, names: tuple[str, ...]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        imported = importlib.import_module(module)
    for name in names:
        assert hasattr(imported, name), f"{module} has no {name}"


def test_the_old_registry_warns_and_gives_the_same_objects() -> None:
    sys.modules.pop("generator.registry", None)
    with pytest.warns(DeprecationWarning, match="generator.games.api"):
        registry = importlib.import_module("generator.registry")
    assert registry.GameDescription is GameDescription and registry.DeckRequest is DeckRequest
    assert registry.RegistryError is RegistryError
    assert registry.lookup("hanabi") is GAMES.lookup("hanabi")
    assert registry.kinds() == GAMES.kinds()
    with pytest.raises(RegistryError, match="did you mean 'hanabi'"):
        registry.lookup("hanaby")


def test_figure_is_where_it_was_and_where_it_is() -> None:
    from generator.sim.api import Figure
    from generator.sim.compare import Figure as OldFigure

    assert OldFigure is Figure
