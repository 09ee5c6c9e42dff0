"""``cardforge play``: a table in the browser where people play GAME against bots, with its faces as
printed."""

from __future__ import annotations

import asyncio
import faulthandler
import hashlib
import json
import secrets
import signal
import webbrowser
from pathlib import Path
from typing import Any

import click

from ..app.build import BuildError
from ..app.catalog import GAMES
from ..app.play.faces import game_faces
from ..app.play.server import LOOPBACK, TableServer
from ..app.play.table import Table as PlayTable
from ..app.preview.assets import Assets
from ..files.atomicio import OutputError, check_target, write_atomic
from ..files.paths import display_path
from ..files.saferead import MAX_REPLAY_BYTES, ReadError, load_json, read_regular
from ..loader import DefinitionErrors, load_project
from ..model import GameDefinition
from ..model.limits import MAX_SEED
from ..sim.api import BotSpec, ReplayError
from ..sim.errors import GameError
from ..sim.live import LiveGame, restored
from ..sim.play import BotSpecError, resolve_bots
from .common import fail, file_option, project_option, usage_error
from .table import Table, TableArgs, open_table, show_traceback, traceback_option

PERSON = "human"
"""What ``--seat`` calls a seat played by a person."""
WATCH_S = 1.0
"""How often the rules file and the card lists are read for changes while playing."""


def _seats(table: Table, given: tuple[str, ...]) -> list[BotSpec | None]:
    """One entry per seat: None for a person, else the bot; seats not given are the game's best
    bot, the first one a person when no seat is given at all."""
    players = table.players
    if len(given) > players:
        usage_error(f"{len(given)} --seat values for {players} players")
    texts = list(given) if given else [PERSON]
    texts += ["best"] * (players - len(texts))
    bots = [BotSpec.parse(text) for text in texts]
    try:
        resolved = resolve_bots(table.simulator, [BotSpec("random") if b.name == PERSON else b for b in bots], players)
    except BotSpecError as exc:
        usage_error(f"--seat: {exc} (or {PERSON} for a person)")
    return [None if given_bot.name == PERSON else spec for given_bot, spec in zip(bots, resolved)]


def _digest(files: tuple[Path, ...]) -> str:
    """What the rules file and the card lists hold now (by content: a save that keeps the size and
    time is seen)."""
    hashed = hashlib.sha256()
    for file in files:
        try:
            hashed.update(read_regular(file, MAX_REPLAY_BYTES, "file"))
        except ReadError as exc:
            hashed.update(str(exc).encode())
    return hashed.hexdigest()


@click.command("play")
@click.argument("game_id", metavar="GAME")
@click.option("--players", "-n", type=int, default=None, help="Number of players (default: the smallest the game allows).")
@click.option("--seat", "seats", multiple=True, metavar="human|BOT[:PARAM]",
              help="Who plays each seat, in turn order: 'human' for a person, or a bot by name "
              "(ismcts:200, greedy, best...). Seats not given are the game's best bot; with no --seat, "
              "seat 1 is yours. Several people share this screen in turn (a hot seat), or, with --host, "
              "each gets a link of their own.")
@click.option("--seed", type=click.IntRange(-MAX_SEED, MAX_SEED), default=None,
              help="The game's seed (default: a new one, shown on the page): the same seed deals the same game.")
