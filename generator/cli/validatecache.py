"""Remembered ``cardforge validate`` runs: the same command on the same files prints the same
findings, so a second run replays them without loading the toolkit.

A run is recorded while it happens: an audit hook (``sys.addaudithook``) notes every file the
command opens and every folder it lists, outside Python's own imports; what the command prints on
stdout and stderr is copied as it goes. When the run ends normally (exit status 0 or 1), an entry
is written to the user's cache (``generator.usercache``) under a key made of the command line, the
current folder, the interpreter and the environment variables that change findings. It holds the
SHA-256 of every file read (of a file over MAX_DIGESTED_BYTES, a font or a picture, its times,
size and inode; a font whose metrics come from the user cache counts as read, through the audit
event ``usercache.INPUT_EVENT``), the names in every folder listed (and in the folders of the files
read or looked for: a new file beside them may be read next time), the size and modification time of every
module the run imported outside the standard library (the code's fingerprint: an edited or
upgraded module, a newly installed game package), and the output.

A later run with the same key checks all of that, before importing click or any of cardforge,
and replays the output byte for byte when nothing changed. Any difference, a file that cannot be
read, or an entry that is corrupt or foreign, is a miss: the command runs and records afresh.
A run whose files changed while it ran (modified in the last seconds) is not remembered.
``CARDFORGE_NO_CACHE=1`` turns it off.

Imports only the standard library's cheapest modules: a replay is about as fast as starting
Python.
"""

import io
import marshal
import os
import sys
import time
from types import FrameType
from typing import Any, BinaryIO, Callable, Iterable

from .. import usercache

FORMAT = 2
"""The version of an entry's layout (an entry of another is a miss)."""
ENVIRONMENT = ("CARDFORGE_NO_GAME_PACKAGES", "SOURCE_DATE_EPOCH", "PYTHONIOENCODING", "PYTHONUTF8", "LANG",
               "LC_ALL", "LC_CTYPE")
"""Environment variables that can change what validate finds or how its output is encoded."""
RECENT_SECONDS = usercache.RECENT_SECONDS
"""A file modified this close to the run (or after it began) may have changed while it was read:
such a run is not remembered (as git treats racily clean files)."""
MAX_DIGESTED_BYTES = 256 * 1024
"""Files up to this size (definitions, layouts, card lists) are known by their SHA-256, so a file
saved again unchanged still replays; larger ones (fonts, pictures) by ``usercache.signature``
(their times, size and inode), without reading them."""
MAX_HASHED_BYTES = 64 * 1024 * 1024
"""Files read in all, beyond which the run is not remembered (hashing them would cost more than
it saves)."""
_IMPORT_MACHINERY = ("<frozen importlib._bootstrap", "<frozen zipimport>")


def _sha256(path: str) -> str | None:
    from ..digests import file_sha256

    try:
        with open(path, "rb") as handle:
            return file_sha256(handle)
    except (OSError, ValueError):
        return None


def _listing(folder: str) -> tuple[str, ...] | None:
    try:
        return tuple(sorted(os.listdir(folder)))
    except (OSError, ValueError):
        return None


def _stat(path: str) -> tuple[int, int] | None:
    try:
        found = os.stat(path)
    except (OSError, ValueError):
        return None
    return found.st_size, found.st_mtime_ns


def _entry_name(args: list[str]) -> str | None:
    """The cache file for this command line in this setting, or None when it cannot be told (the
    current folder is gone, or a stream is missing)."""
    from ..digests import sha256

    try:
        cwd = os.getcwd()
    except OSError:
        return None
    streams = []
    for stream in (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "buffer"):
            return None
        try:
            streams.append((stream.encoding, stream.errors, stream.isatty()))
        except (OSError, ValueError):
            return None
    key = repr((FORMAT, args, cwd, sys.executable, sys.version, sys.path, streams,
                [(name, os.environ.get(name)) for name in ENVIRONMENT]))
    return f"validate/{sha256(key.encode('utf-8', 'surrogatepass')).hexdigest()}.marshal"


def _holds(entry: Any) -> bool:
    """Whether every file, folder and module an entry names is as it was."""
    if not isinstance(entry, dict) or entry.get("format") != FORMAT:
        return False
    for path, size_mtime in entry["modules"]:
        if _stat(path) != size_mtime:
            return False
    for folder, names in entry["folders"]:
        if _listing(folder) != names:
            return False
    for path, digest in entry["files"]:
        if isinstance(digest, str):
            if _sha256(path) != digest:
                return False
        elif _signature(path) != digest:
            return False
    return True


def _signature(path: str) -> tuple[int, ...] | None:
    try:
        return usercache.signature(os.stat(path))
    except (OSError, ValueError):
        return None


