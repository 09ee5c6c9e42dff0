"""A small HTTP/1.1 server that stays up whatever its clients do (the preview's; standard library
only).

One thread runs a selector loop over every connection: it accepts them, reads requests, writes
answers and keeps the event streams (Server-Sent Events) going, all without blocking on any
client. A small fixed pool of threads computes the answers. No thread is started per connection,
and everything the server holds is bounded (``Limits``): the connections, the event streams, the
size of a request's head, the time a request may take to arrive (a client sending its headers a
byte at a time is dropped), the time a keep-alive connection may wait, the time a client may take
to read what it asked for (a stream whose reader stopped reading is dropped). When the
connections are all taken, a new one takes the place of the oldest that is only waiting.

A client that goes away is normal: it costs one debug line of the ``cardforge.preview`` log at
most, never a line in the designer's terminal. Only GET and HEAD are answered; a request body is
never read (a request that has one is answered, then its connection is closed); a malformed
request, a head too large, a request with two ``Host`` headers get their 4xx answer and the
connection is closed.
"""

from __future__ import annotations

import collections
import errno
import functools
import http.client
import io
import logging
import queue
import re
import selectors
import socket
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from http import HTTPStatus
from typing import Callable, Protocol
from urllib.parse import urlsplit

log = logging.getLogger("cardforge.preview")


@dataclass(frozen=True)
class Limits:
    """Every bound of the server, with defaults for a designer's machine."""

    connections: int = 512
    """Open connections at once (never more than the process may open files, less a margin)."""
    streams: int = 256
    """Event streams at once (each page open on the preview keeps one)."""
    workers: int = 4
    """Threads computing answers."""
    head_bytes: int = 16 * 1024
    """A request's line and headers (a browser sends well under 2 KB)."""
    head_seconds: float = 10.0
    """Time from a request's first byte to the end of its headers."""
    idle_seconds: float = 30.0
    """Time a kept-alive connection may wait for its next request."""
    stall_seconds: float = 20.0
    """Time a client may take no byte of an answer (or of its event stream) it has waiting."""
    write_seconds: float = 120.0
    """Time a client may take to read a whole answer (the largest, a font, is a few megabytes)."""
    stream_backlog: int = 64 * 1024 * 1024
    """Bytes an event stream may have waiting for its reader (the events are shared, not copied)."""
    keepalive_seconds: float = 15.0
    """A comment is sent on a quiet event stream this often, so proxies and browsers keep it."""


@dataclass(frozen=True)
class Request:
    """One request's line and headers (its body is never read)."""

    method: str
    target: str
    version: str
    headers: http.client.HTTPMessage
    has_body: bool = False

    @property
    def path(self) -> str:
        return urlsplit(self.target).path

    @property
    def keep_alive(self) -> bool:
        connection = (self.headers.get("Connection") or "").lower()
        return self.version == "HTTP/1.1" and "close" not in connection and not self.has_body


class Stream(Protocol):
    """What an event stream sends after its first answer."""

    def next_event(self) -> bytes | None:
        """The bytes to send now (what changed since the last event), None when nothing did."""


@dataclass
class Response:
    """An answer: its status, headers and body; with ``stream``, the connection stays open as an
    event stream, and the loop sends what ``stream`` gives whenever it is told (``notify``)."""

    status: HTTPStatus
    body: bytes = b""
    headers: list[tuple[str, str]] = field(default_factory=list)
    stream: Stream | None = None
    close: bool = False


Handler = Callable[[Request], Response]

_TOKEN = re.compile(r"[!#$%&'*+.^_`|~0-9A-Za-z-]+")
_VERSION = re.compile(r"HTTP/[0-9]\.[0-9]")
MAX_TARGET = 8 * 1024
KEEPALIVE_COMMENT = b": still here\n\n"
_TICK_SECONDS = 0.25


def plain(status: HTTPStatus, text: str, *, close: bool = False) -> Response:
    """A short text answer (errors)."""
    return Response(status, f"{text}\n".encode("utf-8"), [("Content-Type", "text/plain; charset=utf-8"),
                                                          ("Cache-Control", "no-store"),
                                                          ("X-Content-Type-Options", "nosniff")], close=close)


