"""The web server cardforge's pages run on (``preview`` and ``play``): an aiohttp application on one
address, with every amount bounded whatever its clients do.

aiohttp parses the requests (a request line or a header longer than ``head_bytes``, too many
headers, two ``Host`` headers, a malformed request: 400) and closes a connection that has not sent
a whole request within ``idle_seconds`` (a client sending its headers a byte at a time included).
This module adds what aiohttp leaves to its user:

- at most ``connections`` open at once: a new one takes the place of the oldest that is only
  waiting (one whose request is being answered, or that holds an event stream, is never taken);
- answers written in pieces, each within ``stall_seconds``, the whole within ``write_seconds``: a
  client that stops reading is dropped (``send``);
- event streams counted (``streams``), with a comment every ``keepalive_seconds`` on a quiet one;
- only the methods and HTTP versions a page uses; on the loopback interface, a request must name
  the server's own host (a web page elsewhere cannot reach it through a rebinding DNS name);
- its log kept quiet: a client going away, or a malformed request, costs at most a debug line of
  the ``cardforge.web`` log, never a line in the terminal.

``WebServer`` runs in a thread of its own (``serve_forever``, ``shutdown``: the preview, whose
watcher is a thread) or in a running event loop (``start``, ``stop``: the play table).
"""

from __future__ import annotations

import asyncio
import logging
import socket
import threading
import time
from dataclasses import dataclass
from importlib import resources
from typing import Any, Awaitable, Callable, Iterable

from aiohttp import web

log = logging.getLogger("cardforge.web")
log.addHandler(logging.NullHandler())
log.propagate = False

LOOPBACK = ("127.0.0.1", "localhost", "::1")
CHUNK = 64 * 1024
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
               "font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
"""A page runs only its own script and loads only from its own server."""
ASSET_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox"
"""Artwork (an SVG above all) opened on its own runs nothing and loads nothing."""


def static_files(package: str, names: Iterable[str]) -> dict[str, bytes]:
    """The files ``names`` of a package's ``static/`` folder, read once (a page's HTML, script and
    style sheet: what a server answers from, never a file named by a request)."""
    folder = resources.files(package).joinpath("static")
    return {name: folder.joinpath(name).read_bytes() for name in names}


@dataclass(frozen=True)
class Limits:
    """Every bound of the server, with defaults for a designer's machine."""

    connections: int = 512
    """Open connections at once."""
    streams: int = 256
    """Event streams at once (each page open keeps one)."""
    head_bytes: int = 16 * 1024
    """A request line, or one header (a browser sends well under 2 KB in all)."""
    head_seconds: float = 10.0
    """Time a connection may take to send a whole request's head."""
    idle_seconds: float = 30.0
    """Time a kept-alive connection may wait for its next request (aiohttp keeps one clock for
    this and the head's: the shorter of the two)."""
    stall_seconds: float = 20.0
    """Time a client may take to take a piece of an answer (or of its event stream)."""
    write_seconds: float = 120.0
    """Time a client may take to read a whole answer (the largest, a font, is a few megabytes)."""
    keepalive_seconds: float = 15.0
    """A comment is sent on a quiet event stream this often, so proxies and browsers keep it."""
    body_bytes: int = 4096
    """A request's body (the play table's clicks are a few dozen bytes; the preview reads none)."""
    workers: int = 4
    """Threads for answers that take a while to make (a game's printed pages)."""


