"""The preview's web server: the page, its script and style sheet, a stream of updates
(Server-Sent Events), the printed pages of a game, and the fonts and artwork the faces draw with.
Nothing else: every answer comes from memory or from the package's own ``static/`` files, named
in a fixed table, so no request can name a file on disk, and nothing is ever written. Only GET
and HEAD are answered; on the loopback interface a request must name the preview's own host (a
web page elsewhere cannot reach it through a rebinding DNS name), once.

The connections are handled by ``preview.http`` (one loop thread, a small pool of threads for
the answers, every amount bounded): a page's event stream costs no thread, and every stream is
sent the same bytes for the same change (``Hub.event``), made once.
"""

from __future__ import annotations

import json
import secrets
import threading
from http import HTTPStatus
from importlib import resources
from typing import Callable
from urllib.parse import unquote

from .assets import ASSET_PREFIX
from .http import HttpLoop, Limits, Request, Response
from .session import PreviewSession
from .snapshot import Snapshot, update

LOOPBACK = ("127.0.0.1", "localhost", "::1")
STATIC = {
    "/": ("index.html", "text/html; charset=utf-8"),
    "/preview.js": ("preview.js", "text/javascript; charset=utf-8"),
    "/preview.css": ("preview.css", "text/css; charset=utf-8"),
}
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""Artwork (an SVG above all) opened on its own runs nothing and loads nothing."""
HISTORY = 16
"""Snapshots kept so that a page that reconnects is sent only what changed since it last heard."""


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


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


class PreviewServer(HttpLoop):
    """Serves one preview session (see the module docstring)."""

    def __init__(self, host: str, port: int, session: PreviewSession, limits: Limits = Limits()) -> None:
        self.session = session
        self.static = {path: (_static(name), kind) for path, (name, kind) in STATIC.items()}
        self.host_name = host
        super().__init__(host, port, self.answer, limits)
        self.hub = Hub(session, self.notify)
        self.port = int(self.server_address[1])
        names = {*LOOPBACK, host}
        self.allowed_hosts: set[str] | None = (
            {f"{n}:{self.port}" if ":" not in n else f"[{n}]:{self.port}" for n in names}
            if host in LOOPBACK else None)

    @property
    def url(self) -> str:
        host = f"[{self.host_name}]" if ":" in self.host_name else self.host_name
        return f"http://{host}:{self.port}/"

    def shutdown(self) -> None:
        self.hub.close()
        super().shutdown()

    def answer(self, request: Request) -> Response:
        """The answer to one request (a pool thread)."""
        if self.allowed_hosts is not None and (request.headers.get("Host") or "") not in self.allowed_hosts:
            return _send(HTTPStatus.MISDIRECTED_REQUEST, b"this preview answers to its own address only\n",
                         "text/plain; charset=utf-8")
        path = request.path
        if path in self.static:
            body, kind = self.static[path]
            return _send(HTTPStatus.OK, body, kind, policy=PAGE_POLICY)
        if path == "/events" and request.method == "GET":
            stream = EventStream(self.hub, self.hub.since(request.headers.get("Last-Event-ID")))
            first = stream.next_event() or b""
            return Response(HTTPStatus.OK, b"retry: 500\n\n" + first, [
                ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                ("X-Content-Type-Options", "nosniff")], stream=stream)
        if path.startswith("/sheets/"):
            return self._sheets(unquote(path[len("/sheets/"):]))
        if path.startswith(ASSET_PREFIX) and (found := self.session.assets.get(path)) is not None:
            return _send(HTTPStatus.OK, found[0], found[1], policy=ASSET_POLICY,
                         cache="public, max-age=31536000, immutable")
        return _send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8")

    def _sheets(self, game_id: str) -> Response:
        found = self.session.sheets(game_id)
        if found is None:
            return _send(HTTPStatus.NOT_FOUND, b"no such game on this page\n", "text/plain; charset=utf-8")
        version, pages = found
        body = json.dumps({"game": game_id, "version": version,
                           "pages": [{"label": label, "svg": svg} for label, svg in pages]}).encode("utf-8")
        return _send(HTTPStatus.OK, body, "application/json")


def _send(status: HTTPStatus, body: bytes, kind: str, *, policy: str | None = None, cache: str = "no-store") -> Response:
    return Response(status, body, [
        ("Content-Type", kind), ("Cache-Control", cache), ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"), ("Content-Security-Policy", policy or "default-src 'none'")])