def parse_head(head: bytes) -> Request | Response:
    """The request a head (its line and headers, without the blank line) makes, or the 4xx/5xx
    answer it gets."""
    line, _, rest = head.partition(b"\n")
    try:
        text = line.rstrip(b"\r").decode("ascii")
    except UnicodeDecodeError:
        return plain(HTTPStatus.BAD_REQUEST, "the request line is not ASCII", close=True)
    parts = text.split(" ")
    if len(parts) != 3 or not _TOKEN.fullmatch(parts[0]) or not _VERSION.fullmatch(parts[2]):
        return plain(HTTPStatus.BAD_REQUEST, "not an HTTP request line", close=True)
    method, target, version = parts
    if version not in ("HTTP/1.0", "HTTP/1.1"):
        return plain(HTTPStatus.HTTP_VERSION_NOT_SUPPORTED, "HTTP/1.0 and HTTP/1.1 only", close=True)
    if len(target) > MAX_TARGET:
        return plain(HTTPStatus.REQUEST_URI_TOO_LONG, "the address is too long", close=True)
    if not target or any(char <= " " or char == "\x7f" for char in target):
        return plain(HTTPStatus.BAD_REQUEST, "a malformed address", close=True)
    if rest[:1] in (b" ", b"\t") or b"\n " in rest or b"\n\t" in rest:
        return plain(HTTPStatus.BAD_REQUEST, "folded headers are not allowed", close=True)
    try:
        headers = http.client.parse_headers(io.BytesIO(rest + b"\r\n"))
    except http.client.LineTooLong:
        return plain(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "a header is too long", close=True)
    except http.client.HTTPException:
        return plain(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "too many headers", close=True)
    if headers.defects or any(not _TOKEN.fullmatch(name) for name in headers.keys()):
        return plain(HTTPStatus.BAD_REQUEST, "malformed headers", close=True)
    hosts = headers.get_all("Host") or []
    if len(hosts) > 1:
        return plain(HTTPStatus.BAD_REQUEST, "two Host headers", close=True)
    if version == "HTTP/1.1" and not hosts:
        return plain(HTTPStatus.BAD_REQUEST, "no Host header", close=True)
    lengths = headers.get_all("Content-Length") or []
    if len(lengths) > 1 or any(not value.strip().isdigit() for value in lengths):
        return plain(HTTPStatus.BAD_REQUEST, "a malformed Content-Length", close=True)
    has_body = "Transfer-Encoding" in headers or any(int(value) > 0 for value in lengths)
    if method not in ("GET", "HEAD"):
        answer = plain(HTTPStatus.NOT_IMPLEMENTED, "GET and HEAD only", close=True)
        answer.headers.append(("Allow", "GET, HEAD"))
        return answer
    return Request(method, target, version, headers, has_body)


class _Connection:
    """One client's connection and where it stands: reading a request, waiting for its answer
    ("busy"), writing it, or being an event stream."""

    __slots__ = ("sock", "inbox", "outbox", "queued", "state", "since", "first_byte", "progress", "close_after",
                 "stream", "discarded", "events", "head")

    def __init__(self, sock: socket.socket, now: float) -> None:
        self.sock = sock
        self.inbox = bytearray()
        self.outbox: collections.deque[memoryview] = collections.deque()
        self.queued = 0
        self.state = "reading"
        self.since = now
        self.first_byte: float | None = None
        self.progress = now
        self.close_after = False
        self.stream: Stream | None = None
        self.discarded = 0
        self.events = 0
        self.head = False


def _file_limit() -> int:
    """How many files (sockets) the process may have open (512 where the system does not say)."""
    try:
        import resource
    except ImportError:  # pragma: no cover - not a POSIX system
        return 512 + 64
    try:
        soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    except (OSError, ValueError):  # pragma: no cover
        return 1024
    return soft if soft != resource.RLIM_INFINITY else 1 << 20


