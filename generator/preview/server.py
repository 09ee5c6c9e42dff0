"""The preview's web server (the standard library's): the page, its script and style sheet, a
stream of updates (Server-Sent Events), the printed pages of a game, and the fonts and artwork the
faces draw with. Nothing else: every answer comes from memory or from the package's own
``static/`` files, named in a fixed table, so no request can name a file on disk, and nothing is
ever written. Only GET and HEAD are answered; on the loopback interface a request must name the
preview's own host (a web page elsewhere cannot reach it through a rebinding DNS name).
"""

from __future__ import annotations

import json
import secrets
import threading
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib import resources
from typing import Any
from urllib.parse import unquote, urlsplit

from .assets import ASSET_PREFIX
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
KEEPALIVE_SECONDS = 15.0
HISTORY = 16
"""Snapshots kept so that a page that reconnects is sent only what changed since it last heard."""


def _static(name: str) -> bytes:
    return resources.files(__package__).joinpath("static", name).read_bytes()


class Hub:
    """Tells the event streams that a new snapshot is there, and keeps the last few snapshots."""

    def __init__(self, session: PreviewSession) -> None:
        self.session = session
        self.token = secrets.token_hex(6)
        """Names this run of the preview: a page that reconnects to another run starts afresh."""
        self.closing = False
        self._changed = threading.Condition()
        self._history: dict[int, Snapshot] = {}
        self._remember(session.snapshot)

    def _remember(self, snapshot: Snapshot) -> None:
        self._history[snapshot.version] = snapshot
        for version in sorted(self._history)[:-HISTORY]:
            del self._history[version]

    def publish(self) -> None:
        """A pass made a new snapshot: wake every stream."""
        with self._changed:
            self._remember(self.session.snapshot)
            self._changed.notify_all()

    def since(self, event_id: str | None) -> Snapshot | None:
        """The snapshot a page last heard of (from its Last-Event-ID), if this run still has it."""
        token, _, version = (event_id or "").partition(":")
        if token != self.token or not version.isdigit():
            return None
        return self._history.get(int(version))

    def wait(self, version: int, timeout: float) -> None:
        with self._changed:
            self._changed.wait_for(lambda: self.closing or self.session.snapshot.version != version, timeout)

    def close(self) -> None:
        with self._changed:
            self.closing = True
            self._changed.notify_all()


class PreviewServer(ThreadingHTTPServer):
    """Serves one preview session (see the module docstring)."""

    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, host: str, port: int, session: PreviewSession) -> None:
        self.session = session
        self.hub = Hub(session)
        self.static = {path: (_static(name), kind) for path, (name, kind) in STATIC.items()}
        self.host_name = host
        super().__init__((host, port), PreviewHandler)
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


class PreviewHandler(BaseHTTPRequestHandler):
    """One request (see the module docstring)."""

    server: PreviewServer
    server_version = "cardforge-preview"
    sys_version = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        """Requests are not logged: the terminal shows the preview's passes."""

    def do_HEAD(self) -> None:
        self._answer(head=True)

    def do_GET(self) -> None:
        self._answer(head=False)

    def _answer(self, *, head: bool) -> None:
        if self.server.allowed_hosts is not None and self.headers.get("Host", "") not in self.server.allowed_hosts:
            self._send(HTTPStatus.MISDIRECTED_REQUEST, b"this preview answers to its own address only\n",
                       "text/plain; charset=utf-8", head=head)
            return
        path = urlsplit(self.path).path
        if path in self.server.static:
            body, kind = self.server.static[path]
            self._send(HTTPStatus.OK, body, kind, head=head, policy=PAGE_POLICY)
        elif path == "/events" and not head:
            self._events()
        elif path.startswith("/sheets/"):
            self._sheets(unquote(path[len("/sheets/"):]), head=head)
        elif path.startswith(ASSET_PREFIX) and (found := self.server.session.assets.get(path)) is not None:
            self._send(HTTPStatus.OK, found[0], found[1], head=head, policy=ASSET_POLICY,
                       cache="public, max-age=31536000, immutable")
        else:
            self._send(HTTPStatus.NOT_FOUND, b"not found\n", "text/plain; charset=utf-8", head=head)

    def _send(self, status: HTTPStatus, body: bytes, kind: str, *, head: bool, policy: str | None = None,
              cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("Content-Security-Policy", policy or "default-src 'none'")
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _sheets(self, game_id: str, *, head: bool) -> None:
        found = self.server.session.sheets(game_id)
        if found is None:
            self._send(HTTPStatus.NOT_FOUND, b"no such game on this page\n", "text/plain; charset=utf-8", head=head)
            return
        version, pages = found
        body = json.dumps({"game": game_id, "version": version,
                           "pages": [{"label": label, "svg": svg} for label, svg in pages]}).encode("utf-8")
        self._send(HTTPStatus.OK, body, "application/json", head=head)

    def _events(self) -> None:
        """The update stream: everything first (or what changed since the page's last event),
        then each new snapshot's changes as it comes, and a comment now and then to keep it open."""
        hub = self.server.hub
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "text/event-stream; charset=utf-8")
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        sent = hub.since(self.headers.get("Last-Event-ID"))
        try:
            self.wfile.write(b"retry: 500\n\n")
            while not hub.closing:
                snapshot = self.server.session.snapshot
                if sent is None or snapshot.version != sent.version:
                    data = json.dumps(update(sent, snapshot, hub.token), separators=(",", ":"))
                    self.wfile.write(f"id: {hub.token}:{snapshot.version}\nevent: update\ndata: {data}\n\n"
                                     .encode("utf-8"))
                    self.wfile.flush()
                    sent = snapshot
                    continue
                hub.wait(sent.version, KEEPALIVE_SECONDS)
                if snapshot is self.server.session.snapshot and not hub.closing:
                    self.wfile.write(b": still here\n\n")
                    self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            return
