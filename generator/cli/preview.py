"""``cardforge preview``: a page on this machine showing every face of the chosen games, redrawn
as the project's files are saved (``generator.app.preview``)."""

from __future__ import annotations

import errno
import signal
import threading
import time
import webbrowser
from pathlib import Path
from types import FrameType
from typing import Any

import click
from click.core import ParameterSource

from ..app.preview.server import PreviewServer
from ..app.preview.session import PassReport, PreviewSession
from ..app.preview.snapshot import ProblemView
from ..app.preview.watch import watch_project
from ..files.paths import ProjectNotFound, find_project
from .common import fail, project_option, usage_error
from .options import (
    board_paper_option,
    build_options,
    face_options,
    paper_option,
    sheet_options,
)

PORT_TRIES = 20
"""With the default port taken, the next ones are tried (a port asked for is used or refused)."""


def _problems(problems: tuple[ProblemView, ...]) -> None:
    for problem in problems:
        where = f"{problem.where}: " if problem.where else ""
        click.echo(f"{where}{problem.severity}: {problem.message}", err=True)


def _serve(host: str, port: int, session: PreviewSession, chosen: bool) -> PreviewServer:
    """The server on ``port``, or (the default port being taken) on one of the next."""
    for attempt in range(1 if chosen or port == 0 else PORT_TRIES):
        try:
            return PreviewServer(host, port + attempt, session)
        except OSError as exc:
            if exc.errno != errno.EADDRINUSE:
                fail(f"cannot serve on {host}:{port + attempt}: {exc.strerror or exc}")
    fail(f"port {port} is in use" + (f" (and the {PORT_TRIES - 1} after it)" if not chosen else "")
         + ": choose another with --port")


def _stop_on_terminate(_signal: int, _frame: FrameType | None) -> None:
    raise KeyboardInterrupt


@click.command("preview")
@click.argument("games", nargs=-1, metavar="[GAME]...")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port of the page (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Interface to serve on. Only this machine can see the preview unless you name another.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in the default browser.")
@paper_option
@board_paper_option
@sheet_options
@face_options
@click.option("--poll", is_flag=True, hidden=True, help="Look for changes ten times a second instead of being told.")
@project_option
@click.pass_context
def preview_command(ctx: click.Context, /, games: tuple[str, ...], port: int, host: str, no_browser: bool, poll: bool,
                    project_dir: Path | None, **options: Any) -> None:
    """Serve a live preview of GAME's faces (default: every game) that redraws them as files are saved.

    The page (on this machine only, unless --host says otherwise) shows every distinct face of
    every component at true proportions, front beside back, with ids, counts and fields on
    hover, filters (by game, component, field), a zoom to actual size and the printed pages
    (laid out as a build with the same options lays them). Saving a definition, a layout, a font
    or an image redraws the cards that changed; a mistake is shown on the page at its place.
    Ctrl-C stops it.
    """
    try:
        root = find_project(project_dir)
    except ProjectNotFound as exc:
        fail(str(exc))
    session = PreviewSession(root, games, build_options(**options))
    started = time.perf_counter()
    first = session.rebuild()
    unknown = [g for g in games if g not in session.project_ids]
    if unknown and session.loads_cleanly:
        usage_error(f"no game {', '.join(repr(g) for g in unknown)} in this project (it has: {', '.join(session.project_ids)})")
    chosen_port = ctx.get_parameter_source("port") is not ParameterSource.DEFAULT
    server = _serve(host, port, session, chosen_port)
    thread = threading.Thread(target=server.serve_forever, name="preview-server", daemon=True)
    thread.start()
    stop = threading.Event()
    previous = signal.signal(signal.SIGTERM, _stop_on_terminate)
    try:  # from the moment the server runs, Ctrl-C stops it cleanly (the address is printed inside)
        snapshot = session.snapshot
        faces = sum(len(g.cards) for g in snapshot.games)
        click.echo(f"cardforge preview: {faces} distinct faces of {len(snapshot.games)} "
                   f"{'game' if len(snapshot.games) == 1 else 'games'} "
                   f"({time.perf_counter() - started:.2f} s) at {server.url}")
        click.echo("Watching the project's files; Ctrl-C stops.")
        if first is not None and first.problems:
            _problems(snapshot.problems)
        if not no_browser:
            try:
                webbrowser.open(server.url)
            except Exception:  # no browser to open: the address above still works
                pass

        shown = snapshot.problems

        def on_pass(report: PassReport) -> None:
            nonlocal shown
            server.hub.publish()
            now = session.snapshot
            laid = f"{', '.join(report.games)} laid out, " if report.games else ""
            status = (f"{report.problems} problem{'s' if report.problems != 1 else ''} (on the page)"
                      if report.problems else "no problems")
            click.echo(f"{time.strftime('%H:%M:%S')} version {report.version}: {laid}{report.faces} faces redrawn "
                       f"in {report.seconds * 1000:.0f} ms; {status}")
            if now.problems != shown:
                _problems(now.problems)
                shown = now.problems

        watch_project(session, on_pass, stop, poll=poll)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        signal.signal(signal.SIGTERM, previous)
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
    click.echo("preview stopped")


COMMANDS = [preview_command]
