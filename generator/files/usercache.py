"""The user's cache folder of cardforge: what a command can remember between runs to go faster
(fonts as layout and reportlab read them, faces rasterised for print shops). Every entry is named
by the SHA-256 of what it was made from, so it can make a run faster but never change what it
prints. Everything in it can be deleted at any time; an entry that cannot be read, or that is
corrupt, is ignored and rewritten.

Where: ``CARDFORGE_CACHE_DIR`` if set, else the platform's user cache folder (``$XDG_CACHE_HOME``
or ``~/.cache`` on Linux, ``~/Library/Caches`` on macOS, ``%LOCALAPPDATA%`` on Windows) with
``cardforge/`` in it. ``CARDFORGE_NO_CACHE=1`` reads and writes nothing there.
"""

from __future__ import annotations

import os
import stat
import sys

from .saferead import ReadError, read_regular

CACHE_DIR_VARIABLE = "CARDFORGE_CACHE_DIR"
NO_CACHE_VARIABLE = "CARDFORGE_NO_CACHE"
MAX_ENTRY_BYTES = 16 * 1024 * 1024
"""A cache file larger than this is not read (it is not one cardforge wrote)."""


def enabled() -> bool:
    """Whether the cache may be used (``CARDFORGE_NO_CACHE`` unset, empty or 0)."""
    return os.environ.get(NO_CACHE_VARIABLE, "") in ("", "0")


def cache_dir() -> str:
    """The folder of cardforge's cache (see the module docstring); it may not exist yet."""
    given = os.environ.get(CACHE_DIR_VARIABLE)
    if given:
        return given
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.path.join(os.path.expanduser("~"), "AppData", "Local")
    elif sys.platform == "darwin":
        base = os.path.join(os.path.expanduser("~"), "Library", "Caches")
    else:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "cardforge")


def read(relative: str) -> bytes | None:
    """The bytes of the cache file ``relative`` (a path under the cache folder); None when the
    cache is off or the file is missing, unreadable, implausibly large or not a regular file (a FIFO
    put in its place would block the read for ever)."""
    if not enabled():
        return None
    try:
        return read_regular(os.path.join(cache_dir(), relative), MAX_ENTRY_BYTES, "cache entry")
    except ReadError:
        return None


def write(relative: str, data: bytes) -> None:
    """Put ``data`` in the cache file ``relative`` atomically (a temporary file beside it, then a
    rename: a reader sees the old file or the new one, never half of one). A cache that cannot be
    written is no error: nothing is remembered."""
    if not enabled() or len(data) > MAX_ENTRY_BYTES:
        return
    path = os.path.join(cache_dir(), relative)
    temporary = f"{path}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(temporary, "xb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException as exc:  # an interruption too: no temporary file is left behind
        try:
            os.unlink(temporary)
        except OSError:
            pass
        if not isinstance(exc, (OSError, ValueError)):
            raise


def touch(relative: str) -> None:
    """Mark the cache file ``relative`` as just used (its modification time), so ``prune`` keeps it
    over entries not used for longer. Best effort: a cache that cannot be touched is no error."""
    if not enabled():
        return
    try:
        os.utime(os.path.join(cache_dir(), relative))
    except OSError:
        pass


def prune(folder: str, max_bytes: int) -> None:
    """Delete the least recently used regular files of the cache folder ``folder`` (and its
    subfolders) until the rest holds at most ``max_bytes``: a cache of renders stays bounded however
    many edits it has seen. Best effort, as ``write``."""
    if not enabled():
        return
    entries: list[tuple[float, int, str]] = []
    try:
        for parent, _, names in os.walk(os.path.join(cache_dir(), folder)):
            for name in names:
                path = os.path.join(parent, name)
                try:
                    info = os.lstat(path)
                except OSError:
                    continue
                if stat.S_ISREG(info.st_mode):
                    entries.append((info.st_mtime, info.st_size, path))
    except OSError:
        return
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= max_bytes:
            return
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
