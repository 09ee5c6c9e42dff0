"""The table's web server: a page per link, a stream of the table as its seat sees it (Server-Sent
Events), and the page's clicks as small JSON posts. It runs on the server the preview runs on
(``generator.app.web``: aiohttp, every amount bounded, the host checked on the loopback
interface); this module adds the table's routes, its bot driver, and one more guard: a post must
come from the page's own origin.

Every address but the page's script and style sheet and the faces' fonts and artwork (by digest)
names a seat's secret token.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Awaitable, Callable

from aiohttp import web

from ...sim.errors import GameError
from ...sim.live import NotYourTurn
from ..preview.assets import Assets
from ..web import LOOPBACK, PAGE_POLICY, Limits, WebServer, static_files
from .table import Page, Table

__all__ = ["LOOPBACK", "TableServer"]

STATIC = {
    "table.js": "text/javascript; charset=utf-8",
    "table.css": "text/css; charset=utf-8",
}
"""The page's script and style sheet (the page itself is answered under a token)."""
TABLE_LIMITS = Limits(streams=32)
"""A table has a few pages, each holding one stream."""


class TableServer(WebServer):
    """Serves one table (see the module docstring): ``await start()``, then ``await stop()``."""

    def __init__(self, table: Table, assets: Assets, host: str = "127.0.0.1", port: int = 0,
                 bot_pause_s: float = 0.0, limits: Limits = TABLE_LIMITS) -> None:
        self.table = table
        self.assets = assets
        self.bot_pause_s = bot_pause_s
        self.lock = asyncio.Lock()
        self._driver: asyncio.Task[None] | None = None
        self._wake: asyncio.Event | None = None
        self.on_decision: Callable[[], None] = lambda: None
        """Called after every decision (``--log`` writes the trace there)."""
        self.files = static_files(__package__, [*STATIC, "table.html"])
        app = web.Application(client_max_size=limits.body_bytes, middlewares=[self._same_origin])
        app.router.add_get("/static/{name}", self._script_or_style)
        app.router.add_get("/asset/{name}", self._asset)
        app.router.add_get("/t/{token}/", self._page)
        app.router.add_get("/t/{token}/events", self._events)
        app.router.add_get("/t/{token}/log.json", self._log)
        app.router.add_post("/t/{token}/{verb}", self._post)
        super().__init__(app, host, port, limits, methods=("GET", "HEAD", "POST"))
        self.address = self.url.rstrip("/")

    async def start(self) -> None:
        await super().start()
        self._wake = asyncio.Event()
        self._driver = asyncio.get_running_loop().create_task(self._drive_bots())

    async def stop(self) -> None:
        if self._driver is not None:
            self._driver.cancel()
        await super().stop()
        self.server_close()

    # ------------------------------------------------------------------ guards
    @web.middleware
    async def _same_origin(self, request: web.Request,
                           handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        if request.method == "POST":
            origin = request.headers.get("Origin")
            if origin is not None and origin.split("://", 1)[-1] != request.headers.get("Host"):
                return web.Response(status=403, text="a post must come from the table's own page\n")
        return await handler(request)

    def _page_of(self, request: web.Request) -> Page:
        page = self.table.page(request.match_info["token"])
        if page is None:
            raise web.HTTPNotFound(text="no such table: open the link cardforge play printed\n")
        return page

    # ------------------------------------------------------------------ answers
    async def _script_or_style(self, request: web.Request) -> web.StreamResponse:
        name = request.match_info["name"]
        if name not in STATIC:
            raise web.HTTPNotFound()
        return await self.send(request, self.files[name], STATIC[name], {"Cache-Control": "no-store"})

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        return await self.send_asset(request, self.assets.get(request.path))

    async def _page(self, request: web.Request) -> web.StreamResponse:
        self._page_of(request)
        return await self.send(request, self.files["table.html"], "text/html; charset=utf-8",
                               {"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-store"})

    async def _log(self, request: web.Request) -> web.StreamResponse:
        self._page_of(request)
        async with self.lock:
            trace = self.table.game.trace()
        name = f"{self.table.game.definition.info.id}-{self.table.game.seed}.json"
        body = (json.dumps(trace, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
        return await self.send(request, body, "application/json",
                               {"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"})

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
        await self.changed()
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

    async def changed(self) -> None:
        if self._wake is not None:
            self._wake.set()
        await super().changed()

    async def notify_pages(self) -> None:
        """Tell every page the table changed (a reload)."""
        await self.changed()

    async def _events(self, request: web.Request) -> web.StreamResponse:
        page = self._page_of(request)
        sent: set[str] = set()
        seen: list[Any] = [None]

        async def next_event() -> bytes | None:
            async with self.lock:
                key = (self.table.game.version, page.looking, page.open_hands, self.table.message,
                       id(self.table.faces))
                if key == seen[0]:
                    return None
                if seen[0] is None or seen[0][-1] != key[-1]:  # the first event, or faces reloaded
                    sent.clear()
                view = self.table.view(page, sent)
                if seen[0] is None or seen[0][-1] != key[-1]:
                    view["fonts"] = [list(pair) for pair in self.table.fonts]
                seen[0] = key
            data = json.dumps(view, ensure_ascii=False, separators=(",", ":"))
            return f"data: {data}\n\n".encode("utf-8")

        first = await next_event() or b""
        return await self.stream(request, first, next_event)

    # ------------------------------------------------------------------ the bots
    async def _drive_bots(self) -> None:
        """Play the bots' moves as soon as it is their turn, each in a worker thread (a search
        takes a while; the pages stay answered)."""
        loop = asyncio.get_running_loop()
        assert self._wake is not None
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
                await self.changed()
                if self.bot_pause_s:
                    await asyncio.sleep(self.bot_pause_s)

    def wake_bots(self) -> None:
        if self._wake is not None:
            self._wake.set()
