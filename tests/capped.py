"""Running ``cardforge`` as a user does, in a child process with a cap on its time and memory.

``run`` starts ``python -c HARNESS ARGS...``: the harness runs the console script's ``main`` after,
when asked through the environment, making some paths unreadable or unwritable (as root, which
the test machines are, file modes do not stop anything, so a permission error is planted where
the program meets the file system) and slowing the writing of a build's files and of single
files (``atomicio.write_atomic``: it says "test: temporary NAME" once its temporary file is made),
so a signal can be sent while it writes. A child that runs past its time is killed and the test fails; one that
asks for more memory than its cap gets MemoryError, which it must not turn into a traceback.
"""

from __future__ import annotations

import os
import resource
import signal
import struct
import subprocess
import sys
import zlib
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TIME_S = 30
"""Seconds a refused case may take (they take well under a second; the cases this guards against
ran for minutes or forever)."""
MEMORY_BYTES = 1024 * 1024 * 1024
"""Address space of the child: a whole build needs about 600 MB of it, the hostile inputs asked
for 1.7 to 4 GB."""

HARNESS = r"""
import errno, os, sys, time
deny_read = [p for p in os.environ.get("CARDFORGE_TEST_DENY_READ", "").split(os.pathsep) if p]
deny_write = [p for p in os.environ.get("CARDFORGE_TEST_DENY_WRITE", "").split(os.pathsep) if p]
pause = float(os.environ.get("CARDFORGE_TEST_WRITE_PAUSE", "0") or 0)

def _denied(path, prefixes):
    try:
        text = os.path.abspath(os.fsdecode(path))
    except (TypeError, ValueError):
        return False
    return any(text == p or text.startswith(p.rstrip(os.sep) + os.sep) for p in prefixes)

def _refuse(path):
    raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fsdecode(path))

if deny_read or deny_write:
    _open, _listdir, _scandir, _mkdir = os.open, os.listdir, os.scandir, os.mkdir
    def open_(path, flags, *args, **kwargs):
        writing = flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT)
        if _denied(path, deny_write if writing else deny_read):
            _refuse(path)
        return _open(path, flags, *args, **kwargs)
    def listdir(path="."):
        if _denied(path, deny_read):
            _refuse(path)
        return _listdir(path)
    def scandir(path="."):
        if _denied(path, deny_read):
            _refuse(path)
        return _scandir(path)
    def mkdir(path, *args, **kwargs):
        if _denied(path, deny_write):
            _refuse(path)
        return _mkdir(path, *args, **kwargs)
    os.open, os.listdir, os.scandir, os.mkdir = open_, listdir, scandir, mkdir

if pause:
    import generator.files.atomicio as atomicio
    _write = atomicio._write_file
    def slow_write(path, data):
        sys.stderr.write(f"test: writing {path.name}\n")
        sys.stderr.flush()
        _write(path, data)
        time.sleep(pause)
    atomicio._write_file = slow_write
    _replace = os.replace
    def slow_replace(source, target):
        _replace(source, target)
        if os.path.basename(os.fsdecode(source)).startswith("new-"):
            sys.stderr.write(f"test: renamed {os.path.basename(os.fsdecode(target))}\n")
            sys.stderr.flush()
            time.sleep(pause)
    atomicio.os.replace = slow_replace
    _temporary = atomicio._temporary_beside
    def slow_temporary(path):
        made = _temporary(path)
        sys.stderr.write(f"test: temporary {made[1].name}\n")
        sys.stderr.flush()
        time.sleep(pause)
        return made
    atomicio._temporary_beside = slow_temporary

from generator.cli import main
main()
"""


@dataclass(frozen=True)
class Result:
    """What the child did: its exit status and what it printed."""

    code: int
    stdout: str
    stderr: str

    @property
    def output(self) -> str:
        return self.stdout + self.stderr


INTERRUPTIONS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def default_signals() -> None:
    """A ``preexec_fn`` giving the child the default SIGINT, SIGTERM and SIGHUP, whatever the test
    run inherited: a shell that starts the suite in the background hands it SIGINT ignored, and a
    command keeps a signal it was started with ignored, so a test that interrupts a child sets
    what it relies on."""
    for signum in INTERRUPTIONS:
        signal.signal(signum, signal.SIG_DFL)


def limits(memory: int = MEMORY_BYTES, file_bytes: int | None = None):  # type: ignore[no-untyped-def]
    """A ``preexec_fn`` capping the child's address space (and the size of a file it writes: with
    SIGXFSZ ignored, a write past it fails as on a full disk), with the default interruption
    signals (``default_signals``)."""

    def apply() -> None:
        default_signals()
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
        if file_bytes is not None:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (file_bytes, file_bytes))

    return apply


def environment(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("CARDFORGE_TEST_")}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.update(extra)
    return env


def command(*args: str) -> list[str]:
    return [sys.executable, "-c", HARNESS, *args]


def run(*args: str, cwd: Path | None = None, timeout: float = TIME_S, memory: int = MEMORY_BYTES,
        file_bytes: int | None = None, **env: str) -> Result:
    """``cardforge ARGS`` in a capped child process (TimeoutExpired fails the test)."""
    done = subprocess.run(command(*args), cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          env=environment(**env), preexec_fn=limits(memory, file_bytes))
    return Result(done.returncode, done.stdout, done.stderr)


def png(width: int, height: int) -> bytes:
    """A valid greyscale PNG of ``width`` x ``height`` black pixels (tiny once compressed: a
    decompression bomb when large)."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    packer = zlib.compressobj(1)
    row = b"\0" * (width + 1)
    body = b"".join(packer.compress(row) for _ in range(height)) + packer.flush()
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", body) + chunk(b"IEND", b"")