class HttpLoop:
    """The server (see the module docstring): ``serve_forever`` runs its loop in the calling
    thread until ``shutdown``; ``notify`` tells it, from any thread, that streams may have new
    events; ``server_close`` closes every socket."""

    def __init__(self, host: str, port: int, handle: Handler, limits: Limits = Limits()) -> None:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        self.limits = replace(limits, connections=max(8, min(limits.connections, _file_limit() - 64)))
        self.listener = socket.create_server((host, port), family=family, backlog=min(self.limits.connections, 4096))
        self.listener.setblocking(False)
        self.server_address = self.listener.getsockname()
        self._handle = handle
        self._selector = selectors.DefaultSelector()
        self._wake_in, self._wake_out = socket.socketpair()
        self._wake_in.setblocking(False)
        self._wake_out.setblocking(False)
        self._answers: queue.SimpleQueue[tuple[_Connection, Response]] = queue.SimpleQueue()
        self._pool = ThreadPoolExecutor(self.limits.workers, thread_name_prefix="preview-answer")
        self._connections: dict[int, _Connection] = {}
        self._advance = threading.Event()
        self._stopping = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._next_tick = time.monotonic() + self.limits.keepalive_seconds

    # -- what other threads call
    def notify(self) -> None:
        """New events may be there for the streams (any thread)."""
        self._advance.set()
        self._wake()

    def shutdown(self) -> None:
        """Stop the loop (any thread) and wait for it to end."""
        self._stopping.set()
        self._wake()
        self._stopped.wait(5)

    def server_close(self) -> None:
        """Close the listening socket and every connection."""
        for connection in list(self._connections.values()):
            self._drop(connection, "the server stops")
        for sock in (self.listener, self._wake_in, self._wake_out):
            sock.close()
        self._selector.close()
        self._pool.shutdown(wait=False, cancel_futures=True)

    @property
    def open_connections(self) -> int:
        return len(self._connections)

    # -- the loop
    def serve_forever(self) -> None:
        self._stopped.clear()
        self._selector.register(self.listener, selectors.EVENT_READ, None)
        self._selector.register(self._wake_in, selectors.EVENT_READ, None)
        try:
            while not self._stopping.is_set():
                for key, mask in self._selector.select(_TICK_SECONDS):
                    if key.fileobj is self.listener:
                        self._accept()
                    elif key.fileobj is self._wake_in:
                        self._drain_wake()
                    else:
                        self._ready(key.data, mask)
                self._finish_answers()
                if self._advance.is_set():
                    self._advance.clear()
                    self._advance_streams()
                self._check_clocks(time.monotonic())
        finally:
            for sock in (self.listener, self._wake_in):
                try:
                    self._selector.unregister(sock)
                except (KeyError, ValueError, OSError):
                    pass
            self._stopped.set()

    def _wake(self) -> None:
        try:
            self._wake_out.send(b"\0")
        except OSError:  # full (a wake is pending anyway) or closed
            pass

    def _drain_wake(self) -> None:
        try:
            while self._wake_in.recv(4096):
                pass
        except OSError:
            pass

    def _accept(self) -> None:
        for _ in range(64):
            try:
                sock, _ = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError as exc:
                log.debug("cannot accept a connection: %s", exc)
                if exc.errno in (errno.EMFILE, errno.ENFILE):
                    self._evict()
                return
            sock.setblocking(False)
            if len(self._connections) >= self.limits.connections and not self._evict():
                try:
                    sock.send(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                except OSError:
                    pass
                sock.close()
                continue
            try:
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            except OSError:  # pragma: no cover - not TCP
                pass
            connection = _Connection(sock, time.monotonic())
            self._connections[sock.fileno()] = connection
            self._set_events(connection)

    def _evict(self) -> bool:
        """Close the connection that has waited longest without a request in progress (then the
        one sending its head slowest) to make room; False when every one is busy or a stream."""
        waiting = [c for c in self._connections.values() if c.state == "reading"]
        if not waiting:
            return False
        idle = [c for c in waiting if c.first_byte is None]
        oldest = min(idle, key=lambda c: c.since) if idle else min(waiting, key=lambda c: c.first_byte or 0.0)
        self._drop(oldest, "closed to make room for a new connection")
        return True

    def _set_events(self, connection: _Connection) -> None:
        """Watch the connection for what its state needs."""
        if connection.state == "reading":
            wanted = selectors.EVENT_READ
        elif connection.state == "busy":
            wanted = 0
        elif connection.state == "stream":
            wanted = selectors.EVENT_READ | (selectors.EVENT_WRITE if connection.outbox else 0)
        else:
            wanted = selectors.EVENT_WRITE
        if wanted == connection.events:
            return
        try:
            if connection.events == 0:
                self._selector.register(connection.sock, wanted, connection)
            elif wanted == 0:
                self._selector.unregister(connection.sock)
            else:
                self._selector.modify(connection.sock, wanted, connection)
        except (KeyError, ValueError, OSError) as exc:
            self._drop(connection, f"cannot watch: {exc}")
            return
        connection.events = wanted

    def _ready(self, connection: _Connection, mask: int) -> None:
        if mask & selectors.EVENT_READ:
            self._read(connection)
        if mask & selectors.EVENT_WRITE and connection.sock.fileno() in self._connections:
            self._write(connection)

    def _read(self, connection: _Connection) -> None:
        try:
            data = connection.sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError as exc:
            self._drop(connection, f"went away ({exc.strerror or exc})")
            return
        if not data:
            self._drop(connection, "went away")
            return
        if connection.state != "reading":  # a stream's reader says nothing; what it says is dropped
            connection.discarded += len(data)
            if connection.discarded > self.limits.head_bytes:
                self._drop(connection, "sent too much on an event stream")
            return
        if connection.first_byte is None:
            connection.first_byte = time.monotonic()
        connection.inbox += data
        self._parse(connection)

    def _parse(self, connection: _Connection) -> None:
        """Take one whole request head from the connection's input, if it is there."""
        inbox = connection.inbox
        while inbox[:2] == b"\r\n" or inbox[:1] == b"\n":  # blank lines before a request are allowed
            del inbox[: 2 if inbox[:1] == b"\r" else 1]
        end, skip = inbox.find(b"\r\n\r\n"), 4
        bare = inbox.find(b"\n\n")
        if bare >= 0 and (end < 0 or bare < end):
            end, skip = bare, 2
        if end < 0 or end > self.limits.head_bytes:
            if end > self.limits.head_bytes or len(inbox) > self.limits.head_bytes:
                self._answer(connection, plain(HTTPStatus.REQUEST_HEADER_FIELDS_TOO_LARGE,
                                               "the request's head is too large", close=True), head=False)
            return
        head = bytes(inbox[:end])
        del inbox[: end + skip]
        parsed = parse_head(head)
        if isinstance(parsed, Response):
            self._answer(connection, parsed, head=False)
            return
        connection.state = "busy"
        connection.head = parsed.method == "HEAD"
        connection.close_after = not parsed.keep_alive
        self._set_events(connection)
        future = self._pool.submit(self._handle, parsed)
        future.add_done_callback(functools.partial(self._answered, connection))

    def _answered(self, connection: _Connection, done: Future[Response]) -> None:
        """A worker's answer is ready (a pool thread): hand it to the loop."""
        try:
            response = done.result()
        except Exception as exc:  # noqa: BLE001 - a fault of the preview, not of the client
            log.error("the preview could not answer a request: %s: %s", type(exc).__name__, exc)
            response = plain(HTTPStatus.INTERNAL_SERVER_ERROR, "the preview could not answer", close=True)
        self._answers.put((connection, response))
        self._wake()

    def _finish_answers(self) -> None:
        while True:
            try:
                connection, response = self._answers.get_nowait()
            except queue.Empty:
                return
            if self._connections.get(connection.sock.fileno()) is not connection:
                continue  # it went away meanwhile
            self._answer(connection, response, head=connection.head)

    def _answer(self, connection: _Connection, response: Response, *, head: bool) -> None:
        """Queue ``response`` on the connection (its head only, for HEAD)."""
        if response.stream is not None and sum(c.state == "stream" for c in self._connections.values()) >= self.limits.streams:
            response = plain(HTTPStatus.SERVICE_UNAVAILABLE, "too many event streams are open", close=True)
        close = response.close or connection.close_after or response.status >= 400 and response.status != 404
        lines = [f"HTTP/1.1 {response.status.value} {response.status.phrase}", "Server: cardforge-preview"]
        lines += [f"{name}: {value}" for name, value in response.headers]
        if response.stream is None:
            lines.append(f"Content-Length: {len(response.body)}")
            lines.append("Connection: close" if close else "Connection: keep-alive")
        data = ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")
        self._queue(connection, data)
        if not head or response.stream is not None:
            self._queue(connection, response.body)
        connection.close_after = close
        if response.stream is not None:
            connection.state, connection.stream = "stream", response.stream
        else:
            connection.state = "writing"
        connection.progress = connection.since = time.monotonic()
        self._set_events(connection)

    def _queue(self, connection: _Connection, data: bytes) -> None:
        if data:
            connection.outbox.append(memoryview(data))
            connection.queued += len(data)

    def _write(self, connection: _Connection) -> None:
        while connection.outbox:
            view = connection.outbox[0]
            try:
                sent = connection.sock.send(view)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as exc:
                self._drop(connection, f"went away ({exc.strerror or exc})")
                return
            connection.progress = time.monotonic()
            connection.queued -= sent
            if sent < len(view):
                connection.outbox[0] = view[sent:]
                break
            connection.outbox.popleft()
        if not connection.outbox and connection.state == "writing":
            if connection.close_after:
                self._drop(connection, "answered", quiet=True)
                return
            connection.state, connection.since, connection.first_byte = "reading", time.monotonic(), None
            if connection.inbox:
                self._set_events(connection)
                self._parse(connection)
                return
        self._set_events(connection)

    def _advance_streams(self) -> None:
        for connection in [c for c in self._connections.values() if c.state == "stream"]:
            if connection.queued > self.limits.stream_backlog:
                self._drop(connection, "reads its event stream too slowly")
                continue
            assert connection.stream is not None
            try:
                data = connection.stream.next_event()
            except Exception as exc:  # noqa: BLE001 - a fault of the preview: this stream ends
                log.error("the preview could not make an event: %s: %s", type(exc).__name__, exc)
                self._drop(connection, "its stream failed")
                continue
            if data:
                self._queue(connection, data)
                self._set_events(connection)

    def _check_clocks(self, now: float) -> None:
        """Drop the connections whose time is up; keep quiet streams alive."""
        limits = self.limits
        for connection in list(self._connections.values()):
            if connection.state == "reading":
                if connection.first_byte is None and now - connection.since > limits.idle_seconds:
                    self._drop(connection, "idle", quiet=True)
                elif connection.first_byte is not None and now - connection.first_byte > limits.head_seconds:
                    self._drop(connection, "took too long to send its request")
            elif connection.outbox and now - connection.progress > limits.stall_seconds:
                self._drop(connection, "stopped reading its answer")
            elif connection.state == "writing" and now - connection.since > limits.write_seconds:
                self._drop(connection, "took too long to read its answer")
        if now >= self._next_tick:
            self._next_tick = now + limits.keepalive_seconds
            for connection in self._connections.values():
                if connection.state == "stream" and not connection.outbox:
                    self._queue(connection, KEEPALIVE_COMMENT)
                    self._set_events(connection)

    def _drop(self, connection: _Connection, why: str, *, quiet: bool = False) -> None:
        """Close a connection (a client that went away is normal: a debug line)."""
        if self._connections.get(connection.sock.fileno()) is connection:
            del self._connections[connection.sock.fileno()]
        if connection.events:
            try:
                self._selector.unregister(connection.sock)
            except (KeyError, ValueError, OSError):
                pass
            connection.events = 0
        if not quiet:
            log.debug("a client connection was closed: %s", why)
        try:
            connection.sock.close()
        except OSError:  # pragma: no cover
            pass
