"""The table's web server, on aiohttp: a page per link, a stream of the table as its seat sees it
(Server-Sent Events), and the page's clicks as small JSON posts.

aiohttp rather than the preview's own HTTP loop: it parses requests with limits we set (head
size, body size), streams events without a thread per page, and is well kept; the table adds
only its own bounds (streams at once, a slow page dropped).

Every address but the page, its script, its style sheet and the faces' fonts and artwork (by
digest) names a seat's secret token. On the loopback interface a request must name the server's
own host (a web page elsewhere cannot reach it through a rebinding DNS name), and a post must come
from the page's own origin.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from importlib import resources
from typing import Any

from aiohttp import web

from ...sim.errors import GameError
from ...sim.live import NotYourTurn
from ..preview.assets import Assets
from .table import Page, Table

LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
STATIC = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
MAX_STREAMS = 32
"""Event streams open at once (a page holds one); more are refused with 503."""
MAX_BODY = 4096
"""A click's JSON is a few dozen bytes."""
KEEP_ALIVE_S = 15.0
"""A comment is sent on an idle stream this often, so a page notices a server gone."""
SEND_TIMEOUT_S = 20.0
"""A page that takes longer than this to take an event is dropped."""
TABLE = web.AppKey("table", Table)


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


class TableServer:
    """Serves one table (see the module docstring); ``run`` until the task is cancelled."""

    def __init__(self, table: Table, assets: Assets, host: str = "127.0.0.1", port: int = 0,
                 bot_pause_s: float = 0.0) -> None:
        self.table = table
        self.assets = assets
        self.host = host
        self.port = port
        self.bot_pause_s = bot_pause_s
        self.lock = asyncio.Lock()
        self.changed = asyncio.Condition()
        self.streams = 0
        self.serial = 0
        """Counts the changes pages are told of (a page that was busy when one came still sees it)."""
        self.runner: web.AppRunner | None = None
        self._driver: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.on_decision: Callable[[], None] = lambda: None
        """Called after every decision (``--log`` writes the trace there)."""

    # ------------------------------------------------------------------ the app
    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_BODY, middlewares=[self._guard])
        app[TABLE] = self.table
        app.router.add_get("/static/{name}", self._static)
        app.router.add_get("/asset/{name}", self._asset)
        app.router.add_get("/t/{token}/", self._page)
        app.router.add_get("/t/{token}/events", self._events)
        app.router.add_get("/t/{token}/log.json", self._log)
        app.router.add_post("/t/{token}/{verb}", self._post)
        return app

    async def start(self) -> str:
        """Listen; the base address (``http://127.0.0.1:PORT``)."""
        self.runner = web.AppRunner(self.app(), access_log=None, handle_signals=False,
                                    keepalive_timeout=30.0, max_line_size=4096, max_field_size=4096,
                                    max_headers=64, shutdown_timeout=1.0)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, self.port, backlog=64)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else self.port
        self._driver = asyncio.get_running_loop().create_task(self._drive_bots())
        shown = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{shown}:{self.port}"

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
        async with self.changed:
            self.changed.notify_all()
        if self.runner is not None:
            await self.runner.cleanup()

    # ------------------------------------------------------------------ guards
    @web.middleware
    async def _guard(self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                     ) -> web.StreamResponse:
        host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
        if self.host in LOOPBACK and host not in LOOPBACK:
            return web.Response(status=421, text="this table answers only to its own address\n")
        if request.method == "POST":
            origin = request.headers.get("Origin")
            if origin is not None and origin.split("://", 1)[-1] != request.host:
                return web.Response(status=403, text="a post must come from the table's own page\n")
        response = await handler(request)
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        response.headers.setdefault("Cache-Control", "no-store")
        return response

    def _page_of(self, request: web.Request) -> Page:
        page = self.table.page(request.match_info["token"])
        if page is None:
            raise web.HTTPNotFound(text="no such table: open the link cardforge play printed\n")
        return page

    # ------------------------------------------------------------------ answers
    async def _static(self, request: web.Request) -> web.Response:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return web.Response(body=_static(name), content_type=STATIC[name].split(";")[0], charset="utf-8")

    async def _asset(self, request: web.Request) -> web.Response:
        found = self.assets.get("/asset/" + request.match_info["name"])
        if found is None:
            raise web.HTTPNotFound()
        data, mime = found
        return web.Response(body=data, content_type=mime, headers={"Content-Security-Policy": ASSET_POLICY})

    async def _page(self, request: web.Request) -> web.Response:
        self._page_of(request)
        return web.Response(body=_static("table.html"), content_type="text/html", charset="utf-8",
                            headers={"Content-Security-Policy": PAGE_POLICY})

    async def _log(self, request: web.Request) -> web.Response:
        self._page_of(request)
        async with self.lock:
            trace = self.table.game.trace()
        name = f"{self.table.game.definition.info.id}-{self.table.game.seed}.json"
        return web.Response(text=json.dumps(trace, ensure_ascii=False, indent=1) + "\n", content_type="application/json",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def _post(self, request: web.Request) -> web.Response:
        page = self._page_of(request)
        verb = request.match_info["verb"]
        try:
            body = await request.json()
        except (ValueError, UnicodeDecodeError):
            raise web.HTTPBadRequest(text="a click is sent as a JSON object\n") from None
        if not isinstance(body, dict):
            raise web.HTTPBadRequest(text="a click is sent as a JSON object\n")
        try:
            async with self.lock:
                self._apply(page, verb, body)
        except NotYourTurn as exc:
            return web.json_response({"ok": False, "error": str(exc)}, status=409)
        except GameError:
            pass  # the table says what failed, to every page
        await self._changed()
        return web.json_response({"ok": True})

    def _apply(self, page: Page, verb: str, body: dict[str, Any]) -> None:
        table = self.table
        if verb == "act":
            index, version = body.get("index"), body.get("version")
            if type(index) is not int or type(version) is not int:
                raise NotYourTurn("an action is named by its index and the version it was chosen on")
            table.act(page, index, version)
            self.on_decision()
        elif verb == "look":
            seat = body.get("seat")
            if seat is not None and type(seat) is not int:
                raise NotYourTurn("say which player looks by their seat")
            table.look(page, seat)
        elif verb == "open":
            table.set_open_hands(page, bool(body.get("on")))
        elif verb == "undo":
            table.undo(page)
            self.on_decision()
        else:
            raise web.HTTPNotFound()

    async def _changed(self) -> None:
        self._wake.set()
        async with self.changed:
            self.serial += 1
            self.changed.notify_all()

    async def notify(self) -> None:
        """Tell every page the table changed (a reload)."""
        await self._changed()

    async def _events(self, request: web.Request) -> web.StreamResponse:
        page = self._page_of(request)
        if self.streams >= MAX_STREAMS:
            raise web.HTTPServiceUnavailable(text="too many pages are open on this table\n")
        self.streams += 1
        try:
            response = web.StreamResponse(headers={"Content-Type": "text/event-stream", "Cache-Control": "no-store"})
            await response.prepare(request)
            sent: set[str] = set()
            first = {"fonts": [list(pair) for pair in self.table.fonts]}
            seen: tuple[int, int | None, bool, str] | None = None
            while True:
                serial = self.serial
                async with self.lock:
                    key = (self.table.game.version, page.looking, page.open_hands, self.table.message)
                    view = self.table.view(page, sent) if key != seen else None
                if view is not None:
                    seen = key
                    view.update(first)
                    first = {}
                    data = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
                    await asyncio.wait_for(response.write(f"data: {data}\n\n".encode()), SEND_TIMEOUT_S)
                async with self.changed:
                    try:
                        await asyncio.wait_for(self.changed.wait_for(lambda: self.serial != serial), KEEP_ALIVE_S)
                    except TimeoutError:
                        await asyncio.wait_for(response.write(b": still here\n\n"), SEND_TIMEOUT_S)
        except (TimeoutError, ConnectionResetError):  # the page went away, or stopped reading
            return response
        finally:
            self.streams -= 1

    # ------------------------------------------------------------------ the bots
    async def _drive_bots(self) -> None:
        """Play the bots' moves as soon as it is their turn, each in a worker thread (a search
        takes a while; the pages stay answered)."""
        loop = asyncio.get_running_loop()
        while True:
            await self._wake.wait()
            self._wake.clear()
            while True:
                async with self.lock:
                    if not self.table.game.bot_to_move() or self.table.failed:
                        break
                    try:
                        await loop.run_in_executor(None, self.table.bot_move)
                    except GameError:
                        pass  # the table says what failed
                    self.on_decision()
                await self._changed()
                if self.bot_pause_s:
                    await asyncio.sleep(self.bot_pause_s)

    def wake_bots(self) -> None:
        self._wake.set()
