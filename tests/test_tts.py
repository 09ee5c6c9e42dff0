"""``export --tts`` writes a Tabletop Simulator saved object (``GAME.json``), checked here against
the format TTS reads from its Saved Objects folder: decks of ``Card`` objects whose ``CardID`` is
the ``CustomDeck`` number times 100 plus the slot on that sheet, face and back sheets that exist,
tokens and tiles as ``Custom_Tile`` objects."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli.main import cli

TOP = {"SaveName", "ObjectStates", "TabStates", "LuaScript", "LuaScriptState", "XmlUI", "VersionNumber"}
TRANSFORM = {"posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ"}
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool, "Type": int}


def _file(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def check_saved_object(data: dict) -> None:  # type: ignore[type-arg]
    """What Tabletop Simulator needs to load the object (a reading of its save format)."""
    assert TOP <= set(data) and isinstance(data["ObjectStates"], list) and data["ObjectStates"]
    guids = []
    for obj in data["ObjectStates"]:
        assert obj["Name"] in ("Deck", "Custom_Tile") and set(obj["Transform"]) == TRANSFORM
        guids.append(obj["GUID"])
        if obj["Name"] == "Deck":
            decks = obj["CustomDeck"]
            for key, entry in decks.items():
                assert key.isdigit() and all(isinstance(entry[k], t) for k, t in CUSTOM_DECK.items()), entry
                face, back = _file(entry["FaceURL"]), _file(entry["BackURL"])
                assert face.is_file() and back.is_file()
                width, height = Image.open(face).size
                assert width % entry["NumWidth"] == 0 and height % entry["NumHeight"] == 0  # whole slots
            assert len(obj["DeckIDs"]) == len(obj["ContainedObjects"]) >= 2
            for card_id, card in zip(obj["DeckIDs"], obj["ContainedObjects"]):
                assert card["Name"] == "Card" and card["CardID"] == card_id and set(card["Transform"]) == TRANSFORM
                sheet = decks[str(card_id // 100)]
                assert card_id % 100 < sheet["NumWidth"] * sheet["NumHeight"] - 1  # the last slot is the back
                assert card["CustomDeck"] == {str(card_id // 100): sheet}
                guids.append(card["GUID"])
        else:
            image = obj["CustomImage"]
            assert _file(image["ImageURL"]).is_file() and _file(image["ImageSecondaryURL"]).is_file()
            assert image["CustomTile"]["Type"] in (0, 1, 2, 3)
    assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(set(guids)) == len(guids)


@pytest.mark.parametrize("example, game, decks", [(None, "hanabi", 1), ("kit", "lanterns", 2)])
def test_the_tts_export_is_a_saved_object_tabletop_simulator_loads(tmp_path: Path, example: str | None,
                                                                   game: str, decks: int) -> None:
    args = []
    if example is not None:
        project = tmp_path / "project"
        assert CliRunner().invoke(cli, ["init", str(project), "--example", example]).exit_code == 0
        args = ["--project", str(project)]
    out = tmp_path / "tts"
    result = CliRunner().invoke(cli, ["export", game, "--tts", str(out), *args])
    assert result.exit_code == 0, result.output
    data = json.loads((out / f"{game}.json").read_text())
    check_saved_object(data)
    assert sum(1 for o in data["ObjectStates"] if o["Name"] == "Deck") == decks
    if game == "hanabi":
        deck = data["ObjectStates"][0]
        assert len(deck["DeckIDs"]) == 50 and sum(1 for o in data["ObjectStates"] if o["Name"] == "Custom_Tile") == 11
    again = tmp_path / "again"
    assert CliRunner().invoke(cli, ["export", game, "--tts", str(again), *args]).exit_code == 0
    assert json.loads((again / f"{game}.json").read_text().replace(again.as_uri(), out.as_uri())) == data
