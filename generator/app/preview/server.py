"""The preview's web server: the page, its script and style sheet, a stream of updates
(Server-Sent Events), the printed pages of a game, and the fonts and artwork the faces draw with.
Nothing else: every answer comes from memory or from the package's own ``static/`` files, named
in a fixed table, so no request can name a file on disk, and nothing is ever written. Only GET
and HEAD are answered; on the loopback interface a request must name the preview's own host (a
web page elsewhere cannot reach it through a rebinding DNS name), once.

It runs on the web server ``play`` runs on too (``generator.app.web``: aiohttp, every amount
bounded): a page's event stream costs no thread, and every stream is sent the same bytes for the
same change (``Hub.event``), made once.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from typing import Callable

from aiohttp import web

from ..web import LOOPBACK, PAGE_POLICY, Limits, WebServer, static_files
from .assets import ASSET_PREFIX
from .session import PreviewSession
from .snapshot import Snapshot, update

__all__ = ["LOOPBACK", "Limits", "PreviewServer"]
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
    "/preview.css": ("preview.css", "text/css; charset=utf-8"),
}
HISTORY = 16
"""Snapshots kept so that a page that reconnects is sent only what changed since it last heard."""


class Hub:
    """The last few snapshots, and the event that takes a page from one to another (made once
    for every stream that needs it)."""

    def __init__(self, session: PreviewSession, notify: Callable[[], None] = lambda: None) -> None:
        self.session = session
        self.token = secrets.token_hex(6)
        """Names this run of the preview: a page that reconnects to another run starts afresh."""
        self.closing = False
        self._notify = notify
        self._lock = threading.Lock()
        self._history: dict[int, Snapshot] = {}
        self._events: dict[tuple[int | None, int], bytes] = {}
        self._remember(session.snapshot)

    def _remember(self, snapshot: Snapshot) -> None:
        self._history[snapshot.version] = snapshot
        for version in sorted(self._history)[:-HISTORY]:
            del self._history[version]

    def publish(self) -> None:
        """A pass made a new snapshot: every stream is sent what changed."""
        with self._lock:
            self._remember(self.session.snapshot)
        self._notify()

    def since(self, event_id: str | None) -> Snapshot | None:
        """The snapshot a page last heard of (from its Last-Event-ID), if this run still has it."""
        token, _, version = (event_id or "").partition(":")
        if token != self.token or not version.isdigit() or len(version) > 18:
            return None
        with self._lock:
            return self._history.get(int(version))

    def event(self, sent: Snapshot | None, snapshot: Snapshot) -> bytes:
        """The event taking a page from ``sent`` (None: an empty page) to ``snapshot``."""
        key = (sent.version if sent is not None else None, snapshot.version)
        with self._lock:
            found = self._events.get(key)
            if found is None:
                data = json.dumps(update(sent, snapshot, self.token), separators=(",", ":"))
                found = f"id: {self.token}:{snapshot.version}\nevent: update\ndata: {data}\n\n".encode("utf-8")
                self._events[key] = found
                while len(self._events) > 2 * HISTORY:
                    del self._events[next(iter(self._events))]
        return found

    def close(self) -> None:
        self.closing = True


class EventStream:
    """One page's update stream: everything first (or what changed since the page's last event),
    then each new snapshot's changes as the server is told of it."""

    def __init__(self, hub: Hub, sent: Snapshot | None) -> None:
        self.hub = hub
        self.sent = sent

    def next_event(self) -> bytes | None:
        snapshot = self.hub.session.snapshot
        if self.hub.closing or (self.sent is not None and snapshot.version == self.sent.version):
            return None
        data = self.hub.event(self.sent, snapshot)
        self.sent = snapshot
        return data


class PreviewServer(WebServer):
    """Serves one preview session (see the module docstring)."""

    def __init__(self, host: str, port: int, session: PreviewSession, limits: Limits = Limits()) -> None:
        self.session = session
        files = static_files(__package__, (name for name, _ in STATIC.values()))
        self.static = {path: (files[name], kind) for path, (name, kind) in STATIC.items()}
        app = web.Application(client_max_size=limits.body_bytes)
        for path in self.static:
            app.router.add_get(path, self._page)
        app.router.add_get("/events", self._events)
        app.router.add_get("/sheets/{game:.*}", self._sheets)
        app.router.add_get(ASSET_PREFIX + "{name}", self._asset)
        super().__init__(app, host, port, limits)
        self.hub = Hub(session, self.notify)

    def shutdown(self) -> None:
        self.hub.close()
        super().shutdown()

    async def _page(self, request: web.Request) -> web.StreamResponse:
        body, kind = self.static[request.path]
        return await self.send(request, body, kind, _headers(PAGE_POLICY))

    async def _events(self, request: web.Request) -> web.StreamResponse:
        stream = EventStream(self.hub, self.hub.since(request.headers.get("Last-Event-ID")))
        loop = asyncio.get_running_loop()
        first = await loop.run_in_executor(None, stream.next_event) or b""

        async def next_event() -> bytes | None:
            return await loop.run_in_executor(None, stream.next_event)

        return await self.stream(request, first, next_event, prelude=b"retry: 500\n\n")

    async def _asset(self, request: web.Request) -> web.StreamResponse:
        return await self.send_asset(request, self.session.assets.get(request.path))

    async def _sheets(self, request: web.Request) -> web.StreamResponse:
        game_id = request.match_info["game"]
        found = await asyncio.get_running_loop().run_in_executor(None, self.session.sheets, game_id)
        if found is None:
            return web.Response(status=404, text="no such game on this page\n", headers=_headers(None))
        version, pages = found
        body = json.dumps({"game": game_id, "version": version,
                           "pages": [{"label": label, "svg": svg} for label, svg in pages]}).encode("utf-8")
        return await self.send(request, body, "application/json", _headers(None))


def _headers(policy: str | None) -> dict[str, str]:
    return {"Cache-Control": "no-store", "Content-Security-Policy": policy or "default-src 'none'"}
