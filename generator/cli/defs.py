"""Commands about the definitions themselves: ``list``, ``deck``, ``board`` and ``init``."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ..app.catalog import GAMES
from ..app.decklist import DeckRequestError, card_count, deck_records
from ..app.initproject import InitError, init_project
from ..files.paths import display_path
from ..model.limits import MAX_PLAYERS
from .common import fail, game_or_usage_error, open_project, project_option, usage_error


@click.command("list")
@project_option
def list_games(project_dir: Path | None) -> None:
    """List the games and variants of the project with their card counts."""
    project = open_project(project_dir)
    width = max(len(g.info.id) for g in project.games)
    counts = max(len(g.info.players_text) for g in project.games)
    for game in project.games:
        info = game.info
        players = f"{info.players_text} players"
        extra = f"variant of {info.variant_of}" if info.variant_of else ""
        if info.expansion_of:
            extra = f"expansion of {info.expansion_of}"
        click.echo(f"{info.id:<{width}}  {card_count(game):>4} cards  {players:<{counts + 8}}  {info.name}"
                   + (f"  ({extra})" if extra else ""))


@click.command("deck")
@click.argument("game_id", metavar="GAME")
@click.option("--players", type=click.IntRange(1, MAX_PLAYERS), default=None,
              help="Player count (Firecrackers: the cards in play; default 4).")
@click.option("--all-packs", is_flag=True, help="Firecrackers: every pack (120 cards), whatever the player count.")
@click.option("--expansion", default=None, metavar="NAME", help="Add an expansion's cards (e.g. scoreworks).")
@click.option("--json", "as_json", is_flag=True, help="Print the cards as a JSON array.")
@project_option
def deck(game_id: str, players: int | None, all_packs: bool, expansion: str | None, as_json: bool, project_dir: Path | None) -> None:
    """Every physical card of GAME that would be printed, in a deterministic order."""
    project = open_project(project_dir)
    game = game_or_usage_error(project, game_id)
    try:
        records = deck_records(project, game, players=players, expansion=expansion, all_packs=all_packs)
    except DeckRequestError as exc:
        usage_error(str(exc))
    if as_json:
        click.echo(json.dumps(records, indent=1))
        return
    for record in records:
        click.echo("  ".join(f"{k}={_plain(v)}" for k, v in record.items()))
    click.echo(f"{len(records)} cards")


def _plain(value: object) -> str:
    """A record's value as the text listing writes it: as in the card list (true, not True; an
    empty cell empty)."""
    if value is None:
        return ""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


@click.command("board")
@click.argument("game_id", metavar="GAME")
@click.option("--json", "as_json", is_flag=True, help="Print the board as a JSON array of rows of codes.")
@project_option
def board(game_id: str, as_json: bool, project_dir: Path | None) -> None:
    """The board of GAME (Sequence): rows of card codes, XX for the free corners."""
    project = open_project(project_dir)
    game = game_or_usage_error(project, game_id)
    rows = GAMES.describe(game).board(game)
    if rows is None:
        usage_error(f"{game_id} has no board")
    if as_json:
        click.echo(json.dumps(rows))
    else:
        for row in rows:
            click.echo(" ".join(row))


@click.command("init")
@click.argument("target_name", metavar="TARGET", type=click.Path())
@click.option("--example", metavar="NAME", default=None,
              help="Start from an example project instead: custom (Orchard, a deck of our own) or kit (Lantern "
                   "Harbour, a whole game: two decks, tokens, tiles, a board, a tuck box).")
def init(target_name: str, example: str | None) -> None:
    """Create a new project folder TARGET with a copy of the shipped definitions to customise.

    With --example custom, the project holds a small example deck of our own instead (a card list
    in CSV, face templates and art) to start a game of your own from; with --example kit, a whole
    small game of our own (decks of two sizes, tokens, tiles, a board, a tuck box)."""
    if not target_name.strip():
        usage_error("name the new project's folder (write . for the current folder)")
    target = Path(target_name)
    try:
        written = init_project(target, example)
    except InitError as exc:
        fail(str(exc))
    click.echo(f"Created {display_path(target)}/ with {len(written)} files:")
    for file in written:
        click.echo(f"  {display_path(file)}")
    click.echo(f"Edit the files in card_defs/, then run: cd {display_path(target)} && cardforge validate && cardforge build")


COMMANDS = [list_games, deck, board, init]