@click.option("--rule", "rules", multiple=True, metavar="NAME=VALUE", help="Override a rule option (repeatable).")
@click.option("--expansion", "expansion_id", default=None, metavar="ID", help="Play with an expansion of the game.")
@click.option("--from", "from_log", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Go on from a saved log (a trace written by play or simulate --export).")
@file_option("--log", "log_path", help="Keep the game's log in this file, written after every move "
             "(cardforge replay checks it; --from goes on from it).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to serve on. Only this machine can reach the table unless you name another; "
              "then each person gets a link with a secret of their own, for other machines of the network.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port of the table (default: any free port).")
@click.option("--pause", type=click.FloatRange(0, 10), default=0.6, show_default=True,
              help="Seconds between two bot moves, so a person can follow them.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in the default browser.")
@project_option
@traceback_option
def play_command(game_id: str, players: int | None, seats: tuple[str, ...], seed: int | None, rules: tuple[str, ...],
                 expansion_id: str | None, from_log: Path | None, log_path: Path | None, host: str, port: int,
                 pause: float, no_browser: bool, project_dir: Path | None) -> None:
    """Play GAME in the browser against bots, with its faces as printed.

    Every game with a simulator: rules-file games, Hanabi, Sequence and Firecrackers. Each page gets only what
    its seat may see; the bots' reasons (what they weighed) are in the log, shown where they name
    no card hidden from you, or everywhere once you tick Open hands. Saving the card list or the
    rules file reloads them and plays the log again as far as it stays legal. Ctrl-C stops.
    Example: cardforge play orchard -n 3 --seat human --seat ismcts:200 --seat greedy
    """
    data = _read_log(from_log) if from_log is not None else None
    if data is not None and players is None:  # the log's table, unless --players says otherwise
        recorded = data.get("players")
        players = recorded if type(recorded) is int else len(recorded) if isinstance(recorded, list) else None
    args = TableArgs(players, 1, (), seed or 0, None, None, rules, expansion_id, ())
    table = open_table(project_dir, game_id, args)
    simulator = table.simulator
    if simulator.presenter is None:
        usage_error(f"{game_id} cannot be played at a table yet")
    if log_path is not None:
        try:
            check_target(log_path)
        except OutputError as exc:
            usage_error(f"--log: {exc}")
    specs = _seats(table, seats)
    if not any(spec is None for spec in specs):
        usage_error("every seat is a bot: give --seat human for a person (simulate plays bots alone)")
    if simulator.runs_designer_code:  # played in this process: a crash of the interpreter says where
        faulthandler.enable(all_threads=True)
    try:
        if from_log is not None and data is not None:
            game = _go_on(table, from_log, data, specs)
        else:
            chosen = seed if seed is not None else secrets.randbits(62)
            engine = simulator.make_engine(table.definition, table.players, _options(table.definition, table),
                                           **table.extra)
            game = LiveGame(simulator, table.definition, engine, chosen, specs)
    except GameError as exc:
        fail(exc.report(traceback=show_traceback()))
    except (ValueError, KeyError) as exc:
        usage_error(str(exc.args[0]) if exc.args else str(exc))
    assets = Assets()
    try:
        faces, fonts = game_faces(table.project, table.definition, assets, secrets.token_hex(8), expansion_id)
    except BuildError as exc:
        fail(str(exc))
    remote = host not in LOOPBACK
    play_table = PlayTable.seated(game, faces, fonts, table.definition.info.name, one_page_each=remote)
    try:
        asyncio.run(_serve(play_table, assets, table, host, port, pause, log_path, not no_browser))
    except KeyboardInterrupt:
        pass
    except OSError as exc:
        fail(f"cannot serve on {host}:{port}: {exc.strerror or exc}")
    if log_path is not None:
        click.echo(f"the game's log is in {display_path(log_path)}")
    click.echo("play stopped")


def _options(definition: GameDefinition, table: Table) -> dict[str, Any]:
    """The rule options of ``definition`` with the command's ``--rule`` overrides."""
    return dict(definition.info.options.resolve(table.overrides))


def _read_log(path: Path) -> dict[str, Any]:
    """A saved log (``--from``), or exit 1 saying why it cannot be read."""
    try:
        data = load_json(read_regular(path, MAX_REPLAY_BYTES, "game file"))
    except ReadError as exc:
        fail(f"{display_path(path)}: {exc}")
    if not isinstance(data, dict):
        fail(f"{display_path(path)}: not a game log (expected a JSON object)")
    return data


def _go_on(table: Table, path: Path, data: dict[str, Any], specs: list[BotSpec | None]) -> LiveGame:
    """The game a saved log leaves (``--from``), or exit 1 saying why it does not replay."""
    try:
        return restored(table.simulator, table.definition, data, table.overrides, specs, **table.extra)
    except ReplayError as exc:
        fail(f"{display_path(path)}: {exc}")


async def _serve(play_table: PlayTable, assets: Assets, table: Table, host: str, port: int, pause: float,
                 log_path: Path | None, open_browser: bool) -> None:
    server = TableServer(play_table, assets, host, port, bot_pause_s=pause)

    def keep_log() -> None:
        if log_path is not None:
            try:
                write_atomic(log_path, (json.dumps(play_table.game.trace(), ensure_ascii=False) + "\n").encode())
            except (OSError, OutputError) as exc:
                play_table.message = f"the log cannot be written to {display_path(log_path)}: {exc}"

    server.on_decision = keep_log
    await server.start()
    address = server.address
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    loop.add_signal_handler(signal.SIGTERM, stopping.set)
    links = [(page, f"{address}/t/{page.token}/") for page in play_table.pages.values()]
    game = play_table.game
    click.echo(f"cardforge play: {play_table.title}, {game.engine.players} players, seed {game.seed}")
    for page, link in links:
        who = ", ".join(f"player {s + 1}" for s in page.seats)
        click.echo(f"  {who}: {link}")
    if host in ("0.0.0.0", "::"):
        click.echo(f"  ({host} listens on every interface of this machine: give each person their link with this "
                   "machine's address in its place)")
    click.echo("Ctrl-C stops.")
    if open_browser and links and host in LOOPBACK:
        try:
            webbrowser.open(links[0][1])
        except Exception:  # no browser to open: the link above still works
            pass
    keep_log()
    server.wake_bots()
    watched = table.hashed
    seen = _digest(watched)
    try:
        while not stopping.is_set():
            try:
                await asyncio.wait_for(stopping.wait(), WATCH_S)
            except TimeoutError:
                pass
            now = await loop.run_in_executor(None, _digest, watched)
            if now != seen:
                seen = now
                await _reload(server, table)
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        await server.stop()


async def _reload(server: TableServer, table: Table) -> None:
    """The card lists or the rules file changed: load them again and play the log again as far as
    it stays legal; a mistake is shown on the table and the game goes on as it was."""
    play_table = server.table
    game = play_table.game
    try:
        project = load_project(table.root or Path("."), GAMES)
        definition = project.game(table.game_id)
        engine = table.simulator.make_engine(definition, game.engine.players, _options(definition, table),
                                             **table.extra)
        faces, fonts = game_faces(project, definition, server.assets, secrets.token_hex(8), table.args.expansion_id)
        async with server.lock:
            outcome = game.reload(definition, engine)
            play_table.faces, play_table.fonts = faces, fonts
            play_table.failed = False
            if outcome.stopped:
                play_table.message = (f"reloaded: {outcome.kept} of {outcome.of} decisions played again; "
                                      f"{outcome.stopped}, so the game goes on from there")
            else:
                play_table.message = f"reloaded: all {outcome.of} decisions played again"
    except DefinitionErrors as exc:
        play_table.message = "the changed files do not load; the game goes on as it was:\n" + exc.report()
    except GameError as exc:
        play_table.message = "the changed rules fail; the game goes on as it was:\n" + exc.report()
    except BuildError as exc:
        play_table.message = f"the changed cards cannot be laid out; the game goes on as it was:\n{exc}"
    except (ValueError, KeyError) as exc:
        play_table.message = f"the changed files cannot be played: {exc}"
    click.echo(play_table.message.splitlines()[0])
    await server.notify_pages()



COMMANDS = [play_command]
