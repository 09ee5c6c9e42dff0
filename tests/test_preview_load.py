"""The preview's server under load and abuse: 200 event streams at once (the real command, whose
terminal must stay clean while every ``GET /`` is answered), clients that go away, send their
headers a byte at a time, never read, flood it with connections or send malformed requests,
two ``Host`` headers, paths that try to leave it. Timing is never asserted beyond generous
deadlines (benchmarks/bench_preview_load.py measures the latency)."""

from __future__ import annotations

import http.client
import re
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

from generator.app.web import Limits
from generator.app.preview.server import PreviewServer
from generator.app.preview.session import PreviewSession
from tests.capped import default_signals
from tests.previewkit import edit, make_project, serving

pytestmark = pytest.mark.e2e

STREAMS = 200


@pytest.fixture()
def starfall(tmp_path: Path) -> Path:
    return make_project(tmp_path / "proj", comets=True)


def connect(port: int, *, receive_buffer: int | None = None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    if receive_buffer is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.settimeout(10)
    sock.connect(("127.0.0.1", port))
    return sock


def request(port: int, path: str = "/", headers: str | None = None) -> bytes:
    return f"GET {path} HTTP/1.1\r\n{headers if headers is not None else f'Host: 127.0.0.1:{port}'}\r\n\r\n".encode()


def read_until(sock: socket.socket, marker: bytes, limit: int = 1 << 24) -> bytes:
    data = b""
    while marker not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
        assert len(data) < limit
    return data


def get(port: int, path: str = "/", host: str | None = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest("GET", path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    connection.endheaders()
    answer = connection.getresponse()
    answer.read()
    connection.close()
    return answer


def reset(sock: socket.socket) -> None:
    """Close the way a killed browser tab does: a reset, not a goodbye."""
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    sock.close()


# -- the real command under 200 event streams ---------------------------------------------------

def test_200_event_streams_leave_the_terminal_clean_and_every_page_answered(starfall: Path) -> None:
    process = subprocess.Popen([sys.executable, "-m", "generator.cli.main", "preview", "--no-browser", "--port", "0",
                                "--project", str(starfall)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               preexec_fn=default_signals)  # the Ctrl-C below stops it, whatever the suite inherited
    assert process.stdout is not None
    streams: list[socket.socket] = []
    try:
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", process.stdout.readline())
        assert found
        port = int(found.group(1))
        ready = threading.Barrier(STREAMS + 1)
        failures: list[str] = []

        def open_stream() -> None:
            try:
                sock = connect(port)
                streams.append(sock)
                ready.wait(30)
                sock.sendall(request(port, "/events"))
                first = read_until(sock, b"event: update", 1 << 26)
                if b" 200 " not in first.split(b"\r\n", 1)[0] or b"event: update" not in first:
                    failures.append(first[:80].decode("latin-1"))
            except Exception as exc:  # noqa: BLE001 - every failure is reported below
                failures.append(repr(exc))

        openers = [threading.Thread(target=open_stream) for _ in range(STREAMS)]
        for opener in openers:
            opener.start()
        ready.wait(30)  # every socket is connected: now all ask for their stream at once
        pages = [get(port).status for _ in range(20)]
        for opener in openers:
            opener.join(60)
        assert not failures, failures[:5]
        assert pages == [200] * 20
        assert len(streams) == STREAMS
        edit(starfall / "card_defs" / "comets.yaml", "Fly twice.", "Fly thrice.")  # every stream hears of it
        for sock in streams:
            assert b"Fly thrice." in read_until(sock, b"Fly thrice.", 1 << 26)
        for number, sock in enumerate(streams):  # half of the tabs are killed, half closed
            reset(sock) if number % 2 else sock.close()
        streams.clear()
        assert [get(port).status for _ in range(5)] == [200] * 5
    finally:
        for sock in streams:
            sock.close()
        process.send_signal(signal.SIGINT)
        output, _ = process.communicate(timeout=30)
    assert process.returncode == 0 and "preview stopped" in output, output
    assert "Traceback" not in output and "Error" not in output and "Exception" not in output, output


# -- abuse, on a server with short limits ----------------------------------------------------------

LIMITS = Limits(connections=24, streams=4, workers=2, head_bytes=4096, head_seconds=0.6, idle_seconds=1.0,
                stall_seconds=0.6, write_seconds=3.0, keepalive_seconds=0.3)


@pytest.fixture()
def server(starfall: Path) -> Iterator[PreviewServer]:
    session = PreviewSession(starfall)
    assert session.rebuild() is not None
    with serving(session, LIMITS) as running:
        yield running


def answer_to(port: int, raw: bytes) -> bytes:
    with connect(port) as sock:
        sock.sendall(raw)
        return read_until(sock, b"\r\n\r\n")


def eventually(condition: "callable[[], bool]", seconds: float = 60.0) -> bool:  # type: ignore[valid-type]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.mark.parametrize(("raw", "status"), [
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHost: attacker.example\r\n\r\n", b"400"),  # two Host headers
    (b"GET / HTTP/1.1\r\n\r\n", b"400"),  # no Host
    (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n", b"400"),  # a TLS hello
    (b"GET /\r\n\r\n", b"400"),  # HTTP/0.9
    (b"GET / HTTP/2.0\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"505"),
    # aiohttp's parser refuses an unknown method and a head beyond its limits with 400 (the
    # preview's own parser said 501 and 431): refused either way, the connection closed
    (b"BREW / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"400"),
    (b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"400"),  # beyond the head's bytes
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX: " + b"y" * 5000 + b"\r\n\r\n", b"400"),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(150)) + b"\r\n", b"400"),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n folded: header\r\n\r\n", b"400"),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: -5\r\n\r\n", b"400"),
    (b"GET /../../etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"404"),
    (b"GET /sheets/..%2f..%2fetc%2fpasswd HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"404"),
    (b"GET /sheets/%00 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"404"),
    (b"GET /asset/..%2f..%2fcard_defs%2fstarfall.yaml HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"404"),
    (b"GET http://127.0.0.1:{port}/ HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"200"),  # absolute form
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Length: 5\r\n\r\nhello", b"200"),
    (b"\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n", b"200"),
], ids=["two-hosts", "no-host", "tls", "http09", "http2", "method", "long-line", "long-header", "150-headers", "folded",
        "negative-length", "traversal", "sheets-traversal", "nul", "asset-traversal", "absolute-form", "body", "blank-lines"])
def test_malformed_requests_get_their_answer(server: PreviewServer, raw: bytes, status: bytes) -> None:
    head = answer_to(server.port, raw.replace(b"{port}", str(server.port).encode()))
    assert head.split(b" ")[1] == status, head[:200]
    assert get(server.port).status == 200  # and the server goes on


def test_a_client_sending_its_headers_slowly_is_dropped_and_others_are_served(server: PreviewServer) -> None:
    slow = [connect(server.port) for _ in range(10)]
    for sock in slow:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
    started = time.monotonic()
    while time.monotonic() - started < 1.5:  # a byte every 0.1 s: never a whole head
        for sock in slow:
            try:
                sock.sendall(b"X")
            except OSError:
                pass
        assert get(server.port).status == 200
        time.sleep(0.1)
    for sock in slow:  # each was dropped after LIMITS.head_seconds
        sock.settimeout(30)  # (bounds a hang only)
        try:
            assert sock.recv(100) == b""
        except ConnectionResetError:
            pass
        sock.close()


def test_a_connection_flood_leaves_room_for_the_page(server: PreviewServer) -> None:
    idle = [connect(server.port) for _ in range(LIMITS.connections * 2)]  # twice as many as it keeps
    time.sleep(0.2)
    assert [get(server.port).status for _ in range(5)] == [200] * 5
    assert server.open_connections <= LIMITS.connections
    for sock in idle:
        sock.close()


def test_idle_connections_are_closed(server: PreviewServer) -> None:
    sock = connect(server.port)
    assert eventually(lambda: server.open_connections == 1)
    assert eventually(lambda: server.open_connections == 0)  # (after idle_seconds; 60 s bounds a hang)
    sock.close()


def test_a_client_that_never_reads_is_dropped(server: PreviewServer) -> None:
    font = next(url for family, url in server.session.snapshot.fonts if family == "cf-sans")
    stalled = [connect(server.port, receive_buffer=1024) for _ in range(3)]
    for sock in stalled:
        sock.sendall(request(server.port, font) * 40)  # 40 fonts asked for, none read
    assert eventually(lambda: server.open_connections == 0)  # (after stall and write seconds; 60 s bounds a hang)
    assert get(server.port).status == 200
    for sock in stalled:
        sock.close()


def test_event_streams_are_bounded_and_a_closed_one_is_forgotten(server: PreviewServer) -> None:
    streams = [connect(server.port) for _ in range(LIMITS.streams)]
    for sock in streams:
        sock.sendall(request(server.port, "/events"))
        assert b"event: update" in read_until(sock, b"event: update")
    assert answer_to(server.port, request(server.port, "/events")).split(b" ")[1] == b"503"
    assert b": still here" in read_until(streams[0], b": still here")  # quiet streams are kept alive
    reset(streams.pop())
    assert eventually(lambda: server.open_connections == LIMITS.streams - 1)
    extra = connect(server.port)
    extra.sendall(request(server.port, "/events"))
    assert b"200 OK" in read_until(extra, b"\r\n\r\n")
    for sock in [*streams, extra]:
        sock.close()


def test_a_client_going_away_says_nothing(server: PreviewServer, capfd: pytest.CaptureFixture[str]) -> None:
    for number in range(30):
        sock = connect(server.port)
        sock.sendall(request(server.port, "/events" if number % 2 else "/preview.js"))
        reset(sock)
    assert eventually(lambda: server.open_connections == 0)
    assert get(server.port).status == 200
    captured = capfd.readouterr()
    assert captured.out == "" and captured.err == ""


def test_a_fifo_or_a_link_loop_in_the_project_does_not_stop_the_preview(starfall: Path) -> None:
    """The preview hashes every file it reads: a FIFO was opened for that and blocked its pass
    forever; now it is one located problem on the page, as a link loop is."""
    import os

    session = PreviewSession(starfall)
    assert session.rebuild() is not None
    os.mkfifo(starfall / "card_defs" / "pipe.yaml")
    os.symlink("loop.yaml", starfall / "card_defs" / "loop.yaml")
    done: list[object] = []
    thread = threading.Thread(target=lambda: done.append(session.rebuild()), daemon=True)
    thread.start()
    thread.join(30)
    assert done, "the pass never ended"
    said = [f"{p.where}: {p.message}" for p in session.snapshot.problems]
    assert any("card_defs/pipe.yaml:1:1: cannot read: a FIFO" in line for line in said), said
    assert any("loop.yaml:1:1: cannot read: Too many levels of symbolic links" in line for line in said), said


def test_a_card_list_named_in_bytes_that_are_not_utf8_does_not_stop_the_preview(starfall: Path) -> None:
    import os

    session = PreviewSession(starfall)
    assert session.rebuild() is not None
    with open(os.fsencode(starfall / "card_defs") + b"/\xff.csv", "wb") as handle:  # a name from another system
        handle.write(b"id\nx\n")
    (starfall / "card_defs" / "comets.yaml").write_text((starfall / "card_defs" / "comets.yaml").read_text() + "\n")
    session.rebuild()  # raised UnicodeEncodeError while it hashed the card lists beside each definition