class _Refused(asyncio.Protocol):
    """A connection beyond the limit with none to give way: closed at once."""

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        transport.close()


Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class WebServer:
    """One aiohttp application on one address, bounded (see the module docstring)."""

    def __init__(self, app: web.Application, host: str, port: int, limits: Limits = Limits(),
                 methods: Iterable[str] = ("GET", "HEAD")) -> None:
        self.limits = limits
        self.host = host
        self.methods = frozenset(methods)
        self.busy: set[Any] = set()
        """The connections answering a request or holding an event stream (never given way)."""
        self._given_way: set[Any] = set()
        """Connections closed to make room, until they are gone."""
        self.streams = 0
        self.serial = 0
        """Counts the changes streams are told of (a stream busy when one came still sees it)."""
        self._changed: asyncio.Condition | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopped = threading.Event()
        self._server: asyncio.AbstractServer | None = None
        app.middlewares.insert(0, self._guard)
        app.on_response_prepare.append(_common_headers)
        self.app = app
        self.runner = web.AppRunner(app, access_log=None, handle_signals=False, logger=log,
                                    keepalive_timeout=min(limits.idle_seconds, limits.head_seconds),
                                    max_line_size=limits.head_bytes, max_field_size=limits.head_bytes,
                                    max_headers=100, shutdown_timeout=1.0)
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self._socket = socket.create_server((host, port), family=family, backlog=128)
        self.port = int(self._socket.getsockname()[1])
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{self.port}/"
        names = {*LOOPBACK, host}
        self.allowed_hosts: set[str] | None = (
            {f"{n}:{self.port}" if ":" not in n else f"[{n}]:{self.port}" for n in names}
            if host in LOOPBACK else None)

    # ------------------------------------------------------------------ running
    async def start(self) -> None:
        """Serve from the running event loop."""
        self._loop = asyncio.get_running_loop()
        self._changed = asyncio.Condition()
        await self.runner.setup()
        self._server = await self._loop.create_server(self._protocol, sock=self._socket, backlog=128)

    async def stop(self) -> None:
        """Stop serving: every stream ends, every connection is closed."""
        await self._tell()
        if self._server is not None:
            self._server.close()
        await self.runner.cleanup()

    def serve_forever(self) -> None:
        """Serve from this thread until ``shutdown`` (a thread of its own)."""
        loop = asyncio.new_event_loop()
        loop.set_default_executor(_executor(self.limits.workers))
        try:
            loop.run_until_complete(self.start())
            self._stopped.clear()
            loop.run_forever()
            loop.run_until_complete(self.stop())
        finally:
            loop.run_until_complete(loop.shutdown_default_executor())
            loop.close()
            self._stopped.set()

    def shutdown(self) -> None:
        """Stop ``serve_forever`` (from another thread) and wait for it."""
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
            self._stopped.wait(10)

    def server_close(self) -> None:
        self._socket.close()

    @property
    def open_connections(self) -> int:
        """Connections open and not being closed."""
        server = self.runner.server
        return len([h for h in server.connections if h not in self._given_way]) if server is not None else 0

    def _protocol(self) -> asyncio.BaseProtocol:
        server = self.runner.server
        assert server is not None
        if self._make_room(self.limits.connections - 1) is False:
            return _Refused()
        if self._loop is not None:  # asyncio lists the connection on a later turn: look again then
            self._loop.call_soon(self._loop.call_soon, self._make_room, self.limits.connections)
        return server()

    def _make_room(self, keep: int) -> bool | None:
        """Close the oldest connections that are only waiting until at most ``keep`` are open;
        False when that cannot be done (every one is answering or streaming)."""
        server = self.runner.server
        if server is None:
            return None
        listed = server.connections
        self._given_way &= set(listed)
        open_now = [h for h in listed if h not in self._given_way]
        waiting = (h for h in open_now if h not in self.busy)
        for _ in range(len(open_now) - keep):
            oldest = next(waiting, None)
            if oldest is None:
                return False
            self._given_way.add(oldest)
            oldest.force_close()
        return True

    # ------------------------------------------------------------------ changes and streams
    def notify(self) -> None:
        """Tell every stream something changed (from any thread)."""
        loop = self._loop
        if loop is not None and not loop.is_closed():
            try:
                loop.call_soon_threadsafe(lambda: loop.create_task(self._tell()))
            except RuntimeError:  # the loop closed meanwhile
                pass

    async def _tell(self) -> None:
        if self._changed is None:
            return
        async with self._changed:
            self.serial += 1
            self._changed.notify_all()

    async def changed(self) -> None:
        """Tell every stream something changed (from the loop)."""
        await self._tell()

    async def wait_change(self, since: int) -> bool:
        """Wait until a change after ``since`` (True) or ``keepalive_seconds`` (False)."""
        assert self._changed is not None
        async with self._changed:
            try:
                await asyncio.wait_for(self._changed.wait_for(lambda: self.serial != since),
                                       self.limits.keepalive_seconds)
                return True
            except asyncio.TimeoutError:
                return False

    async def stream(self, request: web.Request, first: bytes,
                     next_event: Callable[[], Awaitable[bytes | None]], prelude: bytes = b"") -> web.StreamResponse:
        """An event stream (Server-Sent Events): ``prelude`` and ``first`` (written apart: ``first``
        is often the same bytes for every stream), then each event ``next_event`` gives when told
        of a change, a comment when quiet; 503 beyond ``streams``."""
        if self.streams >= self.limits.streams:
            return web.Response(status=503, text="too many pages are open on this server\n")
        self.streams += 1
        response = web.StreamResponse(headers={"Content-Type": "text/event-stream; charset=utf-8",
                                               "Cache-Control": "no-store"})
        try:
            await asyncio.wait_for(response.prepare(request), self.limits.stall_seconds)
            serial = self.serial
            for data in (prelude, first):
                if data:
                    await asyncio.wait_for(response.write(data), self.limits.stall_seconds)
            while not self._stopping():
                if await self.wait_change(serial):
                    serial = self.serial
                    event = await next_event()
                    if event:
                        await asyncio.wait_for(response.write(event), self.limits.stall_seconds)
                else:
                    await asyncio.wait_for(response.write(b": still here\n\n"), self.limits.stall_seconds)
        except (ConnectionError, asyncio.TimeoutError, RuntimeError) as exc:
            log.debug("event stream ended: %s", exc)
            _drop(request)
        finally:
            self.streams -= 1
        return response

    def _stopping(self) -> bool:
        return self._server is not None and not self._server.is_serving()

    # ------------------------------------------------------------------ the guard
    @web.middleware
    async def _guard(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.version < (1, 0):
            return _plain(400, "HTTP/0.9 is not spoken here\n")
        if request.version >= (2, 0):
            return _plain(505, "HTTP/1.1 only\n")
        if request.method not in self.methods:
            return _plain(501, f"{request.method} is not answered here\n")
        if self.allowed_hosts is not None and request.headers.get("Host", "") not in self.allowed_hosts:
            return _plain(421, "this server answers to its own address only\n")
        protocol = request.protocol
        self.busy.add(protocol)
        try:
            return await handler(request)
        except web.HTTPException as exc:
            return _plain(exc.status, exc.text or exc.reason)
        finally:
            self.busy.discard(protocol)

    async def send_asset(self, request: web.Request, found: tuple[bytes, str] | None) -> web.StreamResponse:
        """A font or a picture a face draws with (``found``: its bytes and media type, by the
        digest its address names; None: 404), kept by the browser as long as it likes."""
        if found is None:
            return _plain(404, "not found\n")
        return await self.send(request, found[0], found[1], {"Content-Security-Policy": ASSET_POLICY,
                                                             "Cache-Control": "public, max-age=31536000, immutable"})

    async def send(self, request: web.Request, body: bytes, content_type: str,
                   headers: dict[str, str] | None = None, status: int = 200) -> web.StreamResponse:
        """An answer written in pieces, each taken within ``stall_seconds`` and the whole within
        ``write_seconds``; a client that stops reading is dropped."""
        response = web.StreamResponse(status=status, headers={"Content-Type": content_type, **(headers or {})})
        response.content_length = len(body)
        deadline = time.monotonic() + self.limits.write_seconds
        try:
            await asyncio.wait_for(response.prepare(request), self.limits.stall_seconds)
            if request.method != "HEAD":
                for start in range(0, len(body), CHUNK):
                    left = min(self.limits.stall_seconds, deadline - time.monotonic())
                    if left <= 0:
                        raise asyncio.TimeoutError
                    await asyncio.wait_for(response.write(body[start:start + CHUNK]), left)
            await asyncio.wait_for(response.write_eof(), self.limits.stall_seconds)
        except (ConnectionError, asyncio.TimeoutError, RuntimeError) as exc:
            log.debug("answer not taken: %s", exc)
            _drop(request)
        return response


async def _common_headers(request: web.Request, response: web.StreamResponse) -> None:
    """What every answer says, whether a handler returned it or wrote it itself (``send``,
    ``stream``): no type sniffing, no referrer."""
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")


def _plain(status: int, text: str) -> web.Response:
    return web.Response(status=status, text=text, headers={"Cache-Control": "no-store"})


def _drop(request: web.Request) -> None:
    """Close the connection of ``request`` at once (its client stopped reading, or went away):
    aborted, since a plain close would wait for the client to take what is still buffered."""
    transport = request.transport
    if transport is not None:
        transport.abort()
    protocol = request.protocol
    if protocol is not None:
        protocol.force_close()


def _executor(workers: int) -> Any:
    from concurrent.futures import ThreadPoolExecutor

    return ThreadPoolExecutor(max_workers=workers, thread_name_prefix="cardforge-web")
