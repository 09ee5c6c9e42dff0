"""Benchmark of the preview's server under load: how long ``GET /`` takes with no event stream
open, with 200 open (every page a designer might have open, and then some), and from a save
until all 200 have been sent its change.

The real command previews a copy of the shipped project (every game, 187 distinct faces, so a
page's first event is the whole kit); 200 sockets each ask for ``/events`` and read their first
event (one thread drains them all); then ``GET /`` is timed on a new connection each time. The
command's threads and memory are read from /proc, its terminal output is checked for tracebacks.

Run: python benchmarks/bench_preview_load.py [--streams N] [--requests N]
"""

from __future__ import annotations

import argparse
import http.client
import re
import selectors
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generator.files.paths import shipped_root  # noqa: E402
from tests.capped import default_signals  # noqa: E402


def timed_gets(port: int, count: int) -> list[float]:
    """Milliseconds of ``count`` GET / requests, each on a new connection."""
    times = []
    for _ in range(count):
        started = time.perf_counter()
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        connection.request("GET", "/", headers={"Host": f"127.0.0.1:{port}"})
        answer = connection.getresponse()
        answer.read()
        connection.close()
        assert answer.status == 200, answer.status
        times.append((time.perf_counter() - started) * 1000)
    return times


def describe(label: str, times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return (f"  {label:<38} median {statistics.median(ordered):6.2f} ms   p95 {p95:6.2f} ms   "
            f"worst {ordered[-1]:6.2f} ms   ({len(ordered)} requests)")


def process_figures(pid: int) -> str:
    status = Path(f"/proc/{pid}/status").read_text()
    threads = re.search(r"^Threads:\s+(\d+)", status, re.M)
    rss = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    return f"{threads.group(1) if threads else '?'} threads, {int(rss.group(1)) // 1024 if rss else '?'} MB resident"


class Drain(threading.Thread):
    """Reads every stream socket as data comes (one thread, one selector), counting events."""

    def __init__(self) -> None:
        super().__init__(daemon=True)
        self.selector = selectors.DefaultSelector()
        self.events: dict[socket.socket, int] = {}
        self.lock = threading.Lock()
        self.stop = threading.Event()

    def add(self, sock: socket.socket) -> None:
        sock.setblocking(False)
        with self.lock:
            self.events[sock] = 0
            self.selector.register(sock, selectors.EVENT_READ)

    def run(self) -> None:
        while not self.stop.is_set():
            if not self.events:  # nothing to read yet: wait without holding the interpreter
                self.stop.wait(0.05)
                continue
            with self.lock:
                ready = self.selector.select(0.05)
            for key, _ in ready:
                sock = key.fileobj
                assert isinstance(sock, socket.socket)
                try:
                    data = sock.recv(1 << 20)
                except BlockingIOError:
                    continue
                self.events[sock] += data.count(b"event: update")

    def all_have(self, count: int) -> bool:
        return all(seen >= count for seen in self.events.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        for part in ("card_defs", "layouts"):
            shutil.copytree(shipped_root() / part, project / part)
        process = subprocess.Popen([sys.executable, "-m", "generator.cli.main", "preview", "--no-browser", "--port", "0",
                                    "--project", str(project)], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                   preexec_fn=default_signals)  # stopped by Ctrl-C below, whatever this was started with
        assert process.stdout is not None
        first = process.stdout.readline()
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", first)
        assert found, first
        port = int(found.group(1))
        drain = Drain()
        drain.start()
        try:
            timed_gets(port, 10)  # warm up
            quiet = timed_gets(port, args.requests)
            quiet_process = process_figures(process.pid)
            started = time.perf_counter()
            for _ in range(args.streams):
                sock = socket.create_connection(("127.0.0.1", port))
                sock.sendall(f"GET /events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
                drain.add(sock)
            while not drain.all_have(1):
                time.sleep(0.01)
            opened = time.perf_counter() - started
            loaded = timed_gets(port, args.requests)
            loaded_process = process_figures(process.pid)
            definition = project / "card_defs" / "firecrackers.yaml"
            text = definition.read_text(encoding="utf-8")
            definition.write_text(text.replace("Strong Force", "Strong Force 2", 1), encoding="utf-8")
            saved = time.perf_counter()
            publishing: list[float] = []  # from the save until every stream has heard of it
            deadline = time.monotonic() + 30
            while not drain.all_have(2) and time.monotonic() < deadline:
                publishing += timed_gets(port, 1)
            spread = time.perf_counter() - saved
            heard = sum(seen >= 2 for seen in drain.events.values())
        finally:
            drain.stop.set()
            process.send_signal(signal.SIGINT)
            output, _ = process.communicate(timeout=30)
    print(f"GET / of the preview (the shipped project, 187 faces), {args.streams} event streams")
    print(describe("no stream open", quiet))
    print(describe(f"{args.streams} streams open", loaded))
    print(describe(f"from a save until {args.streams} heard it", publishing))
    print(f"  {args.streams} streams opened and sent the whole kit in {opened:.2f} s; "
          f"{heard} of {args.streams} heard the save {spread:.2f} s after it was written")
    print(f"  the command: {quiet_process} with no stream, {loaded_process} with {args.streams}")
    tracebacks = output.count("Traceback")
    print(f"  its terminal: {len(output.splitlines())} lines, {tracebacks} tracebacks")


if __name__ == "__main__":
    main()