def replay(args: list[str]) -> int | None:
    """Print the output of a remembered run of ``cardforge ARGS`` when its files are unchanged;
    its exit status, or None (nothing printed) for a miss."""
    name = _entry_name(args) if usercache.enabled() else None
    data = usercache.read(name) if name else None
    if not data:
        return None
    try:
        entry = marshal.loads(data)
        if not _holds(entry):
            return None
        output, status = entry["output"], entry["status"]
        streams = (sys.stdout.buffer, sys.stderr.buffer)
        if not isinstance(status, int) or not all(isinstance(i, int) and isinstance(b, bytes) for i, b in output):
            return None
    except (EOFError, ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None  # a corrupt or foreign entry: run the command
    try:
        sys.stdout.flush()
        sys.stderr.flush()
        for index, chunk in output:
            streams[index].write(chunk)
            streams[index].flush()
    except OSError:  # our reader went away (cardforge validate | head): as a run would, exit 1
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no second error at exit
        except (OSError, ValueError):
            pass
        return 1
    return status


class _TeeBuffer(io.RawIOBase):
    """A binary stream that writes to another and keeps a copy (index, bytes) in ``log``."""

    def __init__(self, real: BinaryIO, index: int, log: list[tuple[int, bytes]]) -> None:
        super().__init__()
        self._real, self._index, self._log = real, index, log

    def writable(self) -> bool:
        return True

    def write(self, data: Any) -> int:
        chunk = bytes(data)
        self._real.write(chunk)
        self._log.append((self._index, chunk))
        return len(chunk)

    def flush(self) -> None:
        self._real.flush()

    def isatty(self) -> bool:
        return self._real.isatty()

    def fileno(self) -> int:
        return self._real.fileno()


class Recorder:
    """Records one run of ``cardforge ARGS`` (``start``, then ``finish`` with its exit status)."""

    def __init__(self, args: list[str]) -> None:
        self.args = list(args)
        self.name = _entry_name(args)
        self.files: dict[str, None] = {}
        self.folders: dict[str, None] = {}
        self.output: list[tuple[int, bytes]] = []
        self.recording = False
        self.unsure = False
        self.started = time.time()
        self.cache = os.path.join(os.path.abspath(usercache.cache_dir()), "")
        self._streams: tuple[Any, Any] | None = None
        self._stats: Callable[..., os.stat_result] | None = None
        self.probed: dict[str, None] = {}
        self.copy_modules: dict[str, None] = {}
        """Sources of the modules a forked copy of the run imported (its code, as the run's own)."""
        self._unreport: Callable[[], None] = lambda: None

    def start(self) -> None:
        """Note files and folders from now on, and copy stdout and stderr."""
        if self.name is None:
            return
        self.recording = True
        sys.addaudithook(self._hook)
        from ..forked import report_from_copy

        self._unreport = report_from_copy(self._copy_saw, self._merge)  # a copy forked to share the work records too
        self._stats = os.stat
        os.stat = self._probing(os.stat)  # (not lstat: resolving a path looks at every folder above it)
        originals = (sys.stdout, sys.stderr)
        copies = []
        for index, stream in enumerate(originals):
            tee = _TeeBuffer(stream.buffer, index, self.output)
            copies.append(io.TextIOWrapper(tee, encoding=stream.encoding, errors=stream.errors,  # type: ignore[type-var]
                                           line_buffering=False, write_through=True))
        self._streams = originals
        sys.stdout, sys.stderr = copies

    def _hook(self, event: str, args: tuple[Any, ...]) -> None:
        if not self.recording:
            return
        if event == usercache.INPUT_EVENT:  # a file the findings depend on, known without opening it
            if args and isinstance(args[0], str):
                self.files.setdefault(os.path.abspath(args[0]))
            return
        if event not in ("open", "os.listdir", "os.scandir"):
            return
        path = args[0] if args else None
        if path is None:
            path = "."  # os.listdir() and os.scandir() list the current folder
        if isinstance(path, int):
            return  # an open file descriptor: its folder's listing was taken
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        if not isinstance(path, str):
            path = os.fspath(path) if isinstance(path, os.PathLike) else None
            if not isinstance(path, str):
                return
        if event == "open":
            if path.endswith((".py", ".pyc", ".so", ".pyd", ".pth")) or self._importing(sys._getframe(1)):
                return
            if os.path.abspath(path).startswith(self.cache):
                return  # the user cache's own files (font metrics kept there on the way)
            mode, flags = (args + (None, None))[1:3]
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & (os.O_WRONLY | os.O_RDWR | os.O_CREAT))
            if writing:
                self.unsure = True  # validate writes nothing: a run that does is not replayed
                return
            self.files.setdefault(os.path.abspath(path))
        elif not self._importing(sys._getframe(1)):
            self.folders.setdefault(os.path.abspath(path))

    def _copy_saw(self) -> tuple[list[str], list[str], list[str], bool, list[str]]:
        """What a forked copy of the run noted (``forked.share``): its files, folders, paths looked
        for, whether it wrote, and the sources of the modules it imported."""
        modules = [path for path in (getattr(m, "__file__", None) for m in list(sys.modules.values()))
                   if isinstance(path, str)]
        return list(self.files), list(self.folders), list(self.probed), self.unsure, modules

    def _merge(self, saw: tuple[list[str], list[str], list[str], bool, list[str]]) -> None:
        files, folders, probed, unsure, modules = saw
        for mine, theirs in ((self.files, files), (self.folders, folders), (self.probed, probed),
                             (self.copy_modules, modules)):
            for path in theirs:
                mine.setdefault(path)
        self.unsure = self.unsure or unsure

    def _probing(self, stat: Callable[..., os.stat_result]) -> Callable[..., os.stat_result]:
        """``stat`` that notes the path it is asked about: a check that a file exists or is a
        folder opens nothing, and its folder's listing tells when the answer changes (Python's
        imports call ``posix.stat`` directly, not this)."""
        ignored = tuple(os.path.join(os.path.abspath(p), "") for p in {sys.prefix, sys.base_prefix}) + (self.cache,)

        def probing(path: Any, *args: Any, **kwargs: Any) -> os.stat_result:
            if self.recording and isinstance(path, (str, bytes, os.PathLike)):
                try:
                    full = os.path.abspath(os.fsdecode(path))
                except (TypeError, ValueError):
                    full = None
                if full is not None and not full.startswith(ignored):
                    self.probed.setdefault(full)
            return stat(path, *args, **kwargs)

        return probing

    @staticmethod
    def _importing(frame: FrameType | None) -> bool:
        while frame is not None:
            if frame.f_code.co_filename.startswith(_IMPORT_MACHINERY):
                return True
            frame = frame.f_back
        return False

    def finish(self, status: object) -> None:
        """Stop recording; put the entry in the cache when the run can be replayed."""
        if not self.recording:
            return
        self.recording = False
        self._unreport()
        if self._stats is not None:
            os.stat = self._stats
        if self._streams is not None:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except (OSError, ValueError):
                    self.unsure = True
            sys.stdout, sys.stderr = self._streams
        if self.unsure or status not in (0, 1) or self.name is None:
            return
        try:
            entry = self._entry(status if isinstance(status, int) else 0)
        except OSError:
            return
        if entry is not None:
            usercache.write(self.name, marshal.dumps(entry))

    def _entry(self, status: int) -> dict[str, Any] | None:
        files = list(self.files)
        folders = dict.fromkeys([*self.folders, *(os.path.dirname(path) for path in [*files, *self.probed])])
        recent = (self.started - RECENT_SECONDS) * 1e9
        hashed: list[tuple[str, object]] = []
        total = 0
        for path in files:
            try:
                found = os.stat(path)
            except FileNotFoundError:
                continue  # an attempt to open a missing file: its folder's listing is kept
            total += found.st_size
            if max(found.st_mtime_ns, found.st_ctime_ns) >= recent or total > MAX_HASHED_BYTES:
                return None
            digest = _sha256(path) if found.st_size <= MAX_DIGESTED_BYTES else usercache.signature(found)
            if digest is None:
                return None
            hashed.append((path, digest))
        listed: list[tuple[str, tuple[str, ...] | None]] = []
        for folder in folders:
            listed.append((folder, _listing(folder)))  # None: not a folder (one that appears is news)
        return {"format": FORMAT, "status": status, "output": self.output, "files": hashed, "folders": listed,
                "modules": _module_stats(self.copy_modules)}


def _module_stats(also: Iterable[str] = ()) -> list[tuple[str, tuple[int, int]]]:
    """Size and modification time of the source of every module loaded outside the standard
    library (cardforge's own, its dependencies', an installed game's), and of the sources ``also``
    names (those a forked copy of the run imported)."""
    standard = os.path.dirname(os.__file__) + os.sep
    found: list[tuple[str, tuple[int, int]]] = []
    paths = dict.fromkeys([getattr(module, "__file__", None) for module in list(sys.modules.values())])
    paths.update(dict.fromkeys(also))
    for path in paths:
        if not isinstance(path, str):
            continue
        if path.startswith(standard) and "site-packages" not in path and "dist-packages" not in path:
            continue
        stat = _stat(path)
        if stat is not None:
            found.append((path, stat))
    return found

