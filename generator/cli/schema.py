"""``cardforge schema``: the JSON Schema of the definition or layout files, for an editor."""

from __future__ import annotations

import json

import click

from ..app.schema import SCHEMAS


@click.command("schema")
@click.argument("files", type=click.Choice(sorted(SCHEMAS)), default="definitions")
def schema_command(files: str) -> None:
    """Print the JSON Schema (draft 2020-12) of the definition files (card_defs/*.yaml) or of the
    layout files (layouts/*.yaml), for editors that check YAML as you type.

    cardforge init sets a project up with both (.vscode/settings.json); for another editor, save
    it and point the editor at it. Example: cardforge schema layouts > layout.schema.json
    """
    click.echo(json.dumps(SCHEMAS[files](), indent=1))
