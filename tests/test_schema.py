"""The JSON Schemas of the definition and layout files (``cardforge schema``, written by ``init``
for the editor): every shipped and example file is valid against them with a JSON Schema library,
and a misspelt key is not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from generator.cli.main import cli
from generator.files.paths import shipped_root

jsonschema = pytest.importorskip("jsonschema", reason="the test extra installs jsonschema")

ROOT = shipped_root()
DEFINITIONS = sorted([*ROOT.glob("card_defs/*.yaml"), *ROOT.glob("examples/*/card_defs/*.yaml")])
LAYOUTS = sorted([*ROOT.glob("layouts/*.yaml"), *ROOT.glob("examples/*/layouts/*.yaml")])


def schema(name: str) -> dict:  # type: ignore[type-arg]
    result = CliRunner().invoke(cli, ["schema", name])
    assert result.exit_code == 0, result.output
    found = json.loads(result.output)
    jsonschema.Draft202012Validator.check_schema(found)
    return found  # type: ignore[no-any-return]


def errors(found: dict, path: Path | dict) -> list[str]:  # type: ignore[type-arg]
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if isinstance(path, Path) else path
    return [f"{list(e.path)}: {e.message}" for e in jsonschema.Draft202012Validator(found).iter_errors(data)]


@pytest.mark.parametrize("path", DEFINITIONS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_definition_is_valid(path: Path) -> None:
    assert errors(schema("definitions"), path) == []


@pytest.mark.parametrize("path", LAYOUTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_shipped_layout_is_valid(path: Path) -> None:
    assert errors(schema("layouts"), path) == []


@pytest.mark.parametrize("file, old, new", [
    ("card_defs/hanabi.yaml", "\nhand_size:", "\nhand_sise:"),
    ("card_defs/firecrackers.yaml", "\nlanguages:", "\nlanguage:"),
    ("layouts/faces.yaml", "base_width:", "base_widht:"),
])
def test_a_misspelt_key_is_refused(file: str, old: str, new: str) -> None:
    text = (ROOT / file).read_text(encoding="utf-8")
    assert old in text
    data = yaml.safe_load(text.replace(old, new, 1))
    found = errors(schema("layouts" if file.startswith("layouts") else "definitions"), data)
    assert found and any(new.strip().rstrip(":") in message for message in found), found


def test_init_sets_the_editor_up_with_the_schemas(tmp_path: Path) -> None:
    project = tmp_path / "game"
    assert CliRunner().invoke(cli, ["init", str(project), "--example", "custom"]).exit_code == 0
    settings = json.loads((project / ".vscode" / "settings.json").read_text())["yaml.schemas"]
    assert settings == {"./.vscode/cardforge/definition.schema.json": ["card_defs/*.yaml", "card_defs/**/*.yaml"],
                        "./.vscode/cardforge/layout.schema.json": ["layouts/*.yaml"]}
    written = json.loads((project / ".vscode" / "cardforge" / "definition.schema.json").read_text())
    assert written == schema("definitions")
    for definition in (project / "card_defs").glob("*.yaml"):
        assert errors(written, definition) == []
